"""The figures of one run of a match, for the many runs of a simulation.

What a GK weighing a match over many seeds reads: the outcome, each side's DP, the turns played,
which characters still stand, and how often each used an ability and took a character out. They
are read from the state and the events as the resolution leaves them, whichever ruleset resolved
them; ``Outcome.of_log`` reads the same figures from a written log (they are the same figures).
Who took a character out is the ruleset's to say (its summary hooks, as ``dhproc summary``
counts kills): a nicosw 生死判定 or a kagemiya 脱落 names no killer in its event.
"""

from __future__ import annotations

from typing import Any, NamedTuple

# The states and fields by which a ruleset's state says a character is out of the battle.
DOWN_STATES = ("dead", "knocked_out", "removed")  # removed: a nicosw many-part character whose core fell (NICOSW-8.4)
DOWN_FIELDS = ("knocked_out", "eliminated")
# The events that take a character out, and the field naming who did it.
KILL_EVENTS = {"death": "killer", "knocked_out": "by", "eliminated": "by"}
# The events that are a use of an ability or skill, and the field naming the user.
USE_EVENTS = {"ability": "actor", "skill": ("actor", "character"), "use": "character"}
# The events the figures are read from: all a lean run keeps of its turns (with its ruleset's
# kills and what its summary hooks read to find a killer: ``read_events``).
READ_EVENTS = frozenset(KILL_EVENTS) | frozenset(USE_EVENTS)


def read_events(hooks: Any) -> frozenset[str]:
    """The kinds of event a lean run of a ruleset with these summary hooks must keep."""
    return READ_EVENTS | frozenset(hooks.kills) | frozenset(hooks.reads)


class Outcome(NamedTuple):
    result: str  # win, draw, ongoing, ...
    winner: str | None
    reason: str
    dp: dict[str, int]  # by side, for the rulesets that count DP
    turns_played: int
    standing: dict[str, bool]  # by character: still in the battle at the end
    ability_uses: dict[str, int]  # by character that used an ability (or skill) at least once
    kills: dict[str, int]  # by character that took another out at least once

    @classmethod
    def of(cls, outcome: dict, state: dict, turns: list[dict], hooks: Any = None) -> "Outcome":
        """From the parts a resolution leaves: its outcome, its state's JSON, its turns' events;
        ``hooks``, the ruleset's SummaryHooks, say who dealt each kill (KILL_EVENTS without them)."""
        events = [e for t in turns for e in t["events"]]
        kills = _tally(events, KILL_EVENTS) if hooks is None else _kills(events, hooks)
        return cls(outcome["result"], outcome.get("winner"), outcome.get("reason", ""),
                   {sid: side["dp"] for sid, side in state.get("sides", {}).items() if "dp" in side},
                   len(turns), {cid: _standing(c) for cid, c in state.get("characters", {}).items()},
                   _tally(events, USE_EVENTS), kills)

    @classmethod
    def of_log(cls, log: dict) -> "Outcome":
        from .ruleset import get_ruleset

        hooks = get_ruleset(log["ruleset"]).summary_hooks()
        return cls.of(log["outcome"], log["state"], log["turns"], hooks)


# The two readers below run for every character and every kept event of every lean run: plain
# loops, without a generator's call for each.

def _standing(c: dict) -> bool:
    for s in c.get("states", ()):
        if s in DOWN_STATES:
            return False
    for f in DOWN_FIELDS:
        if c.get(f):
            return False
    return True


def _tally(events: list[dict], fields: dict[str, Any]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in events:
        names = fields.get(e["kind"])
        if names is None or e.get("result", "success") != "success":
            continue
        for n in (names,) if isinstance(names, str) else names:
            who = e.get(n)
            if who:  # the first field that names someone
                counts[who] = counts.get(who, 0) + 1
                break
    return counts


def _kills(events: list[dict], hooks: Any) -> dict[str, int]:
    """Kills by killer as ``dhproc summary`` counts them: the kill events the ruleset names, the
    killer from the event's field or, when it names none, from the events before it."""
    counts: dict[str, int] = {}
    for i, e in enumerate(events):
        if e["kind"] not in hooks.kills:
            continue
        by_field = hooks.kills[e["kind"]][1]
        by = e.get(by_field) if by_field else None
        if by is None and hooks.killer is not None:
            by = hooks.killer(events, i)
        if by is not None:
            counts[by] = counts.get(by, 0) + 1
    return counts
