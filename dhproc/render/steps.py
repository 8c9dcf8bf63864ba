"""The moments of a match a picture can show, and the report's state at each.

A step is one event of the log. The state after it is what the ruleset's own report shows for
the log cut right after that event: the report folds the events onto the setup, so cutting the
log is the only thing this module does to the rules. Each ruleset draws its map where its report
does (dh and count after every event, nicosw at the end of each half, NICOSW-10.1); kagemiya and
logos have no grid: their picture is the state tables (the line-up with 行動順, 列, 戦闘不能), under
kagemiya's map of its areas (Ruleset.picture_map: the ruleset's, from the log cut at the step).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Sequence

from ..report import document as doc

__all__ = ["Step", "State", "steps", "state_after", "picture_map", "PHASE_ENDS", "step_at"]

# The event kinds that close a phase (a half, a round, a count, a bout) in some ruleset's log.
PHASE_ENDS = frozenset({"phase_end", "half_end", "round_end", "end_phase", "bout_end", "next_count"})


@dataclass(frozen=True)
class Step:
    """The log up to and including event ``event`` (1-based) of the turn at index ``turn_index``;
    event 0 is the turn before its first event."""

    turn_index: int
    turn: int
    event: int
    phase: int  # phases of this turn closed before or by this event

    @property
    def anchor(self) -> str:
        """The step's name in a link: ``t2-e14``."""
        return f"t{self.turn}-e{self.event}"


@dataclass(frozen=True)
class State:
    """What the report shows at a step: its picture (the map, else the state tables), its state
    tables and the narration lines of the turn so far."""

    picture: tuple[doc.Block, ...]
    tables: tuple[doc.Table, ...]
    lines: tuple[str, ...]


def steps(log: dict) -> list[Step]:
    """Every step of the log: the first turn before its events, then each event in order. A log
    of no turn yet (the opening post) has one step: the setup."""
    if not log["turns"]:
        return [Step(-1, 0, 0, 0)]
    out: list[Step] = []
    for i, turn in enumerate(log["turns"]):
        if i == 0:
            out.append(Step(0, turn["turn"], 0, 0))
        phase = 0
        for n, event in enumerate(turn["events"], 1):
            phase += event["kind"] in PHASE_ENDS
            out.append(Step(i, turn["turn"], n, phase))
    return out


def step_at(log: dict, turn: int | None = None, phase: int | None = None) -> Step | None:
    """The last step of turn ``turn`` (the last turn when None), or of its ``phase``-th phase."""
    if not log["turns"]:
        return steps(log)[0] if turn is None and phase is None else None
    chosen = [s for s in steps(log) if turn is None or s.turn == turn]
    if turn is None and chosen:
        chosen = [s for s in chosen if s.turn == chosen[-1].turn]
    if phase is not None:
        chosen = [s for s in chosen if s.phase < phase or (s.phase == phase and _closes(log, s))]
    return chosen[-1] if chosen else None


def _closes(log: dict, step: Step) -> bool:
    return step.event > 0 and log["turns"][step.turn_index]["events"][step.event - 1]["kind"] in PHASE_ENDS


def cut(log: dict, step: Step) -> dict:
    """The log as it stood after ``step``: earlier turns whole, the step's turn up to its event."""
    if step.turn_index < 0:
        return log
    turn = log["turns"][step.turn_index]
    return dict(log, turns=log["turns"][: step.turn_index] + [dict(turn, events=turn["events"][: step.event])])


def state_after(log: dict, step: Step, *, lang: str = "ja", view: str = "gk") -> State:
    """The report's state at ``step``, in ``lang`` and ``view``."""
    from ..engine.reports import report_blocks

    blocks = report_blocks(cut(log, step), lang=lang, view=view, turns=[step.turn] if step.turn_index >= 0 else [])
    tables = _last_state(blocks)
    boards = [b for b in blocks if isinstance(b, doc.Board)]
    picture: tuple[doc.Block, ...] = (boards[-1],) if boards else tuple(tables)
    if not boards:  # a ruleset whose report draws no map may still have one for the picture (kagemiya's areas)
        drawn = picture_map(cut(log, step), lang=lang, view=view)
        picture = picture if drawn is None else (drawn, *picture)
    return State(picture, tuple(t for t in tables if isinstance(t, doc.Table)), tuple(_narration(blocks)))


def picture_map(log: dict, *, lang: str, view: str) -> doc.Board | None:
    """The map the log's ruleset draws above its state tables for a report with no map of its
    own (Ruleset.picture_map: kagemiya's areas), as the log stands; None: the tables alone."""
    from ..engine.ruleset import get_ruleset

    ruleset = get_ruleset(log["ruleset"])
    return None if ruleset is None else ruleset.picture_map(log, lang=lang, view=view)


def _last_state(blocks: Sequence[doc.Block]) -> list[doc.Block]:
    """The last run of tables (and the map among them): the state the report shows last."""
    ends = [i for i, b in enumerate(blocks) if isinstance(b, doc.Table)]
    if not ends:
        return []
    start = ends[-1]
    while start > 0 and _in_state(blocks[start - 1]):
        start -= 1
    end = ends[-1] + 1
    while end < len(blocks) and isinstance(blocks[end], doc.Board):
        end += 1
    return list(blocks[start:end])


def _in_state(block: doc.Block) -> bool:
    """A table, the map, or a line set under a table (logos' bench): part of one state section."""
    return isinstance(block, (doc.Table, doc.Board)) or (isinstance(block, doc.Lines) and block.gap == 0)


def _narration(blocks: Sequence[doc.Block]) -> list[str]:
    lines: list[str] = []
    for b in blocks:
        if isinstance(b, doc.Heading):
            lines.append(b.text)
        elif isinstance(b, doc.Lines):
            lines.extend(b.lines)
    return lines


def new_lines(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The narration lines a step added (or rewrote): what the report says of that event."""
    matcher = difflib.SequenceMatcher(a=list(before), b=list(after), autojunk=False)
    return [line for op, _, _, j1, j2 in matcher.get_opcodes() if op in ("insert", "replace")
            for line in after[j1:j2]]
