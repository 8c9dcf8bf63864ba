"""LOGOS-8: changing 行動順, with the seed's three examples."""

from __future__ import annotations

import pytest

from dhproc.rulesets.logos.rules import place_order, swap_order

from .helpers import char, events, make, report, resolve, skill

START = {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}


def test_logos_8_1_seed_example_the_slowest_position_is_5_plus_1() -> None:
    assert place_order(START, "b", "slowest") == {"a": 1, "c": 3, "d": 4, "e": 5, "b": 6}
    assert place_order(START, "e", "slowest") == {"a": 1, "b": 2, "c": 3, "d": 4, "e": 6}  # already slowest: +1
    assert place_order(START, "a", 9) == {"b": 2, "c": 3, "d": 4, "e": 5, "a": 6}  # past the slowest


def test_logos_8_1_knocked_out_characters_count_for_the_slowest_unless_switched_off() -> None:
    assert place_order(START, "b", "slowest")["b"] == 6
    assert place_order(START, "b", "slowest", counted=["a", "b", "c", "d"])["b"] == 5  # e knocked out, not counted


def test_logos_8_1_in_play_a_counter_places_itself_last() -> None:
    hina = char("雛", "blue", rea=7, skills=[skill("殿", "counter", {"op": "order", "target": "self", "to": "slowest"},
                                                   trigger={"event": "knocked_out", "who": "other_ally"})])
    strong = char("強", "red", atk=9, dfn=20, rea=9)
    blue = {"blue1": char("乙", "blue"), "blue2": char("丙", "blue"), "blue3": char("丁", "blue"), "h": hina}
    log = resolve(make({"r": strong}, blue, options={"turn_cap": 1}))
    o = events(log, "order")[0]
    assert o["changes"] == [{"character": "h", "from": 4, "to": 6}]
    assert o["orders"] == {"blue1": 1, "blue2": 2, "blue3": 3, "blue4": 5, "h": 6}
    assert "青組 行動順：雛 4→6" in report(log)
    log = resolve(make({"r": strong}, blue, options={"turn_cap": 1, "slowest_counts_knocked_out": False}))
    assert events(log, "order")[0]["orders"]["h"] == 6  # blue1 is knocked out but is not the slowest


def test_logos_8_2_seed_example_placing_at_4_moves_4_and_5_back() -> None:
    assert place_order(START, "a", 4) == {"b": 2, "c": 3, "d": 5, "e": 6, "a": 4}
    assert place_order({"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6}, "f", 4) == \
        {"a": 1, "b": 2, "c": 3, "d": 5, "e": 6, "f": 4}


def test_logos_8_2_option_close_moves_up_behind_the_old_position() -> None:
    assert place_order(START, "a", 4, close_gap=True) == {"b": 1, "c": 2, "d": 3, "e": 5, "a": 4}
    assert place_order(START, "a", "slowest", close_gap=True) == {"b": 1, "c": 2, "d": 3, "e": 4, "a": 5}


def test_logos_8_2_in_play() -> None:
    move = skill("後退", "before_action", {"op": "order", "target": "chosen_ally", "to": 4})
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[move])}, options={"turn_cap": 1},
                       choices={"red": [{"who": "r", "skill": "後退", "target": "red1"}]}))
    o = events(log, "order")[0]
    assert o["orders"] == {"r": 1, "red2": 3, "red1": 4, "red3": 5, "red4": 6}
    assert o["changes"] == [{"character": "red1", "from": 2, "to": 4}, {"character": "red3", "from": 4, "to": 5},
                            {"character": "red4", "from": 5, "to": 6}]


def test_logos_8_3_seed_example_a_swap_of_2_and_4_moves_nobody_else() -> None:
    assert swap_order(START, "b", "d") == {"a": 1, "b": 4, "c": 3, "d": 2, "e": 5}
    swap = skill("入替", "before_action", {"op": "swap_order", "target": "chosen_ally", "with": "ally_active"})
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[swap])}, options={"turn_cap": 1},
                       choices={"red": [{"who": "r", "skill": "入替", "target": "red3"}]}))
    o = events(log, "order")[0]
    assert (o["how"], o["changes"]) == ("swap", [{"character": "red3", "from": 4, "to": 1},
                                                 {"character": "r", "from": 1, "to": 4}])
    assert o["orders"] == {"red3": 1, "red1": 2, "red2": 3, "r": 4, "red4": 5}


def test_logos_8_3_swapping_across_teams_is_refused() -> None:
    from dhproc.errors import InputError
    from dhproc.words.messages import use_lang

    from .helpers import load

    bad = skill("入替", "before_action", {"op": "swap_order", "target": "self", "with": "facing_enemy"})
    with use_lang("en"), pytest.raises(InputError) as info:  # the tests read the English messages
        load(make({"r": char("甲", "red", skills=[bad])}))
    assert "行動順 is swapped within one team" in str(info.value)


def test_logos_8_4_the_active_character_stays_active_for_the_turn() -> None:
    back = skill("後退", "before_action", {"op": "order", "target": "self", "to": "slowest"},
                 condition={"of": "round", "attr": "bout", "equals": 1})
    log = resolve(make({"r": char("甲", "red", atk=9, dfn=20, rea=9, skills=[back])}, options={"turn_cap": 2}))
    assert events(log, "attack")[0]["actor"] == "r"  # still acts in ターン 1 after moving to 6
    assert [e["actives"]["red"] for e in events(log, "bout_start")] == ["r", "red1"]


def test_logos_8_5_a_member_entering_when_nobody_is_counted_still_goes_last() -> None:
    """LOGOS-8.5 with slowest_counts_knocked_out: false and every other member knocked out: the
    slowest is read among all, so the newcomer is placed after them and no 行動順 is shared (the
    property run found a crash here)."""
    before = {"a": 1, "b": 2, "c": 3, "new": 0}
    assert place_order(before, "new", "slowest", counted=[]) == {"a": 1, "b": 2, "c": 3, "new": 4}
    assert place_order(before, "new", 2, counted=[]) == {"a": 1, "b": 3, "c": 4, "new": 2}


def test_logos_8_5_an_entered_members_counter_waits_like_any_starters() -> None:
    """LOGOS-8.5: a member entering mid-round brings its skills into the round, its カウンター too,
    even when it waits for a happening no other counter in play waits for."""
    call = skill("呼込", "turn_start", {"op": "enter", "target": "chosen_member"},
                 condition={"of": "round", "attr": "bout", "equals": 1})
    answer = skill("応援", "counter", {"op": "dp", "value": 1}, trigger={"event": "attacked", "who": "ally"})
    log = resolve(make({"r": char("甲", "red", rea=9, skills=[call])},
                       red_bench={"rb": char("乙", "red", skills=[answer])}, options={"turn_cap": 2},
                       choices={"red": [{"who": "r", "skill": "呼込", "target": "rb"}]}))
    assert [e["target"] for e in events(log, "order")] == ["rb"]
    fired = events(log, "skill", character="rb", skill="応援")
    assert fired and all(e["result"] == "success" for e in fired)
    assert fired[0]["trigger"] == {"event": "attacked", "character": "r"}
