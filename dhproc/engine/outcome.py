"""The figures of one run of a match, for the many runs of a simulation.

What a GK weighing a match over many seeds reads: the outcome, each side's DP, the turns played,
which characters still stand, and how often each used an ability and took a character out. They
are read from the state and the events as the resolution leaves them, whichever ruleset resolved
them; ``Outcome.of_log`` reads the same figures from a written log (they are the same figures).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# The states and fields by which a ruleset's state says a character is out of the battle.
DOWN_STATES = ("dead", "knocked_out")
DOWN_FIELDS = ("knocked_out", "eliminated")
# The events that take a character out, and the field naming who did it.
KILL_EVENTS = {"death": "killer", "knocked_out": "by", "eliminated": "by"}
# The events that are a use of an ability or skill, and the field naming the user.
USE_EVENTS = {"ability": "actor", "skill": ("actor", "character"), "use": "character"}


@dataclass(frozen=True)
class Outcome:
    result: str  # win, draw, ongoing, ...
    winner: str | None
    reason: str
    dp: dict[str, int]  # by side, for the rulesets that count DP
    turns_played: int
    standing: dict[str, bool]  # by character: still in the battle at the end
    ability_uses: dict[str, int]  # by character that used an ability (or skill) at least once
    kills: dict[str, int]  # by character that took another out at least once

    @classmethod
    def of(cls, outcome: dict, state: dict, turns: list[dict]) -> "Outcome":
        """From the parts a resolution leaves: its outcome, its state's JSON, its turns' events."""
        events = [e for t in turns for e in t["events"]]
        return cls(outcome["result"], outcome.get("winner"), outcome.get("reason", ""),
                   {sid: side["dp"] for sid, side in state.get("sides", {}).items() if "dp" in side},
                   len(turns), {cid: _standing(c) for cid, c in state.get("characters", {}).items()},
                   _tally(events, USE_EVENTS), _tally(events, KILL_EVENTS))

    @classmethod
    def of_log(cls, log: dict) -> "Outcome":
        return cls.of(log["outcome"], log["state"], log["turns"])


def _standing(c: dict) -> bool:
    return not any(s in DOWN_STATES for s in c.get("states", ())) and not any(c.get(f) for f in DOWN_FIELDS)


def _tally(events: list[dict], fields: dict[str, Any]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in events:
        names = fields.get(e["kind"])
        if names is None or e.get("result", "success") != "success":
            continue
        who = next((e[n] for n in ((names,) if isinstance(names, str) else names) if e.get(n)), None)
        if who is not None:
            counts[who] = counts.get(who, 0) + 1
    return counts
