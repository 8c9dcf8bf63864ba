"""``dhproc simulate``: the odds of a match, by resolving it many times with fresh dice.

Run ``i`` of a simulation seeded ``S`` is the match resolved with the seed :func:`run_seed` (S, i)
(docs/dice.md, "Simulation"), its submissions as written and its recorded dice set aside after
``keep_dice_through``. A run is a pure function of (inputs, S, i), and every figure is a sum of
integers over runs, so the figures do not depend on how the runs are split between processes or
machines, nor on the order the parts come back: ``--jobs`` and ``--scheduler`` only change time.

What a run yields is its :class:`~dhproc.engine.outcome.Outcome` (the figures ``api.outcome`` gives of
one run) and what :func:`figures_of` reads of its events: the run is resolved without a log
(dhproc.engine.resolution.played), so a leaner resolution that gives the same facts replaces
:func:`run_figures` and nothing else.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from . import __version__
from .match import Match, Turn
from .errors import UsageError
from .words.messages import LANGS, Catalog, say
from .engine.event_rates import EventRate, count_rates
from .engine.ruleset import ruleset_of
from .odds.interval import Z95, wilson
from .engine.outcome import Outcome
from .dice.rng import RNG_NAME

FORMAT = "dhproc-simulation"
FORMAT_VERSION = 1
CHECK_EVERY = 500  # --until-ci looks at the intervals after every this many runs (in run order)
RESULTS = ("win", "draw", "loss", "undecided")


def run_seed(seed: int | str, run: int) -> int:
    """The seed of run ``run`` (0-based) of a simulation seeded ``seed``: dhproc-rng/1's stream
    key with the turn ``simulate`` and the step the run number, its first 8 bytes little-endian."""
    key = f"{RNG_NAME}\0{seed}\0simulate\0{run}".encode("utf-8")
    return int.from_bytes(hashlib.sha256(key).digest()[0:8], "little")


# --------------------------------------------------------------------------- one run

@dataclass(frozen=True)
class RunFigures:
    """One resolved run: its :class:`~dhproc.engine.outcome.Outcome` (the result, each side's DP, the
    turns played, who still stands, who took whom out) and what only its events tell."""

    outcome: Outcome
    checks: dict[str, tuple[int, int]]  # "actor/what/purpose" -> (rolled, succeeded) for dice against a rate
    uses: dict[str, int]  # "actor/ability" -> uses
    rates: dict[str, tuple[int, int]]  # the ruleset's event rates: key -> (counted, of)
    events: dict[str, int]  # event kind -> count

    def result(self, side: str) -> str:
        """win, draw, loss or undecided, for ``side``."""
        o = self.outcome
        if o.result == "draw":
            return "draw"
        if o.result == "win":
            return "win" if o.winner == side else "loss"
        return "undecided"

    def survives(self, character: str) -> bool:
        return self.outcome.standing.get(character, True)


def without_dice(turn: Turn) -> Turn:
    """The turn with its recorded dice set aside: every die is drawn from the seed."""
    data = {k: v for k, v in turn.data.items() if k not in ("dice", "dice_text")}
    return dataclasses.replace(turn, dice=None, data=data)


def run_base(match: Match, keep_dice_through: int | None = None) -> Match:
    """What every run of ``match`` resolves but its seed: keyed dice streams (so that plans
    compared run by run draw each character's dice alike), and the recorded dice of the turns
    after ``keep_dice_through`` (all of them without it) set aside."""
    from .engine.resolution import varied

    keep = -1 if keep_dice_through is None else keep_dice_through
    turns = [t if t.number <= keep else without_dice(t) for t in match.turns]
    base = dataclasses.replace(match, turns=turns, report_turns=list(match.report_turns))
    return varied(base, dice_streams="keyed")


def with_seed(base: Match, seed: int) -> Match:
    """The run of ``base`` (:func:`run_base`) seeded ``seed``: a loaded match is read-only, so
    runs share all of it but the seed."""
    return dataclasses.replace(base, seed=seed, data={**base.data, "seed": seed})


def run_match(match: Match, seed: int, keep_dice_through: int | None = None) -> Match:
    """The match run ``seed`` resolves."""
    return with_seed(run_base(match, keep_dice_through), seed)


def run_log(match: Match, seed: int, keep_dice_through: int | None = None) -> dict:
    """Run ``seed``'s log (``--show-run``): the turns up to the one that decides the match (the
    later ones are not played in that run)."""
    from .engine.resolution import resolve_until_decided

    return resolve_until_decided(run_match(match, seed, keep_dice_through))


def run_figures(run: Match) -> RunFigures:
    """One run, resolved without its log (dhproc.engine.resolution.played) and read."""
    from .engine.resolution import played

    outcome, turns = played(run, until_decided=True)
    return figures_of(outcome, [e for t in turns for e in t["events"]], ruleset_of(run))


def figures_of(outcome: Outcome, events: list[dict], ruleset: Any) -> RunFigures:
    """What a run's events add to its outcome: the checks against a rate, each ability's uses as
    ``dhproc summary`` counts them, the ruleset's event rates, the events of each kind."""
    hooks = ruleset.summary_hooks()
    checks: dict[str, tuple[int, int]] = {}
    uses: dict[str, int] = {}
    kinds: dict[str, int] = {}
    for e in events:
        _add(kinds, e["kind"])
        if e["kind"] == "roll" and "rate" in e and e.get("actor") is not None:
            what = e.get("ability") or e.get("skill") or e.get("target") or ""
            key = f"{e['actor']}/{what}/{e['purpose']}"
            rolled, won = checks.get(key, (0, 0))
            checks[key] = (rolled + 1, won + (1 if e["face"] <= e["rate"] else 0))
        used = hooks.use(e)
        for who, ability in ([used] if isinstance(used, tuple) else used or []):
            _add(uses, f"{who}/{ability}")
    return RunFigures(outcome, checks, uses, count_rates(ruleset.event_rates(), events), kinds)


# --------------------------------------------------------------------------- tallies

def _add(counter: dict, key: Any, n: int = 1) -> None:
    counter[key] = counter.get(key, 0) + n


def _add_pairs(mine: dict[str, list[int]], theirs: dict[str, list[int]]) -> None:
    """Sum lists of integers key by key (attempts and successes, sums and squares...)."""
    for key, values in theirs.items():
        got = mine.setdefault(key, [0] * len(values))
        for i, v in enumerate(values):
            got[i] += v


@dataclass
class Tally:
    """Integer sums over runs: adding two tallies in any order gives the same tally."""

    runs: int = 0
    results: dict[str, dict[str, int]] = field(default_factory=dict)
    dp: dict[str, dict[int, int]] = field(default_factory=dict)  # side -> value -> runs
    turns: dict[int, int] = field(default_factory=dict)
    survived: dict[str, int] = field(default_factory=dict)
    kills: dict[str, int] = field(default_factory=dict)
    checks: dict[str, list[int]] = field(default_factory=dict)
    uses: dict[str, int] = field(default_factory=dict)
    events: dict[str, list[int]] = field(default_factory=dict)  # kind -> [sum, sum of squares]
    rates: dict[str, list[int]] = field(default_factory=dict)  # rate -> [sum, sum of squares, sum of its base]

    def add_run(self, f: RunFigures, sides: Iterable[str], characters: Iterable[str]) -> None:
        self.runs += 1
        for side in sides:
            _add(self.results.setdefault(side, {}), f.result(side))
        for side, value in f.outcome.dp.items():
            _add(self.dp.setdefault(side, {}), value)
        _add(self.turns, f.outcome.turns_played)
        for c in characters:
            _add(self.survived, c, int(f.survives(c)))
        for c, n in f.outcome.kills.items():
            _add(self.kills, c, n)
        _add_pairs(self.checks, {key: list(pair) for key, pair in f.checks.items()})
        for key, n in f.uses.items():
            _add(self.uses, key, n)
        _add_pairs(self.events, {kind: [n, n * n] for kind, n in f.events.items()})
        _add_pairs(self.rates, {key: [n, n * n, of] for key, (n, of) in f.rates.items()})

    def merge(self, other: "Tally") -> None:
        self.runs += other.runs
        for side, counts in other.results.items():
            for k, n in counts.items():
                _add(self.results.setdefault(side, {}), k, n)
        for side, counts in other.dp.items():
            for k, n in counts.items():
                _add(self.dp.setdefault(side, {}), k, n)
        for name in ("turns", "survived", "kills", "uses"):
            mine = getattr(self, name)
            for k, n in getattr(other, name).items():
                _add(mine, k, n)
        _add_pairs(self.checks, other.checks)
        _add_pairs(self.events, other.events)
        _add_pairs(self.rates, other.rates)


@dataclass
class PairTally:
    """Run by run, a variant against the first plan (common random numbers): for each yes/no
    figure the runs where only the plan had it and where only the variant had it; for each
    number the sum of the differences and of their squares."""

    runs: int = 0
    discordant: dict[str, list[int]] = field(default_factory=dict)  # figure -> [plan only, variant only]
    numbers: dict[str, list[int]] = field(default_factory=dict)  # figure -> [sum d, sum d²], d = variant - plan

    def add_run(self, plan: RunFigures, variant: RunFigures, sides: Sequence[str], characters: Sequence[str]) -> None:
        self.runs += 1
        a, b = _indicators(plan, sides, characters), _indicators(variant, sides, characters)
        _add_pairs(self.discordant, {key: [int(a[key] and not b[key]), int(b[key] and not a[key])] for key in a})
        na, nb = _numbers(plan), _numbers(variant)
        _add_pairs(self.numbers, {key: [nb.get(key, 0) - v, (nb.get(key, 0) - v) ** 2] for key, v in na.items()})

    def merge(self, other: "PairTally") -> None:
        self.runs += other.runs
        _add_pairs(self.discordant, other.discordant)
        _add_pairs(self.numbers, other.numbers)


def _indicators(f: RunFigures, sides: Sequence[str], characters: Sequence[str]) -> dict[str, bool]:
    marks = {f"{result}:{side}": f.result(side) == result for side in sides for result in RESULTS}
    marks.update({f"survives:{c}": f.survives(c) for c in characters})
    return marks


def _numbers(f: RunFigures) -> dict[str, int]:
    numbers = {f"dp:{side}": v for side, v in f.outcome.dp.items()}
    numbers["turns"] = f.outcome.turns_played
    numbers.update({f"rate:{key}": n for key, (n, _) in f.rates.items()})
    return numbers


# --------------------------------------------------------------------------- a batch of runs

@dataclass(frozen=True)
class Plan:
    """What every run resolves: the plans (the first and its variants), the seed, which dice
    stay as recorded."""

    matches: tuple[Match, ...]
    seed: int | str
    keep_dice_through: int | None = None

    @property
    def characters(self) -> list[str]:
        return list(self.matches[0].setup.get("characters", {}))

    @property
    def sides(self) -> list[str]:
        return list(self.matches[0].setup.get("sides", {}))


def variant_problems(plan: Match, variants: Sequence[Match]) -> list:
    """A variant is another plan for the same battle: the same ruleset, sides and characters
    (their runs are paired figure by figure), located at the variant's setup where it differs."""

    problems = []
    for v in variants:
        for what, mine, theirs in (("ruleset", plan.ruleset_id, v.ruleset_id),
                                   ("sides", list(plan.setup.get("sides", {})), list(v.setup.get("sides", {}))),
                                   ("characters", list(plan.setup.get("characters", {})),
                                    list(v.setup.get("characters", {})))):
            if mine != theirs:
                problems.append(v.problem(("setup",) if what != "ruleset" else ("ruleset",),
                                          say("simulate.variant_setup", what=what)))
                break
    return problems


@dataclass
class BatchResult:
    first: int
    tallies: list[Tally]
    pairs: list[PairTally]


def run_batch(plan: Plan, first: int, stop: int) -> BatchResult:
    """Runs ``first`` .. ``stop - 1`` of every plan: a pure function of its arguments, so a
    scheduler may run it again (a lost worker) and get the same result."""
    chars, sides = plan.characters, plan.sides
    bases = [run_base(m, plan.keep_dice_through) for m in plan.matches]
    tallies = [Tally() for _ in plan.matches]
    pairs = [PairTally() for _ in plan.matches[1:]]
    for i in range(first, stop):
        seed = run_seed(plan.seed, i)
        figures = [run_figures(with_seed(base, seed)) for base in bases]
        for tally, f in zip(tallies, figures):
            tally.add_run(f, sides, chars)
        for pair, f in zip(pairs, figures[1:]):
            pair.add_run(figures[0], f, sides, chars)
    return BatchResult(first, tallies, pairs)


def batches(first: int, stop: int, workers: int, *, least: int = 1) -> list[tuple[int, int]]:
    """Runs ``first`` .. ``stop - 1`` cut for ``workers`` that each take the next batch when done
    with one: each batch a quarter of a worker's share of the runs still left, at least ``least``
    runs. The first batches are large (few tasks to schedule) and the last ones small, so the
    workers finish together: the one that draws the last batch waits for no more than that."""
    parts = []
    a = first
    while a < stop:
        b = a + max(least, math.ceil((stop - a) / (4 * max(1, workers))))
        if stop - b < least:  # no sliver of a batch at the end: the last takes it
            b = stop
        parts.append((a, b))
        a = b
    return parts


# --------------------------------------------------------------------------- running

Finished = Callable[[BatchResult], None]  # told of each batch as it is done, in any order


def serial_backend(plan: Plan, parts: list[tuple[int, int]], finished: Finished | None = None) -> list[BatchResult]:
    results = []
    for a, b in parts:
        results.append(run_batch(plan, a, b))
        if finished is not None:
            finished(results[-1])
    return results


@dataclass
class Simulation:
    plan: Plan
    runs: int
    tallies: list[Tally]
    pairs: list[PairTally]


def simulate(plan: Plan, runs: int, *, backend: Any = None, until_ci: float | None = None,
             progress: Callable[[int, int], None] | None = None) -> Simulation:
    """Resolve ``runs`` runs of every plan (fewer with ``until_ci``: stop at the first multiple of
    CHECK_EVERY runs where every interval is narrower than ``until_ci`` percentage points)."""
    backend = backend or ProcessBackend(1)
    tallies = [Tally() for _ in plan.matches]
    pairs = [PairTally() for _ in plan.matches[1:]]
    # --until-ci looks in rounds; else all the batches are handed out at once (a round would make
    # the workers wait for each other at its end), the progress line told as each is done
    step = CHECK_EVERY if until_ci is not None else runs
    done = 0
    while done < runs:
        stop = min(done + step, runs)
        results = backend(plan, backend.parts(done, stop), _told(progress, done, runs))
        for result in sorted(results, key=lambda r: r.first):  # merged in run order
            for mine, theirs in zip(tallies, result.tallies):
                mine.merge(theirs)
            for mine, theirs in zip(pairs, result.pairs):
                mine.merge(theirs)
        done = stop
        if until_ci is not None and settled(tallies, pairs, until_ci):
            break
    return Simulation(plan, done, tallies, pairs)


def _told(progress: Callable[[int, int], None] | None, done: int, runs: int) -> Finished | None:
    """What tells ``progress`` the runs done so far as each batch of a round after ``done`` is done."""
    if progress is None:
        return None
    count = [done]

    def finished(result: BatchResult) -> None:
        count[0] += result.tallies[0].runs
        progress(count[0], runs)

    return finished


# --------------------------------------------------------------------------- figures

def _pct(k: int, n: int) -> dict[str, float]:
    p, lo, hi = wilson(k, n)
    return {"count": k, "pct": round(100 * p, 2), "low": round(100 * lo, 2), "high": round(100 * hi, 2)}


def _mean(total: int, squares: int, n: int) -> dict[str, float]:
    """A mean over runs with its 95 % normal interval."""
    if n == 0:
        return {"mean": 0.0, "low": 0.0, "high": 0.0}
    mean = total / n
    var = max(0.0, squares / n - mean * mean) * n / max(1, n - 1)
    half = Z95 * math.sqrt(var / n)
    return {"mean": round(mean, 4), "low": round(mean - half, 4), "high": round(mean + half, 4)}


def _paired(plan_only: int, variant_only: int, n: int) -> dict[str, float]:
    """The difference (variant − plan) of a yes/no figure over paired runs, in percentage points,
    with its 95 % interval (the normal interval of the mean of per-run differences)."""
    d = (variant_only - plan_only) / n if n else 0.0
    var = ((variant_only + plan_only) / n - d * d) * n / max(1, n - 1) if n else 0.0
    half = Z95 * math.sqrt(max(0.0, var) / n) if n else 0.0
    return {"diff": round(100 * d, 2), "low": round(100 * (d - half), 2), "high": round(100 * (d + half), 2)}


def settled(tallies: Sequence[Tally], pairs: Sequence[PairTally], width: float) -> bool:
    """Whether ``--until-ci width`` may stop: without variants, every interval of a proportion
    (results, survival) is narrower than ``width`` points; with variants, every paired
    difference is narrower than that or decided (its interval leaves out 0)."""
    if pairs:
        return all(_width(d) < width or d["low"] > 0 or d["high"] < 0
                   for p in pairs for d in (_paired(a, b, p.runs) for a, b in p.discordant.values()))
    widths = [0.0]
    for t in tallies:
        for counts in t.results.values():
            widths += [_width(_pct(counts.get(r, 0), t.runs)) for r in RESULTS if counts.get(r, 0)]
        widths += [_width(_pct(k, t.runs)) for k in t.survived.values()]
    return max(widths) < width


def _width(interval: dict[str, float]) -> float:
    return interval["high"] - interval["low"]


def inputs_digest(matches: Sequence[Match]) -> str:
    """SHA-256 of the plans' inputs as their logs record them (match and turns, canonical JSON)."""
    inputs = [{"match": m.data, "turns": [t.data for t in m.turns]} for m in matches]
    text = json.dumps(inputs, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def figures_json(sim: Simulation, names: Sequence[str], asked: int) -> dict:
    """The simulation's figures as one JSON document (docs/simulate.md)."""
    base = sim.plan.matches[0]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "generator": f"dhproc {__version__}",
        "ruleset": base.ruleset_id,
        "ruleset_version": ruleset_of(base).version,
        "rng": RNG_NAME,
        "seed": sim.plan.seed,
        "runs": sim.runs,
        "runs_asked": asked,
        "keep_dice_through": sim.plan.keep_dice_through,
        "inputs_sha256": inputs_digest(sim.plan.matches),
        "plans": [_plan_json(name, t, ruleset_of(base).event_rates()) for name, t in zip(names, sim.tallies)],
        "differences": [_pair_json(name, p) for name, p in zip(names[1:], sim.pairs)],
    }


def _plan_json(name: str, t: Tally, rates: Sequence[EventRate]) -> dict:
    n = t.runs
    return {
        "name": name,
        "results": {side: {r: _pct(counts.get(r, 0), n) for r in RESULTS} for side, counts in t.results.items()},
        "dp": {side: _distribution(hist, n) for side, hist in t.dp.items()},
        "turns": _distribution(t.turns, n),
        "survival": {c: _pct(k, n) for c, k in t.survived.items()},
        "kills_per_run": {c: round(k / n, 4) for c, k in sorted(t.kills.items())} if n else {},
        "checks": {key: _pct(won, rolled) | {"rolled": rolled} for key, (rolled, won) in sorted(t.checks.items())},
        "uses_per_run": {key: round(k / n, 4) for key, k in sorted(t.uses.items())} if n else {},
        "events_per_run": {kind: _mean(s, sq, n) for kind, (s, sq) in sorted(t.events.items())},
        "rates": _rates_json(t, rates),
    }


def _rates_json(t: Tally, rates: Sequence[EventRate]) -> dict:
    """The ruleset's event rates, in its order: per run (with its interval), per turn played and,
    for a share (hits of attacks), the share with its Wilson interval."""
    turns = sum(v * k for v, k in t.turns.items())
    out = {}
    for rate in rates:
        total, squares, of = t.rates.get(rate.key, (0, 0, 0))
        cell = {"name": {lang: rate.name(lang) for lang in LANGS}, "per_run": _mean(total, squares, t.runs),
                "per_turn": round(total / turns, 4) if turns else 0.0}
        if rate.of is not None:
            cell["share"] = _pct(total, of) | {"of": of}
        out[rate.key] = cell
    return out


def _distribution(hist: dict[int, int], n: int) -> dict:
    total = sum(v * k for v, k in hist.items())
    squares = sum(v * v * k for v, k in hist.items())
    return {"counts": {str(v): hist[v] for v in sorted(hist)}} | _mean(total, squares, n)


def _pair_json(name: str, p: PairTally) -> dict:
    return {
        "name": name,
        "runs": p.runs,
        "yes_no": {key: _paired(a, b, p.runs) for key, (a, b) in p.discordant.items()},
        "numbers": {key: _mean(s, sq, p.runs) for key, (s, sq) in p.numbers.items()},
    }


# --------------------------------------------------------------------------- the table

T = Catalog({
    "title": ("━━ {title} シミュレーション：{runs}回（種 {seed}） ━━",
              "━━ {title}: simulation of {runs} runs (seed {seed}) ━━"),
    "plan": ("── 案：{name} ──", "── plan: {name} ──"),
    "results": ("勝敗（95%信頼区間）", "Results (95% intervals)"),
    "result_headers": ("陣営|勝ち|引き分け|負け|未決着", "side|win|draw|loss|undecided"),
    "dp": ("終了時のDP", "DP at the end"),
    "dp_headers": ("陣営|平均|分布", "side|mean|distribution"),
    "turns": ("処理したターン数：平均 {mean}（{dist}）", "turns played: mean {mean} ({dist})"),
    "survival": ("生存率と撃破数", "Survival and kills"),
    "survival_headers": ("キャラクター|生存|1回あたりの撃破", "character|survives|kills per run"),
    "checks": ("判定の成功率", "Check success rates"),
    "check_headers": ("キャラクター|能力・対象|判定|回数|成功", "character|ability/target|check|rolled|succeeded"),
    "uses": ("能力の使用（1回あたり）", "Abilities used (per run)"),
    "use_headers": ("キャラクター|能力|回数", "character|ability|times"),
    "rates": ("出来事の頻度（1回あたり・1ターンあたり、95%区間）", "Event rates (per run, per turn; 95% intervals)"),
    "rate_headers": ("出来事|1回あたり|1ターンあたり|割合", "event|per run|per turn|share"),
    "events": ("イベントの種類ごとの数（1回あたり・1ターンあたり）", "Events by kind (per run, per turn)"),
    "event_headers": ("種類|1回あたり|1ターンあたり", "kind|per run|per turn"),
    "diff": ("── 差：{name} − {base}（同じ乱数で組にした差、95%区間） ──",
             "── difference: {name} − {base} (paired on the same dice, 95% intervals) ──"),
    "diff_headers": ("項目|差（%ポイント、DPとターンは平均の差）", "figure|difference (points; DP and turns: of the mean)"),
    "fig_win": ("勝ち：{who}", "win: {who}"),
    "fig_draw": ("引き分け：{who}", "draw: {who}"),
    "fig_loss": ("負け：{who}", "loss: {who}"),
    "fig_undecided": ("未決着：{who}", "undecided: {who}"),
    "fig_survives": ("生存：{who}", "survives: {who}"),
    "fig_dp": ("DP：{who}", "DP: {who}"),
    "fig_turns": ("処理したターン数{who}", "turns played{who}"),
    "fig_rate": ("{who}（1回あたり）", "{who} (per run)"),
    "stopped": ("区間がすべて {width} ポイントより狭くなったので {runs}回で止めた（指定 {asked}回）",
                "stopped after {runs} runs (of {asked}): every interval narrower than {width} points"),
})


def _interval(cell: dict) -> str:
    return f"{cell['pct']:.2f}% ({cell['low']:.2f}–{cell['high']:.2f})"


def figures_text(doc: dict, match: Match, *, lang: str, until_ci: float | None = None) -> str:
    """The figures as the plain-text tables of the report."""
    from .report.layout import table

    t = T.lang(lang)
    setup = match.setup
    chars = setup.get("characters", {})
    sides = setup.get("sides", {})

    def name(cid: str) -> str:
        return str(chars.get(cid, {}).get("name", cid))

    def side_name(sid: str) -> str:
        return str(sides.get(sid, {}).get("name", sid)) if isinstance(sides.get(sid), dict) else sid

    out = [t("title", title=match.title or "dhproc", runs=doc["runs"], seed=doc["seed"])]
    if until_ci is not None and doc["runs"] < doc["runs_asked"]:
        out.append(t("stopped", width=until_ci, runs=doc["runs"], asked=doc["runs_asked"]))
    for plan in doc["plans"]:
        if len(doc["plans"]) > 1:
            out += ["", t("plan", name=plan["name"])]
        out += ["", t("results"), table(t("result_headers").split("|"),
                                        [[side_name(s), *(_interval(r[k]) for k in RESULTS)]
                                         for s, r in plan["results"].items()])]
        if plan["dp"]:
            out += ["", t("dp"), table(t("dp_headers").split("|"),
                                       [[side_name(s), f"{d['mean']:.2f}", _dist(d)] for s, d in plan["dp"].items()])]
        out += ["", t("turns", mean=f"{plan['turns']['mean']:.2f}", dist=_dist(plan["turns"]))]
        out += ["", t("survival"), table(t("survival_headers").split("|"),
                                         [[name(c), _interval(cell), f"{plan['kills_per_run'].get(c, 0):.2f}"]
                                          for c, cell in plan["survival"].items()])]
        if plan["checks"]:
            rows = []
            for key, cell in plan["checks"].items():
                actor, what, purpose = key.split("/", 2)
                rows.append([name(actor), name(what), purpose, cell["rolled"], _interval(cell)])
            out += ["", t("checks"), table(t("check_headers").split("|"), rows)]
        if plan["uses_per_run"]:
            rows = [[name(key.split("/", 1)[0]), key.split("/", 1)[1], f"{n:.2f}"] for key, n in plan["uses_per_run"].items()]
            out += ["", t("uses"), table(t("use_headers").split("|"), rows)]
        if plan["rates"]:
            rows = [[r["name"][lang], _mean_text(r["per_run"]), f"{r['per_turn']:.2f}",
                     _interval(r["share"]) if r.get("share", {}).get("of") else "-"] for r in plan["rates"].values()]
            out += ["", t("rates"), table(t("rate_headers").split("|"), rows)]
        turns = plan["turns"]["mean"] or 1
        rows = [[kind, f"{m['mean']:.2f}", f"{m['mean'] / turns:.2f}"] for kind, m in plan["events_per_run"].items()
                if kind != "roll"]
        out += ["", t("events"), table(t("event_headers").split("|"), rows)]
    rate_names = {key: r["name"][lang] for key, r in doc["plans"][0]["rates"].items()}

    def label(key: str) -> str:
        kind, _, who = key.partition(":")
        shown = name(who) if kind == "survives" else rate_names.get(who, who) if kind == "rate" else side_name(who)
        return t(f"fig_{kind}", who=shown)

    for pair in doc["differences"]:
        rows = [[label(key), f"{d['diff']:+.2f} ({d['low']:+.2f}–{d['high']:+.2f})"] for key, d in pair["yes_no"].items()]
        rows += [[label(key), f"{d['mean']:+.2f} ({d['low']:+.2f}–{d['high']:+.2f})"] for key, d in pair["numbers"].items()]
        out += ["", t("diff", name=pair["name"], base=doc["plans"][0]["name"]), table(t("diff_headers").split("|"), rows)]
    return "\n".join(out) + "\n"


def _mean_text(m: dict) -> str:
    return f"{m['mean']:.2f} ({m['low']:.2f}–{m['high']:.2f})"


def _dist(d: dict) -> str:
    n = sum(d["counts"].values()) or 1
    return " ".join(f"{v}:{100 * k / n:.1f}%" for v, k in d["counts"].items())


# --------------------------------------------------------------------------- local processes

# A batch on a local process costs about 2 ms besides its runs (the plan pickled, sent and read
# there, the result back): 50 runs of 1–5 ms keep that under 5 %.
LEAST_RUNS_LOCAL = 50


class ProcessBackend:
    """Batches on ``jobs`` local processes, spawned (nothing is inherited but the plan, on every
    platform alike). The pool starts at the first call that has work for several, and stays for
    the later rounds of ``--until-ci`` until :meth:`close`."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self._pool: Any = None

    def __call__(self, plan: Plan, parts: list[tuple[int, int]], finished: Finished | None = None) -> list[BatchResult]:
        if self.jobs <= 1 or len(parts) <= 1:
            return serial_backend(plan, parts, finished)
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(self.jobs, mp_context=multiprocessing.get_context("spawn"))
        return self._run(plan, parts, finished)

    def _run(self, plan: Plan, parts: list[tuple[int, int]], finished: Finished | None) -> list[BatchResult]:
        from concurrent.futures import as_completed
        from concurrent.futures.process import BrokenProcessPool

        # one batch a task, so that a process done early takes the next (the small last ones)
        futures = [self._pool.submit(run_batch, plan, a, b) for a, b in parts]
        results = []
        try:
            for future in as_completed(futures):
                result = future.result()
                results.append(result)
                if finished is not None:
                    finished(result)
        except BrokenProcessPool:
            # A worker that dies is not replaced (multiprocessing.Pool would start another, which
            # would die the same way, for ever): most often a script that calls api.simulate at its
            # top level, which each spawned worker imports again.
            self._pool = None
            raise UsageError(say("simulate.workers_lost", jobs=self.jobs)) from None
        return results

    def parts(self, first: int, stop: int) -> list[tuple[int, int]]:
        if self.jobs <= 1:  # no end to even out: about twenty batches, for a progress line
            size = max(CHECK_EVERY, math.ceil((stop - first) / 20))
            return [(a, min(a + size, stop)) for a in range(first, stop, size)]
        return batches(first, stop, self.jobs, least=LEAST_RUNS_LOCAL)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None


def plan_key(plan: Plan) -> str:
    """What a plan's batches compute, named for a cluster's task keys: its inputs, seed and kept dice."""
    return f"{inputs_digest(plan.matches)[:16]}-{plan.seed}-{plan.keep_dice_through}"


def backend_for(runs: int, *, jobs: int = 1, scheduler: str | None = None) -> Any:
    """Where the batches run: a Dask cluster (``scheduler``), unless the job is too small to be
    worth it; else ``jobs`` local processes (one: this one)."""
    if scheduler is not None:
        from . import cluster

        if runs >= cluster.LOCAL_BELOW:
            return cluster.DaskBackend(scheduler, run_batch, plan_key, batches)
    return ProcessBackend(jobs)
