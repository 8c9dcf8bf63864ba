"""特殊能力 clauses (DH-8 .. DH-11) proven directly; the larger cases are scenarios in
tests/scenarios/dh/. Each test builds a small match as YAML, with the dice written out."""

from __future__ import annotations

import json

import pytest

from dhproc import api
from dhproc.errors import InputError, ResolutionError
from dhproc.rulesets.dh.abilities import Range
from dhproc.rulesets.dh.model import Board, Square, parse_square
from dhproc.rulesets.dh.ranges import squares_in_range

from .helpers import events

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages


def ability_match(ability: dict, turns: list[dict], *, chars: dict | None = None, options: dict | None = None,
                  user_at: str = "Ｂ２", rows: int = 3, cols: int = 4, walls: list[str] | None = None,
                  user: dict | None = None, setup_extra: dict | None = None) -> dict:
    """One ability user `u` (red, first) and enemies `x` on Ｂ３ and `y` on Ｃ４ unless given. The dice
    these tests record include one for every 判定, 100% ones too (roll_at_100, DH-7.2)."""
    characters = {"u": {"name": "使い手", "side": "red", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                        "at": user_at, "ability": {"name": "能力", **ability}, **(user or {})},
                  "x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                        "at": "Ｂ３"},
                  "y": {"name": "敵二", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                        "at": "Ｃ４"}}
    characters.update(chars or {})
    match = {"dhproc": 1, "ruleset": "dh", "seed": 1, "options": {"roll_at_100": True, **(options or {})},
             "setup": {"map": {"rows": rows, "cols": cols, "walls": walls or []}, "first": "red",
                       "sides": {"red": {"name": "赤組"}, "blue": {"name": "青組"}}, "characters": characters,
                       **(setup_extra or {})},
             "turns": turns}
    return api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))


def turn(n: int, red: list, blue: list | None = None, dice: list | None = None) -> dict:
    t = {"turn": n, "submissions": {"red": red, "blue": blue or []}}
    if dice is not None:
        t["dice"] = dice
    return t


def kinds(log: dict) -> list[str]:
    return [e["kind"] for e in events(log)]


STRIKE = {"activation": 90, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
          "effects": [{"kind": "damage", "amount": 2}]}


# DH-8 ----------------------------------------------------------------------------------------

def test_dh_8_1_missing_or_invalid_target_cancels_before_any_roll() -> None:
    log = ability_match(STRIKE, [
        turn(1, [{"who": "u", "ability": {}}]),                  # no target named
        turn(2, [{"who": "u", "ability": {"targets": ["y"]}}]),  # 敵二 on Ｃ４ is out of 隣接1
        turn(3, [{"who": "u", "ability": {"targets": ["u"]}}]),  # itself: not an enemy
    ])
    reasons = [e["reason"] for e in events(log, "cancel")]
    assert reasons == ["no_target", "invalid_target", "invalid_target"]
    assert "roll" not in kinds(log) and "cost" not in kinds(log) and "rest" not in kinds(log)


def test_dh_8_1_empty_fire_fires_without_a_target_and_pays() -> None:
    ab = dict(STRIKE, effects=[{"kind": "damage", "amount": 2, "empty_fire": True}],
              costs=[{"kind": "stat", "stat": "spirit", "amount": 1}])
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {}}], dice=[5, 5])])
    assert [e["check"] for e in events(log, "check")] == ["activation_check", "success_check"]
    assert not events(log, "damage")
    assert events(log, "cost")[0]["paid"] == 1 and events(log, "rest")


def test_dh_8_1_unmet_restriction_cancels() -> None:
    ab = dict(STRIKE, restrictions=[{"kind": "once_per_game"}])
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[5, 5]),
                             turn(2, []),
                             turn(3, [{"who": "u", "ability": {"targets": ["x"]}}])])
    assert [e["reason"] for e in events(log, "cancel")] == ["used_up"]
    ab = dict(STRIKE, restrictions=[{"kind": "turns", "turns": [2]}])
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}])])
    assert [e["reason"] for e in events(log, "cancel")] == ["not_this_turn"]


COUNTER = {"style": "counter", "activation": 90, "duration": 2, "targets": {"side": "enemy"},
           "counter": {"when": "attacked_by_enemy"}, "effects": [{"kind": "damage", "amount": 1}]}


def two_guards() -> dict:
    """Two blue counters waiting for an enemy to end its action on their own square (Ｃ２)."""
    guard = {"style": "counter", "activation": 90, "duration": 2, "range": {"shape": "same_square"},
             "targets": {"side": "enemy"}, "counter": {"when": "enemy_ends_action_in_range"},
             "effects": [{"kind": "damage", "amount": 1}]}
    return {"g1": {"name": "甲", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                   "at": "Ｃ２", "ability": {"name": "甲の構え", **guard}},
            "g2": {"name": "乙", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                   "at": "Ｃ３", "ability": {"name": "乙の構え", **guard}}}


def test_dh_8_7_simultaneous_counters_fire_in_setup_order() -> None:
    # Two blue guards on Ｃ２ both wait for "an enemy ends its action in range" (their own square);
    # 使い手 ends its action there. g1 is written first in the setup, so it fires first.
    chars = two_guards()
    t1 = turn(1, [], [{"who": "g1", "ability": {}}, {"who": "g2", "to": "Ｃ２", "ability": {}}], dice=[1, 1])
    t2 = turn(2, [{"who": "u", "to": "Ｃ２"}], [], dice=[1, 1])
    log = ability_match({"activation": 50, "effects": [{"kind": "dp_gain", "amount": 1}]}, [t1, t2], chars=chars)
    assert [e["actor"] for e in events(log, "counter_fire")] == ["g1", "g2"]
    assert [e["target"] for e in events(log, "damage")] == ["u", "u"]


def test_dh_8_7_an_action_end_is_settled_only_while_a_counter_waits_for_one() -> None:
    # ability_rules.waits_for: a 行動's end is made a trigger and settled only while some waiting
    # counter answers an action's end; before the guards arm none does, once they wait both do.
    from dhproc.engine.context import TurnContext
    from dhproc.rulesets.dh import RULESET, ability_rules, rules

    t1 = turn(1, [], [{"who": "g1", "ability": {}}, {"who": "g2", "to": "Ｃ２", "ability": {}}], dice=[1, 1])
    data = {"dhproc": 1, "ruleset": "dh", "seed": 1, "options": {"roll_at_100": True},
            "setup": {"map": {"rows": 3, "cols": 4, "walls": []}, "first": "red",
                      "sides": {"red": {"name": "赤組"}, "blue": {"name": "青組"}},
                      "characters": {"u": {"name": "使い手", "side": "red", "attack": 5, "defense": 5, "hp": 5,
                                           "spirit": 3, "fs": 5, "at": "Ｂ２"}, **two_guards()}},
            "turns": [t1]}
    match = api.loads(json.dumps(data, ensure_ascii=False), name="m.yaml")
    state = RULESET.initial_state(match)
    assert not ability_rules.waits_for(state, "action_end")
    ctx = TurnContext(seed=1, turn=1, options=match.options, recorded=match.turns[0].dice)
    rules.resolve_turn(state, match.turns[0], ctx)
    assert [e["actor"] for e in ctx.events if e["kind"] == "counter_armed"] == ["g1", "g2"]
    assert ability_rules.waits_for(state, "action_end")
    assert not ability_rules.waits_for(state, "entered")  # nor does any counter wait for a square entered


def test_dh_8_7_counter_silence_triggers_nothing() -> None:
    guarded = {"x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                     "at": "Ｂ３", "ability": {"name": "守り", "style": "counter", "activation": 90, "duration": 2,
                                               "targets": {"side": "enemy"},
                                               "counter": {"when": "targeted_by_enemy_ability"},
                                               "effects": [{"kind": "damage", "amount": 1}]}}}
    arm = turn(1, [], [{"who": "x", "ability": {}}], dice=[1])
    loud = ability_match(STRIKE, [arm, turn(2, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1, 1])],
                         chars=guarded)
    assert len(events(loud, "counter_fire")) == 1
    quiet = ability_match(dict(STRIKE, riders=["counter_silence"]),
                          [arm, turn(2, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])], chars=guarded)
    assert not events(quiet, "counter_fire")


def test_dh_8_7_a_chain_longer_than_the_limit_is_an_error() -> None:
    # The two guards of the test above fire on one trigger: more than a limit of 1.
    chars = two_guards()
    turns = [turn(1, [], [{"who": "g1", "ability": {}}, {"who": "g2", "to": "Ｃ２", "ability": {}}], dice=[1, 1]),
             turn(2, [{"who": "u", "to": "Ｃ２"}], [], dice=[1, 1])]
    plain = {"activation": 50, "effects": [{"kind": "dp_gain", "amount": 1}]}
    with pytest.raises(ResolutionError, match="counters kept triggering each other"):
        ability_match(plain, turns, chars=chars, options={"trigger_limit": 1})
    assert len(events(ability_match(plain, turns, chars=chars, options={"trigger_limit": 2}), "counter_fire")) == 2


def test_dh_8_10_passive_at_game_start_pays_but_does_not_rest() -> None:
    ab = {"style": "passive", "activation": 80, "duration": 2, "targets": {"side": "self"},
          "effects": [{"kind": "stat_change", "stat": "attack", "amount": 3}],
          "costs": [{"kind": "stat", "stat": "spirit", "amount": 1}]}
    log = ability_match(ab, [turn(1, [{"who": "u", "to": "Ａ２"}], dice=[10, 10])])
    assert kinds(log)[:3] == ["game_start", "ability", "roll"]
    start = events(log, "roll")[0]
    assert start["step"] == "start"
    buff = events(log, "effect_start")[0]
    # active at once; counted from red's first phase (1): 2 turns end just before red's phase of turn 3
    assert (buff["after"], buff["start"], buff["end"]) == (8, 0, 5)
    assert events(log, "cost")[0]["after"] == 2
    assert not events(log, "rest") and events(log, "move")  # it still acts in turn 1
    rested = ability_match(ab, [turn(1, [{"who": "u", "to": "Ａ２"}], dice=[10, 10])],
                           options={"passive_rest": True, "passive_costs": False})
    assert events(rested, "rest") and not events(rested, "cost")
    assert events(rested, "cancel")[0]["reason"] == "resting"


def test_dh_8_13_first_player_penalty_for_abilities() -> None:
    mental = dict(STRIKE, restrictions=[{"kind": "mental_attack"}])
    blocked = ability_match(STRIKE, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}])],
                            options={"first_player_penalty": True})
    assert events(blocked, "cancel")[0]["reason"] == "first_player_penalty"
    allowed = ability_match(mental, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])],
                            options={"first_player_penalty": True})
    assert not events(allowed, "cancel") and events(allowed, "check")


# DH-9 ----------------------------------------------------------------------------------------

BOARD = Board(5, 5, frozenset({Square(2, 3)}))  # a wall on Ｃ４


def labels(squares: list[Square]) -> list[str]:
    return [s.label for s in squares]


@pytest.mark.parametrize("shape, size, options, expected", [
    ("same_square", 0, {}, ["Ｃ３"]),
    ("adjacent", 2, {}, ["Ａ３", "Ｂ３", "Ｃ１", "Ｃ２", "Ｃ３", "Ｄ３", "Ｅ３"]),  # the wall on Ｃ４ stops the line
    ("adjacent", 2, {"wall_piercing": True}, ["Ａ３", "Ｂ３", "Ｃ１", "Ｃ２", "Ｃ３", "Ｃ４", "Ｃ５", "Ｄ３", "Ｅ３"]),
    ("diagonal", 1, {}, ["Ｂ２", "Ｂ４", "Ｃ３", "Ｄ２", "Ｄ４"]),
    ("radius", 2, {}, ["Ａ３", "Ｂ２", "Ｂ３", "Ｂ４", "Ｃ１", "Ｃ２", "Ｃ３", "Ｄ２", "Ｄ３", "Ｄ４", "Ｅ３"]),
    ("radius", 2, {"radius_walls": "ignore"},
     ["Ａ３", "Ｂ２", "Ｂ３", "Ｂ４", "Ｃ１", "Ｃ２", "Ｃ３", "Ｃ５", "Ｄ２", "Ｄ３", "Ｄ４", "Ｅ３"]),
    ("around", 1, {}, ["Ｂ２", "Ｂ３", "Ｂ４", "Ｃ２", "Ｃ３", "Ｄ２", "Ｄ３", "Ｄ４"]),
    ("map", 0, {}, None),
])
def test_dh_9_1_range_shapes(shape: str, size: int, options: dict, expected: list[str] | None) -> None:
    got = labels(squares_in_range(BOARD, Square(2, 2), Range(shape, size), **options))
    if expected is None:
        assert len(got) == 24 and "Ｃ４" not in got
    else:
        assert got == expected


def test_dh_9_1_radius_goes_around_walls() -> None:
    # From Ｃ３ with a wall on Ｃ４, Ｃ５ is 2 steps straight through the wall but 4 around it.
    assert "Ｃ５" not in labels(squares_in_range(BOARD, Square(2, 2), Range("radius", 3)))
    assert "Ｃ５" in labels(squares_in_range(BOARD, Square(2, 2), Range("radius", 4)))


def test_dh_9_1_around_reaches_through_gaps_only() -> None:
    walled = Board(3, 3, frozenset({Square(0, 1), Square(1, 1), Square(2, 1)}))  # a full wall column
    assert labels(squares_in_range(walled, Square(1, 0), Range("around", 2))) == ["Ａ１", "Ｂ１", "Ｃ１"]
    assert len(squares_in_range(walled, Square(1, 0), Range("around", 2), around_walls="ignore")) == 6


# DH-10 ---------------------------------------------------------------------------------------

def test_dh_10_1_rest_rule_no_ability_allows_moving_and_attacking() -> None:
    turns = [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1]),
             turn(2, [{"who": "u", "to": "Ｂ３", "ability": {"targets": ["x"]}}]),
             turn(3, [{"who": "u", "attack": "x"}], dice=[1])]
    log = ability_match(STRIKE, turns, options={"rest_rule": "no_ability"})
    assert [(e["scope"], e["reason"]) for e in events(log, "cancel")] == [("ability", "resting")]
    assert events(log, "move")[0]["to"] == "Ｂ３"


def test_dh_10_1_incapacitated_cannot_act() -> None:
    ab = {"activation": 90, "duration": 1, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
          "effects": [{"kind": "incapacitate"}]}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], [{"who": "x", "to": "Ａ３"}],
                                  dice=[1, 1]),
                             turn(2, [], [{"who": "x", "to": "Ａ３"}])])
    assert [e["reason"] for e in events(log, "cancel")] == ["incapacitated"]
    assert events(log, "move")[0]["actor"] == "x"  # turn 2: the effect ended before red's phase


def test_dh_10_2_delayed_effect_starts_after_the_rest() -> None:
    ab = {"activation": 90, "duration": 1, "targets": {"side": "self"}, "riders": ["delayed"],
          "effects": [{"kind": "stat_change", "stat": "attack", "amount": 4}]}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {}}], dice=[1, 1]), turn(2, []), turn(3, [])])
    start = events(log, "effect_start")[0]
    assert (start["start"], start["end"]) == (5, 7)  # turn 3's red phase, until turn 4's
    assert log["state"]["effects"][0]["kind"] == "stat_change"


def test_dh_10_2_normal_attack_uses_current_stats() -> None:
    ab = {"activation": 90, "duration": 1, "targets": {"side": "self"},
          "effects": [{"kind": "stat_change", "stat": "attack", "amount": 4}]}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {}}], [{"who": "x", "to": "Ｂ２", "attack": "u"}],
                                  dice=[1, 1, 99])], )
    # x attacks u with 攻撃力 5 against 防御力 5; u's own attack is 9 now (shown in the state table)
    assert events(log, "attack")[0]["hit_rate"] == 50
    assert events(log, "effect_start")[0]["after"] == 9


def test_dh_10_3_phase_start_grant_repeats_then_field() -> None:
    # A 付与型 2-turn damage of 1 applies when given and again at the user side's next phase start.
    ab = {"type": "granted", "activation": 90, "duration": 2, "range": {"shape": "adjacent", "size": 1},
          "targets": {"side": "enemy"}, "effects": [{"kind": "damage", "amount": 1}]}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1]), turn(2, []),
                             turn(3, [])])
    assert [(e["target"], e["after"]) for e in events(log, "damage")] == [("x", 4), ("x", 3)]
    assert events(log, "grant_repeat")[0]["target"] == "x"


def test_dh_10_4_death_ends_what_the_dead_sustained() -> None:
    # 使い手's field ends when it dies; with 死亡非解除 it stays.
    field = {"type": "field", "activation": 90, "duration": 3, "range": {"shape": "adjacent", "size": 1},
             "targets": {"side": "enemy", "count": "multi"},
             "effects": [{"kind": "stat_change", "stat": "defense", "amount": -1}]}
    killer = {"k": {"name": "刺客", "side": "blue", "attack": 20, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                    "at": "Ｃ２"}}
    # dice: 発動, 成功, the field's roll for 刺客 entering it, then 刺客's 命中判定
    turns = [turn(1, [{"who": "u", "ability": {}}], [{"who": "k", "to": "Ｂ２", "attack": "u"}], dice=[1, 1, 1, 1])]
    log = ability_match(field, turns, chars=killer)
    ends = [(e["type"], e["reason"]) for e in events(log, "effect_end")]
    assert ("field", "death") in ends and ("stat_change", "death") in ends
    kept = ability_match(dict(field, riders=["survives_death"]), turns, chars=killer)
    assert not [e for e in events(kept, "effect_end") if e["type"] == "field"]


# DH-11 ---------------------------------------------------------------------------------------

def test_dh_11_1_damage_half_and_own_stat_and_other_stats() -> None:
    ab = dict(STRIKE, effects=[{"kind": "damage", "amount": "half"},
                               {"kind": "damage", "stat": "attack", "amount": {"own": "fs"}}])
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1, 1, 1])],
                        user={"fs": 3})
    assert events(log, "damage")[0] == {**events(log, "damage")[0], "amount": 3, "before": 5, "after": 2}
    stat = events(log, "stat")[0]
    assert (stat["stat"], stat["before"], stat["after"]) == ("attack", 5, 2)


def test_dh_11_2_heal_up_to_the_initial_value() -> None:
    ab = {"activation": 90, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "ally"},
          "effects": [{"kind": "heal", "amount": 3}]}
    hurt = {"z": {"name": "負傷者", "side": "red", "attack": 5, "defense": 5, "hp": 4, "spirit": 3, "fs": 5,
                  "at": "Ｂ１"}}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["z"]}}], dice=[1, 1])], chars=hurt)
    assert log["state"]["characters"]["z"]["hp"] == 4  # already at its initial 4
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["z"]}}], dice=[1, 1])], chars=hurt,
                        options={"heal_cap": "none"})
    assert log["state"]["characters"]["z"]["hp"] == 7


def test_dh_11_3_instant_death_and_dying() -> None:
    log = ability_match(dict(STRIKE, effects=[{"kind": "instant_death"}]),
                        [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])])
    assert events(log, "death")[0]["character"] == "x" and events(log, "dp")[0]["amount"] == 1
    log = ability_match(dict(STRIKE, effects=[{"kind": "dying"}]),
                        [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])])
    assert log["state"]["characters"]["x"]["hp"] == 1 and "dying" in log["state"]["characters"]["x"]["states"]


def test_dh_11_4_barrier_blocks_unless_piercing() -> None:
    shielded = {"x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                      "at": "Ｂ３", "ability": {"name": "結界", "style": "passive", "activation": 100,
                                                "duration": 3, "targets": {"side": "self"},
                                                "effects": [{"kind": "barrier"}]}}}
    turns = [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1, 1, 1])]
    log = ability_match(STRIKE, turns, chars=shielded)
    assert events(log, "blocked")[0]["target"] == "x" and not events(log, "damage")
    log = ability_match(dict(STRIKE, riders=["barrier_piercing"]), turns, chars=shielded)
    assert events(log, "damage")[0]["target"] == "x"


def test_dh_11_4_movement_change_and_zoc_ignore() -> None:
    # 3 turns from phase 1: active in turns 1–3 (until just before red's phase of turn 4).
    ab = {"activation": 90, "duration": 3, "targets": {"side": "self"},
          "effects": [{"kind": "movement_change", "amount": 1}, {"kind": "zoc_ignore"}]}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {}}], dice=[1, 1, 1, 1]),
                             turn(2, [{"who": "u", "to": "Ｂ４"}]),      # 2 squares straight through 敵 on Ｂ３
                             turn(3, [{"who": "u", "to": "Ａ２"}])],     # 3 squares: 移動力 2 + 1
                        options={"rest_rule": "no_ability"})
    assert [(m["from"], m["to"], m["steps"]) for m in events(log, "move")] == [("Ｂ２", "Ｂ４", 2), ("Ｂ４", "Ａ２", 3)]
    plain = ability_match({"activation": 90, "effects": [{"kind": "dp_gain"}]},
                          [turn(1, [{"who": "u", "to": "Ｂ４"}])])
    assert events(plain, "cancel")[0]["reason"] == "zoc"


def test_dh_11_6_dp_gain() -> None:
    log = ability_match({"activation": 90, "targets": {"side": "self"}, "effects": [{"kind": "dp_gain", "amount": 2}]},
                        [turn(1, [{"who": "u", "ability": {}}], dice=[1, 1])])
    assert log["state"]["sides"]["red"]["dp"] == 2


def test_dh_11_7_rest_release_and_effect_removal() -> None:
    release = {"activation": 90, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "ally"},
               "effects": [{"kind": "rest_release"}]}
    striker = {"s": {"name": "打者", "side": "red", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                     "at": "Ｂ１", "ability": {"name": "一撃", **STRIKE}}}
    log = ability_match(release, [
        turn(1, [{"who": "s", "to": "Ｂ２", "ability": {"targets": ["x"]}}], dice=[1, 1]),   # 打者 rests now
        turn(2, [{"who": "u", "ability": {"targets": ["s"]}}, {"who": "s", "to": "Ｂ３", "attack": "x"}],
             dice=[1, 1, 1]),
    ], chars=striker)
    assert [e["reason"] for e in events(log, "effect_end") if e["type"] == "ability_rest"] == ["released"]
    assert events(log, "attack")[0]["actor"] == "s"
    own = ability_match(dict(release, targets={"side": "self"}), [turn(1, [{"who": "u", "ability": {}}], dice=[1, 1])])
    assert events(own, "cancel")[0]["reason"] == "own_rest"
    remove = {"activation": 90, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
              "effects": [{"kind": "effect_removal"}]}
    buffed = {"x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                    "at": "Ｂ３", "ability": {"name": "鼓舞", "style": "passive", "activation": 100, "duration": 3,
                                              "targets": {"side": "self"},
                                              "effects": [{"kind": "stat_change", "stat": "defense", "amount": 3}]}}}
    log = ability_match(remove, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1, 1, 1])],
                        chars=buffed)
    end = [e for e in events(log, "effect_end") if e["type"] == "stat_change"][0]
    assert (end["reason"], end["after"]) == ("removed", 5)


def test_dh_11_9_withdraw_and_return() -> None:
    ab = dict(STRIKE, duration=1, effects=[{"kind": "withdraw"}])
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], [{"who": "x", "to": "Ａ３"}],
                                  dice=[1, 1]),
                             turn(2, [], [{"who": "x", "to": "Ａ３"}])])
    assert events(log, "withdraw")[0]["character"] == "x"
    assert events(log, "cancel")[0]["reason"] == "withdrawn"  # turn 1: away
    assert events(log, "return")[0]["at"] == "Ｂ３"
    assert events(log, "move")[0]["actor"] == "x"  # turn 2: back, and acts at once
    perm = ability_match(dict(ab, effects=[{"kind": "withdraw", "permanent": True}]),
                         [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])],
                         options={"dp_on_permanent_withdrawal": True})
    assert events(perm, "dp")[0]["amount"] == 1


def test_dh_11_10_forced_move_triggers_entry_counters_not_zoc() -> None:
    ab = dict(STRIKE, effects=[{"kind": "forced_move", "squares": 2}])
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"], "at": "Ａ４"}}], dice=[1, 1])])
    move = events(log, "move")[0]
    assert (move["actor"], move["from"], move["to"], move["forced_by"]) == ("x", "Ｂ３", "Ａ４", "u")
    far = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"], "at": "Ｃ１"}}], dice=[1, 1])])
    assert events(far, "cancel")[0]["reason"] == "no_destination"


def test_dh_11_11_revive_and_the_two_phase_rule() -> None:
    ab = {"activation": 90, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "ally"},
          "effects": [{"kind": "revive", "amount": 2}]}
    fallen = {"f": {"name": "戦死者", "side": "red", "attack": 5, "defense": 5, "hp": 1, "spirit": 3, "fs": 5,
                    "at": "Ｂ１"},
              "k": {"name": "刺客", "side": "blue", "attack": 20, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                    "at": "Ｃ１"}}
    log = ability_match(ab, [turn(1, [], [{"who": "k", "to": "Ｂ１", "attack": "f"}], dice=[1]),
                             turn(2, [{"who": "u", "ability": {"targets": ["f"]}}, {"who": "f", "to": "Ａ１"}],
                                  dice=[1, 1]),
                             turn(3, [{"who": "f", "to": "Ａ１"}])], chars=fallen)
    assert events(log, "revive")[0]["hp"] == 2
    assert [e["reason"] for e in events(log, "cancel")] == ["arrived_recently"]
    assert events(log, "move")[-1]["actor"] == "f"


def test_dh_11_12_walls_built_and_broken() -> None:
    build = {"activation": 90, "targets": {"side": "self"}, "effects": [{"kind": "wall_build"}]}
    log = ability_match(build, [turn(1, [{"who": "u", "ability": {"at": "Ａ１"}}], dice=[1, 1]),
                                turn(2, [], [{"who": "x", "to": "Ａ１"}])])
    assert log["state"]["map"]["walls"] == ["Ａ１"]
    assert events(log, "cancel")[0]["reason"] in ("wall", "no_route")
    breaker = dict(build, effects=[{"kind": "wall_break"}])
    log = ability_match(breaker, [turn(1, [{"who": "u", "ability": {"at": "Ａ２"}}], dice=[1, 1])], walls=["Ａ２"])
    assert log["state"]["map"]["walls"] == []
    occupied = ability_match(build, [turn(1, [{"who": "u", "ability": {"at": "Ｂ３"}}], dice=[1, 1])])
    assert events(occupied, "cancel")[0]["reason"] == "bad_wall_square"
    assert parse_square("Ａ１") == Square(0, 0)


# DH-8.5 and DH-8.12: the other 制約 and 付属 ------------------------------------------------

def test_dh_8_5_dp_costs_and_gifts() -> None:
    # 刺客 kills 敵 first (red DP 1), so the DP cost can be met: +3 from the effect, then −1 paid and
    # 2 given to blue: red 3, blue 2.
    gain = {"kind": "dp_gain", "amount": 3}
    killer = {"k": {"name": "刺客", "side": "red", "attack": 20, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                    "at": "Ａ３"}}
    log = ability_match({"activation": 90, "targets": {"side": "self"}, "effects": [gain],
                         "costs": [{"kind": "dp", "amount": 1}, {"kind": "dp_gift", "amount": 2}]},
                        [turn(1, [{"who": "k", "to": "Ｂ３", "attack": "x"}, {"who": "u", "ability": {}}],
                              dice=[1, 1, 1])], chars=killer)
    assert [(e["cost"], e["paid"], e["total"]) for e in events(log, "cost")] == [("dp", 1, 3), ("dp_gift", 2, 2)]
    assert log["state"]["sides"]["red"]["dp"] == 3 and log["state"]["sides"]["blue"]["dp"] == 2
    poor = ability_match({"activation": 90, "targets": {"side": "self"}, "effects": [gain],
                          "costs": [{"kind": "dp", "amount": 1}]}, [turn(1, [{"who": "u", "ability": {}}])])
    assert events(poor, "cancel")[0]["reason"] == "cost_unpayable"  # no DP to spend yet


def test_dh_8_5_rest_and_withdrawal_costs() -> None:
    base = {"activation": 90, "targets": {"side": "self"}, "effects": [{"kind": "dp_gain"}]}
    log = ability_match(dict(base, costs=[{"kind": "extra_rest", "turns": 1}]),
                        [turn(1, [{"who": "u", "ability": {}}], dice=[1, 1]), turn(2, [{"who": "u", "to": "Ａ２"}]),
                         turn(3, [{"who": "u", "to": "Ａ２"}]), turn(4, [{"who": "u", "to": "Ａ２"}])])
    # turn 2: 能力休み; turn 3: 追加休み (行動不能); turn 4: free again
    assert [e["reason"] for e in events(log, "cancel")] == ["resting", "incapacitated"]
    assert events(log, "move")[0]["actor"] == "u"
    log = ability_match(dict(base, costs=[{"kind": "permanent_incapacitation"}], riders=["no_rest"]),
                        [turn(1, [{"who": "u", "ability": {}}], dice=[1, 1]), turn(2, [{"who": "u", "to": "Ａ２"}])])
    assert [e["reason"] for e in events(log, "cancel")] == ["incapacitated"] and not events(log, "rest")
    log = ability_match(dict(base, costs=[{"kind": "permanent_withdrawal"}]),
                        [turn(1, [{"who": "u", "ability": {}}], dice=[1, 1])])
    assert "withdrawn" in log["state"]["characters"]["u"]["states"] and not events(log, "dp", )[1:]


def test_dh_8_5_ally_pays_a_by_ally_cost() -> None:
    ab = {"activation": 90, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
          "effects": [{"kind": "damage", "amount": 2}], "costs": [{"kind": "stat", "stat": "hp", "amount": 2, "by_ally": True}]}
    friend = {"f": {"name": "献身者", "side": "red", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                    "at": "Ａ２"}}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"], "payer": "f"}}], dice=[1, 1])],
                        chars=friend)
    cost = events(log, "cost")[0]
    assert (cost["payer"], cost["before"], cost["after"]) == ("f", 5, 3)
    none = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}])], chars=friend)
    assert events(none, "cancel")[0]["reason"] == "no_payer"
    far = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"], "payer": "f"}}])], chars=friend,
                        user_at="Ｃ２")
    assert events(far, "cancel")[0]["reason"] in ("invalid_payer", "invalid_target")


def test_dh_8_12_retarget_names_targets_per_effect() -> None:
    ab = {"activation": 90, "range": {"shape": "map"}, "targets": {"side": "enemy"}, "riders": ["retarget"],
          "effects": [{"kind": "damage", "amount": 1}, {"kind": "damage", "amount": 2}]}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"effects": [{"targets": ["x"]}, {"targets": ["y"]}]}}],
                                  dice=[1, 1, 1, 1])])
    assert [(e["target"], e["amount"]) for e in events(log, "damage")] == [("x", 1), ("y", 2)]
    same = ability_match(dict(ab, riders=[]), [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1, 1, 1])])
    assert [e["target"] for e in events(same, "damage")] == ["x", "x"]


def test_dh_8_12_wall_piercing_and_no_rest_and_target_death() -> None:
    ab = dict(STRIKE, range={"shape": "adjacent", "size": 2})
    far = {"x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ｂ４"}}
    blocked = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}])], walls=["Ｂ３"], chars=far)
    assert events(blocked, "cancel")[0]["reason"] == "invalid_target"
    pierced = ability_match(dict(ab, riders=["wall_piercing", "no_rest"]),
                            [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])], walls=["Ｂ３"], chars=far)
    assert events(pierced, "damage") and not events(pierced, "rest")
    # 対象死亡非解除: a lasting effect on a target outlives the target's death
    curse = {"activation": 90, "duration": 3, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
             "effects": [{"kind": "stat_change", "stat": "fs", "amount": -1}]}
    killer = {"k": {"name": "刺客", "side": "red", "attack": 20, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                    "at": "Ａ３"}}
    turns = [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}, {"who": "k", "to": "Ｂ３", "attack": "x"}],
                  dice=[1, 1, 1])]
    ends = [e["reason"] for e in events(ability_match(curse, turns, chars=killer), "effect_end")]
    assert ends == ["death"]
    kept = ability_match(dict(curse, riders=["survives_target_death"]), turns, chars=killer)
    assert not events(kept, "effect_end") and kept["state"]["effects"][0]["bearer"] == "x"


def test_dh_11_13_an_ability_attack_is_an_attack_for_counters_unless_the_option_says_not() -> None:
    ab = {"activation": 90, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
          "effects": [{"kind": "normal_attack"}]}
    guard = {"x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ｂ３",
                   "ability": {"name": "反撃", **COUNTER}}}
    turns = [turn(1, [], [{"who": "x", "ability": {}}], dice=[1]),
             turn(2, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1, 1, 1])]
    log = ability_match(ab, turns, chars=guard)
    attack = events(log, "attack")[0]
    assert (attack["hit_rate"], attack["hit"], attack["ability"]) == (50, True, "能力")
    assert events(log, "damage")[0]["amount"] == 1 and events(log, "counter_fire")[0]["trigger"] == "attacked"
    quiet = ability_match(ab, turns[:1] + [turn(2, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1, 1])],
                          chars=guard, options={"ability_attack_is_attack": False})
    assert events(quiet, "attack") and not events(quiet, "counter_fire")
    sure = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])],
                         options={"hit_mode": "sure"})
    assert events(sure, "attack")[0]["face"] is None and events(sure, "damage")[0]["amount"] == 1


def test_dh_8_15_a_condition_written_wrong_is_located() -> None:
    ab = dict(STRIKE, restrictions=[{"kind": "condition", "when": {"of": "self", "attr": "luck", "at_most": 2}}],
              targets={"side": "enemy", "only": {"of": "target", "attr": "gender", "at_least": 1}})
    with pytest.raises(InputError) as info:
        ability_match(ab, [])
    messages = [p.message for p in info.value.problems]
    assert any("'self' has no 'luck'" in m for m in messages)
    assert any("'at_least' does not apply to target.gender" in m for m in messages)
    paths = [p.path for p in info.value.problems]
    assert ("setup", "characters", "u", "ability", "restrictions", 0, "when", "attr") in paths


def test_dh_9_3_only_admits_counter_and_field_targets_too() -> None:
    # A counter that strikes back only at male attackers: a female attacker is not taken.
    guard = {"name": "反撃", **COUNTER, "targets": {"side": "enemy", "only": {"of": "target", "attr": "gender",
                                                                             "equals": "male"}}}
    chars = {"x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                   "at": "Ｂ３", "ability": guard}}
    turns = [turn(1, [], [{"who": "x", "ability": {}}], dice=[1]),
             turn(2, [{"who": "u", "to": "Ｂ３", "attack": "x"}], dice=[1, 1])]
    log = ability_match({"activation": 90, "effects": [{"kind": "dp_gain"}]}, turns[:1] + [
        turn(2, [{"who": "u", "to": "Ｂ３", "attack": "x"}], dice=[1])], chars=chars, user={"gender": "female"})
    assert events(log, "counter_fire") and events(log, "cancel")[-1]["reason"] == "no_target"
    log = ability_match({"activation": 90, "effects": [{"kind": "dp_gain"}]}, turns, chars=chars,
                        user={"gender": "male"})
    assert events(log, "damage")[-1]["target"] == "u"


def test_dh_9_4_a_square_target_must_be_named_and_in_range() -> None:
    ab = {"activation": 90, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy", "count": "square"},
          "effects": [{"kind": "damage", "amount": 1}]}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {}}]), turn(2, [{"who": "u", "ability": {"at": "Ｃ４"}}]),
                             turn(3, [{"who": "u", "ability": {"at": "Ａ２"}}])])
    assert [e["reason"] for e in events(log, "cancel")] == ["no_square", "square_out_of_range", "no_target"]
    ok = ability_match(ab, [turn(1, [{"who": "u", "ability": {"at": "Ｂ３"}}], dice=[1, 1])])
    assert [e["target"] for e in events(ok, "damage")] == ["x"]


def test_dh_9_4_up_to_n_takes_one_to_n_valid_targets() -> None:
    ab = {"activation": 90, "range": {"shape": "adjacent", "size": 1},
          "targets": {"side": "enemy", "count": "up_to", "max": 3}, "effects": [{"kind": "damage", "amount": 1}]}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x", "y"]}}])])  # 敵二 out of range
    assert events(log, "cancel")[0]["reason"] == "invalid_target"
    one = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])])
    assert [e["target"] for e in events(one, "damage")] == ["x"]
