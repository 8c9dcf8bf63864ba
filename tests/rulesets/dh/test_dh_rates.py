"""発動率 / 成功率 操作 (DH-11.20) and 応援ボーナス (DH-15): one piece computes every roll's rate."""

from __future__ import annotations

import json

import pytest

from dhproc import api
from dhproc.engine.rates import RateChange, modified
from dhproc.errors import InputError

from .helpers import events

SPELL = {"name": "火球", "activation": 50, "range": {"shape": "adjacent", "size": 1},
         "targets": {"side": "enemy", "count": "single"}, "effects": [{"kind": "damage", "amount": 2}]}


def char(side: str, at: str | None, **extra) -> dict:
    c = {"name": extra.pop("name", side), "side": side, "attack": 5, "defense": 5, "hp": 9, "spirit": 3, "fs": 5}
    if at:
        c["at"] = at
    return {**c, **extra}


def match(turns: list[dict], *, red_bonus: int | None = 30, options: dict | None = None,
          chars: dict | None = None) -> dict:
    """赤組's 術師 a (火球 50%, on Ｂ２) and 剣士 b (Ｃ３); 青組's x (Ｂ３) and y (Ｃ４)."""
    red = {"name": "赤組", **({"bonus": red_bonus} if red_bonus is not None else {})}
    characters = {"a": char("red", "Ｂ２", name="術師", ability=SPELL), "b": char("red", "Ｃ３", name="剣士"),
                  "x": char("blue", "Ｂ３", name="甲"), "y": char("blue", "Ｃ４", name="乙")}
    characters.update(chars or {})
    data = {"dhproc": 1, "ruleset": "dh", "seed": 1, "options": options or {},
            "setup": {"map": {"rows": 3, "cols": 4}, "first": "red",
                      "sides": {"red": red, "blue": {"name": "青組"}}, "characters": characters},
            "turns": turns}
    return data


def resolve(data: dict) -> dict:
    return api.resolve(api.loads(json.dumps(data, ensure_ascii=False), name="m.yaml"))


def turn(n: int, red: list, blue: list | None = None, dice: list | None = None) -> dict:
    t: dict = {"turn": n, "submissions": {"red": red, "blue": blue or []}}
    if dice is not None:
        t["dice"] = dice
    return t


def problems(data: dict) -> list[str]:
    with pytest.raises(InputError) as info:
        resolve(data)
    return [p.message for p in info.value.problems]


# DH-11.20 ------------------------------------------------------------------------------------

def test_dh_11_20_changes_apply_in_order_each_kept_within_0_and_100() -> None:
    assert modified(80, [RateChange("add", -30)], 0).value == 50
    assert modified(80, [RateChange("half")], 0).value == 40
    assert modified(45, [RateChange("half")], 0).value == 22  # rounding down
    assert modified(80, [RateChange("add", 40)], 0).value == 100
    assert modified(30, [RateChange("add", -50), RateChange("add", 30)], 0).value == 30  # 0, then +30
    assert modified(80, [RateChange("set", 40), RateChange("add", 10)], 0).value == 50
    assert modified(80, [RateChange("add", 10), RateChange("set", 40)], 0).value == 40
    plain = modified(120, [], 0)  # nothing changed: the ability's own rate, as before
    assert (plain.value, plain.changed) == (120, False)


def test_dh_11_20_the_bonus_comes_after_the_changes_unless_bonus_first() -> None:
    after = modified(80, [RateChange("set", 40)], 10)
    assert (after.value, [s["how"] for s in after.steps()]) == (50, ["set", "bonus"])
    first = modified(80, [RateChange("set", 40)], 10, bonus_first=True)
    assert (first.value, [s["how"] for s in first.steps()]) == (40, ["bonus", "set"])
    assert modified(95, [], 10).value == 100  # capped
    assert modified(95, [], 10).without_bonus == 95


CURSE = {"name": "呪縛", "activation": 100, "duration": 1, "range": {"shape": "map"},
         "targets": {"side": "enemy", "count": "single"}}


def test_dh_11_20_a_halved_rate_reaches_the_bearers_counter_and_both_rates() -> None:
    """x's counter arms at 80% halved (40), and when it fires its 成功率 100% is halved too (50)."""
    counter = {"name": "返し", "style": "counter", "activation": 80, "duration": 2,
               "targets": {"side": "enemy", "count": "single"}, "counter": {"when": "attacked_by_enemy"},
               "effects": [{"kind": "damage", "amount": 1}]}
    curse = {**CURSE, "effects": [{"kind": "rate_change", "rate": "both", "amount": "half"}]}
    data = match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}}], [{"who": "x", "ability": "返し"}],
                       dice=[30]),
                  turn(2, [{"who": "b", "to": "Ｂ３", "attack": "x"}], [], dice=[10, 60])],
                 chars={"a": char("red", "Ｂ２", name="術師", ability=curse),
                        "x": char("blue", "Ｂ３", name="甲", ability=counter)})
    data["setup"]["characters"]["a"]["ability"]["duration"] = 2
    log = resolve(data)
    checks = [(e["actor"], e["check"], e["rate"], e.get("base")) for e in events(log, "check") if e["actor"] == "x"]
    assert checks == [("x", "activation_check", 40, 80), ("x", "success_check", 50, 100)]
    fired = events(log, "check")[-1]
    assert (fired["face"], fired["success"]) == (60, False)  # 60 > 50: the halved 成功率 fails it
    assert not [e for e in events(log, "damage") if e["target"] == "b"]


def test_dh_11_20_a_rate_change_needs_its_rate_and_one_of_amount_or_set() -> None:
    for effect in ({"kind": "rate_change", "amount": -10}, {"kind": "rate_change", "rate": "activation"},
                   {"kind": "rate_change", "rate": "activation", "amount": -10, "set": 20},
                   {"kind": "rate_change", "rate": "success", "amount": {"own": "fs"}}):
        data = match([], chars={"a": char("red", "Ｂ２", ability={**CURSE, "effects": [effect]})})
        assert any("rate: activation" in m for m in problems(data)), effect


def test_dh_11_20_the_report_names_the_change_in_both_languages() -> None:
    curse = {**CURSE, "effects": [{"kind": "rate_change", "rate": "activation", "amount": "half"}]}
    log = resolve(match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}}],
                              [{"who": "x", "ability": {"targets": ["a"]}}], dice=[20])],
                        chars={"a": char("red", "Ｂ２", name="術師", ability=curse),
                               "x": char("blue", "Ｂ３", name="甲", ability={**SPELL, "activation": 60})}))
    ja, en = api.render(log, lang="ja"), api.render(log, lang="en")
    assert "　甲：発動率半減（2ターン目の赤組フェイズ直前まで）" in ja
    assert "　発動率30%（60%から：効果で半減）　出目20 → 発動" in ja
    assert "activation rate halved" in en
    assert "  activation 30% (from 60%: effect halves)   die 20 → activates" in en
    assert "発動率半減" in ja.split("［1ターン終了時］")[1]  # the note in the turn-end table


# DH-15 ---------------------------------------------------------------------------------------

def test_dh_15_1_a_bare_number_raises_the_first_roll_of_the_action() -> None:
    log = resolve(match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}, "bonus": 5},
                                  {"who": "b", "to": "Ｃ４", "attack": "y", "bonus": 25}], dice=[52, 72])]))
    activation = events(log, "check")[0]
    attack = events(log, "attack")[0]
    assert (activation["rate"], activation["base"], activation["success"]) == (55, 50, True)
    assert (attack["hit_rate"], attack["base_rate"], attack["bonus"], attack["hit"]) == (75, 50, 25, True)
    assert [(e["check"], e["spent"], e["remaining"]) for e in events(log, "support")] == [
        ("activation_check", 5, 25), ("hit_check", 25, 0)]


def test_dh_15_1_a_side_without_a_pool_or_a_roll_the_action_does_not_make_is_an_error() -> None:
    none = match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}, "bonus": 5}])], red_bonus=None)
    assert any("応援ボーナスを持っていません" in m for m in problems(none))
    wait = match([turn(1, [{"who": "b", "to": "Ｃ４", "bonus": 5}])])
    assert any("この行動には発動判定がありません" in m for m in problems(wait))
    hit = match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}, "bonus": {"hit": 5}}])])
    assert any("この行動には命中判定がありません" in m for m in problems(hit))


def test_dh_15_1_an_ability_s_normal_attack_takes_the_hit_bonus_and_a_later_counter_takes_none() -> None:
    strike = {"name": "斬撃", "activation": 100, "range": {"shape": "adjacent", "size": 1},
              "targets": {"side": "enemy", "count": "single"}, "effects": [{"kind": "normal_attack"}]}
    log = resolve(match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}, "bonus": {"hit": 30}}], dice=[70])],
                        chars={"a": char("red", "Ｂ２", name="術師", ability=strike)}))
    attack = events(log, "attack")[0]
    assert (attack["hit_rate"], attack["face"], attack["hit"]) == (80, 70, True)
    assert [(e["check"], e["spent"]) for e in events(log, "support")] == [("hit_check", 30)]


def test_dh_15_2_a_hit_takes_any_amount_an_activation_at_most_the_cap() -> None:
    over = match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}, "bonus": 11}])])
    assert any("発動判定への応援ボーナスは1回10点まで" in m for m in problems(over))
    wider = resolve(match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}, "bonus": 20}], dice=[65])],
                          options={"support_activation_cap": 20}))
    assert events(wider, "check")[0]["rate"] == 70
    big = resolve(match([turn(1, [{"who": "b", "to": "Ｃ４", "attack": "y", "bonus": {"hit": 30}}], dice=[75])]))
    assert events(big, "attack")[0]["hit_rate"] == 80


def test_dh_15_2_a_success_roll_takes_a_bonus_only_by_option() -> None:
    mental = {**SPELL, "activation": 100, "success": 60}
    sub = [{"who": "a", "ability": {"targets": ["x"]}, "bonus": {"success": 10}}]
    chars = {"a": char("red", "Ｂ２", name="術師", ability=mental)}
    off = match([turn(1, sub, dice=[65])], chars=chars)
    assert any("成功判定には応援ボーナスを使えません" in m for m in problems(off))
    on = resolve(match([turn(1, sub, dice=[65])], chars=chars, options={"support_success": True}))
    success = [e for e in events(on, "check") if e["check"] == "success_check"][0]
    assert (success["rate"], success["success"]) == (70, True)
    capped = match([turn(1, [{**sub[0], "bonus": {"success": 15}}])], chars=chars, options={"support_success": True})
    assert any("1回10点まで" in m for m in problems(capped))


def test_dh_15_2_the_rate_is_capped_at_100_and_a_sure_hit_spends_nothing() -> None:
    log = resolve(match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}, "bonus": 10}])],
                        chars={"a": char("red", "Ｂ２", name="術師", ability={**SPELL, "activation": 95})}))
    first = events(log, "check")[0]
    assert (first["rate"], first["face"], first["success"]) == (100, None, True)
    sure = resolve(match([turn(1, [{"who": "b", "to": "Ｃ４", "attack": "y", "bonus": 20}])],
                         options={"hit_mode": "sure"}))
    assert not events(sure, "support") and "bonus" not in events(sure, "attack")[0]
    assert sure["state"]["sides"]["red"]["bonus"] == 30


def test_dh_15_3_points_go_even_when_unneeded_unless_kept() -> None:
    sub = [{"who": "a", "ability": {"targets": ["x"]}, "bonus": 10},
           {"who": "b", "to": "Ｃ４", "attack": "y", "bonus": 10}]
    spent = resolve(match([turn(1, sub, dice=[30, 55])]))  # 30 ≤ 50 anyway; 55 > 50 needs it
    assert [(e["spent"], e["remaining"]) for e in events(spent, "support")] == [(10, 20), (10, 10)]
    kept = resolve(match([turn(1, sub, dice=[30, 55])], options={"support_unneeded": "kept"}))
    assert [(e["spent"], e["remaining"]) for e in events(kept, "support")] == [(0, 30), (10, 20)]
    ja = api.render(kept, lang="ja")
    assert "　→ 応援ボーナス10点はなくても成功のため消費なし（赤組 残り30点）" in ja
    assert "  → 10 応援ボーナス points spent (赤組: 20 left)" in api.render(kept, lang="en")


def test_dh_15_3_a_roll_not_made_spends_nothing() -> None:
    log = resolve(match([turn(1, [{"who": "a", "ability": {"targets": ["y"]}, "bonus": 10},  # 乙 is out of range
                                  {"who": "b", "attack": "y", "bonus": 20}])]))         # not on 乙's square
    assert [e["reason"] for e in events(log, "cancel")] == ["invalid_target", "not_same_square"]
    assert not events(log, "support") and log["state"]["sides"]["red"]["bonus"] == 30


def test_dh_15_4_a_roll_the_pool_cannot_cover_is_an_error_at_the_bonus() -> None:
    """Two effects roll two 発動判定 (DH-8.2): 10 + 10 from a pool of 15 fails at the second."""
    twice = {**SPELL, "effects": [{"kind": "damage", "amount": 1}, {"kind": "damage", "amount": 1}]}
    data = match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}, "bonus": 10}], dice=[10, 10])],
                 red_bonus=15, chars={"a": char("red", "Ｂ２", name="術師", ability=twice)})
    with pytest.raises(InputError) as info:
        resolve(data)
    p = info.value.problems[0]
    assert p.message == "赤組の応援ボーナスは残り5点です：術師の発動判定に10点は使えません"
    assert p.path[-4:] == ("submissions", "red", 0, "bonus")
    once = resolve(match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}, "bonus": 10}], dice=[10])],
                         red_bonus=15, chars={"a": char("red", "Ｂ２", name="術師", ability=twice)},
                         options={"activation_per_effect": False}))
    assert [e["remaining"] for e in events(once, "support")] == [5]


def test_dh_15_5_the_pool_left_carries_into_a_continued_match_and_the_summary() -> None:
    log = resolve(match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}, "bonus": 10}], dice=[10])]))
    assert events(log, "turn_end")[0]["bonus"] == {"red": 20}
    assert log["state"]["sides"]["red"]["bonus"] == 20 and "bonus" not in log["state"]["sides"]["blue"]
    from dhproc.rulesets.dh.campaign import setup_from_log

    assert setup_from_log(log)["sides"]["red"]["bonus"] == 20
    from dhproc.rulesets.dh.report import outcome_line

    assert outcome_line(log, lang="ja").endswith("（応援ボーナス残り：赤組 20）")
    assert outcome_line(log, lang="en").endswith(" (応援ボーナス left: 赤組 20)")
    assert "赤組　DP：0　応援ボーナス残り：20" in api.render(log, lang="ja")


def test_dh_15_5_a_log_records_the_options_of_both_only_when_its_setup_has_either() -> None:
    from dhproc.rulesets.dh.options import RATE_OPTIONS

    with_pool = resolve(match([turn(1, [])]))
    without = resolve(match([turn(1, [])], red_bonus=None))
    assert set(RATE_OPTIONS) <= set(with_pool["options"])
    assert not set(RATE_OPTIONS) & set(without["options"])
    curse = {**CURSE, "effects": [{"kind": "rate_change", "rate": "success", "set": 10}]}
    changed = resolve(match([turn(1, [])], red_bonus=None, chars={"a": char("red", "Ｂ２", ability=curse)}))
    assert set(RATE_OPTIONS) <= set(changed["options"])


# The two together, end to end: any rate changes on x, any order, any bonus x's 行動 spends.

from hypothesis import given, strategies as st  # noqa: E402

from tests import coverage  # noqa: E402


def _expected(base: int, changes: list[tuple[str, int]], bonus: int, bonus_first: bool) -> int:
    """DH-11.20 / DH-15.2 as the clauses say it, written apart from the engine."""
    rate = base
    if bonus_first and bonus:
        rate = min(100, rate + bonus)
    for how, value in changes:
        rate = value if how == "set" else rate // 2 if how == "half" else rate + value
        rate = max(0, min(100, rate))
    if not bonus_first and bonus:
        rate = min(100, rate + bonus)
    return rate


CHANGE = st.tuples(st.sampled_from(["activation", "success", "both"]),
                   st.one_of(st.tuples(st.just("add"), st.integers(-120, 120)), st.tuples(st.just("half"), st.just(0)),
                             st.tuples(st.just("set"), st.integers(0, 100))))


@given(changes=st.lists(CHANGE, min_size=1, max_size=3), activation=st.integers(0, 100),
       success=st.integers(0, 100), pool=st.sampled_from([0, 5, 10, 30]), bonus=st.integers(1, 10),
       on_success=st.integers(0, 10), order=st.sampled_from(["effects_first", "bonus_first"]),
       unneeded=st.sampled_from(["spent", "kept"]), seed=st.integers(0, 2**20))
def test_dh_11_20_and_dh_15_any_changes_and_bonus_give_the_clauses_rate(changes, activation, success, pool, bonus,
                                                                        on_success, order, unneeded, seed) -> None:
    effects = [{"kind": "rate_change", "rate": rate, **({"set": v} if how == "set" else
                                                       {"amount": "half" if how == "half" else v})}
               for rate, (how, v) in changes]
    target = {**SPELL, "name": "突き", "activation": activation, "success": success}
    declared = {"activation": bonus, **({"success": on_success} if on_success else {})}
    data = match([turn(1, [{"who": "a", "ability": {"targets": ["x"]}}],
                       [{"who": "x", "ability": {"targets": ["a"]}, "bonus": declared}])],
                 chars={"a": char("red", "Ｂ２", name="術師", ability={**CURSE, "effects": effects}),
                        "x": char("blue", "Ｂ３", name="甲", ability=target)},
                 options={"rate_change_order": order, "support_unneeded": unneeded, "support_success": True})
    data["seed"] = seed
    data["setup"]["sides"] = {"red": {"name": "赤組"}, "blue": {"name": "青組", "bonus": pool}}
    if bonus > pool:  # the 発動判定's points alone are more than the pool (DH-15.4)
        with pytest.raises(InputError) as info:
            resolve(data)
        assert "応援ボーナスは残り" in info.value.problems[0].message
        coverage.note("rate changes with 応援ボーナス", ["pool short at the 発動判定"])
        return
    try:
        log = resolve(data)
    except InputError as exc:  # the 成功判定's points, after the 発動判定's, more than the pool has left
        assert "成功判定に" in exc.problems[0].message and on_success > 0
        coverage.note("rate changes with 応援ボーナス", ["pool short at the 成功判定"])
        return
    first = order == "bonus_first"
    changes_on = {r: [(how, v) for rate, (how, v) in changes if rate in (r, "both")] for r in ("activation", "success")}
    rolls = [e for e in events(log, "check") if e["actor"] == "x"]
    assert rolls[0]["rate"] == _expected(activation, changes_on["activation"], bonus, first)
    if rolls[0]["success"]:
        assert rolls[1]["rate"] == _expected(success, changes_on["success"], on_success, first)
    left = pool
    for e, roll in zip(events(log, "support"), [r for r in rolls if r.get("working") and any(
            w["how"] == "bonus" for w in r["working"])]):
        plain = _expected(roll["base"], changes_on["activation" if roll["check"] == "activation_check" else "success"],
                          0, first)
        needed = plain < 100 and (roll["face"] is None or roll["face"] > plain)
        left -= e["points"] if unneeded == "spent" or needed else 0
        assert e["remaining"] == left
    assert log["state"]["sides"]["blue"]["bonus"] == left
    coverage.note("rate changes with 応援ボーナス", ["resolved", *(["activated"] if rolls[0]["success"] else []),
                                                   *(f"spent {e['check']}" for e in events(log, "support") if e["spent"]),
                                                   *(f"kept {e['check']}" for e in events(log, "support") if not e["spent"])])
