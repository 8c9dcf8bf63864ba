"""Semantic checks of a logos match that a schema cannot express, each located in its file."""

from __future__ import annotations

from typing import Any, Callable

from ...engine.roster import parse_characters
from ...errors import Problem
from .messages import say
from .model import Character, LogosState, Side, parse_character

At = Callable[[tuple, str], None]  # report a problem at a path below the file's own part


def _hint(typed: object, chars: dict) -> str:
    """A 'did you mean' from the characters' ids and names, for an id that is none of them."""
    from ...words.names import did_you_mean

    return did_you_mean(typed, {cid: c.name for cid, c in chars.items()}, None)


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
        at(("first",), say("logos.not_a_side", side=setup["first"], sides=", ".join(sides)))
    chars, bad = characters_of(setup)
    for rel, msg in bad:
        at(rel, msg)
    size = match.options["team_size"]
    for sid in sides:
        n = sum(1 for c in setup["characters"].values() if c["side"] == sid)
        if n != size:
            # LOGOS-1.2
            at(("sides", sid), say("logos.team_size", side=sid, n=n, size=size), key=True)
    if "round" in setup:
        _check_round(setup, chars, match.options, at)
    else:
        _check_no_state(setup, at)
    for turn in match.turns:
        problems += _check_submissions(turn, sides, chars, under_way="round" in setup)
    return problems


def _check_no_state(setup: dict, at: At) -> None:
    """LOGOS-11.2: the state of a round under way is stated only with ``round:``."""
    from .campaign import SIDE_STATE_KEYS, STATE_KEYS

    for key in ("effects", "next_effect_id"):
        if key in setup:
            at((key,), say("logos.state_needs_round", field=key))
    for sid, s in setup["sides"].items():
        for key in SIDE_STATE_KEYS:
            if key in s:
                at(("sides", sid, key), say("logos.state_needs_round", field=key))
    for cid, c in setup["characters"].items():
        for key in STATE_KEYS:
            if key in c:
                at(("characters", cid, key), say("logos.state_needs_round", field=key))


def _check_round(setup: dict, chars: dict[str, Character], options: dict, at: At) -> None:
    """LOGOS-11.2 / 11.3: a round under way, checked as its submissions were, then its state."""
    from .campaign import apply_state, check_state

    found: list[str] = []

    def report(rel: tuple, msg: str) -> None:
        found.append(msg)
        at(rel, msg)

    sides = setup["sides"]
    if setup["round"]["first"] not in sides:
        report(("round", "first"), say("logos.not_a_side", side=setup["round"]["first"], sides=", ".join(sides)))
    for sid, s in sides.items():
        if "starters" not in s:
            report(("sides", sid), say("logos.round_needs_starters", side=sid))
            continue
        side_at = _below(report, ("sides", sid))
        starters = check_starters(side_at, sid, s["starters"], chars)
        check_choices(_choices_at(side_at), sid, s.get("choices", []), starters, chars, under_way=True)
    if found:
        return  # the state is built only from starters that are sound
    state = LogosState(sides={sid: Side(sid, s["name"], i) for i, (sid, s) in enumerate(sides.items())},
                       characters=chars, stage=setup.get("stage", "league"), announced_first=None)
    apply_state(state, setup, options)
    check_state(setup, state, options, at)


def _below(at: At, prefix: tuple) -> At:
    return lambda rel, msg: at(prefix + rel, msg)


def _choices_at(at: At) -> At:
    """Where a choice's problem lies: in its entry, or (a missing choice) on the whole submission."""
    return lambda rel, msg: at(("choices",) + rel if rel else (), msg)


def check_starters(problem: At, sid: str, starters: list, chars: dict[str, Character]) -> dict[str, int]:
    """LOGOS-1.7: five of the side's own characters, each once. Returns the valid ones -> index."""
    seen: dict[str, int] = {}
    for i, cid in enumerate(starters):
        where = ("starters", i)
        if cid not in chars:
            problem(where, say("logos.unknown_character", who=cid, hint=_hint(cid, chars)))
        elif chars[cid].side != sid:
            problem(where, say("logos.other_side", who=cid, owner=chars[cid].side, side=sid))
        elif cid in seen:
            problem(where, say("logos.starter_twice", who=cid, n=seen[cid] + 1))
        else:
            seen[cid] = i
    return seen


def _check_submissions(turn: Any, sides: dict, chars: dict[str, Character], *, under_way: bool) -> list[Problem]:
    problems: list[Problem] = []
    if turn.number != 1:
        # LOGOS-1.1: the round is one turn
        return [turn.problem(("turn",), say("logos.one_round", turn=turn.number))]
    for sid, sub in turn.submissions.items():
        here = ("submissions", sid)

        def problem(rel: tuple, msg: str, key: bool = False) -> None:
            problems.append(turn.problem(here + rel, msg, key=key))

        if sid not in sides:
            problem((), say("logos.not_a_side", side=sid, sides=", ".join(sides)), key=True)
            continue
        if under_way:
            problem((), say("logos.submission_under_way", side=sid), key=True)  # LOGOS-11.1
            continue
        seen = check_starters(problem, sid, sub["starters"], chars)
        check_choices(_choices_at(problem), sid, sub.get("choices", []), seen, chars)
    return problems


def check_choices(problem: At, sid: str, choices: list, starters: dict[str, int],
                  chars: dict[str, Character], under_way: bool = False) -> None:
    """LOGOS-1.8: a skill that targets a chosen character has its choice in the submission; a
    member named to enter the 行動順 (LOGOS-8.5) may have its own choices given too. In a round
    under way (LOGOS-11.3) a starter's choice may be missing: a member placed mid-round had none to
    give, and its skill then does nothing, as it did before the round stopped."""
    given: dict[tuple[str, str], int] = {}
    entrants = {ch["target"] for ch in choices
                if ch["who"] in starters and any(sk.name == ch["skill"] and sk.chooses == "member"
                                                 for sk in chars[ch["who"]].skills)}
    for j, ch in enumerate(choices):
        who, name, target = ch["who"], ch["skill"], ch["target"]
        if who not in starters and who not in entrants:
            problem((j, "who"), say("logos.not_starter_of", who=who, side=sid))
            continue
        skill = next((sk for sk in chars[who].skills if sk.name == name), None)
        if skill is None:
            names = ", ".join(sk.name for sk in chars[who].skills) or say("logos.none")
            problem((j, "skill"), say("logos.no_skill", who=who, name=name, names=names))
            continue
        if skill.chooses is None:
            problem((j, "skill"), say("logos.no_choice_asked", name=name))
            continue
        if (who, name) in given:
            problem((j,), say("logos.choice_twice", who=who, name=name, n=given[(who, name)] + 1))
            continue
        given[(who, name)] = j
        t = chars.get(target)
        if t is None:
            problem((j, "target"), say("logos.unknown_character", who=target, hint=_hint(target, chars)))
        elif skill.chooses == "ally" and (t.side != sid or target not in starters):
            problem((j, "target"), say("logos.ally_target", name=name, side=sid, target=target))
        elif skill.chooses == "member" and (t.side != sid or (target in starters and not under_way)):
            # (in a round under way the member may have been placed already: it is a starter now)
            # LOGOS-8.5: the one placed into the 行動順 is a team member who is not starting
            problem((j, "target"), say("logos.member_not_reserve", name=name, side=sid, target=target))
        elif skill.chooses == "enemy" and t.side == sid:
            problem((j, "target"), say("logos.enemy_target", name=name, target=target))
    for who in starters if not under_way else ():
        for sk in chars[who].skills:
            if sk.chooses is not None and (who, sk.name) not in given:
                # who: shown with its display name; written: the id, as the YAML to add takes it
                problem((), say(f"logos.choice_missing_{sk.chooses}", name=sk.name, who=who, written=who))
