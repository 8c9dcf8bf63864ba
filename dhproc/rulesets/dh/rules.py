"""Resolution of a ダンゲロス 2.1 turn: phases, 行動 (移動 then 動作), 通常攻撃, death, DP, victory.

Every rule cites its clause in docs/rules/dh.md. Events are flat records; the report is rendered
from them alone, so each event carries the numbers its report line shows.
"""

from __future__ import annotations

from typing import Any

from ...engine.context import TurnContext
from ...engine.ruleset import TurnStatus
from .model import Character, DhState, Square, parse_square, phase_of
from .movement import plan_move

SURROUNDINGS = {
    # DH-5.2: which squares around a death lose 精神 (option mental_loss_area)
    "same_square": lambda a, b: a == b,
    "orthogonal1": lambda a, b: abs(a.row - b.row) + abs(a.col - b.col) <= 1,
    "around1": lambda a, b: abs(a.row - b.row) <= 1 and abs(a.col - b.col) <= 1,
    "whole_side": lambda a, b: True,
}


def resolve_turn(state: DhState, turn: Any, ctx: TurnContext) -> TurnStatus:
    """DH-2.1: the 先攻 side's phase, then the 後攻 side's; stop where a submission is missing."""
    opts = ctx.options
    for phase_no, side_id in enumerate(state.sides, start=1):
        if state.outcome is not None:
            break
        actions = turn.submissions.get(side_id)
        if actions is None:
            ctx.emit("awaiting", turn=turn.number, side=side_id, phase=phase_no)
            return TurnStatus(False, side_id)
        state.phase_index = phase_of(turn.number, phase_no)
        state.acted = {}
        ctx.begin_step(side_id)
        ctx.emit("phase_start", turn=turn.number, phase=phase_no, side=side_id)
        for action in actions:
            _action(state, ctx, side_id, action, turn.number, phase_no)
            if state.outcome is not None:
                break
        if state.outcome is None:
            for c in state.members(side_id):  # DH-2.4: not mentioned = 待機
                if c.id not in state.acted and _can_act(state, c) is None:
                    ctx.emit("wait", actor=c.id, submitted=False)
        ctx.emit("phase_end", turn=turn.number, phase=phase_no, side=side_id)
        if opts["wipeout_check"] == "phase_end":
            _check_wipeout(state, ctx)
    if state.outcome is None and opts["wipeout_check"] == "turn_end":
        _check_wipeout(state, ctx)
    if state.outcome is None and state.turn_limit is not None and turn.number >= state.turn_limit:
        _decide_by_dp(state, ctx)
    ctx.emit("turn_end", turn=turn.number, dp={s.id: s.dp for s in state.sides.values()})
    return TurnStatus(True)


def _can_act(state: DhState, c: Character) -> str | None:
    """DH-2.3: the seed's preconditions 3 and 4 (1, 2 and 5 are checked on the submission)."""
    if c.dead:
        return "dead"
    if not c.on_map:
        return "not_on_map"
    if c.arrived_phase is not None and state.phase_index - c.arrived_phase < 2:
        return "arrived_recently"
    return None


def _action(state: DhState, ctx: TurnContext, side_id: str, action: dict, turn: int, phase_no: int) -> None:
    c = state.characters[action["who"]]
    state.acted[c.id] = len(state.acted) + 1
    ctx.emit("action", actor=c.id, index=state.acted[c.id])
    why = _can_act(state, c)
    if why is not None:
        ctx.emit("cancel", actor=c.id, scope="action", reason=why)
        return
    # 移動 (DH-3)
    if "to" in action or "path" in action:
        if not _move(state, ctx, c, action):
            ctx.emit("wait", actor=c.id, submitted=True, cancelled=True)
            return
    # 動作 (DH-2.2): 通常攻撃 or 待機
    if "attack" in action:
        _attack(state, ctx, c, state.characters[action["attack"]], turn, phase_no)
    else:
        ctx.emit("wait", actor=c.id, submitted=True)


def _move(state: DhState, ctx: TurnContext, c: Character, action: dict) -> bool:
    """Make the 移動; False when the destination is impossible and the 行動 is cancelled (DH-3.4)."""
    start = c.at
    assert start is not None
    path = [parse_square(s) for s in action.get("path", [])]
    dest = parse_square(action["to"]) if "to" in action else path[-1]
    movement = c.movement
    if c.dying and ctx.options["dying_rule"] == "no_move":
        movement = 0  # DH-3.6: 瀕死 cannot move
    zoc_dead = ctx.options["dead_exert_zoc"]

    def enemy_at(sq: Square) -> bool:
        return any(o.at == sq and o.side != c.side and (zoc_dead or not o.dead)
                   for o in state.characters.values())

    plan = plan_move(state.board, start, dest, movement, enemy_at, given_path=path or None,
                     stop_at_blocker=ctx.options["blocked_destination"] == "stop_at_blocker")
    if plan.cancelled:
        reason = "dying" if movement == 0 and c.movement > 0 and c.dying and dest != start else plan.reason
        ctx.emit("cancel", actor=c.id, scope="action", reason=reason, **{"from": start.label, "to": dest.label})
        return False
    c.at = plan.end
    ctx.emit("move", actor=c.id, **{"from": start.label, "to": plan.end.label},
             path=[sq.label for sq in plan.path], steps=len(plan.path), zoc_stop=plan.stopped_by_zoc,
             requested=dest.label)
    return True


def _attack(state: DhState, ctx: TurnContext, a: Character, t: Character, turn: int, phase_no: int) -> None:
    """通常攻撃 (DH-4): target check, 命中判定, damage."""
    reason = None
    if t.id == a.id:
        reason = "self_target"
    elif not t.on_map:
        reason = "target_not_on_map"
    elif t.dead:
        reason = "target_dead"
    elif t.at != a.at:
        reason = "not_same_square"
    elif ctx.options["first_player_penalty"] and turn == 1 and phase_no == 1 and t.side != a.side:
        reason = "first_player_penalty"
    if reason is not None:
        ctx.emit("cancel", actor=a.id, scope="act", target=t.id, reason=reason)
        ctx.emit("wait", actor=a.id, submitted=True, cancelled=True)
        return
    rate = (a.attack - t.defense) * 5 + 50
    mode = ctx.options["hit_mode"]
    face = None
    if mode == "sure":
        hit = True
    else:
        face = ctx.roll(100, "hit_check", actor=a.id, target=t.id, rate=rate)
        hit = face <= rate
    damage = max(1, a.attack - t.defense) if hit else (1 if mode == "half_sure" else 0)
    ctx.emit("attack", actor=a.id, target=t.id, attack=a.attack, defense=t.defense, hit_rate=rate,
             face=face, hit=hit, mode=mode)
    if damage:
        _damage(state, ctx, t, damage, killer=a, cause="attack")


def _damage(state: DhState, ctx: TurnContext, t: Character, amount: int, *, killer: Character | None,
            cause: str) -> None:
    before = t.hp
    t.hp = max(0, t.hp - amount)  # DH-4.3: 体力 never below 0
    ctx.emit("damage", target=t.id, stat="hp", amount=amount, before=before, after=t.hp)
    if t.hp == 0:
        _death(state, ctx, t, killer, cause)
    elif t.hp == 1 and before != 1:
        ctx.emit("state", character=t.id, state="dying", on=True)


def _death(state: DhState, ctx: TurnContext, dead: Character, killer: Character | None, cause: str) -> None:
    """DH-5: 死亡, 味方の精神減少, DP; then the wipe-out check when it is immediate."""
    dead.dead = True
    ctx.emit("death", character=dead.id, killer=killer.id if killer else None, cause=cause)
    near = SURROUNDINGS[ctx.options["mental_loss_area"]]
    losses = []
    for ally in state.members(dead.side):
        if ally.id != dead.id and not ally.dead and ally.on_map and near(ally.at, dead.at):
            before = ally.spirit
            ally.spirit = max(0, ally.spirit - 1)
            losses.append({"character": ally.id, "before": before, "after": ally.spirit})
    ctx.emit("spirit_loss", character=dead.id, amount=1, affected=losses)
    _award_dp(state, ctx, dead, killer, cause)
    if ctx.options["wipeout_check"] == "immediate":
        _check_wipeout(state, ctx)


def _award_dp(state: DhState, ctx: TurnContext, dead: Character, killer: Character | None, cause: str) -> None:
    gainer = state.opponent(dead.side)
    if killer is not None and killer.side == dead.side and cause == "attack":
        ctx.emit("dp", side=gainer, amount=0, total=state.sides[gainer].dp, character=dead.id,
                 reason="friendly_kill")  # DH-5.4: 内ゲバ yields nothing
        return
    base = ctx.options["leader_dp"] if dead.leader else 1
    multiplier = 1
    if killer is not None and killer.leader and killer.side == gainer and cause == "attack":
        multiplier = ctx.options["leader_kill_multiplier"]
    amount = base * multiplier
    state.sides[gainer].dp += amount
    ctx.emit("dp", side=gainer, amount=amount, total=state.sides[gainer].dp, character=dead.id,
             base=base, multiplier=multiplier, reason="kill")


def _wiped_out(state: DhState, side_id: str, scope: str) -> bool:
    if scope == "starters":
        pool = [c for c in state.members(side_id) if c.starter]
    elif scope == "roster":
        pool = state.members(side_id)
    else:
        pool = [c for c in state.members(side_id) if c.on_map]
    return bool(pool) and all(c.dead for c in pool)


def _check_wipeout(state: DhState, ctx: TurnContext) -> None:
    """DH-6.1 and DH-6.3."""
    if state.outcome is not None:
        return
    scope = ctx.options["wipeout_scope"]
    wiped = [s for s in state.sides if _wiped_out(state, s, scope)]
    if not wiped:
        return
    if len(wiped) == 1:
        _decide(state, ctx, "win", state.opponent(wiped[0]), "wipeout", wiped=wiped)
    elif ctx.options["simultaneous_wipeout"] == "dp":
        _decide_by_dp(state, ctx, reason_prefix="simultaneous_wipeout_")
    else:
        _decide(state, ctx, "draw", None, "simultaneous_wipeout", wiped=wiped)


def _decide_by_dp(state: DhState, ctx: TurnContext, reason_prefix: str = "") -> None:
    """DH-6.4: more DP wins; equal DP follows the option dp_tie."""
    first, second = list(state.sides.values())
    if first.dp != second.dp:
        winner = first if first.dp > second.dp else second
        _decide(state, ctx, "win", winner.id, reason_prefix + "dp")
        return
    tie = ctx.options["dp_tie"]
    if tie == "draw":
        _decide(state, ctx, "draw", None, reason_prefix + "dp_tie")
    else:
        _decide(state, ctx, "win", (first if tie == "first" else second).id, reason_prefix + "dp_tie")


def _decide(state: DhState, ctx: TurnContext, result: str, winner: str | None, reason: str, **extra: Any) -> None:
    state.outcome = {"result": result, "winner": winner, "reason": reason}
    ctx.emit("outcome", result=result, winner=winner, reason=reason,
             dp={s.id: s.dp for s in state.sides.values()}, **extra)
