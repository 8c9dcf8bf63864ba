"""Builders for kagemiya matches: small stats, so a pool is a handful of recorded dice."""

from __future__ import annotations

from typing import Any

from ..common import events, load, resolve

__all__ = ["char", "pair", "standard", "sub", "make", "load", "resolve", "events", "problems"]


def char(name: str, side: str, kind: str = "servant", *, row: str = "front", strength: Any = 2,
         endurance: Any = 2, agility: Any = 2, mana: Any = 1, luck: Any = 1, **extra: Any) -> dict:
    """A character; with 耐久 2 its HP is 10 (5 × 耐久)."""
    return {"name": name, "side": side, "kind": kind, "row": row, "strength": strength, "endurance": endurance,
            "agility": agility, "mana": mana, "luck": luck, **extra}


def pair(side: str, servant: str, master: str, **servant_extra: Any) -> dict:
    """A servant in front and its master behind."""
    return {servant: char(servant.upper(), side, master=master, **servant_extra),
            master: char(master.upper(), side, "master", row="back", strength=1, agility=1)}


def standard(**extra: dict) -> dict:
    """red: saber (master rm), blue: lancer (master bm); ``extra`` overrides characters by id."""
    chars = {**pair("red", "saber", "rm"), **pair("blue", "lancer", "bm")}
    for cid, data in extra.items():
        chars[cid] = {**chars.get(cid, {}), **data}
    return chars


def sub(initiative: str | dict | None = None, *actions: dict, **extra: Any) -> dict:
    out: dict[str, Any] = {}
    if initiative is not None:
        out["initiative"] = {"roller": initiative} if isinstance(initiative, str) else initiative
    if actions:
        out["actions"] = list(actions)
    out.update(extra)
    return out


def make(characters: dict, turns: list[dict], *, sides: tuple[str, ...] = ("red", "blue"), rounds: int = 3,
         options: dict | None = None, seed: Any = 1, first: int = 1, **setup: Any) -> dict:
    """A match dict; each turn is {"submissions": ..., "dice": [...]}, numbered in order from ``first``."""
    numbered = [{"turn": i, **t} for i, t in enumerate(turns, first)]
    return {"dhproc": 1, "ruleset": "kagemiya", "seed": seed, "options": options or {},
            "setup": {"rounds": rounds, "sides": {s: {"name": f"{s}陣営"} for s in sides},
                      "characters": characters, **setup},
            "turns": numbered}


def problems(m: dict, lang: str = "en") -> list[str]:
    """The located messages of an invalid match (empty when it is valid), in ``lang``."""
    from dhproc.errors import InputError
    from dhproc.words.messages import use_lang

    try:
        with use_lang(lang):
            load(m)
    except InputError as exc:
        return [p.format() for p in exc.problems]
    return []
