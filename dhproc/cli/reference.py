"""What dhproc knows, listed: ``schema``, ``rulesets``, ``options``."""

from __future__ import annotations

import click

from ..words.messages import say
from .click_layout import terminal_columns
from .root import cli, lang_option


@cli.command()
@click.argument("name", required=False)
@lang_option()
def schema(name: str | None) -> None:
    """Print a JSON Schema (match, turn, log, or a ruleset's part); without NAME, list them."""
    from ..inputs.validation import schema_names, schema_text

    names = schema_names()
    if name is None:
        click.echo("\n".join(names))
        return
    if name not in names:
        raise click.UsageError(say("cli.unknown_schema", name=name, known=", ".join(names)))
    click.echo(schema_text(name), nl=False)



@cli.command()
@lang_option()
def rulesets() -> None:
    """List the rulesets: ids, names, versions, option counts."""
    from ..engine.ruleset import get_ruleset, ruleset_ids
    from ..report.layout import table

    rows = []
    for rid in ruleset_ids():
        rs = get_ruleset(rid)
        rows.append([rs.id, rs.name, rs.version, len(rs.options)])
    click.echo(table(say("rulesets.columns").split("|"), rows))



@cli.command()
@click.argument("ruleset")
@lang_option()
def options(ruleset: str) -> None:
    """List a ruleset's interpretation options with defaults and sources."""
    from ..engine.ruleset import get_ruleset, ruleset_ids
    from ..report.layout import table

    rs = get_ruleset(ruleset)
    if rs is None:
        raise click.UsageError(say("match.unknown_ruleset", ruleset=ruleset, known=", ".join(ruleset_ids())))
    from ..words.messages import default_lang
    from ..report.layout import display_width, wrap

    lang = default_lang()
    names = rs.options
    rows = [[o.id, names.name(o.id, lang), shown_value(o.default), _allowed(o), o.source, o.clause] for o in rs.options]
    width = terminal_columns()
    boxed = table(say("options.columns").split("|"), rows)
    if max(display_width(line) for line in boxed.splitlines()) <= width:
        click.echo(boxed)
    else:  # too wide for this terminal: one wrapped entry per option instead of the table
        for row in rows:
            click.echo(wrap(say("options.entry", id=row[0], name=row[1], default=row[2], allowed=row[3],
                                source=row[4], clause=row[5]), width))
    click.echo("")
    for o in rs.options:
        click.echo(wrap(say("options.reason", id=o.id, name=names.name(o.id, lang), reason=names.reason(o.id, lang)),
                        width))



def _allowed(option) -> str:
    if option.choices:
        return option.allowed()
    return say("options.integer", lo="" if option.minimum is None else option.minimum,
               hi="" if option.maximum is None else option.maximum)


def shown_value(v: object) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)
