"""The coverage tables of docs/rules/<id>-coverage.md, read for their tests: one row per element
of a ruleset's skills (or ability catalogue), each covered by a key, a clause and a scenario, or
saying what the GK does instead. Each ruleset's test lists the entries its table must hold and
calls these checks, so every table is kept honest the same way."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\|\s*([A-Z]\d+)\s*\|(.*)\|\s*$")
STATUSES = ("yes", "partly", "no")
COUNT_LINE = re.compile(r"Count: \*\*(\d+)\*\* yes, \*\*(\d+)\*\* partly, \*\*(\d+)\*\* no \((\d+) entries\)")


def rows(ruleset: str) -> dict[str, dict[str, str]]:
    """The table's rows by entry id, each as its named cells."""
    found: dict[str, dict[str, str]] = {}
    for line in table(ruleset).splitlines():
        m = ROW.match(line)
        if not m:
            continue
        cells = [c.strip() for c in m.group(2).split("|")]
        assert len(cells) == 6, f"{m.group(1)}: expected 7 columns, got {len(cells) + 1}"
        assert m.group(1) not in found, f"{m.group(1)} is listed twice"
        found[m.group(1)] = dict(zip(("entry", "status", "key", "clause", "scenario", "instead"), cells))
    return found


def table(ruleset: str) -> str:
    return (ROOT / "docs" / "rules" / f"{ruleset}-coverage.md").read_text(encoding="utf-8")


def clauses(ruleset: str) -> set[str]:
    text = (ROOT / "docs" / "rules" / f"{ruleset}.md").read_text(encoding="utf-8")
    return set(re.findall(rf"^\*\*({ruleset.upper()}-\d+\.\d+)\*\*", text, re.M))


def assert_count_line(ruleset: str, entries: int) -> None:
    """The count the page states is the table's own."""
    counts = Counter(r["status"] for r in rows(ruleset).values())
    assert set(counts) <= set(STATUSES), counts
    stated = COUNT_LINE.search(table(ruleset))
    assert stated, "the count line is missing"
    assert tuple(int(g) for g in stated.groups()) == (counts["yes"], counts["partly"], counts["no"], entries)


def assert_entry(ruleset: str, entry: str) -> None:
    """A covered entry names a key its scenario writes in the match and a clause the scenario
    lists; one that is not covered says what is missing and what the GK does instead."""
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
    assert named and all(c in clauses(ruleset) for c in named), \
        f"{entry}: clause {row['clause']!r} not in {ruleset}.md"
    path = ROOT / "tests" / "scenarios" / ruleset / f"{row['scenario']}.yaml"
    assert path.is_file(), f"{entry}: no scenario {path.name}"
    text = path.read_text(encoding="utf-8")
    listed = yaml.safe_load(text).get("clauses", [])
    assert all(c in listed for c in named), f"{entry}: {path.name} does not list {named}"
    body = text.split("\nmatch:", 1)[1].split("\nexpect:", 1)[0]  # written in the match, not in a comment
    for key in keys:
        assert key in body, f"{entry}: {path.name} does not write `{key}`"
