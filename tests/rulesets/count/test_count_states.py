"""count: 行動不能, ダメージロール後 and re-roll effects (COUNT-3.9, 4.5, 5.7, 5.8, 7.10)."""

from __future__ import annotations

import pytest

from dhproc.errors import InputError
from dhproc.words.messages import use_lang

from .helpers import SLASH, events, load, make, report, resolve, unit

HOLD = {"name": "金縛り", "timing": "main_action", "check": "hit", "kind": "none", "range": 1,
        "damage": {"fixed": 1, "attributes": ["氷"]}, "riders": [{"op": "stop"}]}
HOLD_G = {"main_action": {"skill": "金縛り", "targets": ["g"]}}
SLASH_A = {"main_action": {"skill": "斬撃", "targets": ["a"]}}


def held(options=None, g=None, dice=(5, 5, 99), enemy=None):
    """アオイ (count 15) holds ゴブリン (count 3) with 金縛り; ゴブリン plans to strike back."""
    units = {"a": unit("アオイ", "pc", "E5", 15, skills=[dict(SLASH), HOLD]),
             "g": unit("ゴブリン", "enemy", "E6", 3, **(g or {}))}
    plans = {"pc": {"plans": {"a": [HOLD_G]}}, "enemy": enemy or {"plans": {"g": [SLASH_A]}}}
    return resolve(make(units, plans, dice=list(dice), options=options))


def kinds(log, *names):
    return [e["kind"] for t in log["turns"] for e in t["events"] if e["kind"] in names]


def test_count_3_9_a_stopped_character_meets_its_turn_without_acting() -> None:
    log = held()
    (stop,) = [e for e in events(log, "effect") if e["op"] == "stop"]
    assert (stop["target"], stop["by"], stop["step"]) == ("g", "a", 9)
    (slot,) = events(log, "turn_slot", character="g")
    assert (slot["count_before"], slot["count_after"], slot["done"]) == (3, 0, True)  # the −10 still happens
    assert events(log, "stopped", character="g") and not events(log, "attack", actor="g")
    assert [e["reason"] for e in events(log, "cancel", character="g")] == ["stopped"]  # COUNT-1.8: its plan
    # it lasts until the エンドフェイズ (default): ended there, after the stopped 行動手番
    assert kinds(log, "stopped", "stop_ends", "end_phase") == ["stopped", "stop_ends", "end_phase"]
    text = report(log)
    assert "ゴブリン 行動不能（エンドフェイズまで）" in text and "行動不能：行動しない" in text


def test_count_3_9_stop_ends_own_turn_frees_it_after_one_slot() -> None:
    log = held({"stop_ends": "own_turn"})
    assert kinds(log, "stopped", "stop_ends", "end_phase") == ["stopped", "stop_ends", "end_phase"]
    (ends,) = events(log, "stop_ends")
    seq = [e["kind"] for t in log["turns"] for e in t["events"]]
    # right after its 行動手番 (the plan it could not carry out cancelled, COUNT-1.8), not at the エンドフェイズ
    between = seq[seq.index("stopped") + 1:seq.index("stop_ends")]
    assert between == ["cancel"] * len(between)
    assert ends["character"] == "g"
    assert "（次の行動手番まで）" in report(log)


def test_count_3_9_a_stopped_character_takes_no_ca_and_covers_nobody() -> None:
    # the d100 99 reads 9+9 = 18 ≤ CA値 18: ゴブリン gains a CA, then 金縛り's rider stops it before it comes
    log = held(g={"ca_value": 18, "ca_left": 1}, enemy={"reactions": {"g": {"ca": True}}})
    assert events(log, "evasion", actor="g")[0]["ca_taken"] is True
    (lapse,) = events(log, "cancel", character="g", action="ca")
    assert lapse["reason"] == "stopped" and not events(log, "ca")
    assert "行えない（行動不能）" in report(log)
    # a stopped coverer: the covered ally takes its own damage
    cover = {"name": "カバーリング", "timing": "before_damage", "op": "cover", "range": 2}
    units = {"a": unit("アオイ", "pc", "E5", 15), "g": unit("ゴブリン", "enemy", "E6", 3),
             "k": unit("騎士", "enemy", "F6", 2, stopped=True, skills=[dict(SLASH), cover])}
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "斬撃", "targets": ["g"]}}]}},
             "enemy": {"reactions": {"k": {"cover": ["g"]}}}}
    log = resolve(make(units, plans, dice=[5, 5, 99]))
    assert not events(log, "cover") and events(log, "damage")[0]["target"] == "g"
    plans["enemy"]["reactions"]["k"] = {"cover": ["g"]}
    units["k"].pop("stopped")
    log = resolve(make(units, plans, dice=[5, 5, 99]))
    assert events(log, "cover") and events(log, "damage")[0]["target"] == "k"  # the same match, able to act


def test_count_5_8_a_target_that_cannot_act_is_hit_without_an_evasion_check() -> None:
    units = {"a": unit("アオイ", "pc", "E5", 15),
             "g": unit("ゴブリン", "enemy", "E6", 3, stopped=True, evasion=40, ca_value=18, ca_left=1)}
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "斬撃", "targets": ["g"]}}]}},
             "enemy": {"reactions": {"g": {"ca": True}}}}
    log = resolve(make(units, plans, dice=[5, 5]))  # the 2D10 only: no d100 is drawn
    assert not events(log, "evasion") and not events(log, "ca")
    (skip,) = events(log, "no_evasion")
    assert (skip["actor"], skip["reason"]) == ("g", "stopped")
    (dmg,) = events(log, "damage")
    assert (dmg["target"], dmg["final"], dmg["no_reduction"]) == ("g", 5, False)
    assert "行動不能のため回避判定なし" in report(log)
    # the setup's state is in the table, and ends at the エンドフェイズ
    assert events(log, "stop_ends", character="g")
    assert "stopped" not in log["state"]["characters"]["g"]


def test_count_1_5_a_stopped_state_carries_into_a_continued_setup() -> None:
    from dhproc.rulesets.count.campaign import setup_from_log

    units = {"a": unit("アオイ", "pc", "E5", 15), "g": unit("ゴブリン", "enemy", "E6", 3, stopped=True)}
    log = resolve(make(units, {"pc": {"plans": {"a": []}}}, turns=[{"turn": 1, "submissions": {"enemy": {}}}]))
    assert log["turns"][0]["status"] == "awaiting"
    assert log["state"]["characters"]["g"]["stopped"] is True
    assert setup_from_log(log)["characters"]["g"]["stopped"] is True


DRAIN = {"name": "吸血", "timing": "after_damage", "targets": {"side": "self"}, "effects": [{"op": "heal", "value": 3}]}
CURSE = {"name": "呪詛返し", "timing": "after_damage", "when": "taken", "targets": {"side": "enemy"},
         "effects": [{"op": "count", "value": -2}]}


def drained(dice, options=None, a_extra=None):
    units = {"a": unit("アオイ", "pc", "E5", 15, hp_now=20, skills=[dict(SLASH), DRAIN], **(a_extra or {})),
             "g": unit("ゴブリン", "enemy", "E6", 3, agility=9, skills=[dict(SLASH), CURSE])}
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "斬撃", "targets": ["g"]}}]}}}
    return resolve(make(units, plans, dice=dice, options=options))


def test_count_7_10_after_damage_effects_fire_once_the_damage_is_done() -> None:
    log = drained([5, 5, 99])
    seq = [(e["kind"], e.get("skill")) for t in log["turns"] for e in t["events"]
           if e["kind"] in ("damage", "use") and e.get("action", "after_damage") == "after_damage"]
    # ゴブリン (敏捷 9) before アオイ (敏捷 5), both after the damage
    assert seq == [("damage", "斬撃"), ("use", "呪詛返し"), ("use", "吸血")]
    curse, drain = [e for e in events(log, "effect") if e["step"] is None]
    assert (curse["target"], curse["op"], curse["before"], curse["after"]) == ("a", "count", 5, 3)
    assert (drain["target"], drain["op"], drain["before"], drain["after"]) == ("a", "heal", 20, 23)
    assert "ダメージロール後：《吸血》" in report(log)
    log = drained([5, 5, 99], {"after_damage_order": "attacker_first"})
    assert [e["skill"] for e in events(log, "use") if e["action"] == "after_damage"] == ["吸血", "呪詛返し"]


def test_count_7_10_no_damage_roll_no_after_damage() -> None:
    log = drained([5, 5, 1])  # evaded: no damage roll, so no ダメージロール後
    assert not events(log, "damage_roll") and not [e for e in events(log, "use") if e["action"] == "after_damage"]
    # an item spends a use each time; with none left it does not fire
    item = dict(DRAIN, item=True, uses=0)
    units = {"a": unit("アオイ", "pc", "E5", 15, hp_now=20, skills=[dict(SLASH), item]),
             "g": unit("ゴブリン", "enemy", "E6", 3)}
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "斬撃", "targets": ["g"]}}]}}}
    assert not [e for e in events(resolve(make(units, plans, dice=[5, 5, 99])), "use") if e["action"] == "after_damage"]
    item["uses"] = 1
    log = resolve(make(units, plans, dice=[5, 5, 99]))
    assert [e["skill"] for e in events(log, "use") if e["action"] == "after_damage"] == ["吸血"]
    assert log["state"]["characters"]["a"]["uses"] == {"吸血": 0}


def test_count_7_10_after_damage_and_reroll_skills_are_checked() -> None:
    bad = [{"name": "後1", "timing": "after_damage"},
           {"name": "後2", "timing": "after_damage", "targets": {"side": "ally"}, "effects": [{"op": "heal", "value": 1}]},
           {"name": "振1", "timing": "reroll"},
           {"name": "癒", "timing": "sub_action", "targets": {"side": "self"}, "effects": [{"op": "heal", "value": -3}]},
           {"name": "技", "timing": "main_action", "roll": "hit", "when": "taken", "check": "hit",
            "damage": {"fixed": 1, "attributes": ["斬"]}}]
    units = {"a": unit("アオイ", "pc", "E5", 15, skills=[dict(SLASH)] + bad), "g": unit("ゴブリン", "enemy", "E6", 3)}
    with use_lang("en"), pytest.raises(InputError) as info:
        load(make(units))
    msgs = [p.format() for p in info.value.problems]
    for text in ("an after_damage skill lists its effects", "an after_damage skill targets self or enemy",
                 "a reroll skill names the roll it re-rolls", "only a reroll skill has 'roll'",
                 "only an after_damage skill has 'when'", "a heal of -3: a heal is 0 or more"):
        assert any(text in m for m in msgs), (text, msgs)


CHARM = {"name": "幸運のお守り", "timing": "reroll", "roll": "hit", "item": True, "uses": 1}


@pytest.mark.parametrize("order, first", [("skill_first", "幸運のお守り"), ("rerolls_first", None)])
def test_count_4_5_a_reroll_skill_or_item_pays_for_a_reroll(order, first) -> None:
    units = {"a": unit("アオイ", "pc", "E5", 15, hit_fumble=3, hand=["剣", "盾", "薬"], rerolls=1,
                       skills=[dict(SLASH), CHARM]),
             "g": unit("ゴブリン", "enemy", "E6", 3)}
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "斬撃", "targets": ["g"]}}]},
                    "reactions": {"a": {"reroll_hit_fumble": True}}}}
    # fumble (discard 1 of 3), fumble (discard 1 of 2), fumble (discard 1 of 1): both re-rolls spent
    log = resolve(make(units, plans, dice=[1, 1, 1, 1, 1, 1, 1, 1, 1], options={"reroll_order": order}))
    rerolls = events(log, "reroll")
    assert [e.get("skill") for e in rerolls] == ([first, None] if first else [None, "幸運のお守り"])
    assert len(events(log, "hit_check")) == 3 and len(events(log, "discard")) == 3
    state = log["state"]["characters"]["a"]
    assert (state["rerolls"], state["uses"]) == (0, {"幸運のお守り": 0})
    assert "《幸運のお守り》で振り直し" in report(log)


def test_count_5_7_an_evasion_reroll_skill() -> None:
    dodge = {"name": "見切り", "timing": "reroll", "roll": "evasion"}  # no uses: once on each check
    units = {"a": unit("アオイ", "pc", "E5", 15),
             "g": unit("ゴブリン", "enemy", "E6", 3, skills=[dict(SLASH), dodge])}
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "斬撃", "targets": ["g"]}}]}},
             "enemy": {"reactions": {"g": {"reroll_evasion_failure": True}}}}
    log = resolve(make(units, plans, dice=[5, 5, 80, 30]))
    assert [(e["face"], e["final"]) for e in events(log, "evasion")] == [(80, False), (30, True)]
    assert [e["skill"] for e in events(log, "reroll")] == ["見切り"] and not events(log, "damage")


def test_count_5_7_a_reroll_skill_without_uses_rerolls_a_check_once_so_a_hopeless_one_ends() -> None:
    """Found by the deep property run: 回避率 0% with a 振り直し skill without uses re-rolled for ever
    (an unbounded loop, its log growing without end). Once per check, then plain re-rolls, then done."""
    dodge = {"name": "見切り", "timing": "reroll", "roll": "evasion"}
    units = {"a": unit("アオイ", "pc", "E5", 15, hit=40),  # 命中 40+2D10 against 回避 10: 回避率 0%
             "g": unit("ゴブリン", "enemy", "E6", 3, rerolls=2, skills=[dict(SLASH), dodge])}
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "斬撃", "targets": ["g"]}}]}},
             "enemy": {"reactions": {"g": {"reroll_evasion_failure": True}}}}
    log = resolve(make(units, plans, seed=3))
    evasions = events(log, "evasion")
    assert {e["evasion_rate"] for e in evasions} == {0}
    assert [e.get("skill") for e in events(log, "reroll")] == ["見切り", None, None]  # the skill once, then 2 plain
    assert len(evasions) == 4 and evasions[-1]["final"] and not evasions[-1]["evaded"]


def test_count_3_9_stopped_by_its_own_sub_action_it_loses_the_main_action() -> None:
    trance = {"name": "瞑想", "timing": "sub_action", "targets": {"side": "self"}, "effects": [{"op": "stop"}]}
    units = {"a": unit("アオイ", "pc", "E5", 15, skills=[dict(SLASH), trance]), "g": unit("ゴブリン", "enemy", "E6", 3)}
    plans = {"pc": {"plans": {"a": [{"sub_action": {"skill": "瞑想"},
                                     "main_action": {"skill": "斬撃", "targets": ["g"]}}]}}}
    log = resolve(make(units, plans, dice=[]))
    assert events(log, "use", character="a", skill="瞑想") and events(log, "stopped", character="a")
    assert not events(log, "attack")


BLINK = {"name": "転移", "timing": "sub_action", "range": 3, "targets": {"side": "self"}, "effects": [{"op": "place"}]}
BOW = {"name": "射撃", "timing": "main_action", "check": "hit", "kind": "ranged", "range": 3,
       "damage": {"fixed": 2, "attributes": ["刺"]}}


def test_count_3_10_a_placement_is_not_a_move() -> None:
    units = {"a": unit("アオイ", "pc", "E8", 15, skills=[dict(SLASH), BLINK, BOW]), "g": unit("ゴブリン", "enemy", "E3", 3)}
    plans = {"pc": {"plans": {"a": [{"sub_action": {"skill": "転移", "to": "E6"},
                                     "main_action": {"skill": "射撃", "targets": ["g"]}}]}}}
    log = resolve(make(units, plans, dice=[5, 5, 99, 1, 1]))
    (place,) = events(log, "place")
    assert (place["from"], place["to"]) == ("E8", "E6")
    assert not events(log, "move") and not events(log, "cancel")
    assert events(log, "turn_slot", character="a")[0]["count_after"] == 5  # no count spent on it
    assert events(log, "attack", actor="a")  # 射 after a placement: allowed (COUNT-3.5 speaks of moves)
    assert "アオイをE8からE6に配置（移動ではない）" in report(log)
    # beyond the skill's 射程, or onto an occupied square: refused as events
    for to, reason, g_at in (("E4", "out_of_range", "E3"), ("E8", "same_square", "E3"), ("E6", "occupied", "E6")):
        units["g"]["at"] = g_at
        only = {"pc": {"plans": {"a": [{"sub_action": {"skill": "転移", "to": to}}]}}}
        log = resolve(make(units, only, dice=[]))
        assert events(log, "cancel", character="a")[0]["reason"] == reason and not events(log, "place")


def test_count_3_10_a_placement_names_its_square() -> None:
    units = {"a": unit("アオイ", "pc", "E8", 15, skills=[dict(SLASH), BLINK]), "g": unit("ゴブリン", "enemy", "E3", 3)}
    plans = {"pc": {"plans": {"a": [{"sub_action": {"skill": "転移"}}, {"main_action": {"skill": "斬撃", "to": "E6"}}]}}}
    with use_lang("en"), pytest.raises(InputError) as info:
        load(make(units, plans))
    msgs = [p.format() for p in info.value.problems]
    assert any("'転移' places a character: give the square as 'to'" in m for m in msgs)
    assert any("'to' goes with a skill that places its user" in m for m in msgs)
    units["a"]["skills"].append({"name": "押し出し", "timing": "main_action", "targets": {"side": "enemy", "count": 2},
                                 "effects": [{"op": "place"}]})  # one target at most (COUNT-3.11): one square
    with use_lang("en"), pytest.raises(InputError) as info:
        load(make(units))
    assert any("a place effect belongs to a sub_action or main_action skill that does not attack and targets self or "
               "one character" in p.format() for p in info.value.problems)
