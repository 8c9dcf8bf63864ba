"""Damage, death and what follows it, and healing, shared by 通常攻撃, 特殊能力 and 制約 (DH-5, DH-6).

Deaths, hits and the like are also queued as triggers on ``state.pending``; the resolution
settles them (fires the counters they satisfy) at the end of each step, in a declared order.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ...engine.context import TurnContext
from ...errors import ResolutionError
from ...words.messages import say
from . import messages as _messages  # noqa: F401  (registers the dh catalogue forestall's error reads)
from .model import Character, DhState, Square
from .rolls import reduced_damage
from .status import PHASE, effects_on, granted, stat

SURROUNDINGS = {
    # DH-5.2: which squares around a death lose 精神 (option mental_loss_area)
    "same_square": lambda a, b: a == b,
    "orthogonal1": lambda a, b: abs(a.row - b.row) + abs(a.col - b.col) <= 1,
    "around1": lambda a, b: abs(a.row - b.row) <= 1 and abs(a.col - b.col) <= 1,
    "whole_side": lambda a, b: True,
}


class Trigger(NamedTuple):
    """Something that happened that a カウンター may be waiting for (DH-8.6). A named tuple: a
    turn makes hundreds (every attack, hit, entered square and action's end is one), and a
    tuple is made in C where a frozen dataclass sets each field by a call."""

    kind: str  # attacked, hit, targeted_by_ability, killed, entered, action_end, ability_used
    subject: str | None  # who did it
    object: str | None = None  # to whom
    square: Square | None = None  # where
    silent: bool = False  # caused by an ability with カウンター沈黙: satisfies no counter
    before: bool = False  # the moment before it takes effect: only 先手 counters answer it (DH-8.17)
    fellows: tuple[str, ...] = ()  # the other targets of the same use: the object is not the sole target (DH-8.18)


class RuleSteps(NamedTuple):
    """The two steps of the ability rules that harm and the effect kinds take in the middle of an
    act: ``settle`` fires the 先手 counters a blow wakes before it lands (DH-8.17), and
    ``follow_fields`` moves the fields that go with a character a forced move pushed (DH-8.19).
    Both run abilities, so they live in ability_rules, above the effect kinds, strike and harm;
    importing them back from below would make the four modules a circle. The rules hand them down
    instead, on the state as each turn starts (rules.resolve_turn gives ability_rules.STEPS)."""

    settle: Callable[..., None]  # ability_rules.settle(state, ctx, *, final)
    follow_fields: Callable[..., None]  # ability_rules.follow_fields(state, ctx, c, *, forced)


FORESTALL_DEPTH = 40  # 先手 counters settled inside one another at most (each one a level of the call stack)


def forestall(state: DhState, ctx: TurnContext, moment: Trigger) -> bool:
    """Settle the 先手 counters that answer the moment before ``moment`` takes effect (DH-8.17):
    ``moment`` as it will be queued, answered here as ``before``. The triggers already pending
    wait for their own settling. Whether any settling was made: without one nothing changed."""
    if state.forestalling:  # 先手 counters answering each other: an error, never a hang
        most = min(ctx.options["trigger_limit"], FORESTALL_DEPTH)  # at least 1: the first level always runs
        if state.forestalling >= most:
            raise ResolutionError([state.turn_anchor.problem(("turn",), say("dh.forestall_limit", n=most + 1,
                                                                            most=FORESTALL_DEPTH))])
    version, table = state.waiting  # what the waiting counters answer (ability_rules._waiting)
    if version == state.effects.version and (moment.kind, True) not in table:
        return False  # no 先手 counter waits for this kind of moment: the settling would fire nothing
    state.forestalling += 1
    held, state.pending = state.pending, [moment._replace(before=True)]
    try:
        state.steps.settle(state, ctx, final=False)
    finally:
        state.forestalling -= 1
    state.pending = held + state.pending
    return True


def damage(state: DhState, ctx: TurnContext, t: Character, amount: int, *, killer: Character | None,
           cause: str, gruesome: bool = False, silent: bool = False) -> None:
    """体力 damage (DH-4.3): never below 0; 体力 0 is death, 体力 1 is 瀕死. A lethal blow lets the
    target's 先手 counters for its death act first ("about to be killed", DH-8.17)."""
    if 0 < t.hp <= amount:
        forestall(state, ctx, Trigger("killed", killer.id if killer else None, t.id, t.at, silent))
        if t.dead:
            return
    before = t.hp
    t.hp = max(0, t.hp - amount)
    ctx.record({"seq": None, "kind": "damage", "target": t.id, "stat": "hp", "amount": amount, "before": before,
                "after": t.hp})
    if t.hp == 0:
        death(state, ctx, t, killer, cause, gruesome=gruesome, silent=silent, forestalled=True)
    elif t.hp == 1 and before != 1 and not t.never_dying:  # a 転校生 may never be 瀕死 (DH-14.8)
        ctx.emit("state", character=t.id, state="dying", on=True)


def reduced(state: DhState, ctx: TurnContext, t: Character, stat: str, amount: int) -> int:
    """ステータスダメージ軽減 (DH-11.14): every active reduction of this stat (or of every stat, when
    it names none) on ``t`` takes its amount off the damage, never below 0; the sum is logged."""
    if not state.effects.lookup((t.id, "damage_reduction")):  # every hit asks; few ever hold one
        return amount
    by = reduction_on(state, t, stat)
    if by <= 0 or amount <= 0:
        return amount
    after = reduced_damage(amount, by)
    ctx.emit("reduced", target=t.id, stat=stat, amount=amount, by=by, after=after)
    return after


def reduction_on(state: DhState, t: Character, stat: str) -> int:
    """How much the active ステータスダメージ軽減 on ``t`` take off damage to ``stat`` (DH-11.14)."""
    return sum(e.data["amount"] for e in effects_on(state, t, "damage_reduction") if e.data.get("stat", stat) == stat)


def heal(state: DhState, ctx: TurnContext, t: Character, name: str, amount: int, reason: str = "heal") -> int:
    """Raise a stat for good, up to its initial value by option ``heal_cap`` (DH-11.2); the rise made."""
    before = getattr(t, name)
    after = before + amount
    if ctx.options["heal_cap"] == "initial":
        after = min(after, max(before, state.initial[t.id][name]))
    setattr(t, name, after)
    ctx.emit("stat", character=t.id, stat=name, amount=after - before, before=before if name == "hp"
             else stat(state, t, name) - (after - before), after=after if name == "hp" else stat(state, t, name),
             reason=reason)
    if name == "hp" and before == 1 and after != 1:
        ctx.emit("state", character=t.id, state="dying", on=False)
    return after - before


def set_base(state: DhState, ctx: TurnContext, c: Character, name: str, value: int, reason: str) -> None:
    """Put a base stat at ``value`` (never below 0) and log the change as its current value shows it."""
    before = stat(state, c, name)
    setattr(c, name, max(0, value))
    ctx.emit("stat", character=c.id, stat=name, amount=stat(state, c, name) - before, before=before,
             after=stat(state, c, name), reason=reason)


def death(state: DhState, ctx: TurnContext, dead: Character, killer: Character | None, cause: str, *,
          gruesome: bool = False, silent: bool = False, forestalled: bool = False) -> None:
    """DH-5: 死亡, 味方の精神減少 (−2 with 凄惨な死 on an enemy), DP, effect clean-up, wipe-out."""
    if not forestalled and not dead.dead:  # 即死, 自分死亡: the 先手 counters for this death first
        forestall(state, ctx, Trigger("killed", killer.id if killer else None, dead.id, dead.at, silent))
        if dead.dead:
            return
    dead.dead = True
    state.deaths += 1
    dead.died_phase = state.clocks.now(PHASE)
    # 内ゲバ (DH-5.4, DH-8.4): killed by its own side's attack or ability; nobody gains DP
    friendly = killer is not None and killer.side == dead.side and cause in ("attack", "ability")
    if dead.hp != 0:
        before = dead.hp
        dead.hp = 0
        ctx.emit("damage", target=dead.id, stat="hp", amount=before, before=before, after=0)
    ctx.emit("death", character=dead.id, killer=killer.id if killer else None, cause=cause,
             **({"friendly_kill": True} if friendly else {}))
    near = SURROUNDINGS[ctx.options["mental_loss_area"]]
    amount = 2 if gruesome and killer is not None and killer.side != dead.side else 1
    losses = []
    where = dead.at if dead.at is not None else dead.withdrawn_from
    for ally in state.members(dead.side):
        if ally.id != dead.id and not ally.dead and ally.on_map and where is not None and near(ally.at, where):
            before = ally.spirit
            ally.spirit = max(0, ally.spirit - amount)
            losses.append({"character": ally.id, "before": before, "after": ally.spirit})
    ctx.emit("spirit_loss", character=dead.id, amount=amount, affected=losses)
    if not friendly:
        award_dp(state, ctx, dead, killer, cause)
    end_effects_of_dead(state, ctx, dead)
    state.pending.append(Trigger("killed", killer.id if killer else None, dead.id, where, silent))
    if ctx.options["wipeout_check"] == "immediate":
        check_wipeout(state, ctx)


def award_dp(state: DhState, ctx: TurnContext, dead: Character, killer: Character | None, cause: str) -> None:
    """DH-5.3: DP to the other side (内ゲバ gives none and is never passed here: DH-5.4); a 転校生
    yields its 所持DP to its killer's side, its own kills nothing (DH-14.5, DH-14.6)."""
    if dead.transfer or (killer is not None and killer.transfer and cause in ("attack", "ability")):
        transfer_dp(state, ctx, dead, killer, cause)
        return
    gainer = state.opponent(dead.side)
    base = ctx.options["leader_dp"] if dead.leader else 1
    multiplier = 1
    if killer is not None and killer.leader and killer.side == gainer and cause in ("attack", "ability"):
        multiplier = ctx.options["leader_kill_multiplier"]
    _score(state, ctx, dead, gainer, base, multiplier, cause)


def transfer_dp(state: DhState, ctx: TurnContext, dead: Character, killer: Character | None, cause: str) -> None:
    """DH-14.5: a dead 転校生's 所持DP goes to the side of the player character that killed it
    (option transfer_dp_to); none for a death by a 制約 or with no killer. DH-14.6: a 転校生's kill of
    a player character yields nothing (option transfer_kill_dp: opponent scores it as DH-5.3)."""
    if not dead.transfer:
        if ctx.options["transfer_kill_dp"] == "opponent":
            _score(state, ctx, dead, state.opponent(dead.side), ctx.options["leader_dp"] if dead.leader else 1, 1, cause)
        else:
            ctx.emit("dp_none", character=dead.id, killer=killer.id if killer else None, reason="transfer_kill")
        return
    if killer is None or killer.transfer or cause not in ("attack", "ability") or ctx.options["transfer_dp_to"] == "none":
        why = "transfer_dp_none" if ctx.options["transfer_dp_to"] == "none" else "no_player_killer"
        ctx.emit("dp_none", character=dead.id, killer=killer.id if killer else None, reason=why)
        return
    multiplier = ctx.options["leader_kill_multiplier"] if killer.leader else 1
    _score(state, ctx, dead, killer.side, dead.held_dp, multiplier, cause, transfer=True)


def _score(state: DhState, ctx: TurnContext, dead: Character, gainer: str, base: int, multiplier: int,
           cause: str, **extra: Any) -> None:
    amount = base * multiplier
    state.sides[gainer].dp += amount
    ctx.emit("dp", side=gainer, amount=amount, total=state.sides[gainer].dp, character=dead.id,
             base=base, multiplier=multiplier, reason="kill" if cause != "cost" else "cost_death", **extra)


def end_effects_of_dead(state: DhState, ctx: TurnContext, dead: Character) -> None:
    """DH-10.4: a death ends the effects on the dead (unless 対象死亡非解除) and the effects it was
    sustaining (unless 死亡非解除), its 能力休み and waiting counter included; only 制約 states stay
    (2.0: death removes every state but 死亡 and those of 制約)."""
    gone = []
    for e in state.effects:
        if e.data.get("constraint") or (e.kind == "counter" and e.bearer == dead.id):
            continue  # a waiting counter ends once this death's triggers are settled (end_dead_counters)
        if e.bearer == dead.id and not e.data.get("survives_target_death") and e.kind != "counter":
            gone.append(e)
        elif e.source.get("user") == dead.id and not e.data.get("survives_death"):
            gone.append(e)
    end_effects(state, ctx, gone, reason="death")


def end_dead_counters(state: DhState, ctx: TurnContext) -> None:
    """The waiting counters of the dead end after the triggers of the death have been settled, so a
    counter for its own death, or a 同時 one, still answers them (DH-8.6, DH-8.17)."""
    if state.dead_counters_seen == (state.effects.version, state.deaths):
        return  # no death and no effect started or ended since the last look, which left none
    gone = [e for e in state.effects.select(kind="counter")
            if e.bearer is not None and state.characters[e.bearer].dead and not e.data.get("survives_death")]
    end_effects(state, ctx, gone, reason="death")
    state.dead_counters_seen = (state.effects.version, state.deaths)


def end_effects(state: DhState, ctx: TurnContext, effects: list, *, reason: str) -> None:
    """Remove lasting effects and log each (see :func:`effect_end`)."""
    for e in state.effects.remove(effects, force=True):
        effect_end(state, ctx, e, reason)


def effect_end(state: DhState, ctx: TurnContext, e: Any, reason: str) -> None:
    """The event of a lasting effect's end: what it was, and the stat it changed, now."""
    event: dict[str, Any] = {"effect": e.seq, "type": e.kind, "bearer": e.bearer, "reason": reason}
    if e.kind == "stat_change" and e.bearer is not None:
        c = state.characters[e.bearer]
        event.update(stat=e.data["stat"], amount=e.data["amount"], after=stat(state, c, e.data["stat"]))
    elif e.kind in ("field", "counter", "delayed"):
        event.update(owner=e.source.get("user"), ability=e.data.get("ability"))
    elif e.kind in ("barricade", "zoc_field"):  # terrain: its squares (DH-11.17, DH-11.18)
        event.update(owner=e.source.get("user"), ability=e.data.get("ability"), squares=e.data["squares"])
    elif e.kind in ("damage_reduction", "seal", "repeat"):  # what ends, as its start said it
        event.update({k: e.data[k] for k in ("stat", "amount", "seal") if k in e.data})
    elif e.kind == "stat_swap":
        event.update(slots=e.data["slots"])
    elif e.kind == "granted_ability":
        event.update(granted=e.data["granted"])
    ctx.emit("effect_end", **event)
    if e.kind == "stat_swap":
        swap_back(state, ctx, e.data["slots"])
    elif e.kind == "granted_ability" and e.bearer is not None:
        _grant_ended(state, ctx, state.characters[e.bearer], e.data["granted"])
    if e.kind == "stat_change" and e.data.get("applied") and e.bearer is not None:
        _take_back_hp(state, ctx, state.characters[e.bearer], e.data["applied"])


def _grant_ended(state: DhState, ctx: TurnContext, c: Character, name: str) -> None:
    """When a 特殊能力付与 ends the ability is gone (DH-11.22): its waiting counter ends with it,
    unless the ability is still given (or its own) by another effect."""
    if name in granted(state, c) or (c.ability is not None and c.ability.name == name):
        return
    waiting = [x for x in state.effects.select(bearer=c.id, kind="counter") if x.data.get("ability") == name]
    end_effects(state, ctx, waiting, reason="grant_ended")


def swap_back(state: DhState, ctx: TurnContext, slots: list) -> None:
    """The end of a ステータス入れ替え (DH-11.21, option ``swap_end``): ``exchange`` puts the two
    values back in place as they are now, so a change made to a value while swapped goes with it;
    ``restore`` gives each stat its own value from before the swap, changed by what was done to
    that stat while swapped."""
    (c1, s1, v1), (c2, s2, v2) = slots
    a, b = state.characters[c1], state.characters[c2]
    now1, now2 = getattr(a, s1), getattr(b, s2)
    if ctx.options["swap_end"] == "exchange":
        new1, new2 = now2, now1
    else:
        new1, new2 = v1 + (now1 - v2), v2 + (now2 - v1)
    set_base(state, ctx, a, s1, new1, "swap_end")
    set_base(state, ctx, b, s2, new2, "swap_end")


def _take_back_hp(state: DhState, ctx: TurnContext, c: Character, applied: int) -> None:
    """A temporary 体力 change that ends (option timed_hp: temporary, DH-10.6): a rise is taken
    back, never below 1; a fall is given back, as a heal is."""
    if c.dead:
        return
    if applied < 0:
        heal(state, ctx, c, "hp", -applied, reason="expired")
        return
    before = c.hp
    c.hp = max(1, c.hp - applied)
    ctx.emit("stat", character=c.id, stat="hp", amount=c.hp - before, before=before, after=c.hp, reason="expired")
    if c.hp == 1 and before != 1 and not c.never_dying:
        ctx.emit("state", character=c.id, state="dying", on=True)


def wiped_out(state: DhState, side_id: str, scope: str) -> bool:
    if scope == "starters":
        pool = [c for c in state.members(side_id) if c.starter]
    elif scope == "roster":
        pool = state.members(side_id)
    else:
        pool = [c for c in state.members(side_id) if c.at is not None]
    return bool(pool) and all(c.dead for c in pool)


def check_wipeout(state: DhState, ctx: TurnContext) -> None:
    """DH-6.1 and DH-6.3."""
    if state.outcome is not None:
        return
    scope = ctx.options["wipeout_scope"]
    wiped = [s for s in state.players if wiped_out(state, s, scope)]  # never the 転校生 side (DH-14.4)
    if not wiped:
        return
    if len(wiped) == 1:
        decide(state, ctx, "win", state.opponent(wiped[0]), "wipeout", wiped=wiped)
    elif ctx.options["simultaneous_wipeout"] == "dp":
        decide_by_dp(state, ctx, reason_prefix="simultaneous_wipeout_")
    else:
        decide(state, ctx, "draw", None, "simultaneous_wipeout", wiped=wiped)


def decide_by_dp(state: DhState, ctx: TurnContext, reason_prefix: str = "") -> None:
    """DH-6.4: more DP wins; equal DP follows the option dp_tie."""
    first, second = (state.sides[s] for s in state.players)
    if first.dp != second.dp:
        winner = first if first.dp > second.dp else second
        decide(state, ctx, "win", winner.id, reason_prefix + "dp")
        return
    tie = ctx.options["dp_tie"]
    if tie == "draw":
        decide(state, ctx, "draw", None, reason_prefix + "dp_tie")
    else:
        decide(state, ctx, "win", (first if tie == "first" else second).id, reason_prefix + "dp_tie")


def decide(state: DhState, ctx: TurnContext, result: str, winner: str | None, reason: str, **extra: Any) -> None:
    state.outcome = {"result": result, "winner": winner, "reason": reason}
    ctx.emit("outcome", result=result, winner=winner, reason=reason,
             dp=state.player_dp(), **extra)
