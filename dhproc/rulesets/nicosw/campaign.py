"""Continuing a nicosw battle elsewhere (NICOSW-1.10): the setup of a match that starts where a log
ended — the base values of the log's own setup, and the state of its final state as a `start:`."""

from __future__ import annotations

import copy
from typing import Any

from ...engine.effects import Clocks, Effect

# What a setup states about a battle under way; the rest of a character entry is its base values.
STATE_KEYS = ("at", "current_hp", "current_mp", "prone", "knocked_out", "dead", "off_map", "identified", "engaged", "equipped")
FLAGS = ("prone", "knocked_out", "dead", "off_map")
EFFECT_META = ("seq", "kind", "bearer", "clock", "end", "remaining", "source", "removable", "user_side", "bearer_side")


def setup_from_log(log: dict) -> dict:
    old = log["input"]["match"]["setup"]
    final = log["state"]
    last = log["turns"][-1]["turn"] if log["turns"] else 0
    setup: dict[str, Any] = {"map": copy.deepcopy(old["map"]),
                             "start": {"round": last + 1, "half": "top", "first": final["first"]}}
    setup["sides"] = {}
    for sid, s in old["sides"].items():
        side = copy.deepcopy(s)
        side["order"] = list(final["sides"][sid]["order"])
        setup["sides"][sid] = side
    setup["characters"] = {cid: _character(base, final["characters"][cid])
                           for cid, base in old["characters"].items()}
    effects = [_effect(e) for e in final["effects"]]
    if effects:
        setup["effects"] = effects
    numbers = [e["effect_id"] for t in log["turns"] for e in t["events"] if "effect_id" in e]
    numbers += [e["seq"] for e in final["effects"]] + [old.get("next_effect_id", 1) - 1, len(old.get("effects", []))]
    if max(numbers) > 0:
        setup["next_effect_id"] = max(numbers) + 1
    return setup


def _character(base: dict, now: dict) -> dict:
    c = {k: copy.deepcopy(v) for k, v in base.items() if k not in STATE_KEYS}
    if now["at"] is not None:
        c["at"] = now["at"]
    for flag in FLAGS:
        if flag in now["states"]:
            c[flag] = True
    if now["identified"] and not base.get("known", True):
        c["identified"] = True
    if now["equipped"] is not None and base.get("weapons") and now["equipped"] != base["weapons"][0]["id"]:
        c["equipped"] = now["equipped"]
    if "parts" in c:
        for part in c["parts"]:
            hp = now["parts"][part["id"]]["hp"]
            part.pop("current_hp", None)
            if hp != part["hp"]:
                part["current_hp"] = hp
    elif now["hp"] != base["hp"]:
        c["current_hp"] = now["hp"]
    if "mp" in now and now["mp"] != base["mp"]:  # NICOSW-8.7
        c["current_mp"] = now["mp"]
    return c


def _effect(e: dict) -> dict:
    out = {"id": e["seq"], "bearer": e["bearer"], "side": e["clock"].split(":", 1)[1], "effect": e["kind"]}
    out.update({k: v for k, v in e.items() if k not in EFFECT_META})
    out["ends_round"] = e["end"]
    if "by" in e.get("source", {}):
        out["source"] = dict(e["source"])
    return out


def setup_effect(e: dict, n: int, chars: dict, clocks: Clocks) -> Effect:
    """The ``n``-th lasting effect a setup states (NICOSW-1.9): its number (``n`` unless given), the
    side whose clock counts it, and who made it — whose side is the effect's user side (NICOSW-3.5),
    else the clock's."""
    data = {k: v for k, v in e.items() if k not in ("id", "bearer", "side", "effect", "ends_round", "source")}
    source = e.get("source") or {"setup": True}
    user = chars.get(source.get("by"))
    data.update(name=e.get("name", e["effect"]), user_side=user.side if user else e["side"],
                bearer_side=chars[e["bearer"]].side)
    clock = f"round:{e['side']}"
    return Effect(e.get("id", n), e["effect"], e["bearer"], data, clock, clocks.now(clock), e["ends_round"], True, source)
