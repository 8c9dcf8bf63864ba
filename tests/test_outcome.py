"""api.outcome: the figures of a run without the log's JSON or a report, the same as the log's
(`make bench` checks 2,000 seeds of every example; this test a sample of them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dhproc import api
from dhproc.errors import DhprocError
from dhproc.engine.outcome import Outcome

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(ROOT.glob("examples/**/match.yaml"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.parent.relative_to(ROOT).as_posix())
def test_the_lean_figures_are_the_full_logs_on_many_seeds(example: Path) -> None:
    match = api.load(example)
    compared = 0
    for seed in range(1, 41):
        try:
            full = Outcome.of_log(api.resolve(match, seed=seed))
        except DhprocError:
            with pytest.raises(DhprocError):  # decided before its last turn: the lean run says so too
                api.outcome(match, seed=seed)
            continue
        assert api.outcome(match, seed=seed) == full, seed
        compared += 1
    assert compared >= 10


def test_the_figures_of_the_dh_example() -> None:
    """examples/dh: 生徒会 wins on DP 2 to 1; 山田, 鈴木 and 木村 fell, two of them to 高橋."""
    got = api.outcome(api.load(ROOT / "examples" / "dh" / "match.yaml"))
    assert (got.result, got.winner, got.reason, got.dp, got.turns_played) == \
        ("win", "seitokai", "dp", {"bancho": 1, "seitokai": 2}, 3)
    assert [c for c, up in got.standing.items() if not up] == ["yamada", "suzuki", "kimura"]
    assert got.kills == {"kimura": 1, "takahashi": 2} and got.ability_uses == {}


def test_a_logos_skill_counts_only_when_it_succeeds() -> None:
    log = api.resolve(api.load(ROOT / "examples" / "logos" / "match.yaml"))
    skills = [e for t in log["turns"] for e in t["events"] if e["kind"] == "skill"]
    succeeded = {}
    for e in skills:
        if e["result"] == "success":
            succeeded[e["character"]] = succeeded.get(e["character"], 0) + 1
    assert len(succeeded) < len(skills)
    assert Outcome.of_log(log).ability_uses == succeeded
