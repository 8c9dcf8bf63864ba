"""Movement entries of the ability catalogue (DH-11.10, DH-11.16 to DH-11.19): straight forced
moves, 壁進入, barricades, ZoC fields and 移動カウンター突破, with the options that vary them."""

from __future__ import annotations

from .helpers import events
from .test_dh_abilities import STRIKE, ability_match, turn

PUSH = dict(STRIKE, range={"shape": "around", "size": 1})


def _push(direction: str, squares: int = 2, **use) -> dict:
    return dict(PUSH, effects=[{"kind": "forced_move", "squares": squares, "direction": direction}])


def test_dh_11_10_away_in_line_and_off_line() -> None:
    # u on Ｂ２, x on Ｂ３: away is right, straight to the MAP's edge (Ｂ４ of 4 columns): one step only
    log = ability_match(_push("away"), [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])])
    move = events(log, "move")[0]
    assert (move["to"], move["direction"], move["short"], move["steps"]) == ("Ｂ４", "right", True, 1)
    # off the line (Ｃ３ is diagonal from Ｂ２): the submission picks down or right, never up
    chars = {"x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                   "at": "Ｃ３"}}
    down = ability_match(_push("away", 1), [turn(1, [{"who": "u", "ability": {"targets": ["x"], "direction": "right"}}],
                                                dice=[1, 1])], chars=chars)
    assert events(down, "move")[0]["to"] == "Ｃ４"
    for use, options in (({"targets": ["x"], "direction": "up"}, {}), ({"targets": ["x"]}, {}),
                         ({"targets": ["x"], "direction": "right"}, {"forced_away_choice": "cancel"})):
        log = ability_match(_push("away", 1), [turn(1, [{"who": "u", "ability": use}], dice=[1, 1])], chars=chars,
                            options=options)
        assert events(log, "cancel")[0]["reason"] == "no_direction", use
        assert not events(log, "move")


def test_dh_11_10_line_and_fixed_directions_and_a_blocked_push() -> None:
    log = ability_match(_push("line", 1), [turn(1, [{"who": "u", "ability": {"targets": ["x"], "direction": "down"}}],
                                               dice=[1, 1])])
    assert events(log, "move")[0]["to"] == "Ｃ３"
    nameless = ability_match(_push("line", 1), [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])])
    assert events(nameless, "cancel")[0]["reason"] == "no_direction"
    fixed = ability_match(_push("up", 2), [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])],
                          walls=["Ａ３"])
    move = events(fixed, "move")[0]  # the wall on Ａ３ stops it before the first step
    assert (move["to"], move["steps"], move["short"]) == ("Ｂ３", 0, True)
    cancelled = ability_match(_push("up", 2), [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])],
                              walls=["Ａ３"], options={"forced_push_blocked": "cancel"})
    assert events(cancelled, "cancel")[0]["reason"] == "push_blocked" and not events(cancelled, "move")


def test_dh_11_10_zoc_stops_a_straight_push_only_by_option() -> None:
    # x pushed left from Ｂ３ over u's square Ｂ２: u is its enemy
    log = ability_match(_push("left"), [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])])
    assert events(log, "move")[0]["to"] == "Ｂ１"
    zoc = ability_match(_push("left"), [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])],
                        options={"forced_move_zoc": True})
    move = events(zoc, "move")[0]
    assert (move["to"], move["zoc_stop"], move["short"]) == ("Ｂ２", True, False)


def test_dh_11_16_inside_a_wall_nothing_reaches_out_but_wall_piercing() -> None:
    # h gives u 壁進入 (turn 1); u walks into the wall on Ａ２ (turn 2) and, from inside it, tries to
    # hit x just below, on Ｂ２ (turn 3): only a 壁貫通 ability reaches out
    enter = {"name": "壁抜けの術", "duration": 2, "range": {"shape": "adjacent", "size": 1},
             "targets": {"side": "ally"}, "effects": [{"kind": "wall_entry"}]}
    chars = {"h": {"name": "術師", "side": "red", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ｂ１",
                   "ability": enter},
             "x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ｂ２"}}
    turns = [turn(1, [{"who": "h", "ability": {"targets": ["u"]}}], dice=[1, 1]),
             turn(2, [{"who": "u", "to": "Ａ２"}]), turn(3, [{"who": "u", "ability": {"targets": ["x"]}}])]
    log = ability_match(STRIKE, turns, user_at="Ａ１", walls=["Ａ２"], chars=chars)
    assert events(log, "move")[0]["to"] == "Ａ２"
    assert [e["reason"] for e in events(log, "cancel")] == ["invalid_target"]
    turns[2]["dice"] = [1, 1]
    piercing = ability_match(dict(STRIKE, riders=["wall_piercing"]), turns, user_at="Ａ１", walls=["Ａ２"], chars=chars)
    assert events(piercing, "damage")[0]["target"] == "x"
    outside = ability_match(STRIKE, turns[:1] + [turn(2, [{"who": "u", "to": "Ａ２"}], [{"who": "x", "to": "Ａ２"}])],
                            user_at="Ａ１", walls=["Ａ２"], chars=chars)
    assert events(outside, "cancel")[-1]["reason"] in ("wall", "no_route")  # x has no 壁進入


def test_dh_11_17_a_barricade_stops_ranges_only_by_option() -> None:
    build = {"activation": 90, "duration": 2, "riders": ["no_rest"], "targets": {"side": "self"},
             "effects": [{"kind": "barricade_build"}]}
    hit = dict(STRIKE, range={"shape": "adjacent", "size": 2})
    both = dict(build, riders=["no_rest", "retarget"], effects=[build["effects"][0],
                                                                dict(hit["effects"][0], range=hit["range"],
                                                                     targets=hit["targets"])])
    # u on Ｂ１ sets a barricade on Ｂ２ and hits x two squares right, on Ｂ３, through it
    use = {"at": "Ｂ２", "effects": [{}, {"targets": ["x"]}]}
    log = ability_match(both, [turn(1, [{"who": "u", "ability": use}], dice=[1, 1, 1, 1])], user_at="Ｂ１")
    assert events(log, "barricade")[0]["at"] == "Ｂ２" and events(log, "damage")
    # with the option, the barricade (set at 対象決定's end, so not in the first use's way) stops the line
    again = ability_match(both, [turn(1, [{"who": "u", "ability": use}], dice=[1, 1, 1, 1]),
                                 turn(2, [{"who": "u", "ability": {"at": "Ａ１", "effects": [{}, {"targets": ["x"]}]}}])],
                          user_at="Ｂ１", options={"barricade_blocks_ranges": True})
    assert events(again, "cancel")[-1]["reason"] == "invalid_target"
    onto = ability_match(build, [turn(1, [{"who": "u", "ability": {"at": "Ｂ３"}}], dice=[1, 1])])
    assert events(onto, "cancel")[0]["reason"] == "bad_barricade_square"  # x stands there


def test_dh_11_18_zoc_ignore_passes_a_zoc_field_unless_the_option_says_not() -> None:
    field = {"activation": 90, "duration": 2, "riders": ["no_rest"], "range": {"shape": "same_square"},
             "targets": {"side": "enemy"}, "effects": [{"kind": "zoc_field"}]}
    free = {"name": "抜け", "activation": 90, "duration": 2, "riders": ["no_rest"], "targets": {"side": "self"},
            "effects": [{"kind": "zoc_ignore"}]}
    chars = {"x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                   "at": "Ａ２", "ability": free}}
    # u sets a field on its own square Ａ１... then leaves; x (ZoC無視) walks Ａ２ → Ａ１ → Ｂ１
    turns = [turn(1, [{"who": "u", "ability": {}}, ], [{"who": "x", "ability": {"targets": ["x"]}}],
                  dice=[1, 1, 1, 1]),
             turn(2, [{"who": "u", "to": "Ｃ１"}], [{"who": "x", "path": ["Ａ１", "Ｂ１"]}])]
    log = ability_match(field, turns, user_at="Ａ１", chars=chars)
    assert events(log, "move")[-1]["to"] == "Ｂ１"
    stopped = ability_match(field, turns, user_at="Ａ１", chars=chars, options={"zoc_ignore_fields": False})
    assert events(stopped, "cancel")[-1]["reason"] == "zoc"


def test_dh_11_19_counter_pass_also_covers_forced_moves() -> None:
    guard = {"name": "見張り", "style": "counter", "duration": 2, "range": {"shape": "adjacent", "size": 1},
             "targets": {"side": "enemy"}, "counter": {"when": "enemy_enters_range"},
             "effects": [{"kind": "damage", "amount": 1}]}
    pusher = dict(_push("right", 1), effects=[{"kind": "forced_move", "squares": 1, "direction": "right"}])
    sneak = {"name": "突破", "duration": 2, "riders": ["no_rest"], "targets": {"side": "self"},
             "effects": [{"kind": "counter_pass"}]}
    # u pushes its ally x (移動カウンター突破) from Ｂ３ onto Ｂ４, into the range of blue's 守衛 on Ａ４
    chars = {"g": {"name": "守衛", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                   "at": "Ａ４", "ability": guard},
             "x": {"name": "敵", "side": "red", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                   "at": "Ｂ３", "ability": sneak}}
    turns = [turn(1, [{"who": "x", "ability": {"targets": ["x"]}}], [{"who": "g", "ability": {}}], dice=[1, 1, 1]),
             turn(2, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])]
    log = ability_match(dict(pusher, targets={"side": "any"}), turns, user_at="Ｂ２", cols=5, chars=chars)
    assert events(log, "move")[0]["to"] == "Ｂ４" and not events(log, "counter_fire")
    control = ability_match(dict(pusher, targets={"side": "any"}),
                            [turn(1, [], [{"who": "g", "ability": {}}], dice=[1]),
                             turn(2, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1, 1])], user_at="Ｂ２", cols=5,
                            chars=chars)
    assert events(control, "counter_fire")[0]["by"] == "x"  # without 移動カウンター突破 the counter fires
