"""The Python API cannot produce a log that does not replay: every supported way of varying a
loaded match is recorded in the log's input, and ``api.loads`` takes turn files with ``base=``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dhproc import api
from dhproc.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "dh" / "match.yaml"


def _replays(log: dict, tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(path) is None


@pytest.mark.parametrize("vary", [
    {"seed": 5},
    {"options": {"leader_dp": 3, "mental_loss_area": "whole_side"}},
    {"seed": "テキストの種", "options": {"roll_at_100": True, "dp_tie": "first"}},
])
def test_resolve_with_a_seed_or_options_records_them_and_replays(vary, tmp_path):
    match = api.load(EXAMPLE)
    log = api.resolve(match, **vary)
    if "seed" in vary:
        assert log["seed"] == vary["seed"] == log["input"]["match"]["seed"]
    for key, value in vary.get("options", {}).items():
        assert log["options"][key] == value == log["input"]["match"]["options"][key]
    _replays(log, tmp_path)
    assert api.dumps(api.resolve(match)) == api.dumps(api.resolve(api.load(EXAMPLE)))  # the match is unchanged


def test_a_bad_option_given_to_resolve_is_an_input_error():
    with pytest.raises(InputError) as err:
        api.resolve(api.load(EXAMPLE), options={"hit_mode": "always"})
    assert "hit_mode" in err.value.problems[0].format()


def test_a_loaded_match_cannot_be_changed_in_place():
    match = api.load(EXAMPLE)
    with pytest.raises(AttributeError):
        match.seed = 5
    with pytest.raises(AttributeError):
        match.options = {}


def test_a_varied_run_and_its_log_leave_the_loaded_match_as_it_was():
    """A varied match shares what it does not change with the match it varies; the log's input
    is its own copy, so a script editing one log cannot change the next run."""
    import copy
    import json

    match = api.load(ROOT / "examples" / "dh" / "abilities" / "match.yaml")
    before = copy.deepcopy(match.data)
    log = api.resolve(match, seed=7, options={"leader_dp": 3})
    assert match.data == before and match.seed != 7
    assert log["input"]["match"]["seed"] == 7 and log["input"]["match"]["options"]["leader_dp"] == 3
    log["input"]["match"]["setup"]["characters"].clear()
    assert match.data == before
    assert json.dumps(api.resolve(match)["input"]["match"]) == json.dumps(before)


def test_loads_with_base_reads_turn_files(tmp_path):
    folder = tmp_path / "m"
    shutil.copytree(EXAMPLE.parent, folder, ignore=shutil.ignore_patterns("abilities"))
    text = (folder / "match.yaml").read_text(encoding="utf-8")
    log = api.resolve(api.loads(text, base=folder))
    assert [t["turn"] for t in log["turns"]] == [1, 2, 3]
    assert api.dumps(log) == api.dumps(api.resolve(api.load(folder / "match.yaml")))
    _replays(log, tmp_path)
