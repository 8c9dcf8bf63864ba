"""A count battle continued mid-campaign (COUNT-1.5): turn N is round N, and a log's final state
becomes a setup, so ``dhproc new count DIR --from LOG`` continues a battle in a new folder whose
later turns resolve to the same events as the original would."""

from __future__ import annotations

import copy
from typing import Any

# setup keys that hold the state now rather than the character sheet
STATE_KEYS = ("count_now", "hp_now", "ca_now", "done", "escaped", "stopped", "hand", "rerolls")


def first_round(setup: dict) -> int:
    n = setup.get("round", 1)
    return n if type(n) is int and n >= 1 else 1


def setup_from_log(log: dict) -> dict:
    old = log["input"]["match"]["setup"]
    final = log["state"]
    setup: dict[str, Any] = {k: copy.deepcopy(v) for k, v in old.items() if k not in ("round", "count_now",
                                                                                      "next_effect_id")}
    setup["round"] = final["round"]
    if final.get("next_effect_id", 1) > 1:
        setup["next_effect_id"] = final["next_effect_id"]
    setup["characters"] = {cid: _character(base, final["characters"][cid]) for cid, base in old["characters"].items()}
    return setup


def _character(base: dict, now: dict) -> dict:
    c = {k: copy.deepcopy(v) for k, v in base.items() if k not in STATE_KEYS}
    if now["at"] is not None:
        c["at"] = now["at"]
    if now["count"] != base["count"]:
        c["count_now"] = now["count"]
    if now["hp_now"] != base["hp"]:
        c["hp_now"] = now["hp_now"]
    if now["ca_left"] != base["ca_left"]:
        c["ca_now"] = now["ca_left"]
    for flag in ("done", "escaped", "stopped"):
        if now.get(flag):
            c[flag] = True
    if "hand" in now:
        c["hand"] = list(now["hand"])
    if now["rerolls"]:
        c["rerolls"] = now["rerolls"]
    for skill in c.get("skills", []):
        if skill["name"] in now.get("uses", {}):
            skill["uses"] = now["uses"][skill["name"]]
        skill.pop("used", None)  # COUNT-1.9: a per-battle limit's uses so far
        if skill["name"] in now.get("limit_used", {}):
            skill["used"] = now["limit_used"][skill["name"]]
    return c
