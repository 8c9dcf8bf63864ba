"""What a ruleset sees while it resolves one turn: the options, the dice, and the event sink."""

from __future__ import annotations

from typing import Any

from ..dice.stream import Recorded, TurnDice

# No rule of any ruleset makes a turn anywhere near this long (the replay corpus's longest turn has
# under 200 events); a turn that reaches it is a rule looping, and it stops here, in bounded memory,
# as dhproc's internal error instead of growing without end.
MAX_EVENTS_PER_TURN = 100_000


class RunawayTurn(RuntimeError):
    """A turn emitted MAX_EVENTS_PER_TURN events: a bug in a ruleset (a rule that never ends)."""

    def __init__(self, turn: int, last: str):
        super().__init__(f"turn {turn} made {MAX_EVENTS_PER_TURN} events without ending (last: {last})")


class TurnContext:
    def __init__(self, *, seed: int | str, turn: int, options: dict[str, Any],
                 recorded: Recorded | None, keyed: bool = False, keep: frozenset[str] | None = None):
        self.turn = turn
        self.options = options
        self.events: list[dict] = []
        self.emitted = 0  # every event of the turn, kept or not: the next one's seq
        # The kinds of event kept in ``events`` (None: every one). A run that reads only a few
        # figures (dhproc/engine/outcome.py) keeps only the events they are read from: the same rules
        # run and emit the same events, numbered the same, and the others are not recorded.
        self.keep = keep
        self.dice = TurnDice(seed, turn, recorded, self.record, keyed=keyed)
        self.roll = self.dice.roll  # a die goes to the turn's dice without a call of its own (see roll)

    def emit(self, kind: str, **fields: Any) -> dict | None:
        """Append one flat event record (None when its kind is not kept); ``seq`` counts from 1
        within the turn and is the log's alone: an event about a lasting effect names it under
        another key (``effect_id``...)."""
        if "seq" in fields:
            raise TypeError(f"event '{kind}' may not set seq: it numbers the events of the turn")
        return self.record({"seq": None, "kind": kind, **fields})

    def record(self, event: dict) -> dict | None:
        """Append an event the rule wrote out itself, ``{"seq": None, "kind": ..., fields...}``
        (None when its kind is not kept): ``emit`` without its keyword map. The events a match
        makes hundreds of (a 行動, a die, an attack, its damage) are written so, as one literal
        map each; the seq put in its place keeps it the event's first key."""
        seq = self.emitted + 1
        if seq > MAX_EVENTS_PER_TURN:
            raise RunawayTurn(self.turn, event["kind"])
        self.emitted = seq
        if self.keep is not None and event["kind"] not in self.keep:
            return None
        event["seq"] = seq
        self.events.append(event)
        return event

    def keeps(self, kind: str) -> bool:
        """Whether an event of ``kind`` is recorded: a rule may leave out the fields of one that
        is not (what they read is then not read at all), since only its number is kept."""
        return self.keep is None or kind in self.keep

    def begin_step(self, step: str) -> None:
        """Name the submission unit whose dice come next (a side's phase, a round)."""
        self.dice.begin_step(step)

    def roll(self, sides: int, purpose: str, **about: Any) -> int:  # made the dice's own in __init__
        """Draw one die of ``sides`` faces for ``purpose`` (logged as a ``roll`` event with ``about``)."""
        return self.dice.roll(sides, purpose, **about)
