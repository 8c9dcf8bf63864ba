"""BCDice's common commands for ``dhproc roll``, with its result lines.

GKs who roll in Discord use BCDice bots; ``dhproc roll`` reads the commands they type there and
writes the result line as BCDice does, so a roll here and a roll there read alike:

* an expression of dhproc's dice language (:mod:`dhproc.dice.expr`): ``(2D6+5>=10) ＞ 7[3,4]+5 ＞
  12 ＞ 成功``; division ``/2``, ``/2U`` (or ``C``), ``/2R``, ``/2F`` as BCDice rounds;
* separate dice ``3B6>=4`` (also ``2B6+1B10``): ``(3B6>=4) ＞ 2,5,6 ＞ 成功数2``;
* ``D66`` (``D66N`` in the order rolled, ``D66A``/``D66S`` the smaller digit first): ``(D66) ＞ 35``;
* ``choice[A,B,C]``: ``(choice[A,B,C]) ＞ B`` — one die of as many faces as choices;
* a repeat in front (``x3``, ``rep3``, ``repeat3``): BCDice's ``#1``, ``#2`` … blocks;
* ``S`` in front of any of them: a secret roll, as BCDice marks it.

The results are BCDice's default game system (DiceBot): a comparison gives 成功 or 失敗 and
nothing is a critical or a fumble. Every die drawn is kept with its sides and face in draw
order, so ``--json`` can show a roll exactly and ``--dice`` can replay given faces.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable, NamedTuple, Union

from .expr import (MAX_REPEAT, Dice, DiceExpr, DiceExprError, DiceResult, Divide, Group, Neg, Node,
                        Num, Product, Sum, _repeat_prefix, evaluate, format_result, parse_command)
from ..words.messages import say
from ..lazy_re import lazy

SEP = " ＞ "
_CMP_TEXT = {"<=": "<=", ">=": ">=", "<": "<", ">": ">", "==": "=", "!=": "<>"}
_CMP_READ = {"<=": "<=", ">=": ">=", "<": "<", ">": ">", "=": "==", "==": "==", "<>": "!=", "!=": "!="}
_COMPARE = {"<=": int.__le__, ">=": int.__ge__, "<": int.__lt__, ">": int.__gt__, "==": int.__eq__,
            "!=": int.__ne__}
_VERDICT = {True: "成功", False: "失敗"}  # BCDice's words, in every language, as its bots print them
_BARABARA = lazy(r"(\d+B\d+(?:\+\d+B\d+)*)(?:(<=|>=|<>|!=|==|<|>|=)(\d+))?", re.IGNORECASE)
_D66 = lazy(r"D66([ANS]?)", re.IGNORECASE)
_CHOICE = lazy(r"choice\[([^\]]*)\]", re.IGNORECASE)
MAX_BARABARA = 1000  # dice of one B command, as the expressions' cap


class RolledDie(NamedTuple):
    sides: int
    face: int


class Outcome(NamedTuple):
    """One roll's result: the lines (dhproc's and BCDice's) and what a script checks."""

    text: str  # the line printed by default
    bcdice: str | None  # the line as BCDice writes it (None for 2D9, which BCDice does not read)
    total: int | None
    success: bool | None
    dice: tuple[RolledDie, ...]
    chosen: str | None = None

    def as_json(self, secret: bool) -> dict:
        return {"text": self.text, "bcdice": self.bcdice, "total": self.total, "success": self.success is True,
                "failure": self.success is False, "critical": False, "fumble": False, "secret": secret,
                **({"chosen": self.chosen} if self.chosen is not None else {}),
                "dice": [{"sides": d.sides, "face": d.face} for d in self.dice]}


class Drawer:
    """Hands out faces for a roll and keeps every die drawn, in order."""

    def __init__(self, roll: Callable[[int], int]):
        self._roll = roll
        self.dice: list[RolledDie] = []

    def __call__(self, sides: int) -> int:
        face = self._roll(sides)
        self.dice.append(RolledDie(sides, face))
        return face

    def take(self) -> tuple[RolledDie, ...]:
        taken, self.dice = tuple(self.dice), []
        return taken


class ExprCommand(NamedTuple):
    expr: DiceExpr

    def roll(self, draw: Drawer, lang: str) -> Outcome:
        result = evaluate(self.expr, draw)
        return Outcome(format_result(result, lang), _add_dice_line(result), result.total, result.success, draw.take())


class BarabaraCommand(NamedTuple):
    groups: tuple[tuple[int, int], ...]  # (count, sides)
    cmp: str | None
    target: int | None

    def roll(self, draw: Drawer, lang: str) -> Outcome:
        faces = [draw(sides) for count, sides in self.groups for _ in range(count)]
        cmp = "" if self.cmp is None else f"{_CMP_TEXT[self.cmp]}{self.target}"
        steps = ["(" + "+".join(f"{c}B{s}" for c, s in self.groups) + cmp + ")", ",".join(map(str, faces))]
        if self.cmp is None:
            return _bcdice_outcome(steps, sum(faces), None, draw.take())
        hits = sum(1 for f in faces if _COMPARE[self.cmp](f, self.target))
        steps.append(f"成功数{hits}")
        return _bcdice_outcome(steps, hits, None, draw.take())


class D66Command(NamedTuple):
    order: str  # "", "N" (as rolled), "A" or "S" (smaller first); BCDice's DiceBot: as rolled

    def roll(self, draw: Drawer, lang: str) -> Outcome:
        first, second = draw(6), draw(6)
        if self.order in ("A", "S"):
            first, second = min(first, second), max(first, second)
        value = first * 10 + second
        return _bcdice_outcome([f"(D66{self.order})", str(value)], value, None, draw.take())


class ChoiceCommand(NamedTuple):
    items: tuple[str, ...]

    def roll(self, draw: Drawer, lang: str) -> Outcome:
        chosen = self.items[draw(len(self.items)) - 1]
        outcome = _bcdice_outcome([f"(choice[{','.join(self.items)}])", chosen], None, None, draw.take())
        return outcome._replace(chosen=chosen)


Command = Union[ExprCommand, BarabaraCommand, D66Command, ChoiceCommand]


def _bcdice_outcome(steps: list[str], total: int | None, success: bool | None,
                    dice: tuple[RolledDie, ...]) -> Outcome:
    line = SEP.join(steps)
    return Outcome(line, line, total, success, dice)


class BotCommand(NamedTuple):
    """A command as typed in a chat: secret or not, how many times, what, and the comment."""

    command: Command
    times: int = 1
    secret: bool = False
    comment: str = ""
    native: bool = False  # a command only BCDice's grammar reads: printed its way

    def roll(self, roll: Callable[[int], int], lang: str, bcdice_lines: bool = False) -> list[Outcome]:
        draw = Drawer(roll)
        outcomes = [self.command.roll(draw, lang) for _ in range(self.times)]
        if bcdice_lines:
            outcomes = [o._replace(text=o.bcdice or o.text) for o in outcomes]
        return outcomes

    @property
    def draws(self) -> int:
        """Dice one roll draws (every one fixed in advance by the command)."""
        c = self.command
        if isinstance(c, ExprCommand):
            return c.expr.dice_count
        if isinstance(c, BarabaraCommand):
            return sum(n for n, _ in c.groups)
        return 2 if isinstance(c, D66Command) else 1


def parse_bot_command(text: str) -> BotCommand:
    """Parse ``text``; problems are :class:`DiceExprError` located by column in ``text``.

    As BCDice reads it: ``S`` (secret), then a repeat ``x3 ``, then ``S`` again (a secret roll
    repeated), then the command and any comment after a space."""
    if not isinstance(text, str):
        raise DiceExprError(1, say("expr.not_text", kind=type(text).__name__))
    folded = _fold(text)
    pos = len(text) - len(text.lstrip())
    secret, pos = _secret(folded, pos, False)
    times = 1
    repeat = _repeat_prefix(text[pos:])
    if repeat is not None:
        times, used = repeat
        if not 1 <= times <= MAX_REPEAT:
            raise DiceExprError(pos + 1, say("expr.repeat", times=times, limit=MAX_REPEAT))
        pos += used
        pos += len(text[pos:]) - len(text[pos:].lstrip())
        secret, pos = _secret(folded, pos, secret)
    native = _native(text, folded, pos)
    if native is not None:
        command, end = native
        return BotCommand(command, times, secret, text[end:].strip(), True)
    parsed = _shifted(lambda: parse_command(text[pos:]), pos)
    if parsed.times != 1:
        raise DiceExprError(pos + 1, say("expr.repeat_twice"))
    return BotCommand(ExprCommand(parsed.expr), times, secret, parsed.comment)


def _secret(folded: str, pos: int, secret: bool) -> tuple[bool, int]:
    """BCDice's ``S`` in front of a command (never followed by a space)."""
    if folded[pos:pos + 1] in ("s", "S") and pos + 1 < len(folded) and not folded[pos + 1].isspace():
        return True, pos + 1
    return secret, pos


def parse_native(text: str) -> Command | None:
    """The whole of ``text`` as one of the commands only BCDice's grammar reads (choice, D66, B
    dice), or None: the echoed command of a bot's result line (:mod:`dhproc.dice.bot_text`)."""
    found = _native(text, _fold(text), 0)
    return found[0] if found is not None and found[1] == len(text) else None


def _fold(text: str) -> str:
    """NFKC one character at a time where that keeps the length (columns stay true)."""
    out = []
    for ch in text:
        c = unicodedata.normalize("NFKC", ch)
        out.append(c if len(c) == 1 else ch)
    return "".join(out)


def _shifted(parse: Callable, offset: int):
    try:
        return parse()
    except DiceExprError as exc:
        raise DiceExprError(exc.column + offset, exc.message) from None


def _ends_word(folded: str, end: int) -> bool:
    return end == len(folded) or folded[end].isspace()


def _native(text: str, folded: str, at: int) -> tuple[Command, int] | None:
    """A command only BCDice's grammar reads (choice, D66, B dice) at ``at``: (command, end)."""
    m = _CHOICE.match(folded, at)
    if m and _ends_word(folded, m.end()):
        items = tuple(item.strip() for item in text[m.start(1):m.end(1)].split(","))
        if len(items) < 2 or not all(items):
            raise DiceExprError(m.start(1) + 1, say("expr.choice_items"))
        if len(items) > MAX_REPEAT * 10:
            raise DiceExprError(m.start(1) + 1, say("expr.choice_many", limit=MAX_REPEAT * 10))
        return ChoiceCommand(items), m.end()
    m = _D66.match(folded, at)
    if m and _ends_word(folded, m.end()):
        return D66Command(m.group(1).upper()), m.end()
    m = _BARABARA.match(folded, at)
    if m and _ends_word(folded, m.end()):
        groups = tuple((int(c), int(s)) for c, s in re.findall(r"(\d+)B(\d+)", m.group(1), re.IGNORECASE))
        for count, sides in groups:
            if not 1 <= count <= MAX_BARABARA or not 1 <= sides <= 10_000:
                raise DiceExprError(at + 1, say("expr.barabara_range", limit=MAX_BARABARA))
        if sum(c for c, _ in groups) > MAX_BARABARA:
            raise DiceExprError(at + 1, say("expr.barabara_range", limit=MAX_BARABARA))
        cmp = _CMP_READ[m.group(2)] if m.group(2) else None
        return BarabaraCommand(groups, cmp, int(m.group(3)) if cmp else None), m.end()
    return None


# --- BCDice's line for an expression ------------------------------------------------------------


def _add_dice_line(result: DiceResult) -> str | None:
    """``(2D6+5>=10) ＞ 7[3,4]+5 ＞ 12 ＞ 成功`` as BCDice's AddDice writes it: the command, the
    terms with each die term as ``sum[faces]``, the total, the verdict. One die alone on the left
    shows only the total: ``(1D100<=65) ＞ 55 ＞ 成功``."""
    expr = result.expr
    if any(d.two_d9 for d in expr.dice):
        return None
    rolls = iter(result.rolls)
    command = _written(expr.left, lambda d: f"{d.count}D{d.sides}")
    if expr.comparison is not None:
        command += f"{_CMP_TEXT[expr.comparison]}{result.target}"
    steps = [f"({command})"]
    lone = isinstance(expr.left, Dice) and sum(len(r.faces) for r in result.rolls) <= 1
    if not lone:
        steps.append(_written(expr.left, lambda d: _sum_and_faces(next(rolls))))
    steps.append(str(result.total))
    if result.success is not None:
        steps.append(_VERDICT[result.success])
    return SEP.join(steps)


def _sum_and_faces(r) -> str:
    return f"{r.value}[{','.join(map(str, r.faces))}]"


def _written(node: Node, die: Callable[[Dice], str]) -> str:
    """The expression as BCDice writes it, each dice term given by ``die``."""
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Dice):
        return die(node)
    if isinstance(node, Neg):
        return "-" + _written(node.operand, die)
    if isinstance(node, Group):
        return f"({_written(node.inner, die)})"
    if isinstance(node, Sum):
        return _written(node.first, die) + "".join(op + _written(t, die) for op, t in node.rest)
    if isinstance(node, Divide):
        return f"{_written(node.dividend, die)}/{_written(node.divisor, die)}{node.rounding}"
    assert isinstance(node, Product)
    return "*".join(_written(f, die) for f in node.factors)


# --- given faces (``dhproc roll --dice 5,3,4``) --------------------------------------------------


class GivenFacesError(Exception):
    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


class GivenFaces:
    """The faces a roll draws, given in order, each checked against the die it is drawn for."""

    def __init__(self, faces: list[int]):
        self.faces = faces
        self.used = 0  # faces drawn so far

    @classmethod
    def read(cls, text: str) -> GivenFaces | str:
        """``5,3,4`` (also ``、``, spaces and full-width digits), or the part that is no face."""
        folded = unicodedata.normalize("NFKC", text).replace("、", ",")
        parts = [p for p in re.split(r"[,\s]+", folded.strip()) if p]
        bad = next((p for p in parts if not (p.isascii() and p.isdigit() and len(p) <= 9)), None)
        if bad is not None or not parts:
            return bad if bad is not None else text
        return cls([int(p) for p in parts])

    def draw(self, sides: int) -> int:
        if self.used == len(self.faces):
            raise GivenFacesError(say("cli.dice_missing", given=len(self.faces), n=self.used + 1, sides=sides))
        face = self.faces[self.used]
        self.used += 1
        if not 1 <= face <= sides:
            raise GivenFacesError(say("cli.dice_bad_face", n=self.used, face=face, sides=sides))
        return face

    def finish(self) -> None:
        """Faces left over are an error: the roll and the faces disagree."""
        if self.used < len(self.faces):
            raise GivenFacesError(say("cli.dice_left_over", given=len(self.faces), drawn=self.used,
                                      face=self.faces[self.used]))
