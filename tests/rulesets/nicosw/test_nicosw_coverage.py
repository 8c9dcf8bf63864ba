"""docs/rules/nicosw-coverage.md lists every skill element of nicosw3 (and the Sword World
conventions its campaigns use), and each either says how a GK writes it (key, clause, data scenario)
or why it cannot be written and what the GK does instead. These tests fail the moment one of those
is missing or stale."""

from __future__ import annotations

from tests.rulesets import skill_tables

# the skill line L, targets T, resistance R, effects E
EXPECTED = ([f"L{i}" for i in range(1, 6)] + [f"T{i}" for i in range(1, 8)] + ["R1", "R2"]
            + [f"E{i}" for i in range(1, 13)])
# the elements campaigns were found to need (NICOSW-3.9, 3.10, 8.7-8.12), each covered
FOUND_MISSING = ("L3", "L4", "T4", "T5", "T6", "T7", "R2", "E2", "E10", "E11")


globals().update(skill_tables.table_tests("nicosw", EXPECTED, FOUND_MISSING))
