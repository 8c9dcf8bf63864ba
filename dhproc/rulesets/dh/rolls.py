"""dh's checks as pure functions of faces and numbers (DH-4.2, DH-4.3, DH-7.1, DH-7.2).

The resolver calls these for every roll it makes (strike.py, ability_rules.py); ``dhproc odds``,
``--dice-plan``'s 確率 and ``--luck`` apply the same functions to exact distributions
(odds.py), so the odds can never read a rule differently from the resolution.
"""

from __future__ import annotations

from fractions import Fraction

from ...odds.distribution import Distribution

D100 = 100  # every dh 判定 is a d100 at most the rate


def hit_rate(attack: int, defense: int) -> int:
    """命中率 (DH-4.2): (攻撃力 − 防御力) × 5 + 50, unclamped (a d100 reads it as it stands)."""
    return (attack - defense) * 5 + 50


def succeeds(face: int, rate: int) -> bool:
    """A 判定 (DH-7.1): the d100 face at most the rate succeeds."""
    return face <= rate


def needs_die(rate: int, roll_at_100: bool) -> bool:
    """A 発動・成功判定 at 100 % or more is made without a die unless ``roll_at_100`` (DH-7.2)."""
    return rate < 100 or roll_at_100


def attack_damage(attack: int, defense: int, hit: bool, mode: str) -> int:
    """通常攻撃's 体力 damage (DH-4.3): 攻撃力 − 防御力, at least 1, on a hit; a miss does none,
    or 1 with ``hit_mode: half_sure``."""
    if hit:
        return max(1, attack - defense)
    return 1 if mode == "half_sure" else 0


def reduced_damage(amount: int, by: int) -> int:
    """Damage after a ステータスダメージ軽減 of ``by`` (DH-11.14): never below 0; none stays none."""
    if by <= 0 or amount <= 0:
        return amount
    return max(0, amount - by)


AUTO_CHECKS = ("activation_check", "success_check")  # what a 転校生's sheet passes without a die (DH-14.9)


def without_die(rate: int, purpose: str, *, roll_at_100: bool, auto_success: bool) -> str | None:
    """Why a 判定 succeeds with no die: ``"rate"`` at 100 % or more (DH-7.2), ``"auto"`` for a
    転校生's 発動・成功判定 (DH-14.9); None when the die decides."""
    if not needs_die(rate, roll_at_100):
        return "rate"
    if auto_success and purpose in AUTO_CHECKS:
        return "auto"
    return None


def check_odds(rate: int) -> Distribution[bool]:
    """The exact chance a d100 判定 at ``rate`` succeeds: :func:`succeeds` over every face."""
    return Distribution.die(D100).map(lambda face: succeeds(face, rate))


def success_chance(rate: int) -> Fraction:
    return check_odds(rate).p(True)


def face_luck(face: int, rate: int) -> Fraction:
    """How lucky a d100 face was for its roller, 1 the best: low faces succeed, so the face's
    mid-rank percentile read from the top."""
    return 1 - Distribution.die(D100).percentile(face)
