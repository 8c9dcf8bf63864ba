"""dh's checks as pure functions of faces and numbers (DH-4.2, DH-4.3, DH-7.1, DH-7.2).

The resolver calls these for every roll it makes (strike.py, ability_rules.py); ``dhproc odds``,
``--dice-plan``'s 確率 and ``--luck`` apply the same functions to exact distributions
(odds.py, with dhproc/odds/d100.py for the d100 判定 every ruleset shares), so the odds can never
read a rule differently from the resolution.
"""

from __future__ import annotations

from ...engine.rates import succeeds

__all__ = ["hit_rate", "succeeds", "needs_die", "attack_damage", "reduced_damage", "without_die", "AUTO_CHECKS"]


def hit_rate(attack: int, defense: int) -> int:
    """命中率 (DH-4.2): (攻撃力 − 防御力) × 5 + 50, unclamped (a d100 reads it as it stands)."""
    return (attack - defense) * 5 + 50


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
