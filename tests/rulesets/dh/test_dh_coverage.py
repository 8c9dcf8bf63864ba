"""docs/rules/dh-coverage.md lists every entry of the ability guideline's catalogue, and each
entry either says how a GK writes it (key, clause, data scenario) or why it cannot be written yet
and what the GK does instead. These tests fail the moment one of those is missing or stale."""

from __future__ import annotations

import pytest

from ..coverage_table import assert_count_line, assert_entry, rows

# The catalogue's 87 entries (效果 E, 時間 T, 対象 R/K/N/A, タイプ Y, スタイル S, 制約 C, 付属 F/X).
EXPECTED = ([f"E{i}" for i in range(1, 36)] + [f"T{i}" for i in range(1, 7)] + [f"R{i}" for i in range(1, 9)]
            + ["K1"] + [f"N{i}" for i in range(1, 5)] + ["A1", "A2"] + [f"Y{i}" for i in range(1, 6)]
            + [f"S{i}" for i in range(1, 4)] + [f"C{i}" for i in range(1, 16)] + [f"F{i}" for i in range(1, 8)]
            + ["X1"])


def test_every_catalogue_entry_is_listed_once_in_order() -> None:
    assert len(EXPECTED) == 87
    assert list(rows("dh")) == EXPECTED


def test_the_stated_count_is_the_tables_own() -> None:
    assert_count_line("dh", len(EXPECTED))


@pytest.mark.parametrize("entry", EXPECTED)
def test_entry_is_covered_or_says_what_the_gk_does(entry: str) -> None:
    assert_entry("dh", entry)
