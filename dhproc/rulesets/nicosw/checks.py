"""Semantic checks of a nicosw match that a schema cannot express, each located in its file."""

from __future__ import annotations

from typing import Any

from ...engine.roster import parse_characters
from ...errors import Problem
from ...words.messages import default_lang, say
from ...words.names import did_you_mean
from ...engine.conditions import parse as parse_condition
from .model import END_VOCABULARY, Character, MapSpec, distance, parse_character, square_of

# NICOSW-5.1 / 5.3: what only a 主動作 can do; everything else may be a 補助動作.
MAIN_ONLY = ("melee", "ranged", "full_move", "retreat", "check")
FREE = ("free",)


def _hint(typed: object, things) -> str:
    """A "did you mean" from the ids and display names of ``things`` (characters, weapons, skills, parts)."""
    return did_you_mean(typed, {t.id: t.name for t in things}, default_lang())


def _sep(items) -> str:
    return say("list.sep").join(items)


def map_of(setup: dict, model: str) -> MapSpec:
    m = setup["map"]
    return MapSpec(model, m["length"], m.get("width", 1) if model == "grid" else 1)


def characters_of(setup: dict, model: str) -> tuple[dict[str, Character], list[tuple[tuple, str]]]:
    return parse_characters(setup, lambda cid, data, i: parse_character(cid, data, i, model))


def assign_slots(actions: list[dict], skill_timing) -> tuple[list[str | None], list[tuple[int, str]]]:
    """NICOSW-5.1: the slot of each action (None for a free one), and (index, message) for clashes."""
    slots: list[str | None] = []
    used: dict[str, int] = {}
    bad: list[tuple[int, str]] = []
    for i, a in enumerate(actions):
        do = a["do"]
        if do in FREE:
            slots.append(None)
            continue
        slot = a.get("slot")
        if slot is None:
            needs_main = do in MAIN_ONLY or (do == "skill" and skill_timing(a.get("skill")) == "major_action")
            slot = "major_action" if needs_main or "minor_action" in used else "minor_action"
        if slot == "minor_action" and (do in MAIN_ONLY or (do == "skill" and skill_timing(a.get("skill")) == "major_action")):
            bad.append((i, say("nicosw.main_only", do=do)))
        if slot in used:
            bad.append((i, say("nicosw.slot_twice", n=used[slot] + 1,
                               slot=say("nicosw.slot_major" if slot == "major_action" else "nicosw.slot_minor"))))
        used.setdefault(slot, i)
        slots.append(slot)
    for i, (a, slot) in enumerate(zip(actions, slots)):
        if a.get("to") == "off" and a["do"] == "move":
            if slot == "major_action" or "major_action" in used and used["major_action"] != i:
                bad.append((i, say("nicosw.off_needs_major")))
    return slots, bad


def check_match(match: Any) -> list[Problem]:
    setup = match.setup
    opts = match.options
    model = opts["map_model"]
    problems: list[Problem] = []

    def at(rel: tuple, msg: str, key: bool = False) -> None:
        problems.append(match.problem(("setup",) + rel, msg, key=key))

    spec = map_of(setup, model)
    if model == "line" and "width" in setup["map"]:
        at(("map", "width"), say("nicosw.line_no_width"))
    sides = setup["sides"]
    chars, bad = characters_of(setup, model)
    for rel, msg in bad:
        at(rel, msg)
    for sid, s in sides.items():
        if "order" in s:
            _check_order(s["order"], sid, chars, lambda rel, msg: at(("sides", sid, "order") + rel, msg))
        dep = s.get("deploy")
        if dep is not None:
            lo, hi = dep
            if lo > hi or hi >= spec.length:
                at(("sides", sid, "deploy"), say("nicosw.deploy_range", last=spec.length - 1))
    deps = [s["deploy"] for s in sides.values() if "deploy" in s]
    if len(deps) == 2 and deps[0][0] <= deps[1][1] and deps[1][0] <= deps[0][1]:
        at(("sides",), say("nicosw.deploy_overlap"), key=True)
    start = setup.get("start")
    if start is None:
        for sid, s in sides.items():
            if "deploy" not in s:
                at(("sides", sid), say("nicosw.needs_deploy"), key=True)
        for cid, data in setup["characters"].items():
            if "at" in data:
                at(("characters", cid, "at"), say("nicosw.at_without_start"))
    else:
        problems += _check_start(match, start, chars, spec)
    numbered: list[int] = []
    for i, e in enumerate(setup.get("effects", [])):
        number = e.get("id", i + 1)  # NICOSW-1.10: as numbered in the log, else in order
        if number in numbered:
            at(("effects", i, "id") if "id" in e else ("effects", i), say("nicosw.effect_id_twice", id=number))
        numbered.append(number)
        by = e.get("source", {}).get("by")
        if by is not None and by not in chars:
            at(("effects", i, "source", "by"), say("nicosw.unknown_character", id=by, hint=_hint(by, chars.values())))
        if e["bearer"] not in chars:
            at(("effects", i, "bearer"), say("nicosw.unknown_character", id=e["bearer"], hint=_hint(e["bearer"], chars.values())))
        for path, msg in parse_condition(e["end_if"], END_VOCABULARY)[1] if "end_if" in e else ():  # NICOSW-3.10
            at(("effects", i, "end_if") + path, msg)
        if e["side"] not in sides:
            at(("effects", i, "side"), say("nicosw.not_a_side", side=e["side"], sides=_sep(sides)))
        elif start is not None:
            reached = _clock_at_start(e["side"], start)
            if e["ends_round"] <= reached:
                at(("effects", i, "ends_round"), say("nicosw.effect_ended", side=e["side"], round=reached))
    for turn in match.turns:
        problems += _check_turn(turn, match, sides, chars, spec)
    return problems


def _clock_at_start(side: str, start: dict) -> int:
    """The round reached by a side's clock when a mid-campaign battle begins (NICOSW-3.6)."""
    done = start["half"] == "bottom" and side == start["first"]
    return start["round"] if done else start["round"] - 1


def _check_order(order: list, sid: str, chars: dict[str, Character], at) -> None:
    mine = [c.id for c in chars.values() if c.side == sid]
    for i, cid in enumerate(order):
        if cid not in chars:
            at((i,), say("nicosw.unknown_character", id=cid, hint=_hint(cid, chars.values())))
        elif chars[cid].side != sid:
            at((i,), say("nicosw.of_other_side", id=cid, side=chars[cid].side))
        elif cid in order[:i]:
            at((i,), say("nicosw.named_twice", id=cid))
    left = [c for c in mine if c not in order]
    if left:
        at((), say("nicosw.order_missing", names=_sep(left)))


def _check_start(match: Any, start: dict, chars: dict[str, Character], spec: MapSpec) -> list[Problem]:
    problems: list[Problem] = []

    def at(rel: tuple, msg: str) -> None:
        problems.append(match.problem(("setup",) + rel, msg))

    sides = match.setup["sides"]
    if start["first"] not in sides:
        at(("start", "first"), say("nicosw.not_a_side", side=start["first"], sides=_sep(sides)))
        return problems
    for sid, s in sides.items():
        if "order" not in s:
            at(("sides", sid), say("nicosw.order_under_way"))
    taken: dict[tuple, str] = {}
    for cid, c in chars.items():
        data = match.setup["characters"][cid]
        if c.at is None:
            # a body gone with `bodies: vanish` has no square to state (NICOSW-8.3)
            vanished = c.out and match.options["bodies"] == "vanish"
            if not (c.off_map or c.removed or vanished or ("at" in data)):
                at(("characters", cid), say("nicosw.needs_square"))
            continue
        if not spec.on_map(c.at):
            at(("characters", cid, "at"), say("nicosw.square_off_map", square=data["at"]))
        elif not c.holds_square(match.options["bodies"]):
            continue  # a body another may have moved onto (NICOSW-8.3)
        elif c.at in taken:
            at(("characters", cid, "at"), say("nicosw.square_taken", square=data["at"], other=taken[c.at]))
        taken.setdefault(c.at, cid)
    for cid, c in chars.items():
        data = match.setup["characters"][cid]
        if "engaged" in data and c.able:
            engaged = any(o.side != c.side and o.able and distance(o.at, c.at) <= 1 for o in chars.values())
            if engaged != data["engaged"]:
                at(("characters", cid, "engaged"), say("nicosw.engaged_yes" if engaged else "nicosw.engaged_no",
                                                       given=str(data["engaged"]).lower()))
    return problems


def _check_turn(turn: Any, match: Any, sides: dict, chars: dict[str, Character], spec: MapSpec) -> list[Problem]:
    problems: list[Problem] = []
    fresh = match.setup.get("start") is None

    def at(rel: tuple, msg: str, key: bool = False) -> None:
        problems.append(turn.problem(rel, msg, key=key))

    for sid, sub in turn.submissions.items():
        here = ("submissions", sid)
        if sid not in sides:
            at(here, say("nicosw.not_a_side", side=sid, sides=_sep(sides)), key=True)
            continue
        if "order" in sub:
            if turn.number != 1 or not fresh:
                at(here + ("order",), say("nicosw.order_fixed"), key=True)
            elif "order" in sides[sid]:
                at(here + ("order",), say("nicosw.order_in_setup"), key=True)
            else:
                _check_order(sub["order"], sid, chars, lambda rel, msg: at(here + ("order",) + rel, msg))
        elif turn.number == 1 and fresh and "order" not in sides[sid]:
            at(here, say("nicosw.order_needed"), key=True)
        keys = [k for k in ("placement", "placement_if_first", "placement_if_second") if k in sub]
        if keys and (turn.number != 1 or not fresh):
            at(here + (keys[0],), say("nicosw.placement_once"), key=True)
        elif turn.number == 1 and fresh and "deploy" in sides[sid]:
            if keys == ["placement"] or sorted(keys) == ["placement_if_first", "placement_if_second"]:
                for k in keys:
                    _check_placement(sub[k], sid, sides[sid], chars, spec, lambda rel, msg: at(here + (k,) + rel, msg),
                                     lambda rel, msg: at(here + (k,) + rel, msg, key=True))
            else:
                at(here, say("nicosw.placement_needed"), key=True)
        for cid, actions in sub.get("goes", {}).items():
            where = here + ("goes", cid)
            c = chars.get(cid)
            if c is None:
                at(where, say("nicosw.unknown_character", id=cid, hint=_hint(cid, chars.values())), key=True)
                continue
            if c.side != sid:
                at(where, say("nicosw.of_side_not", id=cid, other=c.side, side=sid), key=True)
                continue
            problems += _check_go(turn, where, c, actions, chars, spec)
        for cid, sq in sub.get("reenter", {}).items():
            c = chars.get(cid)
            if c is None or c.side != sid:
                at(here + ("reenter", cid), say("nicosw.not_of_side", id=cid, side=sid), key=True)
            elif square_of(sq, spec.model) is None or not spec.on_map(square_of(sq, spec.model)):
                at(here + ("reenter", cid), say("nicosw.not_a_square", square=sq))
    return problems


def _check_placement(placement: dict, sid: str, side: dict, chars: dict[str, Character], spec: MapSpec,
                     at, at_key) -> None:
    lo, hi = side["deploy"]
    seen: dict[tuple, str] = {}
    for cid, value in placement.items():
        c = chars.get(cid)
        if c is None or c.side != sid:
            at_key((cid,), say("nicosw.not_of_side", id=cid, side=sid))
            continue
        sq = square_of(value, spec.model)
        if sq is None or not spec.on_map(sq):
            at((cid,), say("nicosw.not_a_square", square=value))
            continue
        if not lo <= sq[0] <= hi:
            at((cid,), say("nicosw.outside_deploy", square=value, side=sid, lo=lo, hi=hi))
        if sq in seen:
            at((cid,), say("nicosw.square_taken", square=value, other=seen[sq]))
        seen.setdefault(sq, cid)
    left = [c.id for c in chars.values() if c.side == sid and c.id not in placement and not c.off_map]
    if left:
        at((), say("nicosw.placement_missing", names=_sep(left)))


def _check_go(turn: Any, where: tuple, c: Character, actions: list[dict], chars: dict[str, Character],
              spec: MapSpec) -> list[Problem]:
    problems: list[Problem] = []

    def at(rel: tuple, msg: str) -> None:
        problems.append(turn.problem(where + rel, msg))

    def timing(skill_id):
        sk = c.skill(skill_id) if skill_id else None
        return sk.timing if sk else None

    _, clashes = assign_slots(actions, timing)
    for i, msg in clashes:
        at((i,), msg)
    for i, a in enumerate(actions):
        do = a["do"]
        if "to" in a and a["to"] != "off":
            sq = square_of(a["to"], spec.model)
            if sq is None or not spec.on_map(sq):
                at((i, "to"), say("nicosw.not_a_square_or_off", square=a["to"]))
        if do in ("move", "full_move") and "to" not in a:
            at((i,), say("nicosw.needs_to", do=do))
        if do == "switch_weapon" and a.get("weapon") not in [w.id for w in c.weapons]:
            at((i, "weapon"), say("nicosw.no_weapon", id=c.id, weapon=a.get("weapon"), hint=_hint(a.get("weapon"), c.weapons)))
        if do == "skill":
            sk = c.skill(a.get("skill"))
            if sk is None:
                at((i, "skill"), say("nicosw.no_skill", id=c.id, skill=a.get("skill"), hint=_hint(a.get("skill"), c.skills)))
                continue
            if sk.target == "self":
                continue
        if do in ("melee", "ranged", "skill"):
            named = a.get("target")
            if isinstance(named, list):  # NICOSW-8.9: only a skill with targets: n names several
                room = c.skill(a["skill"]).targets if do == "skill" else 1
                if len(named) > room:
                    at((i, "target"), say("nicosw.too_many_targets", n=len(named), room=room))
                    continue
            for j, target in enumerate(named if isinstance(named, list) else [named]):
                where_t = (i, "target", j) if isinstance(named, list) else (i, "target")
                problems += _target_problems(turn, where, where_t, i, a, c, chars.get(target), target, chars)
    return problems


def _target_problems(turn: Any, where: tuple, where_t: tuple, i: int, a: dict, c: Character, t: Character | None,
                     target: Any, chars: dict) -> list[Problem]:
    """NICOSW-6.4, 8.10: an attack's or skill's target exists, is not the actor (but for an ally
    skill), and names its part when it must."""
    do = a["do"]

    def problem(rel: tuple, msg: str) -> list[Problem]:
        return [turn.problem(where + rel, msg)]

    if t is None:
        return problem(where_t if target else (i,), say("nicosw.unknown_character", id=target, hint=_hint(
            target, chars.values())) if target else say("nicosw.needs_target"))
    if t.id == c.id and not (do == "skill" and c.skill(a["skill"]).target in ("ally", "ally_part")):
        return problem(where_t, say("nicosw.not_itself"))
    one_part = do != "skill" or c.skill(a["skill"]).one_part
    if "part" in a:
        if t.part(a["part"]) is None:
            return problem((i, "part"), say("nicosw.no_part", id=t.id, part=a["part"], hint=_hint(a["part"], t.parts)
                                            or say("name.known", names=_sep(p.id for p in t.parts))))
        if not t.multi:
            return problem((i, "part"), say("nicosw.one_part", id=t.id))
    elif one_part and t.multi:
        return problem((i,), say("nicosw.name_the_part", id=t.id, parts=" / ".join(p.id for p in t.parts)))
    return []
