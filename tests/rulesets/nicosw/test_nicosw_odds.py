"""nicosw's exact odds (NICOSW-11): brute force over every face, and the resolver's own sampled runs."""

from __future__ import annotations

import functools
import itertools
import json
from fractions import Fraction
from typing import Any

import pytest

from dhproc import api
from dhproc.odds.distribution import Distribution
from dhproc.odds.report import verdict
from dhproc.rulesets.nicosw import odds, rolls

from ..sampling import assert_within_sampling
from .helpers import char, load, make, turn


def duel(hp: int, **defender) -> dict:
    chars = {"x": char("a", 5, checks={"attack_check": 3}, name="攻め"),
             "y": char("b", 6, hp=hp, checks={"defense_check": 2, "death_check": 1}, name="守り", **defender)}
    return make(chars, [turn(1, {"x": [{"do": "melee", "target": "y"}]})])


def brute_force(a1: int, a2: int, d1: int, d2: int, e1: int, e2: int) -> str:
    """One melee attack of ``duel(1)`` worked out from every die it can roll (1 damage on HP 1)."""
    attack = rolls.roll2("attack_check", a1, a2, 3, 0, auto_results=True)
    defense = rolls.roll2("defense_check", d1, d2, 2, 0, auto_results=True)
    if not rolls.beats(attack, defense, auto_in_opposed=True):
        return "miss"
    alive = rolls.meets(rolls.roll2("death_check", e1, e2, 1, 0, auto_results=True), 0)  # HP 0: target 0
    return "knocked_out" if alive else "dead"


def test_nicosw_11_1_exact_odds_equal_brute_force_over_every_face() -> None:
    figures = odds.action_odds(load(duel(1)), 1, "x", None, None)
    every = Distribution.enumerate([6] * 6, brute_force)
    attack = next(c.outcomes for c in figures.checks if c.check == "attack")
    assert attack.p("hit") == every.probability(lambda r: r != "miss")
    assert figures.knock_out == every.probability(lambda r: r != "miss")
    assert figures.kill == every.p("dead")
    assert 0 < figures.kill < figures.knock_out < 1
    death = next(c.outcomes for c in figures.checks if c.check == "death_check")
    assert death.p("failure") == Fraction(1, 36)  # 1-1 fails whatever the target (NICOSW-3.1)


def test_nicosw_11_1_one_point_a_hit_gives_a_certain_verdict() -> None:
    figures = odds.action_odds(load(duel(3)), 1, "x", None, None)
    assert figures.knock_out == 0 and figures.kill == 0  # one hit of 1 leaves HP 2
    said = verdict(figures.hits_to_knock_out)
    assert (said.hits, said.certain) == (3, True)  # 確定3発
    assert [s.damage.p(1) for s in figures.steps][-1] == next(
        c.outcomes for c in figures.checks if c.check == "attack").p("hit")


def test_nicosw_11_1_armour_leaves_no_damage_and_no_verdict() -> None:
    figures = odds.action_odds(load(duel(3, armor=2)), 1, "x", None, None)
    assert figures.steps[-1].damage == Distribution.constant(0)
    assert verdict(figures.hits_to_knock_out).hits == 0


def landed(events: list[dict], attack: dict) -> bool:
    return attack["hit"]


def test_nicosw_11_1_agrees_with_the_sampled_runs_of_every_example() -> None:
    assert_within_sampling(api.load("examples/nicosw/match.yaml"), odds.action_odds, landed=landed)


def test_nicosw_11_2_a_logged_roll_has_the_chance_the_odds_give() -> None:
    m = duel(1)
    log = api.resolve(load(m))
    events = log["turns"][0]["events"]
    first = next(e for e in events if e["kind"] == "roll" and e["purpose"] == "attack")
    defence = next(e for e in events if e["kind"] == "roll" and e["purpose"] == "defense")
    hit = next(c.outcomes for c in odds.action_odds(load(m), 1, "x", None, None).checks if c.check == "attack")
    assert odds.roll_chance(first, events) == hit.p("hit")
    assert odds.roll_chance(defence, events) == hit.p("miss")
    assert odds.roll_luck(first, events) == Fraction(2 * first["face"] - 1, 12)


def test_nicosw_11_2_the_dice_plan_shows_the_chance_of_every_check() -> None:
    plan = api.dice_plan(api.load("examples/nicosw/match.yaml"))
    attacks = [r for r in plan if r["purpose"] in ("attack", "defense") and r["die"] == 1]
    assert attacks and all(0 < r["chance"] < 1 for r in attacks)
    assert all("chance" not in r for r in plan if r.get("die") == 2)
    lore = [r for r in plan if r["purpose"] == "lore" and r["die"] == 1]
    assert lore and all("chance" in r for r in lore)


# --------------------------------------------------------------------------- a skill (NICOSW-11.3)

BOLT = {"id": "bolt", "name": "ファイア・ボルト", "timing": "major_action", "range": 5, "target": "enemy",
        "resist": {"against": "casting", "on_success": "half"}, "effects": [{"kind": "damage", "amount": 2, "dice": 1,
                                                                              "type": "magic"}]}


def spell(hp: int, skill: dict = BOLT, **defender) -> dict:
    """リア casts ``skill`` (魔法行使 base 2) at ゴブリン (精神抵抗 base 3, 生死判定 base 1, 魔法防護点 1)."""
    chars = {"x": char("a", 0, checks={"casting": 2}, name="リア", skills=[skill]),
             "y": char("b", 3, hp=hp, magic_armor=1, checks={"willpower": 3, "death_check": 1}, name="ゴブリン",
                       **defender)}
    return make(chars, [turn(1, {"x": [{"do": "skill", "skill": skill["id"], "target": "y"}]})])


def spell_by_hand(c1: int, c2: int, r1: int, r2: int, face: int, e1: int, e2: int, *, hp: int,
                  armour_first: bool = False) -> str:
    """``spell(hp)`` worked out by hand from every die: 魔法行使 [c1,c2]+2 against 精神抵抗 [r1,r2]+3
    (6-6 and 1-1 decide, equal dice and an automatic result: the defender), damage 2 + 1D6 − 1,
    halved first (rounding down) when resisted, then 生死判定 [e1,e2]+1 against the negative HP.
    ``armour_first`` takes the 魔法防護点 off before halving: a deliberately wrong order."""
    caster, resister = c1 + c2 + 2, r1 + r2 + 3
    auto = {(6, 6): "success", (1, 1): "failure"}
    ca, ra = auto.get((c1, c2)), auto.get((r1, r2))
    if (c1, c2) == (r1, r2) and (ca or ra):
        beaten = False
    elif ca == "success" or ra == "failure":
        beaten = True
    elif ca == "failure" or ra == "success":
        beaten = False
    else:
        beaten = caster > resister
    amount = 2 + face
    if beaten:
        amount = max(0, amount - 1)
    else:
        amount = max(0, (amount - 1) // 2 if armour_first else amount // 2 - 1)
    left = hp - amount
    if amount == 0 or left > 0:
        return f"hp{left}"
    lives = (e1, e2) == (6, 6) or ((e1, e2) != (1, 1) and e1 + e2 + 1 >= -left)
    return "knocked_out" if lives else "dead"


def test_nicosw_11_3_skill_odds_equal_brute_force_over_every_face() -> None:
    figures = odds.action_odds(load(spell(4)), 1, "x", None, None)
    every = Distribution.enumerate([6] * 7, lambda *f: spell_by_hand(*f, hp=4))
    resist = next(c.outcomes for c in figures.checks if c.check == "resist")
    resisted = Distribution.enumerate([6] * 4, lambda c1, c2, r1, r2: spell_by_hand(c1, c2, r1, r2, 6, 6, 6, hp=99))
    assert resist.p("resisted") == resisted.p("hp96")  # halved: (2+6)//2-1 = 3
    assert figures.knock_out == every.probability(lambda r: r in ("knocked_out", "dead"))
    assert figures.kill == every.p("dead")
    assert 0 < figures.kill < figures.knock_out < 1
    final = figures.steps[-1].damage
    assert final.p(7) == Distribution.enumerate([6] * 5, lambda *f: spell_by_hand(*f, 6, 6, hp=99)).p("hp92")
    assert [s.step for s in figures.steps] == list(odds.STEPS)
    death = next(c.outcomes for c in figures.checks if c.check == "death_check")
    down = every.probability(lambda r: r in ("knocked_out", "dead"))
    assert death.p("failure") == every.p("dead") / down  # the 生死判定, given it is rolled


def test_nicosw_11_3_a_wrong_step_of_the_skill_fails_the_brute_force() -> None:
    """The comparison above can fail: halving after the 魔法防護点 instead of before changes the odds."""
    figures = odds.action_odds(load(spell(99)), 1, "x", None, None)

    def dealt(armour_first: bool) -> Distribution[int]:
        left = Distribution.enumerate([6] * 5, lambda *f: spell_by_hand(*f, 6, 6, hp=99, armour_first=armour_first))
        return left.map(lambda r: 99 - int(r.removeprefix("hp")))

    assert figures.steps[-1].damage == dealt(False)
    assert figures.steps[-1].damage != dealt(True)


def test_nicosw_11_3_every_part_resists_and_one_success_resists_for_all() -> None:
    bolt = {"id": "bolt", "name": "エネルギー・ボルト", "timing": "major_action", "range": 5, "target": "enemy",
            "resist": 10, "effects": [{"kind": "damage", "type": "magic", "amount": 3}]}
    ogre = char("b", 3, name="オーガ", checks={"willpower": 2},
                parts=[{"id": "head", "name": "頭部", "hp": 3, "willpower": 4}, {"id": "body", "name": "胴体", "hp": 9,
                                                                                  "core": True}])
    m = make({"x": char("a", 0, name="リア", skills=[bolt]), "y": ogre},
             [turn(1, {"x": [{"do": "skill", "skill": "bolt", "target": "y"}]})])
    figures = odds.action_odds(load(m), 1, "x", None, None)
    head_holds = Distribution.enumerate([6, 6], lambda a, b: (a, b) == (6, 6) or ((a, b) != (1, 1) and a + b + 4 >= 10))
    body_holds = Distribution.enumerate([6, 6], lambda a, b: (a, b) == (6, 6) or ((a, b) != (1, 1) and a + b + 2 >= 10))
    neither = head_holds.p(False) * body_holds.p(False)
    resist = next(c.outcomes for c in figures.checks if c.check == "resist")
    assert resist.p("not_resisted") == neither
    assert figures.knock_out == 0 and figures.kill is None  # the head falls, the core (9 HP) stands
    assert figures.steps[-1].damage == Distribution({3: neither, 0: 1 - neither})


def first_skill(events: list[dict]) -> dict | None:
    return next((e for e in events if e["kind"] == "skill"), None)


def test_nicosw_11_3_skill_odds_agree_with_the_resolvers_sampled_runs() -> None:
    """The exact chances of resisting and of falling against the resolver's own runs, each drawing
    every die afresh (``dhproc simulate``'s seeds); the 95 % intervals are narrow enough that a
    figure 8 points off would fall outside them."""
    from dhproc.simulate import run_log, run_seed
    from dhproc.odds.report import wilson

    match = load(spell(4))
    figures = odds.action_odds(match, 1, "x", None, None)
    runs = 400
    resisted = fell = 0
    for i in range(runs):
        events = run_log(match, run_seed(match.seed, i))["turns"][0]["events"]
        resisted += first_skill(events)["resisted"]
        fell += any(e["kind"] == "death_check" for e in events)
    exact_resist = next(c.outcomes for c in figures.checks if c.check == "resist").p("resisted")
    for exact, count in ((exact_resist, resisted), (figures.knock_out, fell)):
        low, high = wilson(count, runs)
        assert low <= exact <= high, f"exact {float(exact):.4f}, sampled {count}/{runs}"
        assert not low <= exact + Fraction(8, 100) <= high and not low <= exact - Fraction(8, 100) <= high
        assert 0 < exact < 1


def test_nicosw_11_3_dhproc_odds_of_a_skill_through_the_cli() -> None:
    from click.testing import CliRunner

    from dhproc.cli import cli

    result = CliRunner().invoke(cli, ["odds", "examples/nicosw/turn-02.yaml", "--who", "ria", "--json"])
    assert result.exit_code == 0, result.output
    import json

    out = json.loads(result.output)
    assert out["format_version"] == 1 and out["action"] == "1.skill"
    resist = next(c for c in out["checks"] if c["check"] == "resist")
    assert {o["outcome"]: o["p"] for o in resist["outcomes"]} == {"resisted": "5/12", "not_resisted": "7/12"}
    assert out["steps"][-1]["damage"] == [{"value": 0, "p": "5/12", "percent": 500 / 12},
                                          {"value": 4, "p": "7/12", "percent": 700 / 12}]
    text = CliRunner().invoke(cli, ["odds", "examples/nicosw/turn-02.yaml", "--who", "ria", "--action", "skill"])
    assert "精神抵抗判定：抵抗された 41.7%／抵抗されなかった 58.3%" in text.output
    english = CliRunner().invoke(cli, ["odds", "examples/nicosw/turn-02.yaml", "--who", "ria", "--lang", "en"])
    assert "resisted 41.7%" in english.output and "against 10; resisted, it leaves 消滅" in english.output


def test_nicosw_11_3_a_skill_beyond_the_mp_left_is_a_located_problem(tmp_path) -> None:
    from click.testing import CliRunner

    from dhproc.cli import cli

    costly = {**BOLT, "cost": 5}
    m = spell(4, costly)
    m["setup"]["characters"]["x"]["mp"] = 3
    path = tmp_path / "match.yaml"
    import json

    path.write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(cli, ["odds", str(path), "--who", "x"])
    assert result.exit_code == 1
    assert "リアのMP 3ではファイア・ボルト（コスト5）を使えません" in result.output and "Traceback" not in result.output


def test_nicosw_11_2_a_resistance_roll_has_its_chance_to_resist_in_the_dice_plan() -> None:
    """The 精神抵抗判定's first die carries the chance it resists: against the fixed 10 with base 2,
    2D6 ≥ 8 (15 in 36, as the odds of the skill give); against a 魔法行使 of [1,2]+2 = 5 with base 3,
    everything but the automatic failure 1-1 holds (35 in 36)."""
    plan = api.dice_plan(api.load("examples/nicosw/match.yaml"))
    resist = [r for r in plan if r["purpose"] == "resist"]
    assert [r["chance"] for r in resist if r["die"] == 1] == [Fraction(15, 36)]
    assert all("chance" not in r for r in resist if r["die"] == 2)
    figures = odds.action_odds(api.load("examples/nicosw/turn-02.yaml"), 2, "ria", None, None)
    assert next(c.outcomes for c in figures.checks if c.check == "resist").p("resisted") == Fraction(15, 36)
    log = api.resolve(load(spell(4)))
    events = log["turns"][0]["events"]
    casting = next(e for e in events if e["kind"] == "casting")
    first = next(e for e in events if e["kind"] == "roll" and e["purpose"] == "resist" and e["die"] == 1)
    by_hand = Distribution.enumerate([6, 6], lambda c1, c2: spell_by_hand(*casting["dice"], c1, c2, 6, 6, 6, hp=99))
    assert odds.roll_chance(first, events) == by_hand.p("hp96") == Fraction(35, 36)
    assert odds.roll_chance(first, events, {"auto_results": False}) == 1  # no 1-1 failure: 2D6+3 never below 5


def pair_classes() -> dict[tuple[int, int], int]:
    """Every 2D6 roll a check against a number tells apart, with how many of the 36 it stands for:
    the automatic 1-1 and 6-6, and one pair for each other total (NICOSW-3.1)."""
    out = {(1, 1): 1, (6, 6): 1}
    for total in range(3, 12):
        pairs = [(a, b) for a in range(1, 7) for b in range(1, 7) if a + b == total and (a, b) not in out]
        out[pairs[0]] = len(pairs)
    return out


def test_nicosw_11_3_the_resolver_over_every_class_of_dice_gives_the_skills_odds() -> None:
    """The resolver itself, run once for every 精神抵抗判定 (by class of 2D6), every face of the damage
    die and, where one follows, every 生死判定: the damage and what the target is left as, weighted
    by the dice each run stands for, are the odds' figures."""
    fixed = {**BOLT, "resist": {"target": 8, "on_success": "half"}}
    base = spell(3, fixed)
    outcomes: dict[str, Fraction] = {}
    dealt: dict[int, Fraction] = {}
    classes = pair_classes()

    def run(dice: list[int]) -> dict:
        m = {**base, "turns": [{**base["turns"][0], "dice": {"faces": dice, "then": "seeded"}}]}
        return api.resolve(load(m))["turns"][0]["events"]

    for resist, w in classes.items():
        for face in range(1, 7):
            probe = run([*resist, face])
            amount = next((e["amount"] for e in probe if e["kind"] == "damage"), 0)
            dealt[amount] = dealt.get(amount, 0) + Fraction(w, 36 * 6)
            deaths = classes if any(e["kind"] == "death_check" for e in probe) else {None: 36}
            for death, v in deaths.items():
                events = run([*resist, face, *death]) if death else probe
                check = next((e for e in events if e["kind"] == "death_check"), None)
                left = "hp" if check is None else "knocked_out" if check["success"] else "dead"
                outcomes[left] = outcomes.get(left, 0) + Fraction(w * v, 36 * 6 * 36)
    figures = odds.action_odds(load(base), 1, "x", None, None)
    assert figures.steps[-1].damage == Distribution(dealt)
    assert figures.knock_out == outcomes["knocked_out"] + outcomes["dead"]
    assert figures.kill == outcomes["dead"] and 0 < figures.kill < figures.knock_out


def test_nicosw_11_3_a_skill_at_a_removed_character_is_a_located_problem(tmp_path) -> None:
    from click.testing import CliRunner

    from dhproc.cli import cli

    ogre = char("b", 3, name="オーガ", parts=[{"id": "head", "name": "頭部", "hp": 3, "current_hp": 0, "core": True},
                                              {"id": "body", "name": "胴体", "hp": 9}])
    m = make({"x": char("a", 0, name="リア", skills=[BOLT], checks={"casting": 1}), "y": ogre},
             [turn(1, {"x": [{"do": "skill", "skill": "bolt", "target": "y"}]})])
    path = tmp_path / "match.yaml"
    import json

    path.write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(cli, ["odds", str(path), "--who", "x", "--lang", "en"])
    assert result.exit_code == 1, result.output
    assert "オーガ has left the battle" in result.output and "Traceback" not in result.output


# --------------------------------------------------------------------------- the caster's roll (NICOSW-11.4)

def volley(options: dict | None = None) -> dict:
    """リア (魔法行使 base 2) casts a two-target bolt at ゴブリン (精神抵抗 base 3) and オーガ, whose
    頭部 and 胴体 resist on bases 4 and 1: three 精神抵抗判定 against the one 魔法行使."""
    bolt = {**BOLT, "targets": 2}
    ogre = char("b", 5, name="オーガ", checks={"willpower": 1},
                parts=[{"id": "head", "name": "頭部", "hp": 9, "willpower": 4}, {"id": "body", "name": "胴体", "hp": 9,
                                                                                  "core": True}])
    chars = {"x": char("a", 3, checks={"casting": 2}, name="リア", skills=[bolt]),
             "y": char("b", 1, hp=99, checks={"willpower": 3}, name="ゴブリン"), "z": ogre}  # either side of her
    return make(chars, [turn(1, {"x": [{"do": "skill", "skill": "bolt", "target": ["y", "z"]}]})], options=options)


def none_resists_by_hand(auto: bool) -> Fraction:
    """``volley`` by hand: for each 魔法行使 [c1,c2]+2, the share of each 精神抵抗判定's 36 pairs it beats
    (bases 3, 4, 1), multiplied, as the three are rolled apart; averaged over the 36 casts."""
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    total = Fraction(0)
    for c1, c2 in pairs:
        cast = rolls.roll2("casting", c1, c2, 2, 0, auto_results=auto)
        share = Fraction(1)
        for base in (3, 4, 1):
            share *= Fraction(sum(rolls.beats(cast, rolls.roll2("willpower", r1, r2, base, 0, auto_results=auto),
                                              auto_in_opposed=True) for r1, r2 in pairs), 36)
        total += share / 36
    return total


def test_nicosw_11_4_the_casters_roll_has_the_chance_that_no_target_resists_it() -> None:
    """The 魔法行使's first die carries the chance that it beats every 精神抵抗判定 rolled against it
    (both targets, every part), counted over its own dice and theirs; the plan shows it under the
    match's ``auto_results``."""
    for options, auto in (({}, True), ({"auto_results": False}, False)):
        plan = api.dice_plan(load(volley(options)))
        casting = [r for r in plan if r["purpose"] == "casting"]
        assert [r["die"] for r in casting] == [1, 2] and "chance" not in casting[1]
        assert len([r for r in plan if r["purpose"] == "resist" and r["die"] == 1]) == 3
        assert casting[0]["chance"] == none_resists_by_hand(auto), options
    assert none_resists_by_hand(False) != none_resists_by_hand(True)
    first_only = Distribution.enumerate([6] * 4, lambda c1, c2, r1, r2: rolls.beats(
        rolls.roll2("casting", c1, c2, 2, 0, auto_results=True), rolls.roll2("willpower", r1, r2, 3, 0, auto_results=True),
        auto_in_opposed=True)).p(True)
    assert 0 < casting[0]["chance"] < first_only  # all three, not the first target alone


def test_nicosw_11_4_the_casters_roll_on_one_target_is_the_chance_its_skill_is_not_resisted() -> None:
    log = api.resolve(load(spell(4)))
    events = log["turns"][0]["events"]
    first = next(e for e in events if e["kind"] == "roll" and e["purpose"] == "casting" and e["die"] == 1)
    resist = next(c.outcomes for c in odds.action_odds(load(spell(4)), 1, "x", None, None).checks
                  if c.check == "resist")
    assert odds.roll_chance(first, events) == resist.p("not_resisted")
    assert 0 < resist.p("not_resisted") < 1


# --------------------------------------------------------------------------- an action the resolver cancels (NICOSW-11.5)

def at_removed_part(act: dict, tmp_path) -> tuple[Any, list[dict]]:
    """リア's ``act`` at オーガ's 頭部, removed before the round (0 HP): the odds through the CLI, and
    the events the resolver gives the same round."""
    from click.testing import CliRunner

    from dhproc.cli import cli

    ogre = char("b", 1, name="オーガ", checks={"willpower": 2},
                parts=[{"id": "head", "name": "頭部", "hp": 3, "current_hp": 0},
                       {"id": "body", "name": "胴体", "hp": 9, "core": True}])
    m = make({"x": char("a", 0, name="リア", skills=[{**BOLT, "target": "enemy_part"}], checks={"casting": 1}),
              "y": ogre}, [turn(1, {"x": [{**act, "target": "y", "part": "head"}]})])
    path = tmp_path / "match.yaml"
    path.write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    return (CliRunner().invoke(cli, ["odds", str(path), "--who", "x", "--lang", "en"]),
            api.resolve(load(m))["turns"][0]["events"])


def test_nicosw_11_5_an_attack_at_a_removed_part_is_cancelled_not_computed(tmp_path) -> None:
    result, events = at_removed_part({"do": "melee"}, tmp_path)
    assert [e["reason"] for e in events if e["kind"] == "cancel"] == ["part_removed"]
    assert result.exit_code == 1, result.output
    assert "match.yaml:" in result.output and "Traceback" not in result.output
    assert "オーガ's 頭部 has been removed from the battle" in result.output


def test_nicosw_11_5_a_skill_at_a_removed_part_is_cancelled_not_computed(tmp_path) -> None:
    result, events = at_removed_part({"do": "skill", "skill": "bolt"}, tmp_path)
    assert [e["reason"] for e in events if e["kind"] == "cancel"] == ["part_removed"]
    assert not any(e["kind"] == "roll" for e in events)
    assert result.exit_code == 1, result.output
    assert "オーガ's 頭部 has been removed from the battle" in result.output


def test_nicosw_11_5_an_attack_at_a_dead_target_is_cancelled_not_computed(tmp_path) -> None:
    from click.testing import CliRunner

    from dhproc.cli import cli

    m = duel(3, current_hp=-2, dead=True)
    m["setup"]["characters"]["z"] = char("b", 9, name="控え")  # so that the battle goes on
    m["setup"]["sides"]["b"]["order"].append("z")
    assert [e["reason"] for e in api.resolve(load(m))["turns"][0]["events"] if e["kind"] == "cancel"] == ["target_dead"]
    path = tmp_path / "match.yaml"
    path.write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(cli, ["odds", str(path), "--who", "x"])
    assert result.exit_code == 1, result.output
    assert "守りは死亡しています：この行動は取り消されるので確率はありません" in result.output


# --------------------------------------------------------------------------- effects other than damage (NICOSW-11.6)

def test_nicosw_11_6_a_skills_other_effects_take_hold_unresisted_on_a_target_still_alive(tmp_path) -> None:
    """A bolt that knocks down (転倒) after its damage: the 転倒 takes hold when the 精神抵抗判定 does
    not resist (半減 leaves it out) and the damage before it has not killed ゴブリン (HP 4); a second
    goblin keeps the battle going. By hand over every die, and through the CLI."""
    from click.testing import CliRunner

    from dhproc.cli import cli

    trip = {**BOLT, "effects": [*BOLT["effects"], {"kind": "prone"}]}
    m = spell(4, trip)
    m["setup"]["characters"]["z"] = char("b", 9, name="控え")
    m["setup"]["sides"]["b"]["order"].append("z")
    figures = odds.action_odds(load(m), 1, "x", None, None)
    held = next(c.outcomes for c in figures.checks if c.check == "effects")

    def by_hand(c1: int, c2: int, r1: int, r2: int, face: int, e1: int, e2: int) -> bool:
        unresisted = spell_by_hand(c1, c2, r1, r2, 6, 6, 6, hp=99) == "hp92"  # 2+6-1 in full, 3 halved
        return unresisted and spell_by_hand(c1, c2, r1, r2, face, e1, e2, hp=4) != "dead"

    every = Distribution.enumerate([6] * 7, by_hand)
    assert held.p("applied") == every.p(True)
    not_resisted = next(c.outcomes for c in figures.checks if c.check == "resist").p("not_resisted")
    assert 0 < held.p("applied") < not_resisted  # a death before it keeps the 転倒 off
    path = tmp_path / "match.yaml"
    path.write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    out = CliRunner().invoke(cli, ["odds", str(path), "--who", "x", "--lang", "en"]).output
    assert "effects other than damage: " in out and "all take hold" in out
    assert "counted only as the chance they take hold" in out


# --------------------------------------------------------------------------- the 先制判定 (NICOSW-11.7)

@functools.cache
def initiative_by_hand(rollers: tuple[tuple[str, int], ...], side: str) -> Fraction:
    """The chance ``side`` is 先手 worked out from every face of every roller's two dice, each
    outcome decided by the resolver's own functions; a tie at the top re-rolls among the tied (the
    same chance again when all of them tie, hence the division)."""
    decided = again = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=2 * len(rollers)):
        chance = Fraction(1, 36 ** len(rollers))
        totals = [rolls.roll2("initiative", faces[2 * i], faces[2 * i + 1], n, 0, auto_results=True).total
                  for i, (_, n) in enumerate(rollers)]
        tied = tuple(rollers[i] for i in rolls.initiative_tied(totals))
        first = rolls.first_side([s for s, _ in tied])
        if first is not None:
            decided += chance * (first == side)
        elif len(tied) == len(rollers):
            again += chance
        else:
            decided += chance * initiative_by_hand(tied, side)
    return decided / (1 - again)


def fresh_initiative(**numbers: tuple[str, int]) -> dict:
    """A battle about to begin: each character its side and its 先制 base; both sides place."""
    chars = {cid: char(sid, checks={"initiative": n}) for cid, (sid, n) in numbers.items()}
    squares = {"a": iter(range(0, 5)), "b": iter(range(7, 12))}
    place = {sid: {"placement": {cid: next(squares[sid]) for cid, (s, _) in numbers.items() if s == sid}}
             for sid in ("a", "b")}
    return make(chars, [turn(1, place["a"], place["b"])], start=None, deploy={"a": [0, 4], "b": [7, 11]})


@pytest.mark.parametrize("rollers", [(("a", 3), ("b", 1), ("b", 2)), (("a", 0), ("b", 0)), (("b", 4), ("a", 1))])
def test_nicosw_11_7_the_chance_to_take_the_initiative_equals_brute_force(rollers) -> None:
    for side in ("a", "b"):
        assert odds.takes_initiative(list(rollers), side) == initiative_by_hand(rollers, side)
    assert odds.takes_initiative(list(rollers), "a") + odds.takes_initiative(list(rollers), "b") == 1


def test_nicosw_11_7_each_initiative_roll_carries_its_sides_chance_in_the_dice_plan() -> None:
    m = fresh_initiative(x=("a", 3), y=("b", 1), z=("b", 2))
    plan = api.dice_plan(load(m))
    firsts = [r for r in plan if r["purpose"] == "initiative" and r["die"] == 1]
    exact = initiative_by_hand((("a", 3), ("b", 1), ("b", 2)), "a")
    assert [r["chance"] for r in firsts[:3]] == [exact, 1 - exact, 1 - exact]
    assert all("chance" not in r for r in plan if r["purpose"] == "initiative" and r["die"] == 2)


def test_nicosw_11_7_a_re_roll_carries_the_chance_among_the_tied_only() -> None:
    m = fresh_initiative(x=("a", 0), y=("b", 0), z=("b", 5))
    m["turns"][0]["dice"] = {"faces": [6, 6, 6, 6, 1, 1], "then": "seeded"}  # x and y tie at 12, z 7
    log = api.resolve(load(m))
    events = log["turns"][0]["events"]
    [again] = [e for e in events if e["kind"] == "initiative" and e["attempt"] == 2]
    reroll = next(e for e in events if e["kind"] == "roll" and e["purpose"] == "initiative" and e["draw"] == 7)
    assert [r["actor"] for r in again["rolls"]] == ["x", "y"] and reroll["actor"] == "x"
    assert odds.roll_chance(reroll, events) == Fraction(1, 2)


def test_nicosw_11_7_the_chance_to_take_the_initiative_agrees_with_the_resolvers_runs() -> None:
    """Against the resolver's own runs (``dhproc simulate``'s seeds): the 95 % interval is narrow
    enough that a figure 8 points off would fall outside it."""
    from dhproc.odds.report import wilson
    from dhproc.simulate import run_log, run_seed

    match = load(fresh_initiative(x=("a", 3), y=("b", 1), z=("b", 2)))
    runs = 400
    first = sum(next(e["first"] for e in run_log(match, run_seed(match.seed, i))["turns"][0]["events"]
                     if e["kind"] == "first_side") == "a" for i in range(runs))
    exact = odds.takes_initiative([("a", 3), ("b", 1), ("b", 2)], "a")
    low, high = wilson(first, runs)
    assert low <= exact <= high, f"exact {float(exact):.4f}, sampled {first}/{runs}"
    assert not low <= exact + Fraction(8, 100) <= high and not low <= exact - Fraction(8, 100) <= high


def test_nicosw_11_7_the_dice_plan_on_the_command_line_shows_the_initiative_chance(tmp_path) -> None:
    from click.testing import CliRunner

    from dhproc.cli import cli
    from dhproc.odds.text import percent

    path = tmp_path / "match.yaml"
    path.write_text(json.dumps(fresh_initiative(x=("a", 3), y=("b", 1), z=("b", 2)), ensure_ascii=False),
                    encoding="utf-8")
    out = CliRunner().invoke(cli, ["resolve", str(path), "--dice-plan"]).output
    exact = initiative_by_hand((("a", 3), ("b", 1), ("b", 2)), "a")
    lines = [line for line in out.splitlines() if "先制" in line or "initiative" in line]
    assert lines and percent(exact) in lines[0] and percent(1 - exact) in lines[2]


def test_nicosw_11_7_more_than_eight_rollers_leave_the_initiative_chance_empty() -> None:
    """Nine rollers give no figure (too many ties to weigh in a plan's time); their re-roll among
    two of them has its figure again."""
    many = {f"c{i}": ("a" if i % 2 else "b", 0) for i in range(9)}
    m = fresh_initiative(**many)
    # side a rolls first (c1, c3, c5, c7), then b (c0, c2, …): c1 and c0 tie at 12, the rest roll 2
    m["turns"][0]["dice"] = {"faces": [6, 6] + [1, 1] * 3 + [6, 6] + [1, 1] * 4, "then": "seeded"}
    log = api.resolve(load(m))
    events = log["turns"][0]["events"]
    firsts = [e for e in events if e["kind"] == "roll" and e["purpose"] == "initiative" and e["die"] == 1]
    assert len(firsts) >= 11 and all(odds.roll_chance(e, events) is None for e in firsts[:9])
    assert [odds.roll_chance(e, events) for e in firsts[9:11]] == [Fraction(1, 2)] * 2
    eight = fresh_initiative(**{cid: many[cid] for cid in list(many)[:8]})
    plan = api.dice_plan(load(eight))
    assert all("chance" in r for r in plan if r["purpose"] == "initiative" and r["die"] == 1)
