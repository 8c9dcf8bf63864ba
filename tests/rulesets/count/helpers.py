"""Builders for count matches: units with quiet defaults, resolved in memory."""

from __future__ import annotations

from typing import Any

from ..common import events, load, report, resolve  # noqa: F401  (the helpers tests import from here)

SLASH = {"name": "斬撃", "timing": "main_action", "normal": True, "check": "hit", "kind": "none", "range": 1,
         "damage": {"fixed": 5, "attributes": ["斬"]}}


def unit(name: str, side: str, at: str, count: int, *, kind: str | None = None, **extra: Any) -> dict:
    """A unit whose dice rarely matter: C 21 / F 1 on 2D10 never crit and fumble only on ... never
    (2D10 ≥ 2), 回避C 0 / F 101 neither, CA値 0 and no CA left."""
    u = {"name": name, "side": side, "kind": kind or ("pc" if side == "pc" else "enemy"), "at": at, "count": count,
         "hit": 10, "evasion": 10, "magic": 10, "resistance": 10, "agility": 5, "move_cost": 1, "move_limit": 3,
         "hit_crit": 21, "hit_fumble": 1, "evasion_crit": 0, "evasion_fumble": 101, "ca_value": 0, "ca_left": 0,
         "hp": 30, "skills": [dict(SLASH)]}
    u.update(extra)
    return u


def make(units: dict[str, dict], plans: dict[str, dict] | None = None, *, options: dict | None = None,
         dice: Any = None, seed: Any = 1, setup: dict | None = None, turns: list | None = None) -> dict:
    """A match dict: sides pc / enemy; ``plans`` is the turn's submissions (both sides submitted)."""
    subs = {"pc": {}, "enemy": {}}
    for sid, sub in (plans or {}).items():
        subs[sid] = sub
    turn: dict[str, Any] = {"turn": 1, "submissions": subs}
    if dice is not None:
        turn["dice"] = dice
    s = {"sides": {"pc": {"name": "PC"}, "enemy": {"name": "エネミー"}}, "characters": units}
    s.update(setup or {})
    return {"dhproc": 1, "ruleset": "count", "seed": seed, "options": options or {}, "setup": s,
            "turns": turns if turns is not None else [turn]}
