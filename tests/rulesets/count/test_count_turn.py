"""count: files, the count track, 行動手番, the エンドフェイズ and the report (COUNT-1, 2, 3, 9, 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dhproc.errors import InputError
from dhproc.words.messages import use_lang

from .helpers import SLASH, events, load, make, report, resolve, unit

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

ATTACK_G = {"main_action": {"skill": "斬撃", "targets": ["g"]}}


def pair(a: dict | None = None, g: dict | None = None, a_count: int = 15, g_count: int = 3) -> dict:
    return {"a": {**unit("アオイ", "pc", "E5", a_count), **(a or {})},
            "g": {**unit("ゴブリン", "enemy", "E6", g_count), **(g or {})}}


def errors(m: dict, lang: str = "en") -> list[str]:
    """The problems of a match, in ``lang`` (the messages below are quoted in English)."""
    with use_lang(lang), pytest.raises(InputError) as info:
        load(m)
    return [p.format() for p in info.value.problems]


# ---------------------------------------------------------------- COUNT-1

def test_count_1_1_a_turn_is_a_round_with_its_own_dice_step() -> None:
    turn = {"submissions": {"pc": {"plans": {"a": [ATTACK_G]}}, "enemy": {}}}
    log = resolve(make(pair(), turns=[{"turn": 1, **turn}, {"turn": 2, **turn}], seed=7))
    assert [e["round"] for e in events(log, "round_start")] == [1, 2]
    assert {r["step"] for r in events(log, "roll")} == {"round"}
    assert [t["status"] for t in log["turns"]] == ["complete", "complete"]


def test_count_1_2_one_character_per_square_and_squares_a1_to_i9() -> None:
    units = pair()
    units["g"]["at"] = "E5"
    assert any("already アオイ (a)'s square" in e for e in errors(make(units)))
    units["g"]["at"] = "J5"
    assert any("a square is a column A-I and a row 1-9" in e for e in errors(make(units)))


def test_count_1_3_crit_and_fumble_values_may_not_overlap() -> None:
    msgs = errors(make(pair({"hit_crit": 5, "hit_fumble": 5}, {"evasion_crit": 90, "evasion_fumble": 90})))
    assert any("命中F値 5 must be below 命中C値 5" in m for m in msgs)
    assert any("回避C値 90 must be below 回避F値 90" in m for m in msgs)


def test_count_1_4_skills_are_typed_data_checked_as_such() -> None:
    bad = [{"name": "祈り", "timing": "count_start", "effects": [{"op": "heal", "value": 1}]},
           {"name": "蹴り", "timing": "sub_action", "normal": True, "check": "hit"},
           {"name": "盾", "timing": "before_damage"},
           {"name": "薬", "timing": "sub_action", "uses": 2}]
    msgs = errors(make(pair({"skills": bad})))
    assert any("lists the counts it fires at" in m for m in msgs)
    assert any("the 通常攻撃 is a main_action skill" in m for m in msgs)
    assert any("a before_damage skill has a step" in m for m in msgs)
    assert any("only an item (item: true) has uses" in m for m in msgs)


def test_count_1_5_a_mid_campaign_start_states_the_current_state() -> None:
    units = pair({"hp_now": 12, "ca_left": 2, "ca_now": 1}, {"count_now": 0, "done": True}, a_count=20)
    m = make(units, {"pc": {"plans": {"a": [ATTACK_G]}}}, setup={"round": 3, "count_now": 12})
    m["turns"][0]["turn"] = 3  # turn N is round N
    log = resolve(m)
    start = events(log, "round_start")[0]
    assert (start["round"], start["count"], start["hp"]["a"], start["ca_left"]["a"]) == (3, 12, 12, 1)
    assert [e["character"] for e in events(log, "turn_slot")] == []  # a at 20 is above count 12; g is done
    msgs = errors(make(pair({"hp_now": 31, "ca_now": 1}, {"count_now": 4, "done": True})))
    assert any("current HP 31 is over the maximum 30" in m for m in msgs)
    assert any("current 残りCA回数 1 is over the battle's 0" in m for m in msgs)
    assert any("a 行動終了 character stands at count 0, not 4" in m for m in msgs)


def test_count_1_5_a_character_at_hp_0_starts_knocked_out() -> None:
    log = resolve(make(pair(g={"hp_now": 0}), {"pc": {"plans": {"a": [ATTACK_G]}}}))
    assert log["outcome"] == {"result": "win", "winner": "pc", "reason": "last_side_standing"}
    assert not events(log, "turn_slot")


def test_count_1_6_submissions_name_own_characters_and_fitting_skills() -> None:
    plans = {"pc": {"plans": {"g": [ATTACK_G], "zz": [], "a": [
        {"sub_action": {"skill": "斬撃"}}, {"main_action": {"skill": "なし"}},
        {"main_action": {"move": {"to": "E4"}, "skill": "斬撃"}}, {"sub_action": {"escape": True}}]}},
        "enemy": {"reactions": {"g": {"ca_skill": "無い", "cover": ["a"]}}}}
    msgs = errors(make(pair(), plans))
    assert any("'ゴブリン (g)' belongs to side 'エネミー (enemy)', not 'PC (pc)'" in m for m in msgs)
    assert any("unknown character 'zz'" in m for m in msgs)
    assert any("has timing main_action: not usable as the sub_action" in m for m in msgs)
    assert any("'アオイ (a)' has no skill 'なし'" in m for m in msgs)
    assert any("one of move, escape or skill, not move and skill" in m for m in msgs)
    assert any("逃走 is a main action" in m for m in msgs)
    assert any("'ゴブリン (g)' has no skill '無い'" in m for m in msgs)
    assert any("'ゴブリン (g)' has no cover skill" in m for m in msgs)


def test_count_1_6_problems_are_japanese_by_default_with_a_did_you_mean() -> None:
    plans = {"pc": {"plans": {"g": [ATTACK_G], "aoi": [], "a": [{"main_action": {"skill": "斬劇"}},
                                                                  {"main_action": {"skill": "ｻﾞﾝｹﾞｷ"}}]}}}
    units = pair({"skills": [dict(SLASH), dict(SLASH, name="ザンゲキ", normal=False)]})
    msgs = errors(make(units, plans), "ja")
    assert any("「ゴブリン（g）」は陣営「エネミー（enemy）」のキャラクターです（「PC（pc）」ではありません）" in m for m in msgs)
    assert any("キャラクター「aoi」はいません（もしかして：アオイ（a））" in m for m in msgs)
    assert any("「アオイ（a）」にスキル「斬劇」はありません（もしかして：斬撃）（スキル：斬撃、ザンゲキ）" in m for m in msgs)
    assert not any("ｻﾞﾝｹﾞｷ" in m for m in msgs)  # half-width katakana reads as the skill's name
    assert any("unknown character 'aoi' (did you mean アオイ (a)?)" in m for m in errors(make(units, plans)))


def test_count_1_7_no_plan_does_nothing_and_a_missing_side_is_awaited() -> None:
    log = resolve(make(pair(), {"pc": {"plans": {"a": []}}}))
    assert [e["character"] for e in events(log, "no_plan")] == ["a", "a", "g"]  # 15, 5, 3
    m = make(pair())
    del m["turns"][0]["submissions"]["enemy"]
    log = resolve(m)
    assert log["turns"][0]["status"] == "awaiting" and log["turns"][0]["awaiting"] == "enemy"
    assert "【行動提出待ち】エネミー" in report(log)


# ---------------------------------------------------------------- COUNT-2

def test_count_2_1_the_round_starts_at_the_highest_count_or_the_option() -> None:
    assert events(resolve(make(pair(a_count=17, g_count=9))), "round_start")[0]["count"] == 17
    log = resolve(make(pair(a_count=17, g_count=9), options={"start_count": 12}))
    assert events(log, "round_start")[0]["count"] == 12
    assert [e["character"] for e in events(log, "turn_slot")] == ["g"]  # アオイ at 17 is above the start


def test_count_2_2_count_start_effects_fire_at_their_counts_in_agility_order() -> None:
    regen = {"name": "再生", "timing": "count_start", "counts": [10, 4], "targets": {"side": "self"},
             "effects": [{"op": "heal", "value": 2}]}
    haste = {"name": "加速", "timing": "count_start", "counts": [10], "targets": {"side": "ally"}, "range": 9,
             "effects": [{"op": "count", "value": -1}]}
    units = pair({"hp_now": 20, "skills": [SLASH, regen], "agility": 3}, {"skills": [SLASH, haste], "agility": 9})
    log = resolve(make(units))
    uses = [(e["character"], e["skill"]) for e in events(log, "use", action="count_start")]
    assert uses == [("g", "加速"), ("a", "再生"), ("a", "再生")]
    assert [(e["before"], e["after"]) for e in events(log, "effect", op="heal")] == [(20, 22), (22, 24)]


def test_count_2_3_a_character_moved_onto_the_current_count_acts_there() -> None:
    push = dict(SLASH, riders=[{"op": "count", "value": 12}])
    log = resolve(make(pair({"skills": [push]}), {"pc": {"plans": {"a": [ATTACK_G]}}}, dice=[5, 5, 100]))
    assert events(log, "effect", op="count")[0]["after"] == 15
    slots = [(e["character"], e["count"]) for e in events(log, "turn_slot")]
    assert slots[:2] == [("a", 15), ("g", 15)]


@pytest.mark.parametrize("tie, first", [("pc_first", "a"), ("setup_order", "g")])
def test_count_2_4_higher_agility_first_ties_by_option(tie, first) -> None:
    units = {"g": unit("ゴブリン", "enemy", "E6", 10, agility=5), "a": unit("アオイ", "pc", "E5", 10, agility=5),
             "h": unit("コボルド", "enemy", "E7", 10, agility=8)}
    log = resolve(make(units, options={"agility_tie": tie}))
    order = events(log, "order")[0]
    assert order["order"][0] == "h" and order["order"][1] == first


def test_count_2_5_the_count_goes_down_to_zero_then_the_end_phase() -> None:
    log = resolve(make(pair(a_count=3, g_count=2)))
    assert [(e["count"], e["to"]) for e in events(log, "next_count")] == [(3, 2), (2, 1), (1, 0)]
    assert log["turns"][0]["events"][-1]["kind"] == "end_phase"


# ---------------------------------------------------------------- COUNT-3

def test_count_3_1_a_count_dropping_to_zero_still_acts_and_is_done() -> None:
    log = resolve(make(pair(a_count=8), {"pc": {"plans": {"a": [ATTACK_G]}}}, dice=[5, 5, 100]))
    slot = events(log, "turn_slot", character="a")[0]
    assert (slot["count_before"], slot["count_after"], slot["done"]) == (8, 0, True)
    assert events(log, "attack", actor="a")  # it still acts
    assert len(events(log, "turn_slot", character="a")) == 1  # and never again this round


def test_count_3_2_sub_action_before_main_action() -> None:
    plan = {"main_action": {"skill": "斬撃", "targets": ["g"]}, "sub_action": {"move": {"to": "D6"}}}
    log = resolve(make(pair(a_count=20), {"pc": {"plans": {"a": [plan]}}}, dice=[5, 5, 100]))
    kinds = [e["kind"] for e in log["turns"][0]["events"] if e["kind"] in ("move", "attack")]
    assert kinds == ["move", "attack"]


def test_count_3_3_a_sub_move_costs_squares_times_cost_and_never_reaches_zero() -> None:
    log = resolve(make(pair({"move_cost": 2}, a_count=16), {"pc": {"plans": {"a": [
        {"sub_action": {"move": {"to": "C5"}}}, {"sub_action": {"move": {"to": "C7"}}}]}}}))
    mv = events(log, "move")[0]
    assert (mv["squares"], mv["cost"], mv["count_before"], mv["count_after"]) == (2, 4, 6, 2)
    cancel = events(log, "cancel")[0]  # at count 2: −10 → 0 (done), then any move would reach 0
    assert (cancel["reason"], cancel["count"], cancel["cost"]) == ("count_zero", 0, 4)
    log = resolve(make(pair({"move_cost": 2}, a_count=20), {"pc": {"plans": {"a": [
        {"sub_action": {"move": {"to": "A5"}}}]}}}))
    assert events(log, "cancel")[0]["reason"] == "move_limit"
    log = resolve(make(pair({"move_cost": 2}, a_count=15), {"pc": {"plans": {"a": [
        {"sub_action": {"move": {"to": "B5"}}}]}}}))
    assert events(log, "cancel")[0] == {**events(log, "cancel")[0], "reason": "count_zero", "count": 5, "cost": 6}


def test_count_3_4_a_main_move_is_free_and_capped_by_the_move_limit() -> None:
    plan = {"sub_action": {"move": {"to": "D5"}}, "main_action": {"move": {"to": "D2"}}}
    log = resolve(make(pair(a_count=20), {"pc": {"plans": {"a": [plan]}}}))
    sub, main = events(log, "move")
    assert (sub["cost"], main["cost"], main["count_before"], main["count_after"]) == (1, 0, 9, 9)
    log = resolve(make(pair(a_count=20), {"pc": {"plans": {"a": [plan]}}}, options={"move_limit_scope": "per_turn"}))
    assert events(log, "cancel")[0]["reason"] == "move_limit"
    king = {"main_action": {"move": {"to": "G7"}}}
    assert events(resolve(make(pair(), {"pc": {"plans": {"a": [king]}}})), "cancel")[0]["reason"] == "move_limit"
    log = resolve(make(pair(), {"pc": {"plans": {"a": [king]}}}, options={"grid_metric": "king"}))
    assert events(log, "move")[0]["squares"] == 2
    onto = {"main_action": {"move": {"to": "E6"}}}
    assert events(resolve(make(pair(), {"pc": {"plans": {"a": [onto]}}})), "cancel")[0]["reason"] == "occupied"
    assert events(resolve(make(pair(), {"pc": {"plans": {"a": [onto]}}}, options={"occupied_squares": "allow"})), "move")


@pytest.mark.parametrize("kind, refused", [("ranged", True), ("magic", True), ("melee", False)])
def test_count_3_5_ranged_and_magic_skills_are_refused_after_moving(kind, refused) -> None:
    shot = {"name": "技", "timing": "main_action", "check": "hit", "kind": kind, "range": 4,
            "damage": {"fixed": 1, "attributes": ["刺"]}}
    plan = {"sub_action": {"move": {"to": "E4"}}, "main_action": {"skill": "技", "targets": ["g"]}}
    dice = [] if refused else [5, 5, 100, 1, 1]
    log = resolve(make(pair({"skills": [shot]}, a_count=20), {"pc": {"plans": {"a": [plan]}}}, dice=dice))
    cancels = events(log, "cancel", reason="moved")
    assert bool(cancels) == refused and bool(events(log, "attack")) != refused
    if refused:
        assert (cancels[0]["skill_kind"], cancels[0]["moved"]) == (kind, 1)


def test_count_3_6_escape_from_an_edge_square_on_a_1() -> None:
    units = {"a": unit("アオイ", "pc", "A5", 15), "g": unit("ゴブリン", "enemy", "E6", 3),
             "b": unit("ミナト", "pc", "E5", 12)}
    plans = {"pc": {"plans": {"a": [{"main_action": {"escape": True}}], "b": [{"main_action": {"escape": True}}]}}}
    log = resolve(make(units, plans, dice=[1]))
    assert events(log, "escape")[0] == {**events(log, "escape")[0], "face": 1, "success": True, "at": "A5"}
    assert log["state"]["characters"]["a"]["escaped"] is True and log["state"]["characters"]["a"]["at"] is None
    assert events(log, "cancel", character="b")[0]["reason"] == "not_edge"
    log = resolve(make(units, plans, dice=[2]))
    assert events(log, "escape")[0]["success"] is False
    log = resolve(make(units, plans, options={"escape_by": "none"}))
    assert events(log, "cancel", character="a")[0]["reason"] == "escape_forbidden"
    log = resolve(make(units, plans, dice=[3, 1], options={"escape_squares": "anywhere"}))
    assert [e["success"] for e in events(log, "escape")] == [False, True]


def test_count_3_7_an_illegal_plan_part_falls_back() -> None:
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "斬撃", "targets": ["g"]}}]},
                    "fallback": {"a": {"main_action": {"move": {"to": "E3"}}}}}}
    log = resolve(make(pair(g={"at": "E8"}), plans))
    assert events(log, "cancel")[0]["reason"] == "out_of_range"
    assert events(log, "fallback")[0]["action"] == "main_action" and events(log, "move")[0]["to"] == "E3"


def test_count_3_8_range_side_and_pierce() -> None:
    spear = {"name": "貫通槍", "timing": "main_action", "check": "hit", "kind": "none", "range": 3, "pierce": True,
             "damage": {"fixed": 1, "attributes": ["刺"]}}
    units = {"a": unit("アオイ", "pc", "E5", 15, skills=[spear]), "g": unit("ゴブリン", "enemy", "E6", 3),
             "b": unit("ミナト", "pc", "E7", 2), "h": unit("コボルド", "enemy", "E9", 1)}
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "貫通槍", "targets": ["g"]}}]}}}
    log = resolve(make(units, plans, dice=[5, 5, 100, 100]))
    use = events(log, "use")[0]
    assert (use["targets"], use["forced"]) == (["g"], ["b"])  # E9 is beyond range 3
    assert [e["actor"] for e in events(log, "evasion")] == ["g", "b"]
    diag = {"pc": {"plans": {"a": [{"main_action": {"skill": "貫通槍", "targets": ["g"]}}]}}}
    units["g"]["at"] = "F6"
    assert events(resolve(make(units, diag)), "cancel")[0]["reason"] == "not_in_line"
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "斬撃", "targets": ["b"]}}]}}}
    units["a"]["skills"] = [SLASH]
    units["b"]["at"] = "E4"
    assert events(resolve(make(units, plans)), "cancel")[0]["reason"] == "wrong_side"


def test_count_3_8_pierce_reaches_everyone_on_a_shared_square_and_its_own_square_by_option() -> None:
    # Round 2 under occupied_squares: allow, so squares may be shared (COUNT-1.2): on E6 stand the
    # chosen g and b, on E7 k and h. Everyone of the line is forced in, each once, nearest square
    # first and in setup order on a square; the user's own square is not on the line.
    spear = {"name": "貫通槍", "timing": "main_action", "check": "hit", "kind": "none", "range": 3, "pierce": True,
             "targets": {"count": 1, "side": "any"}, "damage": {"fixed": 1, "attributes": ["刺"]}}
    units = {"a": unit("アオイ", "pc", "E5", 15, skills=[spear]), "m": unit("ミナト", "pc", "E5", 2),
             "g": unit("ゴブリン", "enemy", "E6", 3), "b": unit("ボガート", "enemy", "E6", 3),
             "k": unit("コボルド", "enemy", "E7", 1), "h": unit("ホブ", "pc", "E7", 1)}
    allow = {"occupied_squares": "allow"}

    def use(target: str, options: dict) -> dict:
        m = make(units, {"pc": {"plans": {"a": [{"main_action": {"skill": "貫通槍", "targets": [target]}}]}}},
                 options={**allow, **options}, setup={"round": 2})
        m["turns"][0]["turn"] = 2
        return resolve(m)

    log = use("g", {})
    assert (events(log, "use")[0]["targets"], events(log, "use")[0]["forced"]) == (["g"], ["b", "k", "h"])
    assert [e["actor"] for e in events(log, "evasion")] == ["g", "b", "k", "h"]  # m shares a's square: not hit
    # a chosen target on the user's own square: the line is that square alone (default `square`) ...
    log = use("m", {})
    assert (events(log, "use")[0]["targets"], events(log, "use")[0]["forced"]) == (["m"], [])
    units["g"]["at"] = "E5"
    log = use("m", {})
    assert events(log, "use")[0]["forced"] == ["g"]  # g is on a's square too; b, k and h are not reached
    # ... or, with `no_line`, no line at all: the use is refused as for a target off every row and column
    log = use("m", {"pierce_own_square": "no_line"})
    assert events(log, "cancel")[0]["reason"] == "not_in_line" and not events(log, "use")


# ---------------------------------------------------------------- COUNT-9

def test_count_9_1_the_end_phase_resets_counts_and_ends_stat_effects() -> None:
    weaken = dict(SLASH, riders=[{"op": "stat", "stat": "evasion", "value": -3}])
    turn = {"submissions": {"pc": {"plans": {"a": [ATTACK_G]}}, "enemy": {}}, "dice": [5, 5, 100]}
    log = resolve(make(pair({"skills": [weaken]}), turns=[{"turn": 1, **turn}, {"turn": 2, **turn}]))
    assert events(log, "effect", op="stat")[0]["after"] == 7
    assert events(log, "expire")[0]["stat"] == "evasion"
    assert [e["evasion_rate"] for e in events(log, "evasion")] == [50, 50]  # −3 gone by round 2
    assert events(log, "end_phase")[0]["counts"] == {"a": 15, "g": 3}
    log = resolve(make(pair(), options={"end_phase": "keep"}))
    assert events(log, "end_phase")[0]["counts"] == {"a": 0, "g": 0}


def test_count_9_2_the_last_side_standing_wins() -> None:
    big = dict(SLASH, damage={"fixed": 40, "attributes": ["斬"]})
    log = resolve(make(pair({"skills": [big]}), {"pc": {"plans": {"a": [ATTACK_G]}}}, dice=[5, 5, 100]))
    assert log["outcome"] == {"result": "win", "winner": "pc", "reason": "last_side_standing"}
    assert not events(log, "end_phase")  # decided mid-round: the round stops
    more = make(pair({"skills": [big]}), turns=[{"turn": 1, "dice": [5, 5, 100], "submissions": {
        "pc": {"plans": {"a": [ATTACK_G]}}, "enemy": {}}}, {"turn": 2, "submissions": {}}])
    from dhproc.errors import ResolutionError
    with pytest.raises(ResolutionError, match="never played"):
        resolve(more)


def test_count_9_3_ca_uses_last_the_battle_unless_the_option_resets_them() -> None:
    turn = {"submissions": {"pc": {"plans": {"a": [ATTACK_G]}}, "enemy": {"reactions": {"g": {"ca": True}}}},
            "dice": [5, 5, 22, 5, 5, 99]}
    g = {"ca_value": 6, "ca_left": 1}
    log = resolve(make(pair(g=g), turns=[{"turn": 1, **turn}], options={"ca_reset": "round"}))
    assert events(log, "end_phase")[0]["ca_left"]["g"] == 1
    log = resolve(make(pair(g=g), turns=[{"turn": 1, **turn}]))
    assert events(log, "end_phase")[0]["ca_left"]["g"] == 0


# ---------------------------------------------------------------- COUNT-10

def test_count_10_1_the_report_shows_every_number() -> None:
    units = pair({"hit": 15, "move_cost": 2, "hand": ["剣"]}, {"evasion": 13, "evasion_crit": 6, "evasion_fumble": 90,
                                                                "ca_value": 6, "ca_left": 1, "resist": {"斬": 2}},
                 a_count=20)
    plan = {"sub_action": {"move": {"to": "D6"}}, "main_action": {"skill": "斬撃", "targets": ["g"]}}
    log = resolve(make(units, {"pc": {"plans": {"a": [plan]}}}, dice=[5, 7, 100]))
    text = report(log)
    for line in ["◆アオイ　行動手番（1回目）　配置カウント 20→10",
                 "サブアクション：移動 E5→D6（2マス×移動コスト2＝4）配置カウント 10→6",
                 "命中判定：【命中】15＋2D10[5,7]=12 → 達成値27",
                 "回避判定（ゴブリン）：回避率＝(20−(27−回避13))×5＝30%　1D100=100（≧回避F値90：ファンブル） → 命中、軽減不可",
                 "CAチェック：100→0+0=0 ≦ CA値6、残りCA回数1 → CA可能だが行わない",
                 "ダメージロール：1.固定5 2.増加+0 3.ダイスなし → 予定ダメージ5〈斬〉",
                 "→ ゴブリン：4.耐性〈斬〉2（軽減不可） → 5　5.×1 → 5　6.軽減0 → 実ダメージ5　7.増減+0 → 5　8.HP 30→25"]:
        assert line in text, text
    en = report(log, lang="en")
    assert "evasion (ゴブリン): rate = (20 − (27 − EVA 13)) × 5 = 30%   1D100=100 (≥ fumble 90: fumble)" in en


def test_count_10_2_the_public_view_hides_the_cards() -> None:
    log = resolve(make(pair({"hit_fumble": 3, "hand": ["秘策", "護符"]}), {"pc": {"plans": {"a": [ATTACK_G]}}},
                       dice=[1, 1, 2]))
    gk, public = report(log), report(log, view="public")
    assert "「護符」を捨てる" in gk and "秘策" in gk
    assert "護符" not in public and "秘策" not in public and "手札を1枚捨てる（残り1枚）" in public
    english = report(log, lang="en", view="public")
    assert "1 card" in english and "1 cards" not in english  # one card, in the singular


def test_count_1_4_an_item_is_used_up_and_a_sub_action_skill_applies_its_effects() -> None:
    potion = {"name": "回復薬", "timing": "sub_action", "item": True, "uses": 1, "targets": {"side": "self"},
              "effects": [{"op": "heal", "value": 5}]}
    plan = {"sub_action": {"skill": "回復薬"}}
    log = resolve(make(pair({"hp_now": 20, "skills": [SLASH, potion]}), {"pc": {"plans": {"a": [plan, plan]}}}))
    assert [(e["before"], e["after"]) for e in events(log, "effect", op="heal")] == [(20, 25)]
    assert events(log, "cancel")[0] == {**events(log, "cancel")[0], "reason": "no_uses", "skill": "回復薬"}
    assert log["state"]["characters"]["a"]["uses"] == {"回復薬": 0}


def test_count_1_11_an_item_spends_a_use_at_every_timing_and_then_is_not_used() -> None:
    """An item used by itself — at a count's start, before the damage roll, after it — spends one
    of its uses each time as an action's does; with none left it does not fire (a ``cancel``
    with its timing as the action), and the state keeps what is left."""
    salve = {"name": "回復薬", "timing": "count_start", "counts": [10, 5], "item": True, "uses": 1,
             "targets": {"side": "self"}, "effects": [{"op": "heal", "value": 2}]}
    oil = {"name": "油", "timing": "before_damage", "step": "increase", "value": 3, "item": True, "uses": 1}
    drain = {"name": "吸血薬", "timing": "after_damage", "item": True, "uses": 1, "targets": {"side": "self"},
             "effects": [{"op": "heal", "value": 1}]}
    units = pair({"hp_now": 20, "skills": [SLASH, salve, oil, drain]}, {"hp": 40}, a_count=15)
    log = resolve(make(units, {"pc": {"plans": {"a": [ATTACK_G, ATTACK_G]}}}, dice=[5, 5, 99] * 2))
    assert [(e["action"], e["skill"]) for e in events(log, "use") if e["action"] != "main_action"] == [
        ("after_damage", "吸血薬"), ("count_start", "回復薬")]  # a acts at 15, then count 10 starts
    assert [e["increases"] for e in events(log, "damage_roll")] == [[{"skill": "油", "value": 3}], []]
    # count 5 starts, then a's second attack
    assert [(e["action"], e["skill"]) for e in events(log, "cancel", reason="no_uses")] == [
        ("count_start", "回復薬"), ("before_damage", "油"), ("after_damage", "吸血薬")]
    assert log["state"]["characters"]["a"]["uses"] == {"回復薬": 0, "油": 0, "吸血薬": 0}
    assert "カウント開始時：《回復薬》は行えない（使用回数が残っていない）" in report(log, lang="ja")


def test_count_1_5_a_battle_continues_from_a_log_to_the_same_events() -> None:
    """dhproc new count DIR --from LOG: round 2 resolved in a new match from round 1's log equals
    round 2 of the whole battle, event for event, and so does the final state."""
    import yaml

    from dhproc import api
    from dhproc.rulesets.count import RULESET

    root = Path(__file__).resolve().parents[3] / "examples" / "count"
    whole = api.resolve(api.load(root / "match.yaml"))
    first = api.resolve(api.load(root / "turn-01.yaml"))
    setup = RULESET.setup_from_log(first)
    assert setup["round"] == 2 and setup["characters"]["aoi"]["hp_now"] < 42
    turn2 = yaml.safe_load((root / "turn-02.yaml").read_text(encoding="utf-8"))
    later = make({}, turns=[{"turn": 2, "submissions": turn2["submissions"]}], seed=whole["seed"])
    later["setup"] = setup
    log = resolve(later)
    assert log["turns"][0]["events"] == whole["turns"][1]["events"]
    assert log["state"] == whole["state"] and log["outcome"] == whole["outcome"]


@pytest.mark.parametrize("lang, lines", [
    ("ja", ["ゴブリンB  | 魔物の群れ | ミナト", "| ミナト    | 癒やしの祈り |      2 |", "戦闘継続（次のラウンドへ）"]),
    ("en", ["the battle goes on (next round)"])])
def test_count_summary_of_the_example_names_the_fallen_and_the_skills(tmp_path: Path, lang: str, lines) -> None:
    """`dhproc summary`: each 戦闘不能 with who caused it, every skill used (count_start and CAs too),
    the outcome as the report says it, and no DP table (count has no DP)."""
    from click.testing import CliRunner

    from dhproc.cli import cli

    root = Path(__file__).resolve().parents[3]
    log_path = tmp_path / "log.json"
    assert CliRunner().invoke(cli, ["resolve", str(root / "examples/count/match.yaml"), "--json", str(log_path)]).exit_code == 0
    out = CliRunner().invoke(cli, ["summary", str(log_path), "--lang", lang])
    assert out.exit_code == 0, out.output
    for line in lines:
        assert line in out.output, (line, out.output)
    assert "DP" not in out.output and "ongoing" not in out.output
