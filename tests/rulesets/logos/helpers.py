"""Builders for logos matches: two teams of 9 (5 named starters + 4 bench fillers), resolved in memory."""

from __future__ import annotations

from typing import Any

from ..common import events, load, report, resolve  # noqa: F401  (the helpers tests import from here)


def char(name: str, side: str, *, color: str | list[str] = "灰", weak: str | list[str] = "黄", atk: int = 3,
         dfn: int = 9, rea: int = 5, **extra: Any) -> dict:
    """A character; by default it can hardly hurt or be hurt (攻撃3 vs 防御9, colours that do not match)."""
    return {"name": name, "side": side, "colors": [color] if isinstance(color, str) else color,
            "weaknesses": [weak] if isinstance(weak, str) else weak, "attack": atk, "defense": dfn,
            "reaction": rea, **extra}


def team(side: str, starters: dict[str, dict] | None = None, bench: dict[str, dict] | None = None) -> dict:
    """``starters`` (up to 5, filled up) and ``bench`` (filled up to 9) of one side."""
    chars = dict(starters or {})
    i = 1
    while len(chars) < 5:
        chars.setdefault(f"{side}{i}", char(f"{side}{i}", side))
        i += 1
    chars.update(bench or {})
    j = 1
    while len(chars) < 9:
        chars.setdefault(f"{side}b{j}", char(f"{side}控{j}", side, rea=0))
        j += 1
    return chars


def make(red: dict | None = None, blue: dict | None = None, *, red_bench: dict | None = None,
         blue_bench: dict | None = None, options: dict | None = None, dice: Any = None, seed: Any = 1,
         stage: str | None = None, first: str | None = None, submissions: dict | None = None,
         choices: dict | None = None, turns: list | None = None) -> dict:
    """A match dict. Starters are the first five of each team in the order given."""
    r, b = team("red", red, red_bench), team("blue", blue, blue_bench)
    setup: dict[str, Any] = {"sides": {"red": {"name": "赤組"}, "blue": {"name": "青組"}},
                             "characters": {**r, **b}}
    if stage:
        setup["stage"] = stage
    if first:
        setup["first"] = first
    if submissions is None:
        submissions = {"red": {"starters": list(r)[:5]}, "blue": {"starters": list(b)[:5]}}
        for sid, ch in (choices or {}).items():
            submissions[sid]["choices"] = ch
    turn: dict[str, Any] = {"turn": 1, "submissions": submissions}
    if dice is not None:
        turn["dice"] = dice
    return {"dhproc": 1, "ruleset": "logos", "seed": seed, "options": options or {}, "setup": setup,
            "turns": turns if turns is not None else [turn]}


def skill(name: str, timing: str, *effects: dict, rate: int = 100, condition: dict | None = None,
          trigger: dict | None = None, charge: bool = False) -> dict:
    s: dict[str, Any] = {"name": name, "timing": timing, "rate": rate, "effects": list(effects)}
    if condition is not None:
        s["condition"] = condition
    if trigger is not None:
        s["trigger"] = trigger
    if charge:
        s["charge"] = True
    return s


def stat(target: str, which: str, value: int, turns: int | None = None) -> dict:
    e = {"op": "stat", "target": target, "stat": which, "value": value}
    if turns is not None:
        e["turns"] = turns
    return e
