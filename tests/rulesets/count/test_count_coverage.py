"""docs/rules/count-coverage.md lists every skill element the seed and count campaigns use, and each
either says how a GK writes it (key, clause, data scenario) or why it cannot be written yet and what
the GK does instead. These tests fail the moment one of those is missing or stale."""

from __future__ import annotations

import pytest

from ..coverage_table import assert_count_line, assert_entry, rows

# タイミング T, 判定・種別・射程・対象 A, ダメージ D, 効果 E, コスト・使用回数 C, 振り直し R, CA X.
EXPECTED = ([f"T{i}" for i in range(1, 9)] + [f"A{i}" for i in range(1, 9)] + [f"D{i}" for i in range(1, 10)]
            + [f"E{i}" for i in range(1, 16)] + [f"C{i}" for i in range(1, 8)] + [f"R{i}" for i in range(1, 8)]
            + ["X1"])


def test_every_element_is_listed_once_in_order() -> None:
    assert list(rows("count")) == EXPECTED


def test_the_stated_count_is_the_tables_own() -> None:
    assert_count_line("count", len(EXPECTED))


def test_at_most_two_elements_are_left_out() -> None:
    assert sum(1 for r in rows("count").values() if r["status"] == "no") <= 2


@pytest.mark.parametrize("entry", EXPECTED)
def test_element_is_covered_or_says_what_the_gk_does(entry: str) -> None:
    row = rows("count")[entry]
    if row["status"] == "no":
        assert not row["key"] and not row["scenario"], f"{entry}: an element left out names no key"
    assert_entry("count", entry)
