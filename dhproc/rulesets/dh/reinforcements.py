"""増援 (2.1 選択ルール, DH-2.6): bench characters drawn at random join a side at its phase start.

The schedule is the setup's ``reinforcements``. Each arrival is one die over the side's
リザーバー as they stand then (living bench characters, in setup order), drawn from that side's
phase stream; the one drawn appears on the first square of the schedule's area that is open and
empty. It cannot act before the phase two phases later (DH-2.3), so not in the turn it arrives.
"""

from __future__ import annotations

from ...engine.context import TurnContext
from . import harm
from .model import Character, DhState, parse_square


def reserve(state: DhState, side_id: str) -> list[Character]:
    """The side's リザーバー: living characters of the side not on the MAP, in setup order."""
    return [c for c in state.members(side_id) if c.at is None and not c.dead and not c.withdrawn]


def arrive(state: DhState, ctx: TurnContext, side_id: str, turn: int) -> None:
    """The reinforcements due at the start of ``side_id``'s phase of ``turn``, in schedule order."""
    for entry in state.reinforcements:
        if entry["side"] != side_id or entry["turn"] != turn:
            continue
        for _ in range(entry.get("count", 1)):
            pool = reserve(state, side_id)
            if not pool:
                ctx.emit("reinforcement", side=side_id, character=None, reason="no_reserve")
                break
            face = ctx.roll(len(pool), "reinforcement", side=side_id) if len(pool) > 1 else None
            c = pool[(face or 1) - 1]
            square = next((sq for sq in map(parse_square, entry["area"]) if sq is not None and state.board.open(sq)
                           and not any(o.at == sq for o in state.characters.values())), None)
            if square is None:
                ctx.emit("reinforcement", side=side_id, character=c.id, face=face, pool=len(pool),
                         reason="no_arrival_square")
                continue
            c.at = square
            c.arrived_phase = state.clocks.now("phase")
            ctx.emit("reinforcement", side=side_id, character=c.id, face=face, pool=len(pool), at=square.label)
            state.arrivals.append(c.id)  # its パッシブ (DH-8.10)
            state.pending.append(harm.Trigger("entered", c.id, None, square))  # 増援 arrival enters ranges
