"""Meta-test: every clause of docs/rules/<id>.md is proven by a test that names it.

A test names clause DH-3.2 by its function name (``test_dh_3_2_…``) or, for a data scenario, by
listing it under ``clauses:``. Every interpretation option must point at a clause that exists.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from dhproc.engine.ruleset import get_ruleset, ruleset_ids

ROOT = Path(__file__).resolve().parent.parent
CLAUSE = re.compile(r"^\*\*([A-Z]+-\d+\.\d+)\*\*", re.M)
TEST_NAME = re.compile(r"^test_([a-z]+)_(\d+)_(\d+)(?:_|$)")


def doc_clauses(ruleset_id: str) -> list[str]:
    return CLAUSE.findall((ROOT / "docs" / "rules" / f"{ruleset_id}.md").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def named_clauses() -> frozenset[str]:
    """Every clause some test names; parsed once per run (the suite has hundreds of files)."""
    named = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                m = TEST_NAME.match(node.name)
                if m:
                    named.add(f"{m.group(1).upper()}-{m.group(2)}.{m.group(3)}")
    for path in (ROOT / "tests" / "scenarios").rglob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        named.update(data.get("clauses", []))
    return frozenset(named)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_clause_has_a_test(ruleset_id: str) -> None:
    clauses = doc_clauses(ruleset_id)
    assert clauses, f"docs/rules/{ruleset_id}.md has no clauses"
    assert len(clauses) == len(set(clauses)), "a clause id is used twice"
    named = named_clauses()
    missing = [c for c in clauses if c not in named]
    assert not missing, f"clauses without a test: {missing}"


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_option_is_documented(ruleset_id: str) -> None:
    text = (ROOT / "docs" / "rules" / f"{ruleset_id}.md").read_text(encoding="utf-8")
    clauses = set(doc_clauses(ruleset_id))
    for option in get_ruleset(ruleset_id).options:
        assert option.clause in clauses, f"option {option.id} points at missing clause {option.clause}"
        assert f"`{option.id}`" in text, f"option {option.id} is not in docs/rules/{ruleset_id}.md"


def test_named_clauses_exist() -> None:
    """A test naming a clause that the docs do not have is a stale test."""
    known = {c for rid in ruleset_ids() for c in doc_clauses(rid)}
    prefixes = {rid.upper() for rid in ruleset_ids()}
    stale = sorted(c for c in named_clauses() if c.split("-")[0] in prefixes and c not in known)
    assert not stale, f"tests name clauses the docs lack: {stale}"
