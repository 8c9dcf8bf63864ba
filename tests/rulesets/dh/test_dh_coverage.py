"""docs/rules/dh-coverage.md lists every entry of the ability guideline's catalogue, and each
entry either says how a GK writes it (key, clause, data scenario) or why it cannot be written yet
and what the GK does instead. These tests fail the moment one of those is missing or stale."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[3]
COVERAGE = ROOT / "docs" / "rules" / "dh-coverage.md"
SCENARIOS = ROOT / "tests" / "scenarios" / "dh"

# The catalogue's 87 entries (效果 E, 時間 T, 対象 R/K/N/A, タイプ Y, スタイル S, 制約 C, 付属 F/X).
EXPECTED = ([f"E{i}" for i in range(1, 36)] + [f"T{i}" for i in range(1, 7)] + [f"R{i}" for i in range(1, 9)]
            + ["K1"] + [f"N{i}" for i in range(1, 5)] + ["A1", "A2"] + [f"Y{i}" for i in range(1, 6)]
            + [f"S{i}" for i in range(1, 4)] + [f"C{i}" for i in range(1, 16)] + [f"F{i}" for i in range(1, 8)]
            + ["X1"])
ROW = re.compile(r"^\|\s*([A-Z]\d+)\s*\|(.*)\|\s*$")
STATUSES = ("yes", "partly", "no")


def rows() -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for line in COVERAGE.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if not m:
            continue
        cells = [c.strip() for c in m.group(2).split("|")]
        assert len(cells) == 6, f"{m.group(1)}: expected 7 columns, got {len(cells) + 1}"
        assert m.group(1) not in found, f"{m.group(1)} is listed twice"
        found[m.group(1)] = dict(zip(("entry", "status", "key", "clause", "scenario", "instead"), cells))
    return found


def dh_clauses() -> set[str]:
    return set(re.findall(r"^\*\*(DH-\d+\.\d+)\*\*", (ROOT / "docs" / "rules" / "dh.md").read_text(encoding="utf-8"),
                          re.M))


def test_every_catalogue_entry_is_listed_once_in_order() -> None:
    assert len(EXPECTED) == 87
    assert list(rows()) == EXPECTED


def test_the_stated_count_is_the_tables_own() -> None:
    counts = Counter(r["status"] for r in rows().values())
    assert set(counts) <= set(STATUSES), counts
    stated = re.search(r"Count: \*\*(\d+)\*\* yes, \*\*(\d+)\*\* partly, \*\*(\d+)\*\* no \((\d+) entries\)",
                       COVERAGE.read_text(encoding="utf-8"))
    assert stated, "the count line is missing"
    assert tuple(int(g) for g in stated.groups()) == (counts["yes"], counts["partly"], counts["no"], len(EXPECTED))


@pytest.mark.parametrize("entry", EXPECTED)
def test_entry_is_covered_or_says_what_the_gk_does(entry: str) -> None:
    row = rows()[entry]
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
    clauses = [c.strip() for c in row["clause"].split(",") if c.strip()]
    assert clauses and all(c in dh_clauses() for c in clauses), f"{entry}: clause {row['clause']!r} not in dh.md"
    path = SCENARIOS / f"{row['scenario']}.yaml"
    assert path.is_file(), f"{entry}: no scenario {path.name}"
    text = path.read_text(encoding="utf-8")
    listed = yaml.safe_load(text).get("clauses", [])
    assert all(c in listed for c in clauses), f"{entry}: {path.name} does not list {clauses}"
    body = text.split("\nmatch:", 1)[1].split("\nexpect:", 1)[0]  # written in the match, not in a comment
    for key in keys:
        assert key in body, f"{entry}: {path.name} does not write `{key}`"
