"""The typed state of a nicosw3 map battle: the map, sides, characters with parts, weapons, skills.

:func:`parse_character` is used both by the semantic checks (which report its problems, located)
and by the initial state, so the two never read a character differently. Squares are tuples:
``(x,)`` on the line (NICOSW-1.5) and ``(x, y)`` in the grid; in files and the log a line square
is a whole number and a grid square a pair ``[x, y]``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...engine.conditions import LIST, NUMBER, TEXT, Vocabulary
from ...engine.conditions import parse as parse_condition
from ...engine.effects import Clocks, EffectStore
from ...words.messages import say
from . import messages  # noqa: F401  (registers the nicosw catalogue)

CHECKS = ("initiative", "monster_lore", "attack_check", "defense_check", "sprint", "retreat", "death_check",
          "willpower", "casting")
HALVES = ("top", "bottom")
STATES = ("prone", "knocked_out", "dead", "off_map", "removed")

Square = tuple  # (x,) or (x, y)

# NICOSW-3.10: what a lasting effect's end_if may read — its bearer and its user (who made it).
END_VOCABULARY = Vocabulary({who: {"hp": NUMBER, "mp": NUMBER, "states": LIST, "side": TEXT}
                             for who in ("bearer", "user")})


class Mod(NamedTuple):
    """One damage operation (NICOSW-7.1): ``mul``, ``div``, ``add`` or ``sub`` by ``value``."""

    op: str
    value: int


class Weapon(NamedTuple):
    id: str
    name: str
    kind: str  # melee | ranged
    range: int
    type: str  # physical | magic
    mods: tuple[Mod, ...]


BARE_HANDS = Weapon("bare_hands", "素手", "melee", 1, "physical", ())


class SkillEffect(NamedTuple):
    kind: str  # damage | heal | prone | stand | lasting
    amount: int = 0
    dice: int = 0  # damage: this many D6 rolled and added to the amount (NICOSW-8.11)
    type: str = "physical"
    mods: tuple[Mod, ...] = ()
    lasting: dict[str, Any] | None = None  # NICOSW-3.6 payload with "rounds"


class Skill(NamedTuple):
    id: str
    name: str
    timing: str  # minor | main
    range: int
    target: str  # self | ally | ally_part | enemy | enemy_part
    resist: int | None  # a fixed target number; None with resist_against: the caster's roll
    effects: tuple[SkillEffect, ...]
    cost: int = 0  # MP (NICOSW-8.7)
    attribute: str | None = None  # 属性 (NICOSW-8.12)
    resist_against: str | None = None  # the caster's check the resistance is rolled against (NICOSW-8.8)
    resist_success: str = "none"  # what a successful resistance leaves: none | half (NICOSW-8.8)
    targets: int = 1  # how many characters one use may name (NICOSW-8.9)
    area: int | None = None  # every enemy within this many squares of the named target (NICOSW-8.9)

    @property
    def resisted(self) -> bool:
        return self.resist is not None or self.resist_against is not None

    @property
    def one_part(self) -> bool:
        """It reaches one part, named in the submission (NICOSW-6.4, 8.10)."""
        return self.target in ("enemy_part", "ally_part")


@dataclass
class Part:
    id: str
    name: str
    max_hp: int
    hp: int
    armor: int
    magic_armor: int
    core: bool = False
    willpower: int | None = None  # its own 精神抵抗 base, else the character's
    removed: bool = False


@dataclass
class Character:
    id: str
    name: str
    side: str
    index: int  # position in the setup
    level: int
    agility: int
    checks: dict[str, int]
    weapons: tuple[Weapon, ...]
    parts: list[Part]
    multi: bool  # several parts (NICOSW-1.3)
    known: bool
    fame: int | None
    skills: tuple[Skill, ...]
    equipped: str | None
    max_mp: int | None = None  # MP (NICOSW-8.7); None: the character has none
    mp: int | None = None
    attribute_mods: tuple[tuple[str, Mod], ...] = ()  # receiver-side damage operations by 属性 (NICOSW-8.12)
    at: Square | None = None
    prone: bool = False
    knocked_out: bool = False  # 戦闘不能
    dead: bool = False
    off_map: bool = False
    removed: bool = False
    identified: bool = False

    @property
    def on_map(self) -> bool:
        return self.at is not None

    @property
    def able(self) -> bool:
        """On the map and still fighting: it acts, engages and gives cover (NICOSW-8.3)."""
        return self.at is not None and not (self.knocked_out or self.dead or self.removed or self.off_map)

    def holds_square(self, bodies: str) -> bool:
        """Whether it keeps others off its square (NICOSW-8.3): a body does with ``bodies: occupy``;
        a removed character, one off the map, or a body with ``vanish`` does not."""
        return self.at is not None and not (self.off_map or self.removed) and (self.able or bodies == "occupy")

    @property
    def out(self) -> bool:
        """No longer counts for its side (NICOSW-3.7), escape aside."""
        return self.knocked_out or self.dead or self.removed

    def part(self, part_id: str | None) -> Part | None:
        if part_id is None:
            return None if self.multi else self.parts[0]
        return next((p for p in self.parts if p.id == part_id), None)

    def live_parts(self) -> list[Part]:
        return [p for p in self.parts if not p.removed]

    def weapon(self) -> Weapon | None:
        return next((w for w in self.weapons if w.id == self.equipped), None)

    def skill(self, skill_id: str) -> Skill | None:
        return next((s for s in self.skills if s.id == skill_id), None)

    def states(self) -> list[str]:
        return [s for s in STATES if getattr(self, s)]


@dataclass
class Side:
    id: str
    name: str
    index: int
    order: list[str]  # 行動順 (NICOSW-1.7); empty until given
    deploy: tuple[int, int] | None  # columns from..to


class MapSpec(NamedTuple):
    model: str  # line | grid
    length: int
    width: int

    def on_map(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.length and (self.model == "line" or 0 <= sq[1] < self.width)


@dataclass
class NicoswState:
    map: MapSpec
    sides: dict[str, Side]  # setup order
    characters: dict[str, Character]  # setup order
    start_round: int
    start_half: str
    fresh: bool  # no `start:` in the setup: the preparations come first (NICOSW-2)
    first: str | None = None
    round: int = 0
    half: str | None = None
    effects: EffectStore = field(default_factory=EffectStore)
    clocks: Clocks = field(default_factory=Clocks)
    outcome: dict[str, Any] | None = None

    def second(self) -> str:
        return self.opponent(self.first or next(iter(self.sides)))

    def opponent(self, side_id: str) -> str:
        return next(s for s in self.sides if s != side_id)

    def side_of_half(self, half: str) -> str:
        return self.first if half == "top" else self.second()  # type: ignore[return-value]

    def members(self, side_id: str) -> list[Character]:
        """The side's characters in its action order (setup order until the order is given)."""
        order = self.sides[side_id].order
        if order:
            return [self.characters[c] for c in order]
        return [c for c in self.characters.values() if c.side == side_id]

    def at(self, sq: Square) -> Character | None:
        return next((c for c in self.characters.values() if c.at == sq), None)


# --------------------------------------------------------------------------- geometry (NICOSW-1.5)

def distance(a: Square, b: Square) -> int:
    return max(abs(x - y) for x, y in zip(a, b))


def walk(a: Square, b: Square) -> list[Square]:
    """The squares a move from ``a`` to ``b`` enters, in order: each step moves every coordinate
    one closer (diagonally until in line, then straight), so no search and no choice is involved."""
    out: list[Square] = []
    cur = list(a)
    while tuple(cur) != tuple(b):
        cur = [c + (t > c) - (t < c) for c, t in zip(cur, b)]
        out.append(tuple(cur))
    return out


def between(a: Square, b: Square) -> list[Square]:
    return walk(a, b)[:-1]


def square_of(value: Any, model: str) -> Square | None:
    """A square from a file value of the right shape for the map model, else None."""
    if model == "line":
        return (value,) if type(value) is int else None
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    return None


def square_json(sq: Square | None) -> Any:
    if sq is None:
        return None
    return sq[0] if len(sq) == 1 else [sq[0], sq[1]]


def show_square(sq: Square | None) -> str:
    if sq is None:
        return "—"
    return str(sq[0]) if len(sq) == 1 else f"({sq[0]},{sq[1]})"


# --------------------------------------------------------------------------- parsing

Problems = list[tuple[tuple, str]]


def _mods(data: list | None) -> tuple[Mod, ...]:
    return tuple(Mod(m["op"], m["value"]) for m in data or [])


def parse_character(cid: str, data: dict, index: int, model: str) -> tuple[Character, Problems]:
    """The typed character of a setup entry (already schema-valid), and its semantic problems."""
    problems: Problems = []
    weapons = []
    for i, w in enumerate(data.get("weapons", [])):
        rng = 1 if w["kind"] == "melee" else w.get("range", 0)
        if w["kind"] == "ranged" and "range" not in w:
            problems.append((("weapons", i), say("nicosw.ranged_needs_range")))
        if w["kind"] == "melee" and w.get("range", 1) != 1:
            problems.append((("weapons", i, "range"), say("nicosw.melee_range")))
        weapons.append(Weapon(w["id"], w.get("name", w["id"]), w["kind"], rng, w.get("type", "physical"),
                              _mods(w.get("mods"))))
    _unique(problems, [w.id for w in weapons], "weapons", "nicosw.what_weapon")
    equipped = data.get("equipped", weapons[0].id if weapons else None)
    if "equipped" in data and equipped not in [w.id for w in weapons]:
        problems.append((("equipped",), say("nicosw.equipped_not_weapon", id=equipped, weapons=say("list.sep").join(
            w.id for w in weapons) or say("nicosw.none"))))
    parts: list[Part] = []
    multi = "parts" in data
    if multi:
        for key in ("hp", "armor", "magic_armor"):
            if key in data:
                problems.append(((key,), say("nicosw.per_part", field=key)))
        for i, p in enumerate(data["parts"]):
            cur = p.get("current_hp", p["hp"])
            if cur > p["hp"]:
                problems.append((("parts", i, "current_hp"), say("nicosw.part_hp_above", cur=cur, hp=p["hp"])))
            parts.append(Part(p["id"], p.get("name", p["id"]), p["hp"], cur, p.get("armor", 0),
                              p.get("magic_armor", 0), bool(p.get("core", False)), p.get("willpower"),
                              removed=cur <= 0))
        _unique(problems, [p.id for p in parts], "parts", "nicosw.what_part")
    else:  # the schema requires hp, armor and magic_armor of a one-part character
        hp = data["hp"]
        cur = data.get("current_hp", hp)
        if cur > hp:
            problems.append((("current_hp",), say("nicosw.hp_above", cur=cur, hp=hp)))
        parts.append(Part("body", data.get("name", cid), hp, cur, data["armor"], data["magic_armor"]))
    checks = dict(data["checks"])  # every check the battle rolls is required by the schema
    known = data.get("known", True)
    if not known and "fame" not in data:
        problems.append((("known",), say("nicosw.unknown_needs_fame")))
    skills = tuple(_skill(s) for s in data.get("skills", []))
    _unique(problems, [s.id for s in skills], "skills", "nicosw.what_skill")
    max_mp = data.get("mp")
    mp = data.get("current_mp", max_mp)
    if "current_mp" in data and (max_mp is None or mp > max_mp):
        problems.append((("current_mp",), say("nicosw.mp_above", cur=mp, mp=max_mp if max_mp is not None else 0)))
    for i, sk in enumerate(skills):
        if sk.cost and max_mp is None:
            problems.append((("skills", i, "cost"), say("nicosw.cost_without_mp", skill=sk.id)))
        for j, e in enumerate(data["skills"][i]["effects"]):  # NICOSW-3.10
            if "end_if" in e:
                problems += [(("skills", i, "effects", j, "end_if") + path, msg)
                             for path, msg in parse_condition(e["end_if"], END_VOCABULARY)[1]]
    c = Character(id=cid, name=data.get("name", cid), side=data["side"], index=index, level=data["level"],
                  agility=data["agility"], checks=checks, weapons=tuple(weapons), parts=parts, multi=multi,
                  known=known, fame=data.get("fame"), skills=skills, equipped=equipped, max_mp=max_mp, mp=mp,
                  attribute_mods=tuple((m["attribute"], Mod(m["op"], m["value"])) for m in data.get("attribute_mods", [])),
                  prone=bool(data.get("prone", False)), knocked_out=bool(data.get("knocked_out", False)),
                  dead=bool(data.get("dead", False)), off_map=bool(data.get("off_map", False)),
                  identified=bool(data.get("identified", False)))
    if "at" in data:
        c.at = square_of(data["at"], model)
        if c.at is None:
            problems.append((("at",), say("nicosw.square_line" if model == "line" else "nicosw.square_grid")))
    if multi:
        c.removed = all(p.removed for p in parts) or any(p.removed and p.core for p in parts)
    elif parts[0].hp <= 0 and not (c.knocked_out or c.dead):
        problems.append((("current_hp",), say("nicosw.hp_zero")))
    if c.knocked_out and c.dead:
        problems.append((("dead",), say("nicosw.down_or_dead")))
    if c.off_map and c.at is not None:
        problems.append((("at",), say("nicosw.offmap_no_square")))
    return c, problems


def _skill(s: dict) -> Skill:
    effects = []
    for e in s["effects"]:
        lasting = None
        if e["kind"] == "lasting":
            lasting = {k: v for k, v in e.items() if k != "kind"}
        effects.append(SkillEffect(e["kind"], e.get("amount", 0), e.get("dice", 0), e.get("type", "physical"),
                                   _mods(e.get("mods")), lasting))
    resist = s.get("resist")
    fixed, against, success = resist, None, "none"
    if isinstance(resist, dict):  # NICOSW-8.8: against the caster's roll, or a target number, with what it leaves
        fixed, against, success = resist.get("target"), resist.get("against"), resist.get("on_success", "none")
    return Skill(s["id"], s.get("name", s["id"]), s["timing"], s.get("range", 0), s["target"], fixed,
                 tuple(effects), cost=s.get("cost", 0), attribute=s.get("attribute"), resist_against=against,
                 resist_success=success, targets=s.get("targets", 1), area=s.get("area"))


def _unique(problems: Problems, ids: list[str], where: str, what: str) -> None:
    seen: dict[str, int] = {}
    for i, x in enumerate(ids):
        if x in seen:
            problems.append(((where, i, "id"), say("nicosw.id_twice", what=say(what), id=x, first=seen[x] + 1)))
        seen.setdefault(x, i)
