"""The contract between the platform and a ruleset, and the registry of rulesets.

A ruleset is a subclass of :class:`Ruleset` in ``dhproc/rulesets/<id>/``. It declares its id,
name, version, schemas and options, and implements three entry points: build the initial state
from the setup, resolve one turn, decide the outcome. It also turns the log's events into
report blocks, which every output format is made from. The platform (loading, dice, log, replay,
CLI) never looks inside a ruleset's data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, NamedTuple, Sequence

from .entry_points import COMMANDS_GROUP, ENTRY_POINT_GROUP, command_names, declared  # noqa: F401  (the registry reads them)

if TYPE_CHECKING:  # imported for types only: keeps start-up light
    from .options import OptionSet
    import click

    from ..documents.loading import Document
    from ..match import Match, Turn
    from ..errors import Problem
    from .context import TurnContext
    from ..report.document import Block, Board
    from ..report.summary import SummaryHooks
    from .event_rates import EventRate
    from ..words.textimport import Grammar
    from ..words.aliases import SubmissionAliases
    from ..odds.report import ActionOdds
    from fractions import Fraction


class TurnStatus(NamedTuple):
    """How far a turn got: complete, or stopped waiting for someone's submission."""

    complete: bool
    awaiting: str | None = None  # e.g. the side id whose submission is missing


class CommandKit(NamedTuple):
    """What the command line lends a ruleset's own commands (:meth:`Ruleset.commands`), so that
    a ruleset never imports the command line nor the API."""

    group_class: type  # a click group class whose help is read from the catalogue (help.<name>)
    lang_option: Callable[..., Callable]  # the ``--lang ja|en`` option; (expose=True) passes it on
    batch: Callable[[Sequence[str], Callable[[str], None]], int]  # run over inputs; the exit code
    load_document: Callable[[str], "Document"]  # a YAML file, read and located
    load_match: Callable[[str], "Match"]  # a match file, loaded and checked


class Ruleset:
    id: ClassVar[str]
    name: ClassVar[str]  # shown to people
    name_en: ClassVar[str]
    version: ClassVar[str]
    options: ClassVar[OptionSet]
    # schema names (file names without .schema.json) for the ruleset's parts of the match and turn
    # files, and the package whose files they are: dhproc's schemas/ for the built-ins
    setup_schema: ClassVar[str]
    submissions_schema: ClassVar[str]
    schema_package: ClassVar[str] = "dhproc.schemas"

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

    def figures_state(self, state: Any) -> dict:
        """The parts of the state's JSON a lean run's figures read (dhproc/engine/outcome.py: each
        side's ``dp``, each character's ``states`` and the fields that say it is out), in the same
        shape and order: the whole of it unless the ruleset gives those parts alone, cheaper."""
        return self.state_json(state)

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

    def commands(self, kit: CommandKit) -> list[click.Command]:
        """The ruleset's own commands, mounted under ``dhproc`` (dh's ``ability``): none by default.
        Each is declared by name in the entry-point group ``dhproc.commands``, and asked for only
        when the command line runs it."""
        return []

    def summary_hooks(self) -> "SummaryHooks":
        """Which events are kills and ability uses for ``dhproc summary`` (dh's kinds by default)."""
        from ..report.summary import SummaryHooks

        return SummaryHooks()

    def picture_map(self, log: dict, *, lang: str, view: str) -> "Board | None":
        """The map of a picture (``dhproc render``, the replay page, the Discord posts) for a
        ruleset whose report draws none, from the log as it stands at that moment: drawn above the
        state tables. None: the picture is the tables alone (logos' line-up)."""
        return None

    def event_rates(self) -> Sequence["EventRate"]:
        """The per-turn event rates ``dhproc simulate`` reports for this ruleset (hits, knock-outs,
        CA, 生死判定…), each named in both languages (dhproc/engine/event_rates.py): none by default."""
        return ()

    def outcome_text(self, log: dict, *, lang: str) -> str:
        """The outcome as one line of the report (for ``dhproc summary``)."""
        o = log["outcome"]
        return " ".join(str(o.get(k)) for k in ("result", "winner", "reason") if o.get(k) is not None)

    def render(self, log: dict, *, lang: str, view: str, turns: list[int]) -> str:
        """The plain-text report: the blocks as text."""
        from ..report.document import to_text

        return to_text(self.report_blocks(log, lang=lang, view=view, turns=turns))

    # Odds (``dhproc odds``, ``--dice-plan``'s 確率, ``--luck``): each ruleset computes them from
    # the same checks its resolver calls (rulesets/<id>/rolls.py), never from a second copy of a
    # rule. A ruleset names the module that holds its ``action_odds``, ``roll_chance`` and
    # ``roll_luck`` (same arguments as below, imported only when asked), or overrides these; one
    # that does neither does not offer odds.
    odds_module: ClassVar[str | None] = None  # e.g. "dhproc.rulesets.dh.odds"

    def _odds(self) -> Any:
        if self.odds_module is None:
            return None
        import importlib

        return importlib.import_module(self.odds_module)

    def action_odds(self, match: "Match", turn_number: int, who: str, target: str | None,
                    action: str | None) -> "ActionOdds | None":
        """The exact odds of ``who``'s declared action in turn ``turn_number`` (``action`` picks one
        when it declares several; ``target`` overrides the declared one), at the state the turn
        starts from; where earlier actions of the turn would change it, the result's assumptions
        name the state it assumed. Bad input (unknown id, no such action) raises
        :class:`~dhproc.errors.InputError` located in the turn file. None: not offered."""
        odds = self._odds()
        return None if odds is None else odds.action_odds(match, turn_number, who, target, action)

    def roll_chance(self, roll_event: dict, events: list[dict],
                    options: Mapping[str, Any] | None = None) -> "Fraction | None":
        """The chance that a logged ``roll`` event succeeds for its roller (``--dice-plan``'s 確率),
        ``events`` being the events of its turn (the roll among them: a ruleset whose check is
        logged after its dice reads the figures there), ``options`` the match's interpretation
        options (a check's events do not record them; None, or one not given: its default). None:
        no chance to give (not offered, or a roll that succeeds or fails at nothing)."""
        odds = self._odds()
        return None if odds is None else odds.roll_chance(roll_event, events, options)

    def roll_luck(self, roll_event: dict, events: list[dict]) -> "Fraction | None":
        """Where a logged ``roll`` stands within its exact distribution, mid-rank, oriented so that
        1 is the best for the roller (``--luck``'s 「上位3%の出目」, ``summary``'s luck line).
        None: not offered for this roll."""
        odds = self._odds()
        return None if odds is None else odds.roll_luck(roll_event, events)

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


_cache: dict[str, Ruleset] = {}


def ruleset_ids() -> list[str]:
    return list(declared())


def plugin_ids() -> list[str]:
    """The rulesets that come from a package other than dhproc (their schemas ship with them)."""
    return [rid for rid, ep in declared().items() if ep.distribution != "dhproc"]


def get_ruleset(ruleset_id: str) -> Ruleset | None:
    ep = declared().get(ruleset_id)
    if ep is None:
        return None
    if ruleset_id not in _cache:
        _cache[ruleset_id] = ep.load()
    return _cache[ruleset_id]


def command_ruleset(name: str) -> Ruleset | None:
    """The ruleset that offers the command ``name`` (imported now), or None."""
    ep = declared(COMMANDS_GROUP).get(name)
    return None if ep is None else ep.load()


def ruleset_of(match: "Match") -> Ruleset:
    """The ruleset a loaded match names (it was found when the match was loaded)."""
    found = get_ruleset(match.ruleset_id)
    if found is None:
        raise KeyError(match.ruleset_id)
    return found
