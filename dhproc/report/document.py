"""A report as a list of blocks, so that one ruleset renderer serves every output format.

A ruleset turns the log's events into blocks (headings, narration that belongs together, tables,
a board); a formatter turns blocks into plain text, Markdown, a Discord message series or atwiki
markup. Formatters may split a report between blocks but never inside one, so one character's
action (a :class:`Lines` block) always reaches a chat channel in one piece.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, Union

__all__ = ["Heading", "Lines", "Table", "Board", "Block", "to_text"]


@dataclass(frozen=True)
class Heading:
    """A title line: level 1 the report, 2 a turn or round, 3 a phase or half-round."""

    text: str
    level: int = 2


@dataclass(frozen=True)
class Lines:
    """Narration lines that stay together (one character's action, one check with its dice)."""

    lines: tuple[str, ...]

    @classmethod
    def of(cls, *lines: str) -> "Lines":
        return cls(tuple(lines))


@dataclass(frozen=True)
class Table:
    """A state table; cells are shown as given (numbers right-aligned in text)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    caption: str = ""

    @classmethod
    def of(cls, headers: Sequence[str], rows: Sequence[Sequence[object]], caption: str = "") -> "Table":
        return cls(tuple(headers), tuple(tuple(r) for r in rows), caption)


@dataclass(frozen=True)
class Board:
    """A grid map: names per 0-based (row, col), walls drawn as ``wall_text`` (black in a wiki)."""

    row_labels: tuple[str, ...]
    col_labels: tuple[str, ...]
    cells: tuple[tuple[tuple[int, int], tuple[str, ...]], ...]
    walls: tuple[tuple[int, int], ...] = ()
    wall_text: str = "■壁"


Block = Union[Heading, Lines, Table, Board]


def to_text(blocks: Sequence[Block]) -> str:
    """Plain text: each block on its own lines, a blank line between blocks."""
    from .layout import grid_map, table

    parts: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            parts.append(block.text)
        elif isinstance(block, Lines):
            parts.append("\n".join(block.lines))
        elif isinstance(block, Table):
            body = table(block.headers, block.rows)
            parts.append(f"{block.caption}\n{body}" if block.caption else body)
        elif isinstance(block, Board):
            parts.append(grid_map(len(block.row_labels), len(block.col_labels), dict(block.cells),
                                  walls=block.walls, row_labels=block.row_labels,
                                  col_labels=block.col_labels, wall_text=block.wall_text))
        else:  # pragma: no cover - a new block kind must be taught to every formatter
            raise TypeError(f"unknown report block {type(block).__name__}")
    return "\n\n".join(parts) + "\n"
