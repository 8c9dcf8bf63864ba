"""Continuing any ruleset's match from its log (DH-12.2, LOGOS-11.5, COUNT-1.5, NICOSW-1.10,
KAGEMIYA-1.8): ``dhproc new DIR --from LOG`` writes a match.yaml that validates, and the original's
later turns resolve there to the same events, state and outcome — for every example stopped after
each of its turns, for generated matches, and for what a campaign found."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dhproc.errors import InputError
from tests import continuation
from tests.test_cli import run

ROOT = Path(__file__).resolve().parent.parent
FOUND = ROOT / "tests" / "second_campaign"


def _log_of(folder: Path, log: Path) -> None:
    result = run("resolve", folder / "match.yaml", "--json", log)
    assert result.exit_code == 0, result.output


def test_count_1_2_a_knocked_out_units_square_taken_later_continues(tmp_path, monkeypatch):
    """A campaign's round 3: 魔犬 fell on E7 and 藤堂リク then moved there (a knocked-out unit holds
    no square, COUNT-3.4). The match ``new --from`` writes keeps both on E7 and validates."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(FOUND / "count-from-log-occupied", "suido")
    _log_of(Path("suido"), Path("suido-log3.json"))
    state = json.loads(Path("suido-log3.json").read_text(encoding="utf-8"))["state"]["characters"]
    assert (state["maken"]["at"], state["maken"]["knocked_out"], state["riku"]["at"]) == ("E7", True, "E7")
    assert run("new", "count", "x", "--from", "suido-log3.json").exit_code == 0
    result = run("validate", "x/match.yaml")
    assert result.exit_code == 0, result.output
    assert run("resolve", "x/match.yaml").exit_code == 0


EXAMPLES = {rs: continuation.example(ROOT / "examples" / rs) for rs in ("dh", "count", "nicosw", "kagemiya")}
EXAMPLE_STOPS = [(rs, k) for rs, m in EXAMPLES.items() for k in range(1, len(m["turns"]))]


@pytest.mark.parametrize("ruleset, k", EXAMPLE_STOPS, ids=[f"{rs}-after-{k}" for rs, k in EXAMPLE_STOPS])
def test_every_example_stopped_after_each_turn_continues_to_the_same_events(ruleset, k, tmp_path):
    """DH-12.2, COUNT-1.5, NICOSW-1.10, KAGEMIYA-1.8 on the shipped examples (logos, one turn a round,
    stops inside it: tests/rulesets/logos/test_logos_campaign.py)."""
    assert continuation.assert_turn_split(EXAMPLES[ruleset], k, tmp_path) is not None


# The same over generated matches of the rulesets whose turns split a battle (dh's generator needs
# its repair step: tests/test_campaign_continue.py; logos: tests/rulesets/logos/test_logos_properties.py).
DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"


def _generators() -> dict:
    from tests.rulesets.count.test_count_properties import count_matches
    from tests.rulesets.kagemiya.test_kagemiya_properties import kagemiya_matches
    from tests.rulesets.nicosw.test_nicosw_properties import nicosw_matches

    return {"count": count_matches(), "nicosw": nicosw_matches(), "kagemiya": kagemiya_matches()}


GENERATORS = _generators()


def _with_a_later_turn(match: dict) -> dict:
    """A drawn battle of one turn (a quarter of nicosw's, most of kagemiya's, half of count's) plays
    its submissions once more, so that it has a turn to stop after; kagemiya's 奇襲 is one 巡."""
    if len(match["turns"]) > 1 or match["setup"].get("phase") == "ambush":
        return match
    return continuation.with_a_later_turn(match)


@pytest.mark.parametrize("ruleset", sorted(GENERATORS))
@settings(max_examples=settings().max_examples if DEEP else 40)
@given(data=st.data())
def test_any_match_stopped_after_any_turn_continues_to_the_same_events(ruleset, data, tmp_path_factory):
    match = continuation.playable(_with_a_later_turn(data.draw(GENERATORS[ruleset])))
    if match is None:
        continuation.coverage.note(f"{ruleset} stop points", ["input error"])
        return
    if len(match["turns"]) < 2:
        continuation.coverage.note(f"{ruleset} stop points", ["a single turn"])
        return
    k = data.draw(st.integers(1, len(match["turns"]) - 1), label="stop after turn")
    continuation.assert_turn_split(match, k, tmp_path_factory.mktemp("cont"))


def test_count_1_5_a_done_unit_whose_count_was_raised_continues(tmp_path):
    """Found by the property: a 付与効果 ``count +10`` on a unit already 行動終了 raises its count and
    leaves it 行動終了 (COUNT-7.9); with ``end_phase: keep`` the next round starts so. The setup a
    round-1 match states is still refused so (a typo), a continued one is not."""
    from tests.rulesets.count.helpers import SLASH, make, unit

    haste = {"name": "加速", "timing": "main_action", "targets": {"side": "enemy"}, "range": 5,
             "effects": [{"op": "count", "value": 10}]}
    units = {"a": unit("甲", "pc", "A1", 5), "e": unit("敵", "enemy", "A3", 3, skills=[dict(SLASH), haste])}
    turns = [{"turn": 1, "submissions": {"pc": {"plans": {}},
                                         "enemy": {"plans": {"e": [{"main_action": {"skill": "加速", "targets": ["a"]}}]}}}},
             {"turn": 2, "submissions": {"pc": {"plans": {}}, "enemy": {"plans": {}}}}]
    whole, first, _ = continuation.assert_turn_split(make(units, options={"end_phase": "keep"}, turns=turns), 1, tmp_path)
    a = first["state"]["characters"]["a"]
    assert (a["count"], a["done"]) == (10, True)


def test_count_7_12_a_battle_decided_mid_round_states_its_count_spans_as_when_resolved_whole(tmp_path):
    """Found by the property: an effect of ``until: counts`` ticks the count clock, which a battle
    continued from round 1's log starts again in round 2. 甲 slows 敵 for 20 counts in both rounds
    and knocks it out in round 2 with the slow still on: the final state gives that effect's end
    counted from round 2's start, the same whether the battle was resolved whole or continued."""
    from tests.rulesets.count.helpers import SLASH, make, unit

    slow = {"name": "鈍足", "timing": "main_action", "targets": {"count": 1, "side": "enemy"}, "range": 5,
            "effects": [{"op": "stat", "stat": "agility", "value": -1, "until": "counts", "counts": 20}]}
    smite = {"name": "必中", "timing": "main_action", "check": "none", "kind": "none", "range": 5,
             "targets": {"count": 1, "side": "enemy"}, "damage": {"fixed": 50, "attributes": ["斬"]}}
    units = {"a": unit("甲", "pc", "A1", 15, skills=[dict(SLASH), slow, smite]), "e": unit("敵", "enemy", "A3", 3)}
    slowing = {"main_action": {"skill": "鈍足", "targets": ["e"]}}
    turns = [{"turn": 1, "submissions": {"pc": {"plans": {"a": [slowing]}}, "enemy": {"plans": {}}}},
             {"turn": 2, "submissions": {"pc": {"plans": {"a": [slowing, {"main_action": {"skill": "必中", "targets": ["e"]}}]}},
                                         "enemy": {"plans": {}}}}]
    whole, first, later = continuation.assert_turn_split(make(units, turns=turns), 1, tmp_path)
    assert whole["outcome"]["result"] == "win" and not first["state"]["effects"]
    slowed, = whole["state"]["effects"]
    assert (slowed["clock"], slowed["end"]) == ("count", 20)  # made at round 2's first count


def test_nicosw_8_3_a_vanished_bodys_square_taken_later_continues(tmp_path):
    """With ``bodies: vanish`` 甲 moves onto the square where 乙 lies 戦闘不能: the continued setup
    keeps both there and validates, as play let it happen."""
    from tests.rulesets.nicosw.helpers import char, make, turn

    chars = {"a1": char("a", 4, name="甲"), "b1": char("b", 5, name="乙", knocked_out=True, current_hp=0),
             "b2": char("b", 10, name="丙")}
    turns = [turn(1, {"a1": [{"do": "move", "mode": "normal_move", "to": 5}]}, {"b2": []}),
             turn(2, {"a1": []}, {"b2": []})]
    _, first, _ = continuation.assert_turn_split(make(chars, turns, options={"bodies": "vanish"}), 1, tmp_path)
    assert {c: v["at"] for c, v in first["state"]["characters"].items()} == {"a1": 5, "b1": 5, "b2": 10}


def test_count_3_4_a_square_shared_by_allow_continues(tmp_path):
    """With ``occupied_squares: allow`` 甲 ends its move on 乙's square: the continued setup (round 2)
    keeps both there and validates; a round-1 setup still places one per square (COUNT-1.2)."""
    from tests.rulesets.count.helpers import make, unit

    units = {"a": unit("甲", "pc", "A1", 15), "b": unit("乙", "pc", "A2", 5), "e": unit("敵", "enemy", "I9", 3)}
    turns = [{"turn": 1, "submissions": {"pc": {"plans": {"a": [{"main_action": {"move": {"to": "A2"}}}]}},
                                         "enemy": {"plans": {}}}},
             {"turn": 2, "submissions": {"pc": {"plans": {}}, "enemy": {"plans": {}}}}]
    match = make(units, options={"occupied_squares": "allow"}, turns=turns)
    _, first, _ = continuation.assert_turn_split(match, 1, tmp_path)
    assert [v["at"] for v in first["state"]["characters"].values()] == ["A2", "A2", "I9"]
    units["a"]["at"] = "A2"
    with pytest.raises(InputError, match="A2"):
        continuation.resolve(make(units, options={"occupied_squares": "allow"}, turns=turns))


def test_nicosw_1_10_lasting_effects_keep_their_numbers_and_makers(tmp_path):
    """Found by the property: a continued battle renumbered its lasting effects from 1 and made them
    the setup's own, so a later effect's ``effect_id`` and the final state's ``source`` differed from
    the original's. The setup now states each effect's number and maker, and the next number."""
    from tests.rulesets.nicosw.helpers import char, make, turn

    def buff(sid: str, rounds: int) -> dict:
        return {"id": sid, "timing": "major_action", "range": 0, "target": "self",
                "effects": [{"kind": "lasting", "effect": "check_mod", "check": "defense_check", "value": 2,
                             "rounds": rounds}]}

    chars = {"x": char("a", 0, skills=[buff("short", 1)]), "z": char("a", 1, skills=[buff("long", 3)]),
             "y": char("b", 9)}
    turns = [turn(1, {"x": [{"do": "skill", "skill": "short"}], "z": [{"do": "skill", "skill": "long"}]}, {}),
             turn(2, {"x": [{"do": "skill", "skill": "short"}]}, {}), turn(3, {}, {})]
    whole, first, _ = continuation.assert_turn_split(make(chars, turns), 1, tmp_path)
    assert [e["seq"] for e in first["state"]["effects"]] == [1, 2]
    assert [e["effect_id"] for e in whole["turns"][1]["events"] if e["kind"] == "lasting"] == [3]


def test_nicosw_1_10_an_effect_number_given_twice_is_an_input_error():
    from tests.rulesets.nicosw.helpers import char, make, problems

    effect = {"id": 4, "bearer": "x", "side": "a", "effect": "check_mod", "check": "defense_check", "value": 2,
              "ends_round": 3}
    found = problems(make({"x": char("a", 0), "y": char("b", 9)}, effects=[effect, dict(effect)]))
    assert any("effects/1/id" in p and ("効果番号4" in p or "effect id 4" in p) for p in found), found


def test_kagemiya_1_8_a_phantasm_restored_by_a_command_spell_continues(tmp_path):
    """Found by the property (the drawn battle as it was, tests/second_campaign/): a 宝具 the setup had
    used once is restored by a 令呪 in 巡2; the continued setup kept the old ``used: 1`` and the 宝具
    stayed spent. It now states ``used: 0``, which the state then holds as the original's does."""
    match = json.loads((FOUND / "kagemiya-restored-phantasm.json").read_text(encoding="utf-8"))
    whole, first, _ = continuation.assert_turn_split(match, 1, tmp_path)
    assert first["state"]["characters"]["blue_s0"]["used"] == {"blue_s0_n0": 0}
    assert any(e["kind"] == "command_spell" and e["effect"] == "restore_noble_phantasm"
               for e in whole["turns"][0]["events"])
