"""特殊能力 as typed data: what the setup's ``ability:`` says, parsed once (DH-8, DH-9).

An ability is never code per character: it is a record of its rates, its style and type, its
range and targets, its effects (each a kind with parameters), its 制約 and its 付属. The rules in
``ability_rules.py`` run these records; ``effect_kinds.py`` says what each effect kind does.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...engine import limits
from ...engine.amounts import Derived
from ...engine.limits import UsageLimit

STYLES = ("active", "passive", "counter")
TYPES = ("instant", "granted", "field", "summon")
SHAPES = ("same_square", "adjacent", "diagonal", "radius", "around", "map", "adjacent_nth", "line")
# 一方向 (DH-9.6): chosen in the submission (任意一方向) or fixed in the design (固定一方向)
LINE_DIRECTIONS = ("chosen", "up", "down", "left", "right")
TARGET_SIDES = ("enemy", "ally", "any", "self")
COUNTS = ("single", "multi", "square", "up_to")
RIDERS = ("wall_piercing", "barrier_piercing", "counter_silence", "gruesome_death", "survives_death",
          "survives_target_death", "no_rest", "retarget", "empty_fire", "delayed", "moving_field")
COUNTER_WHEN = ("attacked_by_enemy", "targeted_by_enemy_ability", "targeted_by_enemy", "killed_by_enemy",
                "killed", "enemy_enters_range", "enemy_ends_action_in_range", "enemy_uses_ability_in_range",
                "enemy_attacks_in_range", "ally_ends_action_in_range", "self_kills_enemy", "self_hits",
                "sole_target_of_enemy_ability", "sole_target_of_enemy")
# タイミング (DH-8.17): 後手 after the trigger, 先手 before it takes effect, 同時 at the same moment
COUNTER_TIMINGS = ("after", "before", "same")
# The conditions with a moment before their trigger takes effect: an attack before its 命中判定, an
# ability before its 発動判定, a death before it happens ("about to be killed").
BEFORE_WHEN = ("attacked_by_enemy", "targeted_by_enemy_ability", "targeted_by_enemy", "enemy_attacks_in_range",
               "enemy_uses_ability_in_range", "killed_by_enemy", "killed", "sole_target_of_enemy_ability",
               "sole_target_of_enemy")
PERMANENT = "permanent"
# 1度しか使えない and n回 (DH-8.1) are the engine's usage limits over one period, the whole game;
# every use is counted in that period (GAME is its one key), limited or not.
PER_GAME, GAME = "game", 0


class Range(NamedTuple):
    shape: str = "same_square"
    size: int = 0
    direction: str | None = None  # a line's direction (LINE_DIRECTIONS); None for every other shape

    @property
    def chosen_line(self) -> bool:
        """A line whose direction the submission chooses (任意一方向, DH-9.6)."""
        return self.shape == "line" and self.direction == "chosen"


class Targets(NamedTuple):
    side: str = "any"  # 敵 / 味方 / 任意 / 自分
    count: str = "single"  # 単体 / 複数
    only: Any = None  # 対象制約: an engine condition on ``target`` (DH-9.3); None takes everyone
    most: int = 1  # count up_to: at most this many named targets (人数 n人, DH-9.4)


class EffectSpec(NamedTuple):
    """One 効果 of an ability: a kind and its parameters, with its own reach when it has one."""

    index: int  # 1-based, as the report numbers them
    kind: str
    params: dict[str, Any]
    range: Range
    targets: Targets
    empty_fire: bool  # 空撃ち可能 for this effect

    def param(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


class Cost(NamedTuple):
    kind: str  # stat, movement, dp, dp_gift, extra_rest, permanent_incapacitation, permanent_withdrawal, self_death
    params: dict[str, Any]
    by_ally: bool = False  # 味方〜: paid by an ally in range instead of the user


class Ability(NamedTuple):
    """A character's 特殊能力 as its setup writes it, read only. A named tuple: a frozen dataclass of
    17 fields compiled its methods at every dh resolve's start (some 2-3 ms)."""

    name: str
    secret: bool
    activation: int  # 発動率, percent (may exceed 100)
    success: int  # 成功率, percent
    style: str
    type: str
    duration: int | str  # turns; 0 = 一瞬; "permanent" = 永続
    effects: tuple[EffectSpec, ...]
    costs: tuple[Cost, ...] = ()
    restrictions: tuple[dict[str, Any], ...] = ()
    riders: frozenset[str] = frozenset()
    counter_when: str | None = None
    when: Any = None  # 機会制約: an engine condition on ``self`` and ``match`` (DH-8.15)
    counter_times: int | None = None  # 待受回数: the wait ends after this many firings (DH-8.16)
    counter_timing: str = "after"  # タイミング 後手 / 先手 / 同時 (DH-8.17)
    limit: UsageLimit | None = None  # 1度しか使えない / n回: the stricter of the two (DH-8.1)
    prepare_turns: int | None = None  # カウント遅延（準備型）: targets named this many turns later (DH-10.8)

    @property
    def usable(self) -> bool:
        """A name-only ability (no effects written) is shown in tables but cannot be used."""
        return bool(self.effects)

    def has(self, rider: str) -> bool:
        return rider in self.riders

    def restriction(self, kind: str) -> dict[str, Any] | None:
        return next((r for r in self.restrictions if r["kind"] == kind), None)

    @property
    def mental_attack(self) -> bool:
        return self.restriction("mental_attack") is not None


def parse_ability(data: dict[str, Any] | None) -> Ability | None:
    """The setup's ``ability:`` mapping (already schema-checked) as an :class:`Ability`."""
    if not data:
        return None
    base_range = _range(data.get("range"))
    base_targets = _targets(data.get("targets"))
    riders = frozenset(data.get("riders", []))
    effects = tuple(
        EffectSpec(index=i, kind=e["kind"], params={k: v for k, v in e.items()
                                                     if k not in ("kind", "range", "targets", "empty_fire")},
                   range=_range(e["range"]) if "range" in e else base_range,
                   targets=_targets(e["targets"]) if "targets" in e else base_targets,
                   empty_fire=bool(e.get("empty_fire", "empty_fire" in riders)))
        for i, e in enumerate(data.get("effects", []), start=1))
    costs = tuple(Cost(c["kind"], {k: v for k, v in c.items() if k not in ("kind", "by_ally")},
                       bool(c.get("by_ally", False))) for c in data.get("costs", []))
    return Ability(
        name=data["name"], secret=bool(data.get("secret", False)),
        activation=data.get("activation", 100), success=data.get("success", 100),
        style=data.get("style", "active"), type=data.get("type", "instant"),
        duration=data.get("duration", 0), effects=effects, costs=costs,
        restrictions=tuple(data.get("restrictions", [])), riders=riders,
        counter_when=(data.get("counter") or {}).get("when"), when=_when(data.get("restrictions", [])),
        counter_times=(data.get("counter") or {}).get("times"),
        counter_timing=(data.get("counter") or {}).get("timing", "after"),
        limit=_limit(data.get("restrictions", [])),
        prepare_turns=(data.get("prepared") or {}).get("turns"))


def _limit(restrictions: list[dict[str, Any]]) -> UsageLimit | None:
    """The usage limit the ability's 制約 set: once per game, or ``count`` times (checked by the schema)."""
    found = [limits.parse({"count": 1 if r["kind"] == "once_per_game" else r["count"]}, (PER_GAME,), PER_GAME)[0]
             for r in restrictions if r["kind"] in ("once_per_game", "uses")]
    return min((lim for lim in found if lim is not None), key=lambda lim: lim.count, default=None)


def own_amount(data: dict[str, Any]) -> Derived:
    """自分ステータス依存 ``{own: stat}`` (DH-11.1): the engine's amount read from the user."""
    return Derived("self", data["own"])
def granted_definitions(setup: dict[str, Any]) -> list[tuple[tuple, dict[str, Any]]]:
    """Every ability a 特殊能力付与 can give (DH-11.22), with its path in the setup: those of the
    setup's ``abilities`` and those written inline as a ``grant_ability`` effect's ``ability``."""
    found: list[tuple[tuple, dict[str, Any]]] = []

    def walk(path: tuple, ab: dict[str, Any]) -> None:
        for j, e in enumerate(ab.get("effects", [])):
            if e["kind"] == "grant_ability" and isinstance(e.get("ability"), dict):
                found.append((path + ("effects", j, "ability"), e["ability"]))
                walk(path + ("effects", j, "ability"), e["ability"])

    for i, ab in enumerate(setup.get("abilities", [])):
        found.append((("abilities", i), ab))
        walk(("abilities", i), ab)
    for cid, c in setup["characters"].items():
        if c.get("ability"):
            walk(("characters", cid, "ability"), c["ability"])
    return found


def uses_kind(setup: dict[str, Any], effect_kinds: tuple[str, ...], lasting: tuple[str, ...],
              restrictions: tuple[str, ...] = (), prepared: bool = False) -> bool:
    """Whether any ability of the setup (a character's or one a grant gives) has an effect of one of
    ``effect_kinds`` (or a restriction of ``restrictions``, or ``prepared``), or a lasting effect
    carried over is one of ``lasting``: the options that only such a match reads."""
    abilities = [c["ability"] for c in setup["characters"].values() if c.get("ability")]
    abilities += [data for _, data in granted_definitions(setup)]
    return any(e["kind"] in effect_kinds for a in abilities for e in a.get("effects", [])) \
        or any(r["kind"] in restrictions for a in abilities for r in a.get("restrictions", [])) \
        or (prepared and any("prepared" in a for a in abilities)) \
        or any(e["kind"] in lasting for e in setup.get("effects", []))


def library(setup: dict[str, Any]) -> dict[str, Ability]:
    """The grantable abilities by name (the checks refuse one name given two definitions)."""
    out: dict[str, Ability] = {}
    for _, data in granted_definitions(setup):
        if data["name"] not in out:
            out[data["name"]] = parse_ability(data)  # type: ignore[assignment]
    return out


def granted_name(spec: EffectSpec) -> str:
    """The name of the ability a ``grant_ability`` effect gives, written inline or by reference."""
    given = spec.param("ability")
    return given["name"] if isinstance(given, dict) else str(given)


DELAYS = {"effect_delay": "use", "time_lag": "landing"}  # 効果遅延, 時間差攻撃: where the duration counts from


def delay_of(ab: Ability, spec: EffectSpec, phases: int = 2) -> tuple[int, str] | None:
    """How many phases ``spec`` waits after the use (``phases`` a turn), and where its duration
    counts from (DH-10.7), or None when it takes effect at once."""
    for kind, counts in DELAYS.items():
        r = ab.restriction(kind)
        if r is not None and spec.index in r.get("effects", [spec.index]):
            return r["delay"] * (1 if r.get("unit") == "phase" else phases), counts
    return None


def _when(restrictions: list[dict[str, Any]]) -> Any:
    """Every 機会制約 condition of the ability, all of which must hold (None when there is none)."""
    from ...engine.conditions import AllOf
    from .vocabulary import parse_when

    parsed = [parse_when(r["when"])[0] for r in restrictions if r["kind"] == "condition"]
    return AllOf(tuple(c for c in parsed if c is not None)) if parsed else None


def _range(data: dict[str, Any] | None) -> Range:
    if not data:
        return Range()
    shape = data.get("shape", "same_square")
    return Range(shape, data.get("size", 0), data.get("direction", "chosen") if shape == "line" else None)


def _targets(data: dict[str, Any] | None) -> Targets:
    if not data:
        return Targets()
    only = None
    if "only" in data:
        from .vocabulary import parse_only

        only = parse_only(data["only"])[0]
    return Targets(data.get("side", "any"), data.get("count", "single"), only, data.get("max", 1))
