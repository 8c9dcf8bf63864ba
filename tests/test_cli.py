"""The dhproc command line, from the outside: DESIGN.md §2 (commands, exit codes, no traceback,
atomic outputs), §3 (files), §4 (determinism), §8 (limits).

Most tests go through click's CliRunner in-process; a few start a real ``python -m dhproc`` with
PYTHONPATH at the repository root, so the source tree is what runs. Positions in expected
messages are computed from the text the test wrote (`_at`), and asserted exactly.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dhproc.cli import cli
from dhproc.dice.rng import stream
from dhproc.rulesets.dh.options import DELAY_OPTIONS, OPTIONS, RATE_OPTIONS, SWAP_OPTIONS

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "dh"


# --------------------------------------------------------------------------- helpers

def run(*args: str) -> Result:
    """Invoke the CLI in-process; a Python exception escaping the command is a failure."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"uncaught {type(result.exception).__name__}: {result.exception}"
    assert "Traceback" not in result.output
    assert "internal error" not in result.output
    return result


def run_process(*args: str, cwd: Path | None = None, timeout: float = 60,
                limit_memory: bool = False) -> subprocess.CompletedProcess:
    """A real ``python -m dhproc``, importing the source tree."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    preexec = None
    if limit_memory and sys.platform != "win32":
        import resource

        def preexec() -> None:  # an alias bomb must not take the machine down with it
            resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))

    proc = subprocess.run([sys.executable, "-m", "dhproc", *map(str, args)], cwd=cwd or REPO, env=env,
                          capture_output=True, timeout=timeout, preexec_fn=preexec)
    proc.stdout = proc.stdout.decode("utf-8")
    proc.stderr = proc.stderr.decode("utf-8")
    assert "Traceback" not in proc.stderr
    return proc


def _at(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based (line, column) of the ``occurrence``-th ``needle`` in ``text``."""
    idx = -1
    for _ in range(occurrence):
        idx = text.index(needle, idx + 1)
    return text.count("\n", 0, idx) + 1, idx - (text.rfind("\n", 0, idx) + 1) + 1


def where(name: str, text: str, needle: str, occurrence: int = 1) -> str:
    """``name:line:col:`` of a needle in the text."""
    line, col = _at(text, needle, occurrence)
    return f"{name}:{line}:{col}:"


def where_value(name: str, text: str, key_and_value: str) -> str:
    """``name:line:col:`` of the value in a ``key: value`` text."""
    line, col = _at(text, key_and_value)
    return f"{name}:{line}:{col + key_and_value.index(': ') + 2}:"


TEN = '"ten"'


def copy_example(tmp_path: Path, name: str = "dh") -> Path:
    dest = tmp_path / name
    shutil.copytree(EXAMPLE, dest)
    return dest


def edit(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text


def problem_lines(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.strip()]


# The seed's worked example in isolation: 攻撃力10 against 防御力7 体力5, on one square.
# (Initial placement puts one character per square, so 山田 steps onto 鈴木's square first.)
MINI = """\
dhproc: 1
ruleset: dh
title: 例題
seed: 7
setup:
  first: a
  sides:
    a: {name: 番長グループ}
    b: {name: 生徒会}
  characters:
    suzuki: {name: 鈴木一郎, side: a, attack: 8, defense: 7, hp: 5, spirit: 5, fs: 5, at: Ｂ４}
    yamada: {name: 山田太郎, side: b, attack: 10, defense: 5, hp: 5, spirit: 5, fs: 5, at: Ｂ３}
"""


def mini_match(dice: str = "[55]", *, title: str = "例題") -> str:
    return MINI.replace("title: 例題", f"title: {title}") + f"""\
turns:
  - turn: 1
    dice: {dice}
    submissions:
      a: []
      b:
        - {{who: yamada, to: Ｂ４, attack: suzuki}}
"""


def events(log: dict, kind: str, turn: int = 1) -> list[dict]:
    return [e for e in log["turns"][turn - 1]["events"] if e["kind"] == kind]


# =========================================================================== 1. the example

@pytest.mark.japanese
def test_resolve_example_prints_the_japanese_report():
    r = run("resolve", EXAMPLE / "match.yaml")
    assert r.exit_code == 0
    out = r.stdout
    assert "命中率(10-7)×5+50=65%" in out
    assert "出目55 → 命中" in out
    assert "鈴木一郎に3ダメージ（体力5→2）" in out
    assert "　通常攻撃→鈴木一郎　命中率(10-7)×5+50=65%　出目55 → 命中\n　鈴木一郎に3ダメージ（体力5→2）\n" in out
    for turn in (1, 2, 3):
        assert f"■{turn}ターン目" in out
    assert "■結果：生徒会の勝利（DP差）" in out
    assert r.stderr == ""


def test_resolve_example_in_english():
    r = run("resolve", EXAMPLE / "match.yaml", "--lang", "en")
    assert r.exit_code == 0
    out = r.stdout
    assert "hit rate (10-7)×5+50=65%   die 55 → hit" in out
    assert "鈴木一郎 takes 3 damage (HP 5→2)" in out
    assert "■ Turn 1" in out
    for ja in ("命中率", "ターン目", "ダメージ", "体力", "出目"):
        assert ja not in out


def test_bad_lang_is_a_usage_error():
    r = run("resolve", EXAMPLE / "match.yaml", "--lang", "fr")
    assert r.exit_code == 2


# =========================================================================== 2. the seed's worked example

@pytest.mark.japanese
def test_seed_worked_example_hit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("match.yaml").write_text(mini_match("[55]"), encoding="utf-8")
    r = run("resolve", "match.yaml", "--json", "log.json")
    assert r.exit_code == 0
    assert "　通常攻撃→鈴木一郎　命中率(10-7)×5+50=65%　出目55 → 命中\n" in r.stdout
    assert "　鈴木一郎に3ダメージ（体力5→2）\n" in r.stdout
    log = json.loads(Path("log.json").read_text(encoding="utf-8"))
    [attack] = events(log, "attack")
    assert {k: attack[k] for k in ("actor", "target", "attack", "defense", "hit_rate", "face", "hit")} == {
        "actor": "yamada", "target": "suzuki", "attack": 10, "defense": 7, "hit_rate": 65, "face": 55,
        "hit": True}
    [damage] = events(log, "damage")
    assert {k: damage[k] for k in ("target", "amount", "before", "after")} == {
        "target": "suzuki", "amount": 3, "before": 5, "after": 2}
    [roll] = events(log, "roll")
    assert (roll["sides"], roll["face"], roll["source"]) == (100, 55, "recorded")
    assert log["state"]["characters"]["suzuki"]["hp"] == 2


@pytest.mark.parametrize("face,hit", [(65, True), (66, False), (1, True), (100, False)])
def test_seed_worked_example_boundary(tmp_path, monkeypatch, face, hit):
    monkeypatch.chdir(tmp_path)
    Path("match.yaml").write_text(mini_match(f"[{face}]"), encoding="utf-8")
    r = run("resolve", "match.yaml", "--json", "-")
    assert r.exit_code == 0
    log = json.loads(r.stdout)
    [attack] = events(log, "attack")
    assert (attack["face"], attack["hit"]) == (face, hit)
    assert len(events(log, "damage")) == (1 if hit else 0)


@pytest.mark.japanese
def test_seed_worked_example_miss(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("match.yaml").write_text(mini_match("[66]"), encoding="utf-8")
    r = run("resolve", "match.yaml", "--json", "log.json")
    assert r.exit_code == 0
    assert "　通常攻撃→鈴木一郎　命中率(10-7)×5+50=65%　出目66 → 回避\n" in r.stdout
    assert "ダメージ" not in r.stdout
    log = json.loads(Path("log.json").read_text(encoding="utf-8"))
    [attack] = events(log, "attack")
    assert (attack["hit_rate"], attack["face"], attack["hit"]) == (65, 66, False)
    assert events(log, "damage") == []
    assert log["state"]["characters"]["suzuki"]["hp"] == 5


# =========================================================================== 3. determinism, --json, replay

def test_json_twice_is_byte_identical_and_matches_stdout(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert run("resolve", EXAMPLE / "match.yaml", "--json", a).exit_code == 0
    assert run("resolve", EXAMPLE / "match.yaml", "--json", b).exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    r = run("resolve", EXAMPLE / "match.yaml", "--json", "-")
    assert r.exit_code == 0
    assert r.stdout.encode("utf-8") == a.read_bytes()
    log = json.loads(r.stdout)
    assert log["format"] == "dhproc-log" and log["rng"] == "dhproc-rng/1"
    assert [t["turn"] for t in log["turns"]] == [1, 2, 3]
    # every option but those only a match with a 転校生 reads (DH-14), which a two-side log leaves out,
    # and those of 応援ボーナス and rate changes (DH-15, DH-11.20), swaps (DH-11.21) and delays (DH-10.7),
    # which this match does not have
    assert set(log["options"]) == {o.id for o in OPTIONS if not o.id.startswith("transfer_")} - set(
        RATE_OPTIONS + SWAP_OPTIONS + DELAY_OPTIONS)


@pytest.mark.japanese
def test_json_path_still_prints_the_report(tmp_path):
    r = run("resolve", EXAMPLE / "match.yaml", "--json", tmp_path / "x.json")
    assert "■1ターン目" in r.stdout


def test_json_from_a_subprocess_is_the_same_bytes(tmp_path):
    run("resolve", EXAMPLE / "match.yaml", "--json", tmp_path / "a.json")
    proc = run_process("resolve", "examples/dh/match.yaml", "--json", tmp_path / "b.json")
    assert proc.returncode == 0
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_replay_ok(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run("resolve", EXAMPLE / "match.yaml", "--json", "log.json")
    r = run("replay", "log.json")
    assert r.exit_code == 0
    assert r.stdout == "log.json: ok\n"


def _tamper_first_die(src: Path, dest: Path, face: int = 56) -> dict:
    log = json.loads(src.read_text(encoding="utf-8"))
    assert log["input"]["turns"][0]["dice"][0] == 55
    log["input"]["turns"][0]["dice"][0] = face
    dest.write_text(json.dumps(log, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return log


def test_replay_detects_an_edited_recorded_die(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run("resolve", EXAMPLE / "match.yaml", "--json", "log.json")
    log = _tamper_first_die(Path("log.json"), Path("edited.json"))
    roll = next(e for e in log["turns"][0]["events"] if e["kind"] == "roll")
    r = run("replay", "edited.json")
    assert r.exit_code == 1
    show = lambda v: json.dumps(v, ensure_ascii=False)  # noqa: E731
    assert r.stderr == (f"edited.json: first divergence at turn 1, event {roll['seq']}\n"
                        f"  log:    {show(roll)}\n"
                        f"  replay: {show({**roll, 'face': 56})}\n")


def test_replay_several_logs_in_one_call(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("mini.yaml").write_text(mini_match("[66]"), encoding="utf-8")
    run("resolve", EXAMPLE / "match.yaml", "--json", "a.json")
    run("resolve", "mini.yaml", "--json", "b.json")
    r = run("replay", "a.json", "b.json")
    assert r.exit_code == 0
    assert r.stdout == "a.json: ok\nb.json: ok\n"
    _tamper_first_die(Path("a.json"), Path("bad.json"))
    r = run("replay", "a.json", "bad.json", "b.json")
    assert r.exit_code == 1
    assert r.stdout == "a.json: ok\nb.json: ok\n"
    assert r.stderr.startswith("bad.json: first divergence at turn 1, event ")


@pytest.mark.parametrize("content,message", [
    ('{"format": "something-else"}', 'not a dhproc log'),
    ('{"format": "dhproc-log", ', None),
    ("", None),
])
def test_replay_of_a_broken_log_is_a_located_error(tmp_path, monkeypatch, content, message):
    monkeypatch.chdir(tmp_path)
    Path("x.json").write_text(content, encoding="utf-8")
    r = run("replay", "x.json")
    assert r.exit_code == 1
    assert r.stderr.startswith("x.json:")
    if message:
        assert message in r.stderr


def test_replay_of_a_missing_log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("replay", "nope.json")
    assert r.exit_code == 1
    assert r.stderr == "nope.json: no such file\n"


def test_replay_of_a_log_whose_turn_was_cut(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run("resolve", EXAMPLE / "match.yaml", "--json", "log.json")
    log = json.loads(Path("log.json").read_text(encoding="utf-8"))
    log["turns"][2]["events"].pop()
    Path("cut.json").write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    r = run("replay", "cut.json")
    assert r.exit_code == 1
    assert "first divergence at turn 3, event" in r.stderr


@pytest.mark.parametrize("escape", [r"\x7f", r"\x9f", r"\x85"])
def test_control_characters_in_a_title_are_refused_where_written(tmp_path, monkeypatch, escape):
    monkeypatch.chdir(tmp_path)
    text = mini_match(title=f'"第1戦{escape}"')
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = run("resolve", "match.yaml")
    assert r.exit_code == 1
    assert r.stderr.startswith(where("match.yaml", text, '"第1戦')), r.stderr
    assert "the title is one line of text" in r.stderr


@pytest.mark.parametrize("escape", [r"\ufffe", r"\u2028", r"\u00a0", r"\U0001F600"])
def test_every_log_dhproc_writes_replays(tmp_path, monkeypatch, escape):
    # a YAML escape puts an unusual character into a name; the log must still replay as written
    monkeypatch.chdir(tmp_path)
    Path("match.yaml").write_text(mini_match(title=f'"第1戦{escape}"'), encoding="utf-8")
    r = run("resolve", "match.yaml", "--json", "log.json")
    assert r.exit_code == 0
    r = run("replay", "log.json")
    assert (r.exit_code, r.stdout) == (0, "log.json: ok\n"), r.stderr


# =========================================================================== 4. --out

def test_out_writes_txt_and_json(tmp_path):
    out = tmp_path / "out"
    r = run("resolve", EXAMPLE / "match.yaml", "--out", out)
    assert r.exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == ["match.json", "match.txt"]
    assert r.stdout == ""
    plain = run("resolve", EXAMPLE / "match.yaml")
    assert (out / "match.txt").read_text(encoding="utf-8") == plain.stdout
    assert (out / "match.json").read_text(encoding="utf-8") == run(
        "resolve", EXAMPLE / "match.yaml", "--json", "-").stdout


def test_out_names_colliding_stems_after_their_folder(tmp_path):
    # one folder per match, each with its match.yaml: <folder>-<stem> (cli/ --out help)
    a = copy_example(tmp_path, "a")
    b = copy_example(tmp_path, "b")
    out = tmp_path / "out"
    r = run("resolve", a / "match.yaml", b / "match.yaml", "--out", out)
    assert r.exit_code == 0
    assert sorted(os.listdir(out)) == ["a-match.json", "a-match.txt", "b-match.json", "b-match.txt"]


@pytest.mark.parametrize("first,second", [("x/dh/match.yaml", "y/dh/match.yaml"), ("x/dh/a.yaml", "x/dh/a.yml")])
def test_out_with_two_inputs_that_would_write_the_same_name_is_a_usage_error(tmp_path, monkeypatch, first, second):
    monkeypatch.chdir(tmp_path)
    for f in (first, second):
        Path(f).parent.mkdir(parents=True, exist_ok=True)
        Path(f).write_text(mini_match(), encoding="utf-8")
    r = run("resolve", first, second, "--out", "out")
    assert r.exit_code == 2
    assert "two inputs would both write" in r.output
    assert not Path("out").exists()


def test_json_path_with_several_inputs_is_a_usage_error(tmp_path):
    r = run("resolve", EXAMPLE / "match.yaml", EXAMPLE / "turn-02.yaml", "--json", tmp_path / "x.json")
    assert r.exit_code == 2
    assert not (tmp_path / "x.json").exists()


# =========================================================================== 5. bad input: file:line:col

def _resolve_fails(*args) -> Result:
    r = run("resolve", *args)
    assert r.exit_code == 1, r.output
    assert r.stdout == ""
    return r


def test_yaml_syntax_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("m.yaml").write_text("dhproc: 1\nruleset: dh\ntitle: a: b\nseed: 1\n", encoding="utf-8")
    r = _resolve_fails("m.yaml")
    [line] = problem_lines(r)
    assert line.startswith("m.yaml:3:9: YAML syntax error: mapping values are not allowed")


def test_schema_error_is_located_at_the_value(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = mini_match().replace("{name: 山田太郎, side: b, attack: 10,", '{name: 山田太郎, side: b, attack: "ten",')
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = _resolve_fails("match.yaml")
    assert problem_lines(r) == [
        f"{where('match.yaml', text, TEN)} 'attack' must be a whole number, not 'ten' "
        f"(at /setup/characters/yamada/attack)"]


def test_unknown_character_in_a_submission(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    d = copy_example(tmp_path)
    text = edit(d / "turn-01.yaml", "{who: suzuki, to: Ｂ４}", "{who: nobody, to: Ｂ４}")
    monkeypatch.chdir(d)
    for target in ("match.yaml", "turn-01.yaml", "turn-03.yaml"):
        r = _resolve_fails(target)
        assert problem_lines(r) == [
            f"{where('turn-01.yaml', text, 'nobody')} unknown character 'nobody' (at /submissions/bancho/0/who)"]


def test_duplicate_key(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = mini_match().replace("seed: 7\n", "seed: 7\nseed: 8\n")
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = _resolve_fails("match.yaml")
    assert problem_lines(r) == [f"{where('match.yaml', text, 'seed: 8')} duplicate key 'seed' (first at line 4)"]


def test_square_off_the_map(tmp_path, monkeypatch):
    d = copy_example(tmp_path)
    text = edit(d / "turn-01.yaml", "{who: suzuki, to: Ｂ４}", "{who: suzuki, to: Ｚ９}")
    monkeypatch.chdir(d)
    r = _resolve_fails("match.yaml")
    assert problem_lines(r) == [
        f"{where('turn-01.yaml', text, 'Ｚ９')} square 'Ｚ９' is off the map (Ａ１..Ｅ７) (at /submissions/bancho/0/to)"]


def test_submission_for_a_side_that_does_not_exist(tmp_path, monkeypatch):
    d = copy_example(tmp_path)
    text = edit(d / "turn-01.yaml", "  bancho:  ", "  ouendan:  ")
    monkeypatch.chdir(d)
    r = _resolve_fails("match.yaml")
    assert problem_lines(r) == [
        f"{where('turn-01.yaml', text, 'ouendan')} 'ouendan' is not a side (sides: seitokai, bancho) "
        f"(at /submissions/ouendan)"]


def test_two_files_for_one_turn(tmp_path, monkeypatch):
    d = copy_example(tmp_path)
    shutil.copy(d / "turn-02.yaml", d / "turn-02b.yaml")
    edit(d / "match.yaml", "turn-03.yaml]", "turn-03.yaml, turn-02b.yaml]")
    text = (d / "turn-02b.yaml").read_text(encoding="utf-8")
    monkeypatch.chdir(d)
    r = _resolve_fails("match.yaml")
    assert problem_lines(r) == [
        f"{where_value('turn-02b.yaml', text, 'turn: 2')} turn 2 is given by two files, turn-02.yaml and "
        f"turn-02b.yaml: keep one — take the other out of 'turns:' in the match file, or rename it so that its "
        f"name is not turn-NN.yaml (e.g. turn-02-old.yaml) (at /turn)"]
    # an unlisted copy whose name is not turn-NN.yaml is a backup: it is not read (README: "Files")
    edit(d / "match.yaml", "turn-03.yaml, turn-02b.yaml]", "turn-03.yaml]")
    assert run("resolve", "turn-03.yaml").exit_code == 0


def test_gap_in_turn_numbers(tmp_path, monkeypatch):
    d = copy_example(tmp_path)
    edit(d / "match.yaml", "turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns: [turn-01.yaml, turn-03.yaml]")
    (d / "turn-02.yaml").unlink()
    text = (d / "turn-03.yaml").read_text(encoding="utf-8")
    monkeypatch.chdir(d)
    for target in ("match.yaml", "turn-03.yaml"):
        r = _resolve_fails(target)
        assert problem_lines(r) == [
            f"{where_value('turn-03.yaml', text, 'turn: 3')} turn 3 has no turn 2 before it (at /turn)"]


def test_first_turn_must_be_turn_1(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = mini_match().replace("  - turn: 1\n", "  - turn: 2\n")
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = _resolve_fails("match.yaml")
    assert problem_lines(r) == [
        f"{where_value('match.yaml', text, 'turn: 2')} turn 2 has no turn 1 before it (at /turns/0/turn)"]


def test_unknown_option_and_bad_option_value(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = mini_match().replace("seed: 7\n", "seed: 7\noptions:\n  hit_mode: always\n  no_such: 1\n  leader_dp: 0\n")
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = _resolve_fails("match.yaml")
    known = ", ".join(o.id for o in OPTIONS)
    assert problem_lines(r) == [
        f"{where('match.yaml', text, 'always')} option hit_mode must be one of roll, half_sure, sure "
        f"(at /options/hit_mode)",
        f"{where('match.yaml', text, 'no_such')} unknown option 'no_such' (known: {known}) (at /options/no_such)",
        f"{where_value('match.yaml', text, 'leader_dp: 0')} option leader_dp must be at least 1 "
        f"(at /options/leader_dp)"]


@pytest.mark.parametrize("value", ["1", '"true"', "yes"])
def test_boolean_option_takes_only_true_or_false(tmp_path, monkeypatch, value):
    monkeypatch.chdir(tmp_path)
    text = mini_match().replace("seed: 7\n", f"seed: 7\noptions: {{dead_exert_zoc: {value}}}\n")
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = _resolve_fails("match.yaml")
    assert problem_lines(r) == [
        f"{where('match.yaml', text, value + '}')} option dead_exert_zoc must be one of false, true "
        f"(at /options/dead_exert_zoc)"]


def test_unknown_key_is_located_at_the_key(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = mini_match().replace("{who: yamada, to: Ｂ４, attack: suzuki}", "{who: yamada, goto: Ｂ４, attack: suzuki}")
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = _resolve_fails("match.yaml")
    [line] = problem_lines(r)
    assert line.startswith(f"{where('match.yaml', text, 'goto')} unknown key 'goto' (allowed: ability, attack, bonus, controlled, "
                           f"path, prepared, to, wait, who)")
    assert line.endswith("(at /turns/0/submissions/b/0/goto)")


def test_missing_required_key(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = mini_match().replace("seed: 7\n", "")
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = _resolve_fails("match.yaml")
    assert problem_lines(r) == ["match.yaml:1:1: the seed is missing (key 'seed')"]


# =========================================================================== 6. refused with a clear message

def _refused(name: str) -> str:
    r = run("resolve", name)
    assert r.exit_code == 1
    assert r.stdout == ""
    lines = problem_lines(r)
    assert lines and all(line.startswith(name + ":") for line in lines), lines
    return r.stderr


def test_alias_bomb_over_the_alias_limit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines = ['lol0: &lol0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 12):
        lines.append(f"lol{i}: &lol{i} [" + ", ".join([f"*lol{i - 1}"] * 10) + "]")
    Path("bomb.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    err = _refused("bomb.yaml")
    assert "alias bomb" in err and ("more than 100 aliases" in err or "expands to more than" in err)


@pytest.mark.skipif(sys.platform == "win32", reason="uses a POSIX memory limit")
def test_classic_billion_laughs_is_refused(tmp_path):
    lines = ["dhproc: 1", "ruleset: dh", "seed: 1", "setup: {}",
             'lol0: &lol0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        lines.append(f"lol{i}: &lol{i} [" + ",".join([f"*lol{i - 1}"] * 10) + "]")
    lines.append("title: *lol9")
    (tmp_path / "laughs.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        proc = run_process("resolve", "laughs.yaml", cwd=tmp_path, timeout=20, limit_memory=True)
    except subprocess.TimeoutExpired:
        pytest.fail("dhproc did not refuse the alias bomb within 20 s")
    assert proc.returncode == 1
    assert proc.stderr.startswith("laughs.yaml:")
    assert "alias" in proc.stderr
    assert len(proc.stderr) < 2000


def test_file_of_6_mib(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("big.yaml").write_bytes(mini_match().encode("utf-8") + b"#" + b"x" * (6 * 1024 * 1024))
    assert _refused("big.yaml") == "big.yaml:1:1: file is 6.0 MiB; dhproc reads at most 5.0 MiB\n"


def test_nesting_deeper_than_64(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("deep.yaml").write_text("dhproc: 1\nsetup: " + "[" * 70 + "]" * 70 + "\n", encoding="utf-8")
    assert _refused("deep.yaml") == "deep.yaml:2:71: nesting deeper than 64 levels\n"


def test_turn_naming_a_match_outside_its_folder_tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    elsewhere = copy_example(tmp_path, "elsewhere")
    edit(elsewhere / "match.yaml", "turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]\n", "")
    Path("a/b").mkdir(parents=True)
    text = "dhproc: 1\nmatch: ../../elsewhere/match.yaml\nturn: 1\nsubmissions: {}\n"
    Path("a/b/t.yaml").write_text(text, encoding="utf-8")
    err = _refused("a/b/t.yaml")
    assert err == (f"{where('a/b/t.yaml', text, '../../')} match '../../elsewhere/match.yaml' is outside this "
                   f"turn's folder tree; a turn file must lie in its match's folder (at /match)\n")


def test_turn_naming_a_match_outside_is_refused_before_it_is_read(tmp_path, monkeypatch):
    # the outside "match" is broken in a way that would be reported if it were read
    monkeypatch.chdir(tmp_path)
    Path("elsewhere").mkdir()
    Path("elsewhere/match.yaml").write_bytes(b"ruleset: dh\nruleset: dh\n\xff\n")
    Path("a").mkdir()
    Path("a/t.yaml").write_text("dhproc: 1\nmatch: ../elsewhere/match.yaml\nturn: 1\n", encoding="utf-8")
    err = _refused("a/t.yaml")
    assert "outside this turn's folder tree" in err
    assert "UTF-8" not in err and "duplicate" not in err


def test_match_turns_entry_outside_the_match_folder(tmp_path, monkeypatch):
    d = copy_example(tmp_path)
    shutil.move(d / "turn-03.yaml", tmp_path / "turn-03.yaml")
    text = edit(d / "match.yaml", "turn-03.yaml]", "../turn-03.yaml]")
    monkeypatch.chdir(d)
    err = _refused("match.yaml")
    assert err == (f"{where('match.yaml', text, '../turn-03.yaml')} turn file '../turn-03.yaml' is outside the "
                   f"match folder (at /turns/2)\n")


def test_non_utf8_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("sjis.yaml").write_bytes("dhproc: 1\nruleset: dh\ntitle: 第一戦\n".encode("shift_jis"))
    assert _refused("sjis.yaml") == "sjis.yaml:3:8: not UTF-8 text\n"


def test_missing_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _refused("nope.yaml") == "nope.yaml: no such file\n"


def test_missing_turn_file_listed_by_the_match(tmp_path, monkeypatch):
    d = copy_example(tmp_path)
    (d / "turn-02.yaml").unlink()
    monkeypatch.chdir(d)
    r = _resolve_fails("match.yaml")
    text = Path("match.yaml").read_text(encoding="utf-8")
    line, col = _at(text, "turn-02.yaml")
    assert problem_lines(r) == [f"match.yaml:{line}:{col}: turn file 'turn-02.yaml': no such file (at /turns/1)"]


# =========================================================================== 7. YAML surprises (end to end)

@pytest.mark.japanese
def test_yaml_surprises_are_off_end_to_end(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = (mini_match(title="2024-06-11").replace("seed: 7", "seed: 010")
            .replace("{name: 鈴木一郎,", "{name: yes,"))
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = run("resolve", "match.yaml", "--json", "-")
    assert r.exit_code == 0
    log = json.loads(r.stdout)
    assert log["title"] == "2024-06-11"
    assert log["seed"] == 10
    assert log["state"]["characters"]["suzuki"]["name"] == "yes"
    assert "yesに3ダメージ" in run("resolve", "match.yaml").stdout


# =========================================================================== 8. turn-file mode

@pytest.mark.japanese
def test_turn_file_reports_only_that_turn(tmp_path):
    r = run("resolve", EXAMPLE / "turn-02.yaml")
    assert r.exit_code == 0
    assert "■2ターン目" in r.stdout
    assert "■1ターン目" not in r.stdout and "■3ターン目" not in r.stdout
    # turn 1 was resolved first: 鈴木一郎 enters turn 2 with 体力2
    assert "鈴木一郎に1ダメージ（体力2→1）" in r.stdout
    log = json.loads(run("resolve", EXAMPLE / "turn-02.yaml", "--json", "-").stdout)
    assert [t["turn"] for t in log["turns"]] == [1, 2]
    full = json.loads(run("resolve", EXAMPLE / "match.yaml", "--json", "-").stdout)
    assert log["turns"] == full["turns"][:2]


@pytest.mark.japanese
def test_turn_file_all_reports_every_turn_so_far():
    r = run("resolve", EXAMPLE / "turn-02.yaml", "--all")
    assert r.exit_code == 0
    assert "■1ターン目" in r.stdout and "■2ターン目" in r.stdout
    assert "■3ターン目" not in r.stdout


def test_unlisted_turn_files_beside_the_turn_are_picked_up(tmp_path):
    d = copy_example(tmp_path)
    edit(d / "match.yaml", "turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns: [turn-01.yaml]")
    r = run("resolve", d / "turn-03.yaml", "--json", "-")
    assert r.exit_code == 0
    log = json.loads(r.stdout)
    full = json.loads(run("resolve", EXAMPLE / "match.yaml", "--json", "-").stdout)
    assert log["turns"] == full["turns"]
    assert log["state"] == full["state"]
    assert log["outcome"] == full["outcome"]
    # and the match itself reads them by the same rule (README, "Files")
    whole = json.loads(run("resolve", d / "match.yaml", "--json", "-").stdout)
    assert whole["turns"] == full["turns"]


def test_no_turns_at_all(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("match.yaml").write_text(MINI, encoding="utf-8")
    r = run("resolve", "match.yaml", "--json", "-")
    assert r.exit_code == 0
    assert json.loads(r.stdout)["turns"] == []


# =========================================================================== 9. awaiting a submission

def _awaiting_example(tmp_path: Path) -> Path:
    d = copy_example(tmp_path)
    t1 = d / "turn-01.yaml"
    text = t1.read_text(encoding="utf-8")
    text = text[: text.index("  seitokai:")].replace("dice: [55, 66]", "")
    t1.write_text(text, encoding="utf-8")
    return d


@pytest.mark.japanese
def test_turn_awaiting_the_second_side(tmp_path):
    d = _awaiting_example(tmp_path)
    r = run("resolve", d / "turn-01.yaml")
    assert r.exit_code == 0
    assert "【後攻：生徒会 フェイズ】行動提出待ち" in r.stdout
    assert "行動提出待ち" in r.stdout
    en = run("resolve", d / "turn-01.yaml", "--lang", "en")
    assert "[second: 生徒会 phase] awaiting submission" in en.stdout
    log = json.loads(run("resolve", d / "turn-01.yaml", "--json", "-").stdout)
    [turn] = log["turns"]
    assert turn["status"] == "awaiting"
    assert turn["awaiting"] == "seitokai"
    assert turn["events"][-1]["kind"] == "awaiting" and turn["events"][-1]["side"] == "seitokai"
    assert log["outcome"]["result"] == "ongoing"


def test_awaiting_turn_replays(tmp_path):
    d = _awaiting_example(tmp_path)
    run("resolve", d / "turn-01.yaml", "--json", tmp_path / "log.json")
    assert run("replay", tmp_path / "log.json").exit_code == 0


def test_a_turn_after_an_incomplete_one_is_an_error_at_its_turn(tmp_path, monkeypatch):
    d = _awaiting_example(tmp_path)
    text = (d / "turn-02.yaml").read_text(encoding="utf-8")
    monkeypatch.chdir(d)
    expected = [f"{where_value('turn-02.yaml', text, 'turn: 2')} turn 2 cannot be resolved: turn 1 still awaits the "
                f"submission of 'seitokai' (at /turn)"]
    for target in ("match.yaml", "turn-02.yaml", "turn-03.yaml"):
        r = _resolve_fails(target)
        assert problem_lines(r) == expected


def test_turn_after_the_match_is_decided_is_an_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = MINI.replace("hp: 5, spirit: 5, fs: 5, at: Ｂ４", "hp: 1, spirit: 5, fs: 5, at: Ｂ４") + """\
turns:
  - turn: 1
    dice: [1]
    submissions:
      a: []
      b: [{who: yamada, to: Ｂ４, attack: suzuki}]
  - turn: 2
    submissions: {}
"""
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = _resolve_fails("match.yaml")
    [line] = problem_lines(r)
    assert line.startswith(f"match.yaml:{_at(text, 'turn: 2')[0]}:")
    assert "turn 2 is never played" in line


# =========================================================================== 11. roll

@pytest.mark.japanese
def test_roll_check_with_a_seed():
    face = stream(1, 0, "roll").die(100)
    verdict = "成功" if face <= 65 else "失敗"
    r = run("roll", "1D100<=65", "--seed", "1")
    assert r.exit_code == 0
    assert r.stdout == f"1D100<=65 → {face} → {face}≤65 → {verdict}   (seed 1)\n"
    en = run("roll", "1D100<=65", "--seed", "1", "--lang", "en")
    assert en.stdout == f"1D100<=65 → {face} → {face}≤65 → {'success' if face <= 65 else 'failure'}   (seed 1)\n"


def test_roll_computed_count_and_sides():
    gen = stream(5, 0, "roll")
    faces = [gen.die(6) for _ in range(3)]
    r = run("roll", "(2+1)D(6+0)+2", "--seed", "5")
    assert r.exit_code == 0
    assert r.stdout == (f"(2+1)D(6+0)+2 → 3D6[{','.join(map(str, faces))}]+2 → {sum(faces) + 2}   (seed 5)\n")


def test_roll_2d9_reading():
    face = stream(3, 0, "roll").die(100)
    tens, ones = divmod(face % 100, 10)
    r = run("roll", "2D9", "--seed", "3")
    assert r.exit_code == 0
    assert r.stdout == f"2D9 → d100[{face}]→{tens}+{ones} → {tens + ones}   (seed 3)\n"


def test_roll_full_width_text():
    face = stream(1, 0, "roll").die(100)
    r = run("roll", "１Ｄ１００＜＝６５", "--seed", "1")
    assert r.exit_code == 0
    assert f"→ {face}≤65 →" in r.stdout


@pytest.mark.parametrize("expr,column", [("2D+", 3), ("1D0", 3), ("1D100<=", 8), ("2D6 + x", 7), ("", 1)])
def test_roll_bad_expression(expr, column):
    r = run("roll", expr, "--seed", "1")
    assert r.exit_code == 1
    assert r.stdout == ""
    assert r.stderr.startswith(f"error: {expr}: column {column}: ")


def test_roll_same_seed_same_output_and_string_seeds():
    assert run("roll", "3D6+1D100", "--seed", "42").stdout == run("roll", "3D6+1D100", "--seed", "42").stdout
    a = run("roll", "1D100", "--seed", "第3回")
    assert a.exit_code == 0
    assert a.stdout == f"1D100 → {stream('第3回', 0, 'roll').die(100)}   (seed 第3回)\n"


def test_roll_without_a_seed_prints_the_seed_it_used():
    r = run("roll", "1D100")
    assert r.exit_code == 0
    m = re.fullmatch(r"1D100 → (\d+)   \(seed (\d+)\)\n", r.stdout)
    assert m
    assert int(m.group(1)) == stream(int(m.group(2)), 0, "roll").die(100)


# =========================================================================== 12. new

def test_new_then_resolve(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("new", "dh", "game")
    assert r.exit_code == 0
    assert r.stdout.splitlines()[-1] == f"next: dhproc resolve {Path('game') / 'match.yaml'}"
    assert run("new", "dh", "game2", "--lang", "ja").stdout.splitlines()[-1] == \
        f"次は：dhproc resolve {Path('game2') / 'match.yaml'}"
    written = sorted(p.name for p in Path("game").iterdir())
    assert "match.yaml" in written and written
    r = run("resolve", "game/match.yaml", "--lang", "ja")
    assert r.exit_code == 0
    assert "■1ターン目" in r.stdout
    assert run("validate", *(f"game/{n}" for n in written)).exit_code == 0


def test_new_into_a_non_empty_folder_overwrites_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("game").mkdir()
    Path("game/match.yaml").write_text("mine\n", encoding="utf-8")
    r = run("new", "dh", "game")
    assert r.exit_code == 1
    assert "not empty" in r.stderr
    assert Path("game/match.yaml").read_text(encoding="utf-8") == "mine\n"
    assert sorted(os.listdir("game")) == ["match.yaml"]


def test_new_unknown_ruleset(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("new", "nosuch", "game")
    assert r.exit_code == 2
    assert "unknown ruleset 'nosuch'" in r.output
    assert not Path("game").exists()


# =========================================================================== 13. validate

def test_validate_example():
    files = [EXAMPLE / n for n in ("match.yaml", "turn-01.yaml", "turn-02.yaml", "turn-03.yaml")]
    r = run("validate", *files)
    assert r.exit_code == 0
    assert r.stdout == "".join(f"{f}: ok\n" for f in files)


def test_validate_lists_every_problem(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = (mini_match().replace("{name: 山田太郎, side: b, attack: 10,", '{name: 山田太郎, side: b, attack: "ten",')
            .replace("hp: 5, spirit: 5, fs: 5, at: Ｂ４", "hp: -1, spirit: 5, fs: 5, at: Ｂ４"))
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = run("validate", "match.yaml")
    assert r.exit_code == 1
    assert r.stdout == ""
    assert problem_lines(r) == [
        f"{where('match.yaml', text, '-1')} 'hp' must be at least 0, not -1 (at /setup/characters/suzuki/hp)",
        f"{where('match.yaml', text, TEN)} 'attack' must be a whole number, not 'ten' (at /setup/characters/yamada/attack)",
    ]


def test_validate_goes_on_after_a_bad_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("bad.yaml").write_text("a: [\n", encoding="utf-8")
    r = run("validate", "bad.yaml", str(EXAMPLE / "match.yaml"))
    assert r.exit_code == 1
    assert r.stdout == f"{EXAMPLE / 'match.yaml'}: ok\n"
    assert r.stderr.startswith("bad.yaml:2:1: YAML syntax error")


def test_validate_reports_semantic_problems_of_several_turns(tmp_path, monkeypatch):
    d = copy_example(tmp_path)
    t1 = edit(d / "turn-01.yaml", "{who: tanaka, to: Ｄ４}", "{who: tanaka, to: Ｄ９}")
    t3 = edit(d / "turn-03.yaml", "{who: gou, attack: sato}", "{who: gou, attack: satou}")
    monkeypatch.chdir(d)
    r = run("validate", "match.yaml")
    assert r.exit_code == 1
    assert problem_lines(r) == [
        f"{where('turn-01.yaml', t1, 'Ｄ９')} square 'Ｄ９' is off the map (Ａ１..Ｅ７) (at /submissions/bancho/1/to)",
        f"{where('turn-03.yaml', t3, 'satou')} unknown character 'satou' (did you mean 佐藤花子 (sato)?) "
        f"(at /submissions/bancho/1/attack)",
    ]


def test_validate_lists_envelope_and_setup_problems_together(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = (mini_match().replace("title: 例題", "title: 5")
            .replace("{name: 山田太郎, side: b, attack: 10,", '{name: 山田太郎, side: b, attack: "ten",'))
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = run("validate", "match.yaml")
    assert r.exit_code == 1
    lines = problem_lines(r)
    assert any(line.endswith("(at /title)") for line in lines)
    assert any(line.endswith("(at /setup/characters/yamada/attack)") for line in lines)


def test_validate_lists_turn_file_and_setup_problems_together(tmp_path, monkeypatch):
    d = copy_example(tmp_path)
    edit(d / "match.yaml", "attack: 8,  defense: 7, hp: 6", 'attack: "ten",  defense: 7, hp: 6')
    edit(d / "turn-02.yaml", "turn: 2", 'turn: "2"')
    monkeypatch.chdir(d)
    r = run("validate", "match.yaml")
    assert r.exit_code == 1
    lines = problem_lines(r)
    assert any(line.startswith("turn-02.yaml:4:7:") for line in lines)
    assert any(line.startswith("match.yaml:") and "/setup/characters/kaicho/attack" in line for line in lines)


# =========================================================================== 14. schema, rulesets, options

def test_schema_lists_names():
    r = run("schema")
    assert r.exit_code == 0
    names = r.stdout.split()
    for name in ("match", "turn", "log", "dh.setup", "dh.submissions"):
        assert name in names


@pytest.mark.parametrize("name", ["match", "turn", "log", "dh.setup", "dh.submissions"])
def test_schema_prints_json(name):
    r = run("schema", name)
    assert r.exit_code == 0
    schema = json.loads(r.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["type"] == "object"


def test_schema_unknown_name():
    r = run("schema", "nosuch")
    assert r.exit_code == 2
    assert "unknown schema 'nosuch'" in r.output


def test_rulesets_lists_dh_with_its_option_count():
    r = run("rulesets")
    assert r.exit_code == 0
    assert re.search(rf"^\|\s*dh\s*\|.*\|\s*{len(OPTIONS)}\s*\|$", r.stdout, re.M), r.stdout


def _show(v) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def test_options_lists_every_option_with_its_default(monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")  # wide enough for the table (a narrow one: tests/test_messages.py)
    r = run("options", "dh")
    assert r.exit_code == 0
    rows = {}
    for line in r.stdout.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 3:
            rows[cells[0]] = cells[2]
    reasons = "".join(r.stdout.split())  # each reason is wrapped to the terminal
    for o in OPTIONS:
        assert rows.get(o.id) == _show(o.default), o.id
        assert "".join(f"{o.id} ({OPTIONS.name(o.id, 'en')}): {OPTIONS.reason(o.id, 'en')}".split()) in reasons
    assert {k for k in rows if k != "option"} == {o.id for o in OPTIONS}


def test_options_unknown_ruleset():
    r = run("options", "nosuch")
    assert r.exit_code == 2
    assert "unknown ruleset 'nosuch'" in r.output


def test_non_default_options_reach_the_log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("match.yaml").write_text(mini_match("[66]").replace("seed: 7\n", "seed: 7\noptions: {hit_mode: half_sure}\n"),
                                  encoding="utf-8")
    log = json.loads(run("resolve", "match.yaml", "--json", "-").stdout)
    two_sides = {o.id: o.default for o in OPTIONS  # DH-14: no 転校生 here; DH-15: no 応援ボーナス
                 if not o.id.startswith("transfer_") and o.id not in RATE_OPTIONS + SWAP_OPTIONS + DELAY_OPTIONS}
    assert log["options"] == {**two_sides, "hit_mode": "half_sure"}
    [damage] = events(log, "damage")
    assert (damage["amount"], damage["before"], damage["after"]) == (1, 5, 4)


# =========================================================================== 15. batches

def test_batch_goes_on_after_a_bad_input(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("a.yaml").write_text(mini_match("[55]"), encoding="utf-8")
    bad = mini_match().replace("{name: 山田太郎, side: b, attack: 10,", '{name: 山田太郎, side: b, attack: "ten",')
    Path("bad.yaml").write_text(bad, encoding="utf-8")
    Path("b.yaml").write_text(mini_match("[66]"), encoding="utf-8")
    r = run("resolve", "a.yaml", "bad.yaml", "b.yaml", "--out", "out")
    assert r.exit_code == 1
    assert sorted(os.listdir("out")) == ["a.json", "a.txt", "b.json", "b.txt"]
    assert f"{where('bad.yaml', bad, TEN)} 'attack' must be a whole number, not 'ten'" in r.stderr
    assert "die 55 → hit" in Path("out/a.txt").read_text(encoding="utf-8")
    assert "die 66 → miss" in Path("out/b.txt").read_text(encoding="utf-8")
    r = run("replay", "out/a.json", "out/b.json")
    assert (r.exit_code, r.stdout) == (0, "out/a.json: ok\nout/b.json: ok\n")


@pytest.mark.japanese
def test_batch_without_out_prints_each_report(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("a.yaml").write_text(mini_match("[55]"), encoding="utf-8")
    Path("b.yaml").write_text(mini_match("[66]"), encoding="utf-8")
    r = run("resolve", "a.yaml", "nope.yaml", "b.yaml")
    assert r.exit_code == 1
    assert r.stdout.count("━━ 例題 ━━") == 2
    assert r.stdout.index("出目55") < r.stdout.index("出目66")
    assert r.stderr == "nope.yaml: ファイルがありません\n"


# =========================================================================== 16. atomic outputs

def test_failed_resolve_leaves_an_existing_json_target_unchanged(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("log.json").write_text("OLD LOG\n", encoding="utf-8")
    Path("match.yaml").write_text(mini_match("[101]"), encoding="utf-8")  # a die outside the d100
    r = run("resolve", "match.yaml", "--json", "log.json")
    assert r.exit_code == 1
    assert "recorded die 1 is 101" in r.stderr
    assert Path("log.json").read_text(encoding="utf-8") == "OLD LOG\n"
    assert sorted(os.listdir(".")) == ["log.json", "match.yaml"]


def test_failed_resolve_leaves_out_files_unchanged(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("out").mkdir()
    Path("out/match.txt").write_text("OLD REPORT\n", encoding="utf-8")
    Path("match.yaml").write_text(mini_match("[55, 12]"), encoding="utf-8")  # an unused die
    r = run("resolve", "match.yaml", "--out", "out")
    assert r.exit_code == 1
    assert sorted(os.listdir("out")) == ["match.txt"]
    assert Path("out/match.txt").read_text(encoding="utf-8") == "OLD REPORT\n"


def test_successful_resolve_replaces_the_json_target(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("log.json").write_text("OLD LOG\n", encoding="utf-8")
    Path("match.yaml").write_text(mini_match("[55]"), encoding="utf-8")
    assert run("resolve", "match.yaml", "--json", "log.json").exit_code == 0
    assert json.loads(Path("log.json").read_text(encoding="utf-8"))["format"] == "dhproc-log"
    assert sorted(os.listdir(".")) == ["log.json", "match.yaml"]


def test_json_into_a_missing_folder_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["resolve", str(EXAMPLE / "match.yaml"), "--json", "nodir/log.json"])
    assert r.exit_code in (1, 2)
    assert "internal error" not in r.output
    assert "nodir" in r.stderr


# =========================================================================== names the report cannot draw

def test_character_name_with_a_newline_is_an_input_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = mini_match().replace("{name: 鈴木一郎,", '{name: "鈴木\\n一郎",')
    Path("match.yaml").write_text(text, encoding="utf-8")
    r = CliRunner().invoke(cli, ["resolve", "match.yaml"])
    assert "internal error" not in r.output
    if r.exit_code != 0:
        assert r.exit_code == 1
        assert r.stderr.startswith(where("match.yaml", text, '"鈴木'))
    v = CliRunner().invoke(cli, ["validate", "match.yaml"])
    assert v.exit_code == r.exit_code


# =========================================================================== a real process

@pytest.mark.japanese
def test_process_resolve_example_matches_the_runner():
    proc = run_process("resolve", "examples/dh/match.yaml")
    assert proc.returncode == 0
    assert proc.stdout == run("resolve", EXAMPLE / "match.yaml").stdout
    assert "出目55 → 命中" in proc.stdout


def test_process_syntax_error(tmp_path):
    (tmp_path / "m.yaml").write_text("dhproc: 1\nruleset: dh\ntitle: a: b\nseed: 1\n", encoding="utf-8")
    proc = run_process("resolve", "m.yaml", cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.startswith("m.yaml:3:9: YAML syntax error")


def test_process_schema_error_and_replay(tmp_path):
    d = copy_example(tmp_path)
    proc = run_process("resolve", "match.yaml", "--json", "log.json", cwd=d)
    assert proc.returncode == 0
    proc = run_process("replay", "log.json", cwd=d)
    assert (proc.returncode, proc.stdout) == (0, "log.json: ok\n")
    _tamper_first_die(d / "log.json", d / "edited.json")
    proc = run_process("replay", "edited.json", "log.json", cwd=d)
    assert proc.returncode == 1
    assert proc.stdout == "log.json: ok\n"
    assert proc.stderr.startswith("edited.json: first divergence at turn 1, event ")
    text = edit(d / "match.yaml", "attack: 8,  defense: 7, hp: 6", 'attack: "ten",  defense: 7, hp: 6')
    proc = run_process("resolve", "match.yaml", cwd=d)
    assert proc.returncode == 1
    assert proc.stderr == (f"{where('match.yaml', text, TEN)} 'attack' must be a whole number, not 'ten' "
                           f"(at /setup/characters/kaicho/attack)\n")


def test_process_roll_and_usage_errors(tmp_path):
    face = stream(1, 0, "roll").die(100)
    proc = run_process("roll", "1D100<=65", "--seed", "1", "--lang", "ja")
    assert proc.returncode == 0
    assert proc.stdout == f"1D100<=65 → {face} → {face}≤65 → {'成功' if face <= 65 else '失敗'}   (seed 1)\n"
    proc = run_process("roll", "2D(", "--seed", "1")
    assert proc.returncode == 1
    assert proc.stderr.startswith("error: 2D(: column 4: ")
    assert run_process("options", "nosuch").returncode == 2
    assert run_process("resolve").returncode == 2
    assert run_process("frobnicate").returncode == 2


def test_process_refuses_bad_files(tmp_path):
    (tmp_path / "bin.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    (tmp_path / "big.yaml").write_bytes(b"#" * (6 * 1024 * 1024))
    proc = run_process("validate", "bin.yaml", "big.yaml", "nope.yaml", cwd=tmp_path)
    assert proc.returncode == 1
    lines = proc.stderr.splitlines()
    assert lines[0] == "bin.yaml:1:1: not UTF-8 text"
    assert lines[1] == "big.yaml:1:1: file is 6.0 MiB; dhproc reads at most 5.0 MiB"
    assert lines[2] == "nope.yaml: no such file"


def test_a_long_batch_shows_a_progress_line_on_a_terminal(tmp_path, monkeypatch):
    import dhproc.cli.root as cli_module

    monkeypatch.chdir(tmp_path)
    names = []
    for i in range(12):
        d = copy_example(tmp_path, f"m{i:02d}")
        names.append(str(d / "match.yaml"))
    monkeypatch.setattr(cli_module, "on_terminal", lambda: True)
    r = run("validate", *names)
    assert r.exit_code == 0
    assert r.stdout.count(": ok\n") == 12
    assert "\r[1/12]" in r.stderr and "\r[12/12]" in r.stderr
    assert r.stderr.endswith("\r")  # the line is cleared at the end
    monkeypatch.setattr(cli_module, "on_terminal", lambda: False)
    assert run("validate", *names).stderr == ""  # not on a terminal: nothing but results
