"""A log's report, rendered from the log alone by the ruleset that wrote it: as blocks
(report/document.py), as text, in each output format, and the summary. The engine finds the
ruleset by the log's ``ruleset``; the report package below knows no ruleset."""

from __future__ import annotations

from ..errors import InputError, Problem
from ..words.messages import say
from .ruleset import get_ruleset


def report_blocks(log: dict, *, lang: str = "ja", view: str = "gk", turns: list[int] | None = None) -> list:
    """The report as blocks (dhproc/report/document.py), rendered from the log alone."""
    rs = get_ruleset(log["ruleset"])
    if rs is None:
        raise InputError([Problem("<log>", None, None, say("match.unknown_ruleset_log", ruleset=log["ruleset"]))])
    shown = turns if turns is not None else [t["turn"] for t in log["turns"]]
    return rs.report_blocks(log, lang=lang, view=view, turns=shown)


def render(log: dict, *, lang: str = "ja", view: str = "gk", turns: list[int] | None = None) -> str:
    """The text report, rendered from the log alone."""
    from ..report.document import to_text

    return to_text(report_blocks(log, lang=lang, view=view, turns=turns))


def summary_blocks(log: dict, *, lang: str = "ja") -> list:
    """``dhproc summary``: kills, DP per turn, abilities used and the outcome, as report blocks."""
    from ..report.summary import summary_blocks as build

    rs = get_ruleset(log["ruleset"])
    if rs is None:
        raise InputError([Problem("<log>", None, None, say("match.unknown_ruleset_log", ruleset=log["ruleset"]))])
    return build(log, rs.summary_hooks(), rs.outcome_text(log, lang=lang), lang=lang)


def render_as(log: dict, fmt: str, *, lang: str = "ja", view: str = "gk",
              turns: list[int] | None = None) -> list[str]:
    """The report in ``fmt`` (text, markdown, discord, wiki): one text, or one per Discord message."""
    from ..report.formats import format_report

    return format_report(report_blocks(log, lang=lang, view=view, turns=turns), fmt, lang=lang)

