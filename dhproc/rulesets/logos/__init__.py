"""logos: ダンゲロス・ロゴス2, the 戦闘ラウンド (5 starters, 1-vs-1 勝ち抜き, 色/弱点, timing skills, DP)."""

from __future__ import annotations

from typing import Any

from ...engine.roster import PerSetup
from ...engine.ruleset import Ruleset, TurnStatus
from . import campaign, checks, rules
from .model import LogosState, Side
from .options import OPTIONS

# The characters a setup reads as (their skills parsed), for the many runs of one match.
_CHARACTERS = PerSetup(lambda setup: checks.characters_of(setup)[0])


class LogosRuleset(Ruleset):
    id = "logos"
    name = "ダンゲロス・ロゴス2 戦闘ラウンド"
    name_en = "Dangerous Logos 2 (ダンゲロス・ロゴス2) battle round"
    version = "1"
    options = OPTIONS
    odds_module = "dhproc.rulesets.logos.odds"  # dhproc odds, --dice-plan's 確率, --luck
    setup_schema = "logos.setup"
    submissions_schema = "logos.submissions"

    def check(self, match):
        return checks.check_match(match)

    def initial_state(self, match) -> LogosState:
        setup = match.setup
        chars = {cid: c.fresh() for cid, c in _CHARACTERS(setup).items()}
        sides = {sid: Side(sid, s["name"], i) for i, (sid, s) in enumerate(setup["sides"].items())}
        state = LogosState(sides=sides, characters=chars, stage=setup.get("stage", "league"),
                           announced_first=setup.get("first"), stop_after=setup.get("stop_after_bout"))
        if "round" in setup:
            campaign.apply_state(state, setup, match.options)  # a round under way (LOGOS-11.1)
        return state

    def setup_from_log(self, log: dict) -> dict:
        return campaign.setup_from_log(log)

    def resolve_turn(self, state: LogosState, turn, ctx) -> TurnStatus:
        return rules.resolve_turn(state, turn, ctx)

    def is_over(self, state: LogosState) -> bool:
        return state.outcome is not None

    def outcome(self, state: LogosState) -> dict:
        return state.outcome or {"result": "ongoing", "winner": None, "reason": "in_progress"}

    def state_json(self, state: LogosState) -> dict[str, Any]:
        """Same keys as the setup, plus what play adds (order, states, dp, effects)."""
        chars = {}
        for c in state.characters.values():
            entry: dict[str, Any] = {
                "name": c.name, "side": c.side, "colors": list(state.colors(c)),
                "weaknesses": list(state.weaknesses(c)), "attack": state.stat(c, "attack"),
                "defense": state.stat(c, "defense"), "reaction": state.stat(c, "reaction"),
                "keywords": list(state.keywords(c)), "secret": c.secret, "revealed": c.revealed}
            if c.starter:
                entry["order"] = c.order
            entry["states"] = list(state.states(c))
            if c.charge_level > (1 if c.charged else 0) or c.spent_charge:  # LOGOS-7.3
                entry["charge_level"], entry["spent_charge"] = c.charge_level, c.spent_charge
            if c.skills:  # many characters have none: nothing to count
                uses = {sk.name: state.uses.used((c.id, sk.index), "round", 0) for sk in c.skills
                        if sk.uses is not None and sk.uses.per == "round"}
                if any(uses.values()):  # LOGOS-5.12: what a continued round must still count
                    entry["skill_uses"] = {k: v for k, v in uses.items() if v}
            chars[c.id] = entry
        return {
            "stage": state.stage,
            "first": state.first,
            "bout": state.bout,
            "sides": {s.id: {"name": s.name, "dp": s.dp, "starters": list(s.starters)} for s in state.sides.values()},
            "characters": chars,
            "effects": [e.to_json(state.clocks) for e in state.effects],
            "clocks": state.clocks.to_json(),
        }

    def figures_state(self, state: LogosState) -> dict[str, Any]:
        """state_json's DP and states alone: what a lean run reads of the state."""
        return {"sides": {s.id: {"dp": s.dp} for s in state.sides.values()},
                "characters": {c.id: {"states": list(state.states(c))} for c in state.characters.values()}}

    def report_blocks(self, log: dict, *, lang: str, view: str, turns: list[int]) -> list:
        from . import report  # the text report, imported when one is drawn: replay, simulate and validate draw none

        return report.report_blocks(log, lang=lang, view=view, turns=turns)

    def event_rates(self):
        from .event_rates import RATES

        return RATES

    def summary_hooks(self):
        hooks = self.__dict__.get("_summary_hooks")
        if hooks is None:  # made once (they never change): a lean run reads them twice, a simulation every run
            from . import report
            from ...report.summary import SummaryHooks

            hooks = self._summary_hooks = SummaryHooks(kills={"knocked_out": ("character", "by")}, use=report.skill_fired,
                                                       clock=("bout_start", "bout"), cause=report.kill_cause)
        return hooks

    def submission_aliases(self):
        from ...words.aliases import SubmissionAliases

        return SubmissionAliases(
            keys={"スタメン": "starters", "先発": "starters", "選択": "choices", "誰": "who", "スキル": "skill",
                  "対象": "target"},
            name_keys=frozenset({"starters", "who", "target"}))

    def grammar(self):
        from .grammar import GRAMMAR

        return GRAMMAR

    def outcome_text(self, log: dict, *, lang: str) -> str:
        from . import report

        return report.outcome_line(log, lang=lang)


RULESET = LogosRuleset()
