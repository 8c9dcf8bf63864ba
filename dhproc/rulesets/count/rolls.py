"""The count ruleset's checks as pure functions of faces and numbers (seed 002, 3-3-3 / 3-3-4).

The resolver (rules.py) calls these for every roll it makes, and the odds (odds.py) apply the same
functions to exact distributions of the dice, so a rule is written once. None of them reads the
state: the caller passes the numbers.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

from ...dice.expr import read_2d9
from .model import VOID

HIT_DICE = (10, 10)  # COUNT-4.1: 2D10
EVASION_DIE = 100  # COUNT-5.3: 1D100
CRITICAL_DIE = 10  # COUNT-7.2: a critical adds 1D10
KIND_DICE = (10, 10)  # COUNT-7.2: 種別：近 / 射 add 2D10
ESCAPE_DIE = 6  # COUNT-3.6: 1D6, 1 escapes


class HitCheck(NamedTuple):
    """A 命中判定 (COUNT-4.1–4.2): the 達成値 and whether the 2D10 is a critical or a fumble."""

    total: int
    critical: bool
    fumble: bool


def hit_check(value: int, d1: int, d2: int, hit_crit: int, hit_fumble: int) -> HitCheck:
    """COUNT-4.1 / 4.2: 達成値 = 判定値 + 2D10; the dice at or above 命中C値 are a critical, at or
    below 命中F値 a fumble."""
    dice = d1 + d2
    return HitCheck(value + dice, dice >= hit_crit, dice <= hit_fumble)


def evasion_rate(total: int, defence: int) -> int:
    """COUNT-5.2: 回避率 = (20 − (A − B)) × 5, from 0 to 100."""
    return max(0, min(100, (20 - (total - defence)) * 5))


class Evasion(NamedTuple):
    """One 回避判定 attempt (COUNT-5.3–5.6)."""

    critical: bool
    fumble: bool
    evaded: bool
    why: str  # hit_critical, evasion_fumble, evasion_critical, rate


def evasion(face: int, rate: int, *, hit_critical: bool, evasion_crit: int, evasion_fumble: int,
            crit_evades: bool) -> Evasion:
    """COUNT-5.3–5.6: a 1D100 at or below the 回避率 evades; a hit critical lands unless the
    evasion is a critical; an evasion fumble never evades; an evasion critical evades (option
    ``evasion_crit_evades``)."""
    crit, fumble = face <= evasion_crit, face >= evasion_fumble
    if hit_critical and not crit:  # COUNT-5.4
        return Evasion(crit, fumble, False, "hit_critical")
    if fumble:
        return Evasion(crit, fumble, False, "evasion_fumble")
    if crit and crit_evades:  # COUNT-5.6
        return Evasion(crit, fumble, True, "evasion_critical")
    return Evasion(crit, fumble, face <= rate, "rate")


def ca_reading(face: int) -> tuple[int, int, int]:
    """COUNT-6.1: the 回避判定's 1D100 read as 2D9: (tens, ones, their sum; 100 reads 0+0)."""
    return read_2d9(face)


def ca_eligible(reading: int, ca_value: int, ca_left: int) -> bool:
    """COUNT-6.2: the reading at or below the CA値 with a 残りCA回数 left."""
    return reading <= ca_value and ca_left >= 1


def planned_damage(fixed: int, increases: Sequence[int], dice: Sequence[int], critical_dice: Sequence[int],
                   kind_dice: Sequence[int], increase_dice: Sequence[int] = ()) -> int:
    """COUNT-7.1 / 7.2 / 7.15, steps 1–3: fixed, increases and the dice (the increases' own dice,
    「ダメージ+1D10」, among them) → 予定ダメージ (never below 0)."""
    return max(0, fixed + sum(increases) + sum(increase_dice) + sum(dice) + sum(critical_dice) + sum(kind_dice))


def damage_reroll_wanted(planned: int, below: int | None, rolled: bool) -> bool:
    """COUNT-7.14: the dice of step 3 are rolled again while the 予定ダメージ is below the
    ``reroll_damage_below`` its reactions ask for (None: never); a damage with no dice has nothing
    to re-roll."""
    return below is not None and planned < below and rolled


def is_void(attributes: Sequence[str], void_in_composite: str) -> bool:
    """COUNT-7.4: 〈無〉 damage, alone or (option ``void_in_composite``) inside a composite 属性."""
    return VOID in attributes and (len(attributes) == 1 or void_in_composite == "whole")


def lowest_resist(attributes: Sequence[str], resist: Mapping[str, int]) -> tuple[str, int]:
    """COUNT-7.3: a composite 属性 meets the lowest 耐性 among its 属性 (the first listed on a tie)."""
    attrs = list(attributes)
    attr = min(attrs, key=lambda x: (resist.get(x, 0), attrs.index(x)))
    return attr, resist.get(attr, 0)


class DamageSteps(NamedTuple):
    """Steps 4–7 for one receiver (COUNT-7.3–7.7): each step's result."""

    planned: int
    resist_change: int
    resist_blocked: bool
    after_resist: int
    after_multiply: int
    reduce_blocked: bool
    real: int
    applied: tuple[bool, ...]  # per 実ダメージ change, whether it applied
    final: int


def damage_steps(planned: int, *, resist: int, resist_mode: str, multiplier: int, reductions: Sequence[int],
                 real_changes: Sequence[int], unreducible: bool) -> DamageSteps:
    """COUNT-7.3–7.7: 耐性 (flat or percent), ×X for X shares, reductions → 実ダメージ, then the
    changes to 実ダメージ; damage that may not be reduced (〈無〉, an evasion fumble) keeps every
    increase and loses every reduction."""
    change = -resist if resist_mode == "flat" else -((planned * resist) // 100)
    resist_blocked = unreducible and change < 0
    after_resist = max(0, planned + (0 if resist_blocked else change))
    after_multiply = after_resist * multiplier
    reduce_blocked = unreducible and bool(reductions)
    real = max(0, after_multiply - (0 if unreducible else sum(reductions)))
    applied = tuple(not (unreducible and v < 0) for v in real_changes)
    final = max(0, real + sum(v for v, ok in zip(real_changes, applied) if ok))
    return DamageSteps(planned, change, resist_blocked, after_resist, after_multiply, reduce_blocked, real, applied, final)


def knocks_out(hp_now: int, final: int, knocked_out_at: str) -> bool:
    """COUNT-7.8: damage that brings HP to 0 knocks out (option ``knocked_out_at``)."""
    return max(0, hp_now - final) == 0 and final > 0 and knocked_out_at == "zero"


def escapes(face: int) -> bool:
    """COUNT-3.6: a 1 on the 1D6 escapes."""
    return face == 1
