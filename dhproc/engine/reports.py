"""A log's report, rendered from the log alone by the ruleset that wrote it: as blocks
(report/document.py), as text, in each output format, and the summary. The engine finds the
ruleset by the log's ``ruleset``; the report package below knows no ruleset."""

from __future__ import annotations

from typing import Any

from ..errors import InputError, Problem
from ..words.messages import say
from ..words.naming import Roster, naming
from .ruleset import get_ruleset


def report_blocks(log: dict, *, lang: str = "ja", view: str = "gk", turns: list[int] | None = None) -> list:
    """The report as blocks (dhproc/report/document.py), rendered from the log alone."""
    rs = _log_ruleset(log)
    shown = turns if turns is not None else [t["turn"] for t in log["turns"]]
    return rs.report_blocks(log, lang=lang, view=view, turns=shown)


def render(log: dict, *, lang: str = "ja", view: str = "gk", turns: list[int] | None = None) -> str:
    """The text report, rendered from the log alone."""
    from ..report.document import to_text

    return to_text(report_blocks(log, lang=lang, view=view, turns=turns))


def summary_blocks(log: dict, *, lang: str = "ja", luck: bool = False) -> list:
    """``dhproc summary``: kills, DP per turn, abilities used and the outcome, as report blocks;
    with ``luck``, a line per side on how lucky its dice were (``Ruleset.roll_luck``)."""
    from ..report.summary import summary_blocks as build

    rs = _log_ruleset(log)
    blocks = build(log, rs.summary_hooks(), rs.outcome_text(log, lang=lang), lang=lang)
    if not luck:
        return blocks
    from ..odds.luck import rolls_luck, side_lines
    from ..report.document import Lines

    setup = log["input"]["match"].get("setup") or {}
    characters = setup.get("characters") if isinstance(setup.get("characters"), dict) else {}
    side_of = {cid: c["side"] for cid, c in characters.items() if isinstance(c, dict) and "side" in c}
    with naming(Roster.from_setup(setup)):
        lines = side_lines(rolls_luck(log, rs), side_of)
    return blocks + ([Lines(tuple(lines))] if lines else [])


def _log_ruleset(log: dict) -> Any:
    rs = get_ruleset(log["ruleset"])
    if rs is None:
        raise InputError([Problem("<log>", None, None, say("match.unknown_ruleset_log", ruleset=log["ruleset"]))])
    return rs


def render_as(log: dict, fmt: str, *, lang: str = "ja", view: str = "gk",
              turns: list[int] | None = None, luck: bool = False) -> list[str]:
    """The report in ``fmt`` (text, markdown, discord, wiki): one text, or one per Discord message;
    with ``luck``, a table of each roll's rank within its exact distribution after the report."""
    from ..report.formats import format_report

    blocks = report_blocks(log, lang=lang, view=view, turns=turns)
    if luck:
        from ..odds.luck import luck_block, rolls_luck

        shown = turns if turns is not None else [t["turn"] for t in log["turns"]]
        with naming(Roster.from_setup(log["input"]["match"].get("setup"))):
            blocks = blocks + luck_block(rolls_luck(log, _log_ruleset(log), shown))
    return format_report(blocks, fmt, lang=lang)

