"""What the property generators reached: counts printed at the end of a deep run.

``HYPOTHESIS_PROFILE=deep`` prints, per property, how many generated matches used each effect
kind, range shape, summon target and so on (tests/conftest.py prints them at session end); the
default profile collects them too but stays quiet. Each count is of matches, not of uses, and
``hypothesis.event`` gets the same labels for ``--hypothesis-show-statistics``.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from hypothesis import event
from hypothesis.control import currently_in_test_context

COUNTS: dict[str, Counter] = defaultdict(Counter)


def note(group: str, labels) -> None:
    """Count one generated match under each distinct label of ``group`` (an example test outside
    ``@given`` counts too; only hypothesis's own statistics need a test under way)."""
    for label in sorted(set(labels)):
        COUNTS[group][label] += 1
        if currently_in_test_context():
            event(f"{group}: {label}")


def expect(group: str, labels) -> None:
    """Labels a generator should reach (e.g. every value the schema allows): the summary lists
    those it never did, so a gap shows instead of going unnoticed."""
    for label in labels:
        COUNTS[group][label] += 0


def summary() -> str:
    lines = ["coverage of the generated matches (matches using each):"]
    for group in sorted(COUNTS):
        reached = {k: v for k, v in COUNTS[group].items() if v}
        if not reached:  # the group's property did not run
            continue
        items = ", ".join(f"{k} {v}" for k, v in sorted(reached.items(), key=lambda kv: (-kv[1], kv[0])))
        never = sorted(k for k, v in COUNTS[group].items() if not v)
        lines.append(f"  {group}: {items}" + (f"; never: {', '.join(never)}" if never else ""))
    return "\n".join(lines)
