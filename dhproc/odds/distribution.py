"""Exact finite distributions with rational probabilities.

A ruleset's check is a pure function of the dice it rolls; applying it to a :class:`Distribution`
of those dice instead of to one roll gives the exact chance of every result. Probabilities are
:class:`fractions.Fraction`, so nothing is rounded until a person reads it, and two ways of
computing the same odds compare equal exactly.

Inside, a distribution is whole-number weights over one total (the probability of an outcome is
its weight over the total), kept in lowest terms: combining two is then arithmetic on integers in
C, where one ``Fraction`` operation is several Python calls (three quarters of an `odds` query's
time went to them). Every probability it hands out is the same exact ``Fraction`` as before.

Outcomes keep the order in which they were first produced (insertion order of a ``dict``), never a
set or hash order, so the same construction always lists them the same way; :meth:`items` sorts
them when they are comparable. A construction that would hold more than ``limit`` outcomes raises
:class:`TooLarge` instead of truncating: the caller then samples and says so.
"""

from __future__ import annotations

import itertools
from math import gcd, lcm
from fractions import Fraction
from typing import Any, Callable, Generic, Hashable, Iterable, Iterator, Mapping, Sequence, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

LIMIT = 1_000_000  # outcomes (or products of outcomes) enumerated before giving up


class TooLarge(Exception):
    """Enumerating exactly would take more than the limit; sample instead, flagged approximate."""

    def __init__(self, size: int, limit: int):
        super().__init__(f"{size} outcomes exceed the limit of {limit}")
        self.size = size
        self.limit = limit


class Distribution(Generic[T]):
    """An outcome → probability table whose probabilities are exact and sum to one."""

    __slots__ = ("_w", "_total")

    def __init__(self, weights: Mapping[T, int | Fraction]):
        total = sum(weights.values())
        if not weights or total <= 0:
            raise ValueError("a distribution needs at least one outcome of positive weight")
        scale = 1  # the weights' common denominator, when some are fractions
        for w in weights.values():
            if type(w) is not int:
                scale = lcm(scale, Fraction(w).denominator)
        whole = weights if scale == 1 and all(type(w) is int for w in weights.values()) else \
            {k: int(Fraction(w) * scale) for k, w in weights.items()}
        self._set({k: w for k, w in whole.items() if w})

    def _set(self, weights: dict[T, int]) -> None:
        """Keep ``weights`` (whole, none zero) in lowest terms: one table for one distribution, so
        that equal distributions have equal weights and totals."""
        common = gcd(*weights.values())
        if common > 1:
            weights = {k: w // common for k, w in weights.items()}
        self._w = weights
        self._total = sum(weights.values())

    @classmethod
    def _of(cls, weights: dict[T, int]) -> "Distribution[T]":
        made = cls.__new__(cls)
        made._set(weights)
        return made

    # -- making one ------------------------------------------------------------------------

    @classmethod
    def constant(cls, value: T) -> Distribution[T]:
        return cls({value: 1})

    @classmethod
    def uniform(cls, values: Iterable[T]) -> Distribution[T]:
        weights: dict[T, int] = {}
        for v in values:
            weights[v] = weights.get(v, 0) + 1
        return cls(weights)

    @classmethod
    def die(cls, sides: int) -> Distribution[int]:
        """One fair die with faces 1..sides."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        return cls.uniform(range(1, sides + 1))

    @classmethod
    def dice(cls, count: int, sides: int) -> Distribution[int]:
        """The sum of ``count`` fair dice (``count``D``sides``); 0D is the constant 0."""
        total: Distribution[int] = cls.constant(0)
        one = cls.die(sides)
        for _ in range(count):
            total = total + one
        return total

    @classmethod
    def enumerate(cls, sides: Sequence[int], result: Callable[..., T], *,
                  limit: int = LIMIT) -> Distribution[T]:
        """Brute force: apply ``result`` to every combination of faces of the given dice.

        Independent of the algebra below, so tests can check a check's odds against it.
        """
        size = 1
        for s in sides:
            size *= s
        if size > limit:
            raise TooLarge(size, limit)
        weights: dict[T, int] = {}
        for faces in itertools.product(*(range(1, s + 1) for s in sides)):
            r = result(*faces)
            weights[r] = weights.get(r, 0) + 1
        return cls(weights)

    # -- combining -------------------------------------------------------------------------

    def map(self, f: Callable[[T], U]) -> Distribution[U]:
        weights: dict[U, int] = {}
        for k, w in self._w.items():
            r = f(k)
            weights[r] = weights.get(r, 0) + w
        return Distribution._of(weights)

    def bind(self, f: Callable[[T], Distribution[U]], *, limit: int = LIMIT) -> Distribution[U]:
        """A step that depends on this one's outcome: each outcome leads to its own distribution."""
        steps = []
        work = 0
        common = 1  # the totals of the steps brought to one
        for k, w in self._w.items():
            then = f(k)
            work += len(then)
            if work > limit:
                raise TooLarge(work, limit)
            steps.append((w, then))
            common = lcm(common, then._total)
        weights: dict[U, int] = {}
        for w, then in steps:
            scaled = w * (common // then._total)
            for r, q in then._w.items():
                weights[r] = weights.get(r, 0) + scaled * q
        return Distribution._of(weights)

    def combine(self, other: Distribution[U], f: Callable[[T, U], Any], *,
                limit: int = LIMIT) -> Distribution[Any]:
        """Two independent draws combined by ``f``."""
        size = len(self) * len(other)
        if size > limit:
            raise TooLarge(size, limit)
        weights: dict[Any, int] = {}
        theirs = other._w.items()
        for a, p in self._w.items():
            for b, q in theirs:
                r = f(a, b)
                weights[r] = weights.get(r, 0) + p * q
        return Distribution._of(weights)

    def __add__(self, other: Distribution[Any] | int) -> Distribution[Any]:
        if isinstance(other, Distribution):
            return self.combine(other, lambda a, b: a + b)
        return self.map(lambda a: a + other)

    __radd__ = __add__

    def repeat(self, times: int, f: Callable[[Any, T], Any], start: Any) -> Distribution[Any]:
        """Fold ``times`` independent copies of this draw into ``start`` with ``f``."""
        acc: Distribution[Any] = Distribution.constant(start)
        for _ in range(times):
            acc = acc.combine(self, f)
        return acc

    def draw(self, rng: Any) -> T:
        """One outcome drawn with its exact probability from ``rng`` (a ``dhproc-rng/1`` stream,
        :class:`dhproc.dice.rng.PCG32`): the sampling fallback's die, never Python's ``random``.
        A ticket below the total (in lowest terms, the least common denominator of the
        probabilities) falls in one outcome's weight; past 2³² a 64-bit ticket, compared exactly."""
        total = self._total
        if total <= 1 << 32:
            ticket, unit = rng.below(total), 1
        else:  # more outcomes than one draw tells apart: 64 bits of the stream, as ticket / 2**64
            ticket, unit = ((rng.next_u32() << 32) | rng.next_u32()) * total, 1 << 64
        for outcome, w in self._w.items():
            if ticket < w * unit:
                return outcome
            ticket -= w * unit
        return outcome  # pragma: no cover - the probabilities sum to one

    # -- reading ---------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._w)

    def __iter__(self) -> Iterator[T]:
        return iter(self._w)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._total == other._total and self._w == other._w

    def __hash__(self) -> int:  # pragma: no cover - distributions are not used as keys
        raise TypeError("a Distribution is not hashable")

    def __repr__(self) -> str:
        return f"Distribution({dict(self.items())!r})"

    def p(self, outcome: T) -> Fraction:
        return Fraction(self._w.get(outcome, 0), self._total)

    def items(self) -> list[tuple[T, Fraction]]:
        """Outcomes and probabilities, sorted when the outcomes compare, else in first-seen order."""
        total = self._total
        pairs = [(k, Fraction(w, total)) for k, w in self._w.items()]
        try:
            return sorted(pairs, key=lambda kv: kv[0])  # type: ignore[arg-type,return-value]
        except TypeError:
            return pairs

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        return Fraction(sum(w for k, w in self._w.items() if predicate(k)), self._total)

    def mean(self) -> Fraction:
        return sum((Fraction(k) * w for k, w in self._w.items()), Fraction(0)) / self._total  # type: ignore[arg-type]

    def at_least(self, value: Any) -> Fraction:
        return self.probability(lambda k: k >= value)  # type: ignore[operator]

    def percentile(self, value: Any) -> Fraction:
        """Where ``value`` stands, from 0 (the lowest possible) to 1 (the highest), mid-rank.

        P(X < value) + P(X = value) / 2, so a die's faces sit evenly spread and a certain result
        stands at one half: how lucky a roll was, read the same way for every check.
        """
        below = self.probability(lambda k: k < value)  # type: ignore[operator]
        return below + self.p(value) / 2
