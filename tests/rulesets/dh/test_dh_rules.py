"""dh clauses proven by direct tests (the rest are data scenarios in tests/scenarios/dh/)."""

from __future__ import annotations

import pytest

from dhproc import api
from dhproc.engine.context import TurnContext
from dhproc.errors import InputError
from dhproc.dice.rng import stream
from dhproc.rulesets.dh import RULESET, harm, rules
from dhproc.rulesets.dh.model import Square, parse_square, phase_of

from .helpers import CHARS, events, match_text, resolve_text

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages


# DH-1 ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, square", [
    ("Ｂ３", Square(1, 2)), ("B3", Square(1, 2)), ("b3", Square(1, 2)), (" Ａ１ ", Square(0, 0)),
    ("Ｅ７", Square(4, 6)), ("Ｃ１０", Square(2, 9)), ("C10", Square(2, 9)),
])
def test_dh_1_1_square_names_full_and_half_width(text: str, square: Square) -> None:
    assert parse_square(text) == square


@pytest.mark.parametrize("text", ["", "B", "3B", "B0", "ＢＢ", "B-1", "B3.5", "日3", "B３x"])
def test_dh_1_1_not_square_names(text: str) -> None:
    assert parse_square(text) is None


def test_dh_1_1_reports_write_full_width() -> None:
    assert Square(1, 2).label == "Ｂ３"
    assert Square(2, 9).label == "Ｃ１０"
    log = resolve_text(match_text("""\
        - turn: 1
          submissions: {red: [{who: b, to: B2}], blue: []}
        """))
    assert events(log, "move")[0]["to"] == "Ｂ２"
    assert log["state"]["characters"]["b"]["at"] == "Ｂ２"


def test_dh_1_2_default_board_when_no_map() -> None:
    log = resolve_text(match_text(map_line=""))
    assert log["state"]["map"] == {"rows": 5, "cols": 7, "walls": ["Ａ４", "Ｃ４", "Ｅ４"]}


def test_dh_1_2_wall_squares_must_be_on_the_map() -> None:
    with pytest.raises(InputError) as info:
        api.loads(match_text(map_line="    map: {rows: 3, cols: 3, walls: [Ｄ１]}\n"), name="m.yaml")
    assert "square 'Ｄ１' is off the map (Ａ１..Ｃ３)" in str(info.value)


def test_dh_1_3_leader_must_be_a_starter() -> None:
    chars = CHARS + "      z: {name: 控, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5}\n"
    with pytest.raises(InputError) as info:
        api.loads(match_text(chars=chars, sides="{red: {name: 赤組, leader: z}, blue: {name: 青組}}"),
                  name="m.yaml")
    (problem,) = info.value.problems
    assert problem.message == "the leader '控 (z)' must be a starter (give it 'at:')"
    assert problem.path == ("setup", "sides", "red", "leader")
    assert (problem.line, problem.col) == (8, 37)


def test_dh_1_3_first_side_must_exist() -> None:
    text = match_text().replace("first: red", "first: green")
    with pytest.raises(InputError, match="'green' is not a side"):
        api.loads(text, name="m.yaml")


def test_dh_1_4_one_character_per_square_at_placement() -> None:
    chars = CHARS.replace("at: Ｂ１}", "at: Ａ１}")
    with pytest.raises(InputError) as info:
        api.loads(match_text(chars=chars), name="m.yaml")
    assert "Ａ１ already holds '甲 (a)': one character per square at the initial placement" in str(info.value)


def test_dh_1_5_movement_defaults_to_two_and_can_be_set() -> None:
    chars = CHARS.replace("hp: 5, spirit: 3, fs: 5, at: Ｂ１}", "hp: 5, spirit: 3, fs: 5, movement: 3, at: Ｂ１}")
    log = resolve_text(match_text("""\
        - turn: 1
          submissions: {red: [{who: a, to: Ｃ２}, {who: b, to: Ｃ３}], blue: []}
        """, chars=chars))
    cancel, = events(log, "cancel")  # 甲 has 2: Ａ１→Ｃ２ is 3 steps
    assert (cancel["actor"], cancel["reason"]) == ("a", "too_far")
    move, = events(log, "move")  # 乙 has 3: Ｂ１→Ｃ３ is 3 steps
    assert (move["actor"], move["steps"]) == ("b", 3)
    assert log["state"]["characters"]["a"]["movement"] == 2


def test_dh_1_5_stats_never_below_zero() -> None:
    chars = CHARS.replace("attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ２",
                          "attack: 5, defense: 0, hp: 2, spirit: 3, fs: 5, at: Ａ２")
    log = resolve_text(match_text("""\
        - turn: 1
          dice: [1]
          submissions: {red: [{who: a, to: Ａ２, attack: x}], blue: []}
        """, chars=chars))
    damage, = events(log, "damage")
    assert (damage["amount"], damage["before"], damage["after"]) == (10, 2, 0)


# DH-2 ----------------------------------------------------------------------------------------

def test_dh_2_3_two_phase_rule_for_characters_that_arrive_later() -> None:
    """A character that arrived in phase P may act from phase P+2 on; starters from the start."""
    match = api.loads(match_text(), name="m.yaml")
    state = RULESET.initial_state(match)
    a = state.characters["a"]
    state.phase_index = phase_of(1, 1)
    assert rules._can_act(state, a) is None  # a starter at game start
    a.arrived_phase = phase_of(2, 1)  # arrives during its own phase of turn 2
    state.phase_index = phase_of(2, 2)
    assert rules._can_act(state, a) == "arrived_recently"
    state.phase_index = phase_of(3, 1)  # two phases later: its next own phase
    assert rules._can_act(state, a) is None


# DH-4 ----------------------------------------------------------------------------------------

def test_dh_4_5_first_player_penalty() -> None:
    chars = CHARS.replace("at: Ｂ１}", "at: Ｃ１}")
    turns = """\
        - turn: 1
          dice: [1]
          submissions:
            red: [{who: a, to: Ａ２, attack: x}, {who: b, to: Ｂ１}]
            blue: [{who: x, attack: a}]
        - turn: 2
          dice: [1]
          submissions:
            red: [{who: a, attack: x}]
            blue: []
        """
    log = resolve_text(match_text(turns, options="{first_player_penalty: true}", chars=chars))
    cancel, = events(log, "cancel")
    assert (cancel["actor"], cancel["reason"], cancel["scope"]) == ("a", "first_player_penalty", "act")
    attacks = [(e["actor"], e["target"]) for e in events(log, "attack")]
    assert attacks == [("x", "a"), ("a", "x")]  # 後攻 in turn 1, then 先攻 again in turn 2
    off = resolve_text(match_text("""\
        - turn: 1
          dice: [1]
          submissions: {red: [{who: a, to: Ａ２, attack: x}], blue: []}
        """, chars=chars))
    assert not events(off, "cancel")
    assert [(e["actor"], e["target"], e["hit"]) for e in events(off, "attack")] == [("a", "x", True)]


# DH-6 ----------------------------------------------------------------------------------------

def _both_sides_dead(options: str) -> dict:
    match = api.loads(match_text(options=options), name="m.yaml")
    state = RULESET.initial_state(match)
    state.sides["red"].dp = 1
    for c in state.characters.values():
        c.dead = True
    ctx = TurnContext(seed=1, turn=1, options=match.options, recorded=None)
    harm.check_wipeout(state, ctx)
    return state.outcome


def test_dh_6_3_simultaneous_wipeout_is_a_draw_by_default() -> None:
    assert _both_sides_dead("{}") == {"result": "draw", "winner": None, "reason": "simultaneous_wipeout"}


def test_dh_6_3_simultaneous_wipeout_by_dp() -> None:
    assert _both_sides_dead("{simultaneous_wipeout: dp}") == {
        "result": "win", "winner": "red", "reason": "simultaneous_wipeout_dp"}


def test_dh_6_4_dp_tie_first() -> None:
    log = resolve_text(match_text("""\
        - turn: 1
          submissions: {red: [], blue: []}
        """, options="{dp_tie: first}", setup_extra="    turn_limit: 1\n"))
    assert log["outcome"] == {"result": "win", "winner": "red", "reason": "dp_tie"}


# DH-7 ----------------------------------------------------------------------------------------

def test_dh_7_1_seeded_dice_come_from_the_phase_stream() -> None:
    chars = CHARS.replace("at: Ａ２}", "at: Ｂ２}").replace("hp: 5, spirit: 3, fs: 5, at: Ｃ３",
                                                         "hp: 50, spirit: 3, fs: 5, at: Ｃ３")
    log = resolve_text(match_text("""\
        - turn: 1
          submissions:
            red: [{who: a, to: Ａ２}, {who: b, to: Ｂ２, attack: x}]
            blue: [{who: x, attack: b}, {who: y, to: Ｃ２}]
        - turn: 2
          submissions:
            red: [{who: b, attack: x}]
            blue: [{who: x, attack: b}]
        """, chars=chars, seed='"campaign-3"'))
    rolls = events(log, "roll")
    for turn in (1, 2):
        for side in ("red", "blue"):
            mine = [r["face"] for r in rolls if r["step"] == side and
                    any(r in t["events"] for t in log["turns"] if t["turn"] == turn)]
            gen = stream("campaign-3", turn, side)
            assert mine == [gen.die(100) for _ in mine]
            assert all(r["source"] == "seeded" and r["sides"] == 100 for r in rolls)
    assert len(rolls) == 4
