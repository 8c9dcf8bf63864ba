"""KAGEMIYA-2 to 6: every formula with recorded dice, and the seed's procedures one by one."""

from __future__ import annotations

from .helpers import char, events, make, resolve, standard, sub

PASS_BLUE = {"actor": "lancer", "do": "pass"}


def attack(actor: str, target: str, do: str = "physical", **extra) -> dict:
    return {"actor": actor, "do": do, "target": target, **extra}


def one_round(chars: dict, red: dict, blue: dict, dice: list[int], **kw) -> dict:
    return resolve(make(chars, [{"submissions": {"red": red, "blue": blue}, "dice": dice}], **kw))


def test_kagemiya_5_6_an_attack_that_beats_the_defence_by_3_deals_3() -> None:
    # 先手判定 red [6,6]=12, blue [1,1]=2; 物理攻撃 saber (筋力2)D6 [6,4]=10 vs lancer (筋力2)D6 [3,4]=7
    log = one_round(standard(), sub("saber", attack("saber", "lancer")), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 6, 4, 3, 4])
    (result,) = events(log, "attack_result")
    assert (result["attack"], result["defense"], result["damage"]) == (10, 7, 3)
    assert events(log, "damage", target="lancer")[0]["after"] == 7
    assert log["state"]["characters"]["lancer"]["hp"] == 7


def test_kagemiya_5_6_a_tie_deals_no_damage() -> None:
    log = one_round(standard(), sub("saber", attack("saber", "lancer")), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 5, 4, 6, 3])
    (result,) = events(log, "attack_result")
    assert (result["attack"], result["defense"], result["damage"]) == (9, 9, 0)
    assert not events(log, "damage")
    assert log["state"]["characters"]["lancer"]["hp"] == 10


def test_kagemiya_6_2_support_adds_the_supporters_stat_as_dice() -> None:
    chars = standard(archer=char("ARCHER", "red", strength=3, mana=4))
    # saber 筋力2 + archer 援護 筋力3 = 5 dice
    log = one_round(chars, sub("saber", attack("saber", "lancer", support=["archer"])), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    atk = events(log, "check", purpose="attack")[0]
    assert atk["dice"] == 5 and atk["faces"] == [1, 1, 1, 1, 1] and atk["total"] == 5
    assert [p["part"] for p in atk["parts"]] == ["support"] and atk["parts"][0]["dice"] == 3
    assert events(log, "attack_result")[0]["damage"] == 3


def test_kagemiya_6_2_support_to_a_magical_attack_gives_mana() -> None:
    chars = standard(archer=char("ARCHER", "red", strength=3, mana=4))
    log = one_round(chars, sub("saber", attack("saber", "lancer", "magical", support=["archer"])),
                    sub("lancer", PASS_BLUE), [6, 6, 1, 1] + [2] * 5 + [1])
    atk = events(log, "check", purpose="attack")[0]
    assert atk["stat"] == "mana" and atk["dice"] == 1 + 4 and atk["total"] == 10
    assert events(log, "check", purpose="defense")[0]["check"] == "magical_defense"


def test_kagemiya_6_1_support_spends_the_supporters_action() -> None:
    chars = standard(archer=char("ARCHER", "red", strength=3))
    red = sub("saber", attack("saber", "lancer", support=["archer"]), attack("archer", "lancer"))
    log = one_round(chars, red, sub("lancer", PASS_BLUE), [6, 6, 1, 1] + [1] * 5 + [1, 1])
    assert events(log, "cancel", actor="archer", reason="no_action_left")


def test_kagemiya_6_3_a_supporter_spends_nothing_of_its_own() -> None:
    skill = {"id": "s", "on": ["physical_attack"], "dice": 5, "uses": 1}
    chars = standard(archer=char("ARCHER", "red", strength=3, skills=[skill]))
    log = one_round(chars, sub("saber", attack("saber", "lancer", support=["archer"])), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1] + [1] * 5 + [1, 1])
    assert events(log, "check", purpose="attack")[0]["dice"] == 5  # 2 + 3, not the skill's 5
    assert log["state"]["characters"]["archer"]["used"] == {}


def test_kagemiya_4_3_an_escape_by_the_side_that_lost_first_move_fails_and_ends_its_turn() -> None:
    # red wins the 先手判定; blue's own-turn 逃走判定 [1,1]=2 against saber's [6,6]=12 fails
    blue = sub("lancer", {"actor": "lancer", "do": "escape"}, attack("lancer", "saber"))
    log = one_round(standard(), sub("saber", {"actor": "saber", "do": "pass"}), blue, [6, 6, 1, 1, 1, 1, 6, 6])
    escape = events(log, "check", check="escape")
    assert [(c["side"], c["total"]) for c in escape] == [("blue", 2), ("red", 12)]
    assert events(log, "escape_failed", side="blue", when="own_turn", first="red")
    assert events(log, "cancel", actor="lancer", action=1, reason="turn_ended")
    assert not events(log, "attack")
    assert log["state"]["sides"]["blue"]["status"] == "fighting"


def test_kagemiya_4_3_an_escape_that_comes_out_first_succeeds() -> None:
    blue = sub("lancer", {"actor": "lancer", "do": "escape"})
    log = one_round(standard(), sub("saber", {"actor": "saber", "do": "pass"}), blue, [6, 6, 1, 1, 6, 6, 1, 1],
                    areas=["A", "B", "C"], area="A", occupied=["B"])
    assert events(log, "escaped", side="blue", when="own_turn", to="C")
    assert log["outcome"] == {"result": "draw", "winner": None, "reason": "escaped"}


def test_kagemiya_4_2_seed_escape_at_first_move_time_by_the_second_fails_and_the_order_stands() -> None:
    blue = sub({"roller": "lancer", "escape": True}, PASS_BLUE)
    log = one_round(standard(), sub("saber"), blue, [6, 6, 1, 1])
    assert events(log, "check", side="blue")[0]["check"] == "escape"
    assert events(log, "order", order=["red", "blue"])
    assert events(log, "escape_failed", side="blue", when="initiative")
    assert events(log, "side_turn", side="blue")


def test_kagemiya_4_2_seed_escape_at_first_move_time_by_the_first_succeeds() -> None:
    blue = sub({"roller": "lancer", "escape": True})
    log = one_round(standard(), sub("saber"), blue, [1, 1, 6, 6])
    assert events(log, "escaped", side="blue", when="initiative")
    assert not events(log, "side_turn")
    assert log["outcome"]["reason"] == "escaped"


def test_kagemiya_3_1_seed_higher_total_acts_first_and_three_sides_take_the_whole_order() -> None:
    chars = {**standard(), "caster": char("CASTER", "green")}
    subs = {"red": sub("saber"), "blue": sub("lancer"), "green": sub("caster")}
    log = resolve(make(chars, [{"submissions": subs, "dice": [2, 2, 6, 6, 3, 3]}], sides=("red", "blue", "green")))
    assert events(log, "order", order=["blue", "green", "red"])
    sides = [e["side"] for e in events(log, "side_turn")]
    assert sides == ["blue", "green", "red"]


def test_kagemiya_3_2_seed_a_first_move_skill_beats_a_higher_roll() -> None:
    skill = {"id": "chokkan", "rank": "A", "on": ["initiative"], "first_move": True}
    chars = standard(saber={"skills": [skill]})
    log = one_round(chars, sub({"roller": "saber", "use": ["chokkan"]}), sub("lancer"), [1, 1, 6, 6])
    assert events(log, "order", order=["red", "blue"])


def test_kagemiya_3_2_seed_a_first_move_np_beats_a_first_move_skill() -> None:
    skill = {"id": "chokkan", "rank": "EX", "on": ["initiative"], "first_move": True}
    np = {"id": "np", "rank": "E", "on": ["initiative"], "first_move": True}
    chars = standard(saber={"skills": [skill]}, lancer={"noble_phantasms": [np]})
    log = one_round(chars, sub({"roller": "saber", "use": ["chokkan"]}), sub({"roller": "lancer", "use": ["np"]}),
                    [6, 6, 1, 1])
    assert events(log, "order", order=["blue", "red"])


def test_kagemiya_3_2_seed_equal_kinds_go_by_rank_then_the_roll() -> None:
    def sk(rank):
        return {"skills": [{"id": "k", "rank": rank, "on": ["initiative"], "first_move": True}]}

    decl = {"use": ["k"]}
    higher = one_round(standard(saber=sk("B"), lancer=sk("A")), sub({"roller": "saber", **decl}),
                       sub({"roller": "lancer", **decl}), [6, 6, 1, 1])
    assert events(higher, "order", order=["blue", "red"])
    equal = one_round(standard(saber=sk("A"), lancer=sk("A")), sub({"roller": "saber", **decl}),
                      sub({"roller": "lancer", **decl}), [1, 1, 6, 6])
    assert events(equal, "order", order=["blue", "red"])


def test_kagemiya_3_3_tied_totals_are_rerolled_with_the_same_pools() -> None:
    log = one_round(standard(), sub("saber"), sub("lancer"), [3, 3, 2, 4, 1, 1, 5, 5])
    rerolls = events(log, "check", purpose="reroll")
    assert [(r["side"], r["total"]) for r in rerolls] == [("red", 2), ("blue", 10)]
    assert events(log, "order", order=["blue", "red"])


def test_kagemiya_3_3_setup_order_breaks_ties_without_dice() -> None:
    log = one_round(standard(), sub("saber"), sub("lancer"), [3, 3, 2, 4], options={"initiative_tie": "setup_order"})
    assert not events(log, "check", purpose="reroll")
    assert events(log, "order", order=["red", "blue"])


def test_kagemiya_4_4_escape_ties() -> None:
    blue = sub("lancer", {"actor": "lancer", "do": "escape"})
    red = sub("saber", {"actor": "saber", "do": "pass"})
    dice = [6, 6, 1, 1, 3, 3, 2, 4]
    escaper = one_round(standard(), red, blue, dice, options={"escape_tie": "escaper"})
    assert events(escaper, "escaped", side="blue")
    others = one_round(standard(), red, blue, dice, options={"escape_tie": "others"})
    assert events(others, "escape_failed", side="blue")
    reroll = one_round(standard(), red, blue, dice + [6, 6, 1, 1])
    assert events(reroll, "escaped", side="blue") and len(events(reroll, "check", purpose="reroll")) == 2


def test_kagemiya_2_1_the_pool_is_stat_plus_dice_of_six_plus_sides_plus_modifier() -> None:
    np = {"id": "np", "on": ["physical_attack"], "dice": 1, "sides": 2, "modifier": 3}
    chars = standard(saber={"noble_phantasms": [np]})
    # (筋力2 + 1)D(6+2)+3: three d8
    log = one_round(chars, sub("saber", attack("saber", "lancer", use=["np"])), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 8, 7, 1, 1, 1])
    atk = events(log, "check", purpose="attack")[0]
    assert (atk["dice"], atk["faces_per_die"], atk["modifier"], atk["total"]) == (3, 8, 3, 19)
    assert [r["sides"] for r in events(log, "roll", purpose="attack")] == [8, 8, 8]


def test_kagemiya_2_2_everything_declared_adds_up_and_counts_once() -> None:
    chars = standard(saber={"skills": [{"id": "a", "on": ["physical_attack"], "dice": 1}],
                            "noble_phantasms": [{"id": "b", "on": ["physical_attack"], "modifier": 2}],
                            "doubling": [{"id": "d", "stat": "strength", "dice": 1}]})
    act = attack("saber", "lancer", use=["a", "b", "a"], doubling=["d"], command_spells=["boost", "sides"])
    log = one_round(chars, sub("saber", act), sub("lancer", PASS_BLUE), [6, 6, 1, 1] + [1] * 6 + [1, 1])
    atk = events(log, "check", purpose="attack")[0]
    # (筋力2×2 + a1 + d1)D(6+1) + 2 + 5
    assert (atk["dice"], atk["faces_per_die"], atk["modifier"], atk["total"]) == (6, 7, 7, 13)
    assert log["state"]["characters"]["rm"]["command_spells"] == 1


def test_kagemiya_2_3_no_dice_means_the_modifier_and_faces_never_drop_below_the_floor() -> None:
    chars = standard(saber={"strength": 0, "skills": [{"id": "a", "on": ["physical_attack"], "modifier": 4,
                                                       "sides": -4}]})
    log = one_round(chars, sub("saber", attack("saber", "lancer", use=["a"])), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 1, 2])
    atk = events(log, "check", purpose="attack")[0]
    assert atk["dice"] == 0 and atk["faces"] == [] and atk["total"] == 4 and atk["faces_per_die"] == 2


def test_kagemiya_2_4_a_resource_with_nothing_left_is_not_applied() -> None:
    chars = standard(saber={"noble_phantasms": [{"id": "np", "on": ["physical_attack"], "dice": 3, "uses": 1,
                                                 "used": 1}]})
    log = one_round(chars, sub("saber", attack("saber", "lancer", use=["np"])), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 1, 1, 1, 1])
    assert events(log, "cancel", resource="np", reason="no_uses_left")
    assert events(log, "check", purpose="attack")[0]["dice"] == 2


def test_kagemiya_5_5_ambush_in_battle_needs_a_skill_that_allows_it() -> None:
    chars = standard(saber={"skills": [{"id": "kehai", "on": ["ambush_attack"], "ambush": True}]})
    log = one_round(chars, sub("saber", attack("saber", "lancer", "ambush")), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 1, 1])
    assert events(log, "check", purpose="attack")[0]["check"] == "ambush_attack"
    assert events(log, "check", purpose="defense")[0]["check"] == "ambush_defense"


def test_kagemiya_5_4_magical_attacks_always_meet_magical_defence() -> None:
    log = one_round(standard(), sub("saber", attack("saber", "lancer", "magical")), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 6, 1])
    d = events(log, "check", purpose="defense")[0]
    assert d["check"] == "magical_defense" and d["stat"] == "mana"


def test_kagemiya_5_3_physical_attack_rolls_strength_against_physical_defence() -> None:
    log = one_round(standard(), sub("saber", attack("saber", "lancer")), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 6, 4, 3, 4])
    a, d = events(log, "check", purpose="attack")[0], events(log, "check", purpose="defense")[0]
    assert (a["check"], a["stat"], d["check"], d["stat"]) == ("physical_attack", "strength", "physical_defense",
                                                              "strength")


def test_kagemiya_5_8_attacker_dice_are_drawn_before_the_defenders() -> None:
    log = one_round(standard(), sub("saber", attack("saber", "lancer")), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 6, 4, 3, 4])
    rolls = [(r["purpose"], r["actor"]) for r in events(log, "roll")]
    assert rolls == [("initiative", "saber")] * 2 + [("initiative", "lancer")] * 2 + \
        [("attack", "saber")] * 2 + [("defense", "lancer")] * 2


def test_kagemiya_5_7_standing_orders_apply_when_their_condition_holds() -> None:
    chars = standard(lancer={"skills": [{"id": "guard", "on": ["physical_defense"], "modifier": 2}]})
    orders = {"lancer": [{"if": {"of": "attack", "attr": "total", "at_least": 10}, "use": ["guard"]},
                         {"command_spells": ["boost"]}]}
    log = one_round(chars, sub("saber", attack("saber", "lancer")), sub("lancer", PASS_BLUE, defense=orders),
                    [6, 6, 1, 1, 3, 4, 1, 1])  # attack 7: the guard stays unused
    d = events(log, "check", purpose="defense")[0]
    assert d["modifier"] == 5 and [p["id"] for p in d["parts"]] == ["boost"]
    assert events(log, "standing_order", character="lancer", holds=False)
    assert log["state"]["characters"]["bm"]["command_spells"] == 2


def test_kagemiya_5_2_only_the_front_row_is_targeted_in_battle() -> None:
    log = one_round(standard(), sub("saber", attack("saber", "bm")), sub("lancer", PASS_BLUE), [6, 6, 1, 1])
    assert events(log, "cancel", target="bm", reason="target_in_back_row")


def test_kagemiya_5_1_back_row_characters_do_not_act() -> None:
    log = one_round(standard(), sub("saber", attack("rm", "lancer")), sub("lancer", PASS_BLUE), [6, 6, 1, 1])
    assert events(log, "cancel", actor="rm", reason="back_row")
    acted = one_round(standard(), sub("saber", attack("rm", "lancer")), sub("lancer", PASS_BLUE),
                      [6, 6, 1, 1, 1, 1, 1], options={"back_row_acts": True})
    assert events(acted, "attack", actor="rm")


def test_kagemiya_5_1_a_characters_own_actions_override_the_option() -> None:
    chars = standard(saber={"actions": 2})
    red = sub("saber", attack("saber", "lancer"), attack("saber", "lancer"), attack("saber", "lancer"))
    log = one_round(chars, red, sub("lancer", PASS_BLUE), [6, 6, 1, 1] + [1, 1, 6, 6] * 2)
    assert len(events(log, "attack", actor="saber")) == 2
    assert events(log, "cancel", actor="saber", action=2, reason="no_action_left")


def test_kagemiya_7_2_any_allows_physical_attacks_in_the_ambush_phase() -> None:
    m = make(standard(), [{"submissions": {"red": sub(None, attack("saber", "bm")), "blue": sub()}, "dice": [6, 6, 1]}],
             rounds=1, phase="ambush", ambusher="red", options={"ambush_phase_attacks": "any"})
    log = resolve(m)
    assert events(log, "check", check="physical_attack", actor="saber")
    assert events(log, "damage", target="bm", amount=11, after=0)


def test_kagemiya_8_4_without_refill_an_empty_front_row_stays_empty() -> None:
    chars = standard(lancer={"endurance": 1})
    turns = [{"submissions": {"red": sub("saber", attack("saber", "lancer")), "blue": sub("lancer")},
              "dice": [6, 6, 1, 1, 6, 6, 1, 1]},
             {"submissions": {"red": sub(None, attack("saber", "bm")), "blue": sub(None, {"actor": "bm", "do": "pass"})}}]
    log = resolve(make(chars, turns, options={"front_refill": "none"}))
    assert not events(log, "row_change")
    assert events(log, "cancel", target="bm", reason="target_in_back_row")
    assert events(log, "cancel", actor="bm", reason="back_row")
    assert log["state"]["sides"]["blue"]["status"] == "fighting"


def test_kagemiya_2_5_magical_dice_follow_the_formula_or_keep_six_faces() -> None:
    chars = standard(saber={"skills": [{"id": "m", "on": ["magical_attack"], "sides": 2}]})
    red = sub("saber", attack("saber", "lancer", "magical", use=["m"]))
    # formula: (魔力1)D(6+2): a 7 is a face of the 8-sided die
    log = one_round(chars, red, sub("lancer", PASS_BLUE), [6, 6, 1, 1, 7, 1])
    atk = events(log, "check", purpose="attack")[0]
    assert (atk["faces_per_die"], atk["sides"], atk["total"]) == (8, 2, 7)
    assert events(log, "attack_result")[0]["damage"] == 6
    # six: the prose's 6面ダイス; the declared sides add nothing
    log = one_round(chars, red, sub("lancer", PASS_BLUE), [6, 6, 1, 1, 6, 1], options={"magical_faces": "six"})
    atk = events(log, "check", purpose="attack")[0]
    assert (atk["faces_per_die"], atk["sides"], atk["total"]) == (6, 0, 6)
    assert [p["id"] for p in atk["parts"]] == ["m"]  # declared (and spent) all the same
    phys = standard(saber={"skills": [{"id": "p", "on": ["physical_attack"], "sides": 2}]})
    log = one_round(phys, sub("saber", attack("saber", "lancer", use=["p"])), sub("lancer", PASS_BLUE),
                    [6, 6, 1, 1, 8, 7, 1, 1], options={"magical_faces": "six"})
    assert events(log, "check", purpose="attack")[0]["faces_per_die"] == 8  # 物理 keeps the formula


def test_kagemiya_6_4_a_supporter_keeps_its_skills_for_its_other_checks_unless_whole_round() -> None:
    guard = {"id": "g", "on": ["physical_defense"], "modifier": 5}
    chars = standard(archer=char("ARCHER", "red", strength=3, skills=[guard]))
    red = sub("saber", attack("saber", "lancer", support=["archer"]), defense={"archer": [{"use": ["g"]}]})
    blue = sub("lancer", attack("lancer", "archer"))
    dice = [6, 6, 1, 1] + [1] * 5 + [1, 1] + [2, 2] + [1, 1, 1]
    log = one_round(chars, red, blue, dice)
    dfn = events(log, "check", purpose="defense", actor="archer")[0]
    assert dfn["total"] == 3 + 5 and [p["id"] for p in dfn["parts"]] == ["g"]
    assert events(log, "attack_result", target="archer")[0]["damage"] == 0
    log = one_round(chars, red, blue, dice, options={"supporter_resources": "whole_round"})
    dfn = events(log, "check", purpose="defense", actor="archer")[0]
    assert dfn["total"] == 3 and dfn["parts"] == []
    assert events(log, "cancel", character="archer", resource="g", reason="supported_this_round")
    assert events(log, "attack_result", target="archer")[0]["damage"] == 1


def test_kagemiya_5_9_a_standing_order_may_meet_a_physical_attack_with_another_defence() -> None:
    ward = {"id": "w", "name": "魔力障壁", "on": ["magical_defense"], "physical_defense_as": "magical_defense",
            "modifier": 1, "uses": 1}
    chars = standard(lancer={"mana": 3, "skills": [ward]})
    blue = sub("lancer", PASS_BLUE, defense={"lancer": [{"use": ["w"]}]})
    # 物理攻撃 saber (筋力2) [6,4] = 10 against lancer's 魔術防御 (魔力3) [2,2,2]+1 = 7: 3 damage
    log = one_round(chars, sub("saber", attack("saber", "lancer")), blue, [6, 6, 1, 1, 6, 4, 2, 2, 2])
    dfn = events(log, "check", purpose="defense")[0]
    assert (dfn["check"], dfn["stat"], dfn["dice"], dfn["total"]) == ("magical_defense", "mana", 3, 7)
    assert events(log, "attack_result")[0]["damage"] == 3
    assert log["state"]["characters"]["lancer"]["used"] == {"w": 1}
    # without uses left it is 物理防御 again
    two = sub("saber", attack("saber", "lancer"), attack("saber", "lancer"))
    log = one_round(standard(lancer={"mana": 3, "skills": [ward]}, saber={"actions": 2}), two, blue,
                    [6, 6, 1, 1, 6, 4, 2, 2, 2, 6, 4, 1, 1])
    assert [e["check"] for e in events(log, "check", purpose="defense")] == ["magical_defense", "physical_defense"]
    bad = standard(lancer={"skills": [{**ward, "on": ["physical_defense"]}]})
    from .helpers import problems
    msgs = problems(make(bad, [{"submissions": {"red": sub("saber"), "blue": sub("lancer")}}]))
    assert any("lists magical_defense under 'on'" in m for m in msgs), msgs


def test_kagemiya_2_6_one_noble_phantasm_per_check_when_the_option_says_so() -> None:
    nps = [{"id": "a", "on": ["physical_attack"], "dice": 1}, {"id": "b", "on": ["physical_attack"], "modifier": 4}]
    chars = standard(saber={"noble_phantasms": nps})
    red = sub("saber", attack("saber", "lancer", use=["a", "b"]))
    log = one_round(chars, red, sub("lancer", PASS_BLUE), [6, 6, 1, 1, 1, 1, 1, 1, 1])
    atk = events(log, "check", purpose="attack")[0]
    assert ([p["id"] for p in atk["parts"]], atk["total"]) == (["a", "b"], 3 + 4)
    log = one_round(chars, red, sub("lancer", PASS_BLUE), [6, 6, 1, 1, 1, 1, 1, 1, 1],
                    options={"noble_phantasms_per_check": "one"})
    atk = events(log, "check", purpose="attack")[0]
    assert ([p["id"] for p in atk["parts"]], atk["total"]) == (["a"], 3)
    assert events(log, "cancel", character="saber", resource="b", reason="one_noble_phantasm")
    assert log["state"]["characters"]["saber"]["used"] == {"a": 1}  # b is not spent


def test_kagemiya_5_10_a_noble_phantasm_serves_the_defence_on_the_other_sides_turn() -> None:
    aegis = {"id": "aegis", "name": "熾天覆う七つの円環", "on": ["physical_defense"], "dice": 2, "modifier": 3}
    chars = standard(lancer={"noble_phantasms": [aegis]})
    blue = sub("lancer", PASS_BLUE, defense={"lancer": [{"use": ["aegis"]}]})
    # red's turn: 物理攻撃 [6,6] = 12 against (筋力2+宝具2)D6+3 [1,1,1,1]+3 = 7: 5 damage, the 宝具 spent
    log = one_round(chars, sub("saber", attack("saber", "lancer")), blue, [6, 6, 1, 1, 6, 6, 1, 1, 1, 1])
    dfn = events(log, "check", purpose="defense")[0]
    assert (dfn["dice"], dfn["total"], [p["part"] for p in dfn["parts"]]) == (4, 7, ["noble_phantasm"])
    assert log["state"]["characters"]["lancer"]["used"] == {"aegis": 1}


def army(n: int) -> list[dict]:
    return [{"id": "ea", "name": "天地乖離す開闢の星", "on": ["physical_attack"], "dice": 1, "targets": n}]


def test_kagemiya_5_11_several_targets_need_a_declared_resource_with_room_for_them() -> None:
    from .helpers import problems

    chars = standard(saber=char("SABER", "red", master="rm", noble_phantasms=army(2)),
                     archer=char("ARCHER", "blue"))
    blue = sub("lancer", PASS_BLUE)
    undeclared = problems(make(chars, [{"submissions": {"red": sub("saber", attack("saber", ["lancer", "archer"])),
                                                        "blue": blue}}]))
    assert any("2 targets" in m and "up to 1" in m and "/actions/0/target" in m for m in undeclared), undeclared
    too_many = problems(make(chars, [{"submissions": {
        "red": sub("saber", attack("saber", ["lancer", "archer", "bm"], use=["ea"])), "blue": blue}}]))
    assert any("3 targets" in m and "up to 2" in m for m in too_many), too_many
    unknown = problems(make(chars, [{"submissions": {
        "red": sub("saber", attack("saber", ["lancer", "nobody"], use=["ea"])), "blue": blue}}]))
    assert any("/actions/0/target/1" in m for m in unknown), unknown
    assert not problems(make(chars, [{"submissions": {
        "red": sub("saber", attack("saber", ["lancer", "archer"], use=["ea"])), "blue": blue}}]))


def test_kagemiya_5_11_one_roll_each_target_defends_and_one_in_the_back_row_is_cancelled_alone() -> None:
    chars = standard(saber=char("SABER", "red", master="rm", noble_phantasms=army(3)),
                     archer=char("ARCHER", "blue"))
    # 先手 red [6,6] blue [1,1]; attack (2+1)D6 [4,4,4] = 12; archer [1,1] = 2, lancer [6,6] = 12
    log = one_round(chars, sub("saber", attack("saber", ["archer", "bm", "lancer"], use=["ea"])),
                    sub("lancer", PASS_BLUE), [6, 6, 1, 1, 4, 4, 4, 1, 1, 6, 6])
    (atk,) = events(log, "attack")
    assert atk["targets"] == ["archer", "lancer"] and atk["target"] == "archer"
    (cancel,) = events(log, "cancel", do="physical")
    assert cancel["target"] == "bm" and cancel["reason"] == "target_in_back_row"
    assert len(events(log, "check", purpose="attack")) == 1
    assert [(r["target"], r["damage"]) for r in events(log, "attack_result")] == [("archer", 10), ("lancer", 0)]
    text = api_render(log)
    assert "→ ARCHER: 12 > 2: 10 damage" in text and "no physical attack at BM" in text


def test_kagemiya_5_11_a_target_that_fell_with_an_earlier_one_is_cancelled() -> None:
    # bm (耐久1: HP 5) is named before its servant; bm falls and, with master_loss servant_vanishes,
    # lancer goes with it before its turn comes. 先手 [6,6] [1,1]; attack [6,6,6] = 18; bm [1] = 1
    chars = standard(saber=char("SABER", "red", master="rm", noble_phantasms=army(3)),
                     bm=char("BM", "blue", "master", strength=1, agility=1, endurance=1))
    log = one_round(chars, sub("saber", attack("saber", ["bm", "lancer"], use=["ea"])),
                    sub("lancer", PASS_BLUE), [6, 6, 1, 1, 6, 6, 6, 1], options={"master_loss": "servant_vanishes"})
    assert [(r["target"], r["damage"]) for r in events(log, "attack_result")] == [("bm", 17)]
    (cancel,) = events(log, "cancel", do="physical")
    assert cancel["target"] == "lancer" and cancel["reason"] == "target_out_of_battle"


def api_render(log: dict) -> str:
    from dhproc import api

    return api.render(log, lang="en")


def test_kagemiya_11_1_a_command_spell_on_its_own_is_a_masters_on_its_own_servant() -> None:
    from .helpers import problems

    def errors(*actions: dict, **setup) -> list[str]:
        return problems(make(standard(), [{"submissions": {"red": sub("saber", *actions),
                                                            "blue": sub("lancer", PASS_BLUE)}}], **setup))

    spell = {"do": "command_spell"}
    assert not errors({"actor": "rm", **spell, "command_spells": ["heal", "swap_row"]})
    assert any("only a master" in m for m in errors({"actor": "saber", **spell, "command_spells": ["heal"]}))
    assert any("not RM (rm)'s own servant" in m for m in errors({"actor": "rm", **spell, "command_spells": ["heal"],
                                                           "target": "lancer"}))
    assert any("adds to a check" in m and "command_spells/0" in m
               for m in errors({"actor": "rm", **spell, "command_spells": ["boost"]}))
    assert any("name the 令呪" in m for m in errors({"actor": "rm", **spell}))
    assert any("goes with a restore" in m for m in errors({"actor": "rm", **spell, "command_spells": ["heal"],
                                                          "use": ["x"]}))
    redirect_by_servant = problems(make(standard(), [{"submissions": {
        "red": sub("saber", defense={"saber": [{"command_spells": ["redirect"]}]}), "blue": sub("lancer", PASS_BLUE)}}]))
    assert any("not a master" in m for m in redirect_by_servant), redirect_by_servant
    mixed = problems(make(standard(), [{"submissions": {"red": sub("saber"), "blue": sub("lancer")}}],
                          command_spell_kinds=[{"id": "h", "effect": "heal", "modifier": 3}]))
    assert any("has an effect, so it takes no modifier" in m and "command_spell_kinds/0/modifier" in m for m in mixed)


def test_kagemiya_11_5_a_redirect_is_not_made_for_an_attack_on_several_targets() -> None:
    chars = standard(saber=char("SABER", "red", master="rm", noble_phantasms=army(2)),
                     bm=char("BM", "blue", "master", row="front", strength=1, agility=1))
    # 先手 red [6,6] blue [1,1]; attack (2+1)D6 [1,1,1] = 3; lancer [1,1] = 2; bm [1] = 1
    log = one_round(chars, sub("saber", attack("saber", ["lancer", "bm"], use=["ea"])),
                    sub("lancer", PASS_BLUE, defense={"bm": [{"command_spells": ["redirect"]}]}),
                    [6, 6, 1, 1, 1, 1, 1, 1, 1, 1])
    assert not events(log, "redirect")
    assert [r["target"] for r in events(log, "attack_result")] == ["lancer", "bm"]
    assert log["state"]["characters"]["bm"]["command_spells"] == 3


def test_kagemiya_11_6_a_reroll_is_only_written_where_the_roll_is_seen() -> None:
    """Before the defence roll a re-roll has nothing to re-roll; after it only a re-roll fits; an
    attack on several targets has no reaction; a condition read before the roll cannot name it."""
    from .helpers import problems

    chars = standard(saber=char("SABER", "red", master="rm", noble_phantasms=army(2)))
    blue = sub("lancer", PASS_BLUE, defense={"lancer": [
        {"command_spells": ["reroll"]},
        {"after_roll": True, "use": ["x"], "command_spells": ["boost"]},
        {"if": {"of": "damage", "attr": "amount", "at_least": 1}, "use": []}]})
    red = sub("saber", attack("saber", ["lancer", "bm"], use=["ea"], react=[{"command_spells": ["reroll"]}]))
    found = problems(make(chars, [{"submissions": {"red": red, "blue": blue}}]))
    for what in ("is used after the defence roll", "takes no use", "'boost' is not a re-roll",
                 "has no react", "unknown subject 'damage'"):
        assert any(what in p for p in found), (what, found)


def test_kagemiya_11_6_without_a_command_spell_left_the_roll_stands() -> None:
    # 先手 red [6,6] blue [1,1]; attack [6,6] = 12; defence [1,1] = 2: BM has no 画 left, no re-roll
    chars = standard(bm=char("BM", "blue", "master", row="back", strength=1, agility=1, command_spells=0))
    log = one_round(chars, sub("saber", attack("saber", "lancer")),
                    sub("lancer", PASS_BLUE, defense={"lancer": [{"after_roll": True, "command_spells": ["reroll"]}]}),
                    [6, 6, 1, 1, 6, 6, 1, 1])
    assert events(log, "cancel", command_spell="reroll")[0]["reason"] == "no_command_spells_left"
    assert not events(log, "reroll")
    assert events(log, "attack_result")[0]["damage"] == 10
