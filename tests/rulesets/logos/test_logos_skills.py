"""LOGOS-5 (skills), LOGOS-6 (effects and durations), LOGOS-7 (special states), with the seed's examples."""

from __future__ import annotations

import pytest

from dhproc.words.messages import use_lang
from dhproc.errors import InputError, ResolutionError

from .helpers import char, events, load, make, report, resolve, skill, stat

ATK_UP = {"event": "stat_up", "who": "ally", "stat": "attack"}


def bout(log: dict, n: int) -> list[dict]:
    """The events of ターン n (from its bout_start to its bout_end)."""
    evs = log["turns"][0]["events"]
    start = next(i for i, e in enumerate(evs) if e["kind"] == "bout_start" and e["bout"] == n)
    end = next(i for i, e in enumerate(evs) if e["kind"] == "bout_end" and e["bout"] == n)
    return evs[start:end + 1]


def skill_order(evs: list[dict]) -> list[tuple[str, str]]:
    return [(e["skill"], e["result"]) for e in evs if e["kind"] == "skill"]


# LOGOS-5 -------------------------------------------------------------------------------------

def test_logos_5_1_a_failed_condition_makes_no_check() -> None:
    s = skill("大技", "before_action", stat("self", "attack", 1), rate=50,
              condition={"of": "facing_enemy", "attr": "defense", "at_least": 10})
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[s])}, first="red"))
    e = events(log, "skill")[0]
    assert e["result"] == "condition_not_met" and "rate" not in e
    assert e["facts"] == [{"of": "facing_enemy", "attr": "defense", "value": 9, "op": "at_least", "operand": 10,
                           "holds": False}]
    assert not events(log, "roll")
    assert "条件：対面の敵の防御9≧10 × → 発動しない" in report(log)


@pytest.mark.parametrize("face, result", [(1, "success"), (50, "success"), (51, "failure"), (100, "failure")])
def test_logos_5_1_d100_at_most_the_rate_succeeds(face: int, result: str) -> None:
    s = skill("大技", "before_action", stat("self", "attack", 1), rate=50)
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[s])}, first="red", dice={"faces": [face], "then": "seeded"}))
    roll, check = events(log, "roll")[0], events(log, "skill")[0]
    assert (roll["purpose"], roll["sides"], roll["face"], roll["actor"], roll["skill"], roll["rate"]) == \
        ("activation_check", 100, face, "r", "大技", 50)
    assert (check["result"], check["face"], check["rate"]) == (result, face, 50)
    assert f"発動率50%　出目{face} → {'成功' if result == 'success' else '失敗'}" in report(log)


def test_logos_5_1_options_always_and_roll_at_100() -> None:
    s = [skill("確定", "before_action", stat("self", "defense", 1), rate=100),
         skill("半々", "before_action", stat("self", "defense", 1), rate=50)]
    base = make({"r": char("甲", "red", rea=9, skills=s)}, first="red", options={"turn_cap": 1})
    assert [e["skill"] for e in events(resolve(base), "roll")] == ["確定", "半々"]
    base["options"]["roll_at_100"] = False
    assert [e["skill"] for e in events(resolve(base), "roll")] == ["半々"]
    base["options"]["activation_check"] = "always"
    log = resolve(base)
    assert not events(log, "roll") and [e["result"] for e in events(log, "skill")] == ["success", "success"]
    assert "発動率50% → 判定なしで成功" in report(log)


def test_logos_5_2_one_characters_skills_of_a_timing_fire_in_listed_order() -> None:
    s = [skill("二番", "after_action", stat("self", "defense", 1)), skill("一番", "after_action", stat("self", "defense", 1))]
    log = resolve(make({"r": char("甲", "red", rea=9, skills=s)}, options={"turn_cap": 1}))
    assert [e["skill"] for e in events(log, "skill")] == ["二番", "一番"]


def test_logos_5_2_bench_characters_never_fire_acting_timings() -> None:
    timings = ["turn_start", "before_action", "action", "after_action"]
    x = char("控", "red", rea=0, skills=[skill(t, t, stat("self", "defense", 1)) for t in timings])
    log = resolve(make({"r": char("甲", "red", atk=9, dfn=20, rea=9), "x": x}))
    assert not events(log, "skill")


PASSIVE = skill("氷壁", "passive", stat("self", "defense", 2))


def test_logos_5_3_passives_apply_from_the_start_without_a_check() -> None:
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[PASSIVE])}))
    evs = log["turns"][0]["events"]
    kinds = [e["kind"] for e in evs]
    assert kinds.index("effect") < kinds.index("bout_start")
    assert events(log, "skill")[0] == {**events(log, "skill")[0], "result": "success", "checked": False, "face": None}
    e = events(log, "effect")[0]
    assert (e["before"], e["after"], e["turns"], e["end"]) == (9, 11, None, None)
    assert not events(log, "roll")
    assert "《氷壁》（パッシブ）［甲］　→ 常時適用（発動判定なし）" in report(log)
    assert "甲 防御 9→11（パッシブ）" in report(log)


def test_logos_5_3_passive_check_roll_and_scope_team() -> None:
    holder = char("控", "red", rea=0, skills=[skill("加護", "passive", stat("all_allies", "defense", 1), rate=60)])
    m = make(red_bench={"h": holder}, options={"passive_check": "roll", "passive_scope": "team"},
             dice={"faces": [60], "then": "seeded"}, first="red")
    log = resolve(m)
    assert events(log, "roll")[0]["skill"] == "加護"
    assert [e["target"] for e in events(log, "effect")] == ["red1", "red2", "red3", "red4", "red5"]
    assert not events(resolve(make(red_bench={"h": holder})), "skill")  # default scope: starters only


def test_logos_5_3_passives_cause_no_triggers_and_have_no_facing_enemy() -> None:
    watcher = char("見", "red", rea=0, skills=[skill("追い風", "counter", stat("self", "attack", 1), trigger=ATK_UP)])
    log = resolve(make({"r": char("甲", "red", skills=[skill("闘気", "passive", stat("self", "attack", 1))]), "w": watcher},
                       options={"turn_cap": 1}))
    assert not events(log, "skill", skill="追い風")
    bad = char("甲", "red", skills=[skill("睨み", "passive", stat("facing_enemy", "attack", -1))])
    with use_lang("en"), pytest.raises(InputError) as info:  # the tests read the English messages
        load(make({"r": bad}))
    assert "a パッシブ skill targets self, all_allies, all_enemies, not 'facing_enemy'" in str(info.value)


def counter_round(options: dict | None = None, **starters) -> dict:
    return resolve(make(starters.get("red"), starters.get("blue"), first="red", options={"turn_cap": 1, **(options or {})}))


def test_logos_5_4_counters_fire_from_the_bench_by_default() -> None:
    w = char("見", "red", rea=0, skills=[skill("追い風", "counter", stat("self", "defense", 1), trigger=ATK_UP)])
    r = char("甲", "red", rea=9, skills=[skill("気合", "before_action", stat("self", "attack", 1))])
    assert events(counter_round(red={"r": r, "w": w}), "skill", skill="追い風")
    assert not events(counter_round({"counter_from_bench": False}, red={"r": r, "w": w}), "skill", skill="追い風")


def test_logos_5_4_ally_includes_self_unless_switched_off() -> None:
    r = char("甲", "red", rea=9, skills=[skill("気合", "before_action", stat("self", "attack", 1)),
                                          skill("呼応", "counter", stat("self", "defense", 1), trigger=ATK_UP)])
    assert events(counter_round(red={"r": r}), "skill", skill="呼応")
    assert not events(counter_round({"ally_includes_self": False}, red={"r": r}), "skill", skill="呼応")


@pytest.mark.parametrize("trigger, fires", [
    ({"event": "attack", "who": "enemy"}, True),
    ({"event": "attacked", "who": "self"}, True),
    ({"event": "attacked", "who": "enemy"}, True),
    ({"event": "attacked", "who": "other_ally"}, False),
    ({"event": "stat_down", "who": "self", "stat": "defense"}, True),
    ({"event": "stat_down", "who": "self", "stat": "attack"}, False),
    ({"event": "stat_up", "who": "any"}, False),
    ({"event": "knocked_out", "who": "enemy"}, False),
])
def test_logos_5_4_trigger_events_and_who(trigger: dict, fires: bool) -> None:
    """In ターン 1 甲 lowers 乙's 防御 (アクション前) and attacks it; then 乙 attacks 甲; nobody is hit."""
    r = char("甲", "red", rea=9, skills=[skill("崩し", "before_action", stat("facing_enemy", "defense", -1))])
    b = char("乙", "blue", rea=1, skills=[skill("反応", "counter", stat("self", "reaction", 1), trigger=trigger)])
    assert bool(events(counter_round(red={"r": r}, blue={"b": b}), "skill", skill="反応")) is fires


def test_logos_5_5_simultaneous_counters_in_initiative_order() -> None:
    watch = {"event": "attack", "who": "any"}
    cnt = lambda name, side, rea: char(name, side, rea=rea, skills=[  # noqa: E731
        skill(name, "counter", stat("self", "defense", 1), trigger=watch)])
    red = {"r": char("甲", "red", rea=9), "p": cnt("赤後", "red", 4), "s": cnt("赤前", "red", 4), "t": cnt("赤速", "red", 8)}
    blue = {"b": char("乙", "blue", rea=1), "q": cnt("青", "blue", 4), "u": cnt("青速", "blue", 9)}
    log = counter_round(red=red, blue=blue)
    first_moment = [e["skill"] for e in bout(log, 1) if e["kind"] == "skill"]
    # 反応 9 (blue) > 8 (red) > the three 4s: red (先攻) first, and within red 行動順 2 before 3
    assert first_moment == ["青速", "赤速", "赤後", "赤前", "青"]


def seed_defense_example(lowerer_rea: int, checker_rea: int) -> list[tuple[str, str]]:
    """The seed's example: 「対面の敵が防御10以上なら発動する」 after 「対面の敵の防御を－4する」."""
    lower = char("崩", "red", rea=lowerer_rea, skills=[
        skill("防御崩し", "counter", stat("facing_enemy", "defense", -4, turns=1), trigger=ATK_UP)])
    check = char("狙", "red", rea=checker_rea, skills=[
        skill("鎧通し", "counter", stat("facing_enemy", "attack", -1, turns=1), trigger=ATK_UP,
              condition={"of": "facing_enemy", "attr": "defense", "at_least": 10})])
    r = char("甲", "red", rea=5, skills=[skill("気合", "before_action", stat("self", "attack", 1))])
    log = counter_round(red={"r": r, "l": lower, "c": check}, blue={"b": char("乙", "blue", dfn=12, rea=1)})
    return [(e["skill"], e["result"], [f["value"] for f in e["facts"]]) for e in events(log, "skill")
            if e["timing"] == "counter"]


def test_logos_5_6_seed_example_condition_stops_holding_after_minus_4() -> None:
    assert seed_defense_example(lowerer_rea=9, checker_rea=7) == [
        ("防御崩し", "success", []), ("鎧通し", "condition_not_met", [8])]


def test_logos_5_6_seed_example_in_the_other_order_both_fire() -> None:
    assert seed_defense_example(lowerer_rea=7, checker_rea=9) == [
        ("鎧通し", "success", [12]), ("防御崩し", "success", [])]


def test_logos_5_7_seed_example_triggers_in_text_order_with_both_changes_applied() -> None:
    """「自身の攻撃を＋2、反応を＋2する」: the attack trigger fires first whatever the 反応, and sees 反応 +2."""
    both = skill("鼓舞", "before_action", stat("self", "attack", 2, turns=1), stat("self", "reaction", 2, turns=1))
    atk_watch = char("攻見", "red", rea=1, skills=[skill("攻撃に呼応", "counter", stat("self", "defense", 1), trigger=ATK_UP,
                                                        condition={"of": "trigger", "attr": "reaction", "equals": 7})])
    rea_watch = char("反見", "red", rea=9, skills=[skill("反応に呼応", "counter", stat("self", "defense", 1),
                                                        trigger={"event": "stat_up", "who": "ally", "stat": "reaction"})])
    r = char("甲", "red", atk=4, rea=5, skills=[both])
    log = counter_round(red={"r": r, "a": atk_watch, "x": rea_watch}, blue={"b": char("乙", "blue", rea=1)})
    got = [(e["skill"], e["result"], e.get("trigger", {}).get("stat"), [f["value"] for f in e["facts"]])
           for e in events(log, "skill")]
    assert got == [("鼓舞", "success", None, []),
                   ("攻撃に呼応", "success", "attack", [7]),   # 反応 already 5+2 when the attack trigger fires
                   ("反応に呼応", "success", "reaction", [])]
    effects = [(e["stat"], e["before"], e["after"]) for e in events(log, "effect", target="r")]
    assert effects == [("attack", 4, 6), ("reaction", 5, 7)]


def chain_round(options: dict) -> list[str]:
    h1 = char("一", "red", rea=9, skills=[skill("一", "counter", stat("self", "defense", 1), trigger=ATK_UP)])
    h2 = char("二", "red", rea=5, skills=[skill("二", "counter", stat("self", "defense", 1), trigger=ATK_UP)])
    h3 = char("三", "red", rea=1, skills=[skill("三", "counter", stat("self", "reaction", 1),
                                               trigger={"event": "stat_up", "who": "other_ally", "stat": "defense"})])
    r = char("甲", "red", rea=6, skills=[skill("起", "before_action", stat("self", "attack", 1))])
    log = counter_round(options, red={"r": r, "a": h1, "b": h2, "c": h3}, blue={"x": char("乙", "blue", rea=0)})
    return [e["skill"] for e in events(log, "skill")]


def test_logos_5_8_depth_first_by_default_breadth_first_by_option() -> None:
    # 一's +防御 triggers 三 (once per ターン), settled before 二 fires
    assert chain_round({}) == ["起", "一", "三", "二"]
    assert chain_round({"counter_chain": "breadth_first"}) == ["起", "一", "二", "三"]


def test_logos_5_8_a_counter_fires_once_per_turn_unless_unlimited() -> None:
    assert chain_round({"counter_limit": "unlimited"}) == ["起", "一", "三", "二", "三"]


def test_logos_5_8_a_loop_stops_at_the_chain_cap_with_a_located_error() -> None:
    loop = skill("無限", "counter", stat("self", "attack", 1), trigger={"event": "stat_up", "who": "self"})
    m = make({"r": char("甲", "red", rea=9, skills=[loop, skill("起動", "before_action", stat("self", "attack", 1))])},
             options={"counter_limit": "unlimited", "counter_chain_cap": 10})
    with pytest.raises(ResolutionError) as info:
        resolve(m)
    assert "ターン1：1つの連鎖で誘発したカウンターが10を超えました" in str(info.value)
    m["options"] = {"counter_chain_cap": 10}  # once per ターン: no loop
    assert len(events(resolve(m), "skill", skill="無限")) >= 1


def test_logos_5_9_a_counter_owner_knocked_out_earlier_in_the_moment_does_not_fire() -> None:
    r = char("甲", "red", rea=5, skills=[skill("気合", "before_action", stat("self", "attack", 1)),
                                          skill("呼応", "counter", stat("self", "defense", 1), trigger=ATK_UP)])
    y = char("刺", "blue", rea=9, skills=[skill("刺客", "counter", {"op": "knock_out", "target": "facing_enemy"},
                                               trigger={"event": "stat_up", "who": "enemy"})])
    log = counter_round(red={"r": r}, blue={"b": char("乙", "blue", rea=1), "y": y})
    assert [(e["skill"], e["result"]) for e in events(log, "skill")] == [
        ("気合", "success"), ("刺客", "success"), ("呼応", "knocked_out")]
    assert "《呼応》（カウンター［甲の攻撃が増加したとき］）［甲］戦闘不能のため発動しない" in report(log)


def test_logos_5_9_passive_effects_stay_on_a_knocked_out_character() -> None:
    log = resolve(make({"red1": char("甲", "red", skills=[PASSIVE])}))
    c = log["state"]["characters"]["red1"]
    assert "knocked_out" in c["states"] and c["defense"] == 11


def test_logos_5_10_group_targets_and_skipped_single_targets() -> None:
    s = skill("号令", "before_action", stat("bench_allies", "defense", 1), stat("all_enemies", "attack", -1))
    r = char("甲", "red", rea=9, skills=[s])
    log = counter_round(red={"r": r, "f": char("速", "red", rea=8)})
    assert [e["target"] for e in events(log, "effect")] == ["f", "red1", "red2", "red3",
                                                            "blue1", "blue2", "blue3", "blue4", "blue5"]
    late = skill("追撃", "after_action", stat("facing_enemy", "defense", -1))
    log = counter_round(red={"r": char("甲", "red", atk=9, rea=9, skills=[late])})
    c = events(log, "cancel")[0]
    assert (c["reason"], c["target"]) == ("target_knocked_out", "blue1")
    assert "→ 対象なし（対象が戦闘不能）" in report(log)


def test_logos_5_11_conditions_read_state_through_the_vocabulary() -> None:
    cond = {"all": [{"of": "self", "attr": "reaction", "above": {"of": "facing_enemy", "attr": "reaction"}},
                    {"of": "own_side", "attr": "standing", "equals": 5}, {"of": "round", "attr": "bout", "equals": 1},
                    {"not": {"of": "facing_enemy", "attr": "colors", "includes": "赤"}}]}
    r = char("甲", "red", rea=9, skills=[skill("見極め", "before_action", stat("self", "attack", 1), condition=cond)])
    log = counter_round(red={"r": r})
    e = events(log, "skill")[0]
    assert e["result"] == "success"
    assert [(f["of"], f["attr"], f["value"], f["operand"]) for f in e["facts"]] == [
        ("self", "reaction", 9, 5), ("own_side", "standing", 5, 5), ("round", "bout", 1, 1),
        ("facing_enemy", "colors", ["灰"], "赤")]
    assert "自身の反応9>対面の敵の反応5" in report(log)
    with use_lang("en"), pytest.raises(InputError) as info:  # the tests read the English messages
        load(make({"r": char("甲", "red", skills=[skill("x", "before_action", stat("self", "attack", 1),
                                                        condition={"of": "trigger", "attr": "attack", "above": 1})])}))
    assert "only a カウンター skill's condition can read 'trigger'" in str(info.value)


# LOGOS-6 -------------------------------------------------------------------------------------

def test_logos_6_1_changes_add_up_and_expiry_is_no_trigger() -> None:
    s = skill("重ね", "before_action", stat("self", "attack", 1, turns=1), stat("self", "attack", 2, turns=1))
    down = skill("落胆", "counter", stat("self", "defense", 1), trigger={"event": "stat_down", "who": "self"})
    log = resolve(make({"r": char("甲", "red", atk=3, rea=9, skills=[s, down])}, options={"turn_cap": 1}))
    assert [(e["before"], e["after"]) for e in events(log, "effect", stat="attack")] == [(3, 4), (4, 6)]
    assert len(events(log, "expire")) == 2 and not events(log, "skill", skill="落胆")


def first_expiry(m: dict, target: str) -> int | None:
    log = resolve(m)
    seqs = [e for t in log["turns"] for e in t["events"]]
    bout_no = 0
    for e in seqs:
        if e["kind"] == "bout_start":
            bout_no = e["bout"]
        if e["kind"] == "expire" and e.get("character") == target:
            return bout_no
    return None


ONCE = {"of": "round", "attr": "bout", "equals": 1}
SURVIVOR = dict(atk=9, dfn=20, rea=9)


@pytest.mark.parametrize("options, expires", [({}, 1), ({"duration_count": "full_turns"}, 2)])
def test_logos_6_2_one_turn_given_in_a_turn_ends_at_its_turn_end(options: dict, expires: int) -> None:
    s = skill("構え", "before_action", stat("self", "defense", 1, turns=1), condition=ONCE)
    assert first_expiry(make({"r": char("甲", "red", **SURVIVOR, skills=[s])}, options=options), "r") == expires


@pytest.mark.parametrize("options, expires", [({}, 2), ({"tick_scope": "all"}, 1)])
def test_logos_6_2_a_bench_bearers_effect_counts_down_only_when_it_is_active(options: dict, expires: int) -> None:
    s = skill("託す", "before_action", stat("bench_allies", "defense", 1, turns=1), condition=ONCE)
    # 甲 falls in ターン 1 to 乙's colour; red1, on the bench in ターン 1, is active in ターン 2
    r = char("甲", "red", weak="赤", rea=9, skills=[s])
    m = make({"r": r}, {"b": char("乙", "blue", color="赤", rea=1)}, options=options)
    assert first_expiry(m, "red1") == expires


def test_logos_6_2_the_end_point_is_absolute_on_the_bearers_clock() -> None:
    s = skill("構え", "before_action", stat("self", "defense", 1, turns=3), condition=ONCE)
    log = resolve(make({"r": char("甲", "red", **SURVIVOR, skills=[s])}))
    e = events(log, "effect")[0]
    assert (e["clock"], e["end"]) == ("active:r", 3)
    assert first_expiry(make({"r": char("甲", "red", **SURVIVOR, skills=[s])}), "r") == 3


@pytest.mark.parametrize("option, expires", [("round", None), ("one_turn", 1)])
def test_logos_6_3_no_written_duration(option: str, expires: int | None) -> None:
    s = skill("構え", "before_action", stat("self", "defense", 1), condition=ONCE)
    m = make({"r": char("甲", "red", **SURVIVOR, skills=[s])}, options={"default_duration": option})
    assert first_expiry(m, "r") == expires
    if option == "round":
        assert "甲 防御 20→21（ラウンド終了まで）" in report(resolve(m))


FIELD = {"op": "field", "name": "砂嵐", "applies_to": "enemies", "stat": "reaction", "value": -2, "turns": 2}


@pytest.mark.parametrize("option, reactions", [("replace", [3, 3, 3, 5]), ("stack", [3, 1, 3, 5])])
def test_logos_6_4_fields_cover_their_scope_and_count_down_every_turn(option: str, reactions: list[int]) -> None:
    """A -2 field set at the start of ターン 1 and 2, 2 ターン each: replaced, the second covers ターン 2-3;
    stacked, both cover ターン 2 (-4); none is left in ターン 4."""
    r = char("甲", "red", **SURVIVOR, skills=[skill("砂嵐", "turn_start", FIELD, condition={"of": "round", "attr": "bout", "below": 3})])
    log = resolve(make({"r": r}, options={"field_stacking": option}))
    assert [e["reaction"][e["order"][1]] for e in events(log, "initiative")][:4] == reactions
    assert all(e["owner_side"] == "red" and e["applies_to"] == "enemies" for e in events(log, "field"))
    assert [e["reaction"]["r"] for e in events(log, "initiative")][:4] == [9, 9, 9, 9]
    assert "フィールド「砂嵐」：青組の反応-2（2ターン）" in report(log)


def test_logos_6_5_added_colours_and_weaknesses_count_for_the_colour_test() -> None:
    s = skill("染色", "before_action", {"op": "add_weakness", "target": "facing_enemy", "color": "灰", "turns": 1})
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[s])}, options={"turn_cap": 1}))
    a = events(log, "attack")[0]
    assert (a["weaknesses"], a["matched"], a["success"]) == (["黄", "灰"], ["灰"], True)
    s = skill("変色", "before_action", {"op": "add_color", "target": "self", "color": "黄", "turns": 1})
    a = events(resolve(make({"r": char("甲", "red", rea=9, skills=[s])}, options={"turn_cap": 1})), "attack")[0]
    assert (a["colors"], a["matched"]) == (["灰", "黄"], ["黄"])


def test_logos_6_6_knock_out_attack_and_charge_effects() -> None:
    s = skill("連撃", "after_action", {"op": "attack", "target": "facing_enemy"}, {"op": "charge", "target": "self"})
    r = char("甲", "red", color="赤", atk=9, rea=9, skills=[s], dfn=20)
    log = resolve(make({"r": r}, {"b": char("乙", "blue", weak="赤", dfn=20)}, options={"turn_cap": 1},
                       first="red"))
    attacks = events(log, "attack")
    assert [(a["via"], a["success"]) for a in attacks] == [("action", True)]
    assert events(log, "no_attack")[0] == {**events(log, "no_attack")[0], "reason": "target_knocked_out", "skill": "連撃"}
    assert events(log, "state")[-1] == {**events(log, "state")[-1], "on": True, "reason": "effect", "skill": "連撃"}
    s = skill("止め", "before_action", {"op": "knock_out", "target": "facing_enemy"})
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[s])}, options={"turn_cap": 1}))
    assert events(log, "knocked_out")[0] == {**events(log, "knocked_out")[0], "character": "blue1", "cause": "effect",
                                             "by": "r", "skill": "止め"}


def test_logos_6_6_an_extra_attack_can_be_critical() -> None:
    s = skill("連撃", "after_action", {"op": "attack", "target": "facing_enemy"})
    r = char("甲", "red", color="赤", atk=9, rea=9, skills=[s])
    log = resolve(make({"r": r}, {"b": char("乙", "blue", weak="赤", dfn=10)}, options={"turn_cap": 1,
                                                                                     "attack_knocked_out_target": "attack"}))
    a = events(log, "attack")
    assert [(x["via"], x["color_hit"], x["power_hit"]) for x in a[:2]] == [("action", True, False), ("effect", True, False)]
    assert "《連撃》によるアタック" in report(log)
    s = skill("二段", "before_action", stat("self", "attack", 1), {"op": "attack", "target": "facing_enemy"})
    log = resolve(make({"r": char("甲", "red", color="赤", atk=9, rea=9, skills=[s])},
                       {"b": char("乙", "blue", weak="赤", dfn=10)}, options={"turn_cap": 1}))
    assert events(log, "attack")[0]["via"] == "effect" and events(log, "attack")[0]["critical"]
    assert events(log, "dp")[0]["total"] == 1


def test_logos_6_7_removing_lasting_effects_keeps_special_states_and_passives() -> None:
    # 乙 holds a パッシブ and チャージ (its charge skill never fires, so nothing lifts it); 甲 first gives
    # 乙 a +2 攻撃 継続効果, then removes every 継続効果 of 乙
    give = skill("強化", "before_action", stat("facing_enemy", "attack", 2, turns=2))
    purge = skill("浄化", "before_action", {"op": "remove_effects", "target": "facing_enemy"})
    never = {"of": "round", "attr": "bout", "equals": 99}
    b = char("乙", "blue", rea=1, skills=[PASSIVE, skill("溜め", "after_action", stat("self", "attack", 1), charge=True,
                                                         condition=never)])
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[give, purge])}, {"b": b}, options={"turn_cap": 1}))
    removed = events(log, "effects_removed")[0]
    assert removed["target"] == "b" and len(removed["removed"]) == 1
    c = log["state"]["characters"]["b"]
    assert c["defense"] == 11 and c["attack"] == 3 and "charged" in c["states"]


# LOGOS-7 -------------------------------------------------------------------------------------

def test_logos_7_1_hidden_characters_do_not_count_and_the_public_view_hides_them() -> None:
    m = make(red_bench={"s": char("影山", "red", keywords=["jinrai"], secret=True,
                                  skills=[skill("影縫い", "passive", stat("all_enemies", "reaction", -1))])},
             options={"passive_scope": "team"})
    log = resolve(m)
    assert events(log, "first_player")[0]["jinrai_hidden"]["red"] == ["s"]
    gk, public = report(log), report(log, view="public")
    assert "影山" in gk and "影縫い" in gk and "※秘匿状態のため数えない：影山" in gk
    assert "影山" not in public and "影縫い" not in public and "秘匿状態のため数えない" not in public
    assert "《？？？》（パッシブ）［シークレット］" in public and "スタメン外：シークレット" in public


def test_logos_7_2_charge_from_the_start_until_a_successful_check() -> None:
    s = skill("溜め撃ち", "before_action", stat("self", "attack", 3, turns=1), rate=50, charge=True,
              condition={"of": "self", "attr": "states", "includes": "charged"})
    m = make({"r": char("甲", "red", **SURVIVOR, skills=[s])}, first="red", dice={"faces": [80, 30], "then": "seeded"})
    log = resolve(m)
    states = [(e["on"], e["reason"]) for e in events(log, "state")]
    assert states == [(True, "round_start"), (False, "activation_success")]
    results = [e["result"] for e in events(log, "skill")]
    assert results[:3] == ["failure", "success", "condition_not_met"]  # failed check keeps チャージ
    assert "チャージ状態：甲" in report(log) and "甲 チャージ状態解除" in report(log)
    m["options"] = {"charge_start": "effect_only"}
    del m["turns"][0]["dice"]
    assert [e["result"] for e in events(resolve(m), "skill")][0] == "condition_not_met"


def test_logos_7_2_a_charge_effect_charges_again() -> None:
    s = skill("循環", "before_action", {"op": "charge", "target": "self"}, charge=True)
    log = resolve(make({"r": char("甲", "red", **SURVIVOR, skills=[s])}, options={"turn_cap": 2}))
    assert [(e["on"], e["reason"]) for e in events(log, "state")][:3] == [
        (True, "round_start"), (False, "activation_success"), (True, "effect")]


def test_logos_6_6_a_character_never_attacks_itself() -> None:
    bad = char("甲", "red", skills=[skill("自傷", "before_action", {"op": "attack", "target": "self"})])
    with use_lang("en"), pytest.raises(InputError) as info:  # the tests read the English messages
        load(make({"r": bad}))
    assert "a character does not attack itself" in str(info.value)
    s = skill("乱撃", "before_action", {"op": "attack", "target": "all_allies"})
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[s])}, options={"turn_cap": 1}))
    assert events(log, "cancel", reason="self_target")[0]["target"] == "r"
    assert [e["target"] for e in events(log, "attack") if e["via"] == "effect"] == ["red1", "red2", "red3", "red4"]


def test_logos_6_6_a_knocked_out_attacker_makes_no_further_attack() -> None:
    s = skill("捨て身", "before_action", {"op": "knock_out", "target": "self"}, {"op": "attack", "target": "facing_enemy"})
    log = resolve(make({"r": char("甲", "red", atk=9, rea=9, skills=[s])}, options={"turn_cap": 1}))
    assert events(log, "no_attack", actor="r")[0]["reason"] == "attacker_knocked_out"
    assert not events(log, "attack", actor="r")
