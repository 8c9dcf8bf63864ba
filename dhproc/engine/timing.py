"""Timing hooks: which handlers a moment triggers, in what order, and how chains of triggers run.

DESIGN.md §6: hooks fire in a declared order, and handlers triggered at the same moment are
ordered by the rule's own key (反応, 行動順, ...), never by the order of a container. So:

* :class:`Hooks` holds handlers under timing names that the ruleset declares up front (an
  unknown timing is a programming error, not a silent no-op);
* :func:`ordered` sorts by an explicit key and refuses a tie — two handlers with the same key
  mean the ruleset's key is incomplete, and guessing an order would be a silent rule;
* :class:`Cascade` runs triggers that cause further triggers, depth first (a handler's own
  consequences are settled before the next handler of the same moment) or breadth first (every
  handler of a moment, then the moments they caused, in order), with a cap so a loop of
  mutually triggering handlers stops with an error instead of hanging.
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Generic, Iterable, Sequence, TypeVar

P = TypeVar("P")  # a handler (whatever the ruleset fires)
E = TypeVar("E")  # a trigger event

DEPTH_FIRST, BREADTH_FIRST = "depth_first", "breadth_first"


class OrderTie(ValueError):
    """Two handlers have the same ordering key: the key does not decide their order."""


class CascadeLimit(RuntimeError):
    """More handlers fired in one cascade than its cap allows."""

    def __init__(self, limit: int):
        super().__init__(f"more than {limit} triggered handlers in one chain")
        self.limit = limit


def ordered(items: Iterable[P], key: Callable[[P], tuple]) -> list[P]:
    """``items`` sorted by ``key``; raises :class:`OrderTie` when two items share a key."""
    items = list(items)
    if len(items) < 2:  # nothing to order (the common case of a moment's handlers): no key to read
        return items
    keyed = sorted(((key(p), i, p) for i, p in enumerate(items)), key=lambda t: (t[0], t[1]))
    for (k1, _, _), (k2, _, _) in zip(keyed, keyed[1:]):
        if k1 == k2:
            raise OrderTie(f"two handlers share the ordering key {k1!r}")
    return [p for _, _, p in keyed]


class Hooks(Generic[P]):
    """Handlers filed under timing names, declared in the order the rules run them."""

    def __init__(self, timings: Sequence[str]):
        if len(dict.fromkeys(timings)) != len(timings):
            raise ValueError("a timing is declared twice")
        self.timings: tuple[str, ...] = tuple(timings)
        self._by_timing: dict[str, list[P]] = {t: [] for t in self.timings}

    def position(self, timing: str) -> int:
        """Where ``timing`` comes in the declared order."""
        try:
            return self.timings.index(timing)
        except ValueError:
            raise KeyError(f"undeclared timing '{timing}' (declared: {', '.join(self.timings)})") from None

    def add(self, timing: str, handler: P) -> None:
        self.position(timing)
        self._by_timing[timing].append(handler)

    def at(self, timing: str, *, key: Callable[[P], tuple], accept: Callable[[P], bool] | None = None) -> list[P]:
        """The handlers of ``timing`` that ``accept`` takes, ordered by ``key`` (keys read now)."""
        filed = self._by_timing.get(timing)
        if filed is None:
            self.position(timing)  # says which timings there are
        if not filed:  # a moment most rounds have no handler for: asked at every step of every ターン
            return []
        return ordered((h for h in filed if accept is None or accept(h)), key)


class Cascade(Generic[P, E]):
    """Runs trigger events to exhaustion.

    ``handlers_for(event)`` lists the handlers an event triggers, already ordered (it is called
    when the event's turn comes, so it sees the state of that moment); ``fire(handler, event)``
    runs one handler and returns the events it caused, in the order they happened.
    """

    def __init__(self, mode: str, limit: int):
        if mode not in (DEPTH_FIRST, BREADTH_FIRST):
            raise ValueError(f"unknown cascade mode {mode!r}")
        if limit < 1:
            raise ValueError("a cascade limit is at least 1")
        self.mode = mode
        self.limit = limit

    def run(self, events: Sequence[E], handlers_for: Callable[[E], Sequence[P]],
            fire: Callable[[P, E], Sequence[E]]) -> int:
        """Process ``events`` and everything they cause; returns how many handlers fired."""
        if self.mode == BREADTH_FIRST:
            return self._breadth(events, handlers_for, fire)
        return self._depth(events, handlers_for, fire)

    def _count(self, fired: int) -> int:
        fired += 1
        if fired > self.limit:
            raise CascadeLimit(self.limit)
        return fired

    def _breadth(self, events, handlers_for, fire) -> int:
        queue: deque = deque(events)
        fired = 0
        while queue:
            event = queue.popleft()
            for handler in handlers_for(event):
                fired = self._count(fired)
                queue.extend(fire(handler, event))
        return fired

    def _depth(self, events, handlers_for, fire) -> int:
        # A stack of frames, each an iterator with the event it serves: (_EVENTS, events still to
        # expand) or (event, its handlers still to fire). Most moments trigger nothing, so a
        # frame is a pair, not a record per item.
        stack: list = [(_EVENTS, iter(list(events)))]
        fired = 0
        while stack:
            event, items = stack[-1]
            item = next(items, _END)
            if item is _END:
                stack.pop()
            elif event is _EVENTS:
                handlers = list(handlers_for(item))
                if handlers:
                    stack.append((item, iter(handlers)))
            else:
                fired = self._count(fired)
                caused = fire(item, event)
                if caused:
                    stack.append((_EVENTS, iter(list(caused))))
        return fired


_END = object()  # what an exhausted frame's iterator gives
_EVENTS = object()  # the mark of a frame of events (any value, None too, may be an event)
