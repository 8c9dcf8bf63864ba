"""The commands that read a written log: ``summary``, ``replay`` (also on a Dask cluster), ``render``."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Sequence

import click

from ..errors import DhprocError
from ..words.messages import say
from .root import cli, lang_option, print_out, run_batch, usage_errors, write_outputs

if TYPE_CHECKING:
    from pathlib import Path


@cli.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "discord", "wiki"]), default="text",
              show_default=True)
@lang_option(expose=True)
@click.option("--luck", is_flag=True)
def summary(logs: tuple[str, ...], fmt: str, lang: str, luck: bool) -> None:
    """The match at a glance from its log: kills, DP per turn, abilities used, the outcome."""
    from .. import api
    from ..report.formats import format_report

    def work(name: str) -> None:
        _, log = api.load_log(name)
        parts = format_report(api.summary_blocks(log, lang=lang, luck=luck), fmt, lang=lang)
        for i, text in enumerate(parts, 1):
            if len(parts) > 1:
                print_out(f"──── {i}/{len(parts)} ────")
            print_out(text, nl=False)

    sys.exit(run_batch(logs, work))


@cli.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path())  # a folder is a located "not a file", in the batch
@click.option("--other-version", is_flag=True)
@click.option("--scheduler", metavar="ADDRESS")
@lang_option()
def replay(logs: tuple[str, ...], other_version: bool, scheduler: str | None) -> None:
    """Re-resolve logs from their own input; each must give the log's bytes exactly (exit 1 at
    the first divergence, naming the part that differs)."""
    from .. import __version__
    from .. import api

    class Diverged(DhprocError):
        pass

    with usage_errors():
        replayed = _replayed_on(scheduler, logs, other_version) if scheduler else {}

    def work(name: str) -> None:
        divergence = replayed[name].result() if scheduler else api.replay(name, other_version=other_version)
        if divergence is not None:
            raise Diverged(divergence.format())
        generator = api.load_log(name)[1]["generator"] if other_version else None
        if generator is not None and generator != f"dhproc {__version__}":
            print_out(say("replay.ok_other", name=name, generator=generator, version=__version__))
        else:
            print_out(say("replay.ok", name=name))

    sys.exit(run_batch(logs, work))


class Replayed:
    """What a call gave, to be given again where it is reported: its value or its exception. A
    plain class rather than a dataclass: every start of the command line defines it, for the rare
    replay on a cluster, and a dataclass costs its definition half a millisecond."""

    __slots__ = ("value", "error")

    def __init__(self, value: Any = None, error: BaseException | None = None) -> None:
        self.value = value
        self.error = error

    def result(self) -> Any:
        if self.error is not None:
            raise self.error
        return self.value


def replay_outcome(path: str, *, other_version: bool = False) -> Replayed:
    """``api.replay`` of one log (on a cluster's worker), its divergence or its error kept."""
    from .. import api

    try:
        return Replayed(value=api.replay(path, other_version=other_version))
    except Exception as exc:  # said where the batch reports it, as a local replay's would be
        return Replayed(error=exc)


def _replayed_on(scheduler: str, logs: Sequence[str], other_version: bool) -> dict:
    """Each log replayed on the cluster, as the outcome the local batch then reports in order."""
    from functools import partial

    from ..cluster import map_in_order

    outcomes: list[Replayed] = map_in_order(scheduler, partial(replay_outcome, other_version=other_version), logs)
    return dict(zip(logs, outcomes))


@cli.command()
@click.argument("log_path", metavar="LOG", type=click.Path(dir_okay=False))
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False))
@click.option("--png", "png_path", type=click.Path(dir_okay=False))
@click.option("--html", "html_path", type=click.Path(dir_okay=False))
@click.option("--turn", type=click.IntRange(min=1))
@click.option("--phase", type=click.IntRange(min=1))
@click.option("--view", type=click.Choice(["gk", "public"]), default="gk", show_default=True)
@lang_option(expose=True)
def render(log_path: str, svg_path: str | None, png_path: str | None, html_path: str | None,
           turn: int | None, phase: int | None, view: str, lang: str) -> None:
    """Draw a log's map (or state tables) as SVG or PNG, or write its offline replay page."""
    from .. import api

    if not (svg_path or png_path or html_path):
        raise click.UsageError(say("render.no_output"))

    def work(name: str) -> None:
        from pathlib import Path

        from ..render.picture import map_svg

        doc, log = api.load_log(name)
        files: list[tuple[Path, str | bytes]] = []
        if html_path:
            from ..render.page import page_html

            files.append((Path(html_path), page_html(log, api.log_bytes(doc).decode("utf-8"), view=view)))
        if svg_path or png_path:
            svg = map_svg(log, name=name, turn=turn, phase=phase, lang=lang, view=view)
        if png_path:
            from ..render.png import svg_to_png

            files.append((Path(png_path), svg_to_png(svg, png_path)))
        if svg_path:
            files.append((Path(svg_path), svg))
        write_outputs(*files)

    sys.exit(run_batch([log_path], work))
