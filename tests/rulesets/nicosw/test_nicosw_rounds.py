"""Preparations (NICOSW-2), rounds, halves and lasting effects (NICOSW-3), a go (NICOSW-5)."""

from __future__ import annotations

from .helpers import char, events, make, problems, resolve, turn

BUFF = {"id": "guard", "timing": "major_action", "range": 0, "target": "self",
        "effects": [{"kind": "lasting", "effect": "check_mod", "check": "defense_check", "value": 2, "rounds": 1}]}


def fresh(chars: dict, turns: list, **kw) -> dict:
    return make(chars, turns, start=None, deploy={"a": [0, 2], "b": [8, 11]}, **kw)


def test_nicosw_3_5_seed_example_a_1r_effect_used_in_1r_omote_ends_at_2r_omote_start() -> None:
    """The seed: １Ｒ目表に「効果時間：１Ｒ」の効果を使った場合、２Ｒ目表開始時に効果が消える."""
    m = make({"x": char("a", 0, skills=[BUFF]), "y": char("b", 9)},
             [turn(1, {"x": [{"do": "skill", "skill": "guard"}]}, {}), turn(2, {}, {})])
    log = resolve(m)
    [made] = events(log, "lasting")
    assert (made["clock"], made["start"], made["end"]) == ("round:a", 1, 2)
    [gone] = events(log, "expire")
    t2 = log["turns"][1]["events"]
    assert t2[0]["kind"] == "half_start" and t2[0]["half"] == "top" and gone in t2
    # still in force through 1R裏: it was not removed by the other side's half start
    assert not [e for e in log["turns"][0]["events"] if e["kind"] == "expire"]


def test_nicosw_3_5_a_1r_effect_of_the_second_side_ends_at_the_next_ura_start() -> None:
    m = make({"x": char("a", 0), "y": char("b", 9, skills=[BUFF])},
             [turn(1, {}, {"y": [{"do": "skill", "skill": "guard"}]}), turn(2, {}, {})])
    log = resolve(m)
    t2 = log["turns"][1]["events"]
    ura = next(i for i, e in enumerate(t2) if e["kind"] == "half_start" and e["half"] == "bottom")
    assert [i for i, e in enumerate(t2) if e["kind"] == "expire"] == [ura + 1]


def test_nicosw_3_5_continuous_damage_acts_at_its_side_half_start_then_expires() -> None:
    poison = {"id": "poison", "timing": "major_action", "range": 3, "target": "enemy",
              "effects": [{"kind": "lasting", "effect": "periodic", "damage": 2, "type": "magic", "rounds": 1}]}
    m = make({"x": char("a", 0, skills=[poison]), "y": char("b", 2)},
             [turn(1, {"x": [{"do": "skill", "skill": "poison", "target": "y"}]}, {}), turn(2, {}, {})])
    log = resolve(m)
    [d] = events(log, "damage")
    assert d["character"] == "y" and d["amount"] == 2 and d["effect_id"] == 1
    kinds = [e["kind"] for e in log["turns"][0]["events"]]
    assert kinds.index("continuous") > kinds.index("half_start", kinds.index("half_end"))  # at 1R裏 (y's half)
    other = make({"x": char("a", 0, skills=[poison]), "y": char("b", 2)},
                 [turn(1, {"x": [{"do": "skill", "skill": "poison", "target": "y"}]}, {}), turn(2, {}, {})],
                 options={"continuous_order": "expire_then_tick", "periodic_side": "user"})
    assert not events(resolve(other), "damage")


def test_nicosw_3_6_a_setup_effect_ends_at_its_written_end_point() -> None:
    eff = [{"bearer": "y", "side": "b", "effect": "damage_mod", "as": "receiver", "op": "add", "value": 1,
            "name": "弱体", "ends_round": 2}]
    m = make({"x": char("a", 2, checks={"attack_check": 5}), "y": char("b", 3)},
             [turn(1, {"x": [{"do": "melee", "target": "y"}]}, {}, dice=[5, 5, 1, 1]), turn(2, {}, {})],
             effects=eff)
    log = resolve(m)
    assert events(log, "damage")[0]["amount"] == 2  # 1 + the receiver's +1
    [gone] = events(log, "expire")
    assert gone["name"] == "弱体" and gone in log["turns"][1]["events"]
    stale = make({"x": char("a", 2), "y": char("b", 3)}, [], effects=[dict(eff[0], ends_round=1)],
                 start={"round": 2, "half": "top", "first": "a"})
    assert any("もう終わっています" in p for p in problems(stale))


def test_nicosw_3_6_a_continuous_check_ends_on_its_result_or_runs_its_time() -> None:
    """継続的な…判定: the bearer rolls at each start of its side's half; end_on names the result that
    ends the effect at once; without end_on the checks are only rolled and logged."""
    def bound(end_on):
        spell = {"kind": "lasting", "effect": "periodic", "name": "呪縛", "check": "willpower", "target_number": 9,
                 "rounds": 2, **({"end_on": end_on} if end_on else {})}
        return {"id": "bind", "timing": "major_action", "range": 3, "target": "enemy", "effects": [spell]}

    # 1R裏 rolls 3+4+1 = 8 (failure), 2R裏 6+2+1 = 9 (success); 2 rounds from 1R表 end at 3R表
    for end_on, checks_rolled, ended_in_turn, by_check in (("failure", 1, 1, True), ("success", 2, 2, True),
                                                            (None, 2, 3, False)):
        m = make({"x": char("a", 0, skills=[bound(end_on)]), "y": char("b", 2, checks={"willpower": 1})},
                 [turn(1, {"x": [{"do": "skill", "skill": "bind", "target": "y"}]}, {}, dice=[3, 4]),
                  turn(2, {}, {}, dice=[6, 2] if checks_rolled == 2 else None), turn(3, {}, {})])
        log = resolve(m)
        checks = [(c["total"], c["success"]) for c in events(log, "continuous_check")]
        assert checks == [(8, False), (9, True)][:checks_rolled], end_on
        [gone] = events(log, "expire")
        assert bool(gone.get("by_check")) is by_check and gone in log["turns"][ended_in_turn - 1]["events"], end_on


def test_nicosw_3_1_checks_are_2d6_plus_base_with_automatic_results() -> None:
    m = make({"x": char("a", 2, checks={"attack_check": -5}), "y": char("b", 3, checks={"defense_check": 20})},
             [turn(1, {"x": [{"do": "melee", "target": "y"}]}, dice=[6, 6, 3, 3])])
    [a] = events(resolve(m), "attack")
    assert a["attack"]["total"] == 7 and a["attack"]["auto"] == "success" and a["hit"] is True
    m2 = make({"x": char("a", 2, checks={"sprint": 20}), "y": char("b", 11)},
              [turn(1, {"x": [{"do": "move", "to": "off"}]}, dice=[1, 1])])
    assert events(resolve(m2), "escape")[0]["success"] is False
    off = make({"x": char("a", 2, checks={"sprint": 20}), "y": char("b", 11)},
               [turn(1, {"x": [{"do": "move", "to": "off"}]}, dice=[1, 1])], options={"auto_results": False})
    assert events(resolve(off), "escape")[0]["success"] is True


def test_nicosw_3_2_opposed_automatic_results_and_equal_pairs() -> None:
    m = make({"x": char("a", 2), "y": char("b", 3)}, [turn(1, {"x": [{"do": "melee", "target": "y"}]}, dice=[6, 6, 6, 6])])
    assert events(resolve(m), "attack")[0]["hit"] is False  # both 6-6: the defender
    m2 = make({"x": char("a", 2, checks={"attack_check": 20}), "y": char("b", 3)},
              [turn(1, {"x": [{"do": "melee", "target": "y"}]}, dice=[1, 1, 2, 3])])
    assert events(resolve(m2), "attack")[0]["hit"] is False
    m3 = make({"x": char("a", 2, checks={"attack_check": 20}), "y": char("b", 3)},
              [turn(1, {"x": [{"do": "melee", "target": "y"}]}, dice=[1, 1, 2, 3])], options={"auto_in_opposed": False})
    assert events(resolve(m3), "attack")[0]["hit"] is True


def test_nicosw_3_3_omote_then_ura_then_the_next_round() -> None:
    m = make({"x": char("a", 0), "y": char("b", 9)}, [turn(1, {}, {}), turn(2, {}, {})])
    log = resolve(m)
    halves = [(e["round"], e["half"], e["side"]) for e in events(log, "half_start")]
    assert halves == [(1, "top", "a"), (1, "bottom", "b"), (2, "top", "a"), (2, "bottom", "b")]


def test_nicosw_3_4_the_fallen_have_no_go_and_the_unsubmitted_idle() -> None:
    m = make({"x": char("a", 0), "d": char("a", 1, current_hp=-2, knocked_out=True), "y": char("b", 9)},
             [turn(1, {"x": [{"do": "other", "note": "合言葉"}], "d": [{"do": "stand"}]}, {})])
    log = resolve(m)
    assert events(log, "no_go")[0] == {**events(log, "no_go")[0], "actor": "d", "reason": "knocked_out"}
    assert events(log, "idle")[0]["actor"] == "y"


def test_nicosw_3_7_a_side_all_down_loses_and_a_surrender_ends_it() -> None:
    m = make({"x": char("a", 2, checks={"attack_check": 5}), "y": char("b", 3, hp=1, checks={"death_check": -10})},
             [turn(1, {"x": [{"do": "melee", "target": "y"}]}, dice=[5, 5, 1, 2, 1, 2])])
    log = resolve(m)
    assert log["outcome"] == {"result": "win", "winner": "a", "reason": "down"}
    sur = make({"x": char("a", 2), "y": char("b", 3)}, [turn(1, {}, {"goes": {}, "surrender": True})])
    log = resolve(sur)
    assert log["outcome"] == {"result": "win", "winner": "a", "reason": "surrender"}
    assert not events(log, "idle", actor="y")


def test_nicosw_3_8_round_cap_ends_in_a_draw() -> None:
    m = make({"x": char("a", 0), "y": char("b", 9)}, [turn(1, {}, {})], options={"round_cap": 1})
    assert resolve(m)["outcome"] == {"result": "draw", "winner": None, "reason": "round_cap"}


def test_nicosw_1_8_a_half_waits_for_its_side() -> None:
    m = make({"x": char("a", 0), "y": char("b", 9)}, [turn(1, {})])
    log = resolve(m)
    assert log["turns"][0]["status"] == "awaiting" and log["turns"][0]["awaiting"] == "b"
    assert events(log, "half_end", half="top")


def test_nicosw_2_1_2_3_order_then_initiative_decides_first_with_tied_rerolls() -> None:
    chars = {"x": char("a", checks={"initiative": 2}), "y": char("b", checks={"initiative": 1})}
    place = {"a": {"placement": {"x": 1}, "goes": {}}, "b": {"placement": {"y": 9}, "goes": {}}}
    m = fresh(chars, [turn(1, place["a"], place["b"], dice=[3, 3, 4, 3, 2, 2, 5, 5])])
    log = resolve(m)
    assert [e["side"] for e in events(log, "order")] == ["a", "b"]
    tries = events(log, "initiative")
    assert [t["tied"] for t in tries] == [["x", "y"], ["y"]]
    assert events(log, "first_side")[0]["first"] == "b"
    assert [e["side"] for e in events(log, "placement")] == ["b", "a"]
    assert [e["side"] for e in events(log, "half_start")] == ["b", "a"]


def test_nicosw_2_3_a_top_tie_within_one_side_needs_no_reroll() -> None:
    chars = {"x": char("a"), "w": char("a"), "y": char("b")}
    m = fresh(chars, [turn(1, {"placement": {"x": 0, "w": 1}, "goes": {}}, {"placement": {"y": 9}, "goes": {}},
                          dice=[5, 5, 5, 5, 1, 1])])
    log = resolve(m)
    assert len(events(log, "initiative")) == 1 and events(log, "first_side")[0]["first"] == "a"


def test_nicosw_2_2_lore_identifies_unknown_characters() -> None:
    chars = {"x": char("a", checks={"monster_lore": 3}), "w": char("a"), "y": char("b", known=False, fame=10)}
    m = fresh(chars, [turn(1, {"placement": {"x": 0, "w": 1}, "goes": {}}, {"placement": {"y": 9}, "goes": {}},
                          dice=[3, 4, 6, 1, 1, 1, 1, 1])])
    log = resolve(m)
    [lore] = events(log, "lore")
    assert [r["actor"] for r in lore["rolls"]] == ["x"] and lore["rolls"][0]["total"] == 10
    assert lore["identified"] is True and log["state"]["characters"]["y"]["identified"] is True


def test_nicosw_2_4_placement_is_conditional_and_checked() -> None:
    chars = {"x": char("a"), "y": char("b")}
    cond = {"placement_if_first": {"x": 2}, "placement_if_second": {"x": 0}, "goes": {}}
    m = fresh(chars, [turn(1, cond, {"placement": {"y": 9}, "goes": {}}, dice=[1, 2, 6, 6])])
    assert resolve(m)["state"]["characters"]["x"]["at"] == 0
    bad = fresh(chars, [turn(1, {"placement": {"x": 5}}, {"placement": {"y": 9}})])
    assert any("味方（a）の配置範囲0..2の外です" in p for p in problems(bad))
    none = fresh(chars, [turn(1, {"goes": {}}, {"placement": {"y": 9}})])
    assert any("陣営を配置します" in p for p in problems(none))


def test_nicosw_5_1_two_actions_in_one_slot_are_an_input_error() -> None:
    m = make({"x": char("a", 0, weapons=[{"id": "bow", "kind": "ranged", "range": 5}]), "y": char("b", 3)},
             [turn(1, {"x": [{"do": "ranged", "target": "y"}, {"do": "melee", "target": "y"}]})])
    assert any("主動作は1回です" in p for p in problems(m))
    minor = make({"x": char("a", 0), "y": char("b", 3)},
                 [turn(1, {"x": [{"do": "melee", "target": "y", "slot": "minor_action"}]})])
    assert any("補助動作にはできません" in p for p in problems(minor))


def test_nicosw_5_1_either_order_main_first() -> None:
    m = make({"x": char("a", 2, checks={"attack_check": 5}), "y": char("b", 3)},
             [turn(1, {"x": [{"do": "melee", "target": "y"}, {"do": "move", "mode": "careful_move", "to": 1}]},
                   dice=[1, 2, 1, 2])])
    log = resolve(m)
    assert [p["slot"] for p in events(log, "go")[0]["plan"]] == ["major_action", "minor_action"]
    assert events(log, "cancel")[0]["reason"] == "engaged"  # engaged, no 退却判定: it cannot step back


def test_nicosw_5_2_minor_actions_stand_switch_other() -> None:
    knife = {"id": "knife", "kind": "melee"}
    bow = {"id": "bow", "kind": "ranged", "range": 4}
    m = make({"x": char("a", 0, prone=True, weapons=[knife, bow]), "y": char("b", 4)},
             [turn(1, {"x": [{"do": "stand"}, {"do": "switch_weapon", "weapon": "bow", "slot": "major_action"}]})])
    log = resolve(m)
    assert events(log, "stand") and events(log, "switch_weapon")[0]["after"] == "bow"
    assert log["state"]["characters"]["x"]["equipped"] == "bow"


def test_nicosw_5_3_main_actions_include_a_check_against_a_number() -> None:
    m = make({"x": char("a", 0, checks={"sprint": 2}), "y": char("b", 9)},
             [turn(1, {"x": [{"do": "check", "check": "sprint", "target_number": 9, "note": "跳躍"}]}, dice=[3, 4])])
    [c] = events(resolve(m), "check")
    assert (c["total"], c["success"], c["slot"]) == (9, True, "major_action")


def test_nicosw_5_4_free_actions_use_no_slot() -> None:
    m = make({"x": char("a", 0), "y": char("b", 9)},
             [turn(1, {"x": [{"do": "free", "note": "武器を構える"}, {"do": "move", "to": 1},
                             {"do": "move", "to": 2}]})])
    log = resolve(m)
    assert [p["slot"] for p in events(log, "go")[0]["plan"]] == [None, "minor_action", "major_action"]
    assert events(log, "other")[0]["note"] == "武器を構える"


def test_nicosw_5_5_a_stale_target_cancels_the_action_and_the_go_goes_on() -> None:
    m = make({"x": char("a", 2), "y": char("b", 3, dead=True, current_hp=-5), "z": char("b", 9)},
             [turn(1, {"x": [{"do": "melee", "target": "y"}, {"do": "move", "mode": "careful_move", "to": 1}]})])
    log = resolve(m)
    assert events(log, "cancel")[0]["reason"] == "target_dead"
    assert events(log, "move")[0]["to"] == 1
