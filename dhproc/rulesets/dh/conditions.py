"""機会制約 and 対象制約 evaluated in a match (DH-8.15, DH-9.3): what ``self``, ``target`` and
``match`` read in the state. What a condition may name, and its parsing, are vocabulary.py (read
when an ability is read, before any state exists); the condition language itself is
``dhproc.engine.conditions``.
"""

from __future__ import annotations

from typing import Any, Callable

from ...engine.conditions import Condition, Verdict, evaluate
from .model import Character, DhState, turn_of
from .status import PHASE, barrier, counter_waiting, incapacitated, movement, resting, stat

def states(state: DhState, c: Character) -> tuple[str, ...]:
    """The words a condition's ``states`` lists: what the character is right now."""
    return tuple(s for s, on in (
        ("dead", c.dead), ("dying", c.dying), ("withdrawn", c.withdrawn), ("resting", resting(state, c)),
        ("incapacitated", incapacitated(state, c)), ("barrier", barrier(state, c)),
        ("counter_waiting", bool(counter_waiting(state, c))), ("leader", c.leader), ("starter", c.starter),
        ("summoned", bool(state.effects.select(bearer=c.id, kind="summon"))),
        ("secret", c.ability is not None and c.ability.secret)) if on)


def _character(state: DhState, c: Character | None, attr: str) -> Any:
    if c is None:
        return None
    if attr == "movement":
        return movement(state, c)
    if attr in ("gender", "grade"):
        return getattr(c, attr)
    if attr == "states":
        return states(state, c)
    return stat(state, c, attr)


def _match(state: DhState, attr: str) -> Any:
    now = state.clocks.now(PHASE)
    if attr == "turn":
        return turn_of(now, state.phases)
    phase = now - 1 if attr == "deaths_last_phase" else now
    return sum(1 for c in state.characters.values() if c.died_phase == phase)


def accessor(state: DhState, user: Character, target: Character | None = None) -> Callable[[str, str], Any]:
    """``get(subject, attr)`` as the engine's conditions and amounts read the match: the user is
    ``self``, the candidate ``target``."""
    def get(subject: str, attr: str) -> Any:
        if subject == "match":
            return _match(state, attr)
        return _character(state, user if subject == "self" else target, attr)

    return get


def holds(state: DhState, cond: Condition, user: Character, target: Character | None = None) -> Verdict:
    return evaluate(cond, accessor(state, user, target))
