"""The pieces count's, nicosw's and kagemiya's odds share (dhproc/odds/state.py)."""

from __future__ import annotations

from fractions import Fraction

from dhproc.odds.distribution import Distribution
from dhproc.odds.state import die_luck, following, hits_to_knock_out


def test_hits_to_knock_out_counts_every_way_the_hits_add_up() -> None:
    # 1 or 2 a hit against 3 HP: two hits do unless both are 1 (1/4); then a third always does
    assert hits_to_knock_out(Distribution.uniform([1, 2]), 3) == Distribution({2: 3, 3: 1})


def test_hits_that_cannot_knock_out_say_so_instead_of_being_cut_off() -> None:
    assert hits_to_knock_out(Distribution.constant(0), 5) == Distribution.constant(0)
    capped = hits_to_knock_out(Distribution.uniform([0, 1]), 3, cap=3)
    assert capped.p(3) == Fraction(1, 8) and capped.p(0) == Fraction(7, 8)  # three 1s in three hits, or not yet


def test_a_die_s_luck_is_its_mid_rank_either_way_round() -> None:
    assert die_luck(6, 6) == Fraction(11, 12) and die_luck(1, 6) == Fraction(1, 12)
    assert die_luck(1, 100, higher_is_better=False) == Fraction(199, 200)


def test_a_roll_s_check_is_found_after_it_or_not_at_all() -> None:
    roll = {"kind": "roll", "face": 3}
    events = [{"kind": "x"}, roll, {"kind": "y"}, {"kind": "check", "total": 9}]
    assert following(events, roll, ("check",)) == {"kind": "check", "total": 9}
    assert following(events[:2], roll, ("check",)) is None
