"""Input that dhproc must never call its own bug, nor pay minutes or gigabytes for.

Each test is one class of input found by fuzzing and adversarial runs; the class is fixed in
the platform (loading, validation, the CLI), so every ruleset's files get the same answer:
``file:line:col: message`` and exit 1.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc.cli import cli
from dhproc.engine.ruleset import ruleset_ids

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

REPO = Path(__file__).resolve().parents[1]
LOCATED = re.compile(r"^[^:\n]+:\d+:\d+: \S")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # messages name files as typed: relative to here


def run(*args: str):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result


def example(tmp_path: Path, ruleset: str = "dh") -> Path:
    """A copy of the ruleset's example, as a path relative to the working folder."""
    shutil.copytree(REPO / "examples" / ruleset, tmp_path / ruleset)
    return Path(ruleset)


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def assert_located(result, file: str, line: int | None = None, *, contains: str = "") -> str:
    assert result.exit_code == 1, result.output
    lines = [x for x in result.output.splitlines() if x.strip() and not x.endswith(": no such file")]
    assert lines and all(LOCATED.match(x) for x in lines), lines
    hit = [x for x in lines if x.startswith(f"{file}:") and contains in x]
    assert hit, (file, contains, lines)
    if line is not None:
        assert hit[0].startswith(f"{file}:{line}:"), hit[0]
    return hit[0]


# --------------------------------------------------------------------------- numbers

HUGE = "9" * 5000


@pytest.mark.parametrize("written", [HUGE, "-" + HUGE, "0x" + "f" * 5000, "0o" + "7" * 5000])
def test_an_integer_of_thousands_of_digits_as_seed_is_located(tmp_path, written) -> None:
    folder = example(tmp_path)
    edit(folder / "match.yaml", "seed: 20261129", f"seed: {written}")
    line = assert_located(run("validate", folder / "match.yaml"), str(folder / "match.yaml"), 6)
    assert "digits" in line and len(line) < 300


def test_a_huge_hex_turn_number_and_recorded_die_are_located(tmp_path) -> None:
    folder = example(tmp_path)
    edit(folder / "turn-01.yaml", "turn: 1", "turn: 0x" + "f" * 5000)
    edit(folder / "turn-02.yaml", "dice: [30,", f"dice: [{HUGE},")
    result = run("validate", folder / "match.yaml")
    assert_located(result, str(folder / "turn-01.yaml"), 4, contains="digits")
    assert_located(result, str(folder / "turn-02.yaml"), 5, contains="digits")


def test_an_integer_of_thousands_of_digits_in_a_log_is_located(tmp_path) -> None:
    log = Path("log.json")
    log.write_text('{"format": "dhproc-log", "format_version": ' + HUGE + "}\n", encoding="utf-8")
    assert_located(run("replay", log), str(log), 1, contains="digits")


def test_an_integer_over_the_schema_bounds_is_located_and_quoted_short(tmp_path) -> None:
    folder = example(tmp_path)
    edit(folder / "match.yaml", "seed: 20261129", "seed: " + "9" * 30)
    assert_located(run("validate", folder / "match.yaml"), str(folder / "match.yaml"), 6, contains="seed")


def line_of(path: Path, needle: str) -> int:
    return next(i for i, x in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in x)


@pytest.mark.parametrize("old, new", [("cols: 7", "cols: 7.0"), ("attack: 8,", "attack: 8.0,")])
def test_a_float_where_a_whole_number_is_meant_is_refused(tmp_path, old, new) -> None:
    folder = example(tmp_path)
    edit(folder / "match.yaml", old, new)
    line = line_of(folder / "match.yaml", new)
    assert_located(run("validate", folder / "match.yaml"), str(folder / "match.yaml"), line,
                   contains="must be a whole number, not")


def test_a_float_recorded_die_is_refused_not_printed(tmp_path) -> None:
    folder = example(tmp_path)
    edit(folder / "turn-01.yaml", "dice: [55, 66]", "dice: [55.0, 66]")
    assert_located(run("resolve", folder / "match.yaml"), str(folder / "turn-01.yaml"), 5,
                   contains="whole number")


def test_a_float_turn_number_inline_is_refused_not_dropped(tmp_path) -> None:
    from dhproc import api
    from dhproc.errors import InputError

    text = (REPO / "examples" / "dh" / "match.yaml").read_text(encoding="utf-8")
    text = text.replace("turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns:\n  - {turn: 1.0}\n")
    with pytest.raises(InputError) as err:
        api.loads(text, name="m.yaml")
    assert any(p.path == ("turns", 0, "turn") and "whole number" in p.message for p in err.value.problems)


def test_every_ruleset_schema_takes_no_float_integers() -> None:
    """The class, for every ruleset registered: the validator of every schema counts 3.0 out."""
    from dhproc.inputs.validation import _validator

    names = ["match", "turn", "log"] + [f"{r}.{part}" for r in ruleset_ids() for part in ("setup", "submissions")]
    for name in names:
        checker = _validator(name).TYPE_CHECKER
        assert checker.is_type(3, "integer") and not checker.is_type(3.0, "integer"), name
        assert not checker.is_type(True, "integer"), name


def test_roll_with_a_huge_seed_or_expression_is_exit_1_and_short() -> None:
    r = run("roll", "1D6", "--seed", HUGE)
    assert r.exit_code == 1 and len(r.output) < 200, r.output
    r = run("roll", HUGE + "D6")
    assert r.exit_code == 1 and len(r.output) < 400, r.output


# --------------------------------------------------------------------------- size

def test_a_long_string_aliased_many_times_is_refused_quickly(tmp_path) -> None:
    big = "a" * (4 * 1024 * 1024)
    text = ("dhproc: 1\nruleset: dh\nseed: 1\nsetup:\n  x: &big " + big + "\n  l:\n" + "    - *big\n" * 99)
    path = Path("match.yaml")
    path.write_text(text, encoding="utf-8")
    result = run("validate", path)
    line = assert_located(result, str(path), contains="aliases")
    assert len(result.output) < 500, len(result.output)
    assert line.startswith(f"{path}:")


def test_a_value_in_a_message_is_cut_to_60_characters_with_its_length(tmp_path) -> None:
    folder = example(tmp_path)
    long_name = "x" * 100_000
    edit(folder / "turn-01.yaml", "{who: suzuki, to: Ｂ４}", "{who: " + long_name + ", to: Ｂ４}")
    result = run("validate", folder / "match.yaml")
    line = assert_located(result, str(folder / "turn-01.yaml"), 8)
    assert "100,000 characters" in line and len(line) < 400, line[:500]


def test_a_dice_list_error_does_not_print_the_list(tmp_path) -> None:
    folder = example(tmp_path)
    edit(folder / "turn-01.yaml", "dice: [55, 66]", "dice: [" + ", ".join(["1"] * 100_001) + "]")
    result = run("validate", folder / "match.yaml")
    line = assert_located(result, str(folder / "turn-01.yaml"), 5, contains="100,001")
    assert len(result.output) < 1000, len(result.output)


def test_the_sibling_scan_checks_the_size_before_reading(tmp_path, monkeypatch) -> None:
    """A 1 GiB .yaml beside a turn file is never read (it is sparse here: no disk is used)."""
    folder = example(tmp_path)
    with open(folder / "huge.yaml", "wb") as f:
        f.truncate(1 << 30)
    import dhproc.api as api_module

    reads: list[str] = []
    real = Path.read_text

    def read_text(self, *a, **k):
        reads.append(self.name)
        return real(self, *a, **k)

    monkeypatch.setattr(Path, "read_text", read_text)
    result = run("validate", folder / "turn-02.yaml")
    assert result.exit_code == 0, result.output
    assert "huge.yaml" not in reads
    assert api_module  # the scan lives in the API


# --------------------------------------------------------------------------- batch

def test_a_batch_reads_each_file_once(tmp_path, monkeypatch) -> None:
    from dhproc.documents import loading

    folder = example(tmp_path)
    opened: list[str] = []
    real = loading._read_file

    def counting(path, name, max_bytes):
        opened.append(path.name)
        return real(path, name, max_bytes)

    monkeypatch.setattr(loading, "_read_file", counting)
    files = [folder / "match.yaml", folder / "turn-01.yaml", folder / "turn-02.yaml", folder / "turn-03.yaml"]
    result = run("validate", *files)
    assert result.exit_code == 0, result.output
    assert sorted(opened) == ["match.yaml", "turn-01.yaml", "turn-02.yaml", "turn-03.yaml"]


def test_a_file_changed_between_batches_is_read_again(tmp_path) -> None:
    folder = example(tmp_path)
    assert run("validate", folder / "turn-01.yaml").exit_code == 0
    edit(folder / "turn-01.yaml", "{who: gou, to: Ｃ５}", "{who: gou, to: Ｃ５, jump: 1}")
    assert_located(run("validate", folder / "turn-01.yaml"), str(folder / "turn-01.yaml"), contains="jump")


# --------------------------------------------------------------------------- files

def test_a_symlink_loop_is_a_located_error(tmp_path) -> None:
    Path("loop.yaml").symlink_to("loop.yaml")
    assert_located(run("validate", "loop.yaml"), "loop.yaml", 1, contains="symbolic links loop")


def test_a_listed_turn_file_in_a_symlink_loop_is_located_in_turns(tmp_path) -> None:
    folder = example(tmp_path)
    (folder / "turn-03.yaml").unlink()
    (folder / "turn-03.yaml").symlink_to("turn-03.yaml")
    line = line_of(folder / "match.yaml", "turns: [")
    assert_located(run("validate", folder / "match.yaml"), str(folder / "match.yaml"), line,
                   contains="turn file 'turn-03.yaml': cannot open")


def test_a_missing_listed_turn_file_is_located_at_its_line_in_turns(tmp_path) -> None:
    folder = example(tmp_path)
    (folder / "turn-02.yaml").unlink()
    edit(folder / "match.yaml", "turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]",
         "turns:\n  - turn-01.yaml\n  - turn-02.yaml\n  - turn-03.yaml")
    line = line_of(folder / "match.yaml", "- turn-02.yaml")
    hit = assert_located(run("validate", folder / "match.yaml"), str(folder / "match.yaml"), line)
    assert "turn file 'turn-02.yaml': no such file" in hit


@pytest.mark.parametrize("content, what", [
    (b"", "expected a mapping"),
    (b"# only a comment\n", "expected a mapping"),
    (b"42\n", "expected a mapping"),
    (b"just text\n", "expected a mapping"),
])
def test_an_empty_or_scalar_document_is_file_1_1(tmp_path, content, what) -> None:
    Path("m.yaml").write_bytes(content)
    assert_located(run("validate", "m.yaml"), "m.yaml", 1, contains=what)


def test_whole_file_problems_are_file_1_1(tmp_path) -> None:
    Path("folder.yaml").mkdir()
    with open("big.yaml", "wb") as f:
        f.truncate(6 << 20)
    result = run("validate", "folder.yaml", "big.yaml", "absent.yaml")
    assert_located(result, "folder.yaml", 1, contains="not a file")
    assert_located(result, "big.yaml", 1, contains="dhproc reads at most")
    assert "absent.yaml: no such file" in result.output.splitlines()  # no file: no line to name


def test_a_long_title_is_told_it_is_too_long_not_that_it_has_a_line_break(tmp_path) -> None:
    folder = example(tmp_path)
    edit(folder / "match.yaml", "title: 第3回キャンペーン 第1戦", "title: " + "長" * 250)
    hit = assert_located(run("validate", folder / "match.yaml"), str(folder / "match.yaml"), 5)
    assert "the title: too long, 250 characters (at most 200)" in hit and "line break" not in hit
    edit(folder / "match.yaml", "長" * 250, '"two\\nlines"')
    hit = assert_located(run("validate", folder / "match.yaml"), str(folder / "match.yaml"), 5)
    assert "line break" in hit


# --------------------------------------------------------------------------- output

def _dhproc(*args: str, env_extra: dict | None = None, stdout=None):
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(REPO), **(env_extra or {})}
    return subprocess.run([sys.executable, "-m", "dhproc", *map(str, args)], env=env, stdout=stdout or subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120)


@pytest.mark.japanese
@pytest.mark.parametrize("encoding", ["cp932", "latin-1", "euc-jp", "ascii"])
def test_output_is_utf8_whatever_the_console_encoding(tmp_path, encoding) -> None:
    """`dhproc roll '1D100<=65' > f` under PYTHONIOENCODING=cp932 was a traceback: ≤ and → are
    not in cp932, 失敗 not in latin-1. dhproc writes UTF-8 to the console and to files."""
    roll = _dhproc("roll", "1D100<=65", "--seed", "1", env_extra={"PYTHONIOENCODING": encoding})
    assert roll.returncode == 0, roll.stderr
    assert roll.stdout.decode("utf-8") == "1D100<=65 → 78 → 78≤65 → 失敗   (seed 1)\n"
    resolve = _dhproc("resolve", REPO / "examples" / "dh" / "match.yaml", env_extra={"PYTHONIOENCODING": encoding})
    assert resolve.returncode == 0, resolve.stderr
    assert "第3回キャンペーン" in resolve.stdout.decode("utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("dhproc: 1\nruleset: dh\nseed: 1\ntitle: 「題」\nsetup: {}\nturns: 1\n", encoding="utf-8")
    problem = _dhproc("validate", bad, env_extra={"PYTHONIOENCODING": encoding})
    assert problem.returncode == 1 and b"Traceback" not in problem.stderr
    problem.stderr.decode("utf-8")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [
    ("roll", "1D100<=65", "--seed", "1"),
    ("resolve", str(REPO / "examples" / "dh" / "match.yaml")),
    ("schema", "match"),
    ("validate", str(REPO / "examples" / "dh" / "match.yaml")),
])
def test_a_full_device_is_exit_1_with_cannot_write(args) -> None:
    with open("/dev/full", "w") as full:
        proc = _dhproc(*args, stdout=full)
    err = proc.stderr.decode("utf-8")
    assert proc.returncode == 1, err
    assert "cannot write <stdout>: No space left on device" in err and "Traceback" not in err


# --------------------------------------------------------------------------- replay compares bytes

def _log(tmp_path: Path) -> str:
    assert run("resolve", REPO / "examples" / "dh" / "match.yaml", "--json", "log.json").exit_code == 0
    return Path("log.json").read_text(encoding="utf-8")


def _replay_edited(text: str | bytes, *args: str):
    path = Path("edited.json")
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return run("replay", *args, path)


def test_replay_of_the_log_as_written_is_ok(tmp_path) -> None:
    _log(tmp_path)
    r = run("replay", "log.json")
    assert r.exit_code == 0 and r.output == "log.json: ok\n"


@pytest.mark.parametrize("edit_log, where", [
    (lambda t: t.replace('"title": "第3回キャンペーン 第1戦"', '"title": "別の題"', 1), "/title"),
    (lambda t: t.replace('"face": 55,', '"face": 55.0,', 1), "face"),
    (lambda t: t.replace(": true", ": 1", 1), "/options/"),
    (lambda t: re.sub(r'"generator": "dhproc [^"]*"', '"generator": "dhproc 0.0.1"', t), "generator"),
])
def test_replay_names_the_part_that_differs(tmp_path, edit_log, where) -> None:
    text = _log(tmp_path)
    edited = edit_log(text)
    assert edited != text
    r = _replay_edited(edited)
    assert r.exit_code == 1, r.output
    assert r.output.startswith("edited.json: first divergence at ") and where in r.output.splitlines()[0], r.output


@pytest.mark.parametrize("reform, reason", [
    (lambda t: json.dumps(json.loads(t), ensure_ascii=False, separators=(",", ":")).encode("utf-8"), "minified"),
    (lambda t: b"\xef\xbb\xbf" + t.replace("\n", "\r\n").encode("utf-8"), "byte order mark"),
    (lambda t: t.replace("\n", "\r\n").encode("utf-8"), "CRLF"),
    (lambda t: json.dumps(json.loads(t), ensure_ascii=True, indent=2).encode("utf-8") + b"\n", "laid out differently"),
])
def test_replay_reports_a_log_resaved_in_another_form(tmp_path, reform, reason) -> None:
    r = _replay_edited(reform(_log(tmp_path)))
    assert r.exit_code == 1, r.output
    assert reason in r.output and "byte " in r.output


def test_a_log_of_another_version_is_replayed_with_a_note_when_asked(tmp_path) -> None:
    edited = re.sub(r'"generator": "dhproc [^"]*"', '"generator": "dhproc 0.0.1"', _log(tmp_path))
    assert "--other-version" in _replay_edited(edited).output
    r = _replay_edited(edited, "--other-version")
    assert r.exit_code == 0 and r.output.startswith("edited.json: ok (written by dhproc 0.0.1, replayed by dhproc ")
    r = _replay_edited(edited.replace('"face": 55,', '"face": 56,', 1), "--other-version")
    assert r.exit_code == 1 and "first divergence" in r.output


# --------------------------------------------------------------------------- partial outputs

def test_a_failed_json_write_leaves_the_report_pair_as_it_was(tmp_path, monkeypatch) -> None:
    import os

    Path("out").mkdir()
    Path("out/match.txt").write_text("old report\n", encoding="utf-8")
    Path("out/match.json").write_text("old log\n", encoding="utf-8")
    real_fsync, calls = os.fsync, []

    def fsync_fails_second(fd):
        calls.append(fd)
        if len(calls) == 2:  # the .json, after the .txt was written
            raise OSError(28, "No space left on device")
        return real_fsync(fd)

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", fsync_fails_second)
        r = run("resolve", REPO / "examples" / "dh" / "match.yaml", "--out", "out")
    assert r.exit_code == 1 and "cannot write out/match.txt, out/match.json: No space left on device" in r.output
    assert Path("out/match.txt").read_text(encoding="utf-8") == "old report\n"
    assert Path("out/match.json").read_text(encoding="utf-8") == "old log\n"
    assert sorted(os.listdir("out")) == ["match.json", "match.txt"]


def test_temporaries_left_by_a_killed_run_are_removed_by_the_next(tmp_path) -> None:
    import os
    import subprocess
    import sys

    Path("out").mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    stale = [Path(f"out/.match.txt.{dead_pid}.k9x1.tmp"), Path(f"out/.match.json.{dead_pid}.k9x2.tmp")]
    live = Path(f"out/.match.json.{os.getppid()}.busy.tmp")  # a run still writing: left alone
    for p in stale + [live]:
        p.write_text("half", encoding="utf-8")
    assert run("resolve", REPO / "examples" / "dh" / "match.yaml", "--out", "out").exit_code == 0
    assert sorted(os.listdir("out")) == sorted(["match.json", "match.txt", live.name])
