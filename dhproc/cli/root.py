"""The ``dhproc`` command: parse options, call :mod:`dhproc.api`, print. No rules live here.

Only click and the standard library are imported at start-up; everything else is imported by the
command that needs it (a GK runs dhproc many times an evening).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
from pathlib import Path
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

import click

from .. import __version__
from ..errors import DhprocError, InputError, Problem, UsageError
from .. import click_words
from ..click_layout import WideContext, short_help
from ..words.messages import say

if TYPE_CHECKING:
    from ..dice.bcdice import BotCommand, GivenFaces, Outcome
    from ..engine.ruleset import CommandKit

click_words.install()  # click's own words (Usage:, Error:) in the command's language

PROGRESS_FROM = 10  # files in a batch before a progress line is shown on a terminal


def main(argv: Sequence[str] | None = None) -> None:
    """The ``dhproc`` command. Its text is UTF-8 whatever the console or PYTHONIOENCODING says
    (cp932, latin-1, EUC-JP cannot hold every report), and an output that cannot be written (a
    full disk, a closed pipe) is exit 1 with ``cannot write <stdout>: …``, never a traceback."""
    _utf8_console()
    try:
        cli.main(args=argv, prog_name="dhproc")
    except SystemExit:
        _flush_stdout()
        raise
    except OSError as exc:  # raised by a command outside a batch (roll, schema, options...)
        _cannot_write(exc)
    _flush_stdout()


def _utf8_console() -> None:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(encoding="utf-8", errors="strict")
            except (ValueError, OSError):  # a stream that cannot change any more: keep it
                pass


def _flush_stdout() -> None:
    try:
        sys.stdout.flush()
    except OSError as exc:
        _cannot_write(exc)


def _cannot_write(exc: OSError) -> None:
    try:
        sys.stderr.write(f"dhproc: {say('cli.cannot_write_stdout', reason=exc.strerror or exc)}\n")
        sys.stderr.flush()
    except OSError:
        pass
    # The unwritten text stays buffered, and the interpreter would try again at exit and fail
    # with exit 120: everything is done, so leave now.
    os._exit(1)


def _out(text: str, *, nl: bool = True) -> None:
    """Write to stdout now: a full disk is found here, for this input, not at exit."""
    try:
        click.echo(text, nl=nl)
        sys.stdout.flush()
    except OSError as exc:
        raise OutputError(say("cli.cannot_write_stdout", reason=exc.strerror or exc)) from None


def _use_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    """--lang when given, else DHPROC_LANG when it names ja or en, else Japanese: every message
    the command makes is in that language until it ends."""
    from ..words.messages import environment_lang, reset_lang, set_lang

    lang = value or environment_lang()
    token = set_lang(lang)
    # The root context is closed whatever happens (a usage error or --help while the command's
    # own options are parsed leaves the command's context unclosed): no language outlives it.
    ctx.find_root().call_on_close(lambda: reset_lang(token))
    return lang


def lang_option(expose: bool = False) -> Callable:
    """``--lang ja|en`` for a command; ``expose`` passes the language to it as ``lang``."""
    return click.option("--lang", type=click.Choice(["ja", "en"]), callback=_use_lang, is_eager=True,
                        expose_value=expose)


@contextlib.contextmanager
def _catalogue_help(command: click.Command) -> Iterator[None]:
    """The command's help and its options' help, from the catalogue in the command's language
    (``help.<command>``, ``help.<command>.<option>``, else ``help.<option>`` for --lang, --version)."""
    from ..words.messages import MESSAGES

    key = f"help.{command.help_key}"
    options = [p for p in command.params if isinstance(p, click.Option)]
    saved = [(command, command.help)] + [(p, p.help) for p in options]
    try:
        if key in MESSAGES.entries:
            command.help = say(key)
        for p in options:
            found = next((k for k in (f"{key}.{p.name}", f"help.{p.name}") if k in MESSAGES.entries), None)
            if found is not None:
                p.help = say(found)
        yield
    finally:
        for item, text in saved:
            item.help = text


class _CatalogueHelp:
    """``--help`` read from the catalogue when it is shown: Japanese by default, English after
    ``--lang en`` (given before --help) or with DHPROC_LANG=en."""

    help_key = ""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _catalogue_help(self):
            super().format_help(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with _catalogue_help(self):
            return short_help(self.short_help or self.help or "", limit)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = say("help.help")
        return option


class _Command(_CatalogueHelp, click.Command):
    context_class = WideContext


def _lang_asked(argv: Sequence[str]) -> str | None:
    """The ``--lang`` a command line asks for, wherever it stands: a bad option before it is
    reported before click reaches ``--lang``, and should be reported in the language asked for."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


class _Dhproc(_CatalogueHelp, click.Group):
    """The dhproc group: the language a command sets (--lang) ends with the command, even when
    click stops at a bad option before the command's context is closed."""

    context_class = WideContext
    command_class = _Command
    group_class = type  # a sub-group (ability) is one of these too

    def main(self, *args, **kwargs):
        from ..words.messages import reset_lang, set_lang

        argv = list(args[0] if args and args[0] is not None else kwargs.get("args") or sys.argv[1:])
        token = set_lang(_lang_asked(argv))
        try:
            return super().main(*args, **kwargs)
        finally:
            reset_lang(token)


class _Root(_Dhproc):
    """``dhproc`` itself: its own commands, and those a ruleset offers (Ruleset.commands, such as
    dh's ``ability``), declared by name (``dhproc.commands`` entry points) and mounted when one is
    run, so that neither start-up nor ``--help`` imports a ruleset."""

    group_class = _Dhproc

    def list_commands(self, ctx: click.Context | None) -> list[str]:
        from ..engine.ruleset import command_names

        return sorted({*super().list_commands(ctx), *command_names()})

    def get_command(self, ctx: click.Context | None, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            self._mount_from_ruleset(cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple:
        """An unknown command's "did you mean" (click 8.4) weighs the rulesets' commands too."""
        try:
            return super().resolve_command(ctx, args)
        except getattr(click.exceptions, "NoSuchCommand", ()) as exc:
            raise type(exc)(exc.command_name, possibilities=self.list_commands(ctx), ctx=ctx) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list in ``--help``: a ruleset's command whose help is in the catalogue is listed by
        it, without importing the ruleset."""
        from ..words.messages import MESSAGES

        listed = {name: _Command(name) for name in self.list_commands(ctx)
                  if name not in self.commands and f"help.{name}" in MESSAGES.entries}
        for name, stand_in in listed.items():
            stand_in.help_key = name
            self.commands[name] = stand_in
        try:
            super().format_commands(ctx, formatter)
        finally:
            for name in listed:
                del self.commands[name]

    def _mount_from_ruleset(self, cmd_name: str) -> None:
        from ..engine.ruleset import command_ruleset

        ruleset = command_ruleset(cmd_name)
        if ruleset is None:
            return
        for command in ruleset.commands(_command_kit()):
            if command.name not in self.commands:  # a ruleset cannot replace dhproc's own
                _name_command(command.name, command)
                self.add_command(command)


def subcommands(group: click.Group) -> list[tuple[str, click.Command]]:
    """Every command of ``group`` as its ``--help`` lists them, the rulesets' own included."""
    return [(name, group.get_command(None, name)) for name in group.list_commands(None)]


def _command_kit() -> "CommandKit":
    """What the command line lends a ruleset's commands (see CommandKit)."""
    from .. import api
    from ..engine.ruleset import CommandKit
    from ..documents.loading import load_file

    return CommandKit(group_class=_Dhproc, lang_option=lang_option, batch=_batch, load_document=load_file,
                      load_match=api.load)


@click.group(cls=_Root, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dhproc")
def cli() -> None:
    """dhproc: resolve battle turns from action submissions, reproducibly."""


_SHOWN: list[set[str]] = []  # the problem lines the running batch has printed


def _fail(problems: Iterable[Problem]) -> None:
    """Print problems (or warnings) on stderr, each once in a batch: the inputs of a batch share
    files (a match and its turn files), and a problem of a shared file is said once."""
    shown = _SHOWN[-1] if _SHOWN else set()
    for p in problems:
        line = p.format()
        if line not in shown:
            shown.add(line)
            click.echo(line, err=True)


def _fail_input(name: str, problems: Sequence[Problem], *, in_batch: bool) -> None:
    """The problems of input ``name``. In a batch of several inputs, one whose problems all lie
    in other files (the turn files it reads, maybe printed for an earlier input) is named too, so
    every input of the batch has its line."""
    _fail(problems)
    elsewhere = _files_other_than(name, problems) if in_batch else []
    if elsewhere:
        click.echo(say("cli.fails_through", name=name, files=", ".join(elsewhere)), err=True)


def _files_other_than(name: str, problems: Sequence[Problem]) -> list[str]:
    """The files ``problems`` lie in, when not one lies in ``name`` (or in the folder ``name``)."""
    from ..documents.loading import inside, real_path

    given = real_path(Path(name))
    files = list(dict.fromkeys(p.file for p in problems))
    if any(real_path(Path(f)) == given or inside(real_path(Path(f)), given) for f in files):
        return []
    return files


def _on_terminal() -> bool:
    return sys.stderr.isatty()


def _batch(files: Sequence[str], work: Callable[[str], None]) -> int:
    """Run ``work`` on every file; problems are printed and the batch goes on. Exit code."""
    from ..documents.loading import batch_cache

    with batch_cache():  # a file that several inputs refer to is read once per batch
        _SHOWN.append(set())
        try:
            return _run_batch(files, work)
        finally:
            _SHOWN.pop()


def _run_batch(files: Sequence[str], work: Callable[[str], None]) -> int:
    failed = 0
    progress = len(files) >= PROGRESS_FROM and _on_terminal()
    for i, name in enumerate(files, 1):
        if progress:
            click.echo(f"\r[{i}/{len(files)}] {name}"[:100].ljust(100), err=True, nl=False)
        try:
            work(name)
        except InputError as exc:
            if progress:
                click.echo("\r" + " " * 100 + "\r", err=True, nl=False)
            _fail_input(name, exc.problems, in_batch=len(files) > 1)
            failed += 1
        except DhprocError as exc:
            click.echo(f"{name}: {exc}", err=True)
            failed += 1
        except click.UsageError:  # the command was called wrongly: exit 2, whatever the input
            raise
        except Exception as exc:  # a bug in dhproc, not in the input: still no traceback
            click.echo(say("cli.internal_error", name=name, error=f"{type(exc).__name__}: {exc}"), err=True)
            return 3
    if progress:
        click.echo("\r" + " " * 100 + "\r", err=True, nl=False)
    return 1 if failed else 0


class OutputError(DhprocError):
    """An output cannot be written (no such folder, no permission): nothing was clobbered."""


def _write(*files: tuple[Path, str | bytes], make_folder: bool = False) -> None:
    """Write the files as one (all renamed into place once all are written): a report and its
    log are both new or both as they were."""
    from ..report.atomic import write_atomic_all

    path = files[0][0]
    try:
        if make_folder:
            path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic_all(files)
    except OSError as exc:
        names = ", ".join(str(p) for p, _ in files)
        raise OutputError(say("cli.cannot_write", names=names, reason=exc.strerror or exc)) from None


def _out_names(files: Sequence[str]) -> dict[str, str]:
    """Output names for --out: the file's stem, or ``<folder>-<stem>`` when stems collide (the
    usual layout is one folder per match, each with its match.yaml)."""
    stems = [Path(f).stem for f in files]
    names: dict[str, str] = {}
    for f, stem in zip(files, stems):
        name = stem if stems.count(stem) == 1 else f"{Path(f).resolve().parent.name}-{stem}"
        if name in names.values():
            raise click.UsageError(say("cli.same_out_name", name=name))
        names[f] = name
    return names


FORMAT_SUFFIX = {"text": ".txt", "markdown": ".md", "wiki": ".wiki.txt"}


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())  # a folder is a located "not a file", in the batch
@click.option("--json", "json_path", metavar="PATH|-")
@click.option("--out", "out_dir", type=click.Path(file_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "discord", "wiki"]), default="text",
              show_default=True)
@lang_option(expose=True)
@click.option("--all", "all_turns", is_flag=True)
@click.option("--view", type=click.Choice(["gk", "public"]), default="gk", show_default=True)
@click.option("--dice-plan", "dice_plan", is_flag=True)
def resolve(files: tuple[str, ...], json_path: str | None, out_dir: str | None, fmt: str, lang: str,
            all_turns: bool, view: str, dice_plan: bool) -> None:
    """Resolve match or turn files (or a match folder) and print the processing report."""
    from .. import api

    if dice_plan:
        if json_path or out_dir:
            raise click.UsageError(say("cli.dice_plan_only"))
        sys.exit(_batch(files, lambda name: click.echo(_dice_plan_text(api.dice_plan(_load(name, all_turns)), name),
                                                       nl=False)))

    if json_path and len(files) > 1 and json_path != "-":
        raise click.UsageError(say("cli.json_one_input", path="PATH"))
    if json_path == "-" and len(files) > 1:
        raise click.UsageError(say("cli.json_one_input", path="-"))
    names = _out_names(files) if out_dir else {}

    def work(name: str) -> None:
        match = _load(name, all_turns)
        log = api.resolve(match)
        parts = api.render_as(log, fmt, lang=lang, view=view, turns=match.report_turns)
        data = api.dumps(log)
        if out_dir:
            folder = Path(out_dir)
            pictures: list[tuple[Path, bytes]] = []
            if fmt == "discord":
                width = max(2, len(str(len(parts))))
                paths = [folder / f"{names[name]}-{n:0{width}d}.md" for n in range(1, len(parts) + 1)]
                pictures = _post_pictures(log, paths, lang=lang, view=view, turns=match.report_turns)
            else:
                paths = [folder / f"{names[name]}{FORMAT_SUFFIX[fmt]}"]
            _write(*zip(paths, parts), *pictures, (folder / f"{names[name]}.json", data), make_folder=True)
            paths += [p for p, _ in pictures]
            shown = ", ".join(p.name for p in paths)
            click.echo(say("cli.wrote_out", name=name, shown=shown, stem=names[name], folder=folder), err=True)
        if json_path and json_path != "-":
            _write((Path(json_path), data))
        if json_path == "-":
            _out(data, nl=False)
        elif not out_dir:
            for i, text in enumerate(parts, 1):
                if len(parts) > 1:
                    _out(f"──── {i}/{len(parts)} ────")
                _out(text, nl=False)

    sys.exit(_batch(files, work))


def _post_pictures(log: dict, paths: list[Path], *, lang: str, view: str, turns: list[int]) -> list[tuple[Path, bytes]]:
    """The PNG beside each Discord message that shows a map (``-03.md`` gets ``-03.png``). With no
    Japanese font here the messages are still written, and the reason there are no pictures is
    said on stderr."""
    from .. import api
    from ..render.png import RenderError, svg_to_png
    from ..render.posts import discord_posts

    posts = discord_posts(api.report_blocks(log, lang=lang, view=view, turns=turns), lang=lang)
    pictures = []
    for path, (_, svg) in zip(paths, posts):
        if svg is None:
            continue
        png_path = path.with_suffix(".png")
        try:
            pictures.append((png_path, svg_to_png(svg, str(png_path))))
        except RenderError as exc:
            click.echo(str(exc), err=True)
            return []
    return pictures


def _load(name: str, all_turns: bool):
    """The match ``name`` stands for, its reading's warnings said on stderr (a turn-NN.yaml that
    is not read): never in the report or the log, and the exit code stays that of the result."""
    from .. import api

    match = api.load(name, all_turns=all_turns)
    _fail(match.load_warnings)
    return match


_PLAN_ABOUT = ("actor", "target", "ability", "skill", "effect", "decides")


def _dice_plan_text(rolls: list[dict], name: str) -> str:
    from ..report.layout import table

    turns = sorted({r["turn"] for r in rolls})
    head = (say("cli.plan_head", name=name, turns=", ".join(map(str, turns))) if rolls
            else say("cli.plan_none", name=name)) + "\n"
    rows = [[r["turn"], r["draw"], r["step"], r["purpose"], f"d{r['sides']}",
             f"{r['rate']}%" if "rate" in r else "",
             " ".join(f"{k}={r[k]}" for k in _PLAN_ABOUT if r.get(k) is not None)] for r in rolls]
    body = table(say("plan.columns").split("|"), rows) + "\n" if rows else ""
    return head + body


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())  # a folder is a located "not a file", in the batch
@lang_option()
def validate(files: tuple[str, ...]) -> None:
    """Check files (schemas, ids, squares, turns, recorded dice); print every problem, located."""
    from .. import api

    def work(name: str) -> None:
        match = api.load(name)
        api.resolve(match)
        _fail(api.warnings(match))  # doubtful but legal: printed, and the file is still ok
        _out(say("cli.ok", name=name))

    sys.exit(_batch(files, work))


@cli.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "discord", "wiki"]), default="text",
              show_default=True)
@lang_option(expose=True)
def summary(logs: tuple[str, ...], fmt: str, lang: str) -> None:
    """The match at a glance from its log: kills, DP per turn, abilities used, the outcome."""
    from .. import api
    from ..report.formats import format_report

    def work(name: str) -> None:
        _, log = api.load_log(name)
        parts = format_report(api.summary_blocks(log, lang=lang), fmt, lang=lang)
        for i, text in enumerate(parts, 1):
            if len(parts) > 1:
                _out(f"──── {i}/{len(parts)} ────")
            _out(text, nl=False)

    sys.exit(_batch(logs, work))


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

    with _usage_errors():
        replayed = _replayed_on(scheduler, logs, other_version) if scheduler else {}

    def work(name: str) -> None:
        divergence = replayed[name].result() if scheduler else api.replay(name, other_version=other_version)
        if divergence is not None:
            raise Diverged(divergence.format())
        generator = api.load_log(name)[1]["generator"] if other_version else None
        if generator is not None and generator != f"dhproc {__version__}":
            _out(say("replay.ok_other", name=name, generator=generator, version=__version__))
        else:
            _out(say("replay.ok", name=name))

    sys.exit(_batch(logs, work))


@contextlib.contextmanager
def _usage_errors() -> Iterator[None]:
    """A usage error found by the API (--scheduler without Dask) is click's: exit 2, said once."""
    try:
        yield
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None


@dataclass
class Replayed:
    """What a call gave, to be given again where it is reported: its value or its exception."""

    value: Any = None
    error: BaseException | None = None

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
        _write(*files)

    sys.exit(_batch([log_path], work))


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
    rows = [[o.id, names.name(o.id, lang), _show(o.default), _allowed(o), o.source, o.clause] for o in rs.options]
    width = shutil.get_terminal_size().columns
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


@cli.command()
@click.argument("expr", nargs=-1, required=True)
@click.option("--seed")
@click.option("--times", type=click.IntRange(1, 100))
@click.option("--dice", "faces")
@click.option("--bcdice", "bcdice_lines", is_flag=True)
@click.option("--json", "as_json", is_flag=True)
@lang_option(expose=True)
def roll(expr: tuple[str, ...], seed: str | None, times: int | None, faces: str | None, bcdice_lines: bool,
         as_json: bool, lang: str) -> None:
    """Roll dice as typed in a chat: 2D10, 1D100<=65 (≦ ＜ and full-width digits too),
    2D6 攻撃判定 (a comment), x3 1D100<=65 (three times), 2D9 (a d100 read as two digits),
    and BCDice's commands: 3B6>=4, D66, choice[A,B,C], S (secret), 3D6/2U."""
    import dataclasses
    import json

    from ..dice.bcdice import GivenFacesError, parse_bot_command
    from ..dice.expr import DiceExprError
    from ..errors import quote

    text = " ".join(expr)
    try:
        command = parse_bot_command(text)
    except DiceExprError as exc:
        # The expression is shown around the column, never whole: it may be thousands of characters.
        start = max(0, exc.column - 40)
        shown = text[start:start + 60]
        click.echo(say("cli.expr_error", text=text if len(text) <= 60 else quote(text), column=exc.column,
                       message=exc.message), err=True)
        click.echo(f"  {shown}\n  {' ' * max(0, exc.column - 1 - start)}^", err=True)
        sys.exit(1)
    if times is not None and command.times != 1:
        raise click.UsageError(say("cli.repeat_once"))
    if times is not None:
        command = dataclasses.replace(command, times=times)
    if faces is not None and seed is not None:
        raise click.UsageError(say("cli.dice_and_seed"))
    given = _given_faces(faces) if faces is not None else None
    draw, value = (given.draw, None) if given is not None else _seeded(seed)
    try:
        outcomes = command.roll(draw, lang, bcdice_lines or command.native)
        if given is not None:
            given.finish()
    except GivenFacesError as exc:
        click.echo(say("cli.dice_error", message=exc.message), err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(_roll_json(text, command, outcomes, value), ensure_ascii=False, indent=2))
        return
    click.echo(_roll_lines(command, outcomes, bcdice_lines or command.native, value))


def _roll_json(text: str, command: BotCommand, outcomes: list[Outcome], seed: int | str | None) -> dict:
    """The roll as an object: one roll's result, or a repeat's under ``results``."""
    head = {"command": text, "comment": command.comment, "secret": command.secret, "seed": seed}
    if len(outcomes) == 1 and command.times == 1:
        return {**head, **outcomes[0].as_json(command.secret)}
    return {**head, "results": [o.as_json(command.secret) for o in outcomes]}


def _roll_lines(command: BotCommand, outcomes: list[Outcome], bcdice_lines: bool, seed: int | str | None) -> str:
    # BCDice's line leaves the comment out (the chat shows it with the command); dhproc's keeps it
    comment = f"　{command.comment}" if command.comment and not bcdice_lines else ""
    secret = say("cli.roll_secret") if command.secret else ""
    lines = [o.text + comment + secret for o in outcomes]
    if len(lines) > 1:  # a repeat: dhproc numbers its lines, BCDice writes blocks "#1", "#2", ...
        lines = ([f"#{n}\n{line}" for n, line in enumerate(lines, 1)] if bcdice_lines
                 else [f"#{n} {line}" for n, line in enumerate(lines, 1)])
    text = ("\n\n" if bcdice_lines and len(lines) > 1 else "\n").join(lines)
    return text + (f"   (seed {seed})" if seed is not None else "")


def _given_faces(text: str) -> GivenFaces:
    from ..dice.bcdice import GivenFaces

    faces = GivenFaces.read(text)
    if isinstance(faces, str):
        raise click.BadParameter(say("cli.dice_not_faces", text=faces), param_hint="'--dice'")
    return faces


def _seeded(seed: str | None) -> tuple[Callable[[int], int], int | str]:
    """The roll stream of ``seed`` (a fresh one when None), and the seed as it is shown."""
    from ..dice.rng import stream

    if seed is None:
        seed = str(int.from_bytes(os.urandom(4), "big"))
    value = _seed_value(seed)
    return stream(value, 0, "roll").die, value


def _seed_value(seed: str) -> int | str:
    """A seed given on the command line as a match's seed would be: digits are a number."""
    from ..documents.loading import MAX_INT_DIGITS

    if len(seed) > 200 or "\0" in seed:  # as a match's seed: text of at most 200 characters
        click.echo(say("cli.seed_too_long", length=f"{len(seed):,}"), err=True)
        sys.exit(1)
    digits = seed.lstrip("-")
    return int(seed) if digits.isascii() and digits.isdigit() and len(digits) <= MAX_INT_DIGITS else seed


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
        match = _load(name, False)
        others = [_load(v, False) for v in variants]
        base_seed = match.seed if seed is None else _seed_value(seed)
        if show_run is not None:
            log = sim.run_log(match, sim.run_seed(base_seed, show_run), keep_through)
            _out(api.render(log, lang=lang, turns=[t["turn"] for t in log["turns"]]), nl=False)
            return
        with _usage_errors():
            doc = api.simulate(match, runs=runs, seed=base_seed, jobs=jobs, variants=others,
                               keep_dice_through=keep_through, until_ci=until_ci, scheduler=scheduler,
                               names=[name, *variants], progress=_progress_line() if _on_terminal() else None)
        data = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
        if json_path and json_path != "-":
            _write((Path(json_path), data))
        if json_path == "-":
            _out(data, nl=False)
        else:
            _out(sim.figures_text(doc, match, lang=lang, until_ci=until_ci), nl=False)

    sys.exit(_batch([file], work))


def _progress_line() -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        click.echo(f"\r[{done}/{total}]".ljust(30) if done < total else "\r" + " " * 30 + "\r", err=True, nl=False)

    return show


@cli.command("import")
@click.argument("ruleset")
@click.argument("texts", nargs=-1, required=True)
@click.option("-o", "--out", "out_path", type=click.Path(dir_okay=False))
@click.option("--match", "match_path", type=click.Path(dir_okay=False))
@click.option("--turn", type=click.IntRange(1))
@lang_option(expose=True)
def import_(ruleset: str, texts: tuple[str, ...], out_path: str | None, match_path: str | None,
            turn: int | None, lang: str | None) -> None:
    """Read 行動提出 as players post them (a file per side's post, - for stdin, or the text itself)
    and write the turn file: 山田太郎：Ｂ２→Ｂ４／通常攻撃→鈴木一郎."""
    import re

    from .. import api
    from ..documents.loading import load_file
    from ..words.messages import default_lang

    lang = lang or default_lang()
    out = Path(out_path) if out_path else None
    match_file = Path(match_path) if match_path else (out.parent if out else Path(".")) / "match.yaml"
    existing: dict = {}
    if out is not None and out.exists():
        try:
            existing = load_file(out).data or {}
        except InputError as exc:
            _fail(exc.problems)
            sys.exit(1)
    if turn is None:
        named = re.search(r"turn-?(\d+)", out.name, re.IGNORECASE) if out else None
        turn = existing.get("turn") if isinstance(existing.get("turn"), int) else (int(named.group(1)) if named else None)
    if turn is None:
        raise click.UsageError(say("import.need_turn", lang))
    posts = []
    for text in texts:
        if text == "-":
            posts.append(("<stdin>", sys.stdin.read()))
        elif _names_a_file(text):
            posts.append((text, Path(text).read_text(encoding="utf-8")))
        elif _looks_like_a_path(text):
            click.echo(say("import.no_such_file", lang, path=text), err=True)
            sys.exit(1)
        else:
            posts.append(("<text>", text))
    try:
        imported = api.import_posts(ruleset, posts, match_file, lang=lang)
    except InputError as exc:
        _fail(exc.problems)
        sys.exit(1)
    for note in imported.notes:
        click.echo(say("import.note", lang, note=note), err=True)
    if imported.problems:
        for problem in imported.problems:
            click.echo(problem, err=True)
        click.echo(say("import.summary_fail", lang, n=len(imported.problems)), err=True)
        sys.exit(1)
    submissions = dict(existing.get("submissions") or {}) if isinstance(existing, dict) else {}
    replaced = [side for side in imported.submissions if side in submissions]
    submissions.update(imported.submissions)
    refused = api.check_imported(ruleset, match_file, turn, submissions, imported, lang=lang)
    if refused:
        for problem in refused:
            click.echo(problem, err=True)
        click.echo(say("import.summary_fail", lang, n=len(refused)), err=True)
        sys.exit(1)
    for side in replaced:  # the side posted again: its new post is the one kept
        click.echo(say("import.replaced", lang, side=side, path=out), err=True)
    relative = os.path.relpath(match_file.resolve(), (out.parent if out else Path(".")).resolve())
    text = _turn_yaml(relative, turn, existing.get("dice"), submissions)
    if out is None:
        _out(text, nl=False)
        return
    from ..inputs.turnlist import list_turn_file

    listing = list_turn_file(match_file, out, turn)  # the match's turns: kept right, in turn order
    _write((out, text), *([(match_file, listing.text)] if listing.text is not None else []))
    click.echo(say("import.wrote", lang, path=out, turn=turn, sides=", ".join(imported.submissions)), err=True)
    if listing.message is not None:
        click.echo(listing.message, err=True)


def _names_a_file(text: str) -> bool:
    """True when the argument is a file's path; a post given as text (often longer than a file
    name may be, or with line breaks) is not."""
    try:
        return "\n" not in text and Path(text).is_file()
    except (OSError, ValueError):
        return False


def _looks_like_a_path(text: str) -> bool:
    """An argument meant as a file: one line that ends as a file name does (post.txt, 2R.md), or
    a path with a folder and nothing a post has (spaces, ： or an arrow). When no such file exists
    it is a mistake to report, never a post to read."""
    import re

    if "\n" in text or len(text) > 4096:
        return False
    if re.search(r"\.(?:txt|text|md|log|ya?ml|json)$", text, re.IGNORECASE):
        return True
    return ("/" in text or os.sep in text) and not re.search(r"[\s:：→>＞]", text)


def _turn_yaml(match: str, turn: int, dice: object, submissions: dict) -> str:
    """A turn file in the layout of the examples: one flow mapping per action."""
    from ..documents.yaml_edit import flow_text as flow

    lines = ["dhproc: 1", f"match: {flow(match)}", f"turn: {turn}"]
    if dice is not None:
        lines.append(f"dice: {flow(dice)}")
    lines.append("submissions:")
    for side, sub in submissions.items():
        if isinstance(sub, list):
            lines.append(f"  {side}:" + ("" if sub else " []"))
            lines += [f"    - {flow(action)}" for action in sub]
        else:
            lines.append(f"  {side}:")
            for key, value in sub.items():
                if isinstance(value, dict) and value and all(isinstance(v, list) for v in value.values()):
                    lines.append(f"    {key}:")  # per character, one action a line (nicosw's goes)
                    for who, actions in value.items():
                        lines.append(f"      {flow(who)}:" + ("" if actions else " []"))
                        lines += [f"        - {flow(action)}" for action in actions]
                elif isinstance(value, dict) and value:  # count's plans: one line per character
                    lines.append(f"    {key}:")
                    lines += [f"      {flow(k)}: {flow(v)}" for k, v in value.items()]
                else:
                    lines.append(f"    {key}: {flow(value)}")
    return "\n".join(lines) + "\n"


@cli.command()
@click.argument("ruleset")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--from", "from_log", metavar="LOG.json", type=click.Path(dir_okay=False))
@lang_option()
def new(ruleset: str, directory: str, from_log: str | None) -> None:
    """Create a match folder for RULESET that resolves as written (or that continues a log)."""
    from ..engine.ruleset import get_ruleset, ruleset_ids
    from ..scaffold import scaffold, scaffold_from_log

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
        _fail(exc.problems)
        sys.exit(1)
    except UsageError as exc:
        click.echo(f"{directory}: {exc}", err=True)
        sys.exit(1)
    for path in written:
        click.echo(say("cli.wrote", path=path))
    click.echo(say("cli.next", path=Path(directory) / "match.yaml"))


def _show(v: object) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def _name_command(name: str, command: click.Command, prefix: str = "") -> None:
    """A command's catalogue key for its help, and its subcommands': resolve, ability.rate."""
    command.help_key = prefix + name
    if isinstance(command, click.Group):
        for sub, subcommand in command.commands.items():
            _name_command(sub, subcommand, prefix + name + ".")


cli.help_key = "dhproc"
for _name, _command in cli.commands.items():
    _name_command(_name, _command)
