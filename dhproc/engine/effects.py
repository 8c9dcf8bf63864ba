"""Lasting effects with absolute end points, and the clocks those end points are read on.

DESIGN.md §6: durations are stored as absolute end points, never as counters that tick. A rule
that says "for 2 turns" becomes ``end = now + 2`` on some clock, and the effect has expired once
that clock reaches ``end``. Which clock is the ruleset's choice:

* a global clock (turns ended, phases ended) for effects that count down for everyone alike;
* a clock of one bearer (e.g. "turns this character has ended as the active character", for a
  rule where only the active character's effects count down) — the end point is still absolute,
  it is just measured on a clock that advances only when the rule says that bearer's time passes.

The store keeps effects in creation order (``seq``), which is the only order it ever lists them in.
It knows nothing of stats or fields: ``kind`` and ``data`` are the ruleset's words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence


class Clocks:
    """Named counters that only ever move forward; an unknown clock reads 0."""

    def __init__(self) -> None:
        self._values: dict[str, int] = {}

    def now(self, name: str) -> int:
        return self._values.get(name, 0)

    def advance(self, name: str, by: int = 1) -> int:
        if by < 0:
            raise ValueError("a clock never goes back")
        self._values[name] = self.now(name) + by
        return self._values[name]

    def to_json(self) -> dict[str, int]:
        return dict(sorted(self._values.items()))


@dataclass
class Effect:
    seq: int  # creation order, unique within its store
    kind: str  # the ruleset's word: "stat", "color", "field", ...
    bearer: str | None  # what carries it (a character id); None for an effect on the whole battle
    data: dict[str, Any]  # the ruleset's payload
    clock: str  # the clock the end point is read on
    start: int  # that clock's value when the effect was made
    end: int | None  # expired once the clock reaches it; None: lasts until removed
    removable: bool = True  # False: effects that "remove lasting effects" leave it alone
    source: dict[str, Any] = field(default_factory=dict)  # who or what made it

    @classmethod
    def restored(cls, entry: dict[str, Any], *, data: dict[str, Any], clock: str, start: int) -> "Effect":
        """An effect a setup carries over (a match continued mid-campaign), written as
        ``{id, kind, bearer, end, removable, source}`` beside the ruleset's ``data``."""
        return cls(seq=entry["id"], kind=entry["kind"], bearer=entry.get("bearer"), data=data, clock=clock,
                   start=start, end=entry["end"], removable=entry.get("removable", True),
                   source=dict(entry.get("source") or {}))

    def expired(self, clocks: Clocks) -> bool:
        return self.end is not None and clocks.now(self.clock) >= self.end

    def remaining(self, clocks: Clocks) -> int | None:
        """How many ticks of its clock are left; None when it has no end."""
        return None if self.end is None else max(0, self.end - clocks.now(self.clock))

    def to_json(self, clocks: Clocks | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "bearer": self.bearer, **self.data,
                               "clock": self.clock, "end": self.end}
        if clocks is not None:
            out["remaining"] = self.remaining(clocks)
        if not self.removable:
            out["removable"] = False
        if self.source:
            out["source"] = dict(self.source)
        return out


class EffectStore:
    """Every lasting effect of a match, in creation order.

    Beside the list, the store keeps the same effects indexed by bearer, by kind and by both,
    maintained as effects start and end: a rule asking for one character's stat changes, or for
    the counters waiting anywhere, reads those effects alone, not every effect of the match (a
    100-a-side battle has hundreds). Each index lists its effects in the list's own order."""

    def __init__(self) -> None:
        self._items: list[Effect] = []
        self._next = 1
        self._by_bearer: dict[Any, list[Effect]] = {}
        self._by_kind: dict[str, list[Effect]] = {}
        self._by_both: dict[tuple[Any, str], list[Effect]] = {}
        # (bearer, kind) -> the effects on bearer of kind, or None: ``held`` without a Python call
        # (the index's own get), for the lookups a ruleset makes on every attack, most finding none
        self.lookup: Callable[[tuple[Any, str]], list[Effect] | None] = self._by_both.get
        # bearer -> every effect on it, or None: the one question that settles every lookup of a
        # character who bears nothing (most characters of most matches, on every 行動)
        self.bearing: Callable[[Any], list[Effect] | None] = self._by_bearer.get
        # Changes whenever an effect starts or ends: what a reader keeps about the effects holds
        # while it is the same. A plain attribute, read on every settling; only the store sets it.
        self.version = 0

    def __getstate__(self) -> dict[str, Any]:  # a copy (deepcopy, pickle) binds its own index's get
        state = dict(self.__dict__)
        del state["lookup"], state["bearing"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.lookup = self._by_both.get
        self.bearing = self._by_bearer.get

    def __iter__(self):
        return iter(list(self._items))

    def __len__(self) -> int:
        return len(self._items)

    def add(self, kind: str, *, bearer: str | None, data: dict[str, Any], clock: str, clocks: Clocks,
            duration: int | None, removable: bool = True, source: dict[str, Any] | None = None) -> Effect:
        """Make an effect lasting ``duration`` ticks of ``clock`` from now (None: no end)."""
        if duration is not None and duration < 0:
            raise ValueError("a duration is never negative")
        now = clocks.now(clock)
        effect = Effect(self._next, kind, bearer, dict(data), clock, now,
                        None if duration is None else now + duration, removable, dict(source or {}))
        self._next += 1
        self._append(effect)
        return effect

    def restore(self, effect: Effect, next_seq: int | None = None) -> None:
        """Put back an effect carried over from an earlier session (a match continued from its
        log), keeping its number; later effects are numbered from ``next_seq`` as they were."""
        if any(e.seq == effect.seq for e in self._items):
            raise ValueError(f"effect {effect.seq} is there already")
        self._append(effect)
        self.restore_next(max(effect.seq + 1, next_seq or 0))

    def restore_next(self, next_seq: int) -> None:
        self._next = max(self._next, next_seq)

    @property
    def next_seq(self) -> int:
        return self._next

    def select(self, *, bearer: Any = ..., kind: str | None = None,
               where: Callable[[Effect], bool] | None = None) -> list[Effect]:
        """The effects on ``bearer`` (``...``: any bearer) of ``kind`` (None: any), in creation order."""
        if bearer is ...:
            found = self._items if kind is None else self._by_kind.get(kind, ())
        elif kind is None:
            found = self._by_bearer.get(bearer, ())
        else:
            found = self._by_both.get((bearer, kind), ())
        return [e for e in found if where(e)] if where is not None else list(found)

    def held(self, bearer: Any, kind: str) -> Sequence[Effect]:
        """The effects on ``bearer`` of ``kind`` as the index holds them, in creation order, not
        copied: for a reader that only reads them before any effect starts or ends (``select``
        gives a list of its own). Most characters hold no effect of most kinds, and the rules
        ask for them on every attack and every move."""
        return self._by_both.get((bearer, kind), ())

    def any_of(self, kind: str) -> bool:
        """Whether an effect of ``kind`` is in the store at all (on any bearer)."""
        return kind in self._by_kind

    def expire(self, clocks: Clocks) -> list[Effect]:
        """Remove and return every effect whose end point its clock has reached."""
        now = clocks.now  # Effect.expired, asked of every effect at every phase start, written out
        gone = [e for e in self._items if e.end is not None and now(e.clock) >= e.end]
        self._drop(gone)
        return gone

    def remove(self, effects: Iterable[Effect], *, force: bool = False) -> list[Effect]:
        """Remove the given effects (only removable ones unless ``force``); returns those removed."""
        wanted = {e.seq for e in effects if force or e.removable}
        if not wanted:  # asked often with nothing to remove: no scan of the whole list then
            return []
        gone = [e for e in self._items if e.seq in wanted]
        self._drop(gone)
        return gone

    def _append(self, effect: Effect) -> None:
        self.version += 1
        self._items.append(effect)
        self._by_bearer.setdefault(effect.bearer, []).append(effect)
        self._by_kind.setdefault(effect.kind, []).append(effect)
        self._by_both.setdefault((effect.bearer, effect.kind), []).append(effect)

    def _drop(self, gone: list[Effect]) -> None:
        """Take ``gone`` (effects of the list) out of the list and out of every index."""
        if not gone:
            return
        self.version += 1
        ids = {id(e) for e in gone}
        self._items = [e for e in self._items if id(e) not in ids]
        for index, key_of in ((self._by_bearer, lambda e: e.bearer), (self._by_kind, lambda e: e.kind),
                              (self._by_both, lambda e: (e.bearer, e.kind))):
            for key in dict.fromkeys(key_of(e) for e in gone):
                kept = [e for e in index[key] if id(e) not in ids]
                if kept:
                    index[key] = kept
                else:
                    del index[key]
