"""The exact-distribution engine agrees with brute-force enumeration and never truncates."""

from fractions import Fraction
from math import gcd

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


# A distribution keeps whole weights over one total in lowest terms; these hold it to the plain
# rational arithmetic it replaced: each outcome's probability as a sum of Fraction products, in
# first-seen order, and the sampling fallback's die as a ticket of Fractions.

def _fractions(weights: dict) -> dict:
    total = sum(weights.values())
    return {k: Fraction(w) / total for k, w in weights.items() if w}


def _draw_by_fractions(probabilities: dict, rng):
    denominator = 1
    for p in probabilities.values():
        denominator = denominator * p.denominator // gcd(denominator, p.denominator)
    if denominator <= 1 << 32:
        ticket = Fraction(rng.below(denominator), denominator)
    else:
        ticket = Fraction((rng.next_u32() << 32) | rng.next_u32(), 1 << 64)
    for outcome, p in probabilities.items():
        if ticket < p:
            return outcome
        ticket -= p
    return outcome


WEIGHTS = st.dictionaries(
    st.integers(0, 9),
    st.one_of(st.integers(0, 12), st.integers(1, 1 << 62),
              st.fractions(min_value=0, max_value=5, max_denominator=10 ** 6)),
    min_size=1, max_size=6).filter(lambda w: sum(w.values()) > 0)


@given(weights=WEIGHTS, other=WEIGHTS, seed=st.integers(0, 2 ** 32))
@settings(max_examples=300)
def test_whole_weights_give_the_fractions_the_rational_arithmetic_gives(weights, other, seed):
    from dhproc.dice.rng import PCG32

    d, e = Distribution(weights), Distribution(other)
    p, q = _fractions(weights), _fractions(other)
    assert list(d) == list(p) and [d.p(k) for k in d] == list(p.values())
    assert d.items() == sorted(p.items())
    assert d.mean() == sum(Fraction(k) * v for k, v in p.items())
    assert d.probability(lambda k: k % 2 == 0) == sum((v for k, v in p.items() if k % 2 == 0), Fraction(0))
    combined: dict = {}
    for a, pa in p.items():
        for b, qb in q.items():
            combined[(a + b) % 4] = combined.get((a + b) % 4, 0) + pa * qb
    assert d.combine(e, lambda a, b: (a + b) % 4).items() == sorted(_fractions(combined).items())
    bound: dict = {}
    for a, pa in p.items():
        then = _fractions({b: w for b, w in other.items() if b <= a and w} or {a: 1})
        for b, qb in then.items():
            bound[b] = bound.get(b, 0) + pa * qb
    got = d.bind(lambda a: Distribution({b: w for b, w in other.items() if b <= a and w} or {a: 1}))
    assert list(got) == list(_fractions(bound)) and got.items() == sorted(_fractions(bound).items())
    assert d == Distribution({k: w * 3 for k, w in weights.items()})  # one table per distribution
    mine, theirs = PCG32(seed, 5), PCG32(seed, 5)
    assert [d.draw(mine) for _ in range(8)] == [_draw_by_fractions(p, theirs) for _ in range(8)]
