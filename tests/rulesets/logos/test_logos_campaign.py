"""LOGOS-11: a round picked up where it stands, stopped after a ターン, and continued from its log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli
from dhproc.errors import InputError
from dhproc.words.messages import use_lang

from .helpers import char, events, load, make, report, resolve, skill, stat

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "logos"


def _strip(evs: list[dict]) -> list[dict]:
    """Events without ``seq``: it counts from 1 in every turn, and the continued round is a turn of its own."""
    return [{k: v for k, v in e.items() if k != "seq"} for e in evs]


def _example(**setup: object) -> dict:
    """The example match with its turn inlined, and ``setup`` keys added."""
    match = yaml.safe_load((EXAMPLE / "match.yaml").read_text(encoding="utf-8"))
    turn = yaml.safe_load((EXAMPLE / "turn-01.yaml").read_text(encoding="utf-8"))
    turn.pop("dhproc"), turn.pop("match")
    match["turns"] = [turn]
    match["setup"].update(setup)
    return match


def _resolve(match: dict) -> dict:
    return api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))


def _continue(log: dict, tmp_path: Path, dice: list[int] | None = None) -> tuple[dict, dict]:
    """The match that continues ``log`` (api.continuation), resolved with an empty turn 1."""
    path = tmp_path / "first.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    cont = api.continuation(path)
    turn: dict = {"turn": 1, "submissions": {}}
    if dice is not None:
        turn["dice"] = dice
    cont["turns"] = [turn]
    return cont, _resolve(cont)


def _split_at_stop(first: dict) -> int:
    evs = first["turns"][0]["events"]
    assert evs[-1]["kind"] == "stopped"
    return len(evs) - 1


# ---------------------------------------------------------------- LOGOS-11.4 / 11.5

@pytest.mark.parametrize("stop", [0, 1, 2, 3, 4, 5, 6])
def test_logos_11_5_continuing_from_a_log_resolves_to_the_same_events(stop: int, tmp_path: Path) -> None:
    """Stop the example after ターン ``stop``, continue it from the log: every later event, the final
    state and the outcome are those of the round resolved in one go."""
    whole = _resolve(_example())
    first = _resolve(_example(stop_after_bout=stop))
    n = _split_at_stop(first)
    assert _strip(first["turns"][0]["events"][:n]) == _strip(whole["turns"][0]["events"][:n])
    assert first["outcome"]["result"] == "ongoing" and first["turns"][0]["status"] == "complete"
    cont, later = _continue(first, tmp_path)
    assert cont["setup"]["round"]["bout"] == stop
    resumed = later["turns"][0]["events"]
    assert resumed[0]["kind"] == "resume" and resumed[0]["bout"] == stop + 1
    assert _strip(resumed[1:]) == _strip(whole["turns"][0]["events"][n:])
    assert later["state"] == whole["state"]
    assert later["outcome"] == whole["outcome"]


def test_logos_11_5_recorded_dice_continue_where_they_stood(tmp_path: Path) -> None:
    """Dice rolled at the table: the continued turn records only the dice after the stop, and its
    draws keep their numbers."""
    whole = _resolve(_example())
    faces = [e["face"] for e in events(whole, "roll")]
    recorded = _resolve(_example() | {"turns": [dict(_example()["turns"][0], dice=faces)]})
    assert _strip(recorded["turns"][0]["events"]) == [dict(e, source="recorded") if e["kind"] == "roll" else e
                                                       for e in _strip(whole["turns"][0]["events"])]
    first = _resolve(_example(stop_after_bout=3) | {"turns": [dict(_example()["turns"][0], dice=faces[:4])]})
    assert len(events(first, "roll")) == 4
    cont, later = _continue(first, tmp_path, dice=faces[4:])
    assert "seeded_dice" not in cont["setup"]["round"] and cont["setup"]["round"]["draws"] == 4
    n = _split_at_stop(first)
    assert _strip(later["turns"][0]["events"][1:]) == _strip(recorded["turns"][0]["events"][n:])
    assert events(later, "roll")[0]["draw"] == 5


@pytest.mark.parametrize("options", [{"tick_scope": "all"}, {"duration_count": "full_turns"},
                                     {"field_stacking": "stack", "default_duration": "one_turn"}])
def test_logos_11_5_the_continuation_keeps_the_options(options: dict, tmp_path: Path) -> None:
    whole = _resolve(_example() | {"options": options})
    first = _resolve(_example(stop_after_bout=4) | {"options": options})
    n = _split_at_stop(first)
    _, later = _continue(first, tmp_path)
    assert _strip(later["turns"][0]["events"][1:]) == _strip(whole["turns"][0]["events"][n:])
    assert later["state"] == whole["state"]


def test_logos_11_5_dhproc_new_from_a_log_writes_the_round_under_way(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    first = tmp_path / "first"
    first.mkdir()
    text = (EXAMPLE / "match.yaml").read_text(encoding="utf-8").replace("  stage: league", "  stop_after_bout: 3\n"
                                                                         "  stage: league")
    (first / "match.yaml").write_text(text, encoding="utf-8")
    (first / "turn-01.yaml").write_text((EXAMPLE / "turn-01.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(cli, ["resolve", "first/match.yaml", "--json", "first.json"]).exit_code == 0
    made = runner.invoke(cli, ["new", "logos", "later", "--from", "first.json"])
    assert made.exit_code == 0, made.output
    match = tmp_path / "later" / "match.yaml"
    setup = yaml.safe_load(match.read_text(encoding="utf-8"))["setup"]
    log = json.loads((tmp_path / "first.json").read_text(encoding="utf-8"))
    assert setup["round"]["bout"] == 3 and setup["round"]["first"] == log["state"]["first"]
    assert "stop_after_bout" not in setup
    assert {s: v["starters"] for s, v in setup["sides"].items()} == \
        {s: v["starters"] for s, v in log["state"]["sides"].items()}
    assert setup["sides"]["bob"]["choices"] == [{"who": "tsubame", "skill": "戦術転換", "target": "ren"}]
    knocked = sorted(c for c, v in log["state"]["characters"].items() if "knocked_out" in v["states"])
    assert sorted(c for c, v in setup["characters"].items() if v.get("knocked_out")) == knocked
    assert [e["id"] for e in setup["effects"]] == [e["seq"] for e in log["state"]["effects"]]
    match.write_text(match.read_text(encoding="utf-8").replace("turns: []", "turns: [turn-01.yaml]"), encoding="utf-8")
    (tmp_path / "later" / "turn-01.yaml").write_text("dhproc: 1\nmatch: match.yaml\nturn: 1\nsubmissions: {}\n",
                                                     encoding="utf-8")
    assert runner.invoke(cli, ["validate", "later/match.yaml"]).exit_code == 0
    whole = runner.invoke(cli, ["resolve", str(EXAMPLE / "match.yaml")]).output
    later = runner.invoke(cli, ["resolve", "later/match.yaml"]).output
    assert "【途中から再開】第4ターンから" in later and "■第3ターン" not in later
    assert later[later.index("■第4ターン"):] == whole[whole.index("■第4ターン"):]


def test_logos_11_4_a_round_may_stop_after_a_turn() -> None:
    log = _resolve(_example(stop_after_bout=2))
    assert [e["bout"] for e in events(log, "bout_start")] == [1, 2]
    assert events(log)[-1] == {"seq": len(events(log)), "kind": "stopped", "bout": 2}
    assert log["outcome"] == {"result": "ongoing", "winner": None, "reason": "in_progress"}
    assert "■第2ターンで中断" in report(log)
    assert "Stopped after turn 2" in report(log, lang="en")


def test_logos_11_4_a_round_decided_before_the_stop_is_decided() -> None:
    log = _resolve(_example(stop_after_bout=50))
    assert not events(log, "stopped") and log["outcome"]["result"] != "ongoing"


# ---------------------------------------------------------------- LOGOS-11.1 a round under way, by hand

def _under_way(**changes: object) -> dict:
    """赤組 and 青組 at the start of ターン 3: red1 and blue1 are out, red2 has a +3 attack for one more of
    its ターン, a field lowers the enemies' defense until ターン 4, and red has 1 DP."""
    m = make({"r1": char("赤一", "red"), "r2": char("赤二", "red", atk=5, dfn=2, color="赤"),
              "r3": char("赤三", "red"), "r4": char("赤四", "red"), "r5": char("赤五", "red")},
             {"b1": char("青一", "blue"), "b2": char("青二", "blue", dfn=9, weak="青", rea=1),
              "b3": char("青三", "blue"), "b4": char("青四", "blue"), "b5": char("青五", "blue")})
    setup = m["setup"]
    setup["round"] = {"bout": 2, "first": "red"}
    setup["sides"]["red"].update(starters=["r1", "r2", "r3", "r4", "r5"], dp=1)
    setup["sides"]["blue"].update(starters=["b1", "b2", "b3", "b4", "b5"])
    chars = setup["characters"]
    chars["r1"]["knocked_out"] = chars["b1"]["knocked_out"] = True
    chars["r2"].update(active_bouts=1, current={"attack": 8})
    chars["b2"]["active_bouts"] = 1
    setup["effects"] = [
        {"id": 2, "kind": "stat", "bearer": "r2", "stat": "attack", "value": 3, "end": 2,
         "source": {"character": "r2", "skill": "気合"}},
        {"id": 3, "kind": "field", "name": "泥沼", "applies_to": "enemies", "owner_side": "red", "stat": "defense",
         "value": -1, "end": 4, "source": {"character": "r2", "skill": "泥沼"}},
    ]
    setup["next_effect_id"] = 4
    m["turns"] = [{"turn": 1, "submissions": {}}]
    for path, value in changes.items():
        node = m
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[int(k) if isinstance(node, list) else k]
        if value is None:
            del node[int(keys[-1]) if isinstance(node, list) else keys[-1]]
        else:
            node[int(keys[-1]) if isinstance(node, list) else keys[-1]] = value
    return m


def test_logos_11_1_a_round_resumes_where_it_stands() -> None:
    log = resolve(_under_way())
    evs = events(log)
    assert evs[0] == {"seq": 1, "kind": "resume", "bout": 3, "first": "red", "dp": {"red": 1, "blue": 0}}
    assert not events(log, "first_player") and not events(log, "lineup")
    start = events(log, "bout_start")[0]
    assert start["bout"] == 3 and start["actives"] == {"red": "r2", "blue": "b2"}  # the knocked out stand aside
    assert start["stats"]["r2"]["attack"] == 8 and start["stats"]["b2"]["defense"] == 8  # 5+3; 9-1 (field)
    attack = events(log, "attack", actor="r2")[0]
    assert (attack["attack"], attack["defense"], attack["success"]) == (8, 8, True)
    # r2's +3 ends at its second ターン as the active character; the field at the end of ターン 4
    assert events(log, "expire")[0] == {**events(log, "expire")[0], "effect_id": 2, "character": "r2"}
    assert events(log, "bout_end")[0]["bout"] == 3


def test_logos_11_1_the_report_shows_where_the_round_stands() -> None:
    text = report(resolve(_under_way()))
    head = text[text.index("【途中から再開】第3ターンから（先攻：赤組）"):text.index("■第3ターン")]
    assert "赤組　DP：1" in head and "戦闘不能" in head
    assert "|      8 |" in head  # r2's attack with its lasting +3


def test_logos_11_2_the_state_needs_a_round_under_way() -> None:
    m = _under_way(**{"setup.round": None})
    with use_lang("en"), pytest.raises(InputError) as info:
        load(m)
    text = str(info.value)
    for key in ("starters", "dp", "knocked_out", "active_bouts", "current", "effects", "next_effect_id"):
        assert f"only a round under way (round:) has '{key}'" in text


@pytest.mark.parametrize("changes, where, message", [
    ({"setup.characters.r2.knocked_out": True, "setup.characters.r3.knocked_out": True,
      "setup.characters.r4.knocked_out": True, "setup.characters.r5.knocked_out": True},
     "/setup/sides/red/starters", "every starter of side '赤組 (red)' is 戦闘不能: that round was decided at (10)"),
    ({"setup.characters.r3.order": 2}, "/setup/characters/r3/order", "行動順 2 is also '赤二 (r2)''s"),
    ({"setup.sides.red.dp": -3}, "/setup/sides/red/dp", "DP -3 is below 0, which only the option dp_below_zero"),
    ({"setup.characters.redb1.knocked_out": True}, "/setup/characters/redb1/knocked_out",
     "'red控1 (redb1)' is not a starter: it has no 'knocked_out'"),
    ({"setup.effects.0.end": 1}, "/setup/effects/0/end", "it ended at 1 on clock active:r2, which already reads 1"),
    ({"setup.effects.1.end": 2}, "/setup/effects/1/end", "it ended at 2 on clock turn, which already reads 2"),
    ({"setup.effects.1.id": 2}, "/setup/effects/1/id", "effect id 2 is used twice"),
    ({"setup.next_effect_id": 3}, "/setup/next_effect_id", "next_effect_id must be after every effect id (highest 3)"),
    ({"setup.characters.r2.current": {"attack": 7}}, "/setup/characters/r2/current/attack",
     "current attack 7 is not the 8 its initial 5 and its effects and fields give"),
    ({"setup.effects.0.bearer": "nobody"}, "/setup/effects/0/bearer", "unknown character 'nobody'"),
    ({"setup.effects.0": {"id": 2, "kind": "keyword", "bearer": "r2", "keyword": "jinrai", "end": 2}},
     "/setup/effects/0/keyword", "《迅雷》 cannot be granted"),  # LOGOS-6.13
    ({"setup.effects.1.owner_side": "green"}, "/setup/effects/1/owner_side", "'green' is not a side"),
    ({"setup.round.first": "green"}, "/setup/round/first", "'green' is not a side"),
    ({"setup.sides.blue.starters": None}, "/setup/sides/blue", "a round under way needs side '青組 (blue)''s starters"),
    ({"setup.sides.blue.starters": ["b1", "b2", "b3", "b4", "r5"]}, "/setup/sides/blue/starters/4",
     "'赤五 (r5)' belongs to side '赤組 (red)', not '青組 (blue)'"),
    ({"setup.stop_after_bout": 2}, "/setup/stop_after_bout", "cannot stop after ターン 2: the round has already "
                                                             "played 2"),
    ({"turns": [{"turn": 1, "submissions": {"red": {"starters": ["r1", "r2", "r3", "r4", "r5"]}}}]},
     "/turns/0/submissions/red", "the round is under way: '赤組 (red)''s starters and choices are in the setup"),
])
def test_logos_11_3_the_round_under_way_is_checked_against_the_rules(changes: dict, where: str,
                                                                    message: str) -> None:
    m = _under_way(**changes)
    with use_lang("en"), pytest.raises(InputError) as info:
        load(m)
    found = [p.format() for p in info.value.problems]
    assert any(message in p and where in p for p in found), found


def test_logos_11_3_problems_of_a_round_under_way_are_said_in_japanese() -> None:
    with pytest.raises(InputError) as info:
        load(_under_way(**{"setup.characters.r2.current": {"attack": 7}}))
    assert "現在の攻撃7は、初期値5と継続効果・フィールドから求まる8と合いません" in str(info.value)


def test_logos_11_1_a_chosen_target_carries_over() -> None:
    helper = skill("援護", "turn_start", stat("chosen_ally", "defense", 2, 1))
    m = _under_way(**{"setup.characters.r2.skills": [helper]})
    # LOGOS-11.3: under way a starter's choice may be missing (a member placed mid-round had none);
    # its skill then reaches nobody, as it would have before the stop
    assert not [e for e in events(resolve(m), "effect", skill="援護")]
    m["setup"]["sides"]["red"]["choices"] = [{"who": "r2", "skill": "援護", "target": "r3"}]
    log = resolve(m)
    assert events(log, "effect", skill="援護")[0]["target"] == "r3"


def test_logos_11_1_the_docs_snippet_is_the_round_under_way_of_these_tests() -> None:
    import re

    text = (ROOT / "docs" / "rules" / "logos.md").read_text(encoding="utf-8")
    snippet = yaml.safe_load(re.findall(r"```yaml\n(.*?)```", text, re.S)[2])["setup"]
    setup = _under_way()["setup"]
    for key in ("round", "effects", "next_effect_id"):
        assert snippet[key] == setup[key]
    assert snippet["sides"] == setup["sides"]
    for cid in ("r1", "r2"):
        assert snippet["characters"][cid] == setup["characters"][cid]


def test_logos_11_3_a_bench_member_may_be_charged() -> None:
    """With passive_scope: team a bench member's パッシブ may have charged it (found by the continuation
    property): ``charged`` is not a starter's alone, ``knocked_out`` is."""
    m = _under_way(**{"setup.characters.redb1.charged": True})
    m["options"] = {"passive_scope": "team"}
    assert resolve(m)["state"]["characters"]["redb1"]["states"] == ["charged"]


def test_logos_11_3_a_knocked_out_starter_may_share_its_order_and_dp_may_be_negative_by_option() -> None:
    """Found by the continuation property: with slowest_counts_knocked_out false a member placed
    "slowest" takes the number a knocked-out one still holds, and with dp_below_zero DP go below 0;
    a round stopped there continues."""
    m = _under_way(**{"setup.characters.r3.knocked_out": True, "setup.characters.r3.order": 2,
                      "setup.characters.r2.order": 2, "setup.sides.red.dp": -3})
    with use_lang("en"), pytest.raises(InputError) as info:
        load(m)
    assert [p.path for p in info.value.problems] == [("setup", "sides", "red", "dp")]
    m["options"] = {"dp_below_zero": True}
    assert load(m) is not None


def test_logos_11_3_a_round_under_way_carries_any_value_play_reaches() -> None:
    """Found by the deep continuation property: stat-derived effects grew a 防御 to 45,563,411 in play
    and the continued setup refused it (the state allowed ±1,000,000). A stat has no maximum
    (LOGOS-1.3); the state now holds anything up to 2**53 - 1, beyond which it is a located error."""
    big = 45_563_406
    m = _under_way(**{"setup.effects.0.value": big, "setup.characters.r2.current": {"attack": 5 + big}})
    load(m)
    too_big = _under_way(**{"setup.effects.0.value": 2**53})
    with use_lang("en"), pytest.raises(InputError) as info:
        load(too_big)
    assert "/setup/effects/0/value" in str(info.value)
