"""Semantic checks of a logos match that a schema cannot express, each located in its file."""

from __future__ import annotations

from typing import Any

from ...engine.roster import parse_characters
from ...errors import Problem
from ...messages import say
from .model import Character, parse_character


def _hint(typed: object, chars: dict) -> str:
    """A 'did you mean' from the characters' ids and names, for an id that is none of them."""
    from ...names import did_you_mean

    return did_you_mean(typed, {cid: c.name for cid, c in chars.items()})


def characters_of(setup: dict[str, Any]) -> tuple[dict[str, Character], list[tuple[tuple, str]]]:
    """Every character typed, and (path below setup, message) for what is wrong with them."""
    return parse_characters(setup, parse_character)


def check_match(match: Any) -> list[Problem]:
    setup = match.setup
    problems: list[Problem] = []

    def at(rel: tuple, msg: str, key: bool = False) -> None:
        problems.append(match.problem(("setup",) + rel, msg, key=key))

    sides = setup["sides"]
    if "first" in setup and setup["first"] not in sides:
        at(("first",), f"'{setup['first']}' is not a side (sides: {', '.join(sides)})")
    chars, bad = characters_of(setup)
    for rel, msg in bad:
        at(rel, msg)
    size = match.options["team_size"]
    for sid in sides:
        n = sum(1 for c in setup["characters"].values() if c["side"] == sid)
        if n != size:
            # LOGOS-1.2
            at(("sides", sid), f"side '{sid}' has {n} characters; a team has {size} (option team_size)", key=True)
    for turn in match.turns:
        problems += _check_submissions(turn, sides, chars)
    return problems


def _check_submissions(turn: Any, sides: dict, chars: dict[str, Character]) -> list[Problem]:
    problems: list[Problem] = []
    if turn.number != 1:
        # LOGOS-1.1: the round is one turn
        return [turn.problem(("turn",), f"a logos match is one round: its submissions are turn 1, not turn "
                                        f"{turn.number}")]
    for sid, sub in turn.submissions.items():
        here = ("submissions", sid)
        if sid not in sides:
            problems.append(turn.problem(here, f"'{sid}' is not a side (sides: {', '.join(sides)})", key=True))
            continue
        seen: dict[str, int] = {}
        for i, cid in enumerate(sub["starters"]):
            where = here + ("starters", i)
            if cid not in chars:
                problems.append(turn.problem(where, f"unknown character '{cid}'{_hint(cid, chars)}"))
            elif chars[cid].side != sid:
                problems.append(turn.problem(where, f"'{cid}' belongs to side '{chars[cid].side}', not '{sid}'"))
            elif cid in seen:
                problems.append(turn.problem(where, f"'{cid}' is already starter {seen[cid] + 1}"))
            else:
                seen[cid] = i
        problems += _check_choices(turn, sid, sub, seen, chars)
    return problems


def _check_choices(turn: Any, sid: str, sub: dict, starters: dict[str, int],
                   chars: dict[str, Character]) -> list[Problem]:
    """LOGOS-1.8: a skill that targets a chosen character has its choice in the submission."""
    problems: list[Problem] = []
    here = ("submissions", sid, "choices")
    given: dict[tuple[str, str], int] = {}
    for j, ch in enumerate(sub.get("choices", [])):
        who, name, target = ch["who"], ch["skill"], ch["target"]
        if who not in starters:
            problems.append(turn.problem(here + (j, "who"), f"'{who}' is not a starter of '{sid}'"))
            continue
        skill = next((sk for sk in chars[who].skills if sk.name == name), None)
        if skill is None:
            names = ", ".join(sk.name for sk in chars[who].skills) or "none"
            problems.append(turn.problem(here + (j, "skill"), f"'{who}' has no skill '{name}' (skills: {names})"))
            continue
        if skill.chooses is None:
            problems.append(turn.problem(here + (j, "skill"), f"skill '{name}' does not ask for a choice"))
            continue
        if (who, name) in given:
            problems.append(turn.problem(here + (j,), f"the choice for '{who}' / '{name}' is already given at "
                                                      f"choice {given[(who, name)] + 1}"))
            continue
        given[(who, name)] = j
        t = chars.get(target)
        if t is None:
            problems.append(turn.problem(here + (j, "target"), f"unknown character '{target}'{_hint(target, chars)}"))
        elif skill.chooses == "ally" and (t.side != sid or target not in starters):
            problems.append(turn.problem(here + (j, "target"), f"'{name}' targets an ally: one of '{sid}''s "
                                                               f"starters, not '{target}'"))
        elif skill.chooses == "member" and (t.side != sid or target in starters):
            # LOGOS-8.5: the one placed into the 行動順 is a team member who is not starting
            problems.append(turn.problem(here + (j, "target"), say("logos.member_not_reserve", name=name, side=sid,
                                                                   target=target)))
        elif skill.chooses == "enemy" and t.side == sid:
            problems.append(turn.problem(here + (j, "target"), f"'{name}' targets an enemy, not '{target}'"))
    for who in starters:
        for sk in chars[who].skills:
            if sk.chooses is not None and (who, sk.name) not in given:
                problems.append(turn.problem(("submissions", sid),
                                             f"skill '{sk.name}' of starter '{who}' targets a chosen "
                                             f"{sk.chooses}: add {{who: {who}, skill: {sk.name}, target: ...}} "
                                             f"under choices"))
    return problems

