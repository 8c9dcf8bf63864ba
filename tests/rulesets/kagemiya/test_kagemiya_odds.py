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


def test_kagemiya_11_6_odds_name_the_reroll_command_spells_they_leave_out() -> None:
    """A re-roll 令呪 chosen after the defence roll depends on the dice both sides see: the odds of
    that attack say they do not count it, and an attack without one says nothing of it."""
    import yaml
    from pathlib import Path

    scenario = yaml.safe_load((Path(__file__).parents[2] / "scenarios" / "kagemiya"
                               / "reroll-after-defence.yaml").read_text(encoding="utf-8"))
    match = api.loads(yaml.safe_dump({**scenario["match"], "turns": scenario["match"]["turns"]}, allow_unicode=True))
    keys = [a.key for a in odds.action_odds(match, 1, "saber", None, None).assumptions]
    assert keys.count("reroll") == 1
    assert "reroll" not in [a.key for a in odds.action_odds(load(duel()), 1, "saber", None, None).assumptions]
