"""``dhproc odds``: the exact odds of one declared action, asked of the match's ruleset, and the
names its text is written with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.ruleset import ruleset_of
from ..match import Match
from ..words.messages import say, use_lang
from ..words.naming import Roster, naming


@dataclass(frozen=True)
class Odds:
    """One declared action's odds and where they belong."""

    figures: Any  # dhproc.odds.report.ActionOdds
    ruleset: str
    turn: int
    roster: Roster  # the match's names, so the text says 山田太郎（yamada）

    def text(self, lang: str) -> str:
        from .text import text

        with naming(self.roster), use_lang(lang):
            return text(self.figures, ruleset=self.ruleset, turn=self.turn, action_name=self.action_name(),
                        lang=lang)

    def to_json(self) -> dict:
        from .text import to_json

        return to_json(self.figures, ruleset=self.ruleset, turn=self.turn)

    def action_name(self) -> str:
        from . import messages as _odds_messages  # noqa: F401  (registers the odds catalogue)

        return say("odds.action.attack") if self.figures.action == "attack" else self.figures.action


def odds(match: Match, who: str, *, target: str | None = None, action: str | None = None) -> Odds:
    """The exact odds of ``who``'s declared action in the match's last reported turn, at the state
    that turn starts from (see the ruleset's ``action_odds``). A ruleset that computes none, or a
    match with no turn, is a located error."""
    from .inputs import refuse

    rs = ruleset_of(match)
    if not match.turns or not match.report_turns:
        raise refuse(match.anchor, (), say("odds.no_turns"))
    turn = match.report_turns[-1]
    roster = Roster.from_setup(match.setup)
    with naming(roster):
        figures = rs.action_odds(match, turn, who, target, action)
        if figures is None:
            raise refuse(match.anchor, ("ruleset",), say("odds.not_offered", ruleset=rs.id))
    return Odds(figures, rs.id, turn, roster)
