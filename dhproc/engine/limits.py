"""Usage limits: "once per round", "twice per turn", "three times per game".

A limit is written in a match file as ``{count: N, per: PERIOD}``; which periods exist ("turn",
"round", "game", ...) is the ruleset's word, declared when it parses. The ledger counts uses of
one thing (a character's skill or ability) within the period it is in now: the ruleset passes the
period's current key (the turn number, or a constant for the whole game), so a new turn starts a
fresh count without anything being reset, and the ledger's content is plain data a log can carry.
"""

from __future__ import annotations

from typing import Any, Hashable, NamedTuple

from ..words.messages import say
from . import messages as _messages  # noqa: F401  (registers the catalogue)


Problems = list[tuple[tuple, str]]


class UsageLimit(NamedTuple):
    count: int  # at most this many uses ...
    per: str  # ... within one of these periods

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "per": self.per}


def parse(data: Any, periods: tuple[str, ...], default_per: str, path: tuple = ()) -> tuple[UsageLimit | None, Problems]:
    """``{count, per}`` (``per`` defaults to ``default_per``); None when ``data`` is None."""
    if data is None:
        return None, []
    if not isinstance(data, dict):
        return None, [(path, say("limit.shape"))]
    count, per = data.get("count"), data.get("per", default_per)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        return None, [(path + ("count",), say("limit.count"))]
    if per not in periods:
        return None, [(path + ("per",), say("limit.per", per=per, known=", ".join(periods)))]
    return UsageLimit(count, per), []


class UsageLedger:
    """How often each thing was used, by period."""

    def __init__(self) -> None:
        self._uses: dict[tuple[Hashable, str, Hashable], int] = {}

    def used(self, thing: Hashable, per: str, period: Hashable) -> int:
        return self._uses.get((thing, per, period), 0)

    def allows(self, thing: Hashable, limit: UsageLimit | None, period: Hashable) -> bool:
        """Whether ``thing`` may be used once more in ``period`` (the current key of ``limit.per``)."""
        return limit is None or self.used(thing, limit.per, period) < limit.count

    def record(self, thing: Hashable, limit: UsageLimit | None, period: Hashable) -> int:
        """Count one use; returns the uses in this period so far (0 when there is no limit)."""
        if limit is None:
            return 0
        return self.add(thing, limit.per, period)

    def add(self, thing: Hashable, per: str, period: Hashable, n: int = 1) -> int:
        """Count ``n`` uses of ``thing`` in ``period`` whether or not a limit applies: a ruleset
        that keeps every use (dh's per-game count), or uses carried over from an earlier log."""
        key = (thing, per, period)
        self._uses[key] = self._uses.get(key, 0) + n
        return self._uses[key]
