"""dhproc.engine.amounts: a derived amount divided and rounded in whole numbers."""

from __future__ import annotations

from fractions import Fraction

from dhproc.engine.amounts import FLOOR, HALF_UP, Derived, evaluate


def _by_fraction(numerator: int, divisor: int, rounding: str) -> int:
    """The rounding as a fraction does it: floor toward minus infinity, half up away from zero."""
    exact = Fraction(numerator, divisor)
    if rounding == FLOOR:
        return exact.numerator // exact.denominator
    sign = -1 if exact < 0 else 1
    return sign * int(abs(exact) + Fraction(1, 2))


def test_a_derived_amount_rounds_as_the_exact_fraction_does() -> None:
    for read in range(-13, 14):
        for times in (-3, -1, 1, 2, 3):
            for divide in (1, 2, 3, 4, 5, 7):
                for rounding in (FLOOR, HALF_UP):
                    got = evaluate(Derived("self", "attack", times, divide, 1), lambda s, a: read, rounding)
                    assert got.value == _by_fraction(read * times, divide, rounding) + 1, (read, times, divide, rounding)


def test_halves_go_away_from_zero() -> None:
    half = Derived("self", "attack", 1, 2)
    assert [evaluate(half, lambda s, a, v=v: v, HALF_UP).value for v in (-3, -1, 1, 3)] == [-2, -1, 1, 2]
    assert [evaluate(half, lambda s, a, v=v: v, FLOOR).value for v in (-3, -1, 1, 3)] == [-2, -1, 0, 1]
