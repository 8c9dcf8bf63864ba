"""The typed state of a count-track battle (seed 002): characters on the A1–I9 map, skills as data.

A character and its skills are parsed once from the setup (:func:`parse_character`); the semantic
checks report the problems it finds, located, and the initial state uses the same objects, so the
two never read a setup differently. Stat changes from 付与効果 are lasting effects in the engine's
store (kind ``stat``, cleared at the エンドフェイズ, COUNT-9.1).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...engine import limits
from ...engine.effects import Clocks, EffectStore
from ...engine.limits import UsageLedger, UsageLimit
from ...engine.roster import Problems, parse_skills
from ...words.messages import say
from ...words.names import fold
from . import messages  # noqa: F401  (registers the count.* messages)

COLUMNS = "ABCDEFGHI"
ROWS = "123456789"
STATS = ("hit", "evasion", "magic", "resistance", "agility")
# COUNT-7.11: the other values a stat 付与効果 may change (read through CountState.value), and 耐性 per 属性
VALUES = ("move_cost", "move_limit", "ca_value", "hit_crit", "hit_fumble", "evasion_crit", "evasion_fumble")
RESIST = "resist"
FLOORED = ("move_cost", "move_limit", "ca_value")  # a change never takes these below 0
LIMIT_PERIODS = ("round", "battle")  # COUNT-1.9
COSTS = ("hp", "hand", "count", "ca")  # COUNT-1.10, in the order they are paid
VOID = "無"  # 〈無〉: damage no reduction may lower (COUNT-7.4)
# COUNT-4.1 / 5.1: the stat a check uses, and the stat its defender answers with.
CHECK_STAT = {"hit": "hit", "magic": "magic"}
DEFENCE_STAT = {"hit": "evasion", "magic": "resistance"}


@dataclass(frozen=True, order=True)
class Square:
    col: int  # 0..8 for A..I
    row: int  # 0..8 for 1..9

    @classmethod
    def parse(cls, label: str) -> "Square":
        """``E5``, also ``e5`` and full-width ``Ｅ５`` as GKs type them (the schema admits those)."""
        label = unicodedata.normalize("NFKC", label).upper()
        return cls(COLUMNS.index(label[0]), ROWS.index(label[1]))

    @property
    def label(self) -> str:
        return f"{COLUMNS[self.col]}{ROWS[self.row]}"

    def distance(self, other: "Square", metric: str) -> int:
        """COUNT-3.4: 4-neighbour steps (orthogonal) or king steps."""
        dc, dr = abs(self.col - other.col), abs(self.row - other.row)
        return max(dc, dr) if metric == "king" else dc + dr

    @property
    def on_edge(self) -> bool:
        """COUNT-3.6: A○, I○, ○1, ○9."""
        return self.col in (0, 8) or self.row in (0, 8)


class Damage(NamedTuple):
    fixed: int
    dice_count: int
    dice_sides: int
    attributes: tuple[str, ...]


class Rider(NamedTuple):
    """A 付与効果 (step 9) or a non-attack effect: ``count``, ``stat``, ``heal`` or ``stop`` (行動不能)."""

    op: str
    value: int
    stat: str | None = None
    attribute: str | None = None  # stat: resist, the 属性 whose 耐性 it changes (COUNT-7.11)
    until: str = "end_phase"  # stat / stop: end_phase, own_turn or counts (COUNT-7.12)
    counts: int = 0  # until: counts, how many counts it lasts


class Skill(NamedTuple):
    index: int  # position in the character's list
    name: str
    timing: str  # count_start, sub_action, main_action, counter, before_damage, after_damage, reroll
    normal: bool  # the 通常攻撃
    item: bool
    check: str  # hit, magic, none
    kind: str  # melee, ranged, magic, none (種別 近 / 射 / 魔)
    range: int
    pierce: bool
    target_count: int
    target_side: str  # enemy, ally, any, self
    damage: Damage | None
    counts: tuple[int, ...]  # count_start: the counts it fires at
    step: str | None  # before_damage: increase, reduce, real
    value: int
    op: str | None  # before_damage: cover
    riders: tuple[Rider, ...]
    effects: tuple[Rider, ...]
    when: str = "dealt"  # after_damage: on damage its owner deals or takes (COUNT-7.10)
    roll: str | None = None  # reroll: hit or evasion (COUNT-4.5, 5.7)
    limit: UsageLimit | None = None  # COUNT-1.9: at most so many uses per round or battle
    cost: tuple[tuple[str, int], ...] = ()  # COUNT-1.10: (hp | hand | count, amount), paid on each use
    declared: bool = False  # before_damage: only where its side declares it (COUNT-7.13)
    choose: bool = False  # count_start / after_damage: its side names the targets (COUNT-2.6)
    dice: tuple[int, int] | None = None  # before_damage increase: (count, sides) rolled at step 3 (COUNT-7.15)

    @property
    def is_attack(self) -> bool:
        return self.check != "none" or self.damage is not None

    @property
    def places(self) -> bool:
        """COUNT-3.10: it puts its user on the action's ``to`` square (「～に配置する」)."""
        return any(r.op == "place" for r in self.effects)

    @property
    def after_move_forbidden(self) -> bool:
        """COUNT-3.5: 種別：射 and 種別：魔."""
        return self.kind in ("ranged", "magic")


@dataclass
class Character:
    id: str
    name: str
    side: str
    kind: str  # pc / enemy
    index: int  # setup order: the last tie-break (COUNT-2.4)
    home: Square
    at: Square | None  # None once escaped
    setup_count: int  # the 配置カウント the setup places it at (COUNT-9.1)
    count: int
    stats: dict[str, int]  # the five stats before effects
    move_cost: int
    move_limit: int
    hit_crit: int
    hit_fumble: int
    evasion_crit: int
    evasion_fumble: int
    ca_value: int
    ca_start: int  # 残りCA回数 at the start of the battle
    ca_left: int
    resist: dict[str, int]
    hp: int
    hp_now: int
    rerolls: int
    hand: list[str]
    skills: tuple[Skill, ...]
    uses: dict[int, int | None]  # skill index -> uses left (None: unlimited)
    done: bool = False
    escaped: bool = False
    knocked_out: bool = False

    @property
    def standing(self) -> bool:
        return not self.knocked_out and not self.escaped

    @property
    def is_pc(self) -> bool:
        return self.kind == "pc"

    def skill(self, name: str) -> Skill | None:
        """The skill of that name; full- or half-width, katakana or hiragana alike when only one
        skill reads so (names are unique as written, so the exact one wins)."""
        exact = next((s for s in self.skills if s.name == name), None)
        if exact is not None:
            return exact
        folded = [s for s in self.skills if fold(s.name) == fold(name)]
        return folded[0] if len(folded) == 1 else None

    @property
    def normal_attack(self) -> Skill | None:
        return next((s for s in self.skills if s.normal), None)


@dataclass
class CountState:
    sides: dict[str, str]  # id -> name, setup order
    characters: dict[str, Character]  # setup order
    round: int  # the round the next turn plays
    count_now: int | None  # the first round's resume count (COUNT-1.5)
    effects: EffectStore = field(default_factory=EffectStore)
    clocks: Clocks = field(default_factory=Clocks)
    outcome: dict[str, Any] | None = None
    uses: UsageLedger = field(default_factory=UsageLedger)  # COUNT-1.9: (character, skill) by period
    # the clocks as the current round began: the count and 行動手番 clocks measure spans inside a
    # round (COUNT-7.12), so the state gives their effects' ends counted from the round's start,
    # the same whether the battle was resolved whole or continued from an earlier round's log
    round_start_clocks: dict[str, int] = field(default_factory=dict)

    def limit_period(self, sk: Skill) -> int:
        """The key of the period a limit counts in: the round, or one for the whole battle."""
        return self.round if sk.limit is not None and sk.limit.per == "round" else 0

    def within_limit(self, c: Character, sk: Skill) -> bool:
        return self.uses.allows((c.id, sk.index), sk.limit, self.limit_period(sk))

    def battle_uses(self, c: Character, sk: Skill) -> int:
        """The uses a per-battle limit has counted so far (carried into a continued setup as ``used``)."""
        return self.uses.used((c.id, sk.index), "battle", 0)

    def stopped(self, c: Character) -> bool:
        """行動不能 (COUNT-3.8): a live ``stop`` effect on it."""
        return any(True for _ in self.effects.select(bearer=c.id, kind="stop"))

    def stat(self, c: Character, stat: str) -> int:
        """The current value: the setup's plus every live stat effect on it."""
        return c.stats[stat] + self.change(c, stat)

    def value(self, c: Character, name: str) -> int:
        """COUNT-7.11: 移動コスト, 移動限界, CA値 or a C/F値 now, with its stat effects (the first three
        never below 0)."""
        now = getattr(c, name) + self.change(c, name)
        return max(0, now) if name in FLOORED else now

    def resist(self, c: Character, attribute: str) -> int:
        """COUNT-7.3 / 7.11: the 耐性 for one 属性 now."""
        return c.resist.get(attribute, 0) + self.change(c, RESIST, attribute)

    def change(self, c: Character, stat: str, attribute: str | None = None) -> int:
        return sum(e.data["value"] for e in self.effects.select(bearer=c.id, kind="stat")
                   if e.data["stat"] == stat and e.data.get("attribute") == attribute)

    def standing(self, side: str | None = None) -> list[Character]:
        return [c for c in self.characters.values() if c.standing and (side is None or c.side == side)]

    def occupant(self, sq: Square) -> Character | None:
        return next((c for c in self.characters.values() if c.standing and c.at == sq), None)

    def occupants(self, sq: Square) -> list[Character]:
        """Everyone standing on ``sq``, in setup order: one at most, unless option
        ``occupied_squares`` is ``allow`` (COUNT-3.4)."""
        return [c for c in self.characters.values() if c.standing and c.at == sq]


# --------------------------------------------------------------------------- parsing

def parse_character(cid: str, data: dict, index: int) -> tuple[Character, Problems]:
    """The typed character of a (schema-valid) setup entry, and its semantic problems."""
    skills, problems = parse_skills(data.get("skills", []), parse_skill, lambda s: s.name)
    if sum(1 for s in skills if s.normal) > 1:
        problems.append((("skills",), say("count.normal_twice")))
    # COUNT-1.3: a roll is never both a critical and a fumble
    if data["hit_fumble"] >= data["hit_crit"]:
        problems.append((("hit_fumble",), say("count.hit_crit_fumble", fumble=data["hit_fumble"], crit=data["hit_crit"])))
    if data["evasion_crit"] >= data["evasion_fumble"]:
        problems.append((("evasion_crit",), say("count.evasion_crit_fumble", crit=data["evasion_crit"],
                                                fumble=data["evasion_fumble"])))
    # COUNT-1.5: the current state never exceeds its maximum
    hp_now = data.get("hp_now", data["hp"])
    if hp_now > data["hp"]:
        problems.append((("hp_now",), say("count.hp_over", now=hp_now, max=data["hp"])))
    ca_now = data.get("ca_now", data["ca_left"])
    if ca_now > data["ca_left"]:
        problems.append((("ca_now",), say("count.ca_over", now=ca_now, max=data["ca_left"])))
    count = data.get("count_now", data["count"])
    done = bool(data.get("done", False))
    if data["kind"] != "pc" and "hand" in data:
        problems.append((("hand",), say("count.hand_not_pc")))
    for sk in skills:  # COUNT-1.10: only a PC holds cards to pay with
        if data["kind"] != "pc" and dict(sk.cost).get("hand"):
            problems.append((("skills", sk.index, "cost", "hand"), say("count.hand_cost_not_pc")))
    home = Square.parse(data["at"])
    escaped = bool(data.get("escaped", False))
    c = Character(
        id=cid, name=data["name"], side=data["side"], kind=data["kind"], index=index, home=home,
        at=None if escaped else home, setup_count=data["count"], count=count,
        stats={s: data[s] for s in STATS}, move_cost=data["move_cost"], move_limit=data["move_limit"],
        hit_crit=data["hit_crit"], hit_fumble=data["hit_fumble"], evasion_crit=data["evasion_crit"],
        evasion_fumble=data["evasion_fumble"], ca_value=data["ca_value"], ca_start=data["ca_left"],
        ca_left=ca_now, resist=dict(data.get("resist", {})), hp=data["hp"], hp_now=hp_now,
        rerolls=data.get("rerolls", 0), hand=list(data.get("hand", [])), skills=tuple(skills),
        uses={s.index: (data["skills"][s.index].get("uses") if s.item else None) for s in skills},
        done=done, escaped=escaped)
    return c, problems


def parse_skill(data: dict, index: int) -> tuple[Skill, Problems]:
    problems: Problems = []
    timing = data["timing"]
    dmg = data.get("damage")
    damage = None
    if dmg is not None:
        dice = dmg.get("dice", {"count": 0, "sides": 10})
        damage = Damage(dmg.get("fixed", 0), dice["count"], dice["sides"], tuple(dmg.get("attributes", [])))
    targets = data.get("targets", {})
    limit, limit_problems = limits.parse(data.get("limit"), LIMIT_PERIODS, "round", ("limit",))
    skill = Skill(
        index=index, name=data["name"], timing=timing, normal=bool(data.get("normal", False)),
        item=bool(data.get("item", False)), check=data.get("check", "none"), kind=data.get("kind", "none"),
        range=data.get("range", 1), pierce=bool(data.get("pierce", False)),
        target_count=targets.get("count", 1), target_side=targets.get("side", "enemy"), damage=damage,
        counts=tuple(data.get("counts", [])), step=data.get("step"), value=data.get("value", 0),
        op=data.get("op"), riders=tuple(_rider(r) for r in data.get("riders", [])),
        effects=tuple(_rider(r) for r in data.get("effects", [])), when=data.get("when", "dealt"), roll=data.get("roll"),
        limit=limit, cost=tuple((k, data["cost"][k]) for k in COSTS if data.get("cost", {}).get(k)),
        declared=bool(data.get("declared", False)), choose=bool(data.get("choose", False)),
        dice=(data["dice"]["count"], data["dice"]["sides"]) if "dice" in data else None)
    if skill.dice is not None and skill.step != "increase":
        problems.append((("dice",), say("count.dice_not_increase")))
    if skill.choose and (timing not in ("count_start", "after_damage") or skill.target_side == "self"):
        problems.append((("choose",), say("count.choose_where")))
    problems += limit_problems
    if "used" in data and (limit is None or limit.per != "battle"):
        problems.append((("used",), say("count.used_not_battle")))
    elif limit is not None and data.get("used", 0) > limit.count:
        problems.append((("used",), say("count.used_over", used=data["used"], count=limit.count)))
    if timing == "before_damage" and skill.cost and not skill.declared:
        problems.append((("cost",), say("count.before_damage_cost")))
    if skill.declared and (timing != "before_damage" or skill.step is None):
        problems.append((("declared",), say("count.declared_not_step")))
    if skill.normal and timing != "main_action":
        problems.append((("normal",), say("count.normal_not_main")))
    if "uses" in data and not skill.item:
        problems.append((("uses",), say("count.uses_not_item")))
    if timing == "count_start" and not skill.counts:
        problems.append(((), say("count.count_start_counts")))
    if timing != "count_start" and skill.counts:
        problems.append((("counts",), say("count.counts_not_count_start")))
    if timing == "before_damage":
        if (skill.step is None) == (skill.op is None):
            problems.append(((), say("count.before_damage_step")))
        if skill.is_attack:
            problems.append(((), say("count.before_damage_attack")))
    elif skill.step is not None or skill.op is not None:
        problems.append((("step" if skill.step else "op",), say("count.step_not_before_damage")))
    if timing in ("count_start",) and skill.is_attack:
        problems.append(((), say("count.count_start_attack")))
    if timing == "after_damage":  # COUNT-7.10
        if skill.is_attack:
            problems.append(((), say("count.after_damage_attack")))
        if not skill.effects:
            problems.append(((), say("count.after_damage_effects")))
        if skill.target_side not in ("self", "enemy"):
            problems.append((("targets", "side"), say("count.after_damage_side")))
    elif "when" in data:
        problems.append((("when",), say("count.when_not_after_damage")))
    if timing == "reroll":  # COUNT-4.5 / 5.7
        if skill.roll is None:
            problems.append(((), say("count.reroll_roll")))
        if skill.is_attack or skill.effects:
            problems.append(((), say("count.reroll_only")))
    elif skill.roll is not None:
        problems.append((("roll",), say("count.roll_not_reroll")))
    if skill.is_attack and skill.target_side == "self":
        problems.append((("targets", "side"), say("count.attack_self")))
    if skill.places and (timing not in ("sub_action", "main_action") or skill.pierce
                         or (skill.target_side != "self" and skill.target_count != 1)
                         or skill.is_attack):
        problems.append((("effects",), say("count.place_self")))  # COUNT-3.10
    if any(r.op == "place" for r in skill.riders):
        problems.append((("riders",), say("count.place_self")))
    for part in ("riders", "effects"):  # COUNT-7.11 / 7.12: what a stat or stop effect changes, and for how long
        for j, r in enumerate(getattr(skill, part)):
            if (r.stat == RESIST) != (r.attribute is not None):
                problems.append(((part, j), say("count.resist_attribute")))
            if r.op != "stat" and r.until != "end_phase":
                problems.append(((part, j, "until"), say("count.until_not_lasting")))
            if (r.until == "counts") != (r.counts > 0):
                problems.append(((part, j), say("count.until_counts")))
    for part in ("riders", "effects"):  # a heal never lowers HP: harm is damage, with its steps (COUNT-7)
        for j, r in enumerate(getattr(skill, part)):
            if r.op == "heal" and r.value < 0:
                problems.append(((part, j, "value"), say("count.heal_negative", value=r.value)))
    if skill.pierce and skill.target_count != 1:
        problems.append((("pierce",), say("count.pierce_one")))
    return skill, problems


def _rider(d: dict) -> Rider:
    return Rider(d["op"], d.get("value", 0), d.get("stat"), d.get("attribute"), d.get("until", "end_phase"),
                 d.get("counts", 0))
