"""KAGEMIYA-1: the setup and submissions as data, and the input errors a GK sees (located)."""

from __future__ import annotations

import pytest

from dhproc.errors import ResolutionError
from dhproc.rulesets.kagemiya.model import parse_character, stat_value

from .helpers import char, events, make, problems, resolve, standard, sub


def valid(chars: dict | None = None, **kw) -> dict:
    return make(chars or standard(), [{"submissions": {"red": sub("saber"), "blue": sub("lancer")},
                                       "dice": [6, 6, 1, 1]}], **kw)


def test_kagemiya_1_1_one_turn_is_one_round_and_no_turn_follows_the_last() -> None:
    turns = [{"submissions": {"red": sub("saber"), "blue": sub("lancer")}, "dice": [6, 6, 1, 1]},
             {"submissions": {"red": sub(), "blue": sub()}}]
    log = resolve(make(standard(), turns, rounds=2))
    assert [e["round"] for e in events(log, "round_start")] == [1, 2]
    assert log["outcome"]["reason"] == "rounds_over"
    with pytest.raises(ResolutionError, match="never played"):
        resolve(make(standard(), turns + [{"submissions": {"red": sub(), "blue": sub()}}], rounds=2))


def test_kagemiya_1_1_initiative_and_each_sides_turn_have_their_own_dice_streams() -> None:
    turns = [{"submissions": {"red": sub("saber", {"actor": "saber", "do": "physical", "target": "lancer"}),
                              "blue": sub("lancer", {"actor": "lancer", "do": "physical", "target": "saber"})}}]
    log = resolve(make(standard(), turns))
    steps = [r["step"] for r in events(log, "roll")]
    assert steps[:4] == ["initiative"] * 4 and set(steps[4:]) == {"red", "blue"}


def test_kagemiya_1_2_every_side_needs_a_front_row_and_known_sides_and_masters() -> None:
    assert not problems(valid())
    msgs = problems(valid(standard(saber={"row": "back"})))
    assert any("'red' has nobody in the front row" in m for m in msgs), msgs
    msgs = problems(valid(standard(saber={"side": "green"})))
    assert any("'green' is not a 陣営" in m for m in msgs), msgs
    msgs = problems(valid(standard(saber={"master": "bm"})))
    assert any("'bm' is not a master of 陣営 'red'" in m for m in msgs), msgs


def test_kagemiya_1_3_ranks_and_numbers() -> None:
    assert [stat_value(r) for r in ("E", "D", "C", "B", "A", "A+", "A++", "EX")] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert stat_value("B-") == 4 and stat_value("A+-") == 6 and stat_value(12) == 12
    msgs = problems(valid(standard(saber={"strength": "S"})))
    assert any("rank E D C B A A+ A++ EX" in m for m in msgs), msgs


def test_kagemiya_1_4_hp_is_five_times_endurance_unless_given() -> None:
    c, _ = parse_character("x", char("X", "red", endurance="B"), 0, 5)
    assert (c.max_hp, c.hp) == (20, 20)
    c, _ = parse_character("x", char("X", "red", endurance="B", max_hp=30, hp=12), 0, 5)
    assert (c.max_hp, c.hp) == (30, 12)
    log = resolve(valid(options={"hp_per_endurance": 7}))
    assert log["state"]["characters"]["saber"]["max_hp"] == 14


def test_kagemiya_1_5_resources_are_typed_data() -> None:
    data = char("X", "red", noble_phantasm="A++",
                skills=[{"id": "s", "on": ["initiative"], "rank": "A", "first_move": True}],
                noble_phantasms=[{"id": "n", "on": ["physical_attack"], "dice": 2, "secret": True}])
    c, bad = parse_character("x", data, 0, 5)
    assert not bad
    s, n = c.resources["s"], c.resources["n"]
    assert (s.kind, s.rank, s.uses, s.first_move) == ("skill", 5, None, True)
    assert (n.kind, n.rank, n.uses, n.grant.dice, n.secret) == ("noble_phantasm", 7, 1, 2, True)
    dup = char("X", "red", skills=[{"id": "s", "on": ["initiative"]}], noble_phantasms=[{"id": "s", "on": ["escape"]}])
    assert any("already the id" in m for _, m in parse_character("x", dup, 0, 5)[1])


def test_kagemiya_1_6_command_spell_kinds_default_and_custom() -> None:
    kinds = [{"id": "big", "name": "全力", "cost": 2, "dice": 3, "on": ["physical_attack"]}]
    act = {"actor": "saber", "do": "physical", "target": "lancer", "command_spells": ["big"]}
    m = make(standard(), [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")},
                           "dice": [6, 6, 1, 1] + [1] * 5 + [1, 1]}], command_spell_kinds=kinds)
    log = resolve(m)
    assert events(log, "check", purpose="attack")[0]["dice"] == 5
    assert log["state"]["characters"]["rm"]["command_spells"] == 1
    act["command_spells"] = ["boost"]
    msgs = problems(m)
    assert any("unknown 令呪 kind 'boost' (kinds: big)" in x for x in msgs), msgs
    alone = standard(saber={"master": None})
    del alone["saber"]["master"]
    act = {"actor": "saber", "do": "physical", "target": "lancer", "command_spells": ["boost"]}
    msgs = problems(make(alone, [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}]))
    assert any("has no master to spend 令呪" in x for x in msgs), msgs


def test_kagemiya_1_7_doubling_is_data_for_one_stat() -> None:
    act = {"actor": "saber", "do": "physical", "target": "lancer", "doubling": ["a2"]}
    chars = standard(saber={"doubling": [{"id": "a2", "stat": "agility", "multiplier": 3}]})
    msgs = problems(make(chars, [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}]))
    assert any("倍加 'a2' doubles agility; physical_attack rolls strength" in m for m in msgs), msgs
    init = {"roller": "saber", "doubling": ["a2"]}
    log = resolve(make(chars, [{"submissions": {"red": sub(init), "blue": sub("lancer")}, "dice": [1] * 6 + [1, 1]}]))
    assert events(log, "check", actor="saber")[0]["dice"] == 6


@pytest.mark.parametrize("chars, setup, message", [
    ({"saber": {"hp": 0}}, {}, "a character at 0 HP has dropped out"),
    ({"saber": {"noble_phantasms": [{"id": "n", "on": ["escape"], "used": 2}]}}, {}, "used 2 times, but it has 1"),
    ({}, {"progress": {"rounds_played": 3}}, "3 巡 played of 3"),
    ({}, {"progress": {"rounds_played": 1, "order": ["red"]}}, "lists each 陣営 still in the battle once"),
    ({}, {"progress": {"rounds_played": 1}}, "a battle under way has its 行動順"),
    ({"saber": {"eliminated": True, "hp": 0}, "rm": {"eliminated": True}}, {}, "'red' has nobody left"),
    ({"lancer": {"command_spells": 2}}, {}, "only a master holds 令呪"),
])
def test_kagemiya_1_8_a_state_that_cannot_be_is_refused(chars, setup, message) -> None:
    msgs = problems(valid(standard(**chars), **setup))
    assert any(message in m for m in msgs), msgs


def test_kagemiya_1_8_a_dropped_out_character_starts_out_of_the_battle() -> None:
    chars = standard(archer=char("ARCHER", "red", hp=0, eliminated=True))
    act = {"actor": "saber", "do": "physical", "target": "lancer", "support": ["archer"]}
    log = resolve(make(chars, [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")},
                                "dice": [6, 6, 1, 1, 1, 1, 1, 1]}]))
    assert events(log, "cancel", actor="archer", what="support", reason="out_of_battle")


def test_kagemiya_1_10_input_errors_are_located() -> None:
    act = {"actor": "saber", "do": "physical", "target": "nobody"}
    msgs = problems(make(standard(), [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}]))
    assert any(m.startswith("match.yaml:") and "unknown character 'nobody'" in m for m in msgs), msgs
    act = {"actor": "lancer", "do": "physical", "target": "saber"}
    msgs = problems(make(standard(), [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}]))
    assert any("'lancer' belongs to 陣営 'blue', not 'red'" in m for m in msgs), msgs
    act = {"actor": "saber", "do": "physical", "target": "rm"}
    msgs = problems(make(standard(), [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}]))
    assert any("on the attacker's own 陣営" in m for m in msgs), msgs
    msgs = problems(make(standard(), [{"submissions": {"red": sub(), "blue": sub("lancer")}}]))
    assert any("begins with the 先手判定" in m for m in msgs), msgs


def test_kagemiya_1_10_what_play_makes_impossible_is_a_cancel() -> None:
    chars = standard(lancer={"endurance": 1})
    red = sub("saber", {"actor": "saber", "do": "physical", "target": "lancer"})
    blue = sub("lancer", {"actor": "lancer", "do": "physical", "target": "saber"})
    log = resolve(make(chars, [{"submissions": {"red": red, "blue": blue}, "dice": [6, 6, 1, 1, 6, 6, 1, 1]}]))
    assert events(log, "cancel", actor="lancer", reason="out_of_battle")
