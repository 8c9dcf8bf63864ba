"""count's exact odds (COUNT-11): the seed's worked example, brute force over every face, and the
resolver's own sampled runs."""

from __future__ import annotations

from fractions import Fraction

from dhproc import api
from dhproc.odds.distribution import Distribution
from dhproc.rulesets.count import odds, rolls

from ..sampling import assert_within_sampling
from .helpers import load, make, unit


def test_count_11_3_the_seed_example_gives_the_evasion_rate_distribution_over_2d10() -> None:
    # 【命中】15 against 【回避】13: A = 15 + S for the 2D10 sum S, so 回避率 = (20 − (15 + S − 13)) × 5
    # = (18 − S) × 5, from 0 to 100. P(S = s) is (s − 1)/100 for s ≤ 11 and (21 − s)/100 above, so:
    # S = 2 → 80 % (1/100), 3 → 75 (2/100), … 10 → 40 (9/100), 11 → 35 (10/100), 12 → 30 (9/100), …
    # 17 → 5 (4/100); S = 18, 19, 20 all give 0 (3 + 2 + 1 = 6/100). The C/F values change no rate.
    expected = {80: 1, 75: 2, 70: 3, 65: 4, 60: 5, 55: 6, 50: 7, 45: 8, 40: 9, 35: 10,
                30: 9, 25: 8, 20: 7, 15: 6, 10: 5, 5: 4, 0: 6}
    rates = odds.evasion_rates(15, 13, hit_crit=18, hit_fumble=3)
    assert dict(rates.items()) == {rate: Fraction(n, 100) for rate, n in expected.items()}
    # the seed's own figure: a 2D10 of 12 gives 27 and 30 %
    assert rolls.evasion_rate(15 + 12, 13) == 30


def duel(**attacker) -> dict:
    a = unit("アタッカー", "pc", "E5", 10, hit=15, hit_crit=18, hit_fumble=3, **attacker)
    t = unit("ターゲット", "enemy", "E6", 5, evasion=13, evasion_crit=6, evasion_fumble=90, ca_value=6, ca_left=1,
             hp=9, resist={"斬": 2})
    plans = {"pc": {"plans": {"a": [{"main_action": {"skill": "斬撃", "targets": ["t"]}}]}},
             "enemy": {"reactions": {"t": {"ca": True}}}}
    return make({"a": a, "t": t}, plans)


SMALL = {"name": "斬撃", "timing": "main_action", "normal": True, "check": "hit", "kind": "none", "range": 1,
         "damage": {"fixed": 4, "dice": {"count": 1, "sides": 3}, "attributes": ["斬"]}}


def brute_force(d1: int, d2: int, face: int, dmg: int, crit_die: int) -> tuple[str, bool, bool]:
    """The attack of ``duel`` worked out from one combination of every die it can roll."""
    h = rolls.hit_check(15, d1, d2, 18, 3)
    if h.fumble:
        return "fumble", False, False
    ev = rolls.evasion(face, rolls.evasion_rate(h.total, 13), hit_critical=h.critical, evasion_crit=6,
                       evasion_fumble=90, crit_evades=True)
    countered = rolls.ca_eligible(rolls.ca_reading(face)[2], 6, 1)
    if ev.evaded:
        return "evaded", False, countered
    planned = rolls.planned_damage(4, [], [dmg], [crit_die] if h.critical else [], [])
    final = rolls.damage_steps(planned, resist=2, resist_mode="flat", multiplier=1, reductions=[], real_changes=[],
                               unreducible=ev.fumble).final
    return ("critical" if h.critical else "hit"), rolls.knocks_out(9, final, "zero"), countered


def test_count_11_1_exact_odds_equal_brute_force_over_every_face() -> None:
    m = duel(skills=[dict(SMALL)])
    figures = odds.action_odds(load(m), 1, "a", None, None)
    every = Distribution.enumerate([10, 10, 100, 3, 10], brute_force)
    checks = {c.check: c.outcomes for c in figures.checks}
    assert checks["attack"] == every.map(lambda r: r[0])
    assert checks["ca_check"] == every.map(lambda r: "countered" if r[2] else "failure")
    assert figures.knock_out == every.probability(lambda r: r[1])
    assert 0 < figures.knock_out < 1
    assert [s.step for s in figures.steps] == ["planned", "after_resist", "real", "final"]


def test_count_11_1_rerolls_of_a_fumble_are_counted() -> None:
    m = duel(skills=[dict(SMALL)], rerolls=1)
    m["turns"][0]["submissions"]["pc"]["reactions"] = {"a": {"reroll_hit_fumble": True}}
    figures = odds.action_odds(load(m), 1, "a", None, None)
    hit = next(c.outcomes for c in figures.checks if c.check == "hit_check")
    assert hit.p("fumble") == Fraction(3, 100) ** 2  # 2D10 ≤ 3 twice in a row
    assert any(a.key == "rerolls.hit" for a in figures.assumptions)


def test_count_11_1_the_verdict_counts_hits() -> None:
    m = duel(skills=[dict(SMALL)])
    figures = odds.action_odds(load(m), 1, "a", None, None)
    # 4 + 1D3 − 2 (耐性) is 3–5 a hit (a critical adds 1D10): 9 HP fall to 2 hits at best
    assert figures.hits_to_knock_out.p(1) > 0  # a critical can do it at once
    assert figures.hits_to_knock_out.probability(lambda n: 0 < n <= 3) == 1


def test_count_11_1_agrees_with_the_sampled_runs_of_every_example() -> None:
    assert_within_sampling(api.load("examples/count/match.yaml"), odds.action_odds, landed=landed)


def landed(events: list[dict], attack: dict) -> bool:
    """Whether the sampled attack landed on its first target (no fumble, no evasion)."""
    after = events[events.index(attack) + 1:]
    for e in after:
        if e["kind"] == "miss_all":
            return False
        if e["kind"] == "no_evasion":
            return True
        if e["kind"] == "evasion" and e["final"]:
            return not e["evaded"]
    return False


def test_count_11_2_a_logged_roll_has_the_chance_the_odds_give() -> None:
    log = api.resolve(load(duel(skills=[dict(SMALL)])))
    events = log["turns"][0]["events"]
    first = next(e for e in events if e["kind"] == "roll" and e["purpose"] == "hit_check")
    figures = odds.action_odds(load(duel(skills=[dict(SMALL)])), 1, "a", None, None)
    attack = next(c.outcomes for c in figures.checks if c.check == "attack")
    assert odds.roll_chance(first, events) == attack.p("hit") + attack.p("critical")
    evasion = next(e for e in events if e["kind"] == "roll" and e["purpose"] == "evasion")
    assert odds.roll_luck(evasion, events) == 1 - (Fraction(evasion["face"] - 1, 100) + Fraction(1, 200))
    assert odds.roll_chance(first, events[:events.index(first) + 1]) is None  # the check's figures come after


def test_count_11_2_the_dice_plan_shows_the_chance_of_every_check() -> None:
    from click.testing import CliRunner

    from dhproc.cli import cli

    plan = api.dice_plan(api.load("examples/count/match.yaml"))
    first = next(r for r in plan if r["purpose"] == "hit_check")
    figures = odds.action_odds(api.load("examples/count/match.yaml"), 1, first["actor"], None, None)
    attack = next(c.outcomes for c in figures.checks if c.check == "attack")
    assert first["chance"] == attack.p("hit") + attack.p("critical")
    assert all("chance" in r for r in plan if r["purpose"] == "evasion")
    out = CliRunner().invoke(cli, ["resolve", "examples/count/match.yaml", "--dice-plan"]).output
    assert "63.8%" in out  # アオイ's 斬撃 lands on ゴブリンA: 58.1 % + 5.7 %
