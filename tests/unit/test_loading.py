"""The YAML loader (dhproc.documents.loading) and the file/include rules of dhproc.api.load.

DESIGN.md §3 (files, includes, YAML rules) and §8 (limits and safety). Every complaint is an
InputError whose problems carry file, line and column; the tests assert them exactly, computing
the expected position from the text they wrote (`_at`), so a problem located one character off
fails.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from dhproc import api
from dhproc.errors import InputError, Problem
from dhproc.documents.loading import MAX_ALIASES, MAX_BYTES, MAX_DEPTH, load_bytes, load_file
from dhproc.inputs import assembly

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "dh"


# --------------------------------------------------------------------------- helpers

def _at(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based (line, column) of the ``occurrence``-th ``needle`` in ``text`` (columns in characters)."""
    idx = -1
    for _ in range(occurrence):
        idx = text.index(needle, idx + 1)
    line = text.count("\n", 0, idx) + 1
    col = idx - (text.rfind("\n", 0, idx) + 1) + 1
    return line, col


def _load_text(tmp_path: Path, text: str, name: str = "doc.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return load_file(p)


def _problems(exc_info) -> list[Problem]:
    return list(exc_info.value.problems)


def _one(exc_info) -> Problem:
    problems = _problems(exc_info)
    assert len(problems) == 1, [p.format() for p in problems]
    return problems[0]


def _copy_example(dest: Path) -> Path:
    shutil.copytree(EXAMPLE, dest)
    return dest


MATCH = """\
dhproc: 1
ruleset: dh
title: 小さな対戦
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

TURN = """\
dhproc: 1
match: {match}
turn: {turn}
submissions:
  a: []
  b: []
"""


# --------------------------------------------------------------------------- YAML 1.1 surprises off

def test_yes_date_and_leading_zero_stay_what_was_written(tmp_path):
    doc = _load_text(tmp_path, "name: yes\ntitle: 2024-06-11\nseed: 010\n")
    assert doc.data == {"name": "yes", "title": "2024-06-11", "seed": 10}
    assert type(doc.data["seed"]) is int


@pytest.mark.parametrize("word", ["yes", "no", "on", "off", "y", "n", "Yes", "NO", "On", "OFF"])
def test_yaml11_booleans_are_strings(tmp_path, word):
    assert _load_text(tmp_path, f"v: {word}\n").data == {"v": word}


@pytest.mark.parametrize("text,value", [
    ("true", True), ("false", False), ("True", True), ("FALSE", False),
    ("~", None), ("null", None), ("", None),
    ("010", 10), ("007", 7), ("-3", -3), ("+4", 4), ("0x1F", 31), ("0o17", 15),
    ("1:30", "1:30"), ("1_000", "1_000"), ("0b101", "0b101"),
    ("2024-06-11", "2024-06-11"), ("2024-06-11T10:00:00Z", "2024-06-11T10:00:00Z"),
    ("1.5", 1.5), ("Ｂ４", "Ｂ４"), ("'yes'", "yes"), ('"010"', "010"),
])
def test_scalar_resolution(tmp_path, text, value):
    got = _load_text(tmp_path, f"v: {text}\n").data["v"]
    assert got == value
    assert type(got) is type(value)


def test_explicit_timestamp_tag_is_refused_located(tmp_path):
    """A date is text in dhproc's files; an explicit !!timestamp asks for a date, which JSON has
    no form for: refused where it is written (it was once read as its text)."""
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, "v: !!timestamp 2024-06-11\n")
    p = _one(e)
    assert (p.line, p.col) == (1, 4)
    assert "!!timestamp" in p.message


def test_surprises_off_through_a_whole_match(tmp_path):
    text = (MATCH.replace("title: 小さな対戦", "title: 2024-06-11")
            .replace("seed: 7", "seed: 010")
            .replace("{name: 鈴木一郎,", "{name: yes,"))
    (tmp_path / "match.yaml").write_text(text, encoding="utf-8")
    log = api.resolve(api.load(tmp_path / "match.yaml"))
    assert log["title"] == "2024-06-11"
    assert log["seed"] == 10 and type(log["seed"]) is int
    assert log["state"]["characters"]["suzuki"]["name"] == "yes"
    assert log["input"]["match"]["title"] == "2024-06-11"


def test_python_tags_are_refused(tmp_path):
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, "v: !!python/object/apply:os.system ['echo hi']\n")
    p = _one(e)
    assert (p.line, p.col) == (1, 4)
    assert "!!python/object/apply:os.system" in p.message


# --------------------------------------------------------------------------- syntax and duplicate keys

def test_syntax_error_is_located(tmp_path):
    text = "dhproc: 1\nruleset: dh\ntitle: a: b\nseed: 1\n"
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, text, "broken.yaml")
    p = _one(e)
    assert (p.line, p.col) == (3, 9)
    # libyaml and the pure-Python parser word it differently; the position is what matters
    assert p.message in ("YAML syntax error: mapping values are not allowed in this context",
                         "YAML syntax error: mapping values are not allowed here")


def test_unclosed_flow_sequence_is_located(tmp_path):
    text = "dhproc: 1\nruleset: dh\nseed: [1, 2\ntitle: x\n"
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, text)
    p = _one(e)
    assert (p.line, p.col) == (4, 6)
    assert p.message.startswith("YAML syntax error:")


def test_duplicate_key_is_an_error_at_the_second_key(tmp_path):
    text = "dhproc: 1\nruleset: dh\nseed: 1\nseed: 2\n"
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, text)
    p = _one(e)
    assert (p.line, p.col) == (4, 1)
    assert p.message == "duplicate key 'seed' (first at line 3)"


def test_duplicate_key_deep_inside_is_found(tmp_path):
    text = MATCH.replace("hp: 5, spirit: 5, fs: 5, at: Ｂ３}", "hp: 5, spirit: 5, fs: 5, at: Ｂ３, hp: 9}")
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, text)
    p = _one(e)
    assert (p.line, p.col) == _at(text, "hp: 9")
    assert p.message == "duplicate key 'hp' (first at line 12)"


def test_every_duplicate_key_is_listed(tmp_path):
    text = "a: 1\na: 2\nb: {x: 1, x: 2}\n"
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, text)
    got = [(p.line, p.col, p.message) for p in _problems(e)]
    assert got == [(2, 1, "duplicate key 'a' (first at line 1)"),
                   (3, 11, "duplicate key 'x' (first at line 3)")]


def test_quoted_and_plain_spellings_of_one_key_are_duplicates(tmp_path):
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, 'seed: 1\n"seed": 2\n')
    assert _one(e).line == 2


@pytest.mark.parametrize("text", ["a: {1: x, 01: y}\n", "a: {true: x, True: y}\n", "a: {~: x, null: y}\n"])
def test_one_key_spelled_two_ways_never_silently_wins(tmp_path, text):
    # the same key written twice in different spellings: an error (duplicate, or a key that is
    # not text), never the later value silently winning
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, text)
    problems = _problems(e)
    assert problems and all(p.line == 1 and p.col is not None for p in problems)


# --------------------------------------------------------------------------- limits (§8)

def _aliases(n: int) -> str:
    return "base: &b [1]\nuses:\n" + "".join("  - *b\n" for _ in range(n))


def test_up_to_the_alias_limit_is_accepted(tmp_path):
    doc = _load_text(tmp_path, _aliases(MAX_ALIASES))
    assert len(doc.data["uses"]) == MAX_ALIASES


def test_one_alias_over_the_limit_is_refused_at_that_alias(tmp_path):
    text = _aliases(MAX_ALIASES + 1)
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, text)
    p = _one(e)
    assert (p.line, p.col) == (3 + MAX_ALIASES, 5)
    assert f"more than {MAX_ALIASES} aliases" in p.message
    assert "alias bomb" in p.message


def test_billion_laughs_with_many_aliases_is_refused(tmp_path):
    lines = ['lol0: &lol0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 12):
        lines.append(f"lol{i}: &lol{i} [" + ", ".join([f"*lol{i - 1}"] * 10) + "]")
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, "\n".join(lines) + "\n")
    assert "aliases" in _one(e).message


def _nested(depth: int) -> str:
    # the top mapping is level 1; each '[' adds one
    return "x: " + "[" * (depth - 1) + "]" * (depth - 1) + "\n"


def test_nesting_at_the_limit_is_accepted(tmp_path):
    doc = _load_text(tmp_path, _nested(MAX_DEPTH))
    node, depth = doc.data["x"], 2
    while node:
        node, depth = node[0], depth + 1
    assert depth == MAX_DEPTH


def test_nesting_deeper_than_64_is_refused_at_the_65th_level(tmp_path):
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, _nested(MAX_DEPTH + 1))
    p = _one(e)
    assert (p.line, p.col) == (1, 4 + MAX_DEPTH - 1)
    assert p.message == f"nesting deeper than {MAX_DEPTH} levels"


def test_very_deep_nesting_does_not_crash(tmp_path):
    with pytest.raises(InputError) as e:
        _load_text(tmp_path, "x: " + "[" * 100_000 + "\n")
    p = _one(e)
    assert p.line == 1 and p.col is not None
    assert "nesting" in p.message


def test_a_6_mib_file_is_refused_without_being_parsed(tmp_path):
    p = tmp_path / "big.yaml"
    p.write_bytes(b"# padding\n" + b"a: [" * 10 + b"x" * (6 * 1024 * 1024))  # broken YAML too
    with pytest.raises(InputError) as e:
        load_file(p)
    prob = _one(e)
    assert (prob.line, prob.col) == (1, 1)  # a whole-file problem is at the start of the file
    assert prob.message == "file is 6.0 MiB; dhproc reads at most 5.0 MiB"


def test_one_byte_over_5_mib_is_refused_and_5_mib_is_read(tmp_path):
    ok = tmp_path / "ok.yaml"
    body = b"a: 1\n#"
    ok.write_bytes(body + b"x" * (MAX_BYTES - len(body)))
    assert ok.stat().st_size == MAX_BYTES
    assert load_file(ok).data == {"a": 1}
    over = tmp_path / "over.yaml"
    over.write_bytes(ok.read_bytes() + b"x")
    with pytest.raises(InputError) as e:
        load_file(over)
    assert "dhproc reads at most 5.0 MiB" in _one(e).message


def test_non_utf8_is_refused_at_the_first_bad_byte(tmp_path):
    p = tmp_path / "latin1.yaml"
    p.write_bytes("dhproc: 1\ntitle: café\n".encode("latin-1"))
    with pytest.raises(InputError) as e:
        load_file(p)
    prob = _one(e)
    assert (prob.line, prob.col, prob.message) == (2, 11, "not UTF-8 text")


def test_utf8_bom_is_accepted(tmp_path):
    p = tmp_path / "bom.yaml"
    p.write_bytes("\ufefftitle: 第1戦\n".encode("utf-8"))
    assert load_file(p).data == {"title": "第1戦"}


def test_control_character_is_located(tmp_path):
    p = tmp_path / "ctl.yaml"
    p.write_bytes(b"dhproc: 1\nruleset: dh\ntitle: a\x01b\nseed: 1\n")
    with pytest.raises(InputError) as e:
        load_file(p)
    prob = _one(e)
    assert (prob.line, prob.col) == (3, 9)


def test_missing_file(tmp_path):
    with pytest.raises(InputError) as e:
        load_file(tmp_path / "nope.yaml")
    assert _one(e).message == "no such file"


def test_a_folder_is_not_a_file(tmp_path):
    with pytest.raises(InputError) as e:
        load_file(tmp_path)
    assert _one(e).message == "not a file"


def test_empty_file_loads_as_nothing(tmp_path):
    assert _load_text(tmp_path, "").data is None
    with pytest.raises(InputError) as e:
        api.load(tmp_path / "doc.yaml")
    assert "expected a mapping" in _one(e).message


# --------------------------------------------------------------------------- line marks

def test_locate_value_and_key_and_missing_paths(tmp_path):
    text = "a:\n  b: [10, 20]\n  c: {d: x}\n"
    doc = _load_text(tmp_path, text)
    assert doc.locate(("a", "b", 1)) == _at(text, "20")
    assert doc.locate(("a", "c", "d")) == _at(text, "x}")
    assert doc.locate(("a", "c"), key=True) == _at(text, "c:")
    # a missing key is reported at the deepest node that exists
    assert doc.locate(("a", "c", "nope")) == _at(text, "{d")
    assert doc.locate(("a", "b", 7)) == _at(text, "[10")


def test_load_bytes_names_the_file_as_given(tmp_path):
    with pytest.raises(InputError) as e:
        load_bytes(b"a: 1\na: 2\n", tmp_path / "x.yaml", "shown-name.yaml")
    assert _one(e).format() == "shown-name.yaml:2:1: duplicate key 'a' (first at line 1)"


def test_relative_names_are_kept_as_typed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "d.yaml").write_text("a: 1\na: 2\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_file("sub/d.yaml")
    assert _one(e).file == "sub/d.yaml"


# --------------------------------------------------------------------------- includes and folder tree

def test_turn_may_live_in_a_subfolder_of_its_match(tmp_path):
    (tmp_path / "match.yaml").write_text(MATCH, encoding="utf-8")
    (tmp_path / "turns").mkdir()
    t = tmp_path / "turns" / "t1.yaml"
    t.write_text(TURN.format(match="../match.yaml", turn=1), encoding="utf-8")
    match = api.load(t)
    assert [x.number for x in match.turns] == [1]


def test_turn_naming_a_match_outside_its_tree_is_refused_before_the_match_is_read(tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "match.yaml").write_text(MATCH, encoding="utf-8")
    (tmp_path / "a" / "b").mkdir(parents=True)
    text = TURN.format(match="../../elsewhere/match.yaml", turn=1)
    t = tmp_path / "a" / "b" / "t.yaml"
    t.write_text(text, encoding="utf-8")

    read: list[Path] = []
    real_load_file = assembly.load_file

    def spy(path, *args, **kwargs):
        read.append(Path(path).resolve())
        return real_load_file(path, *args, **kwargs)

    monkeypatch.setattr(assembly, "load_file", spy)
    with pytest.raises(InputError) as e:
        api.load(t)
    p = _one(e)
    assert (p.line, p.col) == _at(text, "../../elsewhere")
    assert p.path == ("match",)
    assert "outside this turn's folder tree" in p.message
    assert (elsewhere / "match.yaml").resolve() not in read
    assert read == [t.resolve()]


def test_match_turns_entry_outside_the_match_folder_is_refused(tmp_path, monkeypatch):
    m = tmp_path / "m"
    m.mkdir()
    (tmp_path / "t1.yaml").write_text(TURN.format(match="m/match.yaml", turn=1), encoding="utf-8")
    text = MATCH + "turns: [../t1.yaml]\n"
    (m / "match.yaml").write_text(text, encoding="utf-8")
    read: list[Path] = []
    real_load_file = assembly.load_file
    monkeypatch.setattr(assembly, "load_file",
                        lambda path, *a, **k: (read.append(Path(path).resolve()), real_load_file(path, *a, **k))[1])
    with pytest.raises(InputError) as e:
        api.load(m / "match.yaml")
    p = _one(e)
    assert (p.line, p.col) == _at(text, "../t1.yaml")
    assert p.path == ("turns", 0)
    assert p.message == "turn file '../t1.yaml' is outside the match folder"
    assert (tmp_path / "t1.yaml").resolve() not in read


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")
def test_match_turns_entry_through_a_symlink_leading_outside_is_refused(tmp_path):
    m = tmp_path / "m"
    m.mkdir()
    (tmp_path / "secret.yaml").write_text(TURN.format(match="m/match.yaml", turn=1), encoding="utf-8")
    os.symlink(tmp_path / "secret.yaml", m / "t1.yaml")
    (m / "match.yaml").write_text(MATCH + "turns: [t1.yaml]\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        api.load(m / "match.yaml")
    assert "outside the match folder" in _one(e).message


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")
def test_sibling_symlink_leading_outside_is_not_read(tmp_path):
    m = tmp_path / "m"
    m.mkdir()
    (m / "match.yaml").write_text(MATCH, encoding="utf-8")
    (m / "turn-01.yaml").write_text(TURN.format(match="match.yaml", turn=1), encoding="utf-8")
    # outside the tree: a second "turn 1" that would clash if it were read
    (tmp_path / "outside.yaml").write_text(TURN.format(match="match.yaml", turn=1), encoding="utf-8")
    os.symlink(tmp_path / "outside.yaml", m / "zz-link.yaml")
    try:
        match = api.load(m / "turn-01.yaml")
    except InputError as exc:
        assert all("outside" in p.message for p in exc.problems), exc
    else:
        assert [t.number for t in match.turns] == [1]


def test_turn_listed_by_a_match_must_name_that_match(tmp_path):
    (tmp_path / "match.yaml").write_text(MATCH + "turns: [t1.yaml]\n", encoding="utf-8")
    (tmp_path / "other.yaml").write_text(MATCH, encoding="utf-8")
    text = TURN.format(match="other.yaml", turn=1)
    (tmp_path / "t1.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        api.load(tmp_path / "match.yaml")
    p = _one(e)
    assert p.file.endswith("t1.yaml")
    assert (p.line, p.col) == _at(text, "other.yaml")
    assert "not the match that lists it" in p.message


def test_turn_listed_twice(tmp_path):
    text = MATCH + "turns: [t1.yaml, t1.yaml]\n"
    (tmp_path / "match.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "t1.yaml").write_text(TURN.format(match="match.yaml", turn=1), encoding="utf-8")
    with pytest.raises(InputError) as e:
        api.load(tmp_path / "match.yaml")
    p = _one(e)
    assert (p.line, p.col) == _at(text, "t1.yaml", 2)
    assert p.message == "turn file 't1.yaml' is listed twice"


def test_turn_whose_match_is_missing(tmp_path):
    text = TURN.format(match="nope.yaml", turn=1)
    (tmp_path / "t1.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        api.load(tmp_path / "t1.yaml")
    p = _one(e)
    assert (p.line, p.col) == _at(text, "nope.yaml")
    assert p.message == "cannot load match 'nope.yaml': no such file"


def test_turn_whose_match_is_not_a_match(tmp_path):
    (tmp_path / "notes.yaml").write_text("a: 1\n", encoding="utf-8")
    text = TURN.format(match="notes.yaml", turn=1)
    (tmp_path / "t1.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        api.load(tmp_path / "t1.yaml")
    p = _one(e)
    assert (p.line, p.col) == _at(text, "notes.yaml")
    assert p.message == "'notes.yaml' is not a match file"


def test_unlisted_sibling_turns_of_the_same_match_are_picked_up(tmp_path):
    d = _copy_example(tmp_path / "dh")
    m = d / "match.yaml"
    m.write_text(m.read_text(encoding="utf-8").replace(
        "turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns: [turn-01.yaml]"), encoding="utf-8")
    match = api.load(d / "turn-03.yaml")
    assert [t.number for t in match.turns] == [1, 2, 3]
    assert match.report_turns == [3]
    # the match itself reads them by the same rule, every one reported
    whole = api.load(m)
    assert [t.number for t in whole.turns] == [1, 2, 3]
    assert whole.report_turns == [1, 2, 3]
    assert [t.number for t in api.load(d).turns] == [1, 2, 3]


def test_sibling_turns_of_another_match_are_ignored(tmp_path):
    d = _copy_example(tmp_path / "dh")
    (d / "other.yaml").write_text(MATCH, encoding="utf-8")
    # another match's turn 1 and 2 in the same folder: would clash if they were taken
    (d / "other-01.yaml").write_text(TURN.format(match="other.yaml", turn=1), encoding="utf-8")
    (d / "other-02.yaml").write_text(TURN.format(match="other.yaml", turn=2), encoding="utf-8")
    (d / "notes.yaml").write_text("remarks: none\n", encoding="utf-8")
    match = api.load(d / "turn-02.yaml")
    assert [t.number for t in match.turns] == [1, 2]
    assert all(t.anchor.doc.path.name.startswith("turn-") for t in match.turns)


def test_later_turns_are_dropped_in_turn_file_mode(tmp_path):
    d = _copy_example(tmp_path / "dh")
    match = api.load(d / "turn-02.yaml")
    assert [t.number for t in match.turns] == [1, 2]
    assert match.report_turns == [2]
    assert api.load(d / "turn-02.yaml", all_turns=True).report_turns == [1, 2]


def test_a_later_draft_turn_does_not_block_an_earlier_one(tmp_path):
    d = _copy_example(tmp_path / "dh")
    t3 = d / "turn-03.yaml"
    t3.write_text(t3.read_text(encoding="utf-8").replace("{who: kimura, attack: kaicho}",
                                                         "{who: kimuraa, attack: kaicho}"), encoding="utf-8")
    match = api.load(d / "turn-02.yaml")
    assert [t.number for t in match.turns] == [1, 2]


def test_inline_turns_problems_are_located_in_the_match(tmp_path):
    text = MATCH + "turns:\n  - turn: 1\n    submissions:\n      b:\n        - {who: nobody}\n"
    (tmp_path / "match.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        api.load(tmp_path / "match.yaml")
    p = _one(e)
    assert (p.line, p.col) == _at(text, "nobody")
    assert p.path == ("turns", 0, "submissions", "b", 0, "who")
    assert p.message == "unknown character 'nobody'"


def test_inline_turn_may_not_carry_an_envelope(tmp_path):
    text = MATCH + "turns:\n  - {turn: 1, match: match.yaml, submissions: {}}\n"
    (tmp_path / "match.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        api.load(tmp_path / "match.yaml")
    p = _one(e)
    assert (p.line, p.col) == _at(text, "match: match")
    assert p.message.startswith("unknown key 'match'")


def test_not_a_dhproc_file(tmp_path):
    (tmp_path / "x.yaml").write_text("hello: world\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        api.load(tmp_path / "x.yaml")
    p = _one(e)
    assert (p.line, p.col) == (1, 1)
    assert "not a dhproc file" in p.message


def test_problems_of_several_turn_files_are_all_reported(tmp_path):
    d = _copy_example(tmp_path / "dh")
    for name, old, new in (("turn-01.yaml", "{who: tanaka, to: Ｄ４}", "{who: tanaka, to: Ｄ４, jump: 1}"),
                           ("turn-03.yaml", "{who: gou, attack: sato}", "{who: gou, attack: sato, hop: 2}")):
        f = d / name
        f.write_text(f.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    with pytest.raises(InputError) as e:
        api.load(d / "match.yaml")
    got = sorted((Path(p.file).name, p.message.split(" (")[0]) for p in _problems(e))
    assert got == [("turn-01.yaml", "unknown key 'jump'"), ("turn-03.yaml", "unknown key 'hop'")]
