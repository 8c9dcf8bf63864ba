"""Exact finite distributions with rational probabilities.

A ruleset's check is a pure function of the dice it rolls; applying it to a :class:`Distribution`
of those dice instead of to one roll gives the exact chance of every result. Probabilities are
:class:`fractions.Fraction`, so nothing is rounded until a person reads it, and two ways of
computing the same odds compare equal exactly.

Outcomes keep the order in which they were first produced (insertion order of a ``dict``), never a
set or hash order, so the same construction always lists them the same way; :meth:`items` sorts
them when they are comparable. A construction that would hold more than ``limit`` outcomes raises
:class:`TooLarge` instead of truncating: the caller then samples and says so.
"""

from __future__ import annotations

import itertools
from math import gcd as _gcd
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

    __slots__ = ("_p",)

    def __init__(self, weights: Mapping[T, int | Fraction]):
        total = sum(weights.values())
        if not weights or total <= 0:
            raise ValueError("a distribution needs at least one outcome of positive weight")
        self._p: dict[T, Fraction] = {k: Fraction(w) / total for k, w in weights.items() if w}

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
        weights: dict[U, Fraction] = {}
        for k, p in self._p.items():
            r = f(k)
            weights[r] = weights.get(r, 0) + p
        return Distribution(weights)

    def bind(self, f: Callable[[T], Distribution[U]], *, limit: int = LIMIT) -> Distribution[U]:
        """A step that depends on this one's outcome: each outcome leads to its own distribution."""
        weights: dict[U, Fraction] = {}
        work = 0
        for k, p in self._p.items():
            then = f(k)
            work += len(then)
            if work > limit:
                raise TooLarge(work, limit)
            for r, q in then._p.items():
                weights[r] = weights.get(r, 0) + p * q
        return Distribution(weights)

    def combine(self, other: Distribution[U], f: Callable[[T, U], Any], *,
                limit: int = LIMIT) -> Distribution[Any]:
        """Two independent draws combined by ``f``."""
        size = len(self) * len(other)
        if size > limit:
            raise TooLarge(size, limit)
        weights: dict[Any, Fraction] = {}
        for a, p in self._p.items():
            for b, q in other._p.items():
                r = f(a, b)
                weights[r] = weights.get(r, 0) + p * q
        return Distribution(weights)

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
        :class:`dhproc.dice.rng.PCG32`): the sampling fallback's die, never Python's ``random``."""
        denominator = 1
        for p in self._p.values():
            denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
        if denominator <= 1 << 32:
            ticket = Fraction(rng.below(denominator), denominator)
        else:  # more outcomes than one draw tells apart: 64 bits of the stream
            ticket = Fraction((rng.next_u32() << 32) | rng.next_u32(), 1 << 64)
        for outcome, p in self._p.items():
            if ticket < p:
                return outcome
            ticket -= p
        return outcome  # pragma: no cover - the probabilities sum to one

    # -- reading ---------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._p)

    def __iter__(self) -> Iterator[T]:
        return iter(self._p)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._p == other._p

    def __hash__(self) -> int:  # pragma: no cover - distributions are not used as keys
        raise TypeError("a Distribution is not hashable")

    def __repr__(self) -> str:
        return f"Distribution({dict(self.items())!r})"

    def p(self, outcome: T) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def items(self) -> list[tuple[T, Fraction]]:
        """Outcomes and probabilities, sorted when the outcomes compare, else in first-seen order."""
        pairs = list(self._p.items())
        try:
            return sorted(pairs, key=lambda kv: kv[0])  # type: ignore[arg-type,return-value]
        except TypeError:
            return pairs

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        return sum((p for k, p in self._p.items() if predicate(k)), Fraction(0))

    def mean(self) -> Fraction:
        return sum((Fraction(k) * p for k, p in self._p.items()), Fraction(0))  # type: ignore[arg-type]

    def at_least(self, value: Any) -> Fraction:
        return self.probability(lambda k: k >= value)  # type: ignore[operator]

    def percentile(self, value: Any) -> Fraction:
        """Where ``value`` stands, from 0 (the lowest possible) to 1 (the highest), mid-rank.

        P(X < value) + P(X = value) / 2, so a die's faces sit evenly spread and a certain result
        stands at one half: how lucky a roll was, read the same way for every check.
        """
        below = self.probability(lambda k: k < value)  # type: ignore[operator]
        return below + self.p(value) / 2
