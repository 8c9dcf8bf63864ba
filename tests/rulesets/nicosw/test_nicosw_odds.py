"""nicosw's exact odds (NICOSW-11): brute force over every face, and the resolver's own sampled runs."""

from __future__ import annotations

from fractions import Fraction

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
