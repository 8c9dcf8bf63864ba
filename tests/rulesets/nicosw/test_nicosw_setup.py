"""The setup and its checks (NICOSW-1), zero HP, parts, states and skills (NICOSW-8)."""

from __future__ import annotations

import re

import pytest
import yaml

from .helpers import char, events, make, problems, resolve, turn

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

CLUB = {"id": "club", "kind": "melee", "mods": [{"op": "add", "value": 3}]}
PARTS = [{"id": "head", "hp": 2, "armor": 0}, {"id": "body", "hp": 20, "core": True}]


def test_nicosw_8_2_hp_minus_3_rolls_survival_against_3() -> None:
    m = make({"x": char("a", 2, checks={"attack_check": 5}, weapons=[CLUB]), "y": char("b", 3, hp=1, checks={"death_check": 0})},
             [turn(1, {"x": [{"do": "melee", "target": "y"}]}, dice=[5, 5, 1, 2, 1, 2])])
    log = resolve(m)
    assert events(log, "damage")[0]["after"] == -3
    [s] = events(log, "death_check")
    assert (s["target"], s["total"], s["success"]) == (3, 3, True)
    assert log["state"]["characters"]["y"]["states"] == ["knocked_out"]
    dead = make({"x": char("a", 2, checks={"attack_check": 5}, weapons=[CLUB]), "y": char("b", 3, hp=1, checks={"death_check": 0})},
                [turn(1, {"x": [{"do": "melee", "target": "y"}]}, dice=[5, 5, 1, 2, 1, 1])])
    assert resolve(dead)["state"]["characters"]["y"]["states"] == ["dead"]


def test_nicosw_8_2_further_damage_rolls_again() -> None:
    m = make({"x": char("a", 2, checks={"attack_check": 5}), "y": char("b", 3, current_hp=-1, knocked_out=True),
              "z": char("b", 9)},
             [turn(1, {"x": [{"do": "melee", "target": "y"}]}, {}, dice=[5, 5, 1, 2, 4, 4])])
    assert events(resolve(m), "death_check")[0]["target"] == 2
    once = make({"x": char("a", 2, checks={"attack_check": 5}), "y": char("b", 3, current_hp=-1, knocked_out=True),
                 "z": char("b", 9)},
                [turn(1, {"x": [{"do": "melee", "target": "y"}]}, {}, dice=[5, 5, 1, 2])],
                options={"repeat_death_check": False})
    assert not events(resolve(once), "death_check")


def test_nicosw_8_1_prone_penalty_and_no_move() -> None:
    m = make({"x": char("a", 2, prone=True, checks={"attack_check": 0}), "y": char("b", 3)},
             [turn(1, {"x": [{"do": "move", "mode": "careful_move", "to": 1}, {"do": "melee", "target": "y"}]},
                   dice=[4, 4, 3, 3])])
    log = resolve(m)
    assert events(log, "cancel")[0]["reason"] == "prone"
    assert events(log, "attack")[0]["attack"]["mod"] == -2
    free = make({"x": char("a", 0, prone=True), "y": char("b", 9)},
                [turn(1, {"x": [{"do": "move", "mode": "careful_move", "to": 1}]})], options={"prone_no_move": False})
    assert events(resolve(free), "move")


def test_nicosw_8_3_bodies_stay_do_not_engage_and_can_be_passed() -> None:
    m = make({"x": char("a", 0, agility=4), "d": char("b", 2, knocked_out=True, current_hp=0), "y": char("b", 11)},
             [turn(1, {"x": [{"do": "move", "to": 4}]})])
    [mv] = events(resolve(m), "move")
    assert mv["to"] == 4 and mv["stop"] is None
    onto = make({"x": char("a", 0, agility=4), "d": char("b", 2, knocked_out=True, current_hp=0), "y": char("b", 11)},
                [turn(1, {"x": [{"do": "move", "to": 2}]})])
    assert events(resolve(onto), "cancel")[0]["reason"] == "occupied"
    vanish = make({"x": char("a", 0, agility=4), "d": char("b", 2, knocked_out=True, current_hp=0), "y": char("b", 11)},
                  [turn(1, {"x": [{"do": "move", "to": 2}]})], options={"bodies": "vanish"})
    assert events(resolve(vanish), "move")[0]["to"] == 2


def test_nicosw_8_4_a_part_at_zero_is_removed_and_the_core_takes_the_character() -> None:
    m = make({"x": char("a", 2, checks={"attack_check": 5}, weapons=[CLUB]), "y": char("b", 3, parts=PARTS),
              "z": char("b", 9)},
             [turn(1, {"x": [{"do": "melee", "target": "y", "part": "head"}]}, {}, dice=[5, 5, 1, 2])])
    log = resolve(m)
    assert events(log, "part_removed")[0]["part"] == "head" and not events(log, "death_check")
    assert log["state"]["characters"]["y"]["parts"]["head"]["removed"] is True
    assert log["state"]["characters"]["y"]["at"] == 3
    core = [{"id": "head", "hp": 9}, {"id": "body", "hp": 2, "core": True}]
    m2 = make({"x": char("a", 2, checks={"attack_check": 5}, weapons=[CLUB]), "y": char("b", 3, parts=core),
               "z": char("b", 9)},
              [turn(1, {"x": [{"do": "melee", "target": "y", "part": "body"}]}, {}, dice=[5, 5, 1, 2])])
    log2 = resolve(m2)
    assert events(log2, "removed")[0]["character"] == "y" and log2["state"]["characters"]["y"]["at"] is None


def test_nicosw_8_5_a_one_character_skill_hits_every_part_and_one_resist_saves_all() -> None:
    bolt = {"id": "bolt", "timing": "major_action", "range": 5, "target": "enemy", "resist": 10,
            "effects": [{"kind": "damage", "type": "magic", "amount": 3}]}
    parts = [{"id": "head", "hp": 9}, {"id": "body", "hp": 9}]
    hit = make({"x": char("a", 0, skills=[bolt]), "y": char("b", 3, parts=parts)},
               [turn(1, {"x": [{"do": "skill", "skill": "bolt", "target": "y"}]}, dice=[1, 2, 3, 4])])
    log = resolve(hit)
    assert [d["part"] for d in events(log, "damage")] == ["head", "body"]
    saved = make({"x": char("a", 0, skills=[bolt]), "y": char("b", 3, parts=parts)},
                 [turn(1, {"x": [{"do": "skill", "skill": "bolt", "target": "y"}]}, dice=[1, 2, 5, 5])])
    log = resolve(saved)
    [sk] = events(log, "skill")
    assert sk["resisted"] is True and [r["success"] for r in sk["resist_rolls"]] == [False, True]
    assert not events(log, "damage")


def test_nicosw_8_6_skills_are_data_prone_lasting_and_range() -> None:
    trip = {"id": "trip", "timing": "minor_action", "range": 1, "target": "enemy", "effects": [{"kind": "prone"}]}
    m = make({"x": char("a", 2, skills=[trip]), "y": char("b", 3)},
             [turn(1, {"x": [{"do": "skill", "skill": "trip", "target": "y"}]})])
    log = resolve(m)
    assert events(log, "go")[0]["plan"][0]["slot"] == "minor_action"
    assert log["state"]["characters"]["y"]["states"] == ["prone"]
    far = make({"x": char("a", 0, skills=[trip]), "y": char("b", 3)},
               [turn(1, {"x": [{"do": "skill", "skill": "trip", "target": "y"}]})])
    assert events(resolve(far), "cancel")[0]["reason"] == "out_of_range"


def test_nicosw_1_1_two_sides_and_the_enemy_relation() -> None:
    m = make({"x": char("a", 0), "y": char("c", 9)}, [])
    assert any("'c' is not a side" in p for p in problems(m))


def test_nicosw_1_2_a_character_needs_its_numbers_and_its_checks() -> None:
    c = char("a", 0)
    del c["armor"]
    del c["checks"]["death_check"]
    errs = problems(make({"x": c, "y": char("b", 9)}, []))
    assert any("missing key 'armor'" in p for p in errs) and any("missing key 'death_check'" in p for p in errs)
    bad = char("a", 0, equipped="sword")
    assert any("not one of its weapons" in p for p in problems(make({"x": bad, "y": char("b", 9)}, [])))


def schema_problems(setup: dict) -> list[str]:
    """What the nicosw setup schema alone says of ``setup``, as an editor validating against it would."""
    import json

    from jsonschema import Draft202012Validator

    from dhproc.inputs.validation import schema_text

    validator = Draft202012Validator(json.loads(schema_text("nicosw.setup")))
    return sorted(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(setup))


def test_nicosw_1_2_the_schema_requires_what_resolution_demands(tmp_path) -> None:
    """NICOSW-1.2 / 1.3 / 8.6: every check the battle rolls (all but monster_lore), a one-part character's
    hp, armor and magic_armor, and range 0 for a `target: self` skill are in the schema itself, so an
    editor and `dhproc validate` find them first — each missing key named once, located."""
    from click.testing import CliRunner

    from dhproc.cli import cli

    c = char("a", 0)
    del c["armor"], c["magic_armor"], c["checks"]["sprint"], c["checks"]["willpower"]
    c["skills"] = [{"id": "guard", "timing": "major_action", "range": 2, "target": "self",
                    "effects": [{"kind": "heal", "amount": 1}]}]
    m = make({"x": c, "y": char("b", 9, parts=PARTS)}, [])
    assert schema_problems(m["setup"]) == [
        "characters/x/checks: 'sprint' is a required property", "characters/x/checks: 'willpower' is a required property",
        "characters/x/skills/0/range: 0 was expected",
        "characters/x: 'armor' is a required property", "characters/x: 'magic_armor' is a required property"]
    lore_only = make({"x": char("a", 0), "y": char("b", 9)}, [])
    assert "monster_lore" not in lore_only["setup"]["characters"]["x"]["checks"] and not schema_problems(lore_only["setup"])
    path = tmp_path / "match.yaml"
    path.write_text(yaml.safe_dump(m, allow_unicode=True), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path), "--lang", "en"])
    assert result.exit_code == 1
    said = [m.group(1) for m in re.finditer(r"^\S*match\.yaml:\d+:\d+: (.*)$", result.output, re.M)]
    assert sorted(said) == sorted(["missing key 'armor' (at /setup/characters/x)",
                                   "missing key 'magic_armor' (at /setup/characters/x)",
                                   "missing key 'sprint' (at /setup/characters/x/checks)",
                                   "missing key 'willpower' (at /setup/characters/x/checks)",
                                   "a skill on oneself has range 0 (at /setup/characters/x/skills/0/range)"])


def test_nicosw_1_3_parts_replace_hp_and_each_has_its_own() -> None:
    c = char("b", 3, parts=PARTS)
    c["hp"] = 5
    assert any("gives hp per part" in p for p in problems(make({"x": char("a", 0), "y": c}, [])))
    log = resolve(make({"x": char("a", 0), "y": char("b", 3, parts=PARTS)}, []))
    assert log["state"]["characters"]["y"]["parts"]["body"] == {"hp": 20, "max_hp": 20, "removed": False}


def test_nicosw_1_4_an_unknown_character_needs_its_fame() -> None:
    assert any("知名度" in p for p in problems(make({"x": char("a", 0), "y": char("b", 3, known=False)}, [])))


def test_nicosw_1_5_line_and_grid_squares() -> None:
    assert any("a pair [x, y]" in p for p in problems(make({"x": char("a", 0), "y": char("b", 3)}, [],
                                                          options={"map_model": "grid"})))
    grid = make({"x": char("a", [0, 0]), "y": char("b", [3, 2])}, [], options={"map_model": "grid"})
    grid["setup"]["map"]["width"] = 3
    assert resolve(grid)["state"]["characters"]["y"]["at"] == [3, 2]
    assert any("off the map" in p for p in problems(make({"x": char("a", 0), "y": char("b", 30)}, [])))


def test_nicosw_1_6_deployment_ranges_may_not_overlap() -> None:
    m = make({"x": char("a"), "y": char("b")}, [], start=None, deploy={"a": [0, 5], "b": [5, 9]})
    assert any("overlap" in p for p in problems(m))


def test_nicosw_1_7_the_order_is_fixed_once() -> None:
    m = make({"x": char("a", 0), "y": char("b", 9)}, [turn(1, {"order": ["x"], "goes": {}}, {})])
    assert any("cannot change during the battle" in p for p in problems(m))
    m2 = make({"x": char("a", 0), "w": char("a", 1), "y": char("b", 9)}, [])
    m2["setup"]["sides"]["a"]["order"] = ["x"]
    assert any("missing: w" in p for p in problems(m2))


def test_nicosw_1_9_mid_campaign_state_is_checked_against_the_squares() -> None:
    m = make({"x": char("a", 0, engaged=True), "y": char("b", 9)}, [])
    assert any("engaged: true disagrees" in p for p in problems(m))
    ok = make({"x": char("a", 2, engaged=True, current_hp=4), "y": char("b", 3, engaged=True)},
              [turn(3, {}, {})], start={"round": 3, "half": "bottom", "first": "a"})
    log = resolve(ok)
    assert [(e["round"], e["half"]) for e in events(log, "half_start")] == [(3, "bottom")]
    assert log["state"]["characters"]["x"]["hp"] == 4
    twice = make({"x": char("a", 2), "y": char("b", 2)}, [])
    assert any("already x's" in p for p in problems(twice))
    fresh_at = make({"x": char("a", 2), "y": char("b", 5)}, [], start=None, deploy={"a": [0, 2], "b": [4, 6]})
    assert any("come from placement" in p for p in problems(fresh_at))


def test_nicosw_5_6_a_go_sent_for_the_half_played_before_a_continued_setup_is_cancelled() -> None:
    """A setup starting at the 裏 of round 3 (NICOSW-1.9): the 表 side's goes for round 3 are not played,
    and each is a cancel (half_played) with a report line, not dropped unseen."""
    from dhproc import api

    m = make({"x": char("a", 2, engaged=True, current_hp=4), "y": char("b", 3, engaged=True)},
             [turn(3, {"x": [{"do": "melee", "target": "y"}]}, {})], start={"round": 3, "half": "bottom", "first": "a"})
    log = resolve(m)
    assert [(e["actor"], e["reason"]) for e in events(log, "no_go")] == [("x", "half_played")]
    assert [(e["actor"], e["action"], e["reason"]) for e in events(log, "cancel")] == [("x", "melee", "half_played")]
    assert "this 表 was played before the setup" in api.render(log, lang="en")
