"""The ``dhproc`` group and what every command shares: the console (UTF-8, an output that cannot
be written), ``--lang`` and help from the catalogue, each command's module imported when that
command runs, a batch of files with its problems said once, writing outputs all at once. Each
command group has its module beside this one (``COMMAND_MODULES`` lists them)."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Sequence

import click

from .. import __version__
from ..errors import DhprocError, InputError, Problem, UsageError
from . import click_words
from .click_layout import WideContext, short_help
from ..words.messages import say

if TYPE_CHECKING:
    from pathlib import Path

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


def print_out(text: str, *, nl: bool = True) -> None:
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


# dhproc's own commands and the module beside this one that defines each (registering it on the
# group when imported). A command's module is imported when that command runs or shows its help,
# so that ``dhproc --help`` imports none and ``dhproc roll`` only roll's (tests/test_start_up.py).
COMMAND_MODULES = {
    "resolve": "matches", "validate": "matches", "odds": "matches",
    "summary": "logs", "replay": "logs", "render": "logs",
    "schema": "reference", "rulesets": "reference", "options": "reference",
    "roll": "roll", "simulate": "simulate", "import": "posts", "new": "new",
}


class _Root(_Dhproc):
    """``dhproc`` itself: its own commands, each imported when run (``COMMAND_MODULES``), and
    those a ruleset offers (Ruleset.commands, such as dh's ``ability``), declared by name
    (``dhproc.commands`` entry points) and mounted when one is run, so that neither start-up nor
    ``--help`` imports a command's code or a ruleset."""

    group_class = _Dhproc

    def list_commands(self, ctx: click.Context | None) -> list[str]:
        from ..engine.entry_points import command_names

        return sorted({*super().list_commands(ctx), *COMMAND_MODULES, *command_names()})

    def get_command(self, ctx: click.Context | None, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            if cmd_name in COMMAND_MODULES:
                self._import_commands(COMMAND_MODULES[cmd_name])
            else:
                self._mount_from_ruleset(cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple:
        """An unknown command's "did you mean" (click 8.4) weighs the rulesets' commands too."""
        try:
            return super().resolve_command(ctx, args)
        except getattr(click.exceptions, "NoSuchCommand", ()) as exc:
            raise type(exc)(exc.command_name, possibilities=self.list_commands(ctx), ctx=ctx) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list in ``--help``: a command not imported yet (one of dhproc's, or a ruleset's)
        whose help is in the catalogue is listed by it, without importing its module or ruleset."""
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

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        """A command is given its catalogue key as it is registered, however its module came to
        be imported (run, or by a script that imports it)."""
        super().add_command(cmd, name)
        _name_command(name or cmd.name, cmd)

    def _import_commands(self, module: str) -> None:
        import importlib

        importlib.import_module(f"{__package__}.{module}")

    def _mount_from_ruleset(self, cmd_name: str) -> None:
        from ..engine.ruleset import command_ruleset

        ruleset = command_ruleset(cmd_name)
        if ruleset is None:
            return
        for command in ruleset.commands(_command_kit()):
            if command.name not in self.commands:  # a ruleset cannot replace dhproc's own
                self.add_command(command)


def subcommands(group: click.Group) -> list[tuple[str, click.Command]]:
    """Every command of ``group`` as its ``--help`` lists them, the rulesets' own included."""
    return [(name, group.get_command(None, name)) for name in group.list_commands(None)]


def _command_kit() -> "CommandKit":
    """What the command line lends a ruleset's commands (see CommandKit)."""
    from .. import api
    from ..engine.ruleset import CommandKit
    from ..documents.loading import load_file

    return CommandKit(group_class=_Dhproc, lang_option=lang_option, batch=run_batch, load_document=load_file,
                      load_match=api.load)


@click.group(cls=_Root, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dhproc")
def cli() -> None:
    """dhproc: resolve battle turns from action submissions, reproducibly."""


cli.help_key = "dhproc"


_SHOWN: list[set[str]] = []  # the problem lines the running batch has printed


def show_problems(problems: Iterable[Problem]) -> None:
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
    show_problems(problems)
    elsewhere = _files_other_than(name, problems) if in_batch else []
    if elsewhere:
        click.echo(say("cli.fails_through", name=name, files=", ".join(elsewhere)), err=True)


def _files_other_than(name: str, problems: Sequence[Problem]) -> list[str]:
    """The files ``problems`` lie in, when not one lies in ``name`` (or in the folder ``name``)."""
    from pathlib import Path

    from ..documents.loading import inside, real_path

    given = real_path(Path(name))
    files = list(dict.fromkeys(p.file for p in problems))
    if any(real_path(Path(f)) == given or inside(real_path(Path(f)), given) for f in files):
        return []
    return files


def on_terminal() -> bool:
    return sys.stderr.isatty()


def run_batch(files: Sequence[str], work: Callable[[str], None]) -> int:
    """Run ``work`` on every file; problems are printed and the batch goes on. Exit code."""
    from ..documents.loading import batch_cache

    with batch_cache():  # a file that several inputs refer to is read once per batch
        _SHOWN.append(set())
        try:
            return _each_file(files, work)
        finally:
            _SHOWN.pop()


def _each_file(files: Sequence[str], work: Callable[[str], None]) -> int:
    failed = 0
    progress = len(files) >= PROGRESS_FROM and on_terminal()
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


def write_outputs(*files: tuple[Path, str | bytes], make_folder: bool = False) -> None:
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


def out_names(files: Sequence[str]) -> dict[str, str]:
    """Output names for --out: the file's stem, or ``<folder>-<stem>`` when stems collide (the
    usual layout is one folder per match, each with its match.yaml)."""
    from pathlib import Path

    stems = [Path(f).stem for f in files]
    names: dict[str, str] = {}
    for f, stem in zip(files, stems):
        name = stem if stems.count(stem) == 1 else f"{Path(f).resolve().parent.name}-{stem}"
        if name in names.values():
            raise click.UsageError(say("cli.same_out_name", name=name))
        names[f] = name
    return names


def seed_value(seed: str) -> int | str:
    """A seed given on the command line as a match's seed would be: digits are a number."""
    from ..documents.limits import MAX_INT_DIGITS

    if len(seed) > 200 or "\0" in seed:  # as a match's seed: text of at most 200 characters
        click.echo(say("cli.seed_too_long", length=f"{len(seed):,}"), err=True)
        sys.exit(1)
    digits = seed.lstrip("-")
    return int(seed) if digits.isascii() and digits.isdigit() and len(digits) <= MAX_INT_DIGITS else seed


def load_match(name: str, all_turns: bool):
    """The match ``name`` stands for, its reading's warnings said on stderr (a turn-NN.yaml that
    is not read): never in the report or the log, and the exit code stays that of the result."""
    from .. import api

    match = api.load(name, all_turns=all_turns)
    show_problems(match.load_warnings)
    return match


@contextlib.contextmanager
def usage_errors() -> Iterator[None]:
    """A usage error found by the API (--scheduler without Dask) is click's: exit 2, said once."""
    try:
        yield
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None


def _name_command(name: str, command: click.Command, prefix: str = "") -> None:
    """A command's catalogue key for its help, and its subcommands': resolve, ability.rate."""
    command.help_key = prefix + name
    if isinstance(command, click.Group):
        for sub, subcommand in command.commands.items():
            _name_command(sub, subcommand, prefix + name + ".")
