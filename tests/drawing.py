"""Strategies made once, for the generators that draw thousands of values a match.

Hypothesis validates a strategy the first time it is drawn from, and ``st.sampled_from(a list)``
made anew at each draw pays that every time: it was half of the time of drawing a logos match.
``pick`` keeps one strategy per list of choices; ``made_once`` does the same for a generator's own
strategy functions whose arguments are plain values."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterable, TypeVar

from hypothesis import strategies as st

F = TypeVar("F", bound=Callable[..., Any])


@lru_cache(maxsize=None)
def _sampled(options: tuple) -> st.SearchStrategy:
    return st.sampled_from(options)


def pick(options: Iterable) -> st.SearchStrategy:
    """``st.sampled_from(options)``, made once for each tuple of choices (anew when a choice is
    unhashable, a dict)."""
    options = tuple(options)
    try:
        return _sampled(options)
    except TypeError:
        return st.sampled_from(options)


def made_once(strategy: F) -> F:
    """A strategy function kept by its arguments: the same strategy object for the same values."""
    return lru_cache(maxsize=None)(strategy)  # type: ignore[return-value]
