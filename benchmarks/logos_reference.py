"""A minimal pure-Python ロゴス round: the floor `make bench` compares dhproc's logos round with.

Only the rules a skill-less round reads (docs/rules/logos.md): 先攻 by the greater 反応 sum
(LOGOS-2.2), the actives in 行動順 (LOGOS-3.1), the higher 反応 acting first, 先攻 on a tie
(LOGOS-3.3), an attack that knocks out when a colour is a weakness or 攻撃 ≥ 防御 and scores 1 DP
when both hold (LOGOS-4), both actives knocked out when neither fell (LOGOS-3.9), and the round won
by the side left standing (LOGOS-9). Nothing else: no skills, fields, keywords or coin.
"""

from __future__ import annotations

import random
from typing import NamedTuple

COLORS = ("赤", "青", "緑", "黄", "紫", "灰")


class Fighter(NamedTuple):
    cid: str
    side: str
    color: str
    weakness: str
    attack: int
    defense: int
    reaction: int


def random_round(seed: int) -> tuple[list[Fighter], list[Fighter]]:
    """Two teams of 5 starters whose 反応 sums differ (so no coin decides 先攻)."""
    rng = random.Random(seed)
    while True:
        teams = tuple([Fighter(f"{side}{i}", side, rng.choice(COLORS), rng.choice(COLORS), rng.randint(1, 10),
                               rng.randint(1, 10), rng.randint(1, 10)) for i in range(5)] for side in "ab")
        if sum(f.reaction for f in teams[0]) != sum(f.reaction for f in teams[1]):
            return teams


def round_yaml(seed: int) -> str:
    a, b = random_round(seed)
    chars = "\n".join(f"    {f.cid}: {{name: {f.cid}, side: {f.side}, colors: [{f.color}], weaknesses: [{f.weakness}],"
                      f" attack: {f.attack}, defense: {f.defense}, reaction: {f.reaction}}}" for f in a + b)
    return ("dhproc: 1\nruleset: logos\nseed: 1\noptions: {team_size: 5}\nsetup:\n  stage: league\n"
            "  sides: {a: {name: A}, b: {name: B}}\n  characters:\n" + chars + "\n"
            "turns:\n  - {turn: 1, submissions: {a: {starters: [a0, a1, a2, a3, a4]},"
            " b: {starters: [b0, b1, b2, b3, b4]}}}\n")


def play(a: list[Fighter], b: list[Fighter]) -> tuple[str, str | None, dict[str, int]]:
    """(result, winner, DP) of one round."""
    first = "a" if sum(f.reaction for f in a) > sum(f.reaction for f in b) else "b"
    standing = {"a": list(a), "b": list(b)}
    dp = {"a": 0, "b": 0}
    while standing["a"] and standing["b"]:
        x, y = standing["a"][0], standing["b"][0]
        movers = sorted((x, y), key=lambda f: (-f.reaction, f.side != first))
        down = set()
        for attacker in movers:
            if attacker.cid in down:
                continue
            target = y if attacker is x else x
            color, power = attacker.color == target.weakness, attacker.attack >= target.defense
            if color or power:
                down.add(target.cid)
            if color and power:
                dp[attacker.side] += 1
        if not down:
            down = {x.cid, y.cid}
        for side in "ab":
            standing[side] = [f for f in standing[side] if f.cid not in down]
    if standing["a"] or standing["b"]:
        return "win", "a" if standing["a"] else "b", dp
    return "draw", None, dp
