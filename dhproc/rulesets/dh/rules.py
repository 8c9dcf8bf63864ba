"""Resolution of a ダンゲロス 2.1 turn: phases, 行動 (移動 then 動作), 通常攻撃, 特殊能力.

Every rule cites its clause in docs/rules/dh.md. Events are flat records; the report is rendered
from them alone, so each event carries the numbers its report line shows.
"""

from __future__ import annotations

from typing import Any

from ...engine.context import TurnContext
from ...engine.ruleset import TurnStatus
from . import ability_rules, harm, reinforcements, targeting
from .model import Board, Character, DhState, parse_square, phase_of
from .movement import MovePlan, plan_move
from .status import controller, incapacitated, move_board, movement, passes_counters, resting, sealed
from .strike import strike
from .support import Support, declared


def resolve_turn(state: DhState, turn: Any, ctx: TurnContext) -> TurnStatus:
    """DH-2.1: the 先攻 side's phase, then the 後攻 side's (then the 転校生's, DH-14.2); stop where a
    player side's submission is missing."""
    opts = ctx.options
    state.turn_anchor = turn.anchor
    state.steps = ability_rules.STEPS  # settling and moving fields, for harm and the effect kinds
    state.submissions = turn.submissions
    state.rest_rule = opts["rest_rule"]
    if turn.number == 1:
        game_start(state, ctx)
    played: list[tuple[str, int]] = []  # (side, index) of each submitted 行動 taken up (DH-2.7)
    for phase_no, side_id in enumerate(state.sides, start=1):
        if state.outcome is not None:
            break
        actions = turn.submissions.get(side_id)
        if actions is None and side_id == state.transfer:
            actions = []  # DH-14.2: the GK's side waits for nobody; its characters not written wait
        if actions is None:
            ctx.emit("awaiting", turn=turn.number, side=side_id, phase=phase_no)
            return TurnStatus(False, side_id)
        if phase_no == 1 and state.transfer_arrivals and opts["transfer_arrival"] == "turn_start":
            ctx.begin_step(state.transfer or "")  # DH-14.3: 転校生登場 before the turn's first phase
            transfer_arrive(state, ctx, turn.number)
        state.phase_index = phase_of(turn.number, phase_no, state.phases)  # advances the phase clock
        state.acted = {}
        state.acting_side = side_id
        ctx.begin_step(side_id)
        ctx.emit("phase_start", turn=turn.number, phase=phase_no, side=side_id)
        ability_rules.phase_start(state, ctx, side_id, actions)  # DH-10.3
        ability_rules.settle(state, ctx)
        if side_id == state.transfer and state.transfer_arrivals and opts["transfer_arrival"] == "transfer_phase":
            transfer_arrive(state, ctx, turn.number)  # DH-14.3: at the start of the 転校生 phase
        if state.sealed is not None and turn.number == 2 and phase_no == 1:  # 封印キャラ (DH-4.6)
            c = state.characters[state.sealed]
            c.withdrawn, state.sealed = False, None
            ctx.emit("sealed_arrival", character=c.id, at=c.at.label)
            state.arrivals.append(c.id)
            state.pending.append(harm.Trigger("entered", c.id, None, c.at))
            _arrivals(state, ctx)
            ability_rules.settle(state, ctx)
        if state.reinforcements:  # 増援 (DH-2.6)
            reinforcements.arrive(state, ctx, side_id, turn.number)
            _arrivals(state, ctx)
            ability_rules.settle(state, ctx)
        late = opts["control_timing"] == "target_phase_end"
        for k, action in enumerate(actions):
            if state.outcome is not None:
                break
            if not (late and action.get("controlled")) and is_action(action):  # those act at the end of
                played.append((side_id, k))  # their own side's phase
                _action(state, ctx, side_id, action, turn.number, phase_no)
        for other_no, other in enumerate(state.sides, start=1):
            if not late or state.outcome is not None or other == side_id:
                continue
            if turn.submissions.get(other) is None and other != state.transfer and _held_by(state, other, side_id):
                ctx.emit("awaiting", turn=turn.number, side=other, phase=other_no)
                return TurnStatus(False, other)  # the controlling side has not said what they do yet
            for k, action in enumerate(turn.submissions.get(other) or []):  # of this side's characters it holds
                if state.outcome is None and action.get("controlled") and \
                        state.characters[action["who"]].side == side_id:
                    played.append((other, k))
                    _action(state, ctx, other, action, turn.number, phase_no)
        if state.outcome is None:
            for c in state.members(side_id):  # DH-2.4: not mentioned = 待機
                if c.id not in state.acted and _can_act(state, c) is None:
                    ctx.emit("wait", actor=c.id, submitted=False)
        ctx.emit("phase_end", turn=turn.number, phase=phase_no, side=side_id)
        if opts["wipeout_check"] == "phase_end":
            harm.check_wipeout(state, ctx)
    if state.outcome is None and opts["wipeout_check"] == "turn_end":
        harm.check_wipeout(state, ctx)
    if state.outcome is None and state.turn_limit is not None and turn.number >= state.turn_limit:
        harm.decide_by_dp(state, ctx)
    _cancel_unplayed(state, ctx, turn.submissions, played)
    pools = {s.id: s.bonus for s in state.sides.values() if s.bonus is not None}  # 応援ボーナス left (DH-15.5)
    ctx.emit("turn_end", turn=turn.number, dp=state.player_dp(), **({"bonus": pools} if pools else {}))
    return TurnStatus(True)


PREPARED_ONLY = {"who", "prepared"}  # the keys of an entry that only names a 準備型 effect's targets


def is_action(action: dict) -> bool:
    """An entry naming only a 準備型 effect's targets, read at the phase start (DH-10.8), is no 行動."""
    return not action.keys() <= PREPARED_ONLY


def _cancel_unplayed(state: DhState, ctx: TurnContext, submissions: dict, played: list[tuple[str, int]]) -> None:
    """DH-2.7: at the end of a turn played out, each submitted 行動 never taken up — the match was
    decided before it — is cancelled, in the order of the submissions."""
    taken = dict.fromkeys(played)  # looked up, never listed
    for side_id in state.sides:
        for k, action in enumerate(submissions.get(side_id) or []):
            if (side_id, k) not in taken and is_action(action):
                ctx.emit("cancel", actor=action["who"], scope="action", unplayed=True,
                         reason="battle_over" if state.outcome is not None else "not_reached")


def transfer_arrive(state: DhState, ctx: TurnContext, turn: int) -> None:
    """DH-14.3: the 転校生 due this turn appear on their squares, in setup order; they count as
    arriving now for the two-phase rule, use their パッシブ and enter counters' ranges."""
    due = [cid for cid, (when, _) in state.transfer_arrivals.items() if when <= turn]
    for cid in due:
        c = state.characters[cid]
        _, c.at = state.transfer_arrivals.pop(cid)
        c.arrived_phase = state.phase_index
        ctx.emit("transfer_arrival", character=c.id, at=c.at.label)
        state.arrivals.append(c.id)
        state.pending.append(harm.Trigger("entered", c.id, None, c.at))
    if due:
        _arrivals(state, ctx)
        ability_rules.settle(state, ctx)


def game_start(state: DhState, ctx: TurnContext) -> None:
    """DH-8.10: パッシブ abilities of the starters are used automatically at game start, 先攻 side
    first, in setup order."""
    passives = [c for sid in state.sides for c in state.members(sid)
                if c.on_map and c.ability is not None and c.ability.style == "passive" and c.ability.usable]
    if not passives:
        return
    ctx.begin_step("start")
    ctx.emit("game_start")
    for c in passives:
        _passive(state, ctx, c)
        if state.outcome is not None:
            return


def _passive(state: DhState, ctx: TurnContext, c: Character) -> None:
    ability_rules.use_ability(state, ctx, c, state.start_targets.get(c.id, {}), origin="passive")
    ability_rules.settle(state, ctx)


def _held_by(state: DhState, side_id: str, of_side: str) -> bool:
    """Whether a character of ``of_side`` is under the 完全操作 of ``side_id`` now (DH-2.5)."""
    return any(controller(state, c) is not None and state.characters[controller(state, c)].side == side_id
               for c in state.members(of_side))


def _can_act(state: DhState, c: Character, by: str | None = None) -> str | None:
    """DH-2.3 preconditions 3 and 4 (1 and 5 are checked on the submission), 2 for a character
    under 完全操作 (DH-2.5: ``by`` is the side submitting its 行動), and the states that forbid a
    行動 (DH-10.1). A character who bears no lasting effect is under no 完全操作, 能力休み or
    行動不能: those three are not asked of it."""
    bears = state.effects.bearing(c.id)
    held = controller(state, c) if bears else None
    if held is not None and state.characters[held].side != (by or c.side):
        return "controlled"  # its own side may not act with it while another side controls it
    if by is not None and by != c.side and held is None:
        return "not_controlled"
    if c.dead:
        return "dead"
    if c.withdrawn:
        return "sealed_character" if state.sealed == c.id else "withdrawn"
    if c.at is None:  # not on the MAP (not withdrawn, so only its square tells)
        return "not_on_map"
    if c.arrived_phase is not None and state.phase_index - c.arrived_phase < 2:
        return "arrived_recently"
    if bears and resting(state, c) and state.rest_rule == "no_action":
        return "resting"
    if bears and incapacitated(state, c):
        return "incapacitated"
    return None


def _action(state: DhState, ctx: TurnContext, side_id: str, action: dict, turn: int, phase_no: int,
            extra: bool = False) -> None:
    c = state.characters[action["who"]]
    if not extra:
        state.acted[c.id] = len(state.acted) + 1
    by = side_id if action.get("controlled") else None
    event = {"seq": None, "kind": "action", "actor": c.id, "index": state.acted.get(c.id, 0)}
    if extra:
        event["extra"] = True
    if by is not None and controller(state, c):
        event["controlled_by"] = controller(state, c)
    ctx.record(event)
    why = _can_act(state, c, by)
    if why is not None and not (extra and why == "resting"):
        ctx.emit("cancel", actor=c.id, scope="action", reason=why)
        return
    # 移動 (DH-3)
    if "to" in action or "path" in action:
        if not _move(state, ctx, c, action):
            ctx.emit("wait", actor=c.id, submitted=True, cancelled=True)
            return
        ability_rules.settle(state, ctx)
        if c.dead or state.outcome is not None:  # DH-2.7: the 動作 after the 移動 does not happen
            if "attack" in action or "ability" in action:
                ctx.emit("cancel", actor=c.id, scope="action", reason="dead" if c.dead else "battle_over",
                         after_move=True)
            return
    # 動作 (DH-2.2): 通常攻撃, 特殊能力の使用 or 待機
    support = declared(state, side_id, action) if "bonus" in action else None  # 応援ボーナス (DH-15)
    if "attack" in action:
        _attack(state, ctx, c, state.characters[action["attack"]], turn, phase_no, support)
    elif "ability" in action and (resting(state, c) or _seal_of_ability(state, c)):
        why = "resting" if resting(state, c) else _seal_of_ability(state, c)  # rest_rule: no_ability; DH-11.15
        ctx.emit("cancel", actor=c.id, scope="ability", reason=why)
        ctx.emit("wait", actor=c.id, submitted=True, cancelled=True)
    elif "ability" in action:
        if not ability_rules.use_ability(state, ctx, c, choices(action), origin="action", turn=turn,
                                         phase_no=phase_no, support=support, name=ability_name(action)):
            ctx.emit("wait", actor=c.id, submitted=True, cancelled=True)  # as any cancelled 動作
    else:
        ctx.emit("wait", actor=c.id, submitted=True)
    ability_rules.settle(state, ctx)
    if c.at is not None and not c.dead:
        # a 行動's end is a moment only counters of 行動終了 wait for, which most matches hold none
        # of: its settling alone would fire nothing and only end the dead's counters
        if state.pending or ability_rules.waits_for(state, "action_end"):
            state.pending.append(harm.Trigger("action_end", c.id, None, c.at))
            ability_rules.settle(state, ctx)
        else:
            harm.end_dead_counters(state, ctx)
    if state.arrivals:
        _arrivals(state, ctx)
    # 再行動: right after the ability's use ends (DH-8.3)
    granted, state.extra_actions = state.extra_actions, []
    for cid in granted:
        if state.outcome is not None:
            return
        then = dict(choices(action).get("then") or {})
        then["who"] = cid
        if action.get("controlled") and cid == c.id:
            then["controlled"] = True  # a controlled character's 再行動 is decided by its controller too
        _action(state, ctx, side_id, then, turn, phase_no, extra=True)


def _seal_of_ability(state: DhState, c: Character) -> str | None:
    """The 封印 that forbids using an ability as the 動作 (DH-11.15), or None."""
    if not state.effects.lookup((c.id, "seal")):  # asked of every use; most hold no 封印
        return None
    return next((f"sealed_{w}" for w in ("action", "ability") if sealed(state, c, w)), None)


def choices(action: dict) -> dict:
    """The submission's ``ability:`` choices; the ability's name alone means none (DH-8.1)."""
    use = action.get("ability")
    return use if isinstance(use, dict) else {}


def ability_name(action: dict) -> str | None:
    """The ability the submission names (its own, or one given to it, DH-11.22), or None."""
    use = action.get("ability")
    return use if isinstance(use, str) else use.get("name") if isinstance(use, dict) else None


def _arrivals(state: DhState, ctx: TurnContext) -> None:
    """A character that first appears on the MAP uses its パッシブ then (DH-8.10)."""
    arrived, state.arrivals = state.arrivals, []
    for cid in arrived:
        c = state.characters[cid]
        if c.ability is not None and c.ability.style == "passive" and c.ability.usable and cid not in state.appeared:
            state.appeared.append(cid)
            _passive(state, ctx, c)


def _move(state: DhState, ctx: TurnContext, c: Character, action: dict) -> bool:
    """Make the 移動; False when the destination is impossible and the 行動 is cancelled (DH-3.4)."""
    start = c.at
    assert start is not None
    path = [parse_square(s) for s in action.get("path", [])]
    dest = parse_square(action["to"]) if "to" in action else path[-1]
    steps = movement(state, c)
    if c.dying and ctx.options["dying_rule"] == "no_move":
        steps = 0  # DH-3.6: 瀕死 cannot move
    if sealed(state, c, "move"):
        steps = 0  # 移動封印 (DH-11.15): as 瀕死, any other square cancels the 行動

    def planned(board: Board) -> MovePlan:
        return plan_move(board, start, dest, steps, targeting.move_stops(state, ctx, c), given_path=path or None,
                         stop_at_blocker=ctx.options["blocked_destination"] == "stop_at_blocker")

    plan = planned(move_board(state, c))
    if plan.cancelled:
        reason = plan.reason
        if steps == 0 and dest != start and sealed(state, c, "move"):
            reason = "sealed_move"
        elif steps == 0 and dest != start and c.dying:
            reason = "dying"
        elif reason in ("wall", "no_route") and not planned(move_board(state, c, barricades=False)).cancelled:
            reason = "barricade"  # only a barricade is in the way (DH-11.17)
        ctx.emit("cancel", actor=c.id, scope="action", reason=reason, **{"from": start.label, "to": dest.label})
        return False
    c.at = plan.end
    ctx.emit("move", actor=c.id, **{"from": start.label, "to": plan.end.label},
             path=[sq.label for sq in plan.path], steps=len(plan.path), zoc_stop=plan.stopped_by_zoc,
             requested=dest.label)
    silent = passes_counters(state, c)  # 移動カウンター突破 (DH-11.19)
    for sq in plan.path:
        state.pending.append(harm.Trigger("entered", c.id, None, sq, silent))
    if plan.path:
        ability_rules.on_moved(state, ctx, c, list(plan.path))
    return True


def _attack(state: DhState, ctx: TurnContext, a: Character, t: Character, turn: int, phase_no: int,
            support: Support | None = None) -> None:
    """通常攻撃 (DH-4): target check, 命中判定, damage; current stats count (DH-10.2)."""
    reason = None
    if state.effects.lookup((a.id, "seal")) and (sealed(state, a, "action") or sealed(state, a, "attack")):
        # 動作封印 / 攻撃封印 (DH-11.15), asked only of a character under some 封印
        reason = "sealed_action" if sealed(state, a, "action") else "sealed_attack"
    elif t.id == a.id:
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
    strike(state, ctx, a, t, support=support)
