"""LOGOS-3 (one ターン), LOGOS-4 (アタック) and LOGOS-9 (victory)."""

from __future__ import annotations

import pytest

from .helpers import char, events, make, report, resolve, skill, stat

STRONG = char("強", "red", atk=9, dfn=20, rea=8)  # knocks out every filler (攻撃9≧防御9), never knocked out
KO_ENEMY = {"op": "knock_out", "target": "facing_enemy"}


def kinds(log: dict, *wanted: str) -> list[str]:
    return [e["kind"] for t in log["turns"] for e in t["events"] if e["kind"] in wanted]


# LOGOS-3 -------------------------------------------------------------------------------------

def test_logos_3_1_actives_are_the_earliest_standing_and_the_survivor_stays() -> None:
    log = resolve(make({"r": STRONG}))
    actives = [e["actives"] for e in events(log, "bout_start")]
    assert actives == [{"red": "r", "blue": f"blue{i}"} for i in range(1, 6)]


def test_logos_3_2_turn_start_skills_of_both_actives_in_initiative_order() -> None:
    m = make({"r": char("甲", "red", rea=7, skills=[skill("赤の歌", "turn_start", stat("self", "defense", 1))])},
             {"b": char("乙", "blue", rea=8, skills=[skill("青の歌", "turn_start", stat("self", "defense", 1))])},
             red_bench={"x": char("控", "red", rea=0, skills=[skill("控の歌", "turn_start", stat("self", "defense", 1))])})
    log = resolve(m)
    first_bout = log["turns"][0]["events"]
    names = [e["skill"] for e in first_bout if e["kind"] == "skill" and e.get("timing") == "turn_start"][:2]
    assert names == ["青の歌", "赤の歌"]
    assert not events(log, "skill", skill="控の歌")
    assert "(2) ターン開始時" in report(log)


def test_logos_3_3_initiative_reads_current_reaction() -> None:
    m = make({"r": char("甲", "red", rea=5, skills=[skill("加速", "turn_start", stat("self", "reaction", 3, turns=1))])},
             {"b": char("乙", "blue", rea=7)})
    ini = events(resolve(m), "initiative")[0]
    assert ini["order"] == ["r", "b"] and ini["reaction"] == {"r": 8, "b": 7} and ini["tie"] is False


def test_logos_3_4_before_action_fires_in_the_acting_characters_own_step() -> None:
    m = make({"r": char("甲", "red", rea=8, skills=[skill("構え", "before_action", stat("self", "defense", 1))])},
             {"b": char("乙", "blue", rea=2, skills=[skill("身構え", "before_action", stat("self", "defense", 1))])})
    log = resolve(m)
    seq = [(e["kind"], e.get("actor") or e.get("skill")) for e in log["turns"][0]["events"]
           if e["kind"] in ("act", "skill", "attack")][:6]
    assert seq == [("act", "r"), ("skill", "構え"), ("attack", "r"), ("act", "b"), ("skill", "身構え"), ("attack", "b")]


ACTIONS = [skill("技一", "action", stat("self", "defense", 1), rate=50),
           skill("技二", "action", stat("self", "defense", 1), rate=50)]


@pytest.mark.parametrize("options, faces, results, attacked", [
    ({}, [60, 40], ["failure", "success"], False),
    ({}, [60, 70], ["failure", "failure"], True),
    ({"action_skills": "first_eligible"}, [60], ["failure"], True),
    ({"failed_action_skill": "nothing"}, [60], ["failure"], False),
])
def test_logos_3_5_action_skills_replace_the_attack(options: dict, faces: list[int], results: list[str],
                                                    attacked: bool) -> None:
    m = make({"r": char("甲", "red", rea=9, skills=ACTIONS)}, first="red", options=options,
             dice={"faces": faces, "then": "seeded"})
    log = resolve(m)
    bout1 = [e for e in log["turns"][0]["events"] if e.get("bout", 1) == 1][:40]
    first_act = bout1[[e["kind"] for e in bout1].index("act"):]
    first_act = first_act[:[e["kind"] for e in first_act].index("act", 1)]
    assert [e["result"] for e in first_act if e["kind"] == "skill"] == results
    assert any(e["kind"] == "attack" for e in first_act) is attacked
    if options.get("failed_action_skill") == "nothing":
        assert "《技一》の発動判定に失敗：アタックしない" in report(log)


def test_logos_3_5_an_action_skill_whose_condition_fails_does_not_count() -> None:
    s = skill("条件技", "action", stat("self", "defense", 1), condition={"of": "self", "attr": "attack", "at_least": 99})
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[s])}, first="red",
                       options={"failed_action_skill": "nothing"}))
    assert events(log, "skill")[0]["result"] == "condition_not_met"
    assert events(log, "attack", actor="r")


def test_logos_3_6_attack_zero_does_nothing() -> None:
    log = resolve(make({"r": char("甲", "red", atk=0, rea=9)}))
    e = events(log, "no_attack", actor="r")[0]
    assert (e["reason"], e["attack"]) == ("attack_zero", 0)
    assert not events(log, "attack", actor="r")
    assert "攻撃0のため何もしない" in report(log)


@pytest.mark.parametrize("option, attacked", [("skip", False), ("attack", True)])
def test_logos_3_6_a_knocked_out_enemy_is_not_attacked_again(option: str, attacked: bool) -> None:
    r = char("甲", "red", color="赤", atk=9, rea=9, skills=[skill("瞬殺", "before_action", KO_ENEMY)])
    log = resolve(make({"r": r}, {"b": char("乙", "blue", weak="赤")}, first="red",
                       options={"attack_knocked_out_target": option}))
    bout1 = [e for e in log["turns"][0]["events"]][: 1 + [e["kind"] for e in log["turns"][0]["events"]].index("bout_end")]
    assert any(e["kind"] == "attack" for e in bout1) is attacked
    if attacked:
        a = next(e for e in bout1 if e["kind"] == "attack")
        assert a["critical"] and [e["total"] for e in bout1 if e["kind"] == "dp"] == [1]
    else:
        assert next(e for e in bout1 if e["kind"] == "no_attack")["reason"] == "target_knocked_out"


def test_logos_3_7_after_action_fires_after_the_attack() -> None:
    m = make({"r": char("甲", "red", rea=9, skills=[skill("残心", "after_action", stat("self", "defense", 1))])})
    evs = [e["kind"] for e in resolve(m)["turns"][0]["events"]]
    assert evs.index("skill") > evs.index("attack")


def test_logos_3_8_a_knocked_out_second_mover_does_not_act() -> None:
    log = resolve(make({"r": STRONG}))
    assert events(log, "no_action", actor="blue1")[0]["reason"] == "knocked_out"
    assert not events(log, "attack", actor="blue1")


def test_logos_3_8_a_first_mover_knocked_out_at_turn_start_does_not_act() -> None:
    b = char("乙", "blue", rea=1, skills=[skill("先制", "turn_start", KO_ENEMY)])
    log = resolve(make({"r": char("甲", "red", rea=9)}, {"b": b}))
    evs = log["turns"][0]["events"]
    act_r = next(i for i, e in enumerate(evs) if e["kind"] == "act" and e["actor"] == "r")
    assert evs[act_r + 1]["kind"] == "no_action"
    assert events(log, "no_attack", actor="b")[0]["reason"] == "target_knocked_out"


def test_logos_3_8_an_actor_knocked_out_by_a_counter_stops() -> None:
    guard = char("護", "blue", rea=0, skills=[skill("報復", "counter", KO_ENEMY, trigger={"event": "attacked", "who": "ally"})])
    r = char("甲", "red", rea=9, skills=[skill("残心", "after_action", stat("self", "defense", 1))])
    log = resolve(make({"r": r}, {"blue1": char("乙", "blue"), "g": guard}))
    evs = log["turns"][0]["events"]
    first = evs[: [e["kind"] for e in evs].index("bout_end")]
    assert [e["kind"] for e in first if e.get("actor") == "r" or e.get("character") == "r"][:4] == \
        ["act", "attack", "knocked_out", "no_action"]
    assert not events(log, "skill", skill="残心")


@pytest.mark.parametrize("option, fired", [(True, 1), (False, 0)])
def test_logos_3_9_neither_knocked_out_is_a_draw(option: bool, fired: int) -> None:
    mourn = char("弔", "blue", rea=0, skills=[skill("弔い", "counter", stat("self", "attack", 1),
                                                     trigger={"event": "knocked_out", "who": "other_ally"})])
    log = resolve(make(blue={"blue1": char("乙", "blue"), "m": mourn}, options={"draw_triggers": option}))
    draw = events(log, "bout_draw")[0]
    assert draw["bout"] == 1
    assert [e["cause"] for e in events(log, "knocked_out")[:2]] == ["draw", "draw"]
    bout1 = log["turns"][0]["events"][: [e["kind"] for e in log["turns"][0]["events"]].index("bout_end")]
    assert sum(1 for e in bout1 if e["kind"] == "skill" and e["skill"] == "弔い") == fired
    assert "(8) 両者戦闘不能でないため引き分け：" in report(log)


def test_logos_3_10_turn_end_counts_down_and_clears_the_actives() -> None:
    m = make({"r": char("甲", "red", rea=9, skills=[skill("構え", "before_action", stat("self", "defense", 2, turns=1))])})
    log = resolve(m)
    evs = log["turns"][0]["events"]
    kinds1 = [e["kind"] for e in evs[: [e["kind"] for e in evs].index("bout_end") + 1]]
    assert kinds1[-2:] == ["expire", "bout_end"]
    assert "(9) ターン終了：効果終了 甲の防御+2" in report(log)
    assert all("active" not in c["states"] for c in log["state"]["characters"].values())


def test_logos_3_11_turn_cap_ends_the_round_as_a_draw() -> None:
    log = resolve(make({"r": STRONG}, options={"turn_cap": 2}))
    assert [e["bout"] for e in events(log, "bout_start")] == [1, 2]
    assert log["outcome"] == {"result": "draw", "winner": None, "reason": "turn_cap"}
    assert "引き分け（2ターンの上限（turn_cap））" in report(log)


def test_logos_3_11_turn_cap_in_the_final_goes_to_dp() -> None:
    r = char("強", "red", color="赤", atk=9, dfn=20, rea=8)
    log = resolve(make({"r": r}, {"blue1": char("乙", "blue", weak="赤")}, options={"turn_cap": 1}, stage="final"))
    assert log["outcome"] == {"result": "win", "winner": "red", "reason": "final_dp"}


# LOGOS-4 -------------------------------------------------------------------------------------

def first_attack(m: dict) -> dict:
    return events(resolve(m), "attack")[0]


def test_logos_4_1_any_colour_in_any_weakness_succeeds() -> None:
    r = char("甲", "red", color=["赤", "青"], keywords=["moukou"], atk=3, rea=9)
    a = first_attack(make({"r": r}, {"b": char("乙", "blue", weak=["緑", "青"], dfn=9)}))
    assert (a["matched"], a["color_hit"], a["power_hit"], a["success"], a["critical"]) == (["青"], True, False, True, False)


def test_logos_4_2_attack_equal_to_defense_succeeds() -> None:
    a = first_attack(make({"r": char("甲", "red", atk=9, rea=9)}, {"b": char("乙", "blue", dfn=9)}))
    assert (a["attack"], a["defense"], a["power_hit"], a["color_hit"], a["success"]) == (9, 9, True, False, True)
    a = first_attack(make({"r": char("甲", "red", atk=8, rea=9)}, {"b": char("乙", "blue", dfn=9)}))
    assert (a["power_hit"], a["success"]) == (False, False)


def test_logos_4_3_both_tests_make_a_critical_and_one_dp() -> None:
    log = resolve(make({"r": char("甲", "red", color="赤", atk=9, rea=9)}, {"b": char("乙", "blue", weak="赤")}))
    a = events(log, "attack")[0]
    assert a["critical"] is True
    assert events(log, "dp")[0] == {**events(log, "dp")[0], "side": "red", "amount": 1, "total": 1, "reason": "critical"}
    assert log["state"]["sides"]["red"]["dp"] == 1
    assert "→ クリティカル" in report(log) and "赤組 DP+1（計1）" in report(log)


def test_logos_4_4_success_knocks_out_and_failure_does_nothing() -> None:
    log = resolve(make({"r": char("甲", "red", color="赤", atk=3, rea=9)}, {"b": char("乙", "blue", weak="黄", dfn=9)}))
    a = events(log, "attack")[0]
    assert a["success"] is False
    assert not [e for e in events(log, "knocked_out") if e["cause"] == "attack"]
    assert "アタック→乙　色/弱点：赤/黄 ×　攻撃/防御：3≧9 ×　→ 失敗" in report(log)
    log = resolve(make({"r": STRONG}))
    assert events(log, "knocked_out")[0] == {**events(log, "knocked_out")[0], "character": "blue1", "cause": "attack",
                                             "by": "r"}


# LOGOS-9 -------------------------------------------------------------------------------------

def test_logos_9_1_all_starters_knocked_out_loses_the_bench_never_counts() -> None:
    log = resolve(make({"r": STRONG}))
    assert log["outcome"] == {"result": "win", "winner": "red", "reason": "wipeout"}
    assert all("knocked_out" not in log["state"]["characters"][f"blueb{i}"]["states"] for i in range(1, 5))
    assert "赤組の勝利（相手のスタメン全員が戦闘不能）" in report(log)


def fukutsu_round(red_f: int, blue_f: int, **kw) -> dict:
    red = {f"red{i}": char(f"赤{i}", "red", **({"keywords": ["fukutsu"]} if i <= red_f else {})) for i in range(1, 6)}
    blue = {f"blue{i}": char(f"青{i}", "blue", **({"keywords": ["fukutsu"]} if i <= blue_f else {})) for i in range(1, 6)}
    return resolve(make(red, blue, **kw))


def test_logos_9_2_double_wipe_out_goes_to_more_fukutsu() -> None:
    log = fukutsu_round(1, 2)
    assert log["outcome"] == {"result": "win", "winner": "blue", "reason": "fukutsu"}
    assert events(log, "outcome")[0]["fukutsu"] == {"red": 1, "blue": 2}
    assert "青組の勝利（両者全滅、《不屈》のスタメン 2人 対 1人）" in report(log)


def test_logos_9_2_equal_fukutsu_is_a_draw() -> None:
    log = fukutsu_round(1, 1)
    assert log["outcome"] == {"result": "draw", "winner": None, "reason": "fukutsu_tie"}


def test_logos_9_3_a_final_draw_goes_to_more_dp() -> None:
    # 甲 scores one クリティカル on 乙, falls to 丙's colour; then every ターン is a draw: 不屈 0-0, DP 1-0
    red = {"r": char("甲", "red", color="赤", weak="青", atk=9, dfn=20, rea=1)}
    blue = {"blue1": char("乙", "blue", weak="赤"), "blue2": char("丙", "blue", color="青")}
    log = resolve(make(red, blue, stage="final"))
    out = events(log, "outcome")[0]
    assert (out["result"], out["winner"], out["reason"], out["draw_reason"]) == ("win", "red", "final_dp", "fukutsu_tie")
    assert out["dp"] == {"red": 1, "blue": 0}
    assert "赤組の勝利（両者全滅、《不屈》のスタメン同数 0人、決勝トーナメントのため DP 1 対 0）" in report(log)


@pytest.mark.parametrize("face", [1, 2])
def test_logos_9_3_equal_dp_in_the_final_tosses_a_coin(face: int) -> None:
    log = fukutsu_round(0, 0, stage="final", first="blue", dice=[face])
    out = events(log, "outcome")[0]
    assert (out["reason"], out["coin"]) == ("final_coin", face)
    assert out["winner"] == ("blue" if face == 1 else "red")  # 1 = 先攻
    assert events(log, "roll")[-1]["decides"] == "final_draw"


def test_logos_9_3_a_league_draw_stays_a_draw() -> None:
    assert fukutsu_round(0, 0)["outcome"]["result"] == "draw"


def test_logos_9_4_otherwise_the_next_turn_begins() -> None:
    log = resolve(make({"r": STRONG}))
    judged = events(log, "judge")
    assert [e["bout"] for e in judged] == [1, 2, 3, 4]
    assert judged[0]["standing"] == {"red": 5, "blue": 4}
    assert "(10) 続行（残り" in report(log)

