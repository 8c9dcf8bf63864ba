"""Every log's ``seq`` counts 1, 2, 3 … within each turn, for every ruleset: run over every example
and every data scenario. An event names the effect it is about under its own key, never ``seq``."""

from __future__ import annotations

from pathlib import Path

import pytest

from dhproc import api
from dhproc.engine.context import TurnContext
from dhproc.errors import InputError
from dhproc.documents.loading import load_file

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").rglob("match.yaml"))
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*/*.yaml"))


def _log_of(path: Path) -> dict | None:
    if path.name == "match.yaml" and "examples" in path.parts:
        return api.resolve(api.load(path))
    doc = load_file(path)
    try:
        return api.resolve(api.load_inline(doc, ("match",)))
    except InputError:
        return None  # a scenario that expects an error has no log


def assert_seq_counts_up(log: dict) -> None:
    for turn in log["turns"]:
        seqs = [e["seq"] for e in turn["events"]]
        assert seqs == list(range(1, len(seqs) + 1)), f"turn {turn['turn']}: seq {seqs}"


@pytest.mark.parametrize("path", EXAMPLES + SCENARIOS, ids=lambda p: str(p.relative_to(ROOT)))
def test_seq_counts_from_1_within_each_turn(path: Path) -> None:
    log = _log_of(path)
    if log is not None:
        assert_seq_counts_up(log)


def test_an_event_cannot_set_its_own_seq() -> None:
    ctx = TurnContext(seed=1, turn=1, options={}, recorded=None)
    with pytest.raises(TypeError):
        ctx.emit("effect", seq=9)


def test_an_event_written_out_is_the_event_emitted() -> None:
    """``TurnContext.record`` (the events a match makes hundreds of, written as one map) gives
    the event ``emit`` gives: the same keys in the same order, numbered in one count with it,
    and left out by a lean run's ``keep`` alike."""
    for keep in (None, frozenset({"attack"})):
        emitted = TurnContext(seed=1, turn=1, options={}, recorded=None, keep=keep)
        written = TurnContext(seed=1, turn=1, options={}, recorded=None, keep=keep)
        for kind in ("attack", "damage", "attack"):
            emitted.emit(kind, actor="a", target="b", hit=True)
            written.record({"seq": None, "kind": kind, "actor": "a", "target": "b", "hit": True})
        written.emit("attack", actor="a")  # the two kinds of writing share one count
        emitted.record({"seq": None, "kind": "attack", "actor": "a"})
        assert [list(e.items()) for e in emitted.events] == [list(e.items()) for e in written.events]
        assert emitted.emitted == written.emitted == 4
        assert [e["seq"] for e in written.events] == ([1, 2, 3, 4] if keep is None else [1, 3, 4])
