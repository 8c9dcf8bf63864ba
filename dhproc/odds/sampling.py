"""The fallback when exact odds are too large to enumerate: sample, seeded, and say so.

A ruleset whose exact construction raised :class:`~dhproc.odds.distribution.TooLarge` runs the
same checks on dice drawn from a ``dhproc-rng/1`` stream (never Python's ``random``), so the
figures are the same on every run and machine, and flags the result with an
:class:`~dhproc.odds.report.Approximation` carrying the sample size and a Wilson interval.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence, TypeVar

from ..dice.rng import PCG32, stream
from . import distribution
from .distribution import Distribution, TooLarge
from .report import Approximation, wilson

T = TypeVar("T", bound=Hashable)

SAMPLES = 20_000  # ±0.7 percentage points at 95 % near one half
SEED = "odds"  # the stream family of odds sampling, apart from any match's own seed


def sample(trial: Callable[[PCG32], T], key: str, *, samples: int = SAMPLES) -> Distribution[T]:
    """The empirical distribution of ``samples`` runs of ``trial``, each drawing its dice from one
    stream named by ``key`` (e.g. the turn and the action): the same figures every time."""
    rng = stream(SEED, "sample", key)
    counts: dict[T, int] = {}
    for _ in range(samples):
        outcome = trial(rng)
        counts[outcome] = counts.get(outcome, 0) + 1
    return Distribution(counts)


def approximation(error: TooLarge, key: str, headline: Distribution[bool], *,
                  samples: int = SAMPLES) -> Approximation:
    """The flag an approximate result carries: how many samples, from which stream, why (the
    size that was too large), and the interval of the headline chance (``headline`` the sampled
    distribution of "the headline event happened")."""
    hits = round(headline.p(True) * samples)
    return Approximation(samples=samples, seed=f"{SEED}/{key}", size=error.size, limit=error.limit,
                         interval=wilson(hits, samples))


@dataclass(frozen=True)
class Folded:
    """The result of :func:`fold`: exact, or sampled because the exact one was too large."""

    result: Distribution[Any]
    key: str
    error: TooLarge | None = None
    samples: int = SAMPLES

    def map(self, f: Callable[[Any], Any]) -> "Folded":
        return Folded(self.result.map(f), self.key, self.error, self.samples)

    def approximation(self, headline: Callable[[Any], bool]) -> Approximation | None:
        """The flag for an :class:`~dhproc.odds.report.ActionOdds` (None when exact), its interval
        that of ``headline`` (e.g. "the damage knocks out")."""
        if self.error is None:
            return None
        return approximation(self.error, self.key, self.result.map(headline), samples=self.samples)


def fold(parts: Sequence[Distribution[Any]], step: Callable[[Any, Any], Any], start: Any, *, key: str,
         samples: int = SAMPLES) -> Folded:
    """Independent draws folded into ``start`` by ``step``, in order: exactly while the result fits
    the enumeration limit (read when called), else by drawing each part from one seeded stream
    ``samples`` times — the same ``step`` either way, so the sample estimates the same figures."""
    try:
        acc: Distribution[Any] = Distribution.constant(start)
        for part in parts:
            acc = acc.combine(part, step, limit=distribution.LIMIT)
        return Folded(acc, key)
    except TooLarge as error:
        def trial(rng: PCG32) -> Any:
            value = start
            for part in parts:
                value = step(value, part.draw(rng))
            return value

        return Folded(sample(trial, key, samples=samples), key, error, samples)
