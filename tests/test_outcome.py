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


@pytest.mark.parametrize("example, killer", [("nicosw", "gord"), ("kagemiya", "saber")])
def test_a_kill_whose_event_names_no_killer_is_counted_as_the_summary_counts_it(example: str, killer: str) -> None:
    """nicosw's 生死判定 and kagemiya's 脱落 name no killer: the ruleset's summary hooks find who
    dealt the damage, so the run's kills are those of ``dhproc summary``."""
    match = api.load(ROOT / "examples" / example / "match.yaml")
    log = api.resolve(match)
    assert Outcome.of_log(log).kills == api.outcome(match).kills == {killer: 1}


def test_a_removed_many_part_character_does_not_stand() -> None:
    """NICOSW-8.4: a many-part character whose core part (or every part) fell is removed from the
    battle, and its kill is counted (summary hooks): it does not survive the run."""
    state = {"characters": {"ogre": {"states": ["removed"]}, "gob": {"states": ["prone"]}}}
    got = Outcome.of({"result": "ongoing"}, state, [])
    assert got.standing == {"ogre": False, "gob": True}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.parent.relative_to(ROOT).as_posix())
def test_a_lean_run_records_only_the_events_its_figures_read_numbered_as_in_the_log(example: Path) -> None:
    """The same rules run: the events kept are the full log's of those kinds, seq for seq."""
    from dhproc.engine import resolution
    from dhproc.engine.ruleset import ruleset_of
    from dhproc.engine.outcome import read_events

    match = api.load(example)
    keep = read_events(ruleset_of(match).summary_hooks())
    _, lean = resolution._play(match, keep=keep)
    log = api.resolve(match)
    assert [t["turn"] for t in lean] == [t["turn"] for t in log["turns"]]
    for kept, full in zip(lean, log["turns"]):
        assert kept["events"] == [e for e in full["events"] if e["kind"] in keep]


def test_events_not_kept_still_count_towards_seq_and_the_runaway_bound(monkeypatch) -> None:
    from dhproc.engine import context
    from dhproc.engine.context import RunawayTurn, TurnContext

    ctx = TurnContext(seed=1, turn=1, options={}, recorded=None, keep=frozenset({"death"}))
    for kind in ("attack", "death", "roll", "death"):
        ctx.emit(kind, who="a")
    assert ctx.events == [{"seq": 2, "kind": "death", "who": "a"}, {"seq": 4, "kind": "death", "who": "a"}]
    monkeypatch.setattr(context, "MAX_EVENTS_PER_TURN", 10)
    with pytest.raises(RunawayTurn):
        while True:
            ctx.emit("roll")
    assert ctx.emitted == 10


def test_a_context_says_which_events_it_keeps_so_a_rule_can_skip_the_fields_of_the_others(monkeypatch) -> None:
    """A logos ターン's stats snapshot is read only when its bout_start event is kept: a lean run
    reads fewer stats for the same figures (and keeps the full log's events: the test above)."""
    from dhproc.engine.context import TurnContext
    from dhproc.rulesets.logos.model import LogosState

    lean = TurnContext(seed=1, turn=1, options={}, recorded=None, keep=frozenset({"death"}))
    full = TurnContext(seed=1, turn=1, options={}, recorded=None)
    assert lean.keeps("death") and not lean.keeps("bout_start") and full.keeps("bout_start")
    reads: list[str] = []
    real = LogosState.stat
    monkeypatch.setattr(LogosState, "stat", lambda self, c, stat: reads.append(stat) or real(self, c, stat))
    match = api.load(ROOT / "examples" / "logos" / "match.yaml")
    figures = api.outcome(match, seed=3)
    lean_reads = len(reads)
    log = api.resolve(match, seed=3)
    assert figures == Outcome.of_log(log)
    assert lean_reads < len(reads) - lean_reads


DH_SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "dh").glob("*.yaml"))


def test_the_dh_figures_state_reads_as_the_state_json_does_on_every_dh_scenario() -> None:
    """dh gives a run's figures only the parts of its final state they read (each side's DP and
    who is dead): on every dh scenario that resolves they are the figures the whole state gives."""
    import yaml

    from dhproc.engine.resolution import _play
    from dhproc.engine.ruleset import ruleset_of

    compared = 0
    for path in DH_SCENARIOS:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        try:
            match = api.loads(yaml.safe_dump(doc["match"], allow_unicode=True), name=path.name)
            state, turns = _play(match)
        except DhprocError:
            continue  # a scenario of an input error
        rs = ruleset_of(match)
        lean = Outcome.of(rs.outcome(state), rs.figures_state(state), turns, rs.summary_hooks())
        assert lean == Outcome.of(rs.outcome(state), rs.state_json(state), turns, rs.summary_hooks()), path.name
        compared += 1
    assert compared >= 50


def test_a_logos_runs_figures_state_is_its_state_json_cut_down() -> None:
    """A lean logos run reads DP and states from ``figures_state``, not the whole state's JSON:
    they are the same parts, in the same order, on 20 seeds of the example and on every round of
    the replay corpus."""
    from dhproc.engine.resolution import _play
    from dhproc.engine.ruleset import ruleset_of

    matches = [api.varied(api.load(ROOT / "examples" / "logos" / "match.yaml"), seed=s) for s in range(1, 21)]
    matches += [api.load(p) for p in sorted((ROOT / "tests" / "replays" / "logos").glob("*/match.yaml"))]
    for match in matches:
        rs = ruleset_of(match)
        state, _ = _play(match)
        full = rs.state_json(state)
        cut = {"sides": {sid: {"dp": side["dp"]} for sid, side in full["sides"].items()},
               "characters": {cid: {"states": c["states"]} for cid, c in full["characters"].items()}}
        assert rs.figures_state(state) == cut
        assert list(rs.figures_state(state)["characters"]) == list(cut["characters"])
