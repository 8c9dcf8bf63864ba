"""Special ranges (DH-9.5 隣接nのnマス目, DH-9.6 隣接n 一方向) and what reads a range besides a use:
a waiting counter (DH-8.6, DH-11.17) and a field (DH-8.9, DH-8.19)."""

from __future__ import annotations

import pytest

from dhproc.errors import InputError
from dhproc.rulesets.dh.abilities import Range
from dhproc.rulesets.dh.model import Board, Square
from dhproc.rulesets.dh.ranges import squares_in_range

from .helpers import events
from .test_dh_abilities import STRIKE, ability_match, labels, turn

BOARD = Board(5, 5, frozenset({Square(2, 3)}))  # a wall on Ｃ４; the user stands on Ｃ３
ENEMY = {"side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5}


@pytest.mark.parametrize("size, options, expected", [
    (2, {}, ["Ａ３", "Ｃ１", "Ｅ３"]),                  # the wall on Ｃ４ leaves the right line without a square
    (2, {"wall_piercing": True}, ["Ａ３", "Ｃ１", "Ｃ５", "Ｅ３"]),
    (1, {}, ["Ｂ３", "Ｃ２", "Ｄ３"]),                  # Ｃ４ itself is a wall
    (3, {}, []),                                      # every line ends (edge or wall) before its third square
    (0, {}, ["Ｃ３"]),
])
def test_dh_9_5_only_the_nth_square_of_each_line(size: int, options: dict, expected: list[str]) -> None:
    assert labels(squares_in_range(BOARD, Square(2, 2), Range("adjacent_nth", size), **options)) == expected


def test_dh_9_5_a_target_nearer_than_the_nth_square_is_out_of_range() -> None:
    tip = dict(STRIKE, range={"shape": "adjacent_nth", "size": 2}, riders=["no_rest"])
    chars = {"y": dict(ENEMY, name="敵二", at="Ｂ２")}
    # u on Ｂ１: the second square to the right is Ｂ３ (x); y on Ｂ２ is only one square away
    log = ability_match(tip, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1]),
                              turn(2, [{"who": "u", "ability": {"targets": ["y"]}}])], user_at="Ｂ１", chars=chars)
    assert events(log, "damage")[0]["target"] == "x"
    cancel = events(log, "cancel")[-1]
    assert (cancel["reason"], cancel["cause"]) == ("invalid_target", "out_of_range")


@pytest.mark.parametrize("direction, given, expected", [
    ("up", None, ["Ａ３", "Ｂ３", "Ｃ３"]),
    ("right", None, ["Ｃ３"]),                         # the wall on Ｃ４ at once
    ("left", "up", ["Ｃ１", "Ｃ２", "Ｃ３"]),            # fixed in the design: the submission's word is not read
    ("chosen", "down", ["Ｃ３", "Ｄ３", "Ｅ３"]),
    ("chosen", None, ["Ｃ３"]),                         # chosen but not named: the user's square only
])
def test_dh_9_6_one_line_fixed_or_chosen(direction: str, given: str | None, expected: list[str]) -> None:
    got = squares_in_range(BOARD, Square(2, 2), Range("line", 2, direction), direction=given)
    assert labels(got) == expected


LINE = dict(STRIKE, range={"shape": "line", "size": 2}, riders=["no_rest"])


def test_dh_9_6_the_submission_chooses_the_direction() -> None:
    chars = {"y": dict(ENEMY, name="敵二", at="Ａ２")}
    # u on Ｂ２; x on Ｂ３ (right), y on Ａ２ (up)
    log = ability_match(LINE, [
        turn(1, [{"who": "u", "ability": {"targets": ["x"], "direction": "right"}}], dice=[1, 1]),
        turn(2, [{"who": "u", "ability": {"targets": ["y"], "direction": "right"}}]),
        turn(3, [{"who": "u", "ability": {"targets": ["y"]}}]),
        turn(4, [{"誰": "u", "能力": {"対象": ["y"], "方向": "上"}}], dice=[1, 1]),
    ], chars=chars)
    assert [d["target"] for d in events(log, "damage")] == ["x", "y"]
    assert [c["reason"] for c in events(log, "cancel")] == ["invalid_target", "no_line_direction"]


def test_dh_9_6_a_fixed_line_ignores_the_submissions_direction() -> None:
    fixed = dict(LINE, range={"shape": "line", "size": 2, "direction": "left"})
    chars = {"y": dict(ENEMY, name="敵二", at="Ｂ１")}
    log = ability_match(fixed, [turn(1, [{"who": "u", "ability": {"targets": ["x"], "direction": "right"}}]),
                                turn(2, [{"who": "u", "ability": {"targets": ["y"]}}], dice=[1, 1])], chars=chars)
    assert events(log, "cancel")[0]["reason"] == "invalid_target"
    assert events(log, "damage")[0]["target"] == "y"


def test_dh_9_6_direction_on_another_shape_is_an_input_error() -> None:
    with pytest.raises(InputError) as err:
        ability_match(dict(STRIKE, range={"shape": "adjacent", "size": 1, "direction": "up"}), [])
    assert all(p.line is not None for p in err.value.problems)


GUARD = {"name": "見張り", "style": "counter", "duration": 2, "targets": {"side": "enemy"},
         "counter": {"when": "enemy_enters_range"}, "effects": [{"kind": "damage", "amount": 1}]}


def test_dh_9_6_a_waiting_counter_keeps_the_direction_it_was_set_with() -> None:
    guard = dict(GUARD, range={"shape": "line", "size": 2})
    chars = {"x": dict(ENEMY, name="敵", at="Ａ４"), "y": dict(ENEMY, name="敵二", at="Ｃ４")}
    # u on Ｂ１ waits along the row to the right (Ｂ２, Ｂ３); x walks into Ａ２ (above the line), y into Ｂ３
    turns = [turn(1, [{"who": "u", "ability": {"direction": "right"}}],
                  [{"who": "x", "to": "Ａ２"}, {"who": "y", "path": ["Ｃ３", "Ｂ３"]}], dice=[1, 1])]
    log = ability_match(guard, turns, user_at="Ｂ１", chars=chars)
    assert [(f["by"], f["target"]) for f in events(log, "counter_fire")] == [("y", "y")]
    assert log["state"]["effects"][0]["direction"] == "right"


def test_dh_9_6_a_field_and_a_moving_field_keep_their_line() -> None:
    field = {"type": "field", "activation": 90, "duration": 3, "riders": ["moving_field", "no_rest"],
             "range": {"shape": "line", "size": 1}, "targets": {"side": "enemy"},
             "effects": [{"kind": "stat_change", "stat": "attack", "amount": -2}]}
    # u on Ｂ１ lays its field to the right (Ｂ１, Ｂ２: x), then walks to Ｃ１: the field is Ｃ１, Ｃ２
    turns = [turn(1, [{"who": "u", "ability": {"direction": "right"}}], dice=[1, 1]),
             turn(2, [{"who": "u", "to": "Ｃ１"}])]
    log = ability_match(field, turns, user_at="Ｂ１", chars={"x": dict(ENEMY, name="敵", at="Ｂ２")})
    assert events(log, "field_set")[0]["squares"] == ["Ｂ１", "Ｂ２"]
    assert events(log, "field_moved")[0]["squares"] == ["Ｃ１", "Ｃ２"]


def test_dh_9_6_a_passive_names_its_direction_in_start() -> None:
    passive = dict(LINE, style="passive", start={"targets": ["x"], "direction": "right"})
    log = ability_match(passive, [turn(1, [], dice=[1, 1])])
    assert events(log, "damage")[0]["target"] == "x"
    silent = ability_match(dict(passive, start={"targets": ["x"]}), [turn(1, [])])
    assert events(silent, "cancel")[0]["reason"] == "no_line_direction"


def test_dh_11_17_a_barricade_stops_a_waiting_counters_range_by_option() -> None:
    guard = dict(GUARD, range={"shape": "adjacent", "size": 3})
    build = {"name": "築城", "activation": 90, "duration": 2, "riders": ["no_rest"], "targets": {"side": "self"},
             "effects": [{"kind": "barricade_build"}]}
    chars = {"b": dict(ENEMY, name="大工", side="red", at="Ａ２", ability=build),
             "x": dict(ENEMY, name="敵", at="Ａ４")}
    # u on Ｂ１ waits along row Ｂ; b puts a barricade on Ｂ２; y steps from Ｃ４ onto Ｂ４, beyond it
    turns = [turn(1, [{"who": "u", "ability": {}}, {"who": "b", "ability": {"at": "Ｂ２"}}],
                  [{"who": "y", "to": "Ｂ４"}], dice=[1, 1, 1, 1])]
    log = ability_match(guard, turns, user_at="Ｂ１", chars=chars)
    assert events(log, "counter_fire")[0]["by"] == "y"
    turns[0]["dice"] = [1, 1, 1]
    blocked = ability_match(guard, turns, user_at="Ｂ１", chars=chars, options={"barricade_blocks_ranges": True})
    assert events(blocked, "barricade") and not events(blocked, "counter_fire")


def test_dh_8_19_a_moving_field_follows_a_forced_move_of_its_user_by_option() -> None:
    field = {"type": "field", "activation": 90, "duration": 2, "riders": ["moving_field", "no_rest"],
             "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
             "effects": [{"kind": "stat_change", "stat": "attack", "amount": -2}]}
    push = {"name": "突き飛ばし", "activation": 90, "range": {"shape": "adjacent", "size": 1},
            "targets": {"side": "enemy"}, "effects": [{"kind": "forced_move", "squares": 1, "direction": "down"}]}
    chars = {"x": dict(ENEMY, name="敵", at="Ａ２", ability=push)}
    # u on Ａ１ sets its field over Ａ１, Ａ２ (x) and Ｂ１; x pushes u down onto Ｂ１
    turns = [turn(1, [{"who": "u", "ability": {}}], [{"who": "x", "ability": {"targets": ["u"]}}],
                  dice=[1, 1, 1, 1])]
    log = ability_match(field, turns, user_at="Ａ１", chars=chars)
    assert events(log, "move")[0]["forced_by"] == "x"
    assert events(log, "field_moved")[0]["squares"] == ["Ａ１", "Ｂ１", "Ｂ２", "Ｃ１"]
    assert events(log, "effect_end")[0]["reason"] == "left_field"  # x on Ａ２ is outside now
    own_moves_only = ability_match(field, turns, user_at="Ａ１", chars=chars, options={"moving_field_forced": False})
    assert events(own_moves_only, "move") and not events(own_moves_only, "field_moved")
    assert not events(own_moves_only, "effect_end")


def test_dh_11_16_a_counter_waiting_inside_a_wall_reaches_nobody_outside() -> None:
    # h gives u 壁進入; u walks into the wall on Ａ２ and waits there (隣接1); x steps onto Ｂ２ below it
    enter = {"name": "壁抜けの術", "duration": 2, "range": {"shape": "adjacent", "size": 1},
             "targets": {"side": "ally"}, "effects": [{"kind": "wall_entry"}]}
    guard = dict(GUARD, range={"shape": "adjacent", "size": 1})
    chars = {"h": dict(ENEMY, name="術師", side="red", at="Ｂ１", ability=enter), "x": dict(ENEMY, name="敵", at="Ｃ２")}
    turns = [turn(1, [{"who": "h", "ability": {"targets": ["u"]}}], dice=[1, 1]),
             turn(2, [{"who": "u", "to": "Ａ２", "ability": {}}], [{"who": "x", "to": "Ｂ２"}], dice=[1])]
    log = ability_match(guard, turns, user_at="Ａ１", walls=["Ａ２"], chars=chars)
    assert events(log, "counter_armed") and events(log, "move")[-1]["to"] == "Ｂ２"
    assert not events(log, "counter_fire")
    turns[1]["dice"] = [1, 1]
    piercing = ability_match(dict(guard, riders=["wall_piercing"]), turns, user_at="Ａ１", walls=["Ａ２"], chars=chars)
    assert events(piercing, "counter_fire")[0]["by"] == "x"
