"""kagemiya's exact odds (KAGEMIYA-12): brute force over every face, the sampled fallback for a
pool too long to count, and the resolver's own sampled runs."""

from __future__ import annotations

from dhproc import api
from dhproc.odds.distribution import Distribution
from dhproc.rulesets.kagemiya import odds, rolls

from ..sampling import assert_within_sampling
from .helpers import char, load, make, sub


def duel(strength: int = 2, defence: int = 2, hp_endurance: int = 1, orders: list | None = None) -> dict:
    chars = {"saber": char("SABER", "red", strength=strength),
             "lancer": char("LANCER", "blue", strength=defence, endurance=hp_endurance)}
    blue = sub("lancer", defense={"lancer": orders}) if orders else sub("lancer")
    return make(chars, [{"submissions": {"red": sub("saber", {"actor": "saber", "do": "physical", "target": "lancer"}),
                                         "blue": blue}}])


def test_kagemiya_12_1_exact_odds_equal_brute_force_over_every_face() -> None:
    figures = odds.action_odds(load(duel()), 1, "saber", None, None)
    # 2D6 against 2D6, the excess is the damage; 耐久 1 is HP 5
    every = Distribution.enumerate([6] * 4, lambda a, b, c, d: rolls.attack_damage(a + b, c + d))
    assert figures.steps[0].damage == every
    assert figures.knock_out == every.probability(lambda x: x >= 5)
    attack = figures.checks[0].outcomes
    assert attack.p("hit") == every.probability(lambda x: x > 0)
    assert figures.approximate is None


def test_kagemiya_12_1_the_defence_follows_the_standing_orders_for_each_attack_total() -> None:
    boost = [{"if": {"of": "attack", "attr": "total", "at_least": 9}, "doubling": []},
             {"if": {"of": "attack", "attr": "total", "at_least": 10}, "command_spells": ["boost"]}]
    m = duel(orders=boost)
    m["setup"]["characters"]["bm"] = char("BM", "blue", "master", row="back", command_spells=3)
    m["setup"]["characters"]["lancer"]["master"] = "bm"
    figures = odds.action_odds(load(m), 1, "saber", None, None)

    def by_hand(a: int, b: int, c: int, d: int) -> int:
        return rolls.attack_damage(a + b, c + d + (5 if a + b >= 10 else 0))  # 令呪（補正） +5 from 10 on
    assert figures.steps[0].damage == Distribution.enumerate([6] * 4, by_hand)
    assert sum(1 for a in figures.assumptions if a.key == "defence_pool") == 2


def test_kagemiya_12_1_a_pool_too_long_to_count_is_sampled_and_flagged(monkeypatch) -> None:
    m = load(duel(strength=4, defence=4))
    exact = odds.action_odds(m, 1, "saber", None, None)
    monkeypatch.setattr(odds, "LIMIT", 100)  # 4D6 now counts as too long: the sampled figures
    sampled = odds.action_odds(m, 1, "saber", None, None)
    assert sampled.approximate is not None and exact.approximate is None
    assert sampled.approximate.size > sampled.approximate.limit == 100
    low, high = sampled.approximate.interval
    assert low <= exact.knock_out <= high  # the exact chance lies in the sample's interval
    assert sampled == odds.action_odds(m, 1, "saber", None, None)  # seeded: the same every time


def landed(events: list[dict], attack: dict) -> bool:
    after = events[events.index(attack):]
    result = next(e for e in after if e["kind"] == "attack_result" and e["target"] == attack["target"])
    return result["damage"] > 0


def test_kagemiya_12_1_agrees_with_the_sampled_runs_of_every_example() -> None:
    assert_within_sampling(api.load("examples/kagemiya/match.yaml"), odds.action_odds, landed=landed,
                           outcomes=("hit",))


def test_kagemiya_12_2_a_logged_roll_has_the_chance_the_odds_give() -> None:
    m = duel()
    events = api.resolve(load(m))["turns"][0]["events"]
    attack = next(e for e in events if e["kind"] == "roll" and e["purpose"] == "attack")
    figures = odds.action_odds(load(m), 1, "saber", None, None)
    assert odds.roll_chance(attack, events) == figures.checks[0].outcomes.p("hit")
    later = events[events.index(attack) + 1]
    assert later["kind"] == "roll" and odds.roll_chance(later, events) is None  # given on the pool's first die
    defence = next(e for e in events if e["kind"] == "roll" and e["purpose"] == "defense")
    total = next(e for e in events if e["kind"] == "attack_result")["attack"]
    assert odds.roll_chance(defence, events) == Distribution.dice(2, 6).at_least(total)
    assert odds.roll_luck(defence, events) == Distribution.die(6).percentile(defence["face"])


def test_kagemiya_12_2_the_dice_plan_shows_the_chance_of_every_attack_and_defence() -> None:
    plan = api.dice_plan(api.load("examples/kagemiya/match.yaml"))
    firsts = [r for i, r in enumerate(plan) if r["purpose"] in ("attack", "defense")
              and (i == 0 or plan[i - 1]["purpose"] != r["purpose"] or plan[i - 1].get("actor") != r.get("actor"))]
    assert firsts and all("chance" in r for r in firsts)
    assert sum(1 for r in plan if "chance" in r) == len(firsts)


def test_kagemiya_12_3_the_figures_say_they_count_the_reroll_command_spells() -> None:
    """A re-roll 令呪 chosen after the defence roll is counted, and the figures say so; an attack
    without one says nothing of it."""
    import yaml
    from pathlib import Path

    scenario = yaml.safe_load((Path(__file__).parents[2] / "scenarios" / "kagemiya"
                               / "reroll-after-defence.yaml").read_text(encoding="utf-8"))
    match = api.loads(yaml.safe_dump({**scenario["match"], "turns": scenario["match"]["turns"]}, allow_unicode=True))
    figures = odds.action_odds(match, 1, "saber", None, None)
    keys = [a.key for a in figures.assumptions]
    assert keys.count("reroll") == 1
    assert {c.check for c in figures.checks} >= {"defence_reroll", "attack_reroll"}
    assert "reroll" not in [a.key for a in odds.action_odds(load(duel()), 1, "saber", None, None).assumptions]


# --------------------------------------------------------------------------- decisions (KAGEMIYA-12.3)

def with_masters(m: dict, *, target_master_front: bool = False) -> dict:
    """``duel`` with each servant's master (3 令呪): rm behind saber, bm behind lancer (or in front)."""
    chars = m["setup"]["characters"]
    chars["rm"] = char("RM", "red", "master", row="back", strength=1, command_spells=3)
    chars["bm"] = char("BM", "blue", "master", row="front" if target_master_front else "back", strength=1,
                       endurance=1, command_spells=3)
    chars["saber"]["master"], chars["lancer"]["master"] = "rm", "bm"
    return m


def redirect_duel() -> dict:
    """saber attacks BM (front row, 1D6 of 筋力 1, HP 5), whose standing order turns an attack of 9 or
    more to its servant lancer (2D6, HP 5) with a 令呪 (KAGEMIYA-11.5)."""
    m = with_masters(duel(), target_master_front=True)
    turn = m["turns"][0]["submissions"]
    turn["red"]["actions"][0]["target"] = "bm"
    turn["blue"]["defense"] = {"bm": [{"if": {"of": "attack", "attr": "total", "at_least": 9},
                                       "command_spells": ["redirect"]}]}
    return m


def by_hand_redirect(a: int, b: int, c: int, d: int) -> tuple[str, int]:
    atk = a + b
    if atk >= 9:  # lancer answers with its 2D6
        return "lancer", rolls.attack_damage(atk, c + d)
    return "bm", rolls.attack_damage(atk, c)  # BM's own 1D6 (the fourth die plays no part)


def test_kagemiya_12_3_a_redirect_is_followed_total_by_total_as_the_resolver_decides() -> None:
    figures = odds.action_odds(load(redirect_duel()), 1, "saber", None, None)
    every = Distribution.enumerate([6] * 4, by_hand_redirect)
    checks = {c.check: c.outcomes for c in figures.checks}
    assert figures.steps[0].damage == every.map(lambda r: r[1])
    assert checks["redirect"].p("used") == every.probability(lambda r: r[0] == "lancer") == Distribution.dice(
        2, 6).probability(lambda x: x >= 9)
    assert figures.knock_out == every.probability(lambda r: r[0] == "bm" and r[1] >= 5)
    assert checks["falls"].p("servant_down") == every.probability(lambda r: r[0] == "lancer" and r[1] >= 5)
    assert any(a.key == "redirect" for a in figures.assumptions)
    # not the figure of BM defending every attack itself
    assert figures.knock_out != Distribution.enumerate([6] * 3, lambda a, b, c: a + b - c >= 5).p(True)


def defender_reroll_duel(**react) -> dict:
    """lancer (HP 5) re-rolls its defence with a 令呪 (+3, paid by bm) when 3 or more damage is about
    to be taken (KAGEMIYA-11.6)."""
    m = with_masters(duel(hp_endurance=1, orders=[{"after_roll": True, "if": {"of": "damage", "attr": "amount",
                                                                             "at_least": 3},
                                                   "command_spells": ["reroll"]}]))
    return m


def test_kagemiya_12_3_the_defenders_reroll_is_counted_on_the_totals_both_sides_see() -> None:
    figures = odds.action_odds(load(defender_reroll_duel()), 1, "saber", None, None)

    def by_hand(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
        atk, dfn = a + b, c + d
        if atk - dfn >= 3:
            dfn = e + f + 3
        return rolls.attack_damage(atk, dfn)
    every = Distribution.enumerate([6] * 6, by_hand)
    assert figures.steps[0].damage == every
    assert figures.knock_out == every.probability(lambda x: x >= 5)
    rerolled = {c.check: c.outcomes for c in figures.checks}["defence_reroll"]
    assert rerolled.p("used") == Distribution.enumerate([6] * 4, lambda a, b, c, d: a + b - c - d >= 3).p(True)
    # not the figure without the re-roll
    assert figures.steps[0].damage != Distribution.enumerate([6] * 4, lambda a, b, c, d: rolls.attack_damage(
        a + b, c + d))


def test_kagemiya_12_3_the_attackers_react_is_counted_on_the_defence_it_sees() -> None:
    m = with_masters(duel(hp_endurance=1))
    m["turns"][0]["submissions"]["red"]["actions"][0]["react"] = [
        {"if": {"of": "defense", "attr": "total", "at_least": 7}, "command_spells": ["reroll"]}]
    figures = odds.action_odds(load(m), 1, "saber", None, None)

    def by_hand(a: int, b: int, c: int, d: int, g: int, h: int) -> int:
        atk, dfn = a + b, c + d
        if dfn >= 7:
            atk = g + h + 3
        return rolls.attack_damage(atk, dfn)
    every = Distribution.enumerate([6] * 6, by_hand)
    assert figures.steps[0].damage == every
    assert {c.check: c.outcomes for c in figures.checks}["attack_reroll"].p("used") == Distribution.dice(
        2, 6).probability(lambda x: x >= 7)


def test_kagemiya_12_3_no_reroll_is_counted_that_its_payer_cannot_pay() -> None:
    m = defender_reroll_duel()
    m["setup"]["characters"]["bm"]["command_spells"] = 0  # the 令呪 is a cancel: the roll stands
    figures = odds.action_odds(load(m), 1, "saber", None, None)
    assert figures.steps[0].damage == Distribution.enumerate([6] * 4, lambda a, b, c, d: rolls.attack_damage(
        a + b, c + d))
    assert "defence_reroll" not in {c.check for c in figures.checks}


def every_decision() -> dict:
    """A redirect to lancer, whose after-roll order re-rolls, and saber's react: every decision."""
    m = redirect_duel()
    turn = m["turns"][0]["submissions"]
    turn["blue"]["defense"]["lancer"] = [{"after_roll": True, "if": {"of": "damage", "attr": "amount", "at_least": 2},
                                          "command_spells": ["reroll"]}]
    turn["red"]["actions"][0]["react"] = [{"if": {"of": "damage", "attr": "amount", "at_most": 1},
                                           "command_spells": ["reroll"]}]
    return m


def test_kagemiya_12_3_every_decision_agrees_with_the_resolvers_seeded_runs() -> None:
    from dhproc.odds.report import wilson
    from dhproc.simulate import run_log, run_seed

    m = load(every_decision())
    figures = odds.action_odds(m, 1, "saber", None, None)
    checks = {c.check: c.outcomes for c in figures.checks}
    runs, seen = 400, {"hit": 0, "used": 0}
    for i in range(runs):
        events = run_log(m, run_seed(1, i))["turns"][0]["events"]
        result = next(e for e in events if e["kind"] == "attack_result")
        seen["hit"] += result["damage"] > 0
        seen["used"] += any(e["kind"] == "reroll" and e.get("stage") == "after_roll" for e in events)
    for name, exact in (("hit", checks["attack"].p("hit")), ("used", checks["defence_reroll"].p("used"))):
        low, high = wilson(seen[name], runs)
        assert low <= exact <= high, (name, float(exact), seen[name])
        assert 0 < exact < 1


def test_kagemiya_12_3_decisions_too_many_to_count_are_sampled_and_flagged(monkeypatch) -> None:
    m = load(every_decision())
    exact = odds.action_odds(m, 1, "saber", None, None)
    monkeypatch.setattr(odds, "LIMIT", 200)  # the branches now exceed the limit: sampled, never cut off
    sampled = odds.action_odds(m, 1, "saber", None, None)
    assert exact.approximate is None and sampled.approximate is not None
    assert sampled.approximate.size > 200
    hit = {c.check: c.outcomes for c in exact.checks}["attack"].p("hit")
    sampled_hit = {c.check: c.outcomes for c in sampled.checks}["attack"].p("hit")
    low, high = wilson_of(sampled_hit, sampled.approximate.samples)
    assert low <= hit <= high
    low, high = sampled.approximate.interval
    assert low <= exact.knock_out <= high


def wilson_of(p, samples: int):
    from dhproc.odds.report import wilson

    return wilson(round(p * samples), samples)
