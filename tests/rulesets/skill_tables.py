"""The skill coverage tables of the rulesets that follow dh's (docs/rules/<id>-coverage.md): one
reader and one set of checks, so every table is kept honest the same way.

A row is ``| id | element | status | key | clause | scenario | missing — GK instead |``. A **yes**
or **partly** row names at least one key (in backquotes), clauses that exist in docs/rules/<id>.md,
and a scenario of tests/scenarios/<id>/ that lists those clauses and writes each key in its match
(not in a comment); a row that is not **yes** says what the GK does instead (after ``GK:``).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Callable

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\|\s*([A-Z]+\d+)\s*\|(.*)\|\s*$")
STATUSES = ("yes", "partly", "no")
COUNT = re.compile(r"Count: \*\*(\d+)\*\* yes, \*\*(\d+)\*\* partly, \*\*(\d+)\*\* no \((\d+) entries\)")


def rows(ruleset: str) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for line in (ROOT / "docs" / "rules" / f"{ruleset}-coverage.md").read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if not m:
            continue
        cells = [c.strip() for c in m.group(2).split("|")]
        assert len(cells) == 6, f"{m.group(1)}: expected 7 columns, got {len(cells) + 1}"
        assert m.group(1) not in found, f"{m.group(1)} is listed twice"
        found[m.group(1)] = dict(zip(("entry", "status", "key", "clause", "scenario", "instead"), cells))
    return found


def stated_count(ruleset: str) -> tuple[int, ...]:
    text = (ROOT / "docs" / "rules" / f"{ruleset}-coverage.md").read_text(encoding="utf-8")
    stated = COUNT.search(text)
    assert stated, "the count line is missing"
    return tuple(int(g) for g in stated.groups())


def counted(ruleset: str) -> tuple[int, int, int, int]:
    table = rows(ruleset)
    counts = Counter(r["status"] for r in table.values())
    assert set(counts) <= set(STATUSES), counts
    return counts["yes"], counts["partly"], counts["no"], len(table)


def clauses(ruleset: str) -> set[str]:
    text = (ROOT / "docs" / "rules" / f"{ruleset}.md").read_text(encoding="utf-8")
    return set(re.findall(rf"^\*\*({ruleset.upper()}-\d+\.\d+)\*\*", text, re.M))


def assert_entry_honest(ruleset: str, entry: str) -> None:
    row = rows(ruleset)[entry]
    status = row["status"]
    assert status in STATUSES, f"{entry}: status {status!r}"
    if status != "yes":
        assert "GK:" in row["instead"] and len(row["instead"].split("GK:", 1)[1].strip()) > 10, \
            f"{entry}: says neither what is missing nor what the GK does instead"
    else:
        assert not row["instead"], f"{entry}: a covered entry has nothing missing"
    if status == "no":
        return
    keys = re.findall(r"`([^`]+)`", row["key"])
    assert keys, f"{entry}: no dhproc key"
    named = [c.strip() for c in row["clause"].split(",") if c.strip()]
    assert named and all(c in clauses(ruleset) for c in named), f"{entry}: clause {row['clause']!r} not in {ruleset}.md"
    path = ROOT / "tests" / "scenarios" / ruleset / f"{row['scenario']}.yaml"
    assert path.is_file(), f"{entry}: no scenario {path.name}"
    text = path.read_text(encoding="utf-8")
    listed = yaml.safe_load(text).get("clauses", [])
    assert all(c in listed for c in named), f"{entry}: {path.name} does not list {named}"
    body = text.split("\nmatch:", 1)[1].split("\nexpect:", 1)[0]  # written in the match, not in a comment
    for key in keys:
        assert key in body, f"{entry}: {path.name} does not write `{key}`"


def table_tests(ruleset: str, expected: list[str], needed: tuple[str, ...]) -> dict[str, Callable]:
    """The tests of one ruleset's table, to put in its test module's namespace: the elements in
    order, the count line, at most two **no** entries, the ``needed`` elements covered, and each
    entry honest."""

    def test_every_element_is_listed_once_in_order() -> None:
        assert list(rows(ruleset)) == expected

    def test_the_stated_count_is_the_tables_own_and_at_most_two_are_missing() -> None:
        assert stated_count(ruleset) == counted(ruleset)
        assert counted(ruleset)[2] <= 2

    def test_the_elements_campaigns_needed_are_covered() -> None:
        table = rows(ruleset)
        assert [e for e in needed if table[e]["status"] != "yes"] == []

    @pytest.mark.parametrize("entry", expected)
    def test_entry_is_covered_or_says_what_the_gk_does(entry: str) -> None:
        assert_entry_honest(ruleset, entry)

    return {f.__name__: f for f in (test_every_element_is_listed_once_in_order,
                                    test_the_stated_count_is_the_tables_own_and_at_most_two_are_missing,
                                    test_the_elements_campaigns_needed_are_covered,
                                    test_entry_is_covered_or_says_what_the_gk_does)}
