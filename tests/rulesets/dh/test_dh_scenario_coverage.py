"""Every 特殊能力 clause (DH-8 .. DH-11) is proven by a data scenario in tests/scenarios/dh/ — a
GK can read and re-run the case without Python — not only by a Python test."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[3]


def test_every_ability_clause_has_a_data_scenario() -> None:
    text = (ROOT / "docs" / "rules" / "dh.md").read_text(encoding="utf-8")
    ability_clauses = [c for c in re.findall(r"^\*\*(DH-(\d+)\.\d+)\*\*", text, re.M) if 8 <= int(c[1]) <= 11]
    covered = set()
    for path in (ROOT / "tests" / "scenarios" / "dh").glob("*.yaml"):
        covered.update(yaml.safe_load(path.read_text(encoding="utf-8")).get("clauses", []))
    missing = [c for c, _ in ability_clauses if c not in covered]
    assert len(ability_clauses) >= 30
    assert not missing, f"ability clauses without a data scenario: {missing}"
