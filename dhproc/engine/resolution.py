"""Resolving a loaded match: its turns played by its ruleset, into the log document or, for
many runs, only the figures of one (:func:`outcome`). Below the API, which re-exports these, and
below what builds on resolution (simulation, replay, a ruleset's warnings that play the match),
so none of them has to import the face."""

from __future__ import annotations

import dataclasses
from typing import Any

from .. import __version__
from .context import TurnContext
from .ruleset import ruleset_of
from ..errors import InputError, Problem, ResolutionError
from ..documents.loading import tree_copy
from ..match import Match
from ..words.messages import say
from .outcome import Outcome, read_events
from ..dice.rng import RNG_NAME

__all__ = ["LOG_FORMAT", "LOG_FORMAT_VERSION", "resolve", "varied", "resolve_until_decided", "outcome", "played",
           "state_before", "dumps", "dice_plan"]

LOG_FORMAT = "dhproc-log"
LOG_FORMAT_VERSION = 1


def resolve(match: Match, *, seed: int | str | None = None, options: dict[str, Any] | None = None) -> dict:
    """Resolve every loaded turn; returns the log document (see schemas/log.schema.json).

    ``seed`` and ``options`` vary the match without touching it (a loaded match is read-only):
    the log records them in its input, so it replays as it was resolved."""
    if seed is not None or options is not None:
        match = varied(match, seed=seed, options=options)
    return _resolve(match)


def varied(match: Match, *, seed: int | str | None = None, options: dict[str, Any] | None = None,
           dice_streams: str | None = None) -> Match:
    """The match with another seed, options (merged over its own) and/or dice streams (``step``,
    ``keyed``), checked like a file's."""
    # A new mapping for the keys set here; what is under them is shared with the match, as its
    # setup and turns already are (a loaded match is read-only, and the log copies its input).
    data = dict(match.data)
    if dice_streams is not None:
        data["dice_streams"] = dice_streams
    where = Problem("resolve()", None, None, "")
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, (int, str)) or (isinstance(seed, str) and "\0" in seed):
            raise InputError([where.with_message(say("api.bad_seed", seed=repr(seed)))])
        data["seed"] = seed
    if options is None:  # the match's own options, checked as it was loaded (a simulation's every run)
        effective = dict(match.options)
    else:
        data["options"] = {**(data.get("options") or {}), **options}
        effective, problems = ruleset_of(match).options.effective(
            data["options"], lambda key, msg, k: where.with_message(say("api.bad_option", key=repr(key), problem=msg)))
        if problems:
            raise InputError(problems)
    return dataclasses.replace(match, seed=data["seed"], options=effective, data=data,
                               report_turns=list(match.report_turns))


def resolve_until_decided(match: Match) -> dict:
    """Resolve the loaded turns of ``match`` up to the one that decides it: a later turn is not
    played (an error for :func:`resolve`; for a simulated run, the outcome of that run)."""
    return _resolve(match, until_decided=True)


def _resolve(match: Match, *, until_decided: bool = False) -> dict:
    """Resolve every loaded turn of ``match`` as it is."""
    rs = ruleset_of(match)
    state, turn_logs = _play(match, until_decided=until_decided)
    return {
        "format": LOG_FORMAT,
        "format_version": LOG_FORMAT_VERSION,
        "generator": f"dhproc {__version__}",
        "ruleset": rs.id,
        "ruleset_version": rs.version,
        "rng": RNG_NAME,
        "seed": match.seed,
        "title": match.title,
        "options": rs.logged_options(match.setup, match.options),
        "input": {"match": tree_copy(match.data), "turns": [tree_copy(t.data) for t in match.turns[:len(turn_logs)]]},
        "turns": turn_logs,
        "state": rs.state_json(state),
        "outcome": rs.outcome(state),
    }


def outcome(match: Match, *, seed: int | str | None = None, options: dict[str, Any] | None = None,
            until_decided: bool = False) -> Outcome:
    """The figures of one run of ``match`` (see dhproc/engine/outcome.py), resolved as ``resolve`` (or,
    with ``until_decided``, ``resolve_until_decided``) would, but without the log's copy of the
    input, its JSON text, any report, or the events the figures are not read from (the same rules
    run; only what is recorded of them differs): what a simulation of many runs asks for."""
    if seed is not None or options is not None:
        match = varied(match, seed=seed, options=options)
    keep = read_events(ruleset_of(match).summary_hooks())
    return _figures(match, *_play(match, until_decided=until_decided, keep=keep))


def played(match: Match, *, until_decided: bool = False) -> tuple[Outcome, list[dict]]:
    """The figures of one run of ``match`` as it is and its turns' log entries (every event):
    what a simulation reads of each run, its rates included."""
    state, turn_logs = _play(match, until_decided=until_decided)
    return _figures(match, state, turn_logs), turn_logs


def _figures(match: Match, state: Any, turn_logs: list[dict]) -> Outcome:
    rs = ruleset_of(match)
    return Outcome.of(rs.outcome(state), rs.figures_state(state), turn_logs, rs.summary_hooks())


def state_before(match: Match, turn_number: int) -> Any:
    """The state turn ``turn_number`` starts from: the match's earlier turns resolved as written
    (what ``dhproc odds`` reads its figures from)."""
    earlier = [t for t in match.turns if t.number < turn_number]
    state, _ = _play(dataclasses.replace(match, turns=earlier))
    return state


def _play(match: Match, *, until_decided: bool = False,
          keep: frozenset[str] | None = None) -> tuple[Any, list[dict]]:
    """The loaded turns of ``match`` resolved: the final state and each turn's log entry, its
    events those of the kinds in ``keep`` (None: every one)."""
    rs = ruleset_of(match)
    state = rs.initial_state(match)
    turn_logs = []
    for i, turn in enumerate(match.turns):
        ctx = TurnContext(seed=match.seed, turn=turn.number, options=match.options, recorded=turn.dice,
                          keyed=match.data.get("dice_streams") == "keyed", keep=keep)
        status = rs.resolve_turn(state, turn, ctx)
        ctx.dice.finish(awaiting=status.awaiting)
        entry: dict[str, Any] = {"turn": turn.number, "status": "complete" if status.complete else "awaiting"}
        if status.awaiting is not None:
            entry["awaiting"] = status.awaiting
        entry["events"] = ctx.events
        turn_logs.append(entry)
        later = match.turns[i + 1:]
        if until_decided and rs.is_over(state):
            break
        if later and not status.complete:
            raise ResolutionError([later[0].problem(("turn",), say("turn.awaiting", turn=later[0].number,
                                                                   earlier=turn.number, side=status.awaiting))])
        if later and rs.is_over(state):
            raise ResolutionError([later[0].problem(("turn",), say("turn.after_end", decided=turn.number,
                                                                   turn=later[0].number))])
    return state, turn_logs


def dice_plan(match: Match) -> list[dict]:
    """The dice the match's reported turns draw, in order, before any are recorded: each turn's
    ``roll`` events resolved from the seed alone (its recorded dice set aside; the turns before it
    as written), each with its ``chance`` of success where the ruleset gives one (read from the
    whole turn's events: count's, nicosw's and kagemiya's checks are logged after their dice).
    Which dice come later can depend on earlier results."""
    rolls: list[dict] = []
    rs = ruleset_of(match)
    for i, turn in enumerate(match.turns):
        if turn.number not in match.report_turns:
            continue
        planned = match.turns[:i] + [dataclasses.replace(turn, dice=None)]
        last = resolve(dataclasses.replace(match, turns=planned))["turns"][-1]
        rolls += [_planned(rs, e, last["events"], turn.number, match.options) for e in last["events"]
                  if e["kind"] == "roll"]
    return rolls


def _planned(rs: Any, roll: dict, events: list[dict], turn: int, options: dict) -> dict:
    """A planned roll with its turn and, where the ruleset gives one, its chance of success
    (``Ruleset.roll_chance``, the 確率 column) under the match's options."""
    chance = rs.roll_chance(roll, events, options)
    return dict(roll, turn=turn) | ({"chance": chance} if chance is not None else {})


def dumps(log: dict) -> str:
    """The log's bytes: the same inputs give the same text on any machine (the layout of
    ``json.dumps(indent=2)``, written by the C encoder: dhproc/documents/jsontext.py)."""
    from ..documents.jsontext import indented

    return indented(log) + "\n"

