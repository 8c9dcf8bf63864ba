"""``dhproc roll``: dhproc's dice language and BCDice's commands at the command line."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Callable

import click

from ..words.messages import say
from .root import cli, lang_option, seed_value

if TYPE_CHECKING:
    from ..dice.bcdice import BotCommand, GivenFaces, Outcome


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
        command = command._replace(times=times)
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
        import json

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
    value = seed_value(seed)
    return stream(value, 0, "roll").die, value


