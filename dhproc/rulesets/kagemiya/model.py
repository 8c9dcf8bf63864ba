"""The typed state of a kagemiya 戦闘フェイズ: 陣営, characters, and their resources as data.

Skills, 宝具, 倍加 and 令呪 are parsed once from the setup into :class:`Resource` and
:class:`SpellKind`; :func:`parse_character` serves both the semantic checks (which report its
problems, located) and the initial state, so the two never read a character differently.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .messages import say

# KAGEMIYA-1.3
RANKS = {"E": 1, "D": 2, "C": 3, "B": 4, "A": 5, "A+": 6, "A++": 7, "EX": 8}
STATS = ("strength", "endurance", "agility", "mana", "luck")
# KAGEMIYA-2.1: the stat each check rolls.
CHECK_STAT = {
    "initiative": "agility", "escape": "agility",
    "physical_attack": "strength", "physical_defense": "strength",
    "magical_attack": "mana", "magical_defense": "mana",
    "ambush_attack": "luck", "ambush_defense": "luck",
}
CHECKS = tuple(CHECK_STAT)
# KAGEMIYA-5.3-5.5: an attack type, its check, the defence it is always met with.
ATTACKS = {"physical": ("physical_attack", "physical_defense"),
           "magical": ("magical_attack", "magical_defense"),
           "ambush": ("ambush_attack", "ambush_defense")}
# KAGEMIYA-3.2: 宝具 > スキル > the roll.
FIRST_MOVE_KIND = {"noble_phantasm": 2, "skill": 1}
# KAGEMIYA-1.6: the parent's check 令呪, used when a setup lists none.
DEFAULT_SPELL_KINDS = (
    {"id": "boost", "name": "令呪（補正）", "cost": 1, "modifier": 5},
    {"id": "sides", "name": "令呪（面数）", "cost": 1, "sides": 1},
    # KAGEMIYA-11: the parent system's 令呪 that act outside a check
    {"id": "heal", "name": "令呪（回復）", "cost": 1, "effect": "heal", "amount": 30},
    {"id": "swap_row", "name": "令呪（前後入れ替え）", "cost": 1, "effect": "swap_row"},
    {"id": "restore", "name": "令呪（宝具回復）", "cost": 2, "effect": "restore_noble_phantasm"},
    {"id": "redirect", "name": "令呪（身代わり）", "cost": 1, "effect": "redirect"},
    # KAGEMIYA-11.6 / 11.7: the parent's re-roll (once, with up to +3) and 自害
    {"id": "reroll", "name": "令呪（振り直し）", "cost": 1, "effect": "reroll", "modifier": 3},
    {"id": "suicide", "name": "令呪（自害）", "cost": 1, "effect": "suicide"},
)
SPELL_EFFECTS = ("heal", "swap_row", "restore_noble_phantasm", "redirect", "reroll", "suicide")
HEAL_AMOUNT = 30  # the parent's 令呪 heals its servant 30 HP


def stat_value(value: int | str) -> int:
    """KAGEMIYA-1.3: a rank (a trailing '-' counts as the base rank) or a number as written."""
    if isinstance(value, int):
        return value
    return RANKS[value.rstrip("-")]


class Grant(NamedTuple):
    """What a declared resource adds to a check (KAGEMIYA-2.1)."""

    dice: int = 0
    sides: int = 0
    modifier: int = 0

    @classmethod
    def of(cls, data: dict) -> "Grant":
        return cls(data.get("dice", 0), data.get("sides", 0), data.get("modifier", 0))


class Resource(NamedTuple):
    """A skill, a 宝具 or a 倍加 of one character (KAGEMIYA-1.5, 1.7)."""

    id: str
    name: str
    kind: str  # skill | noble_phantasm | doubling
    on: tuple[str, ...]  # the checks it applies to
    grant: Grant
    uses: int | None  # None: unlimited
    rank: int | None = None
    first_move: bool = False
    ambush: bool = False
    secret: bool = False
    physical_defense_as: str | None = None  # KAGEMIYA-5.9: meets a 物理攻撃 with another defence
    stat: str | None = None  # doubling: the stat it multiplies
    multiplier: int = 1
    targets: int = 1  # KAGEMIYA-5.11: how many enemies one attack with it may name (対軍)


class SpellKind(NamedTuple):
    """A kind of 令呪: one that adds to a check (KAGEMIYA-1.6), or one with an effect outside
    checks (KAGEMIYA-11)."""

    id: str
    name: str
    cost: int
    on: tuple[str, ...]  # the checks it adds to; none for a kind with an effect
    grant: Grant
    effect: str | None = None  # KAGEMIYA-11: heal | swap_row | restore_noble_phantasm | redirect | reroll | suicide
    amount: int = 0  # heal: HP given back


def targets_of(act: dict) -> list[str]:
    """An attack's targets in the order named: ``target`` is one id or a list (KAGEMIYA-5.11)."""
    t = act.get("target")
    return [] if t is None else [t] if isinstance(t, str) else list(t)


class Declared(NamedTuple):
    """What a character declares for one check: skills and 宝具, 令呪 kinds, 倍加."""

    use: tuple[str, ...] = ()
    command_spells: tuple[str, ...] = ()
    doubling: tuple[str, ...] = ()

    @classmethod
    def of(cls, data: dict | None) -> "Declared":
        data = data or {}
        # KAGEMIYA-2.2: a resource counts once per check however often it is listed
        return cls(*(tuple(dict.fromkeys(data.get(k, []))) for k in ("use", "command_spells", "doubling")))


@dataclass
class Character:
    id: str
    name: str
    side: str
    kind: str  # servant | master
    master: str | None
    row: str  # front | back
    stats: dict[str, int]
    np_rank: int | None
    max_hp: int
    hp: int
    command_spells: int
    resources: dict[str, Resource]  # skills, 宝具, 倍加 in setup order
    used: dict[str, int]
    actions: int | None  # per 巡; None: the option
    index: int
    eliminated: bool = False
    protected: bool = False

    def left(self, r: Resource) -> int | None:
        return None if r.uses is None else r.uses - self.used.get(r.id, 0)


def payer_of(c: Character, characters: dict[str, Character]) -> Character | None:
    """Who pays a 令呪 declared for ``c`` (KAGEMIYA-1.6): itself when a master, else its master."""
    return c if c.kind == "master" else characters.get(c.master or "")


def servant_of(master: Character, characters: dict[str, Character]) -> Character | None:
    """The master's servant (the first in setup order), for a 令呪 outside a check (KAGEMIYA-11)."""
    return next((c for c in characters.values() if c.kind == "servant" and c.master == master.id), None)


@dataclass
class Side:
    id: str
    name: str
    index: int
    escaped: bool = False
    escaped_to: str | None = None
    out: bool = False
    standing: dict[str, Any] = field(default_factory=dict)  # KAGEMIYA-5.12: orders that stand (standing.py)


@dataclass
class KagemiyaState:
    sides: dict[str, Side]
    characters: dict[str, Character]
    spell_kinds: dict[str, SpellKind]
    rounds: int
    phase: str  # battle | ambush
    ambusher: str | None
    area: str | None
    areas: tuple[str, ...]
    occupied: tuple[str, ...]
    rounds_played: int = 0
    order: list[str] | None = None
    outcome: dict[str, Any] | None = None
    ended: str | None = None  # why the battle ended

    def members(self, side: str) -> list[Character]:
        return [c for c in self.characters.values() if c.side == side]

    def in_battle(self, c: Character) -> bool:
        s = self.sides[c.side]
        return not (c.eliminated or c.protected or s.escaped or s.out)

    def fighting(self, side: str) -> list[Character]:
        return [c for c in self.members(side) if self.in_battle(c)]

    def sides_fighting(self) -> list[str]:
        return [sid for sid, s in self.sides.items() if not (s.escaped or s.out)]

    def to_json(self) -> dict[str, Any]:
        """The log's ``state``: the setup's keys for what play changes, so a later battle can start
        from it (KAGEMIYA-1.8)."""
        chars = {}
        for c in self.characters.values():
            entry: dict[str, Any] = {"name": c.name, "side": c.side, "kind": c.kind, "row": c.row, "hp": c.hp,
                                     "max_hp": c.max_hp}
            if c.kind == "master":
                entry["command_spells"] = c.command_spells
            entry["used"] = dict(c.used)
            entry["eliminated"] = c.eliminated
            entry["protected"] = c.protected
            chars[c.id] = entry
        sides = {}
        for s in self.sides.values():
            status = "escaped" if s.escaped else "out" if s.out else "fighting"
            sides[s.id] = {"name": s.name, "status": status, "escaped_to": s.escaped_to}
            if s.standing:
                sides[s.id]["standing"] = copy.deepcopy(s.standing)
        return {"phase": self.phase, "rounds": self.rounds,
                "progress": {"rounds_played": self.rounds_played, "order": self.order},
                "sides": sides, "characters": chars}


# --------------------------------------------------------------------------- parsing

Problems = list[tuple[tuple, str]]


def _resource(data: dict, kind: str, np_rank: int | None) -> Resource:
    if kind == "doubling":
        return Resource(id=data["id"], name=data.get("name", data["id"]), kind=kind,
                        on=tuple(c for c, s in CHECK_STAT.items() if s == data["stat"]), grant=Grant.of(data),
                        uses=data.get("uses", 1), stat=data["stat"], multiplier=data.get("multiplier", 2))
    rank = data.get("rank")
    rank_n = stat_value(rank) if rank is not None else (np_rank if kind == "noble_phantasm" else None)
    return Resource(id=data["id"], name=data.get("name", data["id"]), kind=kind, on=tuple(data["on"]),
                    grant=Grant.of(data), uses=data.get("uses", 1 if kind == "noble_phantasm" else None),
                    rank=rank_n, first_move=bool(data.get("first_move", False)),
                    ambush=bool(data.get("ambush", False)), secret=bool(data.get("secret", False)),
                    physical_defense_as=data.get("physical_defense_as"), targets=data.get("targets", 1))


def parse_character(cid: str, data: dict, index: int, hp_per_endurance: int) -> tuple[Character, Problems]:
    """The typed character of a setup entry (already schema-valid), and its semantic problems."""
    problems: Problems = []
    stats = {s: stat_value(data[s]) for s in STATS}
    np_rank = stat_value(data["noble_phantasm"]) if "noble_phantasm" in data else None
    max_hp = data.get("max_hp", stats["endurance"] * hp_per_endurance)  # KAGEMIYA-1.4
    resources: dict[str, Resource] = {}
    used: dict[str, int] = {}
    for key, kind in (("skills", "skill"), ("noble_phantasms", "noble_phantasm"), ("doubling", "doubling")):
        for i, rdata in enumerate(data.get(key, [])):
            r = _resource(rdata, kind, np_rank)
            if r.id in resources:
                problems.append(((key, i, "id"), say("kagemiya.duplicate_resource", id=r.id, cid=cid)))
                continue
            resources[r.id] = r
            if r.physical_defense_as is not None and r.physical_defense_as not in r.on:  # KAGEMIYA-5.9
                problems.append(((key, i, "physical_defense_as"), say("kagemiya.defense_as_not_on",
                                                                      check=r.physical_defense_as)))
            n = rdata.get("used", 0)
            if n or "used" in rdata:  # 0 as given: a 令呪 restored it (KAGEMIYA-1.8), as the log's state says
                used[r.id] = n
            if r.uses is not None and n > r.uses:  # KAGEMIYA-1.8
                problems.append(((key, i, "used"), say("kagemiya.used_too_many", n=n, uses=r.uses)))
            elif r.uses is None and "used" in rdata:
                problems.append(((key, i, "used"), say("kagemiya.used_unlimited")))
    hp = data.get("hp", max_hp)
    eliminated = bool(data.get("eliminated", False))
    if max_hp < 1:
        problems.append((("endurance",), say("kagemiya.max_hp_low", max_hp=max_hp, factor=hp_per_endurance)))
    elif hp > max_hp:
        problems.append((("hp",), say("kagemiya.hp_above_max", hp=hp, max_hp=max_hp)))
    elif hp == 0 and not eliminated:
        problems.append((("hp",), say("kagemiya.hp_zero_not_out")))
    kind = data["kind"]
    if "command_spells" in data and kind != "master":
        problems.append((("command_spells",), say("kagemiya.spells_not_master")))
    if "master" in data and kind != "servant":
        problems.append((("master",), say("kagemiya.master_not_servant")))
    c = Character(id=cid, name=data["name"], side=data["side"], kind=kind, master=data.get("master"),
                  row=data["row"], stats=stats, np_rank=np_rank, max_hp=max_hp, hp=hp,
                  command_spells=data.get("command_spells", 3 if kind == "master" else 0),
                  resources=resources, used=used, actions=data.get("actions"), index=index,
                  eliminated=eliminated, protected=bool(data.get("protected", False)))
    return c, problems


def parse_spell_kinds(data: list[dict] | None) -> dict[str, SpellKind]:
    out: dict[str, SpellKind] = {}
    for d in data if data is not None else DEFAULT_SPELL_KINDS:
        effect = d.get("effect")
        out.setdefault(d["id"], SpellKind(d["id"], d.get("name", d["id"]), d.get("cost", 1),
                                          () if effect else tuple(d.get("on", CHECKS)), Grant.of(d), effect,
                                          d.get("amount", HEAL_AMOUNT) if effect == "heal" else 0))
    return out


@dataclass
class Pool:
    """One check's pool as declared, before the dice: parts named for the report (KAGEMIYA-10.2)."""

    check: str
    stat: str
    stat_value: int
    multiplier: int = 1
    parts: list[dict] = field(default_factory=list)  # what each declared thing added

    @property
    def dice(self) -> int:
        return self.stat_value * self.multiplier + sum(p.get("dice", 0) for p in self.parts)

    @property
    def sides(self) -> int:
        return sum(p.get("sides", 0) for p in self.parts)

    @property
    def modifier(self) -> int:
        return sum(p.get("modifier", 0) for p in self.parts)
