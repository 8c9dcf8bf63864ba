"""What the property generators reached: counts printed at the end of a deep run, and the table
of what was drawn against what took effect.

``HYPOTHESIS_PROFILE=deep`` prints, per property, how many generated matches used each effect
kind, range shape, summon target and so on (tests/conftest.py prints them at session end); the
default profile collects them too but stays quiet. Each count is of matches, not of uses, and
``hypothesis.event`` gets the same labels for ``--hypothesis-show-statistics``.

``python tests/coverage.py [--examples N] [ruleset ...]`` runs the five rulesets' match properties
under the ``coverage`` profile (derandomised: the same figures on every run of one commit) and
prints, per ruleset, each schema field or kind with the number of generated matches that drew it
and the number in which it took effect (an event of that kind in the log). The release notes
quote this table (docs/robustness.md).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path

from hypothesis import event
from hypothesis.control import currently_in_test_context

COUNTS: dict[str, Counter] = defaultdict(Counter)
# ruleset -> (group, label) -> [matches that drew it, matches in which it took effect]
EFFECT: dict[str, dict[tuple[str, str], list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
MATCHES: Counter = Counter()  # ruleset -> generated matches

ROOT = Path(__file__).resolve().parent.parent
PROPERTIES = {"dh": "tests/test_properties.py::test_determinism_replay_and_invariants",
              "logos": "tests/rulesets/logos/test_logos_properties.py",
              "count": "tests/rulesets/count/test_count_properties.py",
              "nicosw": "tests/rulesets/nicosw/test_nicosw_properties.py",
              "kagemiya": "tests/rulesets/kagemiya/test_kagemiya_properties.py"}


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


def drawn_and_fired(ruleset: str, group: str, drawn, fired=(), expected=()) -> None:
    """One generated match of ``ruleset``: the labels of ``group`` it drew (in its setup or
    submissions) and those that took effect (an event in its log; none for a match refused as
    input). A label only fired (e.g. a kind an ability brings about) is counted too; ``expected``
    lists labels the table shows even when never drawn."""
    table = EFFECT[ruleset]
    for label in expected:
        table[(group, label)]  # noqa: B018 (the row appears with 0 / 0)
    for label in set(drawn):
        table[(group, label)][0] += 1
    for label in set(fired):
        table[(group, label)][1] += 1


def generated(ruleset: str) -> None:
    """One more match of ``ruleset`` drawn (the table's denominator)."""
    MATCHES[ruleset] += 1


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


def table(rulesets=None) -> str:
    """Markdown: per ruleset, each kind with the matches that drew it and those where it took effect."""
    out = []
    for ruleset in rulesets or sorted(EFFECT):
        if not MATCHES[ruleset]:
            continue
        out += [f"### {ruleset}: {MATCHES[ruleset]} generated matches", "",
                "| field / kind | value | drawn | took effect |", "|---|---|---|---|"]
        for (group, label), (drawn, fired) in sorted(EFFECT[ruleset].items()):
            out.append(f"| {group} | {label} | {drawn} | {fired} |")
        out.append("")
    return "\n".join(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=300, help="matches per property (default 300)")
    parser.add_argument("rulesets", nargs="*", default=[], metavar="ruleset", help=", ".join(PROPERTIES))
    args = parser.parse_args(argv)
    chosen = args.rulesets or list(PROPERTIES)
    if unknown := [r for r in chosen if r not in PROPERTIES]:
        parser.error(f"no such ruleset: {', '.join(unknown)}")
    os.environ.update(HYPOTHESIS_PROFILE="coverage", DEEP_EXAMPLES=str(args.examples), DHPROC_LANG="en")
    sys.path.insert(0, str(ROOT))
    import pytest

    code = pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:warnings", "--rootdir", str(ROOT),
                        *[str(ROOT / PROPERTIES[r]) for r in chosen]])  # a path with its ::test
    from tests import coverage  # the module the tests filled (this file runs as __main__)

    print(coverage.table(chosen))
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
