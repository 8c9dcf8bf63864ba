"""``dhproc new``: a match folder to start from, a ruleset's template or a log's continuation."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from ..errors import InputError, UsageError
from ..words.messages import say
from .root import cli, lang_option, show_problems

if TYPE_CHECKING:
    from pathlib import Path


@cli.command()
@click.argument("ruleset")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--from", "from_log", metavar="LOG.json", type=click.Path(dir_okay=False))
@lang_option()
def new(ruleset: str, directory: str, from_log: str | None) -> None:
    """Create a match folder for RULESET that resolves as written (or that continues a log)."""
    from pathlib import Path

    from ..engine.ruleset import get_ruleset, ruleset_ids
    from .scaffold import scaffold, scaffold_from_log

    if get_ruleset(ruleset) is None:
        raise click.UsageError(say("match.unknown_ruleset", ruleset=ruleset, known=", ".join(ruleset_ids())))
    try:
        if from_log:
            from .. import api

            match = api.continuation(from_log)
            if match["ruleset"] != ruleset:
                raise click.UsageError(say("cli.other_ruleset", log=from_log, found=match["ruleset"], ruleset=ruleset))
            written = scaffold_from_log(Path(directory), match, Path(from_log).name)
        else:
            written = scaffold(ruleset, Path(directory))
    except InputError as exc:
        show_problems(exc.problems)
        sys.exit(1)
    except UsageError as exc:
        click.echo(f"{directory}: {exc}", err=True)
        sys.exit(1)
    for path in written:
        click.echo(say("cli.wrote", path=path))
    click.echo(say("cli.next", path=Path(directory) / "match.yaml"))
