"""How lucky the dice were: each logged roll's place within its exact distribution
(``Ruleset.roll_luck``, 1 the best for its roller), for ``resolve --luck`` and ``summary --luck``,
so a campaign can tell a bad plan from bad dice.

Read from the log alone, like every report: a roll the ruleset gives no rank (a coin, a choice)
is left out rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..words.messages import say
from ..report import document as doc
from . import messages as _messages  # noqa: F401  (registers the odds catalogue)
from .text import percent

ABOUT = ("actor", "target", "ability", "skill", "effect")  # what a roll's line names, in this order


@dataclass(frozen=True)
class RollLuck:
    turn: int
    draw: int
    purpose: str
    actor: str | None
    about: tuple[str, ...]  # what the roll was about: its target, ability, skill, effect
    face: int
    sides: int
    luck: Fraction  # mid-rank, 1 the best for the roller


def rolls_luck(log: dict, rs: Any, turns: list[int] | None = None) -> list[RollLuck]:
    """Every roll of ``turns`` (all by default) that the ruleset ranks, in the order rolled."""
    out = []
    for entry in log["turns"]:
        if turns is not None and entry["turn"] not in turns:
            continue
        events = entry["events"]
        for i, e in enumerate(events):
            if e["kind"] != "roll":
                continue
            luck = rs.roll_luck(e, events[:i + 1])
            if luck is not None:
                about = tuple(str(e[k]) for k in ABOUT[1:] if e.get(k) is not None)
                out.append(RollLuck(entry["turn"], e["draw"], e["purpose"], e.get("actor"), about, e["face"],
                                    e["sides"], luck))
    return out


def luck_words(luck: Fraction) -> str:
    """上位3%の出目 for a roll better than 97 % of its die's results; 下位…の出目 below the middle."""
    if luck >= Fraction(1, 2):
        return say("odds.luck_top", p=percent(1 - luck))
    return say("odds.luck_bottom", p=percent(luck))


def luck_block(rolls: list[RollLuck]) -> list[doc.Block]:
    """The report's luck table (``resolve --luck``): one row a ranked roll."""
    if not rolls:
        return []
    rows = [(r.turn, r.draw, r.purpose, _who(r), f"{r.face}/d{r.sides}", luck_words(r.luck)) for r in rolls]
    return [doc.Heading(say("odds.luck_head"), level=2), doc.Table.of(say("odds.luck_columns").split("|"), rows)]


def _who(r: RollLuck) -> str:
    """The roller and what the roll was about, each id with its display name."""
    from ..words.messages import default_lang
    from ..words.naming import current_roster, shown

    roster, lang = current_roster(), default_lang()
    parts = ([r.actor] if r.actor else []) + list(r.about)
    names = [shown(p, roster.display(p) if roster is not None else None, lang) for p in parts]
    return " ".join(names)


def side_lines(rolls: list[RollLuck], side_of: dict[str, str]) -> list[str]:
    """``summary --luck``: per side, the mean rank of its rolls and its least likely moment."""
    by_side: dict[str, list[RollLuck]] = {}
    for r in rolls:
        side = side_of.get(r.actor or "")
        if side is not None:
            by_side.setdefault(side, []).append(r)
    lines = []
    for side in dict.fromkeys(side_of.values()):
        mine = by_side.get(side)
        if not mine:
            continue
        mean = sum((r.luck for r in mine), Fraction(0)) / len(mine)
        worst = min(mine, key=lambda r: (r.luck, r.turn, r.draw))  # the first of equals: the order rolled
        lines.append(say("odds.luck_side", side=side, n=len(mine), mean=percent(mean), turn=worst.turn,
                         about=f"{_who(worst)} {worst.purpose} {worst.face}", luck=luck_words(worst.luck)))
    return lines
