"""DESIGN §8 limits, each tested where a GK meets it: a located message and exit 1, never a
hang, a traceback or gigabytes. (Sizes, aliases, depth and numbers: tests/test_trust.py and
tests/test_cli.py; dice expressions: tests/unit/test_dice_expr.py.)"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from dhproc.cli import cli

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

REPO = Path(__file__).resolve().parents[1]
LOCATED = re.compile(r"^[^:\n]+:\d+:\d+: \S")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(*args: str):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result


def _match(ruleset: str) -> dict:
    shutil.copytree(REPO / "examples" / ruleset, Path(ruleset))
    return yaml.safe_load(Path(ruleset, "match.yaml").read_text(encoding="utf-8"))


def _refused(ruleset: str, data: dict, contains: str) -> str:
    Path(ruleset, "match.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = run("validate", Path(ruleset, "match.yaml"))
    assert result.exit_code == 1, result.output[:500]
    lines = result.output.splitlines()
    assert all(LOCATED.match(x) for x in lines), lines[:5]
    hit = [x for x in lines if contains in x]
    assert hit, lines[:10]
    assert len(result.output) < 20_000
    return hit[0]


@pytest.mark.parametrize("ruleset, most", [("dh", 500), ("logos", 60), ("nicosw", 60)])
def test_characters_are_capped(ruleset, most) -> None:
    data = _match(ruleset)
    template = next(iter(data["setup"]["characters"].values()))
    data["setup"]["characters"] = {f"c{i}": json.loads(json.dumps(template)) for i in range(most + 1)}
    assert "/setup/characters" in _refused(ruleset, data, f"the characters: too many characters, {most + 1:,} (at most {most})")


@pytest.mark.parametrize("key, value", [("rows", 27), ("cols", 100)])
def test_the_dh_map_is_at_most_26_by_99(key, value) -> None:
    data = _match("dh")
    data["setup"]["map"][key] = value
    _refused("dh", data, f"must be at most {value - 1}, not {value}")


@pytest.mark.parametrize("ruleset", ["dh", "logos", "nicosw"])
def test_at_most_1000_turns(ruleset) -> None:
    data = _match(ruleset)
    data["turns"] = [{"turn": i, "submissions": {}} for i in range(1, 1002)]
    assert "the turns: too long, 1,001 turns (at most 1,000)" in _refused(ruleset, data, "too long")


@pytest.mark.parametrize("ruleset", ["dh", "logos", "nicosw"])
def test_a_turn_number_over_1000_is_refused(ruleset) -> None:
    data = _match(ruleset)
    data["turns"] = [{"turn": 1001, "submissions": {}}]
    _refused(ruleset, data, "the turn number must be at most 1000, not 1001")


def test_a_dice_expression_is_capped_at_1000_dice() -> None:
    r = run("roll", "1001D6")
    assert r.exit_code == 1 and "1 to 1000" in r.output
    r = run("roll", "500D6+501D6")
    assert r.exit_code == 1 and "too many dice" in r.output


def test_dh_a_chain_of_再行動_cannot_loop() -> None:
    """The extra 行動 of 再行動 is the submission's `then` (move and act), which cannot use an
    ability again: a 再行動 loop cannot even be written, and asking for one is a located error."""
    from dhproc import api
    from dhproc.errors import InputError

    text = (REPO / "tests" / "scenarios" / "dh" / "extra-action.yaml").read_text(encoding="utf-8")
    match = yaml.safe_load(text)["match"]
    turn = match["turns"][0]
    turn["submissions"]["red"] = [{"who": "fast", "to": "Ａ２", "ability": {"then": {"ability": {"then": {}}}}}]
    with pytest.raises(InputError) as err:
        api.loads(yaml.safe_dump(match, allow_unicode=True), name="m.yaml")
    problem = err.value.problems[0]
    assert problem.line is not None and problem.message.startswith("unknown key 'ability'")


@pytest.mark.parametrize("ruleset, caps", [("dh", ["trigger_limit"]), ("logos", ["counter_chain_cap", "turn_cap"]),
                                           ("nicosw", ["round_cap"])])
def test_loop_caps_are_bounded_options(ruleset, caps) -> None:
    """Counter chains and turn loops end at a cap the match may set, but never unbounded; the
    error at the cap is tested with each clause (DH-8.7 trigger_limit, LOGOS-5.8, LOGOS-3.11)."""
    from dhproc.engine.ruleset import get_ruleset

    options = {o.id: o for o in get_ruleset(ruleset).options}
    for name in caps:
        assert options[name].minimum == 1 and options[name].maximum is not None, name
        assert options[name].maximum <= 100_000, name
