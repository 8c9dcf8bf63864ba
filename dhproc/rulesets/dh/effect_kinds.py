"""What each kind of 効果 does (DH-11). An ability's data names a kind; this registry runs it.

Kinds are of two classes (research §5.3): 単発 effects change something for good (damage,
healing, death, a move), 持続 effects last until their end point (stat changes, バリア, 行動不能...).
A 持続 effect is an entry in the shared EffectStore with an absolute end point on the phase clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ...engine import amounts
from ...engine.context import TurnContext
from . import harm, targeting
from .abilities import Ability, EffectSpec, own_amount
from .conditions import accessor
from .model import Character, DhState, Square, parse_square
from .status import PHASE, barricade_squares, move_board, passes_counters, stat

# Kinds that need no target character: they act on the user's side or on a square.
TARGETLESS = ("dp_gain", "wall_build", "wall_break", "summon", "barricade_build", "zoc_field")
LASTING = ("stat_change", "barrier", "incapacitate", "movement_change", "zoc_ignore", "damage_reduction", "seal",
           "control", "wall_entry", "barricade_cross", "counter_pass", "stat_swap", "rate_change", "grant_ability")
DESCRIBED_BY = ("stat", "amount", "seal", "rate", "set")  # the parameters a lasting effect keeps and its events show
KINDS = ("damage", "heal", "instant_death", "dying", "stat_change", "barrier", "incapacitate",
         "movement_change", "zoc_ignore", "extra_action", "dp_gain", "rest_release", "effect_removal",
         "summon", "withdraw", "forced_move", "revive", "wall_build", "wall_break", "normal_attack",
         "damage_reduction", "seal", "control", "wall_entry", "barricade_build", "barricade_cross", "zoc_field",
         "counter_pass", "stat_swap", "rate_change", "grant_ability")

# 単発 kinds that a 付与型 ability with a duration applies again at each of its user side's phase
# starts (DH-10.5): not the lasting ones, not those without a bearer, not 再行動 (a 行動, not an
# effect) and not 戦線離脱 (its bearer is off the MAP until it ends).
REPEATABLE = tuple(k for k in KINDS if k not in LASTING + TARGETLESS + ("extra_action", "withdraw"))


@dataclass
class Use:
    """One use of an ability as its effects see it."""

    user: Character
    ability: Ability
    sub: dict[str, Any]  # the submission's ``ability:`` mapping ({} for counters and passives)
    origin: str  # action | passive | counter | field | grant
    start: int  # the phase it was used in
    extra_actions: list[str] = field(default_factory=list)  # characters granted 再行動
    support: Any = None  # the 応援ボーナス its 行動 spends (support.Support, DH-15); None for the rest

    @property
    def silent(self) -> bool:
        return self.ability.has("counter_silence")


def end_point(state: DhState, ctx: TurnContext, use: Use) -> tuple[int, int | None]:
    """(active from, end) on the phase clock (DH-10.2): an effect is active from the moment it is
    applied — with カウント遅延 only after the 能力休み, at P+4 — and n turns counted from the user
    side's phase P end just before its phase P+2n (P+3n with a 転校生, DH-14.2)."""
    ab = use.ability
    turn = state.phases  # phases a turn: n turns from a phase end just before that side's n-th next one
    base = use.start + (2 * turn if ab.has("delayed") else 0)
    active_from = base if ab.has("delayed") else min(base, state.clocks.now(PHASE))
    if ab.duration == "permanent":
        return active_from, None
    extra = turn if ab.type == "summon" and ctx.options["summon_extra_turn"] else 0
    return active_from, base + turn * int(ab.duration) + extra


def lasting(state: DhState, ctx: TurnContext, use: Use, spec: EffectSpec, target: Character, kind: str,
            data: dict[str, Any], *, field_seq: int | None = None, end: int | None = ...) -> None:
    start, default_end = end_point(state, ctx, use)
    if end is ...:
        end = default_end
    now = state.clocks.now(PHASE)
    before = {s: stat(state, target, s) for s in ("hp", "attack", "defense", "spirit", "fs")}  # any stat the schema allows
    payload = dict(data, ability=use.ability.name, effect_index=spec.index, **{"from": start})
    if use.ability.has("survives_death"):
        payload["survives_death"] = True
    if use.ability.has("survives_target_death"):
        payload["survives_target_death"] = True
    if field_seq is not None:
        payload["field"] = field_seq
    e = state.effects.add(kind, bearer=target.id, data=payload, clock=PHASE, clocks=state.clocks,
                          duration=None if end is None else max(0, end - now), source={"user": use.user.id})
    event: dict[str, Any] = {"effect": e.seq, "type": kind, "bearer": target.id, "actor": use.user.id,
                             "start": start, "end": end}
    if kind == "stat_change":
        event.update(stat=data["stat"], amount=data["amount"], before=before[data["stat"]],
                     after=stat(state, target, data["stat"]))
    else:
        event.update({k: data[k] for k in DESCRIBED_BY + ("slots", "granted") if k in data})
    ctx.emit("effect_start", **event)


def damage_amount(state: DhState, user: Character, spec: EffectSpec, t: Character) -> int:
    """What a ステータスダメージ effect takes off ``t`` before any reduction (DH-11.1): its amount,
    half of the current value (半減, rounding down), or as much as the user's own stat."""
    name = spec.param("stat", "hp")
    current = stat(state, t, name) if name != "hp" else t.hp
    amount = spec.param("amount", 0)
    if amount == "half":
        return current - current // 2  # 半減: the value is halved, rounding down
    if isinstance(amount, dict):  # 自分ステータス依存: as much as the user's own stat, read by the engine
        return amounts.evaluate(own_amount(amount), accessor(state, user, t)).value
    return amount


def _stat_damage(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    name = spec.param("stat", "hp")
    current = stat(state, t, name) if name != "hp" else t.hp
    amount = damage_amount(state, use.user, spec, t)
    amount = harm.reduced(state, ctx, t, name, amount)  # ステータスダメージ軽減 (DH-11.14)
    if name == "hp":
        harm.damage(state, ctx, t, amount, killer=use.user, cause="ability",
                    gruesome=use.ability.has("gruesome_death"), silent=use.silent)
        return
    before_base = getattr(t, name)
    setattr(t, name, max(0, before_base - amount))
    ctx.emit("stat", character=t.id, stat=name, amount=-amount, before=current, after=stat(state, t, name),
             reason="damage")


def _heal(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    harm.heal(state, ctx, t, spec.param("stat", "hp"), spec.param("amount", 0))


def _stat_change(state, ctx, use: Use, spec: EffectSpec, t: Character, **extra: Any) -> None:
    """一時上昇/下降 (DH-11.4); of 体力 it acts by option ``timed_hp`` (DH-10.6)."""
    if spec.param("stat") != "hp":
        _lasting_kind("stat_change")(state, ctx, use, spec, t, **extra)
        return
    amount = spec.param("amount", 0)
    applied = hp_change(state, ctx, use, t, amount)
    if ctx.options["timed_hp"] == "temporary":  # taken back when it ends (harm.effect_end)
        lasting(state, ctx, use, spec, t, "stat_change", {"stat": "hp", "amount": amount, "applied": applied},
                **extra)
    elif use.origin not in ("grant", "field"):  # per_phase: again at each of the user side's phase starts
        lasting(state, ctx, use, spec, t, "repeat", {"kind": "stat_change", "stat": "hp", "amount": amount})


def hp_change(state: DhState, ctx: TurnContext, use: Use, t: Character, amount: int) -> int:
    """A 体力 change by an ability: a fall is 体力 damage (reductions count, DH-11.14), a rise a heal
    (DH-11.2). Returns the change made."""
    if amount >= 0:
        return harm.heal(state, ctx, t, "hp", amount)
    before = t.hp
    harm.damage(state, ctx, t, harm.reduced(state, ctx, t, "hp", -amount), killer=use.user, cause="ability",
                gruesome=use.ability.has("gruesome_death"), silent=use.silent)
    return t.hp - before


def _grant_ability(state, ctx, use: Use, spec: EffectSpec, t: Character, **extra: Any) -> None:
    """特殊能力付与 (DH-11.22): the target may use the ability given while the effect lasts."""
    from .abilities import granted_name

    lasting(state, ctx, use, spec, t, "granted_ability", {"granted": granted_name(spec)}, **extra)


def swap_slots(use: Use, spec: EffectSpec, t: Character) -> list[tuple[Character, str]]:
    """The two values a ステータス入れ替え exchanges (DH-11.21): two stats of the target, or one stat
    of the user and the same stat of the target."""
    if spec.param("with_user", False):
        return [(t, spec.param("stat", "attack")), (use.user, spec.param("stat", "attack"))]
    first, second = spec.param("stats", ["attack", "defense"])
    return [(t, first), (t, second)]


def _stat_swap(state, ctx, use: Use, spec: EffectSpec, t: Character, **extra: Any) -> None:
    """ステータス入れ替え (DH-11.21): the two base values change places for the effect's duration;
    what happens to them meanwhile is read at its end (harm.swap_back)."""
    slots = swap_slots(use, spec, t)
    if slots[0] == slots[1]:
        ctx.emit("cancel", actor=use.user.id, scope="effect", target=t.id, reason="nothing_to_swap")
        return
    values = [getattr(c, name) for c, name in slots]
    harm.set_base(state, ctx, slots[0][0], slots[0][1], values[1], "swap")
    harm.set_base(state, ctx, slots[1][0], slots[1][1], values[0], "swap")
    data = {"slots": [[c.id, name, v] for (c, name), v in zip(slots, values)]}
    lasting(state, ctx, use, spec, t, "stat_swap", data, **extra)


def _instant_death(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    harm.death(state, ctx, t, use.user, "ability", gruesome=use.ability.has("gruesome_death"), silent=use.silent)


def _dying(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    if t.hp > 1:
        harm.damage(state, ctx, t, t.hp - 1, killer=use.user, cause="ability", silent=use.silent)


def _lasting_kind(kind: str) -> Callable:
    def apply(state, ctx, use: Use, spec: EffectSpec, t: Character, **extra: Any) -> None:
        data = {k: v for k, v in spec.params.items() if k in DESCRIBED_BY}
        lasting(state, ctx, use, spec, t, kind, data, **extra)
    return apply


def _extra_action(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    # The seed: 再行動 appears right after the end of the ability's use, not here (DH-8.3).
    use.extra_actions.append(t.id)
    ctx.emit("extra_action_granted", actor=use.user.id, character=t.id)


def _dp_gain(state, ctx, use: Use, spec: EffectSpec, t: Character | None) -> None:
    side = state.sides[use.user.side]
    side.dp += spec.param("amount", 1)
    ctx.emit("dp", side=side.id, amount=spec.param("amount", 1), total=side.dp, character=use.user.id,
             reason="ability")


def _rest_release(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    if t.id == use.user.id:
        ctx.emit("cancel", actor=use.user.id, scope="effect", target=t.id, reason="own_rest")
        return  # 2.0: an ability cannot clear its user's own 能力休み
    harm.end_effects(state, ctx, state.effects.select(bearer=t.id, kind="ability_rest"), reason="released")


def _effect_removal(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    granted = [e for e in state.effects.select(bearer=t.id) if e.kind in LASTING and e.removable]
    harm.end_effects(state, ctx, granted, reason="removed")


def summon_plan(state: DhState, use: Use, spec: EffectSpec) -> tuple[Character | None, Square]:
    """Who a summon brings and where: the submission's ``summon`` / ``at``, else the effect's
    ``character`` and the user's square (DH-11.8). Nobody when neither names one: the checks refuse
    that in a submission, but a passive's or counter's automatic use may still meet it."""
    cid = use.sub.get("summon", spec.param("character"))
    sq = parse_square(use.sub["at"]) if "at" in use.sub else use.user.at
    assert sq is not None
    return state.characters.get(cid) if cid is not None else None, sq


def summon_problem(state: DhState, use: Use, spec: EffectSpec, reach: list[Square] | None) -> str | None:
    """Why this summon cannot happen now, or None (DH-11.8): the square out of the ability's range
    (``reach``; None skips that test) or a wall, the character already on the MAP or dead."""
    c, sq = summon_plan(state, use, spec)
    if c is None:
        return "no_target"
    if not state.board.open(sq):
        return "wall"
    if reach is not None and sq not in reach:
        return "out_of_range"
    if c.dead:
        return "target_dead"
    if c.at is not None:
        return "already_on_map"
    return None


def _summon(state, ctx, use: Use, spec: EffectSpec, t: Character | None) -> None:
    c, sq = summon_plan(state, use, spec)
    why = summon_problem(state, use, spec, None)  # a wall built since 対象決定, say
    if why:
        ctx.emit("cancel", actor=use.user.id, scope="effect", effect=spec.index, reason=why, at=sq.label,
                 character=c.id if c else None)
        return
    assert c is not None
    c.at = sq
    c.arrived_phase = state.clocks.now(PHASE)
    ctx.emit("arrive", character=c.id, at=sq.label, by=use.user.id, cause="summon")
    start, end = end_point(state, ctx, use)
    e = state.effects.add("summon", bearer=c.id, data={"ability": use.ability.name, "from": start},
                          clock=PHASE, clocks=state.clocks,
                          duration=None if end is None else max(0, end - state.clocks.now(PHASE)),
                          source={"user": use.user.id})
    ctx.emit("effect_start", effect=e.seq, type="summon", bearer=c.id, actor=use.user.id, start=start, end=end)
    state.arrivals.append(c.id)


def _withdraw(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    t.withdrawn, t.withdrawn_from = True, t.at
    permanent = bool(spec.param("permanent", False))
    ctx.emit("withdraw", character=t.id, by=use.user.id, permanent=permanent, at=t.at.label)
    if not permanent:
        lasting(state, ctx, use, spec, t, "withdraw", {})
    elif ctx.options["dp_on_permanent_withdrawal"]:
        harm.award_dp(state, ctx, t, use.user, "ability")


def _forced_move(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    """強制移動 (DH-11.10): to the square the submission names within ``squares`` steps, or
    straight in a direction — away from the user, one the submission names, or a fixed one."""
    from .movement import push_line, plan_move

    reach = spec.param("squares", 1)
    direction = spec.param("direction", "chosen")
    board = move_board(state, t)
    stops = targeting.move_stops(state, ctx, t, forced=True)
    extra: dict[str, Any] = {}
    if direction == "chosen":
        dest = parse_square(use.sub["at"]) if "at" in use.sub else None
        plan = None if dest is None else plan_move(board, t.at, dest, reach, stops)
        if plan is None or plan.cancelled:
            ctx.emit("cancel", actor=use.user.id, scope="effect", target=t.id, reason="no_destination")
            return
    else:
        way = _push_direction(ctx, use, t, direction)
        if way is None:
            ctx.emit("cancel", actor=use.user.id, scope="effect", target=t.id, reason="no_direction")
            return
        plan = push_line(board, t.at, way, reach, stops)
        dest = plan.end
        short = len(plan.path) < reach and not plan.stopped_by_zoc
        if short and ctx.options["forced_push_blocked"] == "cancel":
            ctx.emit("cancel", actor=use.user.id, scope="effect", target=t.id, reason="push_blocked")
            return
        extra = {"direction": way, "short": short}
    start = t.at
    t.at = plan.end
    ctx.emit("move", actor=t.id, **{"from": start.label, "to": plan.end.label}, path=[s.label for s in plan.path],
             steps=len(plan.path), zoc_stop=plan.stopped_by_zoc, requested=dest.label, forced_by=use.user.id,
             **extra)
    silent = use.silent or passes_counters(state, t)  # 移動カウンター突破 (DH-11.19)
    for sq in plan.path:
        state.pending.append(harm.Trigger("entered", t.id, None, sq, silent))
    if plan.path:
        state.steps.follow_fields(state, ctx, t, forced=True)


def _push_direction(ctx: TurnContext, use: Use, t: Character, direction: str) -> str | None:
    """The direction of a straight forced move, or None when there is none (DH-11.10). ``away`` takes
    the one direction leading away from the user when the target stands in line with it; for a
    target off the line (two such directions) or on the user's square (four), the submission's
    ``direction`` chooses among them when the option ``forced_away_choice`` allows."""
    from .movement import DIRECTIONS

    named = use.sub.get("direction")
    if direction == "line":
        return named if named in DIRECTIONS else None
    if direction != "away":
        return direction
    u = use.user.at
    if u is None or t.at is None:
        return None
    dr, dc = t.at.row - u.row, t.at.col - u.col
    away = [d for d, (r, c) in DIRECTIONS.items() if (r and r * dr > 0) or (c and c * dc > 0)] \
        if (dr, dc) != (0, 0) else list(DIRECTIONS)
    if len(away) == 1:
        return away[0]
    if ctx.options["forced_away_choice"] == "submission" and named in away:
        return named
    return None


def area_effect(state, ctx, use: Use, spec: EffectSpec, kind: str, squares: list[Square]) -> Any:
    """A field, barricade or ZoC field: squares of the MAP that its user sustains for the ability's
    duration (DH-8.9, DH-11.17, DH-11.18); it ends with its user's death unless 死亡非解除 (DH-10.4)."""
    start, end = end_point(state, ctx, use)
    return state.effects.add(kind, bearer=None,
                             data={"ability": use.ability.name, "effect_index": spec.index, "owner": use.user.id,
                                   "squares": [s.label for s in squares], "from": start,
                                   "survives_death": use.ability.has("survives_death")},
                             clock=PHASE, clocks=state.clocks,
                             duration=None if end is None else max(0, end - state.clocks.now(PHASE)),
                             source={"user": use.user.id})


def _barricade_build(state, ctx, use: Use, spec: EffectSpec, t: Character | None) -> None:
    """バリケード設置 (DH-11.17): the empty open square ``at`` holds a barricade."""
    sq: Square | None = parse_square(use.sub["at"]) if "at" in use.sub else None
    if sq is None or not state.board.open(sq) or sq in barricade_squares(state) \
            or any(c.at == sq and not c.withdrawn for c in state.characters.values()):
        ctx.emit("cancel", actor=use.user.id, scope="effect", reason="bad_barricade_square",
                 at=sq.label if sq else None)
        return
    e = area_effect(state, ctx, use, spec, "barricade", [sq])
    ctx.emit("barricade", effect=e.seq, at=sq.label, by=use.user.id, end=e.end)


def _zoc_field(state, ctx, use: Use, spec: EffectSpec, t: Character | None) -> None:
    """ZoCフィールド設置 (DH-11.18): the effect's range, from where the user stands now."""
    squares = targeting.reach(state, ctx, use.user, spec, use.ability, direction=use.sub.get("direction"))
    e = area_effect(state, ctx, use, spec, "zoc_field", squares)
    ctx.emit("zoc_field_set", actor=use.user.id, ability=use.ability.name, effect=e.seq,
             squares=[s.label for s in squares], end=e.end)


def _revive(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    t.dead = False
    t.hp = spec.param("amount", 1)
    t.arrived_phase = state.clocks.now(PHASE)  # the two-phase rule applies again (2.0)
    ctx.emit("revive", character=t.id, by=use.user.id, hp=t.hp)


def _wall(build: bool) -> Callable:
    def apply(state, ctx, use: Use, spec: EffectSpec, t: Character | None) -> None:
        from .model import Board

        sq: Square | None = parse_square(use.sub["at"]) if "at" in use.sub else None
        walls = list(state.board.walls)
        ok = sq is not None and state.board.on_board(sq) and ((sq not in walls) if build else (sq in walls))
        if ok and build and any(c.at == sq and not c.withdrawn for c in state.characters.values()):
            ok = False  # nothing can stay inside a wall
        if not ok:
            ctx.emit("cancel", actor=use.user.id, scope="effect", reason="bad_wall_square",
                     at=sq.label if sq else None)
            return
        walls = walls + [sq] if build else [w for w in walls if w != sq]
        state.board = Board(state.board.rows, state.board.cols, frozenset(walls))
        ctx.emit("wall", at=sq.label, built=build, by=use.user.id)
    return apply


def _normal_attack(state, ctx, use: Use, spec: EffectSpec, t: Character) -> None:
    """特殊攻撃 (DH-11.13): a normal attack made by the ability, at its range and on its targets."""
    from .strike import strike

    strike(state, ctx, use.user, t, ability=use.ability.name, triggers=ctx.options["ability_attack_is_attack"],
           silent=use.silent, gruesome=use.ability.has("gruesome_death"), support=use.support)


HANDLERS: dict[str, Callable] = {
    "damage": _stat_damage,
    "heal": _heal,
    "instant_death": _instant_death,
    "dying": _dying,
    "stat_change": _stat_change,
    "barrier": _lasting_kind("barrier"),
    "incapacitate": _lasting_kind("incapacitate"),
    "movement_change": _lasting_kind("movement_change"),
    "zoc_ignore": _lasting_kind("zoc_ignore"),
    "extra_action": _extra_action,
    "dp_gain": _dp_gain,
    "rest_release": _rest_release,
    "effect_removal": _effect_removal,
    "summon": _summon,
    "withdraw": _withdraw,
    "forced_move": _forced_move,
    "revive": _revive,
    "wall_build": _wall(True),
    "wall_break": _wall(False),
    "normal_attack": _normal_attack,
    "damage_reduction": _lasting_kind("damage_reduction"),
    "seal": _lasting_kind("seal"),
    "control": _lasting_kind("control"),
    "wall_entry": _lasting_kind("wall_entry"),
    "barricade_build": _barricade_build,
    "barricade_cross": _lasting_kind("barricade_cross"),
    "zoc_field": _zoc_field,
    "counter_pass": _lasting_kind("counter_pass"),
    "stat_swap": _stat_swap,
    "rate_change": _lasting_kind("rate_change"),  # 発動率 / 成功率 操作 (DH-11.20), read by support.roll_rate
    "grant_ability": _grant_ability,
}
assert tuple(HANDLERS) == KINDS
