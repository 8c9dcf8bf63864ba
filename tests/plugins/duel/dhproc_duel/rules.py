"""One turn of a duel (DUEL-1.2 to DUEL-1.4): the dice, the damage, the end."""

from __future__ import annotations

from dataclasses import dataclass, field

from dhproc.engine.context import TurnContext
from dhproc.engine.ruleset import TurnStatus


@dataclass
class Fighter:
    id: str
    name: str
    hp: int


@dataclass
class DuelState:
    fighters: dict[str, Fighter]
    outcome: dict | None = None
    order: list[str] = field(default_factory=list)  # setup order: who rolls first


def resolve_turn(state: DuelState, submissions: dict, ctx: TurnContext) -> TurnStatus:
    first, second = state.order
    ctx.begin_step("blows")  # the seeded dice of each step are a stream of their own
    rolls = {fid: ctx.roll(6, "blow", character=fid) for fid in state.order}  # DUEL-1.2
    if rolls[first] == rolls[second]:
        hurt = 1 if ctx.options["tie"] == "both" else 0  # DUEL-1.3
        for fid in state.order:
            _hurt(state, fid, hurt, ctx)
    else:
        winner, loser = (first, second) if rolls[first] > rolls[second] else (second, first)
        guard = 1 if submissions.get(loser) == "guard" else 0
        _hurt(state, loser, max(0, rolls[winner] - rolls[loser] - guard), ctx)
    _decide(state, ctx)
    return TurnStatus(complete=True)


def _hurt(state: DuelState, fid: str, amount: int, ctx: TurnContext) -> None:
    fighter = state.fighters[fid]
    fighter.hp -= amount
    ctx.emit("damage", character=fid, amount=amount, hp=fighter.hp)


def _decide(state: DuelState, ctx: TurnContext) -> None:
    """DUEL-1.4: the one still standing wins; both down is a draw."""
    standing = [fid for fid in state.order if state.fighters[fid].hp > 0]
    if len(standing) == 2:
        return
    if standing:
        state.outcome = {"result": "win", "winner": standing[0], "reason": "knocked_out"}
    else:
        state.outcome = {"result": "draw", "winner": None, "reason": "both_down"}
    ctx.emit("outcome", **state.outcome)
