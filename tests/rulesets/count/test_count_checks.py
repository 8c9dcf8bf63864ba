"""count: 命中判定, 回避判定, the CA check and the seed's worked example (COUNT-4, 5, 6)."""

from __future__ import annotations

import pytest

from dhproc.dice.expr import read_2d9

from .helpers import events, make, resolve, unit

ATTACK = {"main_action": {"skill": "斬撃", "targets": ["g"]}}


def duel(a: dict | None = None, g: dict | None = None, *, dice, reactions=None, options=None, a_plans=None):
    units = {"a": unit("アオイ", "pc", "E5", 15, **(a or {})), "g": unit("ゴブリン", "enemy", "E6", 3, **(g or {}))}
    plans = {"pc": {"plans": {"a": a_plans or [ATTACK]}},
             "enemy": {"reactions": {"g": reactions or {}}}}
    return resolve(make(units, plans, dice=dice, options=options))


SEED_TARGET = {"evasion": 13, "evasion_crit": 6, "evasion_fumble": 90, "ca_value": 6, "ca_left": 1}


@pytest.mark.parametrize("face, reading, evaded, ca, fumble", [
    (22, 4, True, True, False), (28, 10, True, False, False), (51, 6, False, True, False),
    (100, 0, False, True, True)])
def test_count_6_3_the_seed_example(face, reading, evaded, ca, fumble) -> None:
    """命中15, 2D10 = 12 against 回避13 (C6 F90, CA値6, 残りCA回数1): 回避率30%."""
    # the CA (when taken) is a 斬撃 back: its 2D10 and アオイ's d100 follow
    dice = [5, 7, face] + ([5, 5, 99] if ca else [])
    log = duel({"hit": 15}, SEED_TARGET, dice=dice, reactions={"ca": True})
    (hit,) = events(log, "hit_check", actor="a")
    assert (hit["sum"], hit["total"]) == (12, 27)
    (ev,) = events(log, "evasion", actor="g")
    assert ev["evasion_rate"] == 30
    assert (ev["face"], ev["reading"], ev["evaded"], ev["ca_taken"], ev["fumble"]) == (face, reading, evaded, ca, fumble)
    assert ev["no_reduction"] is fumble
    assert len(events(log, "ca", character="g")) == (1 if ca else 0)
    damage = events(log, "damage", target="g")
    assert len(damage) == (0 if evaded else 1)
    if fumble:
        assert damage[0]["no_reduction"] is True


def test_count_6_1_the_ca_check_reads_the_d100_as_two_digits() -> None:
    assert [read_2d9(f)[2] for f in (1, 9, 10, 22, 28, 51, 99, 100)] == [1, 9, 1, 4, 10, 6, 18, 0]
    log = duel(g={"ca_value": 9, "ca_left": 1}, dice=[5, 5, 90], reactions={"ca": False})
    (ev,) = events(log, "evasion")
    assert (ev["tens"], ev["ones"], ev["reading"], ev["ca_eligible"], ev["ca_taken"]) == (9, 0, 9, True, False)


def test_count_6_2_a_ca_is_taken_only_by_policy_and_spends_one_use() -> None:
    log = duel(g={"ca_value": 6, "ca_left": 2}, dice=[5, 5, 22], reactions={"ca": False})
    assert events(log, "evasion")[0]["ca_left"] == 2 and not events(log, "ca")
    log = duel(g={"ca_value": 6, "ca_left": 2}, dice=[5, 5, 22, 5, 5, 99], reactions={"ca": True})
    assert events(log, "evasion", actor="g")[0]["ca_left"] == 1 and events(log, "ca")
    # no 残りCA回数: no CA, whatever the reading
    log = duel(g={"ca_value": 6, "ca_left": 0}, dice=[5, 5, 22], reactions={"ca": True})
    assert events(log, "evasion")[0]["ca_eligible"] is False
    # ca_needs_attack: the goblin at E8 cannot reach E5 with its range-1 斬撃: no use spent
    units = {"a": unit("アオイ", "pc", "E5", 15, skills=[{**unit("x", "pc", "A1", 1)["skills"][0], "range": 3}]),
             "g": unit("ゴブリン", "enemy", "E8", 3, ca_value=6, ca_left=1)}
    plans = {"pc": {"plans": {"a": [ATTACK]}}, "enemy": {"reactions": {"g": {"ca": True}}}}
    ev = events(resolve(make(units, plans, dice=[5, 5, 22])), "evasion")[0]
    assert (ev["ca_eligible"], ev["ca_taken"], ev["ca_unreachable"], ev["ca_left"]) == (True, False, "out_of_range", 1)
    log = resolve(make(units, plans, dice=[5, 5, 22], options={"ca_needs_attack": False}))
    assert events(log, "evasion")[0]["ca_left"] == 0
    assert events(log, "cancel", action="ca", reason="out_of_range")


def test_count_4_1_total_is_the_stat_plus_2d10_and_magic_meets_resistance() -> None:
    fire = {"name": "火球", "timing": "main_action", "check": "magic", "kind": "magic", "range": 3,
            "damage": {"fixed": 1, "attributes": ["火"]}}
    log = duel({"magic": 14, "skills": [fire]}, {"resistance": 9, "evasion": 1}, dice=[3, 4, 100],
               a_plans=[{"main_action": {"skill": "火球", "targets": ["g"]}}])
    hit = events(log, "hit_check")[0]
    assert (hit["stat"], hit["value"], hit["dice"], hit["total"]) == ("magic", 14, [3, 4], 21)
    ev = events(log, "evasion")[0]
    assert (ev["stat"], ev["defence"], ev["evasion_rate"]) == ("resistance", 9, 40)


def test_count_4_1_a_skill_without_check_affects_every_target() -> None:
    bolt = {"name": "雷", "timing": "main_action", "check": "none", "kind": "none", "range": 2,
            "damage": {"fixed": 3, "attributes": ["雷"]}}
    log = duel({"skills": [bolt]}, dice=[], a_plans=[{"main_action": {"skill": "雷", "targets": ["g"]}}])
    assert not events(log, "hit_check") and not events(log, "evasion")
    assert events(log, "damage")[0]["final"] == 3


@pytest.mark.parametrize("dice, crit, fumble", [([9, 9], True, False), ([9, 8], False, False),
                                                ([1, 2], False, True), ([2, 2], False, False)])
def test_count_4_2_crit_at_or_above_c_fumble_at_or_below_f(dice, crit, fumble) -> None:
    more = [] if fumble else [100] + ([4] if crit else [])  # a critical adds 1D10 damage
    log = duel({"hit_crit": 18, "hit_fumble": 3}, dice=dice + more)
    hit = events(log, "hit_check")[0]
    assert (hit["critical"], hit["fumble"]) == (crit, fumble)


def test_count_4_3_a_pc_fumble_discards_a_random_card() -> None:
    log = duel({"hit_fumble": 3, "hand": ["剣", "盾", "薬"]}, dice=[1, 1, 2])
    (d,) = events(log, "discard")
    assert (d["card"], d["position"], d["hand_left"]) == ("盾", 2, 2)
    assert [r["sides"] for r in events(log, "roll", purpose="hand_discard")] == [3]
    assert log["state"]["characters"]["a"]["hand"] == ["剣", "薬"]
    log = duel({"hit_fumble": 3, "hand": []}, dice=[1, 1])
    assert events(log, "discard")[0]["card"] is None and not events(log, "roll", purpose="hand_discard")


def test_count_4_3_an_enemy_fumble_discards_nothing() -> None:
    units = {"a": unit("アオイ", "pc", "E5", 3, hand=["剣"]), "g": unit("ゴブリン", "enemy", "E6", 15, hit_fumble=3)}
    plans = {"enemy": {"plans": {"g": [{"main_action": {"skill": "斬撃", "targets": ["a"]}}]}}}
    log = resolve(make(units, plans, dice=[1, 1]))
    assert events(log, "hit_check")[0]["fumble"] and not events(log, "discard")


def test_count_4_4_a_hit_fumble_misses_without_an_evasion_check() -> None:
    log = duel({"hit_fumble": 3}, SEED_TARGET, dice=[1, 2], reactions={"ca": True})
    assert events(log, "miss_all") and not events(log, "evasion") and not events(log, "ca")
    assert not events(log, "damage")


def test_count_4_5_a_rerolled_fumble_discards_again() -> None:
    log = duel({"hit_fumble": 3, "hand": ["剣", "盾", "薬"], "rerolls": 2}, dice=[1, 1, 1])
    # the side's reactions: none for a → no re-roll
    assert len(events(log, "discard")) == 1
    units = {"a": unit("アオイ", "pc", "E5", 15, hit_fumble=3, hand=["剣", "盾", "薬"], rerolls=2),
             "g": unit("ゴブリン", "enemy", "E6", 3)}
    plans = {"pc": {"plans": {"a": [ATTACK]}, "reactions": {"a": {"reroll_hit_fumble": True}}}}
    log = resolve(make(units, plans, dice=[1, 1, 1, 1, 1, 2, 9, 9, 100]))
    assert [e["fumble"] for e in events(log, "hit_check")] == [True, True, False]
    assert [e["card"] for e in events(log, "discard")] == ["剣", "薬"]  # faces 1 of 3, then 2 of 2
    assert log["state"]["characters"]["a"]["rerolls"] == 0


def test_count_5_1_one_hit_check_each_target_its_own_d100_in_order() -> None:
    sweep = {"name": "薙ぎ払い", "timing": "main_action", "check": "hit", "kind": "none", "range": 1,
             "targets": {"count": 2}, "damage": {"fixed": 1, "attributes": ["斬"]}}
    units = {"a": unit("アオイ", "pc", "E5", 15, skills=[sweep]), "g": unit("ゴブリン", "enemy", "E6", 3),
             "h": unit("コボルド", "enemy", "D5", 2, evasion=20)}
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "薙ぎ払い", "targets": ["h", "g"]}}]}}}
    log = resolve(make(units, plans, dice=[5, 5, 40, 90]))
    assert len(events(log, "hit_check")) == 1
    assert [(e["actor"], e["face"], e["evasion_rate"]) for e in events(log, "evasion")] == [("h", 40, 100), ("g", 90, 50)]


@pytest.mark.parametrize("hit, b, rate", [(15, 13, 40), (30, 5, 0), (2, 30, 100), (10, 10, 50), (18, 20, 60)])
def test_count_5_2_the_evasion_rate_formula_is_clamped(hit, b, rate) -> None:
    log = duel({"hit": hit}, {"evasion": b}, dice=[5, 5, 100])
    assert events(log, "evasion")[0]["evasion_rate"] == rate == max(0, min(100, (20 - (hit + 10 - b)) * 5))


@pytest.mark.parametrize("face, evaded, crit, fumble", [(5, True, True, False), (50, True, False, False),
                                                        (51, False, False, False), (95, False, False, True)])
def test_count_5_3_d100_at_or_below_the_rate_evades(face, evaded, crit, fumble) -> None:
    log = duel(g={"evasion_crit": 5, "evasion_fumble": 95}, dice=[5, 5, face])
    ev = events(log, "evasion")[0]
    assert (ev["evasion_rate"], ev["evaded"], ev["critical"], ev["fumble"]) == (50, evaded, crit, fumble)


def test_count_5_4_a_hit_critical_hits_unless_the_evasion_is_critical() -> None:
    log = duel({"hit_crit": 18}, {"evasion_crit": 5}, dice=[9, 9, 10, 3])
    ev = events(log, "evasion")[0]
    assert (ev["evasion_rate"], ev["evaded"], ev["why"]) == (10, False, "hit_critical")
    assert events(log, "damage_roll")[0]["critical_dice"] == [3]
    log = duel({"hit_crit": 18}, {"evasion_crit": 5}, dice=[9, 9, 4])
    assert events(log, "evasion")[0]["evaded"] is True


def test_count_5_5_an_evasion_fumble_hits_and_blocks_reductions_not_increases() -> None:
    g = {"evasion_fumble": 90, "resist": {"斬": 3}}
    log = duel(g=g, dice=[5, 5, 95])
    d = events(log, "damage")[0]
    assert (d["no_reduction"], d["resist"], d["resist_blocked"], d["final"]) == (True, 3, True, 5)
    log = duel(g={"evasion_fumble": 90, "resist": {"斬": -2}}, dice=[5, 5, 95])
    assert events(log, "damage")[0]["final"] == 7  # a negative 耐性 still adds


@pytest.mark.parametrize("opt, evaded", [(True, True), (False, False)])
def test_count_5_6_an_evasion_critical_above_the_rate(opt, evaded) -> None:
    log = duel({"hit": 25}, {"evasion_crit": 5}, dice=[5, 5, 3], options={"evasion_crit_evades": opt})
    ev = events(log, "evasion")[0]
    assert (ev["evasion_rate"], ev["critical"], ev["evaded"]) == (0, True, evaded)


def test_count_5_7_an_evasion_reroll_keeps_the_fumble_mark_unless_it_evades() -> None:
    g = {"evasion_fumble": 90, "rerolls": 1, "resist": {"斬": 3}}
    units = {"a": unit("アオイ", "pc", "E5", 15), "g": unit("ゴブリン", "enemy", "E6", 3, **g)}
    plans = {"pc": {"plans": {"a": [ATTACK]}}, "enemy": {"reactions": {"g": {"reroll_evasion_failure": True}}}}
    log = resolve(make(units, plans, dice=[5, 5, 95, 70]))
    evs = events(log, "evasion")
    assert [(e["face"], e["final"]) for e in evs] == [(95, False), (70, True)]
    assert evs[1]["no_reduction"] is True and events(log, "damage")[0]["final"] == 5
    log = resolve(make(units, plans, dice=[5, 5, 95, 20]))
    assert events(log, "evasion")[-1]["evaded"] is True and not events(log, "damage")


@pytest.mark.parametrize("hit, rate", [(40, 0), (-20, 100)])
def test_an_evasion_check_draws_its_d100_even_at_0_or_100_percent(hit, rate) -> None:
    """docs/dice.md: no count roll is skipped as certain; with 回避C値 0, 回避F値 101 and no CA the
    face cannot change the verdict, and the d100 is still the third die drawn (seeded or recorded)."""
    for dice in (None, [5, 5, 37]):
        log = duel({"hit": hit}, dice=dice)
        rolls = [(e["purpose"], e["sides"]) for e in events(log, "roll")]
        assert rolls[:3] == [("hit_check", 10), ("hit_check", 10), ("evasion", 100)]
        (ev,) = events(log, "evasion")
        assert ev["evasion_rate"] == rate and ev["evaded"] is (rate == 100)
        assert ev["face"] == events(log, "roll")[2]["face"]
