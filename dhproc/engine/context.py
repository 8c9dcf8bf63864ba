"""What a ruleset sees while it resolves one turn: the options, the dice, and the event sink."""

from __future__ import annotations

from typing import Any

from ..dice import Recorded, TurnDice


class TurnContext:
    def __init__(self, *, seed: int | str, turn: int, options: dict[str, Any],
                 recorded: Recorded | None):
        self.turn = turn
        self.options = options
        self.events: list[dict] = []
        self.dice = TurnDice(seed, turn, recorded, self.emit)

    def emit(self, kind: str, **fields: Any) -> dict:
        """Append one flat event record; ``seq`` counts from 1 within the turn and is the log's
        alone: an event about a lasting effect names it under another key (``effect_id``...)."""
        if "seq" in fields:
            raise TypeError(f"event '{kind}' may not set seq: it numbers the events of the turn")
        event = {"seq": len(self.events) + 1, "kind": kind}
        event.update(fields)
        self.events.append(event)
        return event

    def begin_step(self, step: str) -> None:
        """Name the submission unit whose dice come next (a side's phase, a round)."""
        self.dice.begin_step(step)

    def roll(self, sides: int, purpose: str, **about: Any) -> int:
        return self.dice.roll(sides, purpose, **about)
