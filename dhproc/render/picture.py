"""``dhproc render LOG --svg/--png``: the picture at the end of a turn or a phase."""

from __future__ import annotations

from ..engine.ruleset import get_ruleset
from ..errors import InputError, Problem
from ..words.messages import has_message, say, use_lang
from .steps import Step, state_after, step_at
from .svg import picture_svg

__all__ = ["map_svg", "title_of", "ruleset_word"]


def title_of(log: dict, step: Step, *, phase: int | None = None) -> str:
    """The picture's title: the match and the moment it shows."""
    title = log.get("title") or log["ruleset"]
    if step.event == 0:
        return say("render.start", title=title)
    moment = ruleset_word(log["ruleset"], "render.turn", turn=step.turn)
    if phase is not None:
        return say("render.phase_end", title=title, moment=moment, phase=phase)
    return say("render.turn_end", title=title, moment=moment)


def ruleset_word(ruleset: str, key: str, **fields: object) -> str:
    """The platform's word ``key`` (render.turn 「3ターン目」, render.turn_noun 「ターン」), or the
    ruleset's own for its turn where its catalogue has "<id>.<key>" (kagemiya's 「3巡目」, 「巡」)."""
    get_ruleset(ruleset)  # a ruleset's catalogue is registered with its package
    own = f"{ruleset}.{key}"
    return say(own if has_message(own) else key, **fields)


def map_svg(log: dict, *, name: str, turn: int | None = None, phase: int | None = None, lang: str = "ja",
            view: str = "gk") -> str:
    """The map (or the state tables) at the end of ``turn`` (the last when None) or its ``phase``."""
    step = step_at(log, turn, phase)
    if step is None:
        raise InputError([Problem(name, None, None, say("render.no_step", moment=_moment(turn, phase)))])
    state = state_after(log, step, lang=lang, view=view)
    with use_lang(lang):
        title = title_of(log, step, phase=phase)
    return picture_svg(state.picture, title)


def _moment(turn: int | None, phase: int | None) -> str:
    """The options as given, for a message."""
    return " ".join(f"--{name} {value}" for name, value in (("turn", turn), ("phase", phase)) if value is not None)
