"""The exact-distribution engine agrees with brute-force enumeration and never truncates."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from dhproc.odds.distribution import Distribution, TooLarge


def test_one_die_is_uniform():
    d = Distribution.die(6)
    assert d.items() == [(k, Fraction(1, 6)) for k in range(1, 7)]


def test_two_d6_sum_matches_the_textbook_table():
    d = Distribution.dice(2, 6)
    assert d.p(7) == Fraction(6, 36)
    assert d.p(2) == d.p(12) == Fraction(1, 36)
    assert sum(p for _, p in d.items()) == 1


def test_d100_at_or_under_65_is_65_percent():
    assert Distribution.die(100).probability(lambda f: f <= 65) == Fraction(65, 100)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 10), min_size=1, max_size=3), st.integers(-5, 5))
def test_sum_algebra_equals_enumeration(sides, shift):
    algebra = Distribution.constant(shift)
    for s in sides:
        algebra = algebra + Distribution.die(s)
    brute = Distribution.enumerate(sides, lambda *faces: sum(faces) + shift)
    assert algebra == brute


def test_bind_weights_dependent_steps():
    # hit on 1-3 of a d4, then a d6 of damage: P(damage 0) = 1/4
    hit = Distribution.die(4).map(lambda f: f <= 3)
    damage = hit.bind(lambda h: Distribution.die(6) if h else Distribution.constant(0))
    assert damage.p(0) == Fraction(1, 4)
    assert damage.p(6) == Fraction(3, 4) * Fraction(1, 6)


def test_percentile_is_mid_rank():
    d = Distribution.die(10)
    assert d.percentile(1) == Fraction(1, 20)
    assert d.percentile(10) == Fraction(19, 20)
    assert Distribution.constant(3).percentile(3) == Fraction(1, 2)


def test_too_large_is_raised_not_truncated():
    with pytest.raises(TooLarge) as caught:
        Distribution.enumerate([100, 100, 100, 100], lambda *f: sum(f), limit=10_000)
    assert caught.value.size == 100 ** 4
    big = Distribution.die(1000)
    with pytest.raises(TooLarge):
        big.combine(big, lambda a, b: (a, b), limit=10_000)


def test_zero_weights_vanish_and_empty_is_refused():
    assert len(Distribution({1: 0, 2: 3})) == 1
    with pytest.raises(ValueError):
        Distribution({})
