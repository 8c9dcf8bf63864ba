"""Problems come out in one order in every process: an aliased node's problems too."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent / "problem_order"


def _validate(hash_seed: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run([sys.executable, "-m", "dhproc", "validate", "aliased-number.yaml"], cwd=HERE,
                          env=env, capture_output=True, text=True, encoding="utf-8")


def test_an_aliased_nodes_problems_read_in_the_same_order_under_every_hash_seed() -> None:
    runs = [_validate(seed) for seed in ("0", "1", "2", "3")]
    assert {r.returncode for r in runs} == {1}
    assert len({r.stderr for r in runs}) == 1, "the problems' order moved with PYTHONHASHSEED"
    # one message at one place is listed path by path, as the document's paths sort
    names = [line for line in runs[0].stderr.splitlines() if line.startswith("aliased-number.yaml:17:47:")
             and "/name)" in line]
    assert [line.rsplit("(at ", 1)[1] for line in names] == [
        "/setup/characters/b1/name)", "/setup/characters/b2/name)", "/setup/characters/b3/name)"]
