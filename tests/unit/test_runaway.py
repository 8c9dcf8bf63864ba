"""A rule that never ends stops at a bound, as an internal error, instead of using memory without end."""

from __future__ import annotations

from pathlib import Path

import pytest

from dhproc.engine import context
from dhproc.engine.context import RunawayTurn, TurnContext


def test_a_turn_that_never_ends_stops_at_the_event_bound(monkeypatch) -> None:
    monkeypatch.setattr(context, "MAX_EVENTS_PER_TURN", 50)
    ctx = TurnContext(seed=1, turn=3, options={}, recorded=None)
    with pytest.raises(RunawayTurn, match="turn 3 made 50 events without ending"):
        while True:
            ctx.emit("loop")
    assert len(ctx.events) == 50


def test_the_cli_reports_a_runaway_turn_as_an_internal_error_exit_3(monkeypatch, tmp_path) -> None:
    from click.testing import CliRunner

    from dhproc.cli import cli

    monkeypatch.setattr(context, "MAX_EVENTS_PER_TURN", 5)
    example = Path(__file__).parents[2] / "examples" / "dh" / "match.yaml"
    result = CliRunner().invoke(cli, ["resolve", str(example), "--lang", "en"])
    assert result.exit_code == 3 and "internal error" in result.output and "without ending" in result.output
