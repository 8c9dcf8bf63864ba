"""Inputs the fuzzer (tools/fuzz.py, `make fuzz`) once broke dhproc with, replayed for good.

Each tests/regressions/<id>/ holds the files of one case and case.json (the command, the file,
what went wrong when it was found). Today each must give exit 0 or 1, every problem located,
no traceback, no exit 3, within the fuzzer's time limit.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CASES = sorted(p.parent for p in (ROOT / "tests" / "regressions").glob("*/case.json"))


def _fuzz():
    spec = importlib.util.spec_from_file_location("dhproc_fuzz", ROOT / "tools" / "fuzz.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


FUZZ = _fuzz()


def test_there_are_regressions_to_replay() -> None:
    assert len(CASES) >= 10


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_regression(case: Path, tmp_path: Path) -> None:
    about = json.loads((case / "case.json").read_text(encoding="utf-8"))
    folder = tmp_path / "case"
    shutil.copytree(case, folder)
    verdict, output = FUZZ.run_case(folder, about["command"], about["file"], case_seconds=60)
    assert verdict == "ok", f"{case.name} (found as {about['found']}): {verdict}\n{output[:1000]}"
