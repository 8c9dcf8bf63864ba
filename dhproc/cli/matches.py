"""``dhproc resolve`` and ``dhproc validate``: a match's files in, its report and log out."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from ..words.messages import say
from .root import cli, lang_option, load_match, out_names, print_out, run_batch, show_problems, write_outputs

if TYPE_CHECKING:
    from pathlib import Path


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
@click.option("--luck", is_flag=True)
def resolve(files: tuple[str, ...], json_path: str | None, out_dir: str | None, fmt: str, lang: str,
            all_turns: bool, view: str, dice_plan: bool, luck: bool) -> None:
    """Resolve match or turn files (or a match folder) and print the processing report."""
    from .. import api

    if dice_plan:
        if json_path or out_dir:
            raise click.UsageError(say("cli.dice_plan_only"))
        sys.exit(run_batch(files, lambda name: click.echo(_dice_plan_text(api.dice_plan(load_match(name, all_turns)), name),
                                                       nl=False)))

    if json_path and len(files) > 1 and json_path != "-":
        raise click.UsageError(say("cli.json_one_input", path="PATH"))
    if json_path == "-" and len(files) > 1:
        raise click.UsageError(say("cli.json_one_input", path="-"))
    names = out_names(files) if out_dir else {}

    def work(name: str) -> None:
        from pathlib import Path

        match = load_match(name, all_turns)
        log = api.resolve(match)
        parts = api.render_as(log, fmt, lang=lang, view=view, turns=match.report_turns, luck=luck)
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
            write_outputs(*zip(paths, parts), *pictures, (folder / f"{names[name]}.json", data), make_folder=True)
            paths += [p for p, _ in pictures]
            shown = ", ".join(p.name for p in paths)
            click.echo(say("cli.wrote_out", name=name, shown=shown, stem=names[name], folder=folder), err=True)
        if json_path and json_path != "-":
            write_outputs((Path(json_path), data))
        if json_path == "-":
            print_out(data, nl=False)
        elif not out_dir:
            for i, text in enumerate(parts, 1):
                if len(parts) > 1:
                    print_out(f"──── {i}/{len(parts)} ────")
                print_out(text, nl=False)

    if not out_dir:
        sys.exit(run_batch(files, work))
    from ..report.atomic import folders_synced_once

    with folders_synced_once():  # the --out folder is synced once for the batch, not per match
        code = run_batch(files, work)
    sys.exit(code)


def _post_pictures(log: dict, paths: list[Path], *, lang: str, view: str, turns: list[int]) -> list[tuple[Path, bytes]]:
    """The PNG beside each Discord message that shows a map (``-03.md`` gets ``-03.png``). With no
    Japanese font here the messages are still written, and the reason there are no pictures is
    said on stderr."""
    from ..render.png import RenderError, svg_to_png
    from ..render.posts import discord_posts

    posts = discord_posts(log, lang=lang, view=view, turns=turns)
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


_PLAN_ABOUT = ("actor", "target", "ability", "skill", "effect", "decides")


def _plan_chance(roll: dict) -> str:
    """The 確率 column: the roll's exact chance of success from its ruleset's checks, else the
    rate it was logged with, else nothing (a roll that succeeds or fails at nothing)."""
    from ..odds.text import percent

    if "chance" in roll:
        return percent(roll["chance"])
    return f"{roll['rate']}%" if "rate" in roll else ""


def _dice_plan_text(rolls: list[dict], name: str) -> str:
    from ..report.layout import table

    turns = sorted({r["turn"] for r in rolls})
    head = (say("cli.plan_head", name=name, turns=", ".join(map(str, turns))) if rolls
            else say("cli.plan_none", name=name)) + "\n"
    rows = [[r["turn"], r["draw"], r["step"], r["purpose"], f"d{r['sides']}", _plan_chance(r),
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
        show_problems(api.warnings(match))  # doubtful but legal: printed, and the file is still ok
        print_out(say("cli.ok", name=name))

    sys.exit(run_batch(files, work))


@cli.command()
@click.argument("file", type=click.Path())
@click.option("--who", required=True, metavar="ID")
@click.option("--target", metavar="ID")
@click.option("--action", metavar="NAME")
@click.option("--json", "as_json", is_flag=True)
@lang_option(expose=True)
def odds(file: str, who: str, target: str | None, action: str | None, as_json: bool, lang: str) -> None:
    """The exact odds of a declared action, before it is rolled."""
    import json

    from .. import api

    def work(name: str) -> None:
        found = api.odds(load_match(name, False), who, target=target, action=action)
        print_out(json.dumps(found.to_json(), ensure_ascii=False, indent=2) if as_json else found.text(lang),
                  nl=as_json)

    sys.exit(run_batch([file], work))
