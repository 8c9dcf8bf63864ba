"""The suite itself: a test defined twice in one module silently replaces the first definition."""

from __future__ import annotations

import ast
import collections
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_test_is_defined_twice_in_a_module() -> None:
    shadowed = []
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = collections.Counter(n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef)))
        shadowed += [f"{path.relative_to(TESTS)}::{name}" for name, count in names.items() if count > 1]
    assert not shadowed, f"defined more than once (only the last runs): {shadowed}"
