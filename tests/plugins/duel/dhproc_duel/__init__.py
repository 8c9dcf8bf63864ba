"""duel: two fighters, one die each a turn, until one falls (rules.md beside this package).

The smallest ruleset dhproc runs: docs/writing-a-ruleset.md builds it clause by clause.
"""

from __future__ import annotations

from dhproc.engine.ruleset import Ruleset, TurnStatus
from dhproc.words.messages import say

from . import report, rules
from .options import OPTIONS


class DuelRuleset(Ruleset):
    id = "duel"
    name = "サイコロ決闘"
    name_en = "dice duel"
    version = "1"
    options = OPTIONS
    schema_package = "dhproc_duel.schemas"  # where duel.setup and duel.submissions are
    setup_schema = "duel.setup"
    submissions_schema = "duel.submissions"

    def check(self, match):
        """Who submits must be a fighter (a schema cannot know the setup's ids)."""
        fighters = match.setup["fighters"]
        return [turn.problem(("submissions", fid), say("duel.not_a_fighter", id=fid), key=True)
                for turn in match.turns for fid in turn.submissions if fid not in fighters]

    def initial_state(self, match) -> rules.DuelState:  # DUEL-1.1
        fighters = {fid: rules.Fighter(fid, f["name"], f["hp"]) for fid, f in match.setup["fighters"].items()}
        return rules.DuelState(fighters=fighters, order=list(fighters))

    def resolve_turn(self, state, turn, ctx) -> TurnStatus:
        return rules.resolve_turn(state, turn.submissions, ctx)

    def is_over(self, state) -> bool:
        return state.outcome is not None

    def outcome(self, state) -> dict:
        return state.outcome or {"result": "ongoing", "winner": None, "reason": "in_progress"}

    def state_json(self, state) -> dict:
        return {"fighters": {fid: {"hp": f.hp} for fid, f in state.fighters.items()}}

    def event_rates(self):
        from .event_rates import RATES

        return RATES

    def report_blocks(self, log, *, lang, view, turns):
        return report.report_blocks(log, name=self.name if lang == "ja" else self.name_en, options=self.options,
                                    lang=lang, turns=turns)


RULESET = DuelRuleset()
