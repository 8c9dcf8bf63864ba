"""dh's own commands, ``dhproc ability rate`` and ``dhproc ability tables``, offered through the
Ruleset contract (:meth:`Ruleset.commands`): the command line mounts them, and lends what they
need (its batch, its ``--lang``, a loaded document or match), so neither imports the other."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import click

from ...errors import InputError
from ...documents.loading import Anchor, Document
from ...words.messages import say
from ...inputs.validation import validate
from .rate import CATEGORIES, design_working, load_tables, setup_rates, show, working_lines

if TYPE_CHECKING:
    from ...engine.ruleset import CommandKit
    from ...match import Match


def commands(kit: "CommandKit") -> list[click.Command]:
    @click.group(cls=kit.group_class)
    def ability() -> None:
        """dh abilities: compute 発動率 from an ability's design."""

    @ability.command("rate")
    @click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
    @kit.lang_option(expose=True)
    def ability_rate(files: tuple[str, ...], lang: str) -> None:
        """Compute 発動率 from a rate file (rate:) or a dh match's abilities with rate: designs."""
        sys.exit(kit.batch(files, lambda name: click.echo(
            rate_text(kit.load_document(name), lambda: kit.load_match(name), lang=lang), nl=False)))

    @ability.command("tables")
    @click.argument("file", required=False, type=click.Path(dir_okay=False))
    @kit.lang_option()
    def ability_tables(file: str | None) -> None:
        """Print the 発動率 value tables (the shipped ones without FILE) and what they lack."""
        sys.exit(kit.batch([file] if file else ["(shipped)"],
                           lambda name: click.echo(tables_text(Path(file) if file else None), nl=False)))

    return [ability]


def rate_text(doc: Document, as_match: Callable[[], "Match"], *, lang: str = "ja") -> str:
    """The 発動率 working of a dh rate file, or of every setup ability with a ``rate:`` design in a
    dh match file (``dhproc ability rate``); ``as_match`` loads the document as a match."""
    root = Anchor(doc)
    data = doc.data
    if isinstance(data, dict) and "rate" in data:
        problems = validate(data, "dh.rate", root)
        if problems:
            raise InputError(problems)
        workings = [design_working(data["rate"], data["rate"]["fs"], root.sub("rate"), doc.path.parent)]
    else:
        match = as_match()
        if match.ruleset_id != "dh":
            raise InputError([root.problem(("ruleset",), say("rate.not_dh"))])
        found, problems = setup_rates(match)
        if problems:
            raise InputError(problems)
        if not found:
            raise InputError([root.problem(("setup", "characters"), say("rate.no_design"))])
        workings = [w for _, w in found]
    return "\n\n".join("\n".join(working_lines(w, lang)) for w in workings) + "\n"


def tables_text(path: Path | None = None) -> str:
    """The 発動率 value tables (the shipped ones without ``path``) and what they lack."""
    tables = load_tables(path)
    lines = [tables.name or str(path)]
    for cat in CATEGORIES:
        lines.append(f"{cat}:")
        entries = tables.entries[cat]
        lines += [f"  {key}: {show(v.value)}  ({v.label})" for key, v in entries.items()] or ["  (none)"]
    if tables.missing:
        lines.append("missing:")
        lines += [f"  - {m}" for m in tables.missing]
    return "\n".join(lines) + "\n"
