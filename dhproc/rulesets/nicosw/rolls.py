"""The nicosw ruleset's checks as pure functions of faces and numbers (NICOSW-3, 6, 8).

The resolver (rules.py) calls these for every roll it makes, and the odds (odds.py) apply the same
functions to exact distributions of the dice, so a rule is written once. None of them reads the
state: the caller passes the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

CHECK_DICE = (6, 6)  # NICOSW-3.1: every check is 2D6
PRONE_DIE = 6  # NICOSW-6.3: 1D6 before a ranged attack at a 転倒 target


@dataclass
class Roll2:
    """One check (NICOSW-3.1): the two dice, the base, the modifier, the 達成値 and an automatic result."""

    check: str
    dice: tuple[int, int]
    base: int
    mod: int
    auto: str | None  # "success" | "failure" | None

    @property
    def total(self) -> int:
        return sum(self.dice) + self.base + self.mod

    def json(self) -> dict:
        out = {"check": self.check, "dice": list(self.dice), "base": self.base, "mod": self.mod, "total": self.total}
        if self.auto:
            out["auto"] = self.auto
        return out


def roll2(check: str, d1: int, d2: int, base: int, mod: int, *, auto_results: bool) -> Roll2:
    """NICOSW-3.1: 2D6 + base + modifier; with ``auto_results`` 6-6 always succeeds, 1-1 always fails."""
    auto = None
    if auto_results:
        auto = "success" if (d1, d2) == (6, 6) else "failure" if (d1, d2) == (1, 1) else None
    return Roll2(check, (d1, d2), base, mod, auto)


def meets(r: Roll2, target: int) -> bool:
    """NICOSW-3.1: a check against a 目標値 succeeds at or above it (or by its automatic result)."""
    if r.auto:
        return r.auto == "success"
    return r.total >= target


def beats(active: Roll2, passive: Roll2, *, auto_in_opposed: bool) -> bool:
    """NICOSW-3.2: strictly higher wins; the defender wins ties."""
    if auto_in_opposed:
        if active.dice == passive.dice and (active.auto or passive.auto):
            return False
        if active.auto == "success" or passive.auto == "failure":
            return True
        if active.auto == "failure" or passive.auto == "success":
            return False
    return active.total > passive.total


def initiative_tied(totals: list[int]) -> list[int]:
    """NICOSW-2.3: the places, among the rollers of one 先制判定, of those at the highest 達成値 (the
    total alone: 6-6 and 1-1 decide nothing here)."""
    top = max(totals)
    return [i for i, total in enumerate(totals) if total == top]


def first_side(tied_sides: list[str]) -> str | None:
    """NICOSW-2.3: the 先手 side when the highest 達成値 is on one side only; None when the tied roll again."""
    return tied_sides[0] if all(s == tied_sides[0] for s in tied_sides) else None


def prone_fails(face: int) -> bool:
    """NICOSW-6.3: a 1 or 2 on the 1D6 makes a ranged attack at a 転倒 target fail at once."""
    return face <= 2


def resists(resist: Roll2, casting: Roll2 | None, target: int | None, *, auto_in_opposed: bool) -> bool:
    """NICOSW-8.5 / 8.8: one 精神抵抗判定 succeeds when the caster's roll does not beat it (the passive
    side of an opposed check), or, against a fixed ``target``, when it meets it."""
    if casting is not None:
        return not beats(casting, resist, auto_in_opposed=auto_in_opposed)
    return meets(resist, target)


def resistance_leaves(resisted: bool, on_success: str) -> str:
    """NICOSW-8.8: what a skill does to a target after its resistance: ``full`` when not resisted,
    ``half`` (半減: the damage halved, the other effects not) or ``none`` (消滅) when resisted."""
    if not resisted:
        return "full"
    return "half" if on_success == "half" else "none"


def damage_base(fixed: int, faces: tuple[int, ...] | list[int] = ()) -> int:
    """NICOSW-8.11: a damage effect's base: its amount plus the nD6 it rolls for the part it hits."""
    return fixed + sum(faces)


def death_check_due(amount: int, before: int, after: int, *, repeat: bool, dead: bool) -> bool:
    """NICOSW-8.2: damage to a one-part character rolls the 生死判定 when it takes HP to 0 or less
    (again at 0 or less only with ``repeat_death_check``), unless the character is dead already."""
    return amount > 0 and after <= 0 and (before > 0 or repeat) and not dead
