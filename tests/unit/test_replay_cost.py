"""Replaying a log reads it with the json module alone: the log's YAML node tree (composing a
whole log as YAML costs more than the replay) is made only to locate a problem or a renaming."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dhproc import api

ROOT = Path(__file__).resolve().parents[2]


def _log_file(tmp_path: Path, example: str) -> Path:
    path = tmp_path / "log.json"
    path.write_text(api.dumps(api.resolve(api.load(ROOT / "examples" / example / "match.yaml"))), encoding="utf-8")
    return path


def test_a_log_dhproc_wrote_replays_without_its_node_tree(tmp_path: Path) -> None:
    for example in ("dh/abilities", "logos", "count", "nicosw", "kagemiya"):
        doc, _ = api.load_log(_log_file(tmp_path, example))
        api.match_from_log(doc)
        assert not doc.composed, example


def test_a_hand_written_alias_in_a_log_is_still_read(tmp_path: Path) -> None:
    """A log whose input a GK edited with a display name where an id stands: the renaming needs the
    tree, and the replayed input keeps the id."""
    path = _log_file(tmp_path, "dh")
    log = json.loads(path.read_text(encoding="utf-8"))
    first = log["input"]["turns"][0]["submissions"]["bancho"][0]
    assert first["who"] == "suzuki"
    first["who"] = "鈴木一郎"
    path.write_text(json.dumps(log, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    doc, _ = api.load_log(path)
    match = api.match_from_log(doc)
    assert doc.composed
    assert match.turns[0].data["submissions"]["bancho"][0]["who"] == "suzuki"


def _schemas_checked(monkeypatch) -> list[str]:
    from dhproc.inputs import validation

    checked: list[str] = []
    real = validation.validate

    def counting(data, name, anchor, **how):
        checked.append(name)
        return real(data, name, anchor, **how)

    from dhproc import logs
    from dhproc.inputs import assembly

    monkeypatch.setattr(logs, "validate", counting)  # the log's own schema
    monkeypatch.setattr(assembly, "validate", counting)  # the match in its input
    return checked


def test_a_log_that_replays_to_its_bytes_is_not_checked_against_the_log_schema(tmp_path: Path, monkeypatch) -> None:
    """Only those bytes pass the short way, and dhproc writes only logs its schema accepts; the
    match in the log's input is still checked as any resolution checks it."""
    path = _log_file(tmp_path, "dh/abilities")
    checked = _schemas_checked(monkeypatch)
    assert api.replay(path) is None
    assert "log" not in checked
    assert "match" in checked


def test_a_log_that_differs_is_read_and_reported_the_long_way(tmp_path: Path, monkeypatch) -> None:
    path = _log_file(tmp_path, "dh")
    log = json.loads(path.read_text(encoding="utf-8"))
    log["turns"][0]["events"][1]["seq"] = 99
    path.write_text(api.dumps(log), encoding="utf-8")
    checked = _schemas_checked(monkeypatch)
    found = api.replay(path)
    assert found is not None and found.recorded["seq"] == 99 and found.replayed["seq"] == 2
    assert "log" in checked


def test_digits_in_a_text_take_the_short_way_and_a_number_too_long_is_refused_as_ever(tmp_path: Path,
                                                                                     monkeypatch) -> None:
    """A number longer than MAX_INT_DIGITS is refused where it is written, the short way or not;
    the same digits in a title are text, and the log replays the short way."""
    from dhproc.errors import InputError

    source = (ROOT / "examples" / "dh" / "match.yaml").read_text(encoding="utf-8")
    match = api.loads(source.replace("title: ", "title: 1" + "0" * 45 + " ", 1), base=ROOT / "examples" / "dh")
    path = tmp_path / "log.json"
    path.write_text(api.dumps(api.resolve(match)), encoding="utf-8")
    checked = _schemas_checked(monkeypatch)
    assert api.replay(path) is None
    assert "log" not in checked
    text = path.read_text(encoding="utf-8")
    seed = re.search(r'\n  "seed": (\d+),\n', text)
    path.write_text(text[:seed.end(1)] + "0" * 45 + text[seed.end(1):], encoding="utf-8")
    with pytest.raises(InputError) as refused:
        api.replay(path)
    assert refused.value.problems[0].line == text[:seed.start(1)].count("\n") + 1


def test_nesting_is_read_from_the_layout_and_walked_only_near_the_limit() -> None:
    from dhproc.documents.jsontext import indented
    from dhproc.documents.loading import MAX_DEPTH, nests_within_limit

    def depth(value) -> int:
        inner = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
        return 0 if inner is None else 1 + max((depth(v) for v in inner), default=0)

    def nested(levels: int) -> list:
        value: list = []
        for _ in range(levels - 1):
            value = [value]
        return value

    for levels in (1, 2, MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 5):
        for data in (nested(levels), {"x": nested(levels)}, [[nested(levels), 1]], {"a": {"b": nested(levels)}}):
            text = indented(data).encode("utf-8")
            assert nests_within_limit(text, data) == (depth(data) <= MAX_DEPTH), (levels, depth(data))


def test_a_log_without_long_digits_is_read_by_the_c_parser_alone(tmp_path: Path, monkeypatch) -> None:
    """Each number is read by json's C parser; only bytes holding a run of digits longer than
    MAX_INT_DIGITS have each number counted by Python (and refused if it is that long)."""
    from dhproc.documents import loading

    counted: list[str] = []
    real = loading._json_int
    monkeypatch.setattr(loading, "_json_int", lambda text: counted.append(text) or real(text))
    path = _log_file(tmp_path, "dh/abilities")
    doc, raw = loading.read_plain_json(path, loading.MAX_LOG_BYTES)
    assert doc.data == json.loads(raw) and counted == []
    text = path.read_text(encoding="utf-8").replace('"title": "', '"title": "' + "1" * (loading.MAX_INT_DIGITS + 1), 1)
    path.write_text(text, encoding="utf-8")
    doc, _ = loading.read_plain_json(path, loading.MAX_LOG_BYTES)
    assert doc.data["title"].startswith("1" * (loading.MAX_INT_DIGITS + 1)) and counted


def test_a_name_a_submission_gives_is_looked_up_not_folded_against_every_name(monkeypatch) -> None:
    """A NameIndex folds its names once; resolving an exact name folds only the text given, and
    the index follows a change of its names."""
    from dhproc.words import names as names_module

    index = names_module.NameIndex({f"c{i}": f"キャラ{i}" for i in range(20)})
    assert index.resolve("c3").id == "c3"  # the names are folded here, once
    folded: list[str] = []
    real = names_module.fold
    monkeypatch.setattr(names_module, "fold", lambda text: folded.append(text) or real(text))
    for i in range(20):
        assert index.resolve(f"キャラ{i}") == names_module.Found(f"c{i}", "exact")
        assert index.resolve(f"ｃ{i}").id == f"c{i}"
    assert len(folded) == 40
    index.names["c99"] = "キャラ3"
    assert index.resolve("キャラ3").how == "ambiguous"
    del index.names["c99"]
    assert index.resolve("キャラ3").id == "c3"


def _checks_by_schema(monkeypatch) -> list[str]:
    from dhproc.inputs import fastcheck, validation
    from dhproc.inputs.recurring import KeptByContent

    asked: list[str] = []
    real = fastcheck.certainly_valid
    names = {id(validation.schema(n)): n for n in ("dh.setup", "dh.submissions", "match", "turn-inline")}

    def counting(schema, data):
        asked.append(names.get(id(schema), "other"))
        return real(schema, data)

    monkeypatch.setattr(fastcheck, "certainly_valid", counting)
    monkeypatch.setattr(validation, "_KNOWN_VALID", KeptByContent())
    return asked


def test_a_setup_met_again_in_a_batch_is_checked_once(tmp_path: Path, monkeypatch) -> None:
    """The logs of one match (other seeds) hold the same setup, turns and submissions: each is
    checked against its schema once in a batch; the match (its seed) each time."""
    match = api.load(ROOT / "examples" / "dh" / "abilities" / "match.yaml")
    paths = []
    for seed in (1, 2, 3):
        paths.append(tmp_path / f"log-{seed}.json")
        paths[-1].write_text(api.dumps(api.resolve(match, seed=seed)), encoding="utf-8")
    asked = _checks_by_schema(monkeypatch)
    assert [api.replay(p) for p in paths] == [None, None, None]
    turns = len(match.turns)
    assert asked.count("dh.setup") == 1 and asked.count("dh.submissions") == turns
    assert asked.count("match") == 3 and asked.count("turn-inline") == turns


def test_the_logs_of_one_match_have_their_setup_parsed_once(tmp_path: Path, monkeypatch) -> None:
    """dh keeps what a setup reads as by the setup itself: a batch gives the logs of one match
    the setup it first read, so it is parsed once; an edited setup is parsed (and refused) as
    when it is replayed alone, and a kept setup that no longer equals its content is not given."""
    from dhproc.inputs import assembly
    from dhproc.inputs.recurring import KeptByContent
    from dhproc.rulesets import dh

    monkeypatch.setattr(assembly, "_SETUPS", KeptByContent(8))
    monkeypatch.setattr(dh, "_parsed", dh.PerSetup(dh._parse))
    parsed: list[int] = []
    real = dh._parsed._parse
    monkeypatch.setattr(dh._parsed, "_parse", lambda setup: parsed.append(id(setup)) or real(setup))
    match = api.load(ROOT / "examples" / "dh" / "abilities" / "match.yaml")
    paths = []
    for seed in (1, 2, 3):
        paths.append(tmp_path / f"log-{seed}.json")
        paths[-1].write_text(api.dumps(api.resolve(match, seed=seed)), encoding="utf-8")
    parsed.clear()
    assert [api.replay(p) for p in paths] == [None, None, None]
    assert len(parsed) == 1
    for kept in list(assembly._SETUPS._kept.values()):
        kept["first"] = "changed in place"
    assert api.replay(paths[0]) is None
    assert len(parsed) == 2
    edited = json.loads(paths[1].read_text(encoding="utf-8"))
    first = next(iter(edited["input"]["match"]["setup"]["characters"].values()))
    first["hp"] += 1
    paths[1].write_text(json.dumps(edited, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    in_the_batch = api.replay(paths[1])
    assert len(parsed) > 2  # read afresh: another content
    monkeypatch.setattr(assembly, "_SETUPS", KeptByContent(8))
    alone = api.replay(paths[1])
    assert in_the_batch is not None and in_the_batch.format() == alone.format()


def test_the_submissions_of_a_batch_are_probed_for_aliases_once(tmp_path: Path, monkeypatch) -> None:
    """Whether the aliases rename anything in a turn's submissions is worked out once for the
    same submissions and setup; a display name typed in one log is still renamed there."""
    from dhproc.inputs import assembly
    from dhproc.inputs.recurring import KeptByContent
    from dhproc.words import aliases

    monkeypatch.setattr(assembly, "_RENAMED", KeptByContent())
    probes: list[int] = []
    real = aliases.apply_aliases
    match = api.load(ROOT / "examples" / "dh" / "match.yaml")
    monkeypatch.setattr(aliases, "apply_aliases", lambda data, node, *rest: probes.append(node) or real(data, node, *rest))
    for seed in (1, 2, 3):
        path = tmp_path / f"log-{seed}.json"
        path.write_text(api.dumps(api.resolve(match, seed=seed)), encoding="utf-8")
        assert api.replay(path) is None
    assert probes == [None] * len(match.turns)  # one probe (no node tree) for each turn, in the first log
    log = json.loads(path.read_text(encoding="utf-8"))
    log["input"]["turns"][0]["submissions"]["bancho"][0]["who"] = "鈴木一郎"
    path.write_text(json.dumps(log, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    doc, _ = api.load_log(path)
    assert api.match_from_log(doc).turns[0].data["submissions"]["bancho"][0]["who"] == "suzuki"
    assert doc.composed


def test_a_setup_is_known_valid_by_its_exact_content(monkeypatch) -> None:
    """An integer stat known valid says nothing of the same stat as 6.0, true or "6"."""
    from dhproc.documents.loading import Anchor, load_file
    from dhproc.inputs.recurring import content
    from dhproc.inputs.validation import validate

    _checks_by_schema(monkeypatch)
    doc = load_file(ROOT / "examples" / "dh" / "abilities" / "match.yaml")
    anchor = Anchor(doc)
    setup = doc.data["setup"]
    who = next(iter(setup["characters"]))
    assert validate(setup, "dh.setup", anchor, known_as=content(setup)) == []
    stat = setup["characters"][who]["attack"]
    for other in (float(stat), True, str(stat)):
        setup["characters"][who]["attack"] = other
        problems = validate(setup, "dh.setup", anchor, known_as=content(setup))
        assert problems and problems[0].path[-1] == "attack", other
    setup["characters"][who]["attack"] = stat
    assert validate(setup, "dh.setup", anchor, known_as=content(setup)) == []


def test_an_edited_setup_later_in_a_batch_is_refused_as_alone(tmp_path: Path, monkeypatch) -> None:
    """Replay is a verification: a log whose setup was edited to something invalid is refused
    with the same located problem after the same match's good logs as when replayed alone."""
    from click.testing import CliRunner

    from dhproc.cli import cli

    monkeypatch.chdir(tmp_path)
    good = _log_file(tmp_path, "dh/abilities")
    log = json.loads(good.read_text(encoding="utf-8"))
    who = next(iter(log["input"]["match"]["setup"]["characters"]))
    log["input"]["match"]["setup"]["characters"][who]["attack"] = 6.0
    Path("edited.json").write_text(json.dumps(log, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    _checks_by_schema(monkeypatch)
    alone = CliRunner().invoke(cli, ["replay", "edited.json"])
    batch = CliRunner().invoke(cli, ["replay", "log.json", "edited.json", "log.json"])
    assert alone.exit_code == batch.exit_code == 1
    assert alone.output.startswith("edited.json:") and alone.output in batch.output
    ok, refused, again = batch.output.splitlines()
    assert ok == again and ok.startswith("log.json") and refused + "\n" == alone.output


def test_a_batch_makes_the_roster_of_a_recurring_setup_once(tmp_path: Path, monkeypatch) -> None:
    from dhproc.inputs import assembly
    from dhproc.inputs.recurring import KeptByContent
    from dhproc.words.naming import Roster

    match = api.load(ROOT / "examples" / "dh" / "abilities" / "match.yaml")
    paths = []
    for seed in (1, 2, 3):
        paths.append(tmp_path / f"log-{seed}.json")
        paths[-1].write_text(api.dumps(api.resolve(match, seed=seed)), encoding="utf-8")
    monkeypatch.setattr(assembly, "_ROSTERS", KeptByContent())
    made: list[object] = []
    real = Roster.from_setup.__func__
    monkeypatch.setattr(Roster, "from_setup", classmethod(lambda cls, setup: made.append(setup) or real(cls, setup)))
    assert [api.replay(p) for p in paths] == [None, None, None]
    assert len(made) == 1


def test_a_turn_in_the_log_shares_nothing_with_the_match() -> None:
    """The log's copy of each turn (its dice and submissions) is its own: changing it leaves the
    submissions the rules read, and the match's turns, as they were."""
    match = api.load(ROOT / "examples" / "dh" / "abilities" / "match.yaml")
    before = json.dumps([t.submissions for t in match.turns], ensure_ascii=False)
    recorded = [t.dice for t in match.turns]
    for turn in api.resolve(match)["input"]["turns"]:
        for actions in turn["submissions"].values():
            for action in actions:
                action["who"] = "changed"
        dice = turn.get("dice")
        if dice is not None:
            (dice["faces"] if isinstance(dice, dict) else dice).append(1)
    assert json.dumps([t.submissions for t in match.turns], ensure_ascii=False) == before
    assert [t.dice for t in match.turns] == recorded


def test_a_log_changed_by_a_script_leaves_the_next_resolution_of_its_match_as_it_was() -> None:
    """Each log holds its own copy of the input turns: a script that edits one log (to write a
    continuation, say) does not change the input the next log of the same match records."""
    match = api.load(ROOT / "examples" / "dh" / "match.yaml")
    first = api.resolve(match)
    expected = api.dumps(api.resolve(match))
    first["input"]["turns"][0]["submissions"] = {}
    first["input"]["turns"][0]["turn"] = 99
    assert api.dumps(api.resolve(match)) == expected


def _stdlib_log_text(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


KEPT_LOGS = sorted(p for p in (ROOT / "tests").rglob("*.json") if "regressions" not in p.parts)


def test_a_log_written_from_kept_parts_is_written_alike(monkeypatch) -> None:
    """The replay's text of a log, each part met before taken from what was written then, is
    ``dumps``'s byte for byte: on every JSON file the project keeps, written twice over (the second
    time from kept parts), and on every example's log."""
    from dhproc import replay
    from dhproc.inputs.recurring import KeptByContent

    monkeypatch.setattr(replay, "_TEXTS", KeptByContent(256))
    for path in KEPT_LOGS:
        value = json.loads(path.read_text(encoding="utf-8"))
        for _ in range(2):
            assert replay.log_text(value) == _stdlib_log_text(value), path
    assert len(replay._TEXTS._kept) > 0  # parts were kept and met again
    for example in sorted(ROOT.glob("examples/**/match.yaml")):
        log = api.resolve(api.load(example))
        assert replay.log_text(log) == api.dumps(log), example


def test_a_kept_part_is_known_by_its_exact_content(monkeypatch) -> None:
    """Values Python finds equal and JSON writes apart (1, 1.0, true; a key 1 and a key "1"; the
    order of keys) are each written as themselves, after one another at every kept depth."""
    from dhproc import replay
    from dhproc.inputs.recurring import KeptByContent

    monkeypatch.setattr(replay, "_TEXTS", KeptByContent(256))
    alike = [1, 1.0, True, {"a": 1, "b": 2}, {"b": 2, "a": 1}, {1: "x"}, {"1": "x"}, (1,), [1], -0.0, 0.0, 0]
    for nest in range(5):
        for leaf in alike + alike:
            value: object = leaf
            for _ in range(nest):
                value = {"k": [value, {"flat": 1}]}
            log = {"format": "x", "part": value}
            assert replay.log_text(log) == _stdlib_log_text(log), (nest, leaf)


_scalar = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6)
_value = st.recursive(_scalar, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=4), inner, max_size=4), max_leaves=30)


@settings(max_examples=300)
@given(st.lists(st.dictionaries(st.text(max_size=4), _value, max_size=4), min_size=1, max_size=4))
def test_any_run_of_logs_is_written_alike(logs) -> None:
    from dhproc import replay

    for log in logs + logs:
        assert replay.log_text(log) == _stdlib_log_text(log)


def test_a_file_is_read_in_one_buffer_of_its_size_and_one_that_grew_is_still_refused(tmp_path: Path) -> None:
    """A file is read as its size said, not into a buffer of the whole limit; one that grew past
    the limit since its size was read is still told by the one byte more (file.grew)."""
    import io

    from dhproc.documents.loading import read_up_to

    class Counting(io.BytesIO):
        def __init__(self, data: bytes) -> None:
            super().__init__(data)
            self.asked: list[int] = []

        def read(self, n: int = -1) -> bytes:
            self.asked.append(n)
            return super().read(n)

    data = b"x" * 100
    handle = Counting(data)
    assert read_up_to(handle, 100, 10_000) == data and handle.asked == [101]
    grown = Counting(data + b"y" * 50)
    assert read_up_to(grown, 100, 10_000) == data + b"y" * 50
    assert len(read_up_to(Counting(b"z" * 500), 100, 300)) == 301  # grew past the limit: one byte more
    assert read_up_to(Counting(b"w" * 40), 100, 300) == b"w" * 40  # shrank: what there is


def test_a_documents_content_tells_apart_what_a_schema_does() -> None:
    """Each value JSON or YAML tells apart has its own content, Python's equality
    notwithstanding; a value marshal does not take (a YAML timestamp) is known by its repr."""
    import datetime

    from dhproc.inputs.recurring import content

    apart = [1, 1.0, True, "1", None, 0, 0.0, -0.0, False, "", [1], (1,), {"a": 1}, {1: "a"}, {"1": "a"},
             {"a": 1, "b": 2}, {"b": 2, "a": 1}, [1, [2]], [[1], 2], datetime.date(2024, 1, 1),
             {"when": datetime.date(2024, 1, 1)}, "2024-01-01"]
    contents = [content({"k": [value]}) for value in apart]
    assert None not in contents and len(set(contents)) == len(apart)
    assert content({"k": [1.0]}) == content({"k": [1.0]})  # the same value met again
    assert content([{"a": "x" * 70_000}]) is None  # too large to keep


def test_an_edited_turn_later_in_a_batch_is_refused_as_alone(tmp_path: Path, monkeypatch) -> None:
    """A turn of the input known valid in a batch says nothing of the same turn edited: its
    number as text, or a key the schema does not know, is refused after the good logs as alone."""
    from click.testing import CliRunner

    from dhproc.cli import cli

    monkeypatch.chdir(tmp_path)
    good = _log_file(tmp_path, "dh/abilities")
    for i, edit in enumerate((lambda t: t.__setitem__("turn", str(t["turn"])), lambda t: t.__setitem__("extra", 1))):
        log = json.loads(good.read_text(encoding="utf-8"))
        edit(log["input"]["turns"][0])
        Path(f"edited-{i}.json").write_text(json.dumps(log, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        _checks_by_schema(monkeypatch)
        alone = CliRunner().invoke(cli, ["replay", f"edited-{i}.json"])
        batch = CliRunner().invoke(cli, ["replay", "log.json", f"edited-{i}.json", "log.json"])
        assert alone.exit_code == batch.exit_code == 1
        assert alone.output.startswith(f"edited-{i}.json:") and "turns" in alone.output
        ok, *refused, again = batch.output.splitlines()
        assert ok == again and "\n".join(refused) + "\n" == alone.output


def _reads_back_alike(log) -> bool:
    try:
        return json.loads(_stdlib_log_text(log)) == log
    except ValueError:
        return False


def test_a_log_whose_text_reads_back_otherwise_is_told_at_every_depth(monkeypatch) -> None:
    """The replay reads only the log's envelope and input: the rest is judged by the bytes, and
    the replayed log must also be what its text reads back as. ``text_read_back_alike`` says
    what ``json.loads(text) == log`` says, for a part new or kept, at every depth."""
    from dhproc import replay
    from dhproc.inputs.recurring import KeptByContent

    monkeypatch.setattr(replay, "_TEXTS", KeptByContent(256))
    otherwise = [{1: "x", "1": "x"}, {1: "x"}, (1,), float("nan"), float("inf"), {"a": (1, 2)}, [(), 1]]
    alike = [1, 1.0, True, None, "1", {"1": "x"}, [], {}, [1], -0.0, {"a": [1, {"b": 2.5}]}]
    for nest in range(5):
        for leaf in otherwise + alike + otherwise + alike:
            value: object = leaf
            for _ in range(nest):
                value = {"k": [value, {"flat": 1}]}
            log = {"format": "x", "part": value}
            expected = _stdlib_log_text(log) if _reads_back_alike(log) else None
            assert replay.text_read_back_alike(log) == expected, (nest, leaf)
            assert replay.log_text(log) == _stdlib_log_text(log), (nest, leaf)


@settings(max_examples=300)
@given(st.lists(st.dictionaries(st.text(max_size=4) | st.integers(0, 3), _value | st.tuples(_scalar), max_size=4),
                min_size=1, max_size=4))
def test_any_run_of_logs_is_told_read_back_alike_or_not(logs) -> None:
    from dhproc import replay

    for log in logs + logs:
        assert replay.text_read_back_alike(log) == (_stdlib_log_text(log) if _reads_back_alike(log) else None)


def test_a_replayed_log_whose_text_reads_back_otherwise_is_not_passed_on_its_bytes(tmp_path: Path, monkeypatch) -> None:
    """A resolution that gave a key 1 beside a key "1" writes a duplicate key: its bytes match,
    but the log is not what they read back as, so the replay decides it the long way (which
    refuses the duplicate), as it did when it read the whole log."""
    from dhproc import replay as replay_module

    path = _log_file(tmp_path, "dh")
    real = replay_module.resolve

    def with_a_number_key(match):
        log = real(match)
        log["state"][1] = log["state"]["1"] = 0
        return log

    monkeypatch.setattr(replay_module, "resolve", with_a_number_key)
    raw = api.dumps(with_a_number_key(api.load(ROOT / "examples" / "dh" / "match.yaml")))
    path.write_text(raw, encoding="utf-8")
    assert not replay_module._replays_to_its_bytes(path, False)
