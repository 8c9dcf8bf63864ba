"""The README's tour runs as written: every `dhproc ...` line exits 0 in a folder laid out like a
checkout, and the output the README quotes for a seeded roll is what dhproc prints."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tour_lines() -> list[tuple[str, str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## A tour", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = []
    for raw in block.strip().splitlines():
        command, _, comment = raw.partition("  #")
        lines.append((command.strip(), comment.strip()))
    return lines


def test_readme_tour(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    for name in ("a", "b"):
        shutil.copytree(ROOT / "examples" / "dh", tmp_path / name)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    lines = tour_lines()
    assert len(lines) >= 15
    for command, comment in lines:
        assert command.startswith("dhproc "), command
        shell = command.replace("dhproc ", f"{sys.executable} -m dhproc ", 1)
        out = subprocess.run(shell, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True)
        assert out.returncode == 0, (command, out.stderr)
        assert "Traceback" not in out.stderr
        if "--seed" in command and "→" in comment:
            assert out.stdout.split("   (seed")[0] == comment, (out.stdout, comment)
    assert (tmp_path / "out" / "a-match.txt").exists() and (tmp_path / "out" / "b-match.json").exists()
    assert (tmp_path / "my-match" / "match.yaml").exists()


def test_readme_setup_is_the_two_make_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set-up", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    assert [line.split("#")[0].strip() for line in setup.strip().splitlines()] == ["make demo", "make test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^demo:", makefile, re.M) and re.search(r"^test:", makefile, re.M)


def test_readme_python_example_runs(tmp_path: Path, monkeypatch, capsys) -> None:
    """The README's From Python block, as written, from a folder holding the examples."""
    import re

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    assert "api.loads(text, base=" in code and "api.resolve(match, seed=" in code
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})
    assert "■1ターン目" in capsys.readouterr().out
