"""logos's checks as pure functions of faces and numbers (LOGOS-2.3, LOGOS-4, LOGOS-5.1, 5.3).

The resolver (rules.py) calls these for every roll and every attack it settles; ``dhproc odds``,
``--dice-plan``'s 確率 and ``--luck`` apply the same functions (odds.py), so the odds never read a
rule differently from the resolution.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence, TypeVar

from ...engine.rates import succeeds

__all__ = ["succeeds", "activation_rolled", "coin_winner", "AttackResult", "attack_result"]

T = TypeVar("T")


def activation_rolled(checked: bool, mode: str, rate: int, roll_at_100: bool) -> bool:
    """Whether a 発動判定 rolls a d100 (LOGOS-5.1, 5.3): a checked skill under ``activation_check:
    d100`` below 100 % (or at it with ``roll_at_100``); otherwise it succeeds without a die."""
    return checked and mode == "d100" and (rate < 100 or roll_at_100)


def coin_winner(face: int, first: T, second: T) -> T:
    """A coin (a d2, LOGOS-2.3, LOGOS-9.3): 1 goes to the first named, 2 to the second."""
    return first if face == 1 else second


class AttackResult(NamedTuple):
    """LOGOS-4: an attack succeeds when a colour of the attacker is a weakness of the target, or
    its 攻撃 is at least the target's 防御; both at once is a critical. A named tuple: every
    attack of every round makes one."""

    matched: tuple[str, ...]
    color_hit: bool
    power_hit: bool

    @property
    def success(self) -> bool:
        return self.color_hit or self.power_hit

    @property
    def critical(self) -> bool:
        return self.color_hit and self.power_hit

    @property
    def outcome(self) -> str:
        """The outcome's name in the odds: critical, hit or miss."""
        return "critical" if self.critical else "hit" if self.success else "miss"


def attack_result(colors: Sequence[str], weaknesses: Sequence[str], attack: int, defense: int) -> AttackResult:
    matched = tuple(filter(weaknesses.__contains__, colors))
    return AttackResult(matched, bool(matched), attack >= defense)
