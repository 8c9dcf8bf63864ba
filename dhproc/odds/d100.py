"""The odds of a d100 判定 read "at most the rate" (:func:`dhproc.engine.rates.succeeds`), for
every ruleset that rolls one (dh's 命中・発動・成功判定, logos's 発動判定): its chance, and how lucky
a face was."""

from __future__ import annotations

from fractions import Fraction

from ..engine.rates import D100, succeeds
from .distribution import Distribution


def check_odds(rate: int) -> Distribution[bool]:
    """The exact chance a d100 判定 at ``rate`` succeeds: :func:`succeeds` over every face."""
    return Distribution.die(D100).map(lambda face: succeeds(face, rate))


def success_chance(rate: int) -> Fraction:
    return check_odds(rate).p(True)


def face_luck(face: int) -> Fraction:
    """How lucky a d100 face was for its roller, 1 the best: low faces succeed, so the face's
    mid-rank percentile read from the top (face 1 stands at 99.5 %, face 100 at 0.5 %)."""
    return 1 - Distribution.die(D100).percentile(face)
