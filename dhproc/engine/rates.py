"""A roll's rate as play changes it: lasting effects that raise, lower, halve or set it, and a
bonus a side spends on the roll (応援ボーナス), in an order the ruleset chooses.

One piece for every ruleset whose 判定 is "a d100 at most the rate": the ruleset says which
changes apply to a roll and in which order; this module computes the rate and the working a
report shows. Rates are whole percentages; a changed rate is kept within 0–100.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, NamedTuple

HOWS = ("add", "set", "half")


@dataclass(frozen=True)
class RateChange:
    """One lasting change of a rate: ``add`` ``value`` (negative lowers), ``set`` it to ``value``,
    or ``half`` it (rounding down). ``source`` names the effect, for the log."""

    how: str
    value: int = 0
    source: int | None = None

    def __post_init__(self) -> None:
        if self.how not in HOWS:
            raise ValueError(f"rate change {self.how!r} not in {HOWS}")

    def apply(self, rate: int) -> int:
        if self.how == "set":
            return self.value
        if self.how == "half":
            return rate // 2
        return rate + self.value

    def to_json(self) -> dict:
        out: dict = {"how": self.how}
        if self.how != "half":
            out["value"] = self.value
        if self.source is not None:
            out["effect"] = self.source
        return out


D100 = 100  # the die such a 判定 is rolled on


def succeeds(face: int, rate: int) -> bool:
    """A d100 判定: the face at most the rate succeeds (a rate of 0 never, of 100 always)."""
    return face <= rate


def clamp(rate: int) -> int:
    return max(0, min(100, rate))


class Rate(NamedTuple):
    """A roll's rate and how it came about."""

    base: int  # the rate as the ability or formula gives it
    changes: tuple[RateChange, ...] = ()
    bonus: int = 0  # points added by a bonus spent on this roll
    value: int = 0  # the rate the die is read against
    bonus_first: bool = False  # the bonus was added before the changes

    @property
    def changed(self) -> bool:
        return bool(self.changes) or self.bonus > 0

    def steps(self) -> list[dict]:
        """The working in the order applied, for the log: each change, and the bonus as ``bonus``."""
        out = [c.to_json() for c in self.changes]
        if self.bonus:
            out.insert(0 if self.bonus_first else len(out), {"how": "bonus", "value": self.bonus})
        return out

    @property
    def without_bonus(self) -> int:
        """The rate this roll would have had without the bonus (to tell whether it was needed)."""
        return modified(self.base, self.changes, 0).value


def modified(base: int, changes: Iterable[RateChange], bonus: int, *, bonus_first: bool = False) -> Rate:
    """``base`` with ``changes`` applied in their order (each clamped to 0–100) and ``bonus``
    added, capped at 100: after the changes by default, before them with ``bonus_first`` (so a
    ``set`` then overrides the bonus). Without changes or bonus the base stands as given."""
    changes = tuple(changes)
    if not changes and bonus <= 0:
        return _plain(base)
    rate = base
    if bonus_first and bonus > 0:
        rate = min(100, rate + bonus)
    for ch in changes:
        rate = clamp(ch.apply(rate))
    if not bonus_first and bonus > 0:
        rate = min(100, rate + bonus)
    return Rate(base, changes, max(0, bonus), clamp(rate), bonus_first)


# A rate nothing changed, by its value: a Rate is frozen, so one serves every roll at that rate
# (most rolls of a match are such, and a frozen dataclass is slow to make).
_PLAIN: dict[int, Rate] = {}
_MOST_PLAIN = 1024


def _plain(base: int) -> Rate:
    rate = _PLAIN.get(base) if type(base) is int else None
    if rate is None:
        rate = Rate(base, (), 0, base)
        if type(base) is int:
            if len(_PLAIN) >= _MOST_PLAIN:
                _PLAIN.clear()
            _PLAIN[base] = rate
    return rate
