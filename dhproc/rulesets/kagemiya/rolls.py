"""The kagemiya ruleset's checks as pure functions of faces and numbers (KAGEMIYA-2, 5, 8).

The resolver (rules.py) calls these for every pool it rolls, and the odds (odds.py) apply the same
functions to exact distributions of the dice, so a rule is written once. None of them reads the
state: the caller passes the numbers.
"""

from __future__ import annotations

from typing import Sequence

from ...dice.expr import MAX_COUNT

MAGICAL_CHECKS = ("magical_attack", "magical_defense")


def pool_dice(dice: int) -> int:
    """KAGEMIYA-2.3: a pool never has fewer than 0 dice (nor more than a dice expression holds)."""
    return min(max(0, dice), MAX_COUNT)


def declared_sides(check: str, sides: int, magical_faces: str) -> int:
    """KAGEMIYA-2.5: the sides declared for the pool; 魔術 dice are 6面ダイス under ``magical_faces: six``."""
    return 0 if magical_faces == "six" and check in MAGICAL_CHECKS else sides


def pool_faces(sides: int, min_faces: int) -> int:
    """KAGEMIYA-2.1 / 2.3: each die has 6 + sides faces, never fewer than ``min_faces``."""
    return max(min_faces, 6 + sides)


def pool_total(faces: Sequence[int], modifier: int) -> int:
    """KAGEMIYA-2.1: the faces summed, plus the modifier."""
    return sum(faces) + modifier


def attack_damage(attack: int, defense: int) -> int:
    """KAGEMIYA-5.6: the attack's excess over the defence, 0 when it is not greater."""
    return max(0, attack - defense)


def hp_after(hp: int, damage: int) -> int:
    """KAGEMIYA-8.1: HP never falls below 0; at 0 the character drops out (脱落)."""
    return max(0, hp - damage)
