"""Movement, 接敵, 退却判定, 機会攻撃 (NICOSW-4) and leaving the map (NICOSW-9)."""

from __future__ import annotations

from .helpers import char, events, make, problems, resolve, turn


def moves(log: dict) -> list[dict]:
    return events(log, "move")


def test_nicosw_4_1_careful_one_square_normal_agility_plus_two() -> None:
    m = make({"x": char("a", 0, agility=3), "y": char("b", 11)},
             [turn(1, {"x": [{"do": "move", "mode": "careful_move", "to": 1}, {"do": "move", "mode": "normal_move", "to": 6}]})])
    assert [(e["start"], e["to"]) for e in moves(resolve(m))] == [(0, 1), (1, 6)]
    far = make({"x": char("a", 0, agility=3), "y": char("b", 11)},
               [turn(1, {"x": [{"do": "move", "mode": "careful_move", "to": 2}]})])
    [c] = events(resolve(far), "cancel")
    assert (c["reason"], c["allowance"]) == ("too_far", 1)


def test_nicosw_4_1_a_dash_moves_up_to_its_run_total() -> None:
    m = make({"x": char("a", 0, checks={"sprint": 1}), "y": char("b", 11)},
             [turn(1, {"x": [{"do": "full_move", "to": 6}]}, dice=[2, 3])])
    log = resolve(m)
    assert events(log, "full_move")[0]["allowance"] == 6 and moves(log)[0]["to"] == 6
    short = make({"x": char("a", 0, checks={"sprint": 1}), "y": char("b", 11)},
                 [turn(1, {"x": [{"do": "full_move", "to": 7}]}, dice=[2, 3])])
    assert events(resolve(short), "cancel")[0]["reason"] == "too_far"


def test_nicosw_4_2_enemies_block_allies_can_be_passed_occupied_squares_cannot_be_ended_on() -> None:
    m = make({"x": char("a", 0, agility=4), "f": char("a", 2), "y": char("b", 11)},
             [turn(1, {"x": [{"do": "move", "to": 4}]})])
    assert moves(resolve(m))[0]["to"] == 4  # passed f on 2
    onto = make({"x": char("a", 0, agility=4), "f": char("a", 2), "y": char("b", 11)},
                [turn(1, {"x": [{"do": "move", "to": 2}]})])
    assert events(resolve(onto), "cancel")[0]["reason"] == "occupied"


def test_nicosw_4_2_in_the_grid_an_enemy_square_blocks_the_walk() -> None:
    m = make({"x": char("a", [0, 0], agility=4), "y": char("b", [2, 2]), "z": char("b", [5, 0])},
             [turn(1, {"x": [{"do": "move", "to": [3, 3]}]})], options={"map_model": "grid"})
    m["setup"]["map"]["width"] = 5
    [mv] = moves(resolve(m))
    assert mv["to"] == [1, 1] and mv["stop"] == "engaged"  # (1,1) is next to y: the move ends there


def test_nicosw_4_3_entering_within_one_square_of_an_enemy_stops_and_engages() -> None:
    m = make({"x": char("a", 0, agility=6), "y": char("b", 6)},
             [turn(1, {"x": [{"do": "move", "to": 8}]})])
    [mv] = moves(resolve(m))
    assert (mv["to"], mv["stop"], mv["by"], mv["engaged_with"]) == (5, "engaged", "y", ["y"])


def test_nicosw_4_3_a_stop_on_an_ally_square_falls_back_to_the_last_free_one() -> None:
    m = make({"x": char("a", 0, agility=6), "f": char("a", 5), "y": char("b", 6)},
             [turn(1, {"x": [{"do": "move", "to": 8}]})])
    [mv] = moves(resolve(m))
    assert (mv["to"], mv["stop"], mv["by"]) == (4, "engaged", "y")  # 5 is next to y but is f's: back to 4


def test_nicosw_4_4_an_engaged_character_needs_a_retreat_check_before_moving() -> None:
    m = make({"x": char("a", 4), "y": char("b", 5)}, [turn(1, {"x": [{"do": "move", "mode": "careful_move", "to": 3}]})])
    [c] = events(resolve(m), "cancel")
    assert (c["reason"], c["engaged_with"]) == ("engaged", ["y"])


def test_nicosw_4_5_retreat_target_is_highest_engaging_level_plus_seven() -> None:
    m = make({"x": char("a", 4, checks={"retreat": 2}), "y": char("b", 5, level=3), "z": char("b", 3, level=1)},
             [turn(1, {"x": [{"do": "retreat"}, {"do": "move", "mode": "careful_move", "to": 3}]}, dice=[4, 4])])
    log = resolve(m)
    [r] = events(log, "retreat")
    assert r["target"] == 10 and r["success"] is True
    assert events(log, "cancel")[0]["reason"] == "occupied"
    opposed = make({"x": char("a", 4, checks={"retreat": 2}), "y": char("b", 5, checks={"defense_check": 1})},
                   [turn(1, {"x": [{"do": "retreat"}, {"do": "move", "mode": "careful_move", "to": 3}]}, dice=[4, 4, 6, 3])],
                   options={"retreat_target": "opposed"})
    log = resolve(opposed)
    [r] = events(log, "retreat")
    assert r["success"] is False and r["against"][0]["total"] == 10
    assert events(log, "cancel")[0]["reason"] == "engaged"


def test_nicosw_4_6_leaving_with_a_normal_move_draws_opportunity_attacks() -> None:
    m = make({"x": char("a", 4, checks={"retreat": 9}), "y": char("b", 5, checks={"attack_check": 3})},
             [turn(1, {"x": [{"do": "retreat"}, {"do": "move", "mode": "normal_move", "to": 1}]},
                   dice=[3, 3, 5, 5, 1, 2])])
    log = resolve(m)
    [op] = events(log, "opportunity_attack")
    assert op["attackers"] == ["y"]
    [a] = events(log, "attack")
    assert a["opportunity_attack"] is True and a["hit"] is True
    assert moves(log)[0]["to"] == 1
    careful = make({"x": char("a", 4, checks={"retreat": 9}), "y": char("b", 5)},
                   [turn(1, {"x": [{"do": "retreat"}, {"do": "move", "mode": "careful_move", "to": 3}]}, dice=[3, 3])])
    assert not events(resolve(careful), "attack")
    spared = make({"x": char("a", 4, checks={"retreat": 9}), "y": char("b", 5)},
                  [turn(1, {"x": [{"do": "retreat"}, {"do": "move", "to": 1}]}, dice=[3, 3])],
                  options={"retreat_suppresses_aoo": True})
    assert not events(resolve(spared), "attack")


def test_nicosw_4_6_a_mover_knocked_down_by_them_does_not_move() -> None:
    club = {"id": "club", "kind": "melee", "mods": [{"op": "add", "value": 9}]}
    m = make({"x": char("a", 4, hp=3, checks={"retreat": 9}), "y": char("b", 5, checks={"attack_check": 3}, weapons=[club]),
              "f": char("a", 0)},
             [turn(1, {"x": [{"do": "retreat"}, {"do": "move", "to": 1}]}, dice=[3, 3, 5, 5, 1, 2, 6, 5])])
    log = resolve(m)
    assert events(log, "death_check")[0]["target"] == 7
    assert events(log, "cancel")[0]["reason"] == "knocked_down_before_moving"
    assert log["state"]["characters"]["x"]["at"] == 4


def test_nicosw_4_7_two_moves_in_one_go() -> None:
    m = make({"x": char("a", 0, agility=2), "y": char("b", 11)},
             [turn(1, {"x": [{"do": "move", "to": 4}, {"do": "move", "to": 8}]})])
    assert [e["slot"] for e in moves(resolve(m))] == ["minor_action", "major_action"]
    assert resolve(m)["state"]["characters"]["x"]["at"] == 8


def test_nicosw_9_1_escape_against_max_enemy_level_plus_seven() -> None:
    m = make({"x": char("a", 1, checks={"sprint": 2}), "y": char("b", 9, level=4), "z": char("b", 11, level=2)},
             [turn(1, {"x": [{"do": "move", "to": "off"}]}, dice=[5, 4])])
    log = resolve(m)
    [e] = events(log, "escape")
    assert (e["target"], e["highest_level"], e["total"], e["success"]) == (11, 4, 11, True)
    assert log["state"]["characters"]["x"]["states"] == ["off_map"] and log["state"]["characters"]["x"]["at"] is None


def test_nicosw_9_1_leaving_needs_the_main_action() -> None:
    m = make({"x": char("a", 1), "y": char("b", 9)},
             [turn(1, {"x": [{"do": "move", "to": "off"}, {"do": "other", "note": "x", "slot": "major_action"}]})])
    assert any("疾走判定のため主動作が要ります" in p for p in problems(m))


def test_nicosw_9_2_a_failed_escape_stops_at_the_edge() -> None:
    m = make({"x": char("a", 2, checks={"sprint": 2}), "y": char("b", 9, level=4)},
             [turn(1, {"x": [{"do": "move", "to": "off"}]}, dice=[3, 4])])
    log = resolve(m)
    assert events(log, "escape")[0]["success"] is False
    assert log["state"]["characters"]["x"]["at"] == 0


def test_nicosw_9_3_an_escaped_side_is_out_of_the_battle() -> None:
    m = make({"x": char("a", 0, checks={"sprint": 9}), "y": char("b", 9)},
             [turn(1, {"x": [{"do": "move", "to": "off"}]}, dice=[5, 4])])
    log = resolve(m)
    assert log["outcome"] == {"result": "win", "winner": "b", "reason": "down"}
    kept = make({"x": char("a", 0, checks={"sprint": 9}), "y": char("b", 9)},
                [turn(1, {"x": [{"do": "move", "to": "off"}]}, {}, dice=[5, 4])], options={"offmap_counts_down": False})
    assert resolve(kept)["outcome"]["result"] == "ongoing"


def test_nicosw_9_4_reentry_at_the_own_edge_at_the_end_of_the_half() -> None:
    chars = {"x": char("a", None, off_map=True), "f": char("a", 5), "y": char("b", 9)}
    m = make(chars, [turn(1, {"goes": {}, "reenter": {"x": 0}}, {})], deploy={"a": [0, 3], "b": [8, 11]})
    log = resolve(m)
    [r] = events(log, "reenter")
    assert r["to"] == 0 and not events(log, "go", actor="x")
    wrong = make(chars, [turn(1, {"goes": {}, "reenter": {"x": 11}}, {})], deploy={"a": [0, 3], "b": [8, 11]})
    assert events(resolve(wrong), "cancel")[0]["reason"] == "not_an_edge"
    anywhere = make(chars, [turn(1, {"goes": {}, "reenter": {"x": 11}}, {})], deploy={"a": [0, 3], "b": [8, 11]},
                    options={"reenter_edge": "any"})
    assert events(resolve(anywhere), "reenter")


def test_nicosw_9_1_an_occupied_edge_square_cancels_the_escape() -> None:
    m = make({"x": char("a", 2, checks={"sprint": 9}), "f": char("a", 0), "y": char("b", 9)},
             [turn(1, {"x": [{"do": "move", "to": "off"}]})])
    log = resolve(m)
    assert events(log, "cancel")[0]["reason"] == "occupied" and not events(log, "escape")


def test_nicosw_4_8_an_engaged_full_move_needs_the_retreat_unless_the_option_says_otherwise() -> None:
    def match(options, dice):
        return make({"x": char("a", 4), "y": char("b", 5)},
                    [turn(1, {"x": [{"do": "full_move", "to": 0}]}, dice=dice)], options=options)

    cancelled = resolve(match({}, []))  # no die: cancelled before the 疾走判定
    assert events(cancelled, "cancel")[0]["reason"] == "engaged" and not events(cancelled, "move")
    ran = resolve(match({"engaged_full_move": "opportunity_only"}, [4, 4, 1, 2, 5, 5]))
    assert events(ran, "opportunity_attack")[0]["attackers"] == ["y"] and not events(ran, "cancel")
    assert events(ran, "move")[0]["to"] == 0 and not events(ran, "retreat")


def test_nicosw_4_8_a_full_moves_sprint_check_is_drawn_before_the_opportunity_attacks_it_provokes() -> None:
    """NICOSW-4.8 / 4.6 and docs/dice.md: the 疾走判定 comes first, since its 達成値 decides whether the
    move happens; then each engaging enemy's 機会攻撃 (attack, then defence). A roll that falls short
    cancels the move before any 機会攻撃."""
    def match(dice):
        return make({"x": char("a", 4, checks={"sprint": 0}), "y": char("b", 5), "z": char("b", 3)},
                    [turn(1, {"x": [{"do": "full_move", "to": 0}]}, dice=dice)],
                    options={"engaged_full_move": "opportunity_only"}, length=12)

    ran = resolve(match([4, 4, 1, 2, 5, 5, 1, 2, 5, 5]))
    rolls = [(r["purpose"], r["actor"]) for r in events(ran, "roll")]
    assert rolls == [("full_move", "x")] * 2 + [("attack", "y")] * 2 + [("defense", "x")] * 2 + \
        [("attack", "z")] * 2 + [("defense", "x")] * 2
    kinds = [e["kind"] for e in ran["turns"][0]["events"] if e["kind"] in ("full_move", "opportunity_attack", "move")]
    assert kinds == ["full_move", "opportunity_attack", "move"]
    short = resolve(match([1, 2]))  # 3 squares allowed, 4 wanted
    assert [r["purpose"] for r in events(short, "roll")] == ["full_move"] * 2
    assert events(short, "cancel")[0]["reason"] == "too_far" and not events(short, "opportunity_attack")
