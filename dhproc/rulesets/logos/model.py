"""The typed state of a ダンゲロス・ロゴス2 戦闘ラウンド: sides, characters, skills as data.

A skill is parsed once from the setup into :class:`Skill` (timing, trigger, 発動率, condition,
effects); :func:`parse_character` is used both by the semantic checks (which report its problems,
located) and by the initial state, so the two can never read a skill differently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ...engine import amounts, limits
from ...engine.amounts import Amount
from ...engine.conditions import LIST, NUMBER, Condition, Vocabulary, parse
from ...engine.effects import Clocks, EffectStore
from ...engine.limits import UsageLimit, UsageLedger
from ...engine.relations import RELATIONS
from ...engine.roster import parse_skills
from .messages import say

COLORS = ("赤", "青", "緑", "黄", "紫", "灰")
KEYWORDS = {"jinrai": "迅雷", "fukutsu": "不屈", "moukou": "猛攻"}
STATS = ("attack", "defense", "reaction")

# LOGOS-5.2: the six timings, in the order a turn reaches them (パッシブ applies from the start).
TIMINGS = ("passive", "turn_start", "before_action", "action", "after_action", "counter")
TRIGGER_EVENTS = ("stat_up", "stat_down", "knocked_out", "attack", "attacked",
                  # LOGOS-5.13: what else happens to a character
                  "attack_hit", "attack_miss", "critical", "skill_success", "skill_failure", "became_active",
                  "turn_end", "order_changed", "charged", "charge_spent", "color_changed", "weakness_changed",
                  "revived")
TRIGGER_WHO = RELATIONS  # dhproc/engine/relations.py, as dh reads its 種別

SINGLE_TARGETS = ("self", "facing_enemy", "ally_active", "trigger", "chosen_ally", "chosen_enemy",
                  "chosen_member")
GROUP_TARGETS = ("bench_allies", "all_allies", "all_enemies", "knocked_out_allies")
CHOSEN = {"chosen_ally": "ally", "chosen_enemy": "enemy", "chosen_member": "member"}  # LOGOS-1.8, 8.5
TARGETS = SINGLE_TARGETS + GROUP_TARGETS
ALLY_TARGETS = ("self", "ally_active", "chosen_ally")  # known to be on the skill owner's side
ENEMY_TARGETS = ("facing_enemy", "chosen_enemy")
PASSIVE_TARGETS = ("self", "all_allies", "all_enemies")
PASSIVE_OPS = ("stat", "add_color", "add_weakness", "field", "charge", "set_stat", "remove_color",
               "remove_weakness", "add_keyword", "rate")
OPS = ("stat", "add_color", "add_weakness", "field", "order", "swap_order", "knock_out", "attack",
       "remove_effects", "charge",
       "set_stat", "dp", "revive", "enter",  # LOGOS-6.9-6.11, 8.5
       "remove_color", "remove_weakness", "add_keyword", "rate")  # LOGOS-6.12-6.14
AMOUNT_OPS = ("stat", "set_stat", "field", "dp", "rate", "charge")  # LOGOS-6.8: their value may be read from the state
USE_PERIODS = ("round", "turn")  # LOGOS-5.12

# What each kind of lasting effect carries, in the order it is written into the log (LOGOS-6).
EFFECT_DATA = {"stat": ("stat", "value"), "color": ("color",), "weakness": ("color",),
               "field": ("name", "applies_to", "owner_side", "stat", "value"),
               "keyword": ("keyword",), "rate": ("value",)}  # LOGOS-6.13, 6.14
# ... and what some of them carry only sometimes: a set stat (6.9), a removal (6.12), one skill's 発動率 (6.14)
EFFECT_DATA_OPTIONAL = {"stat": ("set",), "color": ("removed",), "weakness": ("removed",), "rate": ("for_skill",)}

_CHAR_ATTRS = {"attack": NUMBER, "defense": NUMBER, "reaction": NUMBER, "order": NUMBER,
               "colors": LIST, "weaknesses": LIST, "keywords": LIST, "states": LIST,
               "charge": NUMBER, "spent_charge": NUMBER}  # LOGOS-7.3: チャージ levels
_SIDE_ATTRS = {"standing": NUMBER, "knocked_out": NUMBER, "dp": NUMBER}
# LOGOS-5.11: what a condition may read.
VOCABULARY = Vocabulary({
    "self": _CHAR_ATTRS, "facing_enemy": _CHAR_ATTRS, "ally_active": _CHAR_ATTRS, "trigger": _CHAR_ATTRS,
    "own_side": _SIDE_ATTRS, "enemy_side": _SIDE_ATTRS, "round": {"bout": NUMBER},
})
# LOGOS-6.15: an effect's own condition may also read the character it is about to reach.
EFFECT_VOCABULARY = Vocabulary({**VOCABULARY.subjects, "target": _CHAR_ATTRS})


@dataclass(frozen=True)
class Trigger:
    event: str  # one of TRIGGER_EVENTS
    who: str  # one of TRIGGER_WHO, seen from the skill's owner
    stat: str | None = None  # stat_up / stat_down: which stat (None: any)


@dataclass(frozen=True)
class EffectSpec:
    """One effect of a skill, as written. Which fields matter depends on ``op``."""

    op: str
    target: str | None = None
    stat: str | None = None
    value: int = 0
    turns: int | None = None
    has_turns: bool = False  # False: the skill gives no duration (LOGOS-6.3)
    color: str | None = None
    name: str | None = None  # a field's name
    applies_to: str | None = None  # a field's scope: all / allies / enemies
    to: int | str | None = None  # order / enter: a position or "slowest"
    with_: str | None = None  # swap_order: the other character
    amount: Amount = 0  # the value as written: a number or read from the state (LOGOS-6.8)
    side: str | None = None  # dp: whose DP, "own" or "enemy"
    keyword: str | None = None  # add_keyword
    skill: str | None = None  # rate: the one skill whose 発動率 changes (None: all the target's skills)
    stats: tuple[tuple[str, Amount], ...] = ()  # field: several stats at once (LOGOS-6.4)
    condition: Condition | None = None  # LOGOS-6.15: read for each target before the effect reaches it
    has_value: bool = False  # a value is written (charge: levels to add, LOGOS-7.3)

    def targets_used(self) -> tuple[str, ...]:
        return tuple(t for t in (self.target, self.with_) if t is not None)


@dataclass(frozen=True)
class Skill:
    index: int  # position in the character's list: the last ordering key (LOGOS-5.5)
    name: str
    timing: str
    trigger: Trigger | None
    rate: int  # 発動率, percent
    charge: bool  # チャージ is written in it (LOGOS-7.2)
    condition: Condition
    effects: tuple[EffectSpec, ...]
    uses: UsageLimit | None = None  # LOGOS-5.12

    @property
    def chooses(self) -> str | None:
        """'ally', 'enemy' or 'member' when an effect targets a character the player names in advance."""
        for e in self.effects:
            for t in e.targets_used():
                if t in CHOSEN:
                    return CHOSEN[t]
        return None


@dataclass
class Character:
    id: str
    name: str
    side: str
    colors: tuple[str, ...]
    weaknesses: tuple[str, ...]
    attack: int  # initial values; effects add to them (LOGOS-6.1)
    defense: int
    reaction: int
    keywords: tuple[str, ...]
    secret: bool  # シークレット
    revealed: bool  # its 秘匿状態 was lifted in an earlier round
    skills: tuple[Skill, ...]
    index: int  # position in the setup
    starter: bool = False
    order: int | None = None  # 行動順 (starters only)
    knocked_out: bool = False
    charged: bool = False
    charge_level: int = 0  # LOGOS-7.3: levels of チャージ; 1 or more while charged
    spent_charge: int = 0  # the level its last successful check lifted

    @property
    def hidden(self) -> bool:
        """In 秘匿状態 (LOGOS-7.1)."""
        return self.secret and not self.revealed

    def fresh(self) -> "Character":
        """A copy to play a round with (what it holds besides its own flags is immutable): the
        characters a setup reads as are parsed once (rulesets/logos/__init__.py) and each
        resolution plays copies of them."""
        twin = object.__new__(Character)
        twin.__dict__.update(self.__dict__)
        return twin


@dataclass
class Side:
    id: str
    name: str
    index: int  # position in the setup
    dp: int = 0
    starters: list[str] = field(default_factory=list)


@dataclass
class LogosState:
    sides: dict[str, Side]  # setup order
    characters: dict[str, Character]  # setup order
    stage: str  # league | final
    announced_first: str | None
    first: str | None = None
    bout: int = 0  # the seed's ターン within the round
    actives: dict[str, str] = field(default_factory=dict)  # side -> active character (during a bout)
    choices: dict[tuple[str, str], str] = field(default_factory=dict)  # (who, skill name) -> target
    used: dict[tuple[str, int], int] = field(default_factory=dict)  # counter (who, skill) -> bout used
    uses: UsageLedger = field(default_factory=UsageLedger)  # LOGOS-5.12: (who, skill) by period
    effects: EffectStore = field(default_factory=EffectStore)
    clocks: Clocks = field(default_factory=Clocks)
    outcome: dict[str, Any] | None = None
    under_way: dict[str, Any] | None = None  # the setup's ``round:`` when it resumes a round (LOGOS-11)
    stop_after: int | None = None  # the setup's ``stop_after_bout`` (LOGOS-11.4)
    # What ``stat`` read while no effect started or ended (the store's version): a character's
    # stat depends on its initial value and the effects alone, and is read several times a ターン.
    stats_read: dict[tuple[str, str], int] = field(default_factory=dict, repr=False, compare=False)
    stats_version: int = field(default=-1, repr=False, compare=False)

    def side_order(self) -> tuple[str, str]:
        """先攻 then 後攻 (setup order until 先攻 is decided)."""
        a, b = self.sides  # a round is between two sides (LOGOS-1.2)
        return (b, a) if self.first == b else (a, b)

    def opponent(self, side_id: str) -> str:
        a, b = self.sides  # a round is between two sides (LOGOS-1.2)
        return b if side_id == a else a

    def side_rank(self, side_id: str) -> int:
        """0 for 先攻, 1 for 後攻: the tie-break of LOGOS-2.5."""
        return 0 if side_id == self.first else 1

    def starters(self, side_id: str) -> list[Character]:
        """The side's starters in 行動順."""
        return sorted(map(self.characters.__getitem__, self.sides[side_id].starters), key=_in_order)

    def standing(self, side_id: str) -> list[Character]:
        return [c for c in self.starters(side_id) if not c.knocked_out]

    # The three reads below are asked for several times a ターン: plain loops (a generator or a
    # key function would be a Python call for each of five starters).

    def standing_count(self, side_id: str) -> int:
        """How many of the side's starters still stand (their order unread: nothing sorted)."""
        chars = self.characters
        n = 0
        for cid in self.sides[side_id].starters:
            if not chars[cid].knocked_out:
                n += 1
        return n

    def first_standing(self, side_id: str) -> Character:
        """The side's starter first in 行動順 among those still standing (LOGOS-3.1's next active)."""
        chars = self.characters
        first, first_order = None, 0
        for cid in self.sides[side_id].starters:
            c = chars[cid]
            if not c.knocked_out and (first is None or (c.order or 0) < first_order):
                first, first_order = c, c.order or 0
        if first is None:
            raise ValueError(f"no starter of {side_id} stands")
        return first

    # The reads below are asked for on every attack, snapshot and ordering: they read the effect
    # store's index as it stands (``lookup``, no copy and no call of the store's), and most
    # characters hold no effect.

    def stat(self, c: Character, stat: str) -> int:
        """The current value: initial + every stat effect on it + every field that covers it."""
        version = self.effects.version
        if self.stats_version != version:
            self.stats_read, self.stats_version = {}, version
        key = (c.id, stat)
        value = self.stats_read.get(key)
        if value is not None:
            return value
        value = getattr(c, stat)
        lookup = self.effects.lookup
        for e in lookup((c.id, "stat")) or ():
            data = e.data
            if data["stat"] == stat:
                # LOGOS-6.9: a stat set outright replaces what came before it; later changes add
                value = data["set"] if "set" in data else value + data["value"]
        for e in lookup((None, "field")) or ():
            data = e.data
            if data["stat"] == stat and _field_covers(data, c):
                value += data["value"]
        self.stats_read[key] = value
        return value

    def colors(self, c: Character) -> tuple[str, ...]:
        held = self.effects.lookup((c.id, "color"))
        return c.colors if held is None else _listed(c.colors, held, "color")

    def weaknesses(self, c: Character) -> tuple[str, ...]:
        held = self.effects.lookup((c.id, "weakness"))
        return c.weaknesses if held is None else _listed(c.weaknesses, held, "color")

    def keywords(self, c: Character) -> tuple[str, ...]:
        """LOGOS-6.13: the keywords written, then those granted by effects."""
        held = self.effects.lookup((c.id, "keyword"))
        return c.keywords if held is None else _listed(c.keywords, held, "keyword")

    def rate(self, c: Character, skill: Skill) -> int:
        """LOGOS-6.14: 発動率 as written plus every rate effect on its owner, kept within 0-100."""
        value = skill.rate
        for e in self.effects.lookup((c.id, "rate")) or ():
            if e.data.get("for_skill") in (None, skill.name):
                value += e.data["value"]
        return max(0, min(100, value))

    def states(self, c: Character) -> tuple[str, ...]:
        out = []
        if c.charged:
            out.append("charged")
        if c.secret and not c.revealed:  # hidden, read without the property's call: every character, every run
            out.append("hidden")
        if c.knocked_out:
            out.append("knocked_out")
        if self.actives.get(c.side) == c.id:
            out.append("active")
        elif c.starter and not c.knocked_out:
            out.append("bench")
        return tuple(out)


def _field_covers(data: dict, c: Character) -> bool:
    scope = data["applies_to"]
    return scope == "all" or (scope == "allies") == (c.side == data["owner_side"])


def _in_order(c: Character) -> int:
    return c.order or 0


def _listed(base: tuple[str, ...], effects: Sequence, key: str) -> tuple[str, ...]:
    """``base`` with each effect's item added or, for a removal (LOGOS-6.12), taken away, in the
    order the effects were made."""
    if not effects:
        return base
    out = list(base)
    for e in effects:
        item = e.data[key]
        if e.data.get("removed"):
            if item in out:
                out.remove(item)
        elif item not in out:
            out.append(item)
    return tuple(out)


# --------------------------------------------------------------------------- parsing

Problems = list[tuple[tuple, str]]


def parse_character(cid: str, data: dict, index: int) -> tuple[Character, Problems]:
    """The typed character of a setup entry (already schema-valid), and its semantic problems."""
    problems: Problems = []
    keywords = tuple(data.get("keywords", []))
    colors = tuple(data["colors"])
    # LOGOS-1.3: one colour; 《猛攻》 adds a second.
    allowed = 2 if "moukou" in keywords else 1
    if len(colors) > allowed:
        problems.append((("colors",), say("logos.too_many_colors", n=len(colors))))
    if len(dict.fromkeys(colors)) != len(colors):
        problems.append((("colors",), say("logos.color_twice")))
    skills, skill_problems = parse_skills(data.get("skills", []), parse_skill, lambda s: s.name)
    problems += skill_problems
    c = Character(id=cid, name=data["name"], side=data["side"], colors=colors,
                  weaknesses=tuple(data["weaknesses"]), attack=data["attack"], defense=data["defense"],
                  reaction=data["reaction"], keywords=keywords, secret=bool(data.get("secret", False)),
                  revealed=bool(data.get("revealed", False)), skills=tuple(skills), index=index)
    if c.revealed and not c.secret:
        problems.append((("revealed",), say("logos.revealed_needs_secret")))
    return c, problems


def parse_skill(data: dict, index: int) -> tuple[Skill, Problems]:
    problems: Problems = []
    timing = data["timing"]
    trigger = None
    if "trigger" in data:
        t = data["trigger"]
        trigger = Trigger(t["event"], t.get("who", "any"), t.get("stat"))
        if timing != "counter":
            problems.append((("trigger",), say("logos.trigger_needs_counter")))
        if trigger.stat is not None and trigger.event not in ("stat_up", "stat_down"):
            problems.append((("trigger", "stat"), say("logos.trigger_stat")))
    elif timing == "counter":
        problems.append(((), say("logos.counter_needs_trigger")))
    cond_data = data.get("condition")
    condition, cp = parse(cond_data, VOCABULARY)
    problems += [(("condition",) + p, m) for p, m in cp]
    if timing != "counter" and _mentions_subject(cond_data, "trigger"):
        problems.append((("condition",), say("logos.condition_trigger")))
    effects = []
    for j, edata in enumerate(data["effects"]):
        spec, ap = _effect(edata)
        problems += [(("effects", j) + p, m) for p, m in ap + _effect_problems(spec, timing)]
        if timing != "counter" and _mentions_subject(edata.get("condition"), "trigger"):
            problems.append((("effects", j, "condition"), say("logos.condition_trigger")))
        effects.append(spec)
    uses, up = limits.parse(data.get("uses"), USE_PERIODS, "round", ("uses",))
    problems += up
    if uses is not None and timing == "passive":
        problems.append((("uses",), say("logos.passive_uses")))
    skill = Skill(index=index, name=data["name"], timing=timing, trigger=trigger, rate=data.get("rate", 100),
                  charge=bool(data.get("charge", False)), condition=condition, effects=tuple(effects), uses=uses)
    used = [t for e in effects for t in e.targets_used()]
    if "chosen_ally" in used and "chosen_enemy" in used:
        problems.append((("effects",), say("logos.one_chosen")))
    elif "chosen_member" in used and ("chosen_ally" in used or "chosen_enemy" in used):
        problems.append((("effects",), say("logos.chosen_member_alone")))
    return skill, problems


def _effect(d: dict) -> tuple[EffectSpec, Problems]:
    amount, problems = amounts.parse(d.get("value", 0), VOCABULARY, ("value",))
    value = amount if isinstance(amount, int) else 0
    to = d.get("to", "slowest" if d["op"] == "enter" else None)  # LOGOS-8.5: 「行動順6に配置」 by default
    stats = []
    for stat_name, raw in (d.get("stats") or {}).items():  # LOGOS-6.4: a field of several stats
        a, ap = amounts.parse(raw, VOCABULARY, ("stats", stat_name))
        problems += ap
        stats.append((stat_name, a))
    condition = None
    if "condition" in d:  # LOGOS-6.15
        condition, cp = parse(d["condition"], EFFECT_VOCABULARY)
        problems += [(("condition",) + p, m) for p, m in cp]
    return EffectSpec(op=d["op"], target=d.get("target"), stat=d.get("stat"), value=value,
                      turns=d.get("turns"), has_turns="turns" in d, color=d.get("color"), name=d.get("name"),
                      applies_to=d.get("applies_to"), to=to, with_=d.get("with"), amount=amount,
                      side=d.get("side"), keyword=d.get("keyword"), skill=d.get("skill"), stats=tuple(stats),
                      condition=condition, has_value="value" in d), problems


def _effect_problems(e: EffectSpec, timing: str) -> Problems:
    problems: Problems = []
    if "trigger" in e.targets_used() and timing != "counter":
        problems.append((("target",), say("logos.target_trigger")))
    if timing == "passive":
        # LOGOS-5.3: a パッシブ applies from the start of the round, before anyone faces anyone.
        if e.op not in PASSIVE_OPS:
            problems.append((("op",), say("logos.passive_op", op=e.op, allowed=", ".join(PASSIVE_OPS))))
        elif e.target is not None and e.target not in PASSIVE_TARGETS:
            problems.append((("target",), say("logos.passive_target", allowed=", ".join(PASSIVE_TARGETS),
                                                           target=e.target)))
    if not isinstance(e.amount, int):
        if e.op not in AMOUNT_OPS:
            problems.append((("value",), say("logos.amount_op", op=e.op, ops=", ".join(AMOUNT_OPS))))
        elif timing != "counter" and "trigger" in amounts.subjects(e.amount):
            problems.append((("value",), say("logos.condition_trigger")))
    if e.target == "knocked_out_allies" and e.op != "revive":
        problems.append((("target",), say("logos.knocked_out_target", op=e.op)))
    if ((e.op == "enter") != (e.target == "chosen_member") and e.target is not None) or e.with_ == "chosen_member":
        problems.append((("target",), say("logos.enter_target")))
    if e.op == "attack" and e.target == "self":
        problems.append((("target",), say("logos.attack_self")))
    if e.op == "field" and (e.stat is None) == (not e.stats):
        problems.append((("stats",), say("logos.field_stats")))
    if e.condition is not None and e.op in ("field", "dp"):
        problems.append((("condition",), say("logos.effect_condition_target", op=e.op)))
    if e.op == "add_keyword":  # LOGOS-6.13: a keyword is granted only where its behaviour can run
        if e.keyword == "jinrai":
            problems.append((("keyword",), say("logos.jinrai_not_grantable")))
        elif e.keyword == "moukou" and e.color is None:
            problems.append((("keyword",), say("logos.moukou_needs_color")))
        elif e.keyword != "moukou" and e.color is not None:
            problems.append((("color",), say("logos.keyword_color", keyword=KEYWORDS.get(e.keyword or "", e.keyword))))
    if e.op == "field" and e.target is not None:
        problems.append((("target",), say("logos.field_target")))
    if e.op in ("order", "swap_order"):
        for key, t in (("target", e.target), ("with", e.with_)):
            if t in GROUP_TARGETS:
                problems.append(((key,), say("logos.order_group", target=t)))
        if e.op == "swap_order" and ((e.target in ALLY_TARGETS and e.with_ in ENEMY_TARGETS)
                                     or (e.target in ENEMY_TARGETS and e.with_ in ALLY_TARGETS)):
            problems.append((("with",), say("logos.swap_across")))
    return problems


def _mentions_subject(data: Any, subject: str) -> bool:
    if isinstance(data, dict):
        return data.get("of") == subject or any(_mentions_subject(v, subject) for v in data.values())
    if isinstance(data, list):
        return any(_mentions_subject(v, subject) for v in data)
    return False
