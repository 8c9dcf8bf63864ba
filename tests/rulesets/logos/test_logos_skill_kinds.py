"""The skill kinds real teams write: values read from stats, set stats, DP, revival, usage limits, the
further triggers and placing a non-starter into the 行動順 (LOGOS-5.9, 5.12, 5.13, 6.8-6.11, 8.5)."""

from __future__ import annotations

import pytest

from dhproc.engine import amounts, limits
from dhproc.engine.limits import UsageLedger, UsageLimit
from dhproc.errors import InputError
from dhproc.rulesets.logos.model import VOCABULARY

from .helpers import char, events, load, make, report, resolve, skill, stat

OWN_DEFENSE = {"of": "self", "attr": "defense"}


def one_bout(red: dict | None = None, blue: dict | None = None, options: dict | None = None, **kw) -> dict:
    return resolve(make(red, blue, first="red", options={"turn_cap": 1, **(options or {})}, **kw))


# LOGOS-6.8 values read from the state --------------------------------------------------------

def test_logos_6_8_engine_amounts_read_times_divide_plus_and_round() -> None:
    a, problems = amounts.parse({"of": "self", "attr": "defense", "times": -1, "divide": 2, "plus": 1}, VOCABULARY)
    assert not problems
    assert amounts.evaluate(a, lambda s, at: 7).value == -4 + 1  # floor(-3.5) = -4
    assert amounts.evaluate(a, lambda s, at: 7, amounts.HALF_UP).value == -4 + 1  # halves away from zero
    assert amounts.evaluate(a, lambda s, at: 6).value == -2
    assert amounts.evaluate(a, lambda s, at: None).value is None  # nobody to read from
    assert amounts.evaluate(5, lambda s, at: 1).value == 5
    half, _ = amounts.parse({"of": "self", "attr": "attack", "divide": 2}, VOCABULARY)
    assert [amounts.evaluate(half, lambda s, at, v=v: v, r).value
            for v in (5, 4) for r in (amounts.FLOOR, amounts.HALF_UP)] == [2, 3, 2, 2]
    for bad, word in (({"of": "self", "attr": "colors"}, "colors"), ({"of": "nobody", "attr": "attack"}, "nobody"),
                      ({"of": "self", "attr": "attack", "divide": 0}, "divide"), ({"of": "self"}, "attr"),
                      ({"of": "self", "attr": "attack", "by": 2}, "by")):
        _, problems = amounts.parse(bad, VOCABULARY)
        assert problems and word in problems[0][1] + "".join(map(str, problems[0][0])), bad


def test_logos_6_8_lower_the_facing_enemy_by_as_much_as_own_defense() -> None:
    s = skill("鉄壁崩し", "before_action", {"op": "stat", "target": "facing_enemy", "stat": "defense",
                                           "value": {**OWN_DEFENSE, "times": -1}, "turns": 1})
    log = one_bout({"r": char("甲", "red", dfn=8, rea=9, skills=[s])}, {"b": char("乙", "blue", dfn=12)})
    e = events(log, "effect")[0]
    assert (e["value"], e["before"], e["after"]) == (-8, 12, 4)
    assert e["amount"] == {"value": -8, "read": 8, "of": "self", "attr": "defense", "times": -1}
    assert "乙 防御 12→4（1ターン、自身の防御8×-1=-8）" in report(log)
    assert "defense" in report(log, lang="en") or "DEF" in report(log, lang="en")
    # read once: 甲 3 vs 乙 4 is an 攻撃≧防御 hit only because the value was fixed at 8
    assert events(log, "attack")[0]["defense"] == 4


def test_logos_6_8_half_rounds_by_option_and_a_missing_subject_cancels() -> None:
    s = skill("半分", "before_action", {"op": "stat", "target": "self", "stat": "attack",
                                       "value": {**OWN_DEFENSE, "divide": 2}})
    r = {"r": char("甲", "red", atk=0, dfn=7, rea=9, skills=[s])}
    assert events(one_bout(r), "effect")[0]["value"] == 3
    assert events(one_bout(r, options={"derived_rounding": "half_up"}), "effect")[0]["value"] == 4
    lonely = skill("読めない", "passive", {"op": "stat", "target": "self", "stat": "attack",
                                         "value": {"of": "facing_enemy", "attr": "attack"}})
    log = one_bout({"r": char("甲", "red", skills=[lonely])})
    assert events(log, "cancel")[0]["reason"] == "no_value" and not events(log, "effect")
    assert "値を読む相手がいない" in report(log)


def test_logos_6_8_only_some_effects_take_a_read_value() -> None:
    bad = skill("変", "before_action", {"op": "knock_out", "target": "facing_enemy", "value": OWN_DEFENSE})
    with pytest.raises(InputError) as info:
        load(make({"r": char("甲", "red", skills=[bad])}))
    assert "knock_out" in str(info.value)
    wrong = skill("変", "before_action", {"op": "stat", "target": "self", "stat": "attack",
                                         "value": {"of": "self", "attr": "colors"}})
    with pytest.raises(InputError):
        load(make({"r": char("甲", "red", skills=[wrong])}))


# LOGOS-6.9 set a stat ------------------------------------------------------------------------

def test_logos_6_9_set_stat_overrides_what_came_before_and_later_changes_add() -> None:
    s = skill("石化", "before_action", stat("facing_enemy", "defense", -2, turns=1),
              {"op": "set_stat", "target": "facing_enemy", "stat": "defense", "value": 1, "turns": 1},
              stat("facing_enemy", "defense", 1, turns=1))
    log = one_bout({"r": char("甲", "red", atk=2, rea=9, skills=[s])}, {"b": char("乙", "blue", dfn=12)})
    assert [(e["op"], e["before"], e["after"]) for e in events(log, "effect")] == \
        [("stat", 12, 10), ("set_stat", 10, 1), ("stat", 1, 2)]
    assert events(log, "attack")[0]["defense"] == 2 and events(log, "attack")[0]["power_hit"]
    assert "乙 防御 10→1（防御を1にする、1ターン）" in report(log)
    assert "set to 1" in report(log, lang="en")


def test_logos_6_9_option_delta_and_the_trigger_it_makes() -> None:
    s = skill("石化", "before_action", {"op": "set_stat", "target": "facing_enemy", "stat": "defense", "value": 5})
    seen = skill("見", "counter", stat("self", "attack", 1), trigger={"event": "stat_down", "who": "any"})
    blue = {"b": char("乙", "blue", dfn=12, skills=[seen])}
    log = one_bout({"r": char("甲", "red", rea=9, skills=[s])}, blue, options={"set_stat": "delta"})
    e = events(log, "effect", op="set_stat")[0]
    assert (e["value"], e["to"], e["mode"], e["after"]) == (-7, 5, "delta", 5)
    assert events(log, "skill", skill="見")[0]["trigger"]["event"] == "stat_down"
    same = skill("同値", "before_action", {"op": "set_stat", "target": "self", "stat": "attack", "value": 3})
    watch = skill("見", "counter", stat("self", "defense", 1), trigger={"event": "stat_up", "who": "any"})
    log = one_bout({"r": char("甲", "red", atk=3, rea=9, skills=[same, watch])})
    assert not events(log, "skill", skill="見")  # no change: no trigger


# LOGOS-6.10 DP -------------------------------------------------------------------------------

def test_logos_6_10_dp_effects_add_take_and_never_go_below_zero() -> None:
    s = skill("略奪", "before_action", {"op": "dp", "value": 2}, {"op": "dp", "side": "enemy", "value": -1})
    log = one_bout({"r": char("甲", "red", rea=9, skills=[s])})
    assert [(e["side"], e["amount"], e["total"], e["reason"]) for e in events(log, "dp")] == \
        [("red", 2, 2, "effect"), ("blue", 0, 0, "effect")]
    assert log["state"]["sides"]["red"]["dp"] == 2
    assert "赤組 DP+2（計2）" in report(log) and "青組 DP+0（計0）" in report(log)
    log = one_bout({"r": char("甲", "red", rea=9, skills=[s])}, options={"dp_below_zero": True})
    assert events(log, "dp")[1]["total"] == -1


def test_logos_6_10_dp_decides_a_final_draw() -> None:
    s = skill("蓄財", "before_action", {"op": "dp", "value": {"of": "self", "attr": "order", "plus": 0}})
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[s])}, stage="final", first="red",
                       options={"turn_cap": 1}))
    assert log["outcome"]["winner"] == "red" and log["outcome"]["reason"] == "final_dp"


# LOGOS-6.11 and LOGOS-5.9 revival ------------------------------------------------------------

REVIVE_SELF = skill("不死", "counter", {"op": "revive", "target": "self"},
                    trigger={"event": "knocked_out", "who": "self"}, )


def test_logos_6_11_a_counter_on_its_own_knock_out_revives_it() -> None:
    victim = char("甲", "red", dfn=1, rea=1, skills=[REVIVE_SELF])
    log = one_bout({"r": victim}, {"b": char("乙", "blue", atk=5, rea=9)})
    kinds = [e["kind"] for e in log["turns"][0]["events"] if e["kind"] in ("knocked_out", "skill", "revived")]
    assert kinds[:3] == ["knocked_out", "skill", "revived"]
    assert "甲 戦闘不能から復帰" in report(log) and "stands up again" in report(log, lang="en")
    # revived, 甲 acts as the second mover (it was not knocked out when its turn came)
    assert events(log, "act", actor="r")


def test_logos_5_9_own_knockout_fires_can_be_switched_off() -> None:
    victim = char("甲", "red", dfn=1, rea=1, skills=[REVIVE_SELF])
    log = one_bout({"r": victim}, {"b": char("乙", "blue", atk=5, rea=9)}, options={"own_knockout_fires": False})
    assert not events(log, "revived") and not events(log, "skill", skill="不死")
    other = skill("遺言", "counter", stat("self", "attack", 1), trigger={"event": "attacked", "who": "self"})
    log = one_bout({"r": char("甲", "red", dfn=1, rea=1, skills=[other])}, {"b": char("乙", "blue", atk=5, rea=9)})
    # knocked out by the same アタック before its counters' turn: other triggers stay silent (LOGOS-5.9)
    assert events(log, "knocked_out", character="r") and not events(log, "skill", skill="遺言")


def test_logos_6_11_revive_targets_only_the_knocked_out() -> None:
    medic = skill("蘇生", "turn_start", {"op": "revive", "target": "knocked_out_allies"})
    early = skill("早すぎ", "turn_start", {"op": "revive", "target": "self"})
    strong = char("強", "blue", atk=9, rea=9, dfn=20)
    log = resolve(make({"red1": char("甲", "red"), "m": char("医", "red", dfn=20, skills=[medic, early])},
                       {"b": strong}, first="red", options={"turn_cap": 3}))
    assert events(log, "cancel", reason="not_knocked_out")
    assert events(log, "revived", target="red1")
    assert "対象が戦闘不能でない" in report(log)
    bad = skill("変", "before_action", stat("knocked_out_allies", "attack", 1))
    with pytest.raises(InputError):
        load(make({"r": char("甲", "red", skills=[bad])}))


# LOGOS-5.12 usage limits ---------------------------------------------------------------------

def test_logos_5_12_engine_usage_ledger_counts_by_period() -> None:
    ledger, limit = UsageLedger(), UsageLimit(2, "turn")
    assert ledger.allows("x", limit, 1)
    ledger.record("x", limit, 1)
    ledger.record("x", limit, 1)
    assert not ledger.allows("x", limit, 1) and ledger.allows("x", limit, 2) and ledger.allows("y", limit, 1)
    assert ledger.allows("x", None, 1) and ledger.record("x", None, 1) == 0
    assert limits.parse({"count": 1}, ("round", "turn"), "round") == (UsageLimit(1, "round"), [])
    for bad in ({"count": 0}, {"count": 1, "per": "game"}, "once", {"count": True}):
        assert limits.parse(bad, ("round", "turn"), "round")[1], bad


def test_logos_5_12_once_per_round_then_used_up() -> None:
    s = skill("奥義", "turn_start", stat("self", "defense", 1), rate=50)
    s["uses"] = {"count": 1}
    strong = char("甲", "red", atk=9, dfn=20, rea=9, skills=[s])
    log = resolve(make({"r": strong}, first="red", dice={"faces": [90], "then": "seeded"}))
    got = [e["result"] for e in events(log, "skill", skill="奥義")]
    assert got[:2] == ["failure", "used_up"]  # a failed check is a use (use_counts: check)
    assert "《奥義》（ターン開始時）［甲］ → 使用回数の上限（1ラウンド1回）のため発動しない" in report(log)
    assert "used up (1 per round)" in report(log, lang="en")
    log = resolve(make({"r": strong}, first="red", dice={"faces": [90, 10], "then": "seeded"},
                       options={"use_counts": "success"}))
    assert [e["result"] for e in events(log, "skill", skill="奥義")][:3] == ["failure", "success", "used_up"]


def test_logos_5_12_per_turn_limits_start_again_each_turn_and_passives_take_none() -> None:
    s = skill("連撃", "counter", stat("self", "attack", 1), trigger={"event": "stat_up", "who": "self"})
    s["uses"] = {"count": 2, "per": "turn"}
    strong = char("甲", "red", atk=9, dfn=20, rea=9, skills=[s])
    log = resolve(make({"r": strong}, first="red", options={"counter_limit": "unlimited", "turn_cap": 2}))
    by_bout: dict[int, list[str]] = {}
    bout = 0
    for e in log["turns"][0]["events"]:
        if e["kind"] == "bout_start":
            bout = e["bout"]
        elif e["kind"] == "skill":
            by_bout.setdefault(bout, []).append(e["result"])
    assert by_bout == {}  # nothing raises 甲's stats: the counter never fires
    starter = skill("点火", "turn_start", stat("self", "attack", 1))
    log = resolve(make({"r": char("甲", "red", atk=9, dfn=20, rea=9, skills=[starter, s])}, first="red",
                       options={"counter_limit": "unlimited", "turn_cap": 2}))
    results = [(e["skill"], e["result"]) for e in events(log, "skill")]
    # each ターン: 点火 → 連撃 → 連撃 (its own raise triggers it again) → used up
    assert results == [("点火", "success"), ("連撃", "success"), ("連撃", "success"), ("連撃", "used_up")] * 2
    p = skill("常時", "passive", stat("self", "attack", 1))
    p["uses"] = {"count": 1}
    with pytest.raises(InputError) as info:
        load(make({"r": char("甲", "red", skills=[p])}))
    assert "uses" in str(info.value)


# LOGOS-5.13 further triggers ------------------------------------------------------------------

def watcher(event: str, who: str = "any") -> dict:
    return char("見", "red", rea=0, skills=[skill("見張り", "counter", stat("self", "defense", 1),
                                                  trigger={"event": event, "who": who})])


@pytest.mark.parametrize("event, who, fires", [
    ("attack_hit", "enemy", True), ("attack_hit", "ally", False), ("critical", "enemy", True),
    ("attack_miss", "ally", True), ("skill_success", "ally", True), ("skill_failure", "any", False),
    ("became_active", "self", False), ("became_active", "other_ally", True), ("turn_end", "enemy", True),
    ("charged", "any", False), ("color_changed", "ally", True), ("weakness_changed", "any", False),
    ("order_changed", "ally", False), ("revived", "any", False),
])
def test_logos_5_13_trigger_events(event: str, who: str, fires: bool) -> None:
    """甲 (red, 攻撃3, 赤) gains 紫 at アクション前 and misses 乙; 乙 (攻撃9, 青 vs 甲's 弱点 青) hits critically."""
    r = char("甲", "red", color="赤", weak="青", dfn=5, rea=9,
             skills=[skill("染色", "before_action", {"op": "add_color", "target": "self", "color": "紫"})])
    b = char("乙", "blue", color="青", atk=9, rea=1)
    log = one_bout({"r": r, "w": watcher(event, who)}, {"b": b})
    assert bool(events(log, "skill", skill="見張り")) is fires


def test_logos_5_13_order_of_an_attacks_triggers_and_of_a_checks() -> None:
    names = ["attack", "attacked", "attack_hit", "critical", "knocked_out"]
    watchers = {f"w{i}": char(f"見{i}", "blue" if i < 3 else "red", rea=8 - i,
                              skills=[skill(ev, "counter", stat("self", "defense", 1), trigger={"event": ev, "who": "any"})])
                for i, ev in enumerate(names)}
    r = char("甲", "red", color="赤", atk=9, rea=9)
    b = char("乙", "blue", weak="赤", rea=1)
    blue = {"b": b, **{k: v for k, v in watchers.items() if v["side"] == "blue"}}
    red = {"r": r, **{k: v for k, v in watchers.items() if v["side"] == "red"}}
    log = one_bout(red, blue, options={"counter_chain": "breadth_first"})
    assert [e["skill"] for e in events(log, "skill")] == names
    spend = skill("溜め撃ち", "before_action", stat("self", "attack", 1), charge=True)
    seen = [skill(ev, "counter", stat("self", "defense", 1), trigger={"event": ev, "who": "ally"})
            for ev in ("stat_up", "charge_spent", "skill_success")]
    log = one_bout({"r": char("甲", "red", rea=9, skills=[spend]), "w": char("見", "red", rea=0, skills=seen)},
                   options={"counter_chain": "breadth_first"})
    assert [e["skill"] for e in events(log, "skill") if e["timing"] == "counter"] == \
        ["skill_success", "charge_spent", "stat_up"]


def test_logos_5_13_turn_end_fires_before_durations_count_down() -> None:
    short = skill("一瞬", "before_action", stat("self", "attack", 5, turns=1))
    last = skill("締め", "counter", stat("self", "defense", 1), trigger={"event": "turn_end", "who": "self"},
                 condition={"of": "self", "attr": "attack", "at_least": 8})
    log = one_bout({"r": char("甲", "red", rea=9, skills=[short, last])}, {"b": char("乙", "blue", dfn=8)})
    kinds = [e["kind"] for e in log["turns"][0]["events"]]
    assert events(log, "skill", skill="締め")[0]["result"] == "success"  # 3+5 still in place
    assert kinds.index("expire") > max(i for i, e in enumerate(log["turns"][0]["events"])
                                       if e["kind"] == "skill" and e["skill"] == "締め")
    assert "甲のターン終了時" in report(log)


# LOGOS-8.5 placing a non-starter into the 行動順 -----------------------------------------------

CALL = skill("援軍", "counter", {"op": "enter", "target": "chosen_member"},
             trigger={"event": "knocked_out", "who": "other_ally"})


def reinforced(**kw) -> dict:
    caller = char("呼", "red", rea=0, dfn=20, skills=[CALL])
    new = char("援", "red", atk=9, dfn=20, rea=3, secret=True,
               skills=[skill("加護", "passive", stat("self", "attack", 1))])
    return make({"red1": char("甲", "red"), "c": caller}, {"b": char("乙", "blue", atk=9, rea=9)},
                red_bench={"n": new}, first="red", choices={"red": [{"who": "c", "skill": "援軍", "target": "n"}]}, **kw)


def test_logos_8_5_seed_example_a_member_is_placed_at_order_6() -> None:
    log = resolve(reinforced(options={"turn_cap": 1}))
    o = events(log, "order", how="enter")[0]
    assert o["changes"] == [{"character": "n", "from": None, "to": 6}]
    assert o["orders"]["n"] == 6
    assert events(log, "reveal", character="n")
    assert events(log, "effect", target="n")  # its パッシブ applies on entry
    assert "赤組 行動順：援 控外→6" in report(log) and "order: 援 out→6" in report(log, lang="en")


def test_logos_8_5_the_member_fights_and_counts_for_victory() -> None:
    log = resolve(reinforced())
    assert events(log, "bout_start")[-1]["actives"]["red"] == "n" or log["outcome"]["winner"] == "red"
    assert "n" in log["state"]["sides"]["red"]["starters"]
    log = resolve(reinforced(options={"turn_cap": 1, "entered_passives": "none"}))
    assert not events(log, "effect", target="n")


def test_logos_8_5_to_n_pushes_back_and_choices_are_checked() -> None:
    m = reinforced(options={"turn_cap": 1})
    m["setup"]["characters"]["c"]["skills"][0]["effects"][0]["to"] = 2
    o = events(resolve(m), "order", how="enter")[0]
    assert o["orders"] == {"red1": 1, "n": 2, "c": 3, "red2": 4, "red3": 5, "red4": 6}
    bad = reinforced()
    bad["turns"][0]["submissions"]["red"]["choices"][0]["target"] = "red2"  # a starter
    with pytest.raises(InputError) as info:
        load(bad)
    assert "red2" in str(info.value)
    wrong = skill("変", "before_action", {"op": "stat", "target": "chosen_member", "stat": "attack", "value": 1})
    with pytest.raises(InputError):
        load(make({"r": char("甲", "red", skills=[wrong])}))


# LOGOS-6.4 a field of several stats -----------------------------------------------------------

def test_logos_6_4_a_field_changes_several_stats_and_is_replaced_whole() -> None:
    war = skill("戦場", "turn_start", {"op": "field", "name": "戦場", "applies_to": "allies",
                                        "stats": {"attack": 2, "defense": {"of": "self", "attr": "reaction", "times": -1}}})
    calm = skill("凪", "after_action", {"op": "field", "name": "凪", "applies_to": "all", "stat": "reaction", "value": 1})
    log = one_bout({"r": char("甲", "red", rea=2, skills=[war, calm])}, {"b": char("乙", "blue", rea=1)})
    fields = [(e["name"], e["stat"], e["value"]) for e in events(log, "field")]
    assert fields == [("戦場", "attack", 2), ("戦場", "defense", -2), ("凪", "reaction", 1)]
    assert [e["name"] for e in events(log, "expire") if e.get("replaced")] == ["戦場", "戦場"]
    assert "フィールド「戦場」：赤組の攻撃+2" in report(log) and "フィールド「戦場」：赤組の防御-2" in report(log)
    bad = skill("変", "turn_start", {"op": "field", "name": "x", "applies_to": "all", "stat": "attack", "value": 1,
                                     "stats": {"defense": 1}})
    with pytest.raises(InputError):
        load(make({"r": char("甲", "red", skills=[bad])}))


# LOGOS-6.12 colours and 弱点 taken away --------------------------------------------------------

def test_logos_6_12_remove_a_weakness_so_the_colour_no_longer_matches() -> None:
    guard = skill("克服", "turn_start", {"op": "remove_weakness", "target": "self", "color": "赤", "turns": 1})
    seen = skill("見", "counter", stat("self", "defense", 1), trigger={"event": "weakness_changed", "who": "ally"})
    r = char("甲", "red", weak=["赤", "青"], rea=1, skills=[guard])
    log = one_bout({"r": r, "w": char("見", "red", rea=0, skills=[seen])}, {"b": char("乙", "blue", color="赤", rea=9)})
    e = events(log, "effect", op="remove_weakness")[0]
    assert (e["before"], e["after"], e["removed"]) == (["赤", "青"], ["青"], True)
    assert not events(log, "attack", actor="b")[0]["color_hit"]
    assert events(log, "skill", skill="見")
    assert "甲 弱点除去：赤（1ターン）" in report(log) and "loses weakness 赤" in report(log, lang="en")
    assert "甲の弱点赤除去" in report(log)  # ends at (9)


def test_logos_6_12_adds_and_removals_apply_in_the_order_made() -> None:
    s = skill("虹", "turn_start", {"op": "add_color", "target": "self", "color": "青"},
              {"op": "remove_color", "target": "self", "color": "灰"},
              {"op": "remove_color", "target": "self", "color": "青"},
              {"op": "add_color", "target": "self", "color": "灰"})
    log = one_bout({"r": char("甲", "red", rea=9, skills=[s])})
    assert [e["after"] for e in events(log, "effect")] == [["灰", "青"], ["青"], [], ["灰"]]
    assert log["state"]["characters"]["r"]["colors"] == ["灰"]


# LOGOS-6.13 keywords granted ------------------------------------------------------------------

def test_logos_6_13_a_granted_fukutsu_decides_a_double_wipe_out() -> None:
    grant = skill("不屈の誓い", "passive", {"op": "add_keyword", "target": "all_allies", "keyword": "fukutsu"})
    m = make({"r": char("甲", "red", skills=[grant])}, first="red")
    log = resolve(m)
    assert log["outcome"]["reason"] == "fukutsu" and log["outcome"]["winner"] == "red"
    assert "甲 《不屈》獲得（パッシブ）" in report(log)
    assert "fukutsu" in log["state"]["characters"]["red1"]["keywords"]
    cond = skill("確認", "turn_start", stat("self", "attack", 1),
                 condition={"of": "self", "attr": "keywords", "includes": "fukutsu"})
    log = resolve(make({"r": char("甲", "red", skills=[grant, cond])}, first="red", options={"turn_cap": 1}))
    assert events(log, "skill", skill="確認")[0]["result"] == "success"


def test_logos_6_13_a_granted_moukou_comes_with_its_second_colour() -> None:
    # 甲 (灰) takes 《猛攻》 and 青 for one ターン: 青 is 乙's 弱点, so 甲's 3 vs 防御9 succeeds by 色＝弱点.
    grant = skill("猛攻の構え", "turn_start", {"op": "add_keyword", "target": "self", "keyword": "moukou",
                                             "color": "青", "turns": 1})
    seen = skill("見", "counter", stat("self", "defense", 1), trigger={"event": "color_changed", "who": "ally"})
    red = {"r": char("甲", "red", rea=9, skills=[grant]), "w": char("見", "red", rea=0, skills=[seen])}
    log = one_bout(red, {"b": char("乙", "blue", weak="青")})
    kw, col = events(log, "effect", skill="猛攻の構え")
    assert (kw["op"], kw["keyword"], kw["after"]) == ("add_keyword", "moukou", ["moukou"])
    assert (col["op"], col["color"], col["via"], col["before"], col["after"]) == ("add_color", "青", "moukou",
                                                                                ["灰"], ["灰", "青"])
    assert kw["end"] == col["end"] and kw["effect_id"] != col["effect_id"]  # two 継続効果, one duration
    hit = events(log, "attack", actor="r")[0]
    assert hit["color_hit"] and hit["success"] and not hit["power_hit"]
    assert events(log, "skill", skill="見")  # the colour it brings is a colour change (LOGOS-5.13)
    ja, en = report(log), report(log, lang="en")
    assert "甲 《猛攻》獲得（1ターン）" in ja and "甲 《猛攻》の色追加：青（1ターン）" in ja
    assert "gains colour 青 with 《猛攻》 (1 turn)" in en or "with 《猛攻》" in en
    assert {e["effect"] for e in events(log, "expire")} >= {"keyword", "color"}  # both end at (9)
    assert log["state"]["characters"]["r"]["colors"] == ["灰"]


@pytest.mark.parametrize("effect, word", [
    ({"op": "add_keyword", "target": "self", "keyword": "jinrai"}, "迅雷"),
    ({"op": "add_keyword", "target": "self", "keyword": "moukou"}, "color"),
    ({"op": "add_keyword", "target": "self", "keyword": "fukutsu", "color": "青"}, "猛攻"),
])
def test_logos_6_13_a_keyword_whose_behaviour_cannot_run_is_a_located_error(effect: dict, word: str) -> None:
    for timing in ("passive", "turn_start"):
        with pytest.raises(InputError) as info:
            load(make({"r": char("甲", "red", skills=[skill("付与", timing, effect)])}))
        texts = [p.format() for p in info.value.problems]
        assert len(texts) == 1 and word in texts[0] and "/skills/0/effects/0/" in texts[0], texts


# LOGOS-6.14 発動率 changed ---------------------------------------------------------------------

def test_logos_6_14_rate_changes_the_check_and_stays_within_0_100() -> None:
    boost = skill("集中", "turn_start", {"op": "rate", "target": "self", "skill": "大技", "value": 30, "turns": 1})
    big = skill("大技", "before_action", stat("self", "attack", 1), rate=50)
    other = skill("小技", "after_action", stat("self", "attack", 1), rate=50)
    log = one_bout({"r": char("甲", "red", rea=9, skills=[boost, big, other])}, dice={"faces": [1, 70, 70]})
    checks = {e["skill"]: (e["rate"], e.get("written_rate"), e["result"]) for e in events(log, "skill")}
    assert checks["大技"] == (80, 50, "success") and checks["小技"] == (50, None, "failure")
    assert "発動率80%　出目70 → 成功（記載の発動率50%）" in report(log)
    assert "甲 《大技》の発動率+30%（1ターン）" in report(log)
    over = skill("過集中", "turn_start", {"op": "rate", "target": "self", "value": 90})
    log = one_bout({"r": char("甲", "red", rea=9, skills=[over, big])}, dice={"faces": [1, 100]})
    assert events(log, "skill", skill="大技")[0]["rate"] == 100
    assert events(log, "skill", skill="大技")[0]["result"] == "success"


# LOGOS-6.15 an effect's own condition ---------------------------------------------------------

def test_logos_6_15_an_effect_reaches_only_the_targets_its_condition_holds_for() -> None:
    s = skill("補強", "turn_start", {"op": "stat", "target": "bench_allies", "stat": "defense", "value": 4,
                                     "condition": {"of": "target", "attr": "defense", "at_most": 10}})
    red = {"r": char("甲", "red", rea=9, skills=[s]), "x": char("丙", "red", dfn=12), "y": char("丁", "red", dfn=10)}
    log = one_bout(red)
    assert [e["target"] for e in events(log, "effect")] == ["y", "red1", "red2"]
    c = events(log, "cancel", reason="condition_not_met")[0]
    assert c["target"] == "x" and c["facts"][0]["value"] == 12
    assert "→ 丙：条件 対象の防御12≦10 × → 効果なし" in report(log)
    assert "condition target DEF12≤10 × → no effect" in report(log, lang="en") or "no effect" in report(log, lang="en")
    bad = skill("変", "turn_start", {"op": "dp", "value": 1, "condition": {"of": "target", "attr": "attack", "above": 1}})
    with pytest.raises(InputError):
        load(make({"r": char("甲", "red", skills=[bad])}))


# LOGOS-7.3 levels of チャージ ------------------------------------------------------------------

def test_logos_7_3_charge_levels_add_up_and_a_check_spends_them_all() -> None:
    store = skill("蓄積", "turn_start", {"op": "charge", "target": "self", "value": 2})
    burst = skill("解放", "before_action", {"op": "stat", "target": "self", "stat": "attack",
                                           "value": {"of": "self", "attr": "spent_charge", "times": 3}},
                  condition={"of": "self", "attr": "charge", "at_least": 2}, charge=True)
    log = one_bout({"r": char("甲", "red", rea=9, skills=[store, burst])}, {"b": char("乙", "blue", dfn=9)})
    states = [(e["on"], e.get("level")) for e in events(log, "state", character="r")]
    # 1 at the start; 蓄積's own success lifts it, then adds 2; 解放's success lifts both
    assert states == [(True, None), (False, None), (True, 2), (False, None)]
    e = events(log, "effect", target="r")[0]
    assert (e["value"], e["before"], e["after"]) == (6, 3, 9)
    assert events(log, "attack")[0]["success"]
    assert "甲 チャージ+2（2段階）" in report(log) and "charge +2 (level 2)" in report(log, lang="en")
    assert "チャージ段階2≧2" in report(log)
    log = one_bout({"r": char("甲", "red", rea=9, skills=[burst])})
    assert events(log, "skill", skill="解放")[0]["result"] == "condition_not_met"  # level 1 only


def _entrant_with_a_chosen_skill(choice: bool) -> dict:
    """援 enters by 援軍 and has a skill that targets a chosen enemy (LOGOS-1.8 / 8.5)."""
    m = reinforced(options={"turn_cap": 1})
    m["setup"]["characters"]["n"]["skills"].append(
        skill("狙撃", "turn_start", {"op": "stat", "target": "chosen_enemy", "stat": "defense", "value": -1}))
    if choice:
        m["turns"][0]["submissions"]["red"]["choices"].append({"who": "n", "skill": "狙撃", "target": "b"})
    return m


def test_logos_8_5_a_member_named_to_enter_may_have_its_choices_given_in_advance() -> None:
    load(_entrant_with_a_chosen_skill(choice=True))  # accepted: 援 is named by 援軍's choice
    load(_entrant_with_a_chosen_skill(choice=False))  # and not required: it may never enter
    stray = _entrant_with_a_chosen_skill(choice=True)
    stray["turns"][0]["submissions"]["red"]["choices"][0]["target"] = "red2"  # 援 no longer named
    with pytest.raises(InputError):
        load(stray)


def test_logos_11_3_a_round_under_way_accepts_a_starter_without_its_choice(tmp_path) -> None:
    """Found by the deep continuation property: a member placed mid-round without a choice is a
    starter of the continued round, which asked for its choice and refused the log's own state."""
    from dhproc import api

    m = _entrant_with_a_chosen_skill(choice=False)
    m["options"] = {"turn_cap": 3}
    whole = resolve(m)
    entered = events(whole, "order", how="enter")
    assert entered, "援 enters in the round"
    stop = next(e["bout"] for e in events(whole, "bout_start") if e["seq"] > entered[0]["seq"])
    m["setup"]["stop_after_bout"] = stop
    first = resolve(m)
    assert first["turns"][0]["events"][-1]["kind"] == "stopped"
    path = tmp_path / "first.json"
    path.write_text(api.dumps(first), encoding="utf-8")
    cont = api.continuation(path)
    assert "n" in cont["setup"]["sides"]["red"]["starters"]
    cont["turns"] = [{"turn": 1, "submissions": {}}]
    later = resolve(cont)
    assert later["outcome"] == whole["outcome"] and later["state"] == whole["state"]
