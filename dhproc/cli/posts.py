"""``dhproc import``: a turn file written from 行動提出 posted as chat text."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import click

from ..errors import InputError
from ..words.messages import say
from .root import cli, lang_option, print_out, show_problems, write_outputs

if TYPE_CHECKING:
    from pathlib import Path


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
    from pathlib import Path

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
            show_problems(exc.problems)
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
        show_problems(exc.problems)
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
        print_out(text, nl=False)
        return
    from ..inputs.turnlist import list_turn_file

    listing = list_turn_file(match_file, out, turn)  # the match's turns: kept right, in turn order
    write_outputs((out, text), *([(match_file, listing.text)] if listing.text is not None else []))
    click.echo(say("import.wrote", lang, path=out, turn=turn, sides=", ".join(imported.submissions)), err=True)
    if listing.message is not None:
        click.echo(listing.message, err=True)



def _names_a_file(text: str) -> bool:
    """True when the argument is a file's path; a post given as text (often longer than a file
    name may be, or with line breaks) is not."""
    from pathlib import Path

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
