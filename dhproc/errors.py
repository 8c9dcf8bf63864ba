"""Located problems and the exceptions that carry them.

Every complaint about input names a file, a YAML line and column where known, and the JSON path
inside the document, so a GK can go straight to the offending character. Nothing here imports a
third-party module: the CLI needs these classes before anything else is loaded.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from .words.messages import say
from .lazy_re import lazy

PathPart = str | int

QUOTE_CHARS = 60  # of a value shown in a message
MESSAGE_CHARS = 1000  # of a whole message: no input makes dhproc print megabytes


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """A value as a message shows it: its repr, cut to ``limit`` characters with its length."""
    text = repr(value) if not isinstance(value, (list, dict, tuple)) or _small(value) else None
    if text is None:
        return say("quote.list" if isinstance(value, (list, tuple)) else "quote.mapping", n=f"{len(value):,}")
    if len(text) <= limit:
        return text
    length = len(value) if isinstance(value, str) else len(text)
    return f"{text[:limit]}…{say('quote.length', length=f'{length:,}')}"


def _small(value: list | dict | tuple) -> bool:
    items = value.values() if isinstance(value, dict) else value
    return len(value) <= 10 and all(not isinstance(v, (list, dict, tuple)) for v in items)


_LONG_QUOTED = lazy("'([^'\\n]{%d,})'|\"([^\"\\n]{%d,})\"|「([^」\\n]{%d,})」"
                    % (QUOTE_CHARS + 1, QUOTE_CHARS + 1, QUOTE_CHARS + 1))


def clip(message: str, limit: int = MESSAGE_CHARS) -> str:
    """A message as printed: every quoted value cut to QUOTE_CHARS with its length (whichever
    ruleset wrote ``f"unknown character '{who}'"``), and the whole at most ``limit``."""
    if len(message) > 2 * QUOTE_CHARS:
        message = _LONG_QUOTED.sub(_cut_quoted, message)
    if len(message) <= limit:
        return message
    return say("quote.message_cut", text=message[:limit], length=f"{len(message):,}")


def _cut_quoted(m: re.Match) -> str:
    text = next(g for g in m.groups() if g is not None)
    opening, closing = m.group(0)[0], m.group(0)[-1]
    return f"{opening}{text[:QUOTE_CHARS]}…{closing}{say('quote.length', length=f'{len(text):,}')}"


def json_path(parts: Sequence[PathPart]) -> str:
    """``("setup", "characters", 0)`` -> ``/setup/characters/0`` (RFC 6901 escaping)."""
    if not parts:
        return "/"
    return "".join("/" + _part(str(p)).replace("~", "~0").replace("/", "~1") for p in parts)


def _part(text: str) -> str:
    return text if len(text) <= QUOTE_CHARS else f"{text[:QUOTE_CHARS]}…"


class Problem:
    """One thing wrong with an input, located as precisely as the input allows.

    Immutable, ordered and hashed by file, line, column and message: the JSON path says where
    in the document, but one aliased node is checked under every path that uses it, and its
    problem is the same problem under each. A plain class rather than a dataclass: every command
    imports this module, and a frozen, ordered dataclass generates and compiles eleven methods
    (with the dataclasses module, some 5 ms of each start)."""

    __match_args__ = ("file", "line", "col", "message", "path")

    file: str
    line: int | None
    col: int | None
    message: str
    path: tuple[PathPart, ...]

    def __init__(self, file: str, line: int | None, col: int | None, message: str,
                 path: tuple[PathPart, ...] = ()) -> None:
        for name, value in (("file", file), ("line", line), ("col", col), ("message", clip(message)),
                            ("path", path)):
            object.__setattr__(self, name, value)

    def with_message(self, message: str) -> "Problem":
        """The same place, another message."""
        return Problem(self.file, self.line, self.col, message, self.path)

    def _key(self) -> tuple:
        return (self.file, self.line, self.col, self.message)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        return self._key() == other._key() if other.__class__ is self.__class__ else NotImplemented

    def __lt__(self, other: "Problem") -> bool:
        return self._key() < other._key() if other.__class__ is self.__class__ else NotImplemented

    def __le__(self, other: "Problem") -> bool:
        return self._key() <= other._key() if other.__class__ is self.__class__ else NotImplemented

    def __gt__(self, other: "Problem") -> bool:
        return self._key() > other._key() if other.__class__ is self.__class__ else NotImplemented

    def __ge__(self, other: "Problem") -> bool:
        return self._key() >= other._key() if other.__class__ is self.__class__ else NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"{type(self).__qualname__}(file={self.file!r}, line={self.line!r}, col={self.col!r}, "
                f"message={self.message!r}, path={self.path!r})")

    def format(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        text = f"{where}: {self.message}"
        if self.path:
            text += f" (at {json_path(self.path)})"
        return text

    def __str__(self) -> str:
        return self.format()


class DhprocError(Exception):
    """Base of every error dhproc raises on purpose; never shown as a traceback."""


class InputError(DhprocError, ValueError):
    """The input is malformed or breaks a rule that can be checked before resolution."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems: list[Problem] = sorted(problems, key=problem_order)
        super().__init__("\n".join(p.format() for p in self.problems))


class ResolutionError(InputError):
    """The input passed validation but cannot be resolved (e.g. recorded dice ran out)."""


class UsageError(DhprocError):
    """The command was called wrongly (exit code 2)."""


def problem_order(p: Problem) -> tuple:
    # Sorted by position so that a batch of problems reads top to bottom like the file, then by
    # where in the document: one aliased node is checked under every path that uses it, and the
    # order those checks come in is not the same from one process to the next.
    return (p.file, p.line if p.line is not None else 0, p.col if p.col is not None else 0, p.message,
            json_path(p.path))
