"""LOGOS-1 (the round and its files) and LOGOS-2 ((0) 先攻 and 後攻)."""

from __future__ import annotations

import pytest

from dhproc.words.messages import use_lang
from dhproc.errors import InputError

from .helpers import char, events, load, make, report, resolve, skill, stat

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages


def problems_of(m: dict) -> list[str]:
    with use_lang("en"), pytest.raises(InputError) as info:  # the tests read the English messages
        load(m)
    return [p.format() for p in info.value.problems]


# LOGOS-1 -------------------------------------------------------------------------------------

def test_logos_1_1_the_round_is_turn_1_and_resolves_to_the_end() -> None:
    log = resolve(make())
    assert [t["turn"] for t in log["turns"]] == [1]
    assert log["turns"][0]["status"] == "complete"
    assert log["outcome"]["result"] != "ongoing"
    assert [e["bout"] for e in events(log, "bout_start")] == [1, 2, 3, 4, 5]


def test_logos_1_1_a_second_turn_is_an_input_error() -> None:
    m = make()
    m["turns"].append({"turn": 2, "submissions": {}})
    assert any("a logos match is one round: its submissions are turn 1, not turn 2" in p for p in problems_of(m))


def test_logos_1_1_all_dice_come_from_the_round_stream() -> None:
    m = make({"r": char("甲", "red", atk=9, skills=[skill("気合", "before_action", stat("self", "attack", 1), rate=50)])})
    rolls = events(resolve(m), "roll")
    assert rolls and all(r["step"] == "round" and r["source"] == "seeded" for r in rolls)


def test_logos_1_2_a_team_has_nine_characters() -> None:
    m = make()
    del m["setup"]["characters"]["redb4"]
    assert any("side '赤組 (red)' has 8 characters; a team has 9 (option team_size)" in p for p in problems_of(m))
    m["options"] = {"team_size": 8}
    assert any("side '青組 (blue)' has 9 characters; a team has 8" in p for p in problems_of(m))


def test_logos_1_3_two_colours_need_moukou() -> None:
    m = make({"r": char("甲", "red", color=["赤", "青"])})
    assert any("2 colours: a character has one colour, two with 《猛攻》" in p for p in problems_of(m))
    m = make({"r": char("甲", "red", color=["赤", "青"], keywords=["moukou"])})
    assert load(m).setup["characters"]["r"]["colors"] == ["赤", "青"]


def test_logos_1_3_unknown_colour_is_a_schema_error() -> None:
    assert any("/setup/characters/r/colors/0" in p for p in problems_of(make({"r": char("甲", "red", color="金")})))


def test_logos_1_3_stats_may_go_below_zero_and_then_do_nothing() -> None:
    m = make({"r": char("甲", "red", atk=2, skills=[skill("虚脱", "before_action", stat("self", "attack", -5))])})
    log = resolve(m)
    first = events(log, "effect", target="r")[0]
    assert (first["before"], first["after"]) == (2, -3)
    assert events(log, "no_attack", actor="r")[0]["reason"] == "attack_zero"


def test_logos_1_4_keywords_are_the_three_known_ones() -> None:
    assert any("/setup/characters/r/keywords/0" in p
               for p in problems_of(make({"r": char("甲", "red", keywords=["kamikaze"])})))


def test_logos_1_5_revealed_needs_secret() -> None:
    m = make(red_bench={"s": char("秘", "red", revealed=True)})
    assert any("only a シークレット character (secret: true) can have been revealed" in p for p in problems_of(m))


def test_logos_1_6_skills_are_typed_data() -> None:
    dup = [skill("同名", "before_action", stat("self", "attack", 1)), skill("同名", "after_action", stat("self", "attack", 1))]
    assert any("skill name '同名' is used twice" in p for p in problems_of(make({"r": char("甲", "red", skills=dup)})))
    counter = [skill("反撃", "counter", stat("self", "attack", 1))]
    assert any("a カウンター skill needs a trigger" in p
               for p in problems_of(make({"r": char("甲", "red", skills=counter)})))
    stray = [skill("余計", "before_action", stat("self", "attack", 1), trigger={"event": "attack"})]
    assert any("only a カウンター skill (timing: counter) has a trigger" in p
               for p in problems_of(make({"r": char("甲", "red", skills=stray)})))
    text = [skill("文字列", "before_action", stat("self", "attack", 1), condition="defense >= 10")]  # type: ignore[arg-type]
    assert any("/setup/characters/r/skills/0/condition" in p
               for p in problems_of(make({"r": char("甲", "red", skills=text)})))


def test_logos_1_6_condition_problems_are_located() -> None:
    bad = [skill("誤記", "before_action", stat("self", "attack", 1),
                 condition={"of": "facing_enemy", "attr": "hp", "at_least": 1})]
    out = problems_of(make({"r": char("甲", "red", skills=bad)}))
    assert any("'facing_enemy' has no 'hp'" in p and "/setup/characters/r/skills/0/condition/attr" in p for p in out)


def test_logos_1_7_starters_in_order_get_order_1_to_5() -> None:
    m = make(submissions={"red": {"starters": ["red5", "red4", "red3", "red2", "red1"]},
                          "blue": {"starters": ["blue1", "blue2", "blue3", "blue4", "blue5"]}})
    log = resolve(m)
    assert events(log, "lineup", side="red")[0]["starters"] == ["red5", "red4", "red3", "red2", "red1"]
    assert log["state"]["characters"]["red5"]["order"] == 1
    assert events(log, "bout_start")[0]["actives"]["red"] == "red5"


@pytest.mark.parametrize("starters, message", [
    (["red1", "red2", "red3", "red4", "blue1"], "'blue1' belongs to side '青組 (blue)', not '赤組 (red)'"),
    (["red1", "red2", "red3", "red4", "red1"], "'red1' is already starter 1"),
    (["red1", "red2", "red3", "red4", "nobody"], "unknown character 'nobody'"),
    (["red1", "red2", "red3", "red4"], "the starters: 5 characters needed, 4 given (at /turns/0/submissions/red/starters)"),
])
def test_logos_1_7_bad_starters(starters: list[str], message: str) -> None:
    m = make(submissions={"red": {"starters": starters}, "blue": {"starters": ["blue1", "blue2", "blue3", "blue4", "blue5"]}})
    out = problems_of(m)
    assert any(message in p for p in out), out


CHOOSER = char("甲", "red", skills=[skill("援護", "before_action", stat("chosen_ally", "defense", 3))])


def test_logos_1_8_a_chosen_target_comes_from_the_submission() -> None:
    log = resolve(make({"r": CHOOSER}, choices={"red": [{"who": "r", "skill": "援護", "target": "red2"}]}))
    e = events(log, "effect")[0]
    assert (e["target"], e["stat"], e["before"], e["after"]) == ("red2", "defense", 9, 12)


@pytest.mark.parametrize("choices, message", [
    (None, "skill '援護' of starter '甲 (r)' targets a chosen ally: add {who: r, skill: 援護, target: ...} under choices"),
    ([{"who": "r", "skill": "援護", "target": "redb1"}], "'援護' targets an ally: one of '赤組 (red)''s starters"),
    ([{"who": "r", "skill": "援護", "target": "red2"}, {"who": "r", "skill": "援護", "target": "red3"}],
     "the choice for '甲 (r)' / '援護' is already given at choice 1"),
    ([{"who": "r", "skill": "援護", "target": "red2"}, {"who": "red2", "skill": "援護", "target": "r"}],
     "'red2' has no skill '援護'"),
    ([{"who": "r", "skill": "援護", "target": "red2"}, {"who": "redb1", "skill": "x", "target": "r"}],
     "'red控1 (redb1)' is not a starter of '赤組 (red)'"),
])
def test_logos_1_8_choice_problems(choices, message: str) -> None:
    m = make({"r": CHOOSER}, choices={"red": choices} if choices is not None else None)
    assert any(message in p for p in problems_of(m))


def test_logos_1_8_a_skill_without_a_chosen_target_asks_none() -> None:
    m = make({"r": char("甲", "red", skills=[skill("気合", "before_action", stat("self", "attack", 1))])},
             choices={"red": [{"who": "r", "skill": "気合", "target": "red2"}]})
    assert any("skill '気合' does not ask for a choice" in p for p in problems_of(m))


def test_logos_1_8_a_chosen_enemy_not_in_play_is_cancelled() -> None:
    m = make({"r": char("甲", "red", skills=[skill("呪い", "before_action", stat("chosen_enemy", "attack", -2))])},
             choices={"red": [{"who": "r", "skill": "呪い", "target": "blueb1"}]})
    assert events(resolve(m), "cancel")[0]["reason"] == "target_not_starter"


def test_logos_1_9_missing_submission_awaits_and_first_is_still_announced() -> None:
    m = make({"r": char("甲", "red", keywords=["jinrai"])}, submissions={"blue": {"starters": [f"blue{i}" for i in range(1, 6)]}})
    log = resolve(m)
    assert log["turns"][0]["status"] == "awaiting" and log["turns"][0]["awaiting"] == "red"
    assert [e["kind"] for e in log["turns"][0]["events"]] == ["first_player", "awaiting"]
    assert log["outcome"]["result"] == "ongoing"
    text = report(log)
    assert "→ 《迅雷》が多い 赤組 が先攻" in text and "【行動提出待ち】赤組" in text


def test_logos_1_9_with_starter_scope_first_waits_for_the_submissions() -> None:
    m = make(options={"jinrai_scope": "starters"}, submissions={})
    log = resolve(m)
    assert [e["kind"] for e in log["turns"][0]["events"]] == ["awaiting", "awaiting"]
    assert log["turns"][0]["awaiting"] == "red"


# LOGOS-2 -------------------------------------------------------------------------------------

def first_event(m: dict) -> dict:
    return events(resolve(m), "first_player")[0]


def test_logos_2_1_more_jinrai_goes_first_and_hidden_ones_do_not_count() -> None:
    m = make(blue={"b": char("乙", "blue", keywords=["jinrai"])},
             red={"r": char("甲", "red", keywords=["jinrai"])},
             red_bench={"s": char("秘", "red", keywords=["jinrai"], secret=True),
                        "t": char("明", "red", keywords=["jinrai"], secret=True, revealed=True)})
    e = first_event(m)
    assert e["jinrai"] == {"red": ["r", "t"], "blue": ["b"]} and e["jinrai_hidden"] == {"red": ["s"], "blue": []}
    assert (e["method"], e["first"]) == ("jinrai", "red")


def test_logos_2_1_a_secret_starter_is_counted_as_hidden_at_matching_time() -> None:
    m = make({"r": char("甲", "red", keywords=["jinrai"], secret=True)}, options={"jinrai_scope": "starters"},
             blue={"b": char("乙", "blue", rea=9)})
    e = first_event(m)
    assert e["jinrai"]["red"] == [] and e["jinrai_hidden"]["red"] == ["r"]
    assert e["method"] == "reaction"


def test_logos_2_1_scope_starters_counts_only_the_submitted() -> None:
    m = make(red_bench={"j": char("控迅", "red", keywords=["jinrai"])})
    assert first_event(m)["first"] == "red"
    m["options"] = {"jinrai_scope": "starters"}
    assert first_event(m)["method"] != "jinrai"


def test_logos_2_2_higher_reaction_sum_of_non_secrets_goes_first() -> None:
    # red starters 5×5=25 plus a revealed secret 30: never counted; blue 4×5+9=29
    m = make(blue={"b": char("乙", "blue", rea=9)},
             red_bench={"t": char("明", "red", rea=30, secret=True, revealed=True)})
    e = first_event(m)
    assert e["reaction_sum"] == {"red": 25, "blue": 29} and e["secret_excluded"]["red"] == ["t"]
    assert (e["method"], e["first"]) == ("reaction", "blue")


def test_logos_2_2_scope_starters_leaves_the_bench_out() -> None:
    m = make(blue_bench={"x": char("控", "blue", rea=9)}, options={"reaction_sum_scope": "starters"})
    e = first_event(m)
    assert e["reaction_sum"] == {"red": 25, "blue": 25} and e["method"] == "coin"


@pytest.mark.parametrize("face, first", [(1, "red"), (2, "blue")])
def test_logos_2_3_equal_sums_toss_a_coin(face: int, first: str) -> None:
    log = resolve(make(dice={"faces": [face], "then": "seeded"}))
    roll = events(log, "roll")[0]
    assert (roll["purpose"], roll["sides"], roll["decides"], roll["source"]) == ("coin", 2, "first_player", "recorded")
    e = events(log, "first_player")[0]
    assert (e["method"], e["coin"], e["first"]) == ("coin", face, first)
    assert f"出目{face}（1=赤組／2=青組）" in report(log)


def test_logos_2_4_an_announced_first_stands() -> None:
    m = make({"r": char("甲", "red", keywords=["jinrai"])}, first="blue")
    log = resolve(m)
    e = events(log, "first_player")[0]
    assert (e["first"], e["method"], e["rule_first"]) == ("blue", "announced", "red")
    assert not events(log, "roll", purpose="coin")
    text = report(log)
    assert "→ GK発表のとおり 青組 が先攻" in text and "※規定の判定では 赤組 が先攻" in text


def test_logos_2_4_announced_side_must_exist() -> None:
    assert any("'green' is not a side" in p for p in problems_of(make(first="green")))


def test_logos_2_5_equal_reaction_goes_to_first_players_character() -> None:
    m = make({"r": char("甲", "red", rea=5)}, {"b": char("乙", "blue", rea=5, keywords=["jinrai"])})
    log = resolve(m)
    assert events(log, "first_player")[0]["first"] == "blue"
    ini = events(log, "initiative")[0]
    assert ini["order"] == ["b", "r"] and ini["tie"] is True
    assert "同値のため先攻 青組 の 乙 が先手" in report(log)


def test_logos_2_6_secret_starters_leave_hidden_state_at_the_line_up() -> None:
    m = make({"r": char("甲", "red", secret=True)}, red_bench={"s": char("秘", "red", secret=True)})
    log = resolve(m)
    assert [e["character"] for e in events(log, "reveal")] == ["r"]
    chars = log["state"]["characters"]
    assert chars["r"]["revealed"] is True and "hidden" not in chars["r"]["states"]
    assert chars["s"]["revealed"] is False and "hidden" in chars["s"]["states"]


def test_logos_1_6_schema_and_model_share_one_vocabulary() -> None:
    """The editor schema and the engine accept the same words (timings, triggers, targets, ops, colours)."""
    from dhproc.rulesets.logos import model
    from dhproc.inputs.validation import schema

    defs = schema("logos.setup")["$defs"]
    assert tuple(defs["skill"]["properties"]["timing"]["enum"]) == model.TIMINGS
    assert tuple(defs["trigger"]["properties"]["event"]["enum"]) == model.TRIGGER_EVENTS
    assert tuple(defs["trigger"]["properties"]["who"]["enum"]) == model.TRIGGER_WHO
    assert tuple(defs["target"]["enum"]) == model.TARGETS
    assert tuple(defs["effect"]["properties"]["with"]["enum"]) == model.SINGLE_TARGETS
    assert tuple(defs["effect"]["properties"]["op"]["enum"]) == model.OPS
    assert tuple(defs["color"]["enum"]) == model.COLORS
    assert tuple(defs["condition"]["properties"]["of"]["enum"]) == tuple(model.VOCABULARY.subjects)
    assert tuple(defs["character"]["properties"]["keywords"]["items"]["enum"]) == tuple(model.KEYWORDS)
