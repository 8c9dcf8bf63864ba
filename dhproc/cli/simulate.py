"""``dhproc simulate``: the odds of a match over many seeds."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Callable

import click

from . import root
from .root import cli, lang_option, load_match, print_out, run_batch, seed_value, usage_errors, write_outputs

if TYPE_CHECKING:
    from pathlib import Path


@cli.command()
@click.argument("file", type=click.Path())
@click.option("--runs", type=click.IntRange(1, 10_000_000), required=True)
@click.option("--seed")
@click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True)
@click.option("--json", "json_path", metavar="PATH|-")
@click.option("--until-ci", "until_ci", type=click.FloatRange(0, 100, min_open=True), metavar="POINTS")
@click.option("--variant", "variants", multiple=True, type=click.Path())
@click.option("--keep-dice-through", "keep_through", type=click.IntRange(0), metavar="TURN")
@click.option("--show-run", "show_run", type=click.IntRange(0), metavar="K")
@click.option("--scheduler", metavar="ADDRESS")
@lang_option(expose=True)
def simulate(file: str, runs: int, seed: str | None, jobs: int, json_path: str | None, until_ci: float | None,
             variants: tuple[str, ...], keep_through: int | None, show_run: int | None, scheduler: str | None,
             lang: str) -> None:
    """Resolve a match (or a turn file's match up to that turn) many times with fresh dice and
    print the odds: results per side with 95% intervals, DP, turns, survival, checks, events."""
    from .. import api
    from .. import simulate as sim

    def work(name: str) -> None:
        from pathlib import Path

        match = load_match(name, False)
        others = [load_match(v, False) for v in variants]
        base_seed = match.seed if seed is None else seed_value(seed)
        if show_run is not None:
            log = sim.run_log(match, sim.run_seed(base_seed, show_run), keep_through)
            print_out(api.render(log, lang=lang, turns=[t["turn"] for t in log["turns"]]), nl=False)
            return
        with usage_errors():
            doc = api.simulate(match, runs=runs, seed=base_seed, jobs=jobs, variants=others,
                               keep_dice_through=keep_through, until_ci=until_ci, scheduler=scheduler,
                               names=[name, *variants], progress=_progress_line() if root.on_terminal() else None)
        data = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
        if json_path and json_path != "-":
            write_outputs((Path(json_path), data))
        if json_path == "-":
            print_out(data, nl=False)
        else:
            print_out(sim.figures_text(doc, match, lang=lang, until_ci=until_ci), nl=False)

    sys.exit(run_batch([file], work))



def _progress_line() -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        click.echo(f"\r[{done}/{total}]".ljust(30) if done < total else "\r" + " " * 30 + "\r", err=True, nl=False)

    return show
