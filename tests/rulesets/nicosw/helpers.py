"""Builders for nicosw matches: two sides `a` and `b` on a line, resolved in memory."""

from __future__ import annotations

from typing import Any

from ..common import events, load, resolve  # noqa: F401  (the helpers tests import from here)

CHECKS = {"initiative": 0, "attack_check": 0, "defense_check": 0, "sprint": 0, "retreat": 0, "death_check": 0,
          "willpower": 0}


def char(side: str, at: Any = None, *, level: int = 1, agility: int = 2, hp: int = 10, armor: int = 0,
         magic_armor: int = 0, checks: dict | None = None, **extra: Any) -> dict:
    """A character whose checks all have base 0 unless given; ``at`` a square (mid-battle setups)."""
    c: dict[str, Any] = {"name": extra.pop("name", None) or "x", "side": side, "level": level, "agility": agility,
                         "checks": {**CHECKS, **(checks or {})}}
    if "parts" not in extra:
        c.update(hp=hp, armor=armor, magic_armor=magic_armor)
    if at is not None:
        c["at"] = at
    c.update(extra)
    return c


def make(chars: dict[str, dict], turns: list[dict] | None = None, *, options: dict | None = None,
         length: int = 12, start: dict | None = "default", deploy: dict | None = None, effects: list | None = None,
         seed: Any = 1) -> dict:
    """A match dict. By default the battle is under way: round 1, 表, side `a` is 先手."""
    sides: dict[str, Any] = {}
    for sid in ("a", "b"):
        sides[sid] = {"name": {"a": "味方", "b": "敵"}[sid]}
        order = [c for c, v in chars.items() if v["side"] == sid]
        if order:
            sides[sid]["order"] = order
        if deploy:
            sides[sid]["deploy"] = deploy[sid]
    setup: dict[str, Any] = {"map": {"length": length}, "sides": sides, "characters": chars}
    if start == "default":
        start = {"round": 1, "half": "top", "first": "a"}
    if start is not None:
        setup["start"] = start
    if effects:
        setup["effects"] = effects
    return {"dhproc": 1, "ruleset": "nicosw", "seed": seed, "options": options or {}, "setup": setup,
            "turns": turns if turns is not None else []}


def turn(n: int, a: dict | None = None, b: dict | None = None, dice: Any = None) -> dict:
    """Turn ``n``: ``a`` / ``b`` are the sides' submissions (a dict of goes, or a full submission)."""
    subs = {}
    for sid, sub in (("a", a), ("b", b)):
        if sub is None:
            continue
        full = any(k in sub for k in ("goes", "placement", "placement_if_first", "order", "surrender", "reenter"))
        subs[sid] = sub if full else {"goes": sub}
    t: dict[str, Any] = {"turn": n, "submissions": subs}
    if dice is not None:
        t["dice"] = dice
    return t


def problems(m: dict) -> list[str]:
    from dhproc.errors import InputError

    try:
        resolve(m)
    except InputError as exc:
        return [p.format() for p in exc.problems]
    return []
