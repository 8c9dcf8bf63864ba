"""An escaped UTF-16 surrogate in a JSON file (a log, a match) is a located problem, exit 1.

JSON's syntax allows `"\\ud800"`; no text holds a lone surrogate, and a divergence that quoted
it could not be written to the terminal (the command ended with a traceback at exit). Run with
the installed command: only a real stream refuses to write it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dhproc import api

ROOT = Path(__file__).resolve().parent.parent


def _dhproc(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "dhproc", *args], cwd=cwd, env=env, capture_output=True)


@pytest.mark.parametrize("escape", [r"\ud800", r"\udfff", r"\ud83d\ude00"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_log_with_an_escaped_surrogate_in_a_text_is_refused_where_it_is(tmp_path: Path, escape: str, lang: str) -> None:
    text = api.dumps(api.resolve(api.load(ROOT / "examples" / "dh" / "match.yaml")))
    (tmp_path / "log.json").write_text(text.replace('"title": "', '"title": "' + escape, 1), encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if '"title": "' in t)
    done = _dhproc("replay", "--lang", lang, "log.json", cwd=tmp_path)
    err = done.stderr.decode("utf-8")
    assert done.returncode == 1
    assert "Traceback" not in err
    assert err.startswith(f"log.json:{line}:"), err


def test_a_json_match_with_a_lone_surrogate_is_refused_where_it_is(tmp_path: Path) -> None:
    (tmp_path / "match.json").write_text('{"dhproc": 1, "ruleset": "dh", "title": "\\ud800"}\n', encoding="utf-8")
    done = _dhproc("validate", "match.json", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.decode("utf-8").startswith("match.json:1:"), done.stderr
