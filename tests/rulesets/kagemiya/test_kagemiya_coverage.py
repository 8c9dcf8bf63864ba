"""docs/rules/kagemiya-coverage.md lists every skill element of kagemiya and its parent system, and
each either says how a GK writes it (key, clause, data scenario) or why it cannot be written and
what the GK does instead. These tests fail the moment one of those is missing or stale."""

from __future__ import annotations

from tests.rulesets import skill_tables

# スキル・宝具・倍加 R, 令呪 C, standing orders O, around an attack A, outside the battle P.
EXPECTED = ([f"R{i}" for i in range(1, 10)] + [f"C{i}" for i in range(1, 9)] + [f"O{i}" for i in range(1, 8)]
            + [f"A{i}" for i in range(1, 5)] + ["P1", "P2"])
# the elements campaigns were found to need (KAGEMIYA-5.14, 11.6, 11.7): each must be covered
FOUND_MISSING = ("O3", "O4", "O5", "C7", "C8", "A2")


globals().update(skill_tables.table_tests("kagemiya", EXPECTED, FOUND_MISSING))
