"""The contract between the platform and a ruleset, and the registry of rulesets.

A ruleset is a subclass of :class:`Ruleset` in ``dhproc/rulesets/<id>/``. It declares its id,
name, version, schemas and options, and implements three entry points: build the initial state
from the setup, resolve one turn, decide the outcome. It also turns the log's events into
report blocks, which every output format is made from. The platform (loading, dice, log, replay,
CLI) never looks inside a ruleset's data.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .options import OptionSet

if TYPE_CHECKING:  # imported for types only: keeps start-up light
    from ..match import Match, Turn
    from ..errors import Problem
    from .context import TurnContext
    from ..report.document import Block
    from ..report.summary import SummaryHooks
    from ..textimport import Grammar
    from ..aliases import SubmissionAliases


@dataclass(frozen=True)
class TurnStatus:
    """How far a turn got: complete, or stopped waiting for someone's submission."""

    complete: bool
    awaiting: str | None = None  # e.g. the side id whose submission is missing


class Ruleset:
    id: ClassVar[str]
    name: ClassVar[str]  # shown to people
    name_en: ClassVar[str]
    version: ClassVar[str]
    options: ClassVar[OptionSet]
    # schema file names (in schemas/) for the ruleset's parts of the match and turn files
    setup_schema: ClassVar[str]
    submissions_schema: ClassVar[str]

    def check(self, match: "Match") -> list["Problem"]:
        """Semantic checks that a schema cannot express (unknown ids, squares off the map...)."""
        return []

    def warnings(self, match: "Match") -> list["Problem"]:
        """Doubtful but legal input (e.g. a stated figure that differs from its computation)."""
        return []

    def initial_state(self, match: "Match") -> Any:
        raise NotImplementedError

    def resolve_turn(self, state: Any, turn: "Turn", ctx: "TurnContext") -> TurnStatus:
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        """True once the match is decided: no later turn may be played."""
        raise NotImplementedError

    def outcome(self, state: Any) -> dict:
        """The outcome after the last resolved turn: ``{"result", "winner", "reason"}``."""
        raise NotImplementedError

    def state_json(self, state: Any) -> dict:
        raise NotImplementedError

    def report_blocks(self, log: dict, *, lang: str, view: str, turns: list[int]) -> list["Block"]:
        """The report of ``turns`` as blocks (dhproc/report/document.py), from the log alone (never
        from live state). Every output format — text, Markdown, Discord, wiki — is made from these."""
        raise NotImplementedError

    def submission_aliases(self) -> "SubmissionAliases | None":
        """Japanese keys and display names a turn file may use for this ruleset (docs/aliases.md)."""
        return None

    def grammar(self) -> "Grammar | None":
        """How this ruleset's 行動提出 read as chat text (``dhproc import``); None: not yet."""
        return None

    def summary_hooks(self) -> "SummaryHooks":
        """Which events are kills and ability uses for ``dhproc summary`` (dh's kinds by default)."""
        from ..report.summary import SummaryHooks

        return SummaryHooks()

    def outcome_text(self, log: dict, *, lang: str) -> str:
        """The outcome as one line of the report (for ``dhproc summary``)."""
        o = log["outcome"]
        return " ".join(str(o.get(k)) for k in ("result", "winner", "reason") if o.get(k) is not None)

    def render(self, log: dict, *, lang: str, view: str, turns: list[int]) -> str:
        """The plain-text report: the blocks as text."""
        from ..report.document import to_text

        return to_text(self.report_blocks(log, lang=lang, view=view, turns=turns))

    # A match may start where a campaign already is: its setup then gives the current state
    # beside the base values, and its first turn is not 1. ``dhproc new RULESET DIR --from LOG``
    # writes such a setup from a log's final state. A ruleset that cannot yet leaves these as they
    # are: its matches start at turn 1 and ``--from`` says it is not supported.

    def logged_options(self, setup: dict, options: dict[str, Any]) -> dict[str, Any]:
        """The options the log records (its compliance statement): every one, unless the ruleset
        leaves out those that only a feature the setup does not use reads."""
        return options

    def first_turn(self, setup: dict) -> int:
        """The number of the match's first turn (1 unless the setup starts later)."""
        return 1

    def early_turn_message(self, setup: dict, turn: int, first: int) -> str | None:
        """What to say of a turn numbered before the match's first (None: the platform's words,
        which name the setup's start_turn)."""
        return None

    def setup_from_log(self, log: dict) -> dict:
        """A setup whose state is the log's final state, so turns after the log's last one resolve
        to the same events in a new match folder. Raises :class:`NotImplementedError` when the
        ruleset cannot continue a match."""
        raise NotImplementedError(f"ruleset '{self.id}' cannot continue a match from a log yet")


# id -> module that defines it; imported only when the ruleset is used.
_KNOWN = {
    "dh": "dhproc.rulesets.dh",
    "logos": "dhproc.rulesets.logos",
    "count": "dhproc.rulesets.count",
    "nicosw": "dhproc.rulesets.nicosw",
    "kagemiya": "dhproc.rulesets.kagemiya",
}
_cache: dict[str, Ruleset] = {}


def ruleset_ids() -> list[str]:
    return list(_KNOWN)


def get_ruleset(ruleset_id: str) -> Ruleset | None:
    if ruleset_id not in _KNOWN:
        return None
    if ruleset_id not in _cache:
        module = importlib.import_module(_KNOWN[ruleset_id])
        _cache[ruleset_id] = module.RULESET
    return _cache[ruleset_id]
