"""Dice and files the way GKs type them, through the CLI: `dhproc roll` with ≦ ＜ full-width
digits, comments and repeats; backup copies in the match folder; `dhproc resolve DIR`; shell
completion."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def run(*args: object, env: dict | None = None):
    result = CliRunner().invoke(cli, [str(a) for a in args], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


# --------------------------------------------------------------------------- roll

@pytest.mark.parametrize("typed", ["１Ｄ１００≦６５", "1D100≦65", "1D100<=65", "１Ｄ１００＜＝６５", "1d100 ≦ 65"])
def test_roll_reads_japanese_comparisons_and_full_width_digits(typed: str) -> None:
    out = run("roll", typed, "--seed", "1").output
    assert out.split(" → ", 1)[1] == "78 → 78≤65 → 失敗   (seed 1)\n"


@pytest.mark.parametrize("typed,verdict", [("1D100≧65", "78≥65 → 成功"), ("1D100＞78", "78>78 → 失敗"),
                                           ("1D100＜79", "78<79 → 成功")])
def test_roll_other_comparisons(typed: str, verdict: str) -> None:
    assert verdict in run("roll", typed, "--seed", "1").output


@pytest.mark.parametrize("lang,verdict", [("ja", "成功"), ("en", "success")])
def test_roll_keeps_a_trailing_comment(lang: str, verdict: str) -> None:
    out = run("roll", "1D100<=65 攻撃判定", "--seed", "2", "--lang", lang).output
    assert out.endswith(f"{verdict}　攻撃判定   (seed 2)\n"), out
    # unquoted words arrive as separate arguments: the same roll
    assert run("roll", "1D100<=65", "攻撃判定", "--seed", "2", "--lang", lang).output == out


def test_roll_repeats_as_bcdice_writes_them() -> None:
    out = run("roll", "x3 1D100<=65", "--seed", "1").output.splitlines()
    assert out == ["#1 1D100<=65 → 78 → 78≤65 → 失敗", "#2 1D100<=65 → 65 → 65≤65 → 成功",
                   "#3 1D100<=65 → 39 → 39≤65 → 成功   (seed 1)"]
    assert run("roll", "1D100<=65", "--times", "3", "--seed", "1").output.splitlines() == out
    assert run("roll", "ｘ３　１Ｄ１００≦６５", "--seed", "1").output.splitlines()[0].startswith("#1 1D100≦65 → 78")
    assert run("roll", "rep2 1D6 命中", "--seed", "1").output.count("　命中") == 2


@pytest.mark.parametrize("args,message,japanese", [
    (["x3 1D6", "--times", "2"], "give the repeat once", "繰り返しは1か所で指定してください"),
    (["x101 1D6"], "repeat 101: give 1 to 100", "繰り返し101回：1〜100回にしてください"),
    (["1D6", "--times", "101"], "101", "101"),
    (["2D6 + x"], "column 7", "7文字目：使えない文字 'x' があります"),  # a broken expression, not a comment
    (["攻撃判定"], "column 1", "エラー：攻撃判定：1文字目"),
])
def test_roll_mistakes_are_reported(args: list[str], message: str, japanese: str) -> None:
    r = run("roll", *args, "--seed", "1", "--lang", "en")
    assert r.exit_code in (1, 2) and message in r.output, r.output
    r = run("roll", *args, "--seed", "1")
    assert r.exit_code in (1, 2) and japanese in r.output, r.output


# --------------------------------------------------------------------------- files

def copy_example(tmp_path: Path) -> Path:
    d = tmp_path / "m"
    shutil.copytree(ROOT / "examples" / "dh", d, ignore=shutil.ignore_patterns("abilities"))
    return d


def test_a_backup_copy_does_not_block_resolving(tmp_path: Path) -> None:
    d = copy_example(tmp_path)
    backup = (d / "turn-03.yaml").read_text(encoding="utf-8").replace("dice: [", "dice: [1, ")
    (d / "turn-03-old.yaml").write_text(backup, encoding="utf-8")
    (d / "turn-03 (copy).yaml").write_text(backup, encoding="utf-8")
    expected = run("resolve", ROOT / "examples/dh/turn-03.yaml").output
    assert run("resolve", d / "turn-03.yaml").output == expected
    assert run("resolve", d).exit_code == 0


def test_unlisted_turn_files_are_read_by_their_turn_nn_name(tmp_path: Path) -> None:
    d = copy_example(tmp_path)
    text = (d / "match.yaml").read_text(encoding="utf-8")
    (d / "match.yaml").write_text(text.replace("turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns: []"),
                                  encoding="utf-8")
    full = run("resolve", ROOT / "examples/dh/match.yaml").output
    assert run("resolve", d).output == full  # the folder: match.yaml and turn-01..03.yaml
    assert run("resolve", d / "turn-03.yaml", "--all").output == full


def test_the_match_list_wins_over_an_unlisted_turn_file(tmp_path: Path) -> None:
    d = copy_example(tmp_path)
    other = (d / "turn-02.yaml").read_text(encoding="utf-8").replace("dice: [", "dice: [1, ")
    (d / "turn-2.yaml").write_text(other, encoding="utf-8")  # a turn-NN name, but not listed
    r = run("resolve", d / "turn-03.yaml", "--lang", "en")
    assert r.exit_code == 0
    assert r.stdout == run("resolve", ROOT / "examples/dh/turn-03.yaml", "--lang", "en").stdout
    # the file set aside is said, on stderr
    assert [line.split(": ", 1)[1] for line in r.stderr.splitlines()] == [
        f"warning: not read: turn 2 is {os.path.relpath(d / 'turn-02.yaml')} (a file listed under 'turns:' in the "
        f"match, or given on the command line, comes first) (at /turn)"]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_two_unlisted_files_for_one_turn_are_named_with_the_fix(tmp_path: Path, lang: str) -> None:
    d = copy_example(tmp_path)
    text = (d / "match.yaml").read_text(encoding="utf-8")
    (d / "match.yaml").write_text(text.replace("turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns: []"),
                                  encoding="utf-8")
    shutil.copy(d / "turn-02.yaml", d / "turn-2.yaml")
    r = run("resolve", d, "--lang", lang)
    assert r.exit_code == 1
    if lang == "en":
        assert re.search(r"turn 2 is given by two files, \S*turn-02\.yaml and \S*turn-2\.yaml: keep one", r.output)
        assert "rename it so that its name is not turn-NN.yaml (e.g. turn-02-old.yaml)" in r.output
    else:
        assert re.search(r"2ターン目が2つのファイル（\S*turn-02\.yamlと\S*turn-2\.yaml）にあります。片方だけにしてください",
                         r.output), r.output
        assert "turn-NN.yaml でない名前（例：turn-02-old.yaml）に変えてください" in r.output


def test_resolve_a_folder_without_a_match(tmp_path: Path) -> None:
    r = run("resolve", tmp_path, "--lang", "en")
    assert r.exit_code == 1 and f"{tmp_path}:1:1: not a file but a folder without match.yaml" in r.output
    r = run("resolve", tmp_path)
    assert r.exit_code == 1 and f"{tmp_path}:1:1: ファイルではなく、match.yaml のないフォルダです" in r.output


def test_resolve_a_folder_writes_outputs_like_a_match_file(tmp_path: Path) -> None:
    d = copy_example(tmp_path)
    r = run("resolve", d, "--out", tmp_path / "out")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "out" / "m.txt").read_text(encoding="utf-8") == run("resolve", d / "match.yaml").output


# --------------------------------------------------------------------------- completion

@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_script_as_the_readme_says(shell: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"_DHPROC_COMPLETE={shell}_source dhproc" in readme
    env = {**os.environ, "PYTHONPATH": str(ROOT), "_DHPROC_COMPLETE": f"{shell}_source"}
    out = subprocess.run([sys.executable, "-m", "dhproc"], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "_DHPROC_COMPLETE" in out.stdout


def test_completion_offers_the_commands() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "_DHPROC_COMPLETE": "bash_complete",
           "COMP_WORDS": "dhproc re", "COMP_CWORD": "1"}
    out = subprocess.run([sys.executable, "-m", "dhproc"], env=env, capture_output=True, text=True, timeout=60)
    words = {line.split(",", 1)[1] for line in out.stdout.splitlines() if "," in line}
    assert {"resolve", "replay"} <= words
