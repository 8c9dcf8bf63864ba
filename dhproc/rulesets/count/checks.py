"""Semantic checks of a count match that a schema cannot express, each located in its file."""

from __future__ import annotations

from typing import Any

from ...engine.roster import parse_characters
from ...errors import Problem
from ...words.messages import default_lang, say
from ...words.names import did_you_mean, suggestions
from .campaign import first_round
from . import messages  # noqa: F401  (registers the count.* messages)
from .model import Character, parse_character


def characters_of(setup: dict[str, Any], options: dict[str, Any]) -> tuple[dict[str, Character], list[tuple[tuple, str]]]:
    """Every character typed as the match starts, and (path below setup, message) for what is wrong
    with them."""
    chars, problems = parse_characters(setup, parse_character)
    if options["knocked_out_at"] == "zero":
        for c in chars.values():
            c.knocked_out = c.hp_now == 0  # COUNT-1.5: a mid-campaign start may begin with the fallen
    return chars, problems


def check_match(match: Any) -> list[Problem]:
    setup = match.setup
    problems: list[Problem] = []

    def at(rel: tuple, msg: str, key: bool = False) -> None:
        problems.append(match.problem(("setup",) + rel, msg, key=key))

    chars, bad = characters_of(setup, match.options)
    for rel, msg in bad:
        at(rel, msg)
    # COUNT-1.2: one character per square; a fallen one holds none (COUNT-1.5), and from round 2 on
    # `occupied_squares: allow` may have let moves end on a taken square (COUNT-3.4), as in play
    shared = match.options["occupied_squares"] == "allow" and first_round(setup) > 1
    taken: dict[str, str] = {}
    for cid, c in chars.items():
        if not c.standing or shared:
            continue
        if c.at.label in taken:
            at(("characters", cid, "at"), say("count.square_taken", square=c.at.label, other=taken[c.at.label]))
        taken.setdefault(c.at.label, cid)
    if first_round(setup) == 1:  # later, a count 付与効果 after 行動終了 (COUNT-7.9) may have raised it
        for cid, c in chars.items():
            if c.done and c.count > 0:
                at(("characters", cid, "done"), say("count.done_not_zero", count=c.count))
    names = {cid: c.name for cid, c in chars.items()}
    for turn in match.turns:
        problems += _check_submissions(turn, setup["sides"], chars, names)
    return problems


def _check_submissions(turn: Any, sides: dict, chars: dict[str, Character], names: dict[str, str]) -> list[Problem]:
    """COUNT-1.6: every id a submission names exists, belongs to the side, and fits its place."""
    problems: list[Problem] = []

    def bad(rel: tuple, msg: str, key: bool = False) -> None:
        problems.append(turn.problem(rel, msg, key=key))

    for sid, sub in turn.submissions.items():
        here = ("submissions", sid)
        if sid not in sides:
            bad(here, say("count.not_a_side", side=sid, sides=", ".join(sides)), key=True)
            continue
        for part in ("plans", "fallback", "reactions"):
            for cid in sub.get(part, {}):
                c = chars.get(cid)
                if c is None:
                    bad(here + (part, cid), _unknown(cid, names), key=True)
                elif c.side != sid:
                    bad(here + (part, cid), say("count.wrong_side", id=cid, side=c.side, sub=sid), key=True)
        for cid, plans in sub.get("plans", {}).items():
            if chars.get(cid) is not None and chars[cid].side == sid:
                for i, plan in enumerate(plans):
                    _check_plan(plan, chars[cid], names, here + ("plans", cid, i), bad)
        for cid, plan in sub.get("fallback", {}).items():
            if chars.get(cid) is not None and chars[cid].side == sid:
                _check_plan(plan, chars[cid], names, here + ("fallback", cid), bad)
        for cid, r in sub.get("reactions", {}).items():
            c = chars.get(cid)
            if c is None or c.side != sid:
                continue
            if "ca_skill" in r:
                sk = c.skill(r["ca_skill"])
                if sk is None:
                    bad(here + ("reactions", cid, "ca_skill"), _no_skill(c, r["ca_skill"]))
                elif sk.timing not in ("main_action", "counter") or not sk.is_attack:
                    bad(here + ("reactions", cid, "ca_skill"), say("count.ca_skill_not_attack", skill=sk.name))
            _check_declared(r.get("before_damage", []), c, here + ("reactions", cid, "before_damage"), bad)
            own = [s.name for s in c.skills if s.choose]  # COUNT-2.6
            for name, chosen in r.get("choose", {}).items():
                sk = c.skill(name)
                if sk is None or not sk.choose:
                    bad(here + ("reactions", cid, "choose", name), say("count.choose_unknown", id=cid, name=name,
                        names=say("list.sep").join(own) or say("count.none")), key=True)
                for j, t in enumerate(chosen):
                    if t not in names:
                        bad(here + ("reactions", cid, "choose", name, j), _unknown(t, names))
            if r.get("cover"):
                if not any(s.op == "cover" for s in c.skills):
                    bad(here + ("reactions", cid, "cover"), say("count.no_cover_skill", id=cid))
                for j, ally in enumerate(r["cover"]):
                    a = chars.get(ally)
                    if a is None or a.side != sid or ally == cid:
                        bad(here + ("reactions", cid, "cover", j), say("count.not_an_ally", id=ally, side=sid))
    return problems


ACTION_TIMING = {"sub_action": ("sub_action",), "main_action": ("main_action",)}


def _check_plan(plan: dict, c: Character, names: dict[str, str], here: tuple, bad) -> None:
    for slot in ("sub_action", "main_action"):
        action = plan.get(slot)
        if action is None:
            continue
        given = [k for k in ("move", "escape", "skill") if k in action]
        if len(given) > 1:
            bad(here + (slot,), say("count.one_action", given=say("count.and").join(given)))
        if "escape" in action and slot != "main_action":
            bad(here + (slot, "escape"), say("count.escape_main"))
        if "skill" in action:
            sk = c.skill(action["skill"])
            if sk is None:
                bad(here + (slot, "skill"), _no_skill(c, action["skill"]))
            elif sk.timing not in ACTION_TIMING[slot]:
                bad(here + (slot, "skill"), say("count.wrong_timing", skill=sk.name, timing=sk.timing,
                                                slot=say(f"count.slot.{slot}")))
            if sk is not None and sk.places and "to" not in action:
                bad(here + (slot, "skill"), say("count.place_needs_to", skill=sk.name))
            if "to" in action and (sk is None or not sk.places):
                bad(here + (slot, "to"), say("count.to_without_place"))
        elif "targets" in action or "to" in action:
            bad(here + (slot, "targets" if "targets" in action else "to"),
                say("count.targets_without_skill" if "targets" in action else "count.to_without_place"))
        _check_declared(action.get("before_damage", []), c, here + (slot, "before_damage"), bad)
        paying = c.skill(action["skill"]) if "skill" in action and "cards" in action else None
        if paying is not None and not dict(paying.cost).get("hand"):  # COUNT-1.10: cards a use discards
            bad(here + (slot, "cards"), say("count.cards_without_hand_cost", skill=paying.name))
        for j, t in enumerate(action.get("targets", [])):
            if t not in names:
                bad(here + (slot, "targets", j), _unknown(t, names))


def _check_declared(names: list, c: Character, here: tuple, bad) -> None:
    """COUNT-7.13: a declaration names the character's own ``declared: true`` ダメージロール前 skills."""
    own = [s.name for s in c.skills if s.declared]
    for j, name in enumerate(names):
        sk = c.skill(name)
        if sk is None or not sk.declared:
            bad(here + (j,), say("count.declared_unknown", id=c.id, name=name,
                                 names=say("list.sep").join(own) or say("count.none")))


def _unknown(cid: Any, names: dict[str, str]) -> str:
    """An unknown character, with a "did you mean" from the ids and display names that exist."""
    return say("count.unknown_character", id=cid, hint=did_you_mean(cid, names, default_lang()))


def _no_skill(c: Character, name: Any) -> str:
    """A skill the character does not have: the names close to it, and its whole list."""
    close = suggestions(str(name), [s.name for s in c.skills])
    hint = say("name.did_you_mean", names=say("list.or").join(close)) if close else ""
    listing = say("list.sep").join(s.name for s in c.skills) or say("count.none")
    return say("count.no_skill", id=c.id, name=name, hint=hint, names=listing)
