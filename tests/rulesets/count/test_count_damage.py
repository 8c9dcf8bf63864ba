"""count: the 9-step damage pipeline and 「タイミング：CA」 (COUNT-7, COUNT-8)."""

from __future__ import annotations

import pytest

from dhproc.errors import ResolutionError

from .helpers import SLASH, events, make, report, resolve, unit

ATTACK_G = {"main_action": {"skill": "斬撃", "targets": ["g"]}}


def hit_g(skill: dict, g: dict | None = None, a: dict | None = None, *, dice, options=None, extra=None, reactions=None):
    units = {"a": {**unit("アオイ", "pc", "E5", 15), "skills": [skill], **(a or {})},
             "g": {**unit("ゴブリン", "enemy", "E6", 3), **(g or {})}}
    units.update(extra or {})
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": skill["name"], "targets": ["g"]}}]}},
             "enemy": {"reactions": reactions or {}}}
    return resolve(make(units, plans, dice=dice, options=options))


def skill(fixed=5, dice=None, attrs=("斬",), kind="none", **extra) -> dict:
    dmg = {"fixed": fixed, "attributes": list(attrs)}
    if dice:
        dmg["dice"] = {"count": dice[0], "sides": dice[1]}
    return {"name": "技", "timing": "main_action", "check": "hit", "kind": kind, "range": 1, "damage": dmg, **extra}


def test_count_7_1_no_damage_roll_when_nobody_is_hit() -> None:
    log = hit_g(skill(dice=(2, 6), kind="melee"), dice=[5, 5, 20])
    assert events(log, "evasion")[0]["evaded"] and not events(log, "damage_roll") and not events(log, "damage")
    assert not events(log, "roll", purpose="damage")


def test_count_7_2_fixed_increase_dice_critical_and_melee_bonus() -> None:
    boost = {"name": "豪腕", "timing": "before_damage", "step": "increase", "value": 3}
    log = hit_g(skill(fixed=4, dice=(1, 6), kind="melee"), a={"hit_crit": 18,
                                                             "skills": [skill(fixed=4, dice=(1, 6), kind="melee"), boost]},
                dice=[9, 9, 50, 6, 7, 2, 3])
    roll = events(log, "damage_roll")[0]
    assert (roll["fixed"], roll["increases"], roll["dice"], roll["critical_dice"], roll["kind_dice"], roll["planned"]) \
        == (4, [{"skill": "豪腕", "value": 3}], [6], [7], [2, 3], 25)
    assert [r["purpose"] for r in events(log, "roll")][3:] == ["damage", "damage_critical", "damage_kind", "damage_kind"]
    log = hit_g(skill(fixed=1, kind="magic", dice=(1, 4)), dice=[5, 5, 100, 4])
    assert events(log, "damage_roll")[0]["kind_dice"] == []  # 魔 gets no +2D10


@pytest.mark.parametrize("shared, rolls", [(True, 1), (False, 2)])
def test_count_7_2_one_damage_roll_serves_every_target(shared, rolls) -> None:
    sweep = skill(dice=(1, 6), targets={"count": 2})
    units = {"h": unit("コボルド", "enemy", "D5", 2)}
    plans_dice = [5, 5, 100, 100] + [3] * rolls
    m = make({"a": {**unit("アオイ", "pc", "E5", 15), "skills": [sweep]}, "g": unit("ゴブリン", "enemy", "E6", 3), **units},
             {"pc": {"plans": {"a": [{"main_action": {"skill": "技", "targets": ["g", "h"]}}]}}}, dice=plans_dice,
             options={"shared_damage_roll": shared})
    log = resolve(m)
    assert len(events(log, "damage_roll")) == rolls and len(events(log, "damage")) == 2


def test_count_7_3_the_lowest_resistance_of_a_composite_damage() -> None:
    log = hit_g(skill(fixed=10, attrs=("火", "氷")), {"resist": {"火": 4, "氷": 1}}, dice=[5, 5, 100])
    d = events(log, "damage")[0]
    assert (d["resist_attribute"], d["resist"], d["after_resist"]) == ("氷", 1, 9)
    log = hit_g(skill(fixed=10, attrs=("火",)), {"resist": {"火": 30}}, dice=[5, 5, 100], options={"resist_mode": "percent"})
    assert events(log, "damage")[0]["after_resist"] == 7
    log = hit_g(skill(fixed=3, attrs=("火",)), {"resist": {"火": 9}}, dice=[5, 5, 100])
    assert events(log, "damage")[0]["after_resist"] == 0  # never below 0


def test_count_7_4_void_damage_cannot_be_reduced() -> None:
    guard = {"name": "盾", "timing": "before_damage", "step": "reduce", "value": 4}
    g = {"resist": {"無": 3, "火": 2}, "skills": [SLASH, guard]}
    d = events(hit_g(skill(fixed=10, attrs=("無",)), g, dice=[5, 5, 100]), "damage")[0]
    assert (d["void"], d["after_resist"], d["reduce_blocked"], d["final"]) == (True, 10, True, 10)
    d = events(hit_g(skill(fixed=10, attrs=("火", "無")), g, dice=[5, 5, 100]), "damage")[0]
    assert d["void"] and d["final"] == 10
    d = events(hit_g(skill(fixed=10, attrs=("火", "無")), g, dice=[5, 5, 100],
                     options={"void_in_composite": "ignore"}), "damage")[0]
    assert (d["void"], d["resist"], d["final"]) == (False, 2, 4)
    d = events(hit_g(skill(fixed=10, attrs=("無",)), {"resist": {"無": -2}}, dice=[5, 5, 100]), "damage")[0]
    assert d["final"] == 12  # an increase still applies


def cover_units(extra_g: dict | None = None) -> dict:
    covering = {"name": "カバーリング", "timing": "before_damage", "op": "cover", "range": 1}
    sweep = {**skill(fixed=6, targets={"count": 2}), "range": 2}
    return {"a": {**unit("オーガ", "enemy", "E5", 15), "skills": [sweep]},
            "g": {**unit("アオイ", "pc", "E6", 3, **(extra_g or {})), "skills": [SLASH, covering]},
            "m": unit("ミナト", "pc", "D6", 2)}


@pytest.mark.parametrize("targets, faces, multiplier", [(["g", "m"], [100, 100], 2), (["m"], [100], 1)])
def test_count_7_5_cover_takes_the_share_and_multiplies(targets, faces, multiplier) -> None:
    plans = {"enemy": {"plans": {"a": [{"main_action": {"skill": "技", "targets": targets}}]}},
             "pc": {"reactions": {"g": {"cover": ["m"]}}}}
    log = resolve(make(cover_units(), plans, dice=[5, 5, *faces]))
    assert events(log, "cover")[0]["covers"] == "m"
    (d,) = events(log, "damage")
    assert (d["target"], d["multiplier"], d["after_multiply"], d["hp_after"]) == ("g", multiplier, 6 * multiplier,
                                                                                30 - 6 * multiplier)
    assert log["state"]["characters"]["m"]["hp_now"] == 30


def test_count_1_11_a_cover_item_spends_a_use_per_cover_and_then_covers_nobody() -> None:
    units = cover_units()
    units["g"]["skills"][1].update(item=True, uses=1)
    strike_m = {"main_action": {"skill": "技", "targets": ["m"]}}
    plans = {"enemy": {"plans": {"a": [strike_m, strike_m]}}, "pc": {"reactions": {"g": {"cover": ["m"]}}}}
    log = resolve(make(units, plans, dice=[5, 5, 100] * 2))  # オーガ acts at counts 15 and 5
    assert [e["covers"] for e in events(log, "cover")] == ["m"]
    assert [d["target"] for d in events(log, "damage")] == ["g", "m"]
    assert log["state"]["characters"]["g"]["uses"] == {"カバーリング": 0}


def test_count_1_9_a_cover_skill_with_a_use_limit_covers_until_the_limit_and_then_nobody() -> None:
    units = cover_units()
    units["g"]["skills"][1]["limit"] = {"count": 1, "per": "round"}  # 「1ラウンドに1回」
    strike_m = {"main_action": {"skill": "技", "targets": ["m"]}}
    plans = {"enemy": {"plans": {"a": [strike_m, strike_m]}}, "pc": {"reactions": {"g": {"cover": ["m"]}}}}
    log = resolve(make(units, plans, dice=[5, 5, 100] * 2))  # オーガ acts at counts 15 and 5
    assert [e["covers"] for e in events(log, "cover")] == ["m"]
    assert [d["target"] for d in events(log, "damage")] == ["g", "m"]


def test_count_7_5_a_covered_share_keeps_its_no_reduction_mark() -> None:
    plans = {"enemy": {"plans": {"a": [{"main_action": {"skill": "技", "targets": ["m"]}}]}},
             "pc": {"reactions": {"g": {"cover": ["m"]}}}}
    units = cover_units({"resist": {"斬": 2}})
    units["m"]["evasion_fumble"] = 95
    d = events(resolve(make(units, plans, dice=[5, 5, 99])), "damage")[0]
    assert (d["no_reduction"], d["final"]) == (True, 6)
    d = events(resolve(make(units, plans, dice=[5, 5, 99], options={"cover_no_reduction": "receiver"})), "damage")[0]
    assert (d["no_reduction"], d["final"]) == (False, 4)


def test_count_7_6_reductions_make_the_real_damage() -> None:
    guard = {"name": "硬い皮膚", "timing": "before_damage", "step": "reduce", "value": 2}
    d = events(hit_g(skill(fixed=10), {"resist": {"斬": 1}, "skills": [SLASH, guard]}, dice=[5, 5, 100]), "damage")[0]
    assert (d["after_resist"], d["reductions"], d["real"]) == (9, [{"skill": "硬い皮膚", "value": 2}], 7)


def test_count_7_7_effects_on_the_real_damage() -> None:
    edge = {"name": "急所狙い", "timing": "before_damage", "step": "real", "value": 3}
    ward = {"name": "護り", "timing": "before_damage", "step": "real", "value": -5}
    log = hit_g(skill(fixed=10), {"skills": [SLASH, ward]}, {"skills": [skill(fixed=10), edge]}, dice=[5, 5, 100])
    d = events(log, "damage")[0]
    assert (d["real"], d["real_applied"], d["final"]) == (10, ["急所狙い", "護り"], 8)
    log = hit_g(skill(fixed=10), {"skills": [SLASH, ward], "evasion_fumble": 95}, {"skills": [skill(fixed=10), edge]},
                dice=[5, 5, 99])
    assert events(log, "damage")[0]["final"] == 13  # unreducible: 護り skipped


@pytest.mark.parametrize("opt, down", [("zero", True), ("below_zero", False)])
def test_count_7_8_hp_zero_knocks_out(opt, down) -> None:
    log = hit_g(skill(fixed=40), dice=[5, 5, 100], options={"knocked_out_at": opt})
    assert events(log, "damage")[0]["hp_after"] == 0
    assert bool(events(log, "knocked_out")) == down
    assert log["state"]["characters"]["g"]["knocked_out"] is down


def test_count_7_9_riders_apply_to_each_target_hit() -> None:
    riders = [{"op": "count", "value": -4}, {"op": "stat", "stat": "agility", "value": -2}, {"op": "heal", "value": 1}]
    log = hit_g(skill(fixed=3, riders=riders), {"count": 6}, dice=[5, 5, 100])
    count, stat, heal = events(log, "effect")
    assert (count["before"], count["after"], count["done"], count["step"]) == (6, 2, False, 9)
    assert (stat["before"], stat["after"]) == (5, 3)
    assert (heal["before"], heal["after"]) == (27, 28)
    log = hit_g(skill(fixed=3, riders=[{"op": "count", "value": -9}]), {"count": 6}, dice=[5, 5, 100])
    assert events(log, "effect")[0]["after"] == 0 and events(log, "effect")[0]["done"] is True
    assert not events(log, "turn_slot", character="g")  # 行動終了: no 行動手番 left


# ---------------------------------------------------------------- COUNT-8

def test_count_8_1_the_ca_follows_the_damage_also_after_an_evasion() -> None:
    ca_g = {"ca_value": 6, "ca_left": 1}
    log = hit_g(skill(fixed=3), ca_g, dice=[5, 5, 51, 5, 5, 20], reactions={"g": {"ca": True}})
    kinds = [e["kind"] for e in log["turns"][0]["events"] if e["kind"] in ("damage", "ca")]
    assert kinds == ["damage", "ca"]
    log = hit_g(skill(fixed=3), ca_g, dice=[5, 5, 22, 5, 5, 99], reactions={"g": {"ca": True}})
    assert events(log, "ca") and not events(log, "damage", target="g")


def test_count_8_2_the_ca_attacks_only_the_attacker() -> None:
    spear = {"name": "貫通槍", "timing": "main_action", "check": "hit", "kind": "none", "range": 3, "pierce": True,
             "damage": {"fixed": 1, "attributes": ["刺"]}}
    sweep = skill(fixed=2, targets={"count": 3}, range=2)
    units = {"a": unit("アオイ", "pc", "E5", 15), "g": {**unit("ゴブリン", "enemy", "E6", 3, ca_value=6, ca_left=1),
                                                     "skills": [SLASH, spear, sweep]},
             "b": unit("ミナト", "pc", "E4", 2)}
    plans = {"pc": {"plans": {"a": [ATTACK_G]}}, "enemy": {"reactions": {"g": {"ca": True, "ca_skill": "貫通槍"}}}}
    log = resolve(make(units, plans, dice=[5, 5, 22], options={"ca_needs_attack": False}))
    assert events(log, "cancel", action="ca")[0]["reason"] == "pierce_forces_others"
    plans["enemy"]["reactions"]["g"]["ca_skill"] = "技"
    log = resolve(make(units, plans, dice=[5, 5, 22, 5, 5, 99]))
    assert events(log, "ca")[0]["skill"] == "技" and events(log, "attack", actor="g")[0]["targets"] == ["a"]
    plans["enemy"]["reactions"]["g"] = {"ca": True}  # no ca_skill: the 通常攻撃
    log = resolve(make(units, plans, dice=[5, 5, 22, 5, 5, 99]))
    assert events(log, "ca")[0]["skill"] == "斬撃"


def test_count_8_3_two_cas_from_one_attack_in_agility_order() -> None:
    sweep = skill(fixed=1, targets={"count": 2})
    units = {"a": {**unit("オーガ", "enemy", "E5", 15), "skills": [sweep]},
             "slow": unit("ミナト", "pc", "E6", 2, agility=3, ca_value=6, ca_left=1),
             "fast": unit("レン", "pc", "D5", 1, agility=9, ca_value=6, ca_left=1)}
    plans = {"enemy": {"plans": {"a": [{"main_action": {"skill": "技", "targets": ["slow", "fast"]}}]}},
             "pc": {"reactions": {"slow": {"ca": True}, "fast": {"ca": True}}}}
    log = resolve(make(units, plans, dice=[5, 5, 22, 22, 5, 5, 99, 5, 5, 99]))
    assert [e["character"] for e in events(log, "ca")] == ["fast", "slow"]


def test_count_8_4_a_ca_chain_is_bounded_by_ca_left() -> None:
    units = {"a": unit("アオイ", "pc", "E5", 15, ca_value=18, ca_left=1),
             "g": unit("ゴブリン", "enemy", "E6", 3, ca_value=18, ca_left=2)}
    plans = {"pc": {"plans": {"a": [ATTACK_G]}, "reactions": {"a": {"ca": True}}},
             "enemy": {"reactions": {"g": {"ca": True}}}}
    # a→g (g CA 2→1), g→a (a CA 1→0), a→g (g CA 1→0), g→a: a has none left: the chain ends
    log = resolve(make(units, plans, dice=[5, 5, 20] * 4))
    assert [(e["character"], e["against"]) for e in events(log, "ca")] == [("g", "a"), ("a", "g"), ("g", "a")]
    assert (log["state"]["characters"]["a"]["ca_left"], log["state"]["characters"]["g"]["ca_left"]) == (0, 0)
    with pytest.raises(ResolutionError, match="ca_chain_cap"):
        resolve(make(units, plans, dice=[5, 5, 20] * 4, options={"ca_chain_cap": 2}))


def test_count_8_5_a_ca_lapses_when_its_taker_falls_first() -> None:
    sweep = skill(fixed=40, targets={"count": 2})
    units = {"a": {**unit("オーガ", "enemy", "E5", 15), "skills": [sweep]},
             "g": unit("ミナト", "pc", "E6", 2, ca_value=6, ca_left=1),
             "h": unit("レン", "pc", "D5", 1, ca_value=6, ca_left=1)}
    plans = {"enemy": {"plans": {"a": [{"main_action": {"skill": "技", "targets": ["g", "h"]}}]}},
             "pc": {"reactions": {"g": {"ca": True}, "h": {"ca": True}}}}
    units["h"]["hp"] = 80
    log = resolve(make(units, plans, dice=[5, 5, 51, 22, 5, 5, 99]))
    # g took a CA at 51 (5+1=6) but fell to the 40 damage; h evaded (22) and takes its CA
    assert events(log, "cancel", action="ca")[0] == {**events(log, "cancel", action="ca")[0],
                                                     "character": "g", "reason": "knocked_out"}
    assert [e["character"] for e in events(log, "ca")] == ["h"]
    assert log["state"]["characters"]["g"]["ca_left"] == 0


ARROW = {"name": "速射", "timing": "main_action", "check": "hit", "kind": "ranged", "range": 3,
         "damage": {"fixed": 2, "attributes": ["刺"]}}


def answered_in_own_turn(option: str | None, dice: list[int], options: dict | None = None) -> dict:
    """アオイ moves E5→E6 and strikes the goblin, which answers with a CA; アオイ's 回避判定 against
    that CA gives アオイ a CA of its own, inside its own 行動手番, with the 射 skill 速射."""
    units = {"a": unit("アオイ", "pc", "E5", 15, ca_value=6, ca_left=1, skills=[dict(SLASH), dict(ARROW)]),
             "g": unit("ゴブリン", "enemy", "E7", 3, ca_value=6, ca_left=1)}
    plans = {"pc": {"plans": {"a": [{"sub_action": {"move": {"to": "E6"}},
                                     "main_action": {"skill": "斬撃", "targets": ["g"]}}]},
                    "reactions": {"a": {"ca": True, "ca_skill": "速射"}}},
             "enemy": {"reactions": {"g": {"ca": True}}}}
    options = {**(options or {}), **({"ca_in_own_turn": option} if option else {})}
    return resolve(make(units, plans, dice=dice, options=options or None))


def test_count_8_2_a_ca_inside_the_movers_own_turn_cannot_use_a_ranged_skill_by_default() -> None:
    log = answered_in_own_turn(None, [5, 5, 22, 5, 5, 22])
    (ev,) = events(log, "evasion", actor="a")
    assert ev["ca_eligible"] and ev["ca_unreachable"] == "moved_in_own_turn" and not ev["ca_taken"]
    assert not events(log, "ca", character="a") and ev["ca_left"] == 1  # no use spent (ca_needs_attack)
    assert "CA可能だが攻撃できない（この行動手番に移動済みで、種別：射・魔は使えない）" in report(log)
    assert log["options"]["ca_in_own_turn"] == "part_of_turn"


def test_count_8_2_ca_in_own_turn_apart_lets_the_ca_use_a_ranged_skill() -> None:
    log = answered_in_own_turn("apart", [5, 5, 22, 5, 5, 22, 5, 5, 33])
    (ca,) = events(log, "ca", character="a")
    assert ca["skill"] == "速射" and ca["against"] == "g"


def test_count_8_2_a_refused_ca_follows_the_count_log_schema() -> None:
    """COUNT-8.2: a CA refused because its 貫通 would take others, or because a 射 skill may not
    follow the mover's move inside its own 行動手番 (with ca_needs_attack off, the CA is taken and
    then cancelled), is a cancel whose reason the log schema lists; it did not list them until a
    generated battle drew one."""
    from tests.test_log_schemas import assert_follows_schema

    spear = {"name": "貫通槍", "timing": "main_action", "check": "hit", "kind": "none", "range": 3, "pierce": True,
             "damage": {"fixed": 1, "attributes": ["刺"]}}
    units = {"a": unit("アオイ", "pc", "E5", 15), "g": {**unit("ゴブリン", "enemy", "E6", 3, ca_value=6, ca_left=1),
                                                     "skills": [SLASH, spear]},
             "b": unit("ミナト", "pc", "E4", 2)}
    plans = {"pc": {"plans": {"a": [ATTACK_G]}}, "enemy": {"reactions": {"g": {"ca": True, "ca_skill": "貫通槍"}}}}
    pierced = resolve(make(units, plans, dice=[5, 5, 22], options={"ca_needs_attack": False}))
    moved = answered_in_own_turn(None, [5, 5, 22, 5, 5, 22], {"ca_needs_attack": False})
    for log, reason in ((pierced, "pierce_forces_others"), (moved, "moved_in_own_turn")):
        assert [e["reason"] for e in events(log, "cancel", action="ca")] == [reason]
        assert_follows_schema(log)
