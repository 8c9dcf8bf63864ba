"""Semantic checks of a count match that a schema cannot express, each located in its file."""

from __future__ import annotations

from typing import Any

from ...engine.roster import parse_characters
from ...errors import Problem
from .model import Character, parse_character


def characters_of(setup: dict[str, Any]) -> tuple[dict[str, Character], list[tuple[tuple, str]]]:
    """Every character typed, and (path below setup, message) for what is wrong with them."""
    return parse_characters(setup, parse_character)


def check_match(match: Any) -> list[Problem]:
    setup = match.setup
    problems: list[Problem] = []

    def at(rel: tuple, msg: str, key: bool = False) -> None:
        problems.append(match.problem(("setup",) + rel, msg, key=key))

    chars, bad = characters_of(setup)
    for rel, msg in bad:
        at(rel, msg)
    # COUNT-1.2: one character per square
    taken: dict[str, str] = {}
    for cid, c in chars.items():
        if c.at is None:
            continue
        if c.at.label in taken:
            at(("characters", cid, "at"), f"{c.at.label} is already {taken[c.at.label]}'s square")
        taken.setdefault(c.at.label, cid)
    for turn in match.turns:
        problems += _check_submissions(turn, setup["sides"], chars)
    return problems


def _check_submissions(turn: Any, sides: dict, chars: dict[str, Character]) -> list[Problem]:
    """COUNT-1.6: every id a submission names exists, belongs to the side, and fits its place."""
    problems: list[Problem] = []

    def bad(rel: tuple, msg: str, key: bool = False) -> None:
        problems.append(turn.problem(rel, msg, key=key))

    for sid, sub in turn.submissions.items():
        here = ("submissions", sid)
        if sid not in sides:
            bad(here, f"'{sid}' is not a side (sides: {', '.join(sides)})", key=True)
            continue
        for part in ("plans", "fallback", "reactions"):
            for cid in sub.get(part, {}):
                c = chars.get(cid)
                if c is None:
                    bad(here + (part, cid), f"unknown character '{cid}'", key=True)
                elif c.side != sid:
                    bad(here + (part, cid), f"'{cid}' belongs to side '{c.side}', not '{sid}'", key=True)
        for cid, plans in sub.get("plans", {}).items():
            if chars.get(cid) is not None and chars[cid].side == sid:
                for i, plan in enumerate(plans):
                    _check_plan(plan, chars[cid], chars, here + ("plans", cid, i), bad)
        for cid, plan in sub.get("fallback", {}).items():
            if chars.get(cid) is not None and chars[cid].side == sid:
                _check_plan(plan, chars[cid], chars, here + ("fallback", cid), bad)
        for cid, r in sub.get("reactions", {}).items():
            c = chars.get(cid)
            if c is None or c.side != sid:
                continue
            if "ca_skill" in r:
                sk = c.skill(r["ca_skill"])
                if sk is None:
                    bad(here + ("reactions", cid, "ca_skill"), _no_skill(c, r["ca_skill"]))
                elif sk.timing not in ("main_action", "counter") or not sk.is_attack:
                    bad(here + ("reactions", cid, "ca_skill"),
                        f"'{sk.name}' cannot be used in a CA: the 通常攻撃, a main_action or a counter attack")
            if r.get("cover"):
                if not any(s.op == "cover" for s in c.skills):
                    bad(here + ("reactions", cid, "cover"), f"'{cid}' has no cover skill (op: cover)")
                for j, ally in enumerate(r["cover"]):
                    a = chars.get(ally)
                    if a is None or a.side != sid or ally == cid:
                        bad(here + ("reactions", cid, "cover", j), f"'{ally}' is not another character of '{sid}'")
    return problems


ACTION_TIMING = {"sub_action": ("sub_action",), "main_action": ("main_action",)}


def _check_plan(plan: dict, c: Character, chars: dict[str, Character], here: tuple, bad) -> None:
    for slot in ("sub_action", "main_action"):
        action = plan.get(slot)
        if action is None:
            continue
        given = [k for k in ("move", "escape", "skill") if k in action]
        if len(given) > 1:
            bad(here + (slot,), f"an action is one of move, escape or skill, not {' and '.join(given)}")
        if "escape" in action and slot != "main_action":
            bad(here + (slot, "escape"), "逃走 is a main action")
        if "skill" in action:
            sk = c.skill(action["skill"])
            if sk is None:
                bad(here + (slot, "skill"), _no_skill(c, action["skill"]))
            elif sk.timing not in ACTION_TIMING[slot]:
                bad(here + (slot, "skill"), f"'{sk.name}' has timing {sk.timing}: not usable as the {slot}")
        elif "targets" in action:
            bad(here + (slot, "targets"), "targets go with a skill")
        for j, t in enumerate(action.get("targets", [])):
            if t not in chars:
                bad(here + (slot, "targets", j), f"unknown character '{t}'")


def _no_skill(c: Character, name: str) -> str:
    names = ", ".join(s.name for s in c.skills) or "none"
    return f"'{c.id}' has no skill '{name}' (skills: {names})"
