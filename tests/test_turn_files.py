"""Which turn files a match reads: one rule for every way in (README, "Files").

A GK's campaigns (tests/turnfiles/, from a second campaign): suido/ is a 4-round count battle
whose match lists turn-01.yaml only, its turn-02..04.yaml written by ``dhproc import -o``; nw/ a
6-round nicosw battle with ``turns: []`` and six turn files. ``resolve match.yaml`` once resolved
1 and 0 rounds of them, with no word, while ``resolve DIR`` resolved all.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from dhproc import api
from dhproc.errors import InputError
from tests.test_cli import run

CAMPAIGNS = Path(__file__).resolve().parent / "turnfiles"
ROUNDS = {"suido": 4, "nw": 6}


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # problems name files as given on the command line


def campaign(name: str) -> Path:
    shutil.copytree(CAMPAIGNS / name, Path(name))
    return Path(name)


def resolved_log(*args: object) -> dict:
    r = run("resolve", *args, "--json", "-")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.mark.parametrize("name", sorted(ROUNDS))
def test_every_way_in_resolves_every_turn_file_beside_the_match(name: str) -> None:
    d = campaign(name)
    rounds = ROUNDS[name]
    last = d / f"turn-{rounds:02d}.yaml"
    by_match = resolved_log(d / "match.yaml")
    assert [t["turn"] for t in by_match["turns"]] == list(range(1, rounds + 1))
    assert all(t["status"] == "complete" for t in by_match["turns"])
    assert resolved_log(d) == by_match
    assert resolved_log(last, "--all") == by_match
    # resolve turn-NN.yaml: the turns up to it, that turn reported
    second = resolved_log(d / "turn-02.yaml")
    assert second["turns"] == by_match["turns"][:2]
    r = run("validate", d / "match.yaml", d, last)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [f"{d / 'match.yaml'}：OK", f"{d}：OK", f"{last}：OK"]
    assert r.stderr == ""  # every turn-NN.yaml was read: nothing to warn about
    for match in (api.load(d / "match.yaml"), api.load(d),
                  api.loads((d / "match.yaml").read_text(encoding="utf-8"), base=d)):
        assert [t.number for t in match.turns] == list(range(1, rounds + 1))
        assert match.report_turns == list(range(1, rounds + 1))
        assert match.load_warnings == []
    assert api.load(d / "turn-02.yaml").report_turns == [2]


def _with_listed(d: Path, listed: str) -> None:
    text = (d / "match.yaml").read_text(encoding="utf-8")
    (d / "match.yaml").write_text(text.replace("turns: [turn-01.yaml]", f"turns: [{listed}]"), encoding="utf-8")


def test_a_turn_file_the_list_overrides_is_a_warning_that_leaves_the_report_and_log_alone() -> None:
    d = campaign("suido")
    _with_listed(d, "turn-01.yaml, turn-02.yaml, turn-03.yaml, turn-04.yaml")
    before = run("resolve", d / "match.yaml", "--json", "before.json")
    assert before.exit_code == 0 and before.stderr == ""
    # an older draft of turn 3 under a turn-NN name: the listed turn-03.yaml is resolved
    draft = (d / "turn-03.yaml").read_text(encoding="utf-8").replace("turn: 3", "turn:   3")
    (d / "turn-3.yml").write_text(draft, encoding="utf-8")
    col = draft.splitlines()[2].index("3") + 1
    for lang, words in (("ja", "警告：このファイルは読みません。3ターン目はsuido/turn-03.yamlです（対戦ファイルの 'turns:' に並べた"
                                "ファイルと、コマンドで指定したファイルが優先です）"),
                        ("en", "warning: not read: turn 3 is suido/turn-03.yaml (a file listed under 'turns:' in the "
                               "match, or given on the command line, comes first)")):
        for target in (d / "match.yaml", d, d / "turn-04.yaml"):
            r = run("resolve", target, "--lang", lang, "--json", f"after-{lang}.json")
            assert r.exit_code == 0
            assert r.stderr.splitlines() == [f"suido/turn-3.yml:3:{col}: {words} (at /turn)"]
            assert r.stdout == run("resolve", target, "--lang", lang).stdout  # the report as without the draft
            assert Path(f"after-{lang}.json").read_bytes() == Path("before.json").read_bytes()
        v = run("validate", d / "match.yaml", "--lang", lang)
        assert v.exit_code == 0
        assert v.stderr.splitlines() == [f"suido/turn-3.yml:3:{col}: {words} (at /turn)"]
    assert run("resolve", d / "match.yaml").stdout == before.stdout
    warned = api.load(d / "match.yaml").load_warnings
    assert [(w.file, w.line, w.path) for w in warned] == [("suido/turn-3.yml", 3, ("turn",))]
    assert api.warnings(api.load(d / "match.yaml")) == warned  # validate prints them with the ruleset's


def test_every_turn_file_that_is_not_read_is_said_and_why(tmp_path: Path) -> None:
    d = campaign("suido")
    (d / "other.yaml").write_text((d / "match.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (d / "turn-05.yaml").write_text((d / "turn-04.yaml").read_text(encoding="utf-8")
                                    .replace("match: match.yaml", "match: other.yaml").replace("turn: 4", "turn: 5"),
                                    encoding="utf-8")
    (d / "turn-06.yaml").write_text("メモ：6ターン目は来週\n", encoding="utf-8")  # a note, not a turn
    (d / "turn-07.yaml").write_text("remarks: [unclosed\n", encoding="utf-8")  # not YAML, and no match: line
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text((d / "turn-04.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    links = hasattr(os, "symlink") and os.name != "nt"
    if links:
        os.symlink(outside, d / "turn-08.yaml")
    r = run("resolve", d / "match.yaml", "--lang", "en", "--json", "-")
    assert r.exit_code == 0, r.output
    assert len(json.loads(r.stdout)["turns"]) == 4
    expected = [
        "suido/turn-05.yaml:2:8: warning: not read: a turn of match 'other.yaml', not of this match (at /match)",
        "suido/turn-06.yaml:1:1: warning: not read as a turn: it names no match file ('match:')",
        "suido/turn-07.yaml:2:1: warning: not read as a turn: YAML syntax error: did not find expected ',' or ']' "
        "(while parsing a flow sequence)",
    ] + (["suido/turn-08.yaml: warning: not read: a link leading outside the match folder"] if links else [])
    assert r.stderr.splitlines() == expected
    v = run("validate", d, "--lang", "ja")
    assert v.exit_code == 0 and v.stdout == "suido：OK\n"
    assert len(v.stderr.splitlines()) == len(expected)
    assert v.stderr.splitlines()[0].endswith("警告：対戦「other.yaml」のターンファイルなので、この対戦のターンとしては読みません (at /match)")


def test_a_turn_file_naming_a_match_no_path_can_hold_is_a_warning_not_an_internal_error() -> None:
    d = campaign("suido")
    (d / "turn-05.yaml").write_text('dhproc: 1\nmatch: "a\\0b.yaml"\nturn: 5\nsubmissions: {}\n', encoding="utf-8")
    for target in (d / "match.yaml", d):
        r = run("validate", target, "--lang", "en")
        assert r.exit_code == 0, r.output
        assert r.stderr.startswith("suido/turn-05.yaml:2:8: warning: not read: a turn of match 'a")


def test_a_broken_turn_file_beside_the_match_stops_it_as_a_listed_one_would() -> None:
    d = campaign("nw")
    text = (d / "turn-03.yaml").read_text(encoding="utf-8").replace("submissions:", "submission:")
    (d / "turn-03.yaml").write_text(text, encoding="utf-8")
    for target in (d / "match.yaml", d, d / "turn-06.yaml"):
        r = run("resolve", target, "--lang", "en")
        assert r.exit_code == 1 and r.stdout == ""
        assert r.stderr.splitlines()[0].startswith("nw/turn-03.yaml:4:1: unknown key 'submission'")
    # turns after the one asked for are not read: a draft of a later turn never blocks it
    assert run("resolve", d / "turn-02.yaml").exit_code == 0
    with pytest.raises(InputError):
        api.load(d / "match.yaml")


# --------------------------------------------------------------------------- a batch says each problem once

def test_a_batch_prints_a_problem_of_a_shared_turn_file_once_and_names_the_match() -> None:
    d = campaign("suido")
    _with_listed(d, "turn-01.yaml, turn-02.yaml")
    text = (d / "turn-01.yaml").read_text(encoding="utf-8").replace("turn: 1", "turn: x")
    (d / "turn-01.yaml").write_text(text, encoding="utf-8")
    problem = "suido/turn-01.yaml:4:7: the turn number must be a whole number, not 'x' (at /turn)"
    r = run("validate", d / "match.yaml", d / "turn-01.yaml", "--lang", "en")
    assert r.exit_code == 1
    assert r.stderr.splitlines() == [
        problem,
        "suido/match.yaml: not processed: suido/turn-01.yaml, which it reads, has problems (above)"]
    r = run("validate", d / "turn-01.yaml", d / "match.yaml")
    assert r.stderr.splitlines() == [
        problem.replace("the turn number must be a whole number, not 'x'", "ターン番号は整数で書いてください（'x'）"),
        "suido/match.yaml：読み込むsuido/turn-01.yamlに問題があるため、処理できません（上記）"]
    # one input: its problems alone, as before
    assert run("validate", d / "match.yaml", "--lang", "en").stderr.splitlines() == [problem]
    # a folder's own turn files are its own: no line for it
    assert run("resolve", d, "--lang", "en").stderr.splitlines() == [problem]


def test_a_batch_prints_the_warnings_of_a_shared_match_once() -> None:
    d = campaign("suido")
    _with_listed(d, "turn-01.yaml, turn-02.yaml, turn-03.yaml, turn-04.yaml")
    shutil.copy(d / "turn-02.yaml", d / "turn-2.yaml")
    r = run("validate", d / "match.yaml", d / "turn-03.yaml", d / "turn-04.yaml", "--lang", "en")
    assert r.exit_code == 0
    assert len(r.stdout.splitlines()) == 3
    assert len(r.stderr.splitlines()) == 1 and "turn-2.yaml:3:7: warning: not read: turn 2 is" in r.stderr


# --------------------------------------------------------------------------- api.loads: each missing key once

def test_a_match_without_seed_and_setup_names_each_missing_key_once() -> None:
    with pytest.raises(InputError) as e:
        api.loads("dhproc: 1\nruleset: kagemiya\n")
    from dhproc.words.messages import use_lang

    assert [p.message for p in e.value.problems] == ["シード（キー「seed」）がありません", "セットアップ（キー「setup」）がありません"]
    with use_lang("en"), pytest.raises(InputError) as e:
        api.loads("ruleset: dh\n")
    messages = [p.message for p in e.value.problems]
    assert len(messages) == len(set(messages)) == 3
    assert all(key in " ".join(messages) for key in ("'dhproc'", "'seed'", "'setup'"))


# --------------------------------------------------------------------------- import -o keeps turns: right

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dh"
POST = "鈴木 B6→B4 攻撃:山田"


def dh_match(turns_text: str, newline: str = "\n") -> Path:
    """examples/dh's match (no turn files) whose turns: is written as ``turns_text``."""
    d = Path("m")
    d.mkdir()
    text = (EXAMPLE / "match.yaml").read_text(encoding="utf-8")
    text = text.replace("turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]\n", turns_text)
    (d / "match.yaml").write_text(text.replace("\n", newline), encoding="utf-8", newline="")
    return d


def a_turn(d: Path, n: int) -> None:
    text = (EXAMPLE / f"turn-{n:02d}.yaml").read_text(encoding="utf-8")
    (d / f"turn-{n:02d}.yaml").write_text(text, encoding="utf-8")


def imported(d: Path, out: str, *extra: str):
    r = run("import", "dh", POST, "-o", d / out, "--lang", "en", *extra)
    assert r.exit_code == 0, r.output
    return r


def test_import_o_lists_the_turn_file_in_turn_order_and_leaves_the_rest_of_the_match_as_written() -> None:
    d = dh_match("turns: []   # the turns so far\n")
    before = (d / "match.yaml").read_text(encoding="utf-8")
    a_turn(d, 3)
    r = imported(d, "turn-03.yaml")  # turn 3 first: its number is read from its file
    assert r.stderr.splitlines()[-1] == "added turn-03.yaml to 'turns:' in m/match.yaml"
    imported(d, "turn-01.yaml")
    r = imported(d, "turn-02.yaml")
    after = (d / "match.yaml").read_text(encoding="utf-8")
    assert after == before.replace("turns: []", "turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]")
    # the other side's post later, into the same file: already listed, nothing said
    r = imported(d, "turn-02.yaml")
    assert "turns:" not in r.stderr and (d / "match.yaml").read_text(encoding="utf-8") == after
    assert [t.number for t in api.load(d / "match.yaml").turns] == [1, 2, 3]


def test_import_o_writes_an_entry_a_line_in_a_block_list_and_keeps_crlf_and_comments() -> None:
    d = dh_match("turns:\n  # one file per turn\n  - turn-01.yaml   # 1ターン目\n  - turn-03.yaml\n", newline="\r\n")
    raw = (d / "match.yaml").read_bytes()
    assert raw.count(b"\r\n") == raw.count(b"\n") > 30
    a_turn(d, 1)
    a_turn(d, 3)
    imported(d, "turn-02.yaml")
    imported(d, "turn-04.yaml")
    assert (d / "match.yaml").read_bytes() == raw.replace(
        b"  - turn-03.yaml\r\n", b"  - turn-02.yaml\r\n  - turn-03.yaml\r\n  - turn-04.yaml\r\n")


def test_import_o_adds_turns_to_a_match_without_it() -> None:
    d = dh_match("")
    before = (d / "match.yaml").read_text(encoding="utf-8")
    imported(d, "turn-01.yaml")
    assert (d / "match.yaml").read_text(encoding="utf-8") == before + "turns: [turn-01.yaml]\n"


def test_import_o_does_not_list_a_second_file_for_a_listed_turn_and_says_so() -> None:
    d = dh_match("turns: [turn-01.yaml]\n")
    a_turn(d, 1)
    before = (d / "match.yaml").read_bytes()
    for lang, words in (("en", "warning: m/turn-1.yaml is not added to 'turns:' in m/match.yaml: turn 1 is "
                               "turn-01.yaml there, which is what resolve reads"),
                        ("ja", "警告：m/turn-1.yamlはm/match.yamlの 'turns:' に加えていません。そこでは1ターン目は"
                               "turn-01.yamlで、resolve が読むのはそちらです")):
        r = run("import", "dh", POST, "-o", d / "turn-1.yaml", "--lang", lang)
        assert r.exit_code == 0
        assert r.stderr.splitlines()[-1] == words
    assert (d / "match.yaml").read_bytes() == before


def test_import_o_outside_the_match_folder_is_not_listed() -> None:
    d = dh_match("turns: []\n")
    before = (d / "match.yaml").read_bytes()
    r = run("import", "dh", POST, "-o", "turn-01.yaml", "--match", d / "match.yaml", "--lang", "en")
    assert r.exit_code == 0
    assert r.stderr.splitlines()[-1] == ("warning: turn-01.yaml is not added to 'turns:' in m/match.yaml: it lies "
                                         "outside the match's folder (keep turn files in it)")
    assert (d / "match.yaml").read_bytes() == before


def test_import_o_leaves_a_turns_list_it_cannot_edit_to_the_gk() -> None:
    d = dh_match("turns: &listed []\n")
    before = (d / "match.yaml").read_bytes()
    r = imported(d, "turn-01.yaml")
    assert r.stderr.splitlines()[-1] == ("warning: could not add m/turn-01.yaml to 'turns:' in m/match.yaml "
                                         "(written in a way dhproc does not edit): add it by hand")
    assert (d / "match.yaml").read_bytes() == before
    assert (d / "turn-01.yaml").exists()
    # read all the same, as a turn-NN.yaml beside the match
    assert [t.number for t in api.load(d / "match.yaml").turns] == [1]


def test_import_o_into_a_subfolder_lists_the_path_from_the_match() -> None:
    d = dh_match("turns: []\n")
    (d / "turns").mkdir()
    r = run("import", "dh", POST, "-o", d / "turns" / "turn-01.yaml", "--match", d / "match.yaml", "--lang", "en")
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines()[-1] == "added turns/turn-01.yaml to 'turns:' in m/match.yaml"
    assert "turns: [turns/turn-01.yaml]\n" in (d / "match.yaml").read_text(encoding="utf-8")
    assert [t.number for t in api.load(d / "match.yaml").turns] == [1]
