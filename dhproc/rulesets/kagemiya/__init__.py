"""kagemiya: the 戦闘フェイズ of the 聖杯戦争 kagemiya (seed 003): 先手判定, 逃走判定, attacks, 援護, 脱落."""

from __future__ import annotations

from typing import Any

from ...engine.ruleset import Ruleset, TurnStatus
from . import checks, rules
from .model import KagemiyaState
from .options import OPTIONS


# docs/aliases.md: the Japanese keys of a turn file's submissions
ALIASES = {
    "先手判定": "initiative", "先手": "initiative", "判定者": "roller", "担当": "roller", "逃走": "escape",
    "使用": "use", "スキル": "use", "宝具": "use", "令呪": "command_spells", "倍加": "doubling",
    "行動": "actions", "誰": "actor", "行動者": "actor", "キャラ": "actor", "種類": "do", "行動内容": "do",
    "対象": "target", "援護": "support", "防御": "defense", "防御指示": "defense", "条件": "if",
    "逃走判定": "escape_roller", "逃走阻止": "escape_roller", "サーヴァント脱落時": "on_servant_loss",
}


class KagemiyaRuleset(Ruleset):
    id = "kagemiya"
    name = "聖杯戦争 kagemiya 戦闘フェイズ"
    name_en = "Holy Grail War kagemiya (聖杯戦争 kagemiya) battle phase"
    version = "1"
    options = OPTIONS
    odds_module = "dhproc.rulesets.kagemiya.odds"  # KAGEMIYA-12
    setup_schema = "kagemiya.setup"
    submissions_schema = "kagemiya.submissions"

    def check(self, match):
        return checks.check_match(match)

    def warnings(self, match):
        from ...engine.resolution import resolve

        return checks.play_warnings(match, resolve(match))

    def initial_state(self, match) -> KagemiyaState:
        return checks.start_state(match.setup, match.options["hp_per_endurance"])

    def resolve_turn(self, state: KagemiyaState, turn, ctx) -> TurnStatus:
        return rules.resolve_turn(state, turn, ctx)

    def is_over(self, state: KagemiyaState) -> bool:
        return state.outcome is not None

    def outcome(self, state: KagemiyaState) -> dict:
        return state.outcome or {"result": "ongoing", "winner": None, "reason": "in_progress"}

    def state_json(self, state: KagemiyaState) -> dict[str, Any]:
        return state.to_json()

    def report_blocks(self, log: dict, *, lang: str, view: str, turns: list[int]) -> list:
        from . import report  # the text report, imported when one is drawn: replay, simulate and validate draw none

        return report.report_blocks(log, lang=lang, view=view, turns=turns)

    def picture_map(self, log: dict, *, lang: str, view: str):
        """The areas and who is in each (the report draws no map)."""
        from . import report

        return report.areas_board(log, lang=lang)

    def first_turn(self, setup: dict) -> int:
        """KAGEMIYA-1.1 / 1.8: turn N is 巡 N; a battle taken up after 巡 k starts at turn k + 1."""
        progress = setup.get("progress")
        played = progress.get("rounds_played", 0) if isinstance(progress, dict) else 0
        return played + 1 if isinstance(played, int) and not isinstance(played, bool) and played >= 0 else 1

    def submission_aliases(self):
        """docs/aliases.md: Japanese keys; characters, skills, 宝具, 倍加 and 令呪 by name (naming.py)."""
        from ...words.aliases import SubmissionAliases
        from .naming import resolve

        return SubmissionAliases(keys=ALIASES, name_keys=frozenset({"roller", "actor", "target", "support"}),
                                 then=resolve)

    def grammar(self):
        from .grammar import GRAMMAR

        return GRAMMAR

    def event_rates(self):
        from .event_rates import RATES

        return RATES

    def summary_hooks(self):
        """``dhproc summary``: who dropped out (脱落), the skills, 宝具, 倍加 and 令呪 declared in checks."""
        from . import report
        from ...report.summary import SummaryHooks

        return SummaryHooks(kills={"eliminated": ("character", None)}, use=report.resources_used, dp=False,
                            killer=report.knocked_out_by, reads=("damage",),
                            cause=report.kill_cause)

    def outcome_text(self, log: dict, *, lang: str) -> str:
        from . import report

        return report.outcome_line(log, lang=lang)

    def early_turn_message(self, setup: dict, turn: int, first: int) -> str:
        """KAGEMIYA-1.8: a turn file for a 巡 the setup already counts as played."""
        from ...words.messages import say
        from . import messages  # noqa: F401  (registers the catalogue)

        return say("kagemiya.start_turn", n=turn, played=first - 1, first=first)

    def setup_from_log(self, log: dict) -> dict:
        """KAGEMIYA-1.8: the setup with the log's final state, for ``dhproc new kagemiya DIR --from LOG``."""
        return checks.setup_from_log(log)


RULESET = KagemiyaRuleset()
