"""What a ruleset's odds say about one declared action, in a shape every ruleset shares.

A ruleset computes an :class:`ActionOdds` from its own checks (``rulesets/<id>/rolls.py``) applied
to exact distributions; the platform renders it (text in both languages, JSON) without knowing
the ruleset's rules. Probabilities stay :class:`~fractions.Fraction` until they are shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .distribution import Distribution
from .interval import Z95, wilson as interval


@dataclass(frozen=True)
class Assumption:
    """An option, bonus, standing effect or state of the turn the figures depend on."""

    key: str
    ja: str
    en: str

    def text(self, lang: str) -> str:
        return self.en if lang == "en" else self.ja


@dataclass(frozen=True)
class CheckOdds:
    """One check and the exact chance of each of its outcomes.

    Outcome names are message keys the platform renders in both languages (``odds.outcome.<name>``):
    ``hit``, ``miss``, ``critical``, ``fumble``, ``success``, ``failure``, ``evaded``, ``countered``,
    ... ; a ruleset that needs another adds its message to its own catalogue under that key."""

    check: str  # message key (``odds.check.<check>``) naming the check
    outcomes: Distribution[str]


@dataclass(frozen=True)
class StepOdds:
    """The damage after one step the ruleset applies (roll, armour, halving, ...), in order; a miss
    counts as 0."""

    step: str  # message key (``odds.step.<step>``)
    damage: Distribution[int]


@dataclass(frozen=True)
class Approximation:
    """The figures were sampled because enumerating them exactly raised ``TooLarge``.

    ``interval`` is the 95 % Wilson interval of the headline chance (``knock_out`` where there is
    one, else the first outcome of the first check), so a reader sees how far the sample may be
    from the exact figure."""

    samples: int
    seed: str  # the dhproc-rng stream the samples came from: the same figures every time
    size: int  # how many outcomes an exact enumeration would have had to hold
    limit: int  # the limit it exceeded
    interval: tuple[Fraction, Fraction]


@dataclass(frozen=True)
class ActionOdds:
    who: str
    target: str | None
    action: str
    checks: tuple[CheckOdds, ...]
    steps: tuple[StepOdds, ...]
    knock_out: Fraction | None  # P(the target is knocked out by this action), accuracy counted
    kill: Fraction | None  # P(the target dies of it), where the ruleset tells death apart
    hits_to_knock_out: Distribution[int] | None  # repeated hits: how many it takes (0: never)
    assumptions: tuple[Assumption, ...]
    approximate: Approximation | None = None


@dataclass(frozen=True)
class Verdict:
    """The players' words for ``hits_to_knock_out``: with n the fewest hits that can knock out,
    確定n発 when n hits always do, else 乱数n発（x%） with x the chance that n hits do."""

    hits: int  # the smallest n with a chance of knocking out in n hits; 0: never within reach
    chance: Fraction  # P(knocked out within ``hits`` hits)
    certain: bool


def verdict(hits_to_knock_out: Distribution[int]) -> Verdict:
    """The verdict of a distribution of the number of hits needed (0 stands for "not within
    reach of the hits counted")."""
    reachable = [n for n in hits_to_knock_out if n > 0]
    if not reachable:
        return Verdict(0, Fraction(0), False)
    n = min(reachable)
    chance = hits_to_knock_out.probability(lambda k: 0 < k <= n)
    return Verdict(n, chance, chance == 1)


def wilson(successes: int, samples: int, z: float = Z95) -> tuple[Fraction, Fraction]:
    """The Wilson score interval of a sampled proportion (95 % unless ``z`` says otherwise; honest
    near 0 and 1, unlike Wald's), as ``dhproc simulate`` gives it, in fractions."""
    if samples <= 0:
        raise ValueError("an interval needs at least one sample")
    _, low, high = interval(successes, samples, z)
    return Fraction(low).limit_denominator(10**6), Fraction(high).limit_denominator(10**6)
