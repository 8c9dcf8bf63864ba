"""Determinism hazards in resolution code: no global random, no wall clock, no set order.

The rules and the engine must give the same bytes on every machine; these are the usual ways
code stops doing that. A hit here is a place to fix, not to silence.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RESOLUTION = sorted((ROOT / "dhproc" / "rulesets").rglob("*.py")) + sorted((ROOT / "dhproc" / "engine").rglob("*.py"))
HAZARDS = re.compile(r"^\s*(import random|from random import)|\btime\.time\(|datetime\.now\(|\bset\(|\bhash\(")


@pytest.mark.parametrize("path", RESOLUTION, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_determinism_hazards(path: Path) -> None:
    hits = [f"{path.name}:{i}: {line.strip()}" for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if HAZARDS.search(line) and not line.lstrip().startswith("#")]
    assert not hits, hits


def test_cli_imports_only_click_and_the_standard_library() -> None:
    import subprocess
    import sys

    code = ("import sys, dhproc.cli; heavy = {'yaml', 'jsonschema', 'tabulate', 'wcwidth'} & set(sys.modules); "
            "print(sorted(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
