"""Each ruleset's log schema (schemas/<id>.log.schema.json) names every event kind the ruleset
emits and every field of each, with its type and meaning: a script reads the log from it.

Every log of the replay corpus, the golden logs and the examples' logs follow their ruleset's
schema, and so does every log the property generators of each ruleset make (matches the corpus
never shows). Each kind allows only its own fields, so code that emits a kind or a field the
schema lacks fails here until the schema (and docs/log.md) says what it is.
"""

from __future__ import annotations

import json
from collections import Counter
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
def _registry():
    from referencing import Registry, Resource

    return Registry().with_resources((f"{n}.schema.json", Resource.from_contents(schema(n))) for n in schema_names())


@lru_cache(maxsize=None)
def validator(ruleset: str):
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(f"{ruleset}.log"), registry=_registry())


@lru_cache(maxsize=None)
def split_validators(ruleset: str):
    """The log schema cut where it branches, for the logs checked (thousands of events a test):
    the envelope with every event let through, and a validator of each event kind. The same
    verdict as the whole: the event definition is its common part and, per kind, ``if kind is K
    then event.K``, and of those branches only the event's own kind's applies (the kinds are
    distinct constants). The whole runs every branch's ``if`` on every event, which made five
    sixths of a generated log's check; an event without a kind of the list goes to the whole's
    event definition."""
    from jsonschema import Draft202012Validator

    full = schema(f"{ruleset}.log")
    defs = full["$defs"]
    common = {k: v for k, v in defs["event"].items() if k != "allOf"}
    envelope = {**full, "$id": f"{ruleset}.log.envelope.json", "$defs": {**defs, "event": True}}
    kinds = {kind: Draft202012Validator({"$id": f"{ruleset}.log.event.{kind}.json", "$defs": defs,
                                         "allOf": [common, {"$ref": f"#/$defs/event.{kind}"}]}, registry=_registry())
             for kind in common["properties"]["kind"]["enum"]}
    whole_event = Draft202012Validator({"$id": f"{ruleset}.log.event.json", "$defs": defs, "$ref": "#/$defs/event"},
                                       registry=_registry())
    return Draft202012Validator(envelope, registry=_registry()), kinds, whole_event


def follows_split(log: dict) -> bool:
    """Whether ``log`` follows its ruleset's log schema, checked by ``split_validators``."""
    envelope, _, _ = split_validators(log["ruleset"])
    return envelope.is_valid(log) and all(event_follows_split(log["ruleset"], event)
                                          for turn in log["turns"] for event in turn["events"])


def event_follows_split(ruleset: str, event) -> bool:
    _, kinds, whole_event = split_validators(ruleset)
    kind = event.get("kind") if isinstance(event, dict) else None
    check = kinds.get(kind) if isinstance(kind, str) else None
    return (check or whole_event).is_valid(event)


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
    """``log`` follows its ruleset's log schema, checked by the split schema (the same verdict,
    test_the_split_schema_gives_the_whole_schemas_verdict); a log it refuses is told by the whole
    schema's messages (and a refusal the whole does not share fails as such)."""
    if follows_split(log):
        return
    found = problems(log)
    assert found, "the split log schema refuses a log the whole schema takes"
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


def test_the_end_of_a_zoc_field_follows_the_dh_log_schema_with_its_squares() -> None:
    # DH-11.18: a ZoCフィールド's effect_end names the squares it covered (as a barricade's does,
    # DH-11.17); the log schema did not know the field until a generated match drew it
    log = api.resolve(api.load(ROOT / "tests" / "log_schemas" / "dh-terrain-ends.yaml"))
    ended = [e for t in log["turns"] for e in t["events"] if e["kind"] == "effect_end" and e["type"] == "zoc_field"]
    assert [e["squares"] for e in ended] == [["Ｂ２"]]
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


def test_an_attack_with_a_support_bonus_logs_its_base_rate_as_the_schema_says() -> None:
    """DH-15: an 応援ボーナス spent on a 命中判定 puts ``base_rate`` and ``bonus`` on the ``attack``
    event (a drawn match found the log schema did not know them)."""
    from tests.rulesets.dh.test_dh_rates import match, turn

    log = api.resolve(api.loads(json.dumps(match([turn(1, [{"who": "b", "to": "Ｃ４", "attack": "y", "bonus": 25}],
                                                       dice=[72])]), ensure_ascii=False), name="m.yaml"))
    attack, = [e for t in log["turns"] for e in t["events"] if e["kind"] == "attack"]
    assert (attack["base_rate"], attack["bonus"]) == (50, 25)
    assert_follows_schema(json.loads(api.dumps(log)))


@given(match=count_matches())
def test_generated_count_logs_follow_the_count_log_schema(match: dict) -> None:
    log, _ = count_playable(match)
    if log is None:  # a CA chain past a low ca_chain_cap: a located error and no log (COUNT-8.4)
        return
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
    assert not problems(log) and follows_split(log)
    event["unheard_of"] = 1
    assert any("unheard_of" in p for p in problems(log))
    assert not follows_split(log)
    del event["unheard_of"]
    event["kind"] = "unheard_of"
    assert any("unheard_of" in p for p in problems(log))
    assert not follows_split(log)


def _edits(event: dict, kinds: list[str]):
    """Ways to break one event: a field it lacks, each field's value of another type, its kind
    another kind's, its kind or seq gone, the event not an object."""
    yield {**event, "unheard_of": 1}
    for key, value in event.items():
        yield {**event, key: "?" if not isinstance(value, str) else 7}
        yield {k: v for k, v in event.items() if k != key}
    for kind in kinds:
        if kind != event["kind"]:
            yield {**event, "kind": kind}
    yield [event]


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_split_schema_gives_the_whole_schemas_verdict(ruleset: str) -> None:
    """The generated logs are checked by the schema cut by event kind (``split_validators``): on
    the first event of each kind in the golden log, and each one edited every way ``_edits``
    breaks it, the split's verdict is the whole event definition's; on the golden log, with its
    events and with none, and with one event broken, the split's verdict is the whole schema's."""
    log = _golden(ruleset)
    kinds = sorted(_kinds(ruleset))
    _, _, whole_event = split_validators(ruleset)
    firsts = {}
    for turn in log["turns"]:
        for event in turn["events"]:
            firsts.setdefault(event["kind"], event)
    verdicts = Counter()
    for event in firsts.values():
        for edited in [event, *_edits(event, kinds)]:
            verdict = whole_event.is_valid(edited)
            assert event_follows_split(ruleset, edited) == verdict, edited
            verdicts[verdict] += 1
    assert verdicts[True] >= len(firsts) > 3 and verdicts[False] > 50
    whole = validator(ruleset)
    broken = json.loads(json.dumps(log))
    broken["turns"][-1]["events"][-1]["unheard_of"] = 1
    for checked in (log, {**log, "turns": [{**t, "events": []} for t in log["turns"]]}, broken, {**log, "seed": []}):
        assert follows_split(checked) == whole.is_valid(checked)
    assert not follows_split(broken) and not follows_split({**log, "seed": []})


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
