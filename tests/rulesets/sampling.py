"""Exact odds against the simulation's own runs: what every ruleset's odds tests share.

The first attack of a match's first turn is made at the state the turn starts from, so the chance
the odds give that it lands must fall inside the 95 % Wilson interval of the runs ``dhproc
simulate`` resolves (run i seeded ``run_seed(seed, i)``, every die drawn afresh). The runs are
seeded, so the test gives the same verdict every time; an odds computation that drifts from the
resolver by more than the interval fails it.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from dhproc import api
from dhproc.odds.report import wilson
from dhproc.simulate import run_log, run_seed

RUNS = 300


def first_attack(events: list[dict]) -> dict:
    return next(e for e in events if e["kind"] == "attack")


def target_of(attack: dict) -> str:
    return attack.get("target") or attack["targets"][0]


def assert_within_sampling(match, action_odds: Callable, *, landed: Callable[[list[dict], dict], bool],
                           outcomes: tuple[str, ...] = ("hit", "critical"), check: str = "attack",
                           runs: int = RUNS) -> None:
    turn = match.turns[0]
    one_turn = dataclasses.replace(match, turns=[turn], report_turns=[turn.number])
    attack = first_attack(api.resolve(one_turn)["turns"][0]["events"])
    who, target = attack["actor"], target_of(attack)
    figures = action_odds(match, turn.number, who, target, None)
    chances = next(c.outcomes for c in figures.checks if c.check == check)
    exact = chances.probability(lambda o: o in outcomes)
    hits = made = 0
    for i in range(runs):
        events = run_log(one_turn, run_seed(match.seed, i))["turns"][0]["events"]
        sampled = next((e for e in events if e["kind"] == "attack" and e["actor"] == who and target_of(e) == target),
                       None)
        if sampled is not None:  # a run whose dice let someone fall first has no such attack
            made += 1
            hits += landed(events, sampled)
    assert made >= runs // 2
    low, high = wilson(hits, made)
    assert low <= exact <= high, f"{who} → {target}: exact {float(exact):.4f}, sampled {hits}/{made}"
    assert 0 < exact < 1  # a check whose result is certain would prove nothing here
