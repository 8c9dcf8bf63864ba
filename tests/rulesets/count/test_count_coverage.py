"""docs/rules/count-coverage.md lists every skill element the seed and count campaigns use, and each
either says how a GK writes it (key, clause, data scenario) or why it cannot be written yet and what
the GK does instead. These tests fail the moment one of those is missing or stale."""

from __future__ import annotations

from tests.rulesets import skill_tables

# タイミング T, 判定・種別・射程・対象 A, ダメージ D, 効果 E, コスト・使用回数 C, 振り直し R, CA X.
EXPECTED = ([f"T{i}" for i in range(1, 9)] + [f"A{i}" for i in range(1, 9)] + [f"D{i}" for i in range(1, 10)]
            + [f"E{i}" for i in range(1, 16)] + [f"C{i}" for i in range(1, 8)] + [f"R{i}" for i in range(1, 8)]
            + ["X1"])
# the elements count campaigns were found to need (costs, use limits, re-rolls per roll, declared
# ダメージロール前 skills, other spans and values, chosen targets, 配置 of another unit), each covered
FOUND_MISSING = ("C1", "C2", "C3", "C4", "C5", "R3", "R4", "R5", "R6", "D8", "E6", "E7", "E8", "E9", "E10",
                 "E11", "E12", "E13", "E14", "E15")


globals().update(skill_tables.table_tests("count", EXPECTED, FOUND_MISSING))


def test_an_element_left_out_names_no_key_nor_scenario() -> None:
    for entry, row in skill_tables.rows("count").items():
        if row["status"] == "no":
            assert not row["key"] and not row["scenario"], f"{entry}: an element left out names no key"
