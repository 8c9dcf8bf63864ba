"""Located problems and the exceptions that carry them.

Every complaint about input names a file, a YAML line and column where known, and the JSON path
inside the document, so a GK can go straight to the offending character. Nothing here imports a
third-party module: the CLI needs these classes before anything else is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

PathPart = str | int


def json_path(parts: Sequence[PathPart]) -> str:
    """``("setup", "characters", 0)`` -> ``/setup/characters/0`` (RFC 6901 escaping)."""
    if not parts:
        return "/"
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input, located as precisely as the input allows."""

    file: str
    line: int | None
    col: int | None
    message: str
    path: tuple[PathPart, ...] = field(default=(), compare=False)

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
        self.problems: list[Problem] = sorted(problems, key=_problem_order)
        super().__init__("\n".join(p.format() for p in self.problems))


class ResolutionError(InputError):
    """The input passed validation but cannot be resolved (e.g. recorded dice ran out)."""


class UsageError(DhprocError):
    """The command was called wrongly (exit code 2)."""


def _problem_order(p: Problem) -> tuple:
    # Sorted by position so that a batch of problems reads top to bottom like the file.
    return (p.file, p.line if p.line is not None else 0, p.col if p.col is not None else 0, p.message)
