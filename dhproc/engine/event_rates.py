"""The event rates a ruleset names for ``dhproc simulate``: what its players count in a battle.

A rate counts the events of some kinds that meet a condition (dh's hits: ``attack`` events with
``hit``); it may also be a share of other events (hits out of attacks). ``dhproc simulate``
reports each per run, per turn played and, with ``of``, as a share with its interval. The
ruleset names them (:meth:`dhproc.engine.ruleset.Ruleset.event_rates`); the simulation knows no
event kind of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

if TYPE_CHECKING:
    from ..words.messages import Catalog

__all__ = ["EventRate", "Counted", "events_of", "count_rates"]


@dataclass(frozen=True)
class Counted:
    """Which events count: those of ``kinds`` for which ``when`` holds (every one without it)."""

    kinds: frozenset[str]
    when: Callable[[dict], bool] | None = None

    def counts(self, event: dict) -> bool:
        return event["kind"] in self.kinds and (self.when is None or bool(self.when(event)))


@dataclass(frozen=True)
class EventRate:
    """One rate: ``key`` names it in the JSON and in ``words`` (the ruleset's catalogue, both
    languages); ``counted`` the events it counts; ``of`` the events it is a share of."""

    key: str
    words: "Catalog"
    counted: Counted
    of: Counted | None = None

    def name(self, lang: str) -> str:
        return self.words.lang(lang)(self.key)


def events_of(*kinds: str, when: Callable[[dict], bool] | None = None) -> Counted:
    return Counted(frozenset(kinds), when)


def count_rates(rates: Sequence[EventRate], events: Sequence[dict]) -> dict[str, tuple[int, int]]:
    """Each rate's (events counted, events it is a share of) in ``events``."""
    out = {}
    for rate in rates:
        counted = sum(1 for e in events if rate.counted.counts(e))
        out[rate.key] = (counted, sum(1 for e in events if rate.of.counts(e)) if rate.of else 0)
    return out
