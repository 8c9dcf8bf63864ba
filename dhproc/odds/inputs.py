"""What every ruleset's ``action_odds`` needs from the turn file: the turn, a located error in
the odds catalogue's words, and the named state the figures were read from."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..errors import InputError
from ..words.messages import listed, say
from . import messages as _messages  # noqa: F401  (registers the odds catalogue)
from .report import Assumption


def refuse(anchor: Any, path: tuple, message: str, *, on_key: bool = False) -> InputError:
    """The error of ``message`` located at ``path`` of ``anchor`` (a turn or the match), at the key
    itself with ``on_key``."""
    return InputError([anchor.problem(path, message, key=on_key)])


def turn_of(match: Any, turn_number: int) -> Any:
    return next(t for t in match.turns if t.number == turn_number)


def not_declared(turn: Any, who: str, declared: list[str], names: dict[str, str]) -> InputError:
    """``who`` has no 行動 in ``turn``: the turn's submissions are the place, the ids that did
    declare the choices (a close one suggested)."""
    from ..words.names import did_you_mean

    hint = did_you_mean(who, {cid: names[cid] for cid in declared if cid in names})
    return refuse(turn, ("submissions",), say("odds.not_declared", who=who, turn=turn.number, hint=hint,
                                              known=listed(declared) or "-"), on_key=True)


def unknown_target(turn: Any, target: str, names: dict[str, str]) -> InputError:
    from ..words.names import did_you_mean

    return refuse(turn, ("submissions",), say("odds.unknown_target", target=target, hint=did_you_mean(target, names)))


def turn_start(turn_number: int) -> Assumption:
    """The figures read the state turn ``turn_number`` starts from; what acts earlier in the same
    turn (a move, a stat change, a death) is not counted."""
    return Assumption("state", f"ターン{turn_number}開始時の状態で計算（同じターンに先に起きることは数えていません）",
                      f"computed on the state turn {turn_number} starts from (what happens earlier in the "
                      f"turn is not counted)")


def with_defaults(options: Mapping[str, Any] | None, option_set: Iterable[Any]) -> dict[str, Any]:
    """Every option of ``option_set`` as ``options`` sets it, else at its default: what a logged
    roll's chance reads (``Ruleset.roll_chance``; a check's events do not record the options)."""
    return {o.id: o.default for o in option_set} | dict(options or {})


def option(options: dict[str, Any], key: str) -> Assumption:
    value = options[key]
    shown = str(value).lower() if isinstance(value, bool) else value
    return Assumption(f"option.{key}", f"オプション {key}: {shown}", f"option {key}: {shown}")
