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
