"""Each ruleset's log schema (schemas/<id>.log.schema.json) names every event kind the ruleset
emits and every field of each, with its type and meaning: a script reads the log from it.

Every log of the replay corpus, the golden logs and the examples' logs follow their ruleset's
schema, and so does every log the property generators of each ruleset make (matches the corpus
never shows). Each kind allows only its own fields, so code that emits a kind or a field the
schema lacks fails here until the schema (and docs/log.md) says what it is.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given

from dhproc import api
from dhproc.cli import cli
from dhproc.engine.ruleset import ruleset_ids
from dhproc.inputs.validation import schema, schema_names, schema_text

from tests.rulesets.count.test_count_properties import count_matches
from tests.rulesets.count.test_count_properties import resolve_playable as count_playable
from tests.rulesets.kagemiya.test_kagemiya_properties import kagemiya_matches
from tests.rulesets.kagemiya.test_kagemiya_properties import resolve_playable as kagemiya_playable
from tests.rulesets.logos.test_logos_properties import logos_matches
from tests.rulesets.nicosw.test_nicosw_properties import _resolve_playable as nicosw_playable
from tests.rulesets.nicosw.test_nicosw_properties import nicosw_matches
from tests.test_properties import _resolve_playable as dh_playable
from tests.test_properties import dh_matches

pytestmark = pytest.mark.usefixtures("english")  # the property helpers read English messages

ROOT = Path(__file__).resolve().parent.parent
CORPUS_LOGS = sorted((ROOT / "tests" / "replays").glob("*/*/log.json")) + sorted((ROOT / "tests" / "golden").glob("*.json"))
EXAMPLES = sorted((ROOT / "examples").rglob("match.yaml"))


@lru_cache(maxsize=None)
def validator(ruleset: str):
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    registry = Registry().with_resources(
        (f"{n}.schema.json", Resource.from_contents(schema(n))) for n in schema_names())
    return Draft202012Validator(schema(f"{ruleset}.log"), registry=registry)


def problems(log: dict) -> list[str]:
    """Each way ``log`` breaks its ruleset's log schema, naming the turn and event."""
    out = []
    for error in validator(log["ruleset"]).iter_errors(log):
        where = "/".join(str(p) for p in error.absolute_path)
        event = _event_at(log, list(error.absolute_path))
        out.append(f"{where}: {error.message}" + (f" in {json.dumps(event, ensure_ascii=False)[:300]}" if event else ""))
    return out


def _event_at(log: dict, path: list) -> dict | None:
    if len(path) >= 4 and path[0] == "turns" and path[2] == "events":
        return log["turns"][path[1]]["events"][path[3]]
    return None


def assert_follows_schema(log: dict) -> None:
    found = problems(log)
    assert not found, "\n".join(found[:10])


@pytest.mark.parametrize("path", CORPUS_LOGS, ids=lambda p: str(p.relative_to(ROOT / "tests")))
def test_every_corpus_and_golden_log_follows_its_ruleset_log_schema(path: Path) -> None:
    assert_follows_schema(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.parent.relative_to(ROOT / "examples")))
def test_every_example_log_follows_its_ruleset_log_schema(path: Path) -> None:
    assert_follows_schema(json.loads(api.dumps(api.resolve(api.load(path)))))


@given(text=dh_matches())
def test_generated_dh_logs_follow_the_dh_log_schema(text: str) -> None:
    from dhproc.errors import InputError

    try:
        log, _ = dh_playable(text)
    except InputError:
        return
    assert_follows_schema(json.loads(api.dumps(log)))


def test_an_effect_cancelled_because_its_user_left_the_map_follows_the_dh_log_schema() -> None:
    # dh cancels an ability's effect whose user is no longer on the MAP (reason user_gone,
    # docs/rules/dh.md); the log schema did not know the reason.
    log = api.resolve(api.load(ROOT / "tests" / "log_schemas" / "dh-user-gone.yaml"))
    reasons = [e.get("reason") for t in log["turns"] for e in t["events"] if e["kind"] == "cancel"]
    assert "user_gone" in reasons
    assert_follows_schema(json.loads(api.dumps(log)))


def test_a_counter_fired_by_a_death_nobody_caused_follows_the_dh_log_schema() -> None:
    # a 被殺時 counter fires for a death with no killer: its event's `by` is null, which the
    # log schema did not allow
    log = api.resolve_until_decided(api.load(ROOT / "tests" / "log_schemas" / "dh-killed-by-nobody.yaml"))
    fired = [e for t in log["turns"] for e in t["events"] if e["kind"] == "counter_fire"]
    assert [(e["trigger"], e["by"]) for e in fired] == [("killed", None)]
    assert_follows_schema(json.loads(api.dumps(log)))


PASSIVE_ON_A_CHOSEN_LINE = """\
dhproc: 1
ruleset: dh
seed: 0
setup:
  map: {rows: 3, cols: 5}
  first: red
  turn_limit: 1
  sides:
    red: {name: red, leader: r}
    blue: {name: blue, leader: b}
  characters:
    r: {name: 赤, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｃ２}
    b:
      name: 青
      side: blue
      attack: 5
      defense: 5
      hp: 5
      spirit: 3
      fs: 5
      at: Ｃ３
      ability:
        name: 縦一閃
        style: passive
        type: instant
        activation: 100
        success: 100
        range: {shape: line, size: 2, direction: chosen}
        targets: {side: enemy, count: single}
        effects: [{kind: damage, amount: 1, empty_fire: true}]
        start: {direction: up}
turns:
- turn: 1
  submissions: {red: [], blue: []}
"""


def test_a_passive_on_a_chosen_line_logs_its_direction_as_the_schema_says() -> None:
    """DH-9.6: a use that chose its line keeps the direction in its ``ability`` event (a drawn
    match found the log schema did not know the field)."""
    log = api.resolve(api.loads(PASSIVE_ON_A_CHOSEN_LINE))
    used = [e for t in log["turns"] for e in t["events"] if e["kind"] == "ability"]
    assert used and all(e["direction"] == "up" for e in used)
    assert_follows_schema(json.loads(api.dumps(log)))


@given(match=count_matches())
def test_generated_count_logs_follow_the_count_log_schema(match: dict) -> None:
    log, _ = count_playable(match)
    assert_follows_schema(json.loads(api.dumps(log)))


@given(match=kagemiya_matches())
def test_generated_kagemiya_logs_follow_the_kagemiya_log_schema(match: dict) -> None:
    assert_follows_schema(json.loads(api.dumps(kagemiya_playable(match))))


@given(match=logos_matches())
def test_generated_logos_logs_follow_the_logos_log_schema(match: dict) -> None:
    from dhproc.errors import InputError

    try:
        log = api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
    except InputError:
        return
    assert_follows_schema(json.loads(api.dumps(log)))


@given(match=nicosw_matches())
def test_generated_nicosw_logs_follow_the_nicosw_log_schema(match: dict) -> None:
    log = nicosw_playable(match)
    if log is not None:
        assert_follows_schema(json.loads(api.dumps(log)))


def _golden(ruleset: str) -> dict:
    return json.loads((ROOT / "tests" / "golden" / f"{ruleset}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_kind_or_a_field_the_schema_lacks_is_refused(ruleset: str) -> None:
    log = _golden(ruleset)
    event = log["turns"][0]["events"][0]
    assert not problems(log)
    event["unheard_of"] = 1
    assert any("unheard_of" in p for p in problems(log))
    del event["unheard_of"]
    event["kind"] = "unheard_of"
    assert any("unheard_of" in p for p in problems(log))


def _kinds(ruleset: str) -> dict[str, dict]:
    defs = schema(f"{ruleset}.log")["$defs"]
    return {name.removeprefix("event."): d for name, d in defs.items() if name.startswith("event.")}


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_kind_and_field_says_what_it_means(ruleset: str) -> None:
    defs = schema(f"{ruleset}.log")["$defs"]
    kinds = _kinds(ruleset)
    assert set(defs["event"]["properties"]["kind"]["enum"]) == set(kinds)
    for kind, d in kinds.items():
        assert d["description"].strip(), kind
        assert d["additionalProperties"] is False, kind
        for field, prop in d["properties"].items():
            if field in ("seq", "kind"):
                continue
            shared = defs[prop["$ref"].removeprefix("#/$defs/")] if "$ref" in prop else {}
            described = prop.get("description") or shared.get("description")
            assert described and described.strip(), f"{kind}.{field}"
            assert "type" in prop or "type" in shared or "oneOf" in shared, f"{kind}.{field}"


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_cancel_reason_is_an_enum_value_with_its_meaning(ruleset: str) -> None:
    reasons = schema(f"{ruleset}.log")["$defs"]["cancel_reason"]["oneOf"]
    assert reasons and all(r["const"] and r["description"].strip() for r in reasons)
    assert len({r["const"] for r in reasons}) == len(reasons)
    assert _kinds(ruleset)["cancel"]["properties"]["reason"].get("$ref") == "#/$defs/cancel_reason"


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_dhproc_schema_prints_each_rulesets_log_schema(ruleset: str) -> None:
    listed = CliRunner().invoke(cli, ["schema"])
    assert listed.exit_code == 0 and f"{ruleset}.log" in listed.output.split()
    printed = CliRunner().invoke(cli, ["schema", f"{ruleset}.log"])
    assert printed.exit_code == 0
    assert printed.output == schema_text(f"{ruleset}.log")
    assert json.loads(printed.output)["properties"]["ruleset"] == {"const": ruleset}


def test_a_dh_dp_gain_by_an_ability_follows_the_schema_without_a_kill_s_base_and_multiplier() -> None:
    """An ability's DP gain (effect `dp_gain`) names no dead character's value nor a multiplier:
    the schema asks for `base` and `multiplier` on a kill's gain only, and refuses them on an
    ability's (generated matches found the schema asking for them on both)."""
    from tests.rulesets.dh.test_dh_abilities import ability_match, turn

    log = json.loads(api.dumps(ability_match({"activation": 90, "effects": [{"kind": "dp_gain"}]},
                                             [turn(1, [{"who": "u", "ability": "能力"}], dice=[1, 1])])))
    gains = [e for t in log["turns"] for e in t["events"] if e["kind"] == "dp"]
    assert [(g["reason"], "base" in g) for g in gains] == [("ability", False)]
    assert_follows_schema(log)
    gains[0]["base"] = 1
    assert problems(log), "an ability's gain carrying a kill's base must break the schema"


@pytest.mark.parametrize("timing", ["before", "same"])
def test_a_dh_counter_armed_with_a_timing_other_than_after_follows_the_schema(timing: str) -> None:
    """A counter of タイミング 先手 or 同時 says so on its `counter_armed` and `counter_fire`
    events (DH-8.17); the schema lists the field (generated matches found it missing) and
    refuses a timing it does not know."""
    from tests.rulesets.dh.test_dh_effects_more import _attacked, _counter

    log = json.loads(api.dumps(_attacked(_counter("attacked_by_enemy", timing), [1, 1])))
    armed = [e for t in log["turns"] for e in t["events"] if e["kind"] == "counter_armed"]
    fired = [e for t in log["turns"] for e in t["events"] if e["kind"] == "counter_fire"]
    assert [e.get("timing") for e in armed + fired] == [timing, timing]
    assert_follows_schema(log)
    armed[0]["timing"] = "after"  # never written: after is the default, left out
    assert problems(log)
