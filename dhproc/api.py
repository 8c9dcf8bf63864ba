"""The public face of dhproc, for scripts and for the command line.

>>> from dhproc import api
>>> match = api.load("examples/dh/match.yaml")
>>> log = api.resolve(match)
>>> print(api.render(log, lang="ja"))
>>> api.replay("out/match.json") is None          # None: the log re-resolves to the same bytes

Everything a GK can get wrong raises :class:`~dhproc.errors.InputError` with located problems.

The face only faces: each step is owned by one module below it, and the path of a call runs
down once (docs/architecture.md).

=================================  ==========================================================
a match from files or text         :func:`load`, :func:`loads`, :func:`load_inline`,
                                   :func:`match_from_log` (dhproc.inputs.assembly)
resolving it                       :func:`resolve`, :func:`varied`, :func:`outcome`,
                                   :func:`resolve_until_decided`, :func:`dumps`,
                                   :func:`dice_plan` (dhproc.engine.resolution)
its report, from the log alone     :func:`report_blocks`, :func:`render`, :func:`render_as`,
                                   :func:`summary_blocks` (dhproc.engine.reports)
a log read back                    :func:`load_log`, :func:`log_bytes`,
                                   :func:`continuation` (dhproc.logs)
replaying it                       :func:`replay`, :func:`first_divergence`,
                                   :class:`Divergence` (dhproc.replay)
行動提出 from chat posts            :func:`import_posts`, :func:`check_imported`,
                                   :class:`Imported` (dhproc.inputs.posts)
the odds of one action             :func:`odds`, :class:`Odds` (dhproc.odds.query)
doubts and odds of a plan          :func:`warnings`, :func:`simulate` (here)
=================================  ==========================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .engine.reports import render, render_as, report_blocks, summary_blocks
from .engine.resolution import (LOG_FORMAT, LOG_FORMAT_VERSION, dice_plan, dumps, outcome, resolve,
                                resolve_until_decided, varied)
from .engine.ruleset import ruleset_of
from .errors import InputError, Problem
from .inputs.assembly import load, load_inline, loads, match_from_log
from .match import Match

if TYPE_CHECKING:
    from .inputs.posts import Imported, check_imported, import_posts
    from .logs import PAGE_SUFFIXES, continuation, load_log, log_bytes
    from .odds.query import Odds, odds
    from .replay import Divergence, first_divergence, replay

__all__ = [
    "load", "loads", "load_inline", "match_from_log",
    "resolve", "varied", "outcome", "resolve_until_decided", "dumps", "dice_plan", "LOG_FORMAT",
    "LOG_FORMAT_VERSION",
    "report_blocks", "render", "render_as", "summary_blocks",
    "load_log", "log_bytes", "continuation", "PAGE_SUFFIXES",
    "replay", "first_divergence", "Divergence",
    "import_posts", "check_imported", "Imported",
    "odds", "Odds",
    "warnings", "simulate",
]


_LATER = {"import_posts": "posts", "check_imported": "posts", "Imported": "posts",
          "load_log": "logs", "log_bytes": "logs", "continuation": "logs", "PAGE_SUFFIXES": "logs",
          "replay": "replay", "first_divergence": "replay", "Divergence": "replay",
          "odds": "odds", "Odds": "odds"}


def __getattr__(name: str) -> Any:
    """The parts a resolve never uses (chat posts, a log read back, replay, the odds) are imported
    when first asked for, ``api.replay`` or ``from dhproc.api import odds`` alike: ``dhproc
    resolve`` then does not import them nor what they import (the chat grammar, the replay page's
    reader), a start-up cost of every run (docs/performance.md)."""
    part = _LATER.get(name)
    if part is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if part == "posts":
        from .inputs import posts as module
    elif part == "logs":
        from . import logs as module
    elif part == "replay":
        from . import replay as module
    else:
        from .odds import query as module
    value = globals()[name] = getattr(module, name)
    return value


def warnings(match: Match) -> list[Problem]:
    """Doubtful but legal input, located like problems (``validate`` prints them, exit 0): a
    turn-NN.yaml beside the match that is not read, and the ruleset's own."""
    return list(match.load_warnings) + ruleset_of(match).warnings(match)


def simulate(match: Match, *, runs: int, seed: int | str | None = None, jobs: int = 1,
             variants: Sequence[Match] = (), keep_dice_through: int | None = None,
             until_ci: float | None = None, scheduler: str | None = None,
             names: Sequence[str] | None = None, progress: Any = None) -> dict:
    """The odds of ``match``: ``runs`` runs, run i resolved with the seed
    ``simulate.run_seed(seed, i)`` and every die drawn afresh (the recorded dice of the turns up
    to ``keep_dice_through`` kept); each of ``variants`` runs on the same seeds and its figures
    are also given as paired differences from ``match``'s. Returns the figures' JSON document
    (docs/simulate.md); ``jobs`` and ``scheduler`` change only the time taken.

    >>> figures = simulate(load("examples/dh/match.yaml"), runs=20, seed=1)
    >>> sorted(figures["plans"][0]["results"])
    ['bancho', 'seitokai']
    """
    from . import simulate as sim

    problems = sim.variant_problems(match, variants)
    if problems:
        raise InputError(problems)
    plan = sim.Plan(matches=(match, *variants), seed=match.seed if seed is None else seed,
                    keep_dice_through=keep_dice_through)
    labels = list(names) if names is not None else ["plan"] + [f"variant {i}" for i in range(1, len(variants) + 1)]
    backend = sim.backend_for(runs, jobs=jobs, scheduler=scheduler)
    try:
        result = sim.simulate(plan, runs, backend=backend, until_ci=until_ci, progress=progress)
    finally:
        backend.close()
    return sim.figures_json(result, labels, runs)

