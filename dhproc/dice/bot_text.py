"""Dice rolled by a BCDice bot, pasted into a turn file as the bot wrote them (``dice_text:``).

A GK who rolls live in Discord gets lines such as::

    DiceBot : (1D100<=65) ＞ 55 ＞ 成功
    (2D6+5>=10) ＞ 7[3,4]+5 ＞ 12 ＞ 成功
    (3B6>=4) ＞ 2,5,6 ＞ 成功数2
    (D66) ＞ 35
    (choice[A,B,C]) ＞ B

:func:`read_transcript` takes the faces out in order, each with the die it was rolled on (its
sides, which roll of the line it belongs to, and where it was written), so the turn's draws can be
checked against them one by one (:mod:`dhproc.dice.stream`). Lines without BCDice's ``＞`` are the
chat around the rolls (a name, ``#1`` of a repeat, a remark) and are passed over; a line with
``＞`` that does not read as a result is an error, since skipping it would shift every later face.
"""

from __future__ import annotations

from typing import NamedTuple

from .bcdice import BarabaraCommand, ChoiceCommand, D66Command, parse_native
from .expr import DiceExprError, parse
from ..words.messages import say
from ..lazy_re import lazy

SEPARATOR = "＞"
_DETAIL = lazy(r"(-?\d+)\[(\d+(?:,\d+)*)\]")  # BCDice's "7[3,4]": a term's sum and its faces


class BotFace(NamedTuple):
    """One face of a pasted transcript and the roll it was part of."""

    face: int
    sides: int
    line: int  # 0-based line of the text
    col: int  # 0-based column of the face in that line
    command: str  # the line's command as the bot echoed it, e.g. "2D6+5>=10"
    roll: int  # which roll of the whole text this face belongs to (a term such as 2D6), 1-based
    index: int  # 0-based position of the face in its roll
    size: int  # how many dice that roll has
    notation: str  # the roll, e.g. "2D6"


class TextProblem(NamedTuple):
    """A line of the transcript that cannot be read."""

    line: int  # 0-based
    col: int  # 0-based
    message: str


class TranscriptError(ValueError):
    def __init__(self, problems: list[TextProblem]):
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


def read_transcript(text: str) -> tuple[BotFace, ...]:
    """Every face of ``text`` in order; unreadable result lines raise :class:`TranscriptError`."""
    faces: list[BotFace] = []
    problems: list[TextProblem] = []
    rolls = 0
    for n, line in enumerate(text.splitlines()):
        if SEPARATOR not in line:
            continue
        try:
            command, terms = _read_line(line)
        except _LineError as exc:
            problems.append(TextProblem(n, exc.col, say("dice_text.unreadable", line=n + 1, text=line.strip(),
                                                        reason=exc.reason)))
            continue
        for notation, sides, found in terms:
            rolls += 1
            for i, (face, col) in enumerate(found):
                faces.append(BotFace(face, sides, n, col, command, rolls, i, len(found), notation))
    if problems:
        raise TranscriptError(problems)
    return tuple(faces)


class _LineError(Exception):
    def __init__(self, col: int, reason: str):
        self.col = col
        self.reason = reason


# (notation, sides, [(face, column)]) for each roll of a line, in the order the bot drew them
_Terms = list[tuple[str, int, list[tuple[int, int]]]]


def _command_of(line: str) -> tuple[str, int]:
    """The command the bot echoed in brackets before the first ``＞``, and the column it starts
    at. A name before it (``DiceBot : ``) is left aside."""
    sep = line.index(SEPARATOR)
    close_at = line[:sep].rstrip()
    if not close_at.endswith(")"):
        raise _LineError(len(close_at), say("dice_text.no_command"))
    end = len(close_at) - 1
    depth = 0
    for i in range(end, -1, -1):
        depth += {")": 1, "(": -1}.get(line[i], 0)
        if depth == 0:
            return line[i + 1:end], i + 1
    raise _LineError(end, say("dice_text.no_command"))


def _segments(line: str) -> list[tuple[str, int]]:
    """The parts after the command, each with its column."""
    out = []
    pos = line.index(SEPARATOR)
    while pos != -1:
        start = pos + 1
        nxt = line.find(SEPARATOR, start)
        chunk = line[start:nxt if nxt != -1 else len(line)]
        lead = len(chunk) - len(chunk.lstrip())
        out.append((chunk.strip(), start + lead))
        pos = nxt
    return out


def _read_line(line: str) -> tuple[str, _Terms]:
    """The line's command as the bot echoed it, and its rolls."""
    command, start = _command_of(line)
    parts = _segments(line)
    if not parts or not parts[0][0]:
        raise _LineError(len(line), say("dice_text.no_result"))
    try:
        native = parse_native(command.strip())
    except DiceExprError as exc:
        raise _LineError(start + exc.column - 1, exc.message) from None
    if isinstance(native, ChoiceCommand):
        return command, _choice(native.items, parts[0])
    if isinstance(native, D66Command):
        return command, _d66(parts[0])
    if isinstance(native, BarabaraCommand):
        return command, _barabara(native, command, parts[0])
    return command, _add_dice(command, start, parts)


def _number(text: str, col: int) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise _LineError(col, say("dice_text.not_a_face", text=text))
    return int(text)


def _faces_at(text: str, col: int) -> list[tuple[int, int]]:
    """``2,5,6`` written from column ``col``: each face with its own column."""
    found, offset = [], 0
    for piece in text.split(","):
        lead = len(piece) - len(piece.lstrip())
        found.append((_number(piece.strip(), col + offset + lead), col + offset + lead))
        offset += len(piece) + 1
    return found


def _choice(items: tuple[str, ...], result: tuple[str, int]) -> _Terms:
    chosen, col = result
    if chosen not in items:
        raise _LineError(col, say("dice_text.not_a_choice", chosen=chosen))
    return [(f"choice[{len(items)}]", len(items), [(items.index(chosen) + 1, col)])]


def _d66(result: tuple[str, int]) -> _Terms:
    text, col = result
    if len(text) != 2 or not all(c in "123456" for c in text):
        raise _LineError(col, say("dice_text.not_a_face", text=text))
    return [("D66", 6, [(int(text[0]), col), (int(text[1]), col + 1)])]


def _barabara(native: BarabaraCommand, command: str, result: tuple[str, int]) -> _Terms:
    text, col = result
    found = _faces_at(text, col)
    if len(found) != sum(count for count, _ in native.groups):
        raise _LineError(col, say("dice_text.face_count", command=command))
    terms: _Terms = []
    for count, sides in native.groups:
        terms.append((f"{count}B{sides}", sides, found[:count]))
        found = found[count:]
    return terms


def _add_dice(command: str, start: int, parts: list[tuple[str, int]]) -> _Terms:
    try:
        expr = parse(command)
    except DiceExprError as exc:
        raise _LineError(start + exc.column - 1, exc.message) from None
    dice = [d for d in expr.dice if not d.two_d9]
    if len(dice) != len(expr.dice):
        raise _LineError(start, say("dice_text.not_bcdice", command=command))
    if not dice:
        return []
    text, col = parts[0]
    lone = len(dice) == 1 and dice[0].count == 1 and not _DETAIL.search(text)
    if lone:  # BCDice leaves the detail out when one die is the whole left side: "(1D100) ＞ 55"
        return [(f"1D{dice[0].sides}", dice[0].sides, [(_number(text, col), col)])]
    details = list(_DETAIL.finditer(text))
    if len(details) != len(dice):
        raise _LineError(col, say("dice_text.face_count", command=command))
    terms: _Terms = []
    for die, m in zip(dice, details):
        found = _faces_at(m.group(2), col + m.start(2))
        if len(found) != die.count:
            raise _LineError(col + m.start(), say("dice_text.face_count", command=command))
        terms.append((f"{die.count}D{die.sides}", die.sides, found))
    return terms
