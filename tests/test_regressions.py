"""Inputs the fuzzer (tools/fuzz.py, `make fuzz`) once broke dhproc with, replayed for good.

Each tests/regressions/<id>/ holds the files of one case and case.json (the command, the file,
what went wrong when it was found). Today each must give exit 0 or 1, every problem located,
no traceback, no exit 3, within the fuzzer's time limit.
"""

from __future__ import annotations

import importlib.util
import json
import re
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


def _keys(data) -> int:
    if isinstance(data, dict):
        return len(data) + sum(_keys(v) for v in data.values())
    if isinstance(data, list):
        return sum(_keys(v) for v in data)
    return 0


def test_the_shape_operators_draw_what_they_promise() -> None:
    """docs/robustness.md: explicit tags, self-referencing aliases, collections where a scalar
    belongs, one key deleted from a structure otherwise left valid."""
    import random

    import yaml

    from dhproc.errors import InputError
    from dhproc.documents.loading import load_bytes

    text = (ROOT / "examples" / "dh" / "abilities" / "match.yaml").read_bytes()
    rng = random.Random(1)

    def draws(op: str) -> list[bytes]:
        return [FUZZ.OPERATORS[op](rng, text) for _ in range(200)]

    def refusal(data: bytes) -> str:
        try:
            load_bytes(data, ROOT / "m.yaml", "m.yaml")
        except InputError as exc:
            return exc.problems[0].message
        return ""

    assert sum(b"!" in d.replace(b"#", b"") and d != text for d in draws("explicit_tag")) > 150
    assert sum("*" in refusal(d) and "&" in refusal(d) for d in draws("self_alias")) > 50
    assert sum(re.search(rb": [\[{]\[?[\[{]", d) is not None for d in draws("non_scalar")) > 50
    deleted = [d for d in draws("delete_key") if not refusal(d)]
    before = _keys(yaml.safe_load(text))
    assert sum(_keys(yaml.safe_load(d)) < before for d in deleted) > 150
