"""Replaying a log reads it with the json module alone: the log's YAML node tree (composing a
whole log as YAML costs more than the replay) is made only to locate a problem or a renaming."""

from __future__ import annotations

import json
from pathlib import Path

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
    from dhproc import validation

    checked: list[str] = []
    real = validation.validate

    def counting(data, name, anchor):
        checked.append(name)
        return real(data, name, anchor)

    monkeypatch.setattr(api, "validate", counting)
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


def test_a_log_with_a_long_run_of_digits_is_read_the_long_way_and_replays_alike(tmp_path: Path, monkeypatch) -> None:
    """Digits beyond what a number may have send a log the long way (which refuses such numbers
    where they are written); in a title they are text, and the log replays all the same."""
    source = (ROOT / "examples" / "dh" / "match.yaml").read_text(encoding="utf-8")
    match = api.loads(source.replace("title: ", "title: 1" + "0" * 45 + " ", 1), base=ROOT / "examples" / "dh")
    path = tmp_path / "log.json"
    path.write_text(api.dumps(api.resolve(match)), encoding="utf-8")
    checked = _schemas_checked(monkeypatch)
    assert api.replay(path) is None
    assert "log" in checked
