"""Golden scenarios as data: tests/scenarios/<ruleset>/*.yaml.

A scenario is a match with inline turns and recorded dice, and what must come out of it:

    clauses: [DH-4.2]            # the docs/rules clauses it proves
    match: {dhproc: 1, ruleset: dh, seed: 1, setup: ..., turns: [{turn: 1, dice: [55], submissions: ...}]}
    expect:
      events: [{kind: attack, hit_rate: 65, face: 55, hit: true}]   # in this order; fields given must match
      absent: [death]            # event kinds that must not occur
      state: {characters: {b: {hp: 2}}}                             # a partial match of the final state
      outcome: {result: ongoing}
      report: ["命中率(10-7)×5+50=65%"]                            # lines of the Japanese report
      error: "unknown character"  # instead: resolution must fail with this message ...
      error_at: [12, 18]           # ... at this line and column of the scenario file

A GK can write one without Python: copy a file, change the numbers, run `make test`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dhproc import api
from dhproc.errors import InputError
from dhproc.documents.loading import load_file

ROOT = Path(__file__).parent / "scenarios"
SCENARIOS = sorted(ROOT.glob("*/*.yaml"))


def _subset(expected, actual, where="") -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected a mapping, got {actual!r}"
        for k, v in expected.items():
            assert k in actual, f"{where}/{k}: missing"
            _subset(v, actual[k], f"{where}/{k}")
    else:
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


def _matches(pattern: dict, event: dict) -> bool:
    return all(event.get(k) == v for k, v in pattern.items())


def run_scenario(path: Path) -> None:
    doc = load_file(path)
    expect = doc.data.get("expect", {})
    if "error" in expect:
        with pytest.raises(InputError) as info:
            api.resolve(api.load_inline(doc, ("match",)))
        texts = [p.format() for p in info.value.problems]
        assert any(expect["error"] in t for t in texts), texts
        if "error_at" in expect:
            line, col = expect["error_at"]
            assert any(p.line == line and p.col == col for p in info.value.problems), texts
        return
    log = api.resolve(api.load_inline(doc, ("match",)))
    events = [e for t in log["turns"] for e in t["events"]]
    pos = 0
    for pattern in expect.get("events", []):
        while pos < len(events) and not _matches(pattern, events[pos]):
            pos += 1
        assert pos < len(events), f"event {pattern} not found in order; events: {events}"
        pos += 1
    kinds = {e["kind"] for e in events}
    for kind in expect.get("absent", []):
        assert kind not in kinds, f"unexpected {kind} event"
    if "state" in expect:
        _subset(expect["state"], log["state"], "state")
    if "outcome" in expect:
        _subset(expect["outcome"], log["outcome"], "outcome")
    if "report" in expect:
        text = api.render(log, lang="ja")
        for line in expect["report"]:
            assert line in text, f"{line!r} not in report:\n{text}"
    assert api.first_divergence(log, api.resolve(api.load_inline(doc, ("match",)))) is None


def test_scenarios_exist() -> None:
    assert len(SCENARIOS) >= 10


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    run_scenario(path)
