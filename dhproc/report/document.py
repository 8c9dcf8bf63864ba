"""A report as a list of blocks, so that one ruleset renderer serves every output format.

A ruleset turns the log's events into blocks (headings, narration that belongs together, tables,
a board); a formatter (:mod:`dhproc.report.formats`) turns blocks into plain text, Markdown, a
Discord message series or atwiki markup. Formatters may split a report between blocks but never
inside one, so one character's action (a :class:`Lines` block) always reaches a chat channel in
one piece.

Every block carries ``gap``: the blank lines that plain text puts before it (the first block of a
report has none). Reports are dense where GKs want them dense — a turn heading, its phase and its
actions sit on consecutive lines — and ``gap=0`` keeps that without merging the blocks.
:class:`Builder` is the usual way to make the list: it groups narration lines into blocks.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence, Union

__all__ = ["Heading", "Lines", "Table", "Area", "Board", "Block", "Builder", "to_text", "block_text", "with_gap", "with_caption"]

# The blocks are named tuples, not dataclasses: a dataclass generates and compiles its methods
# when its module is imported, and every resolve imports these (docs/performance.md, "Start-up").


class Heading(NamedTuple):
    """A title line: level 1 the report, 2 a turn or round, 3 a phase or half-round."""

    text: str
    level: int = 2
    gap: int = 1


class Lines(NamedTuple):
    """Narration lines that stay together (one character's action, one check with its dice)."""

    lines: tuple[str, ...]
    gap: int = 1

    @classmethod
    def of(cls, *lines: str, gap: int = 1) -> "Lines":
        return cls(tuple(lines), gap)


class Table(NamedTuple):
    """A state table; cells are shown as given (numbers right-aligned in text)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    caption: str = ""
    gap: int = 1

    @classmethod
    def of(cls, headers: Sequence[str], rows: Sequence[Sequence[object]], caption: str = "",
           gap: int = 1) -> "Table":
        return cls(tuple(headers), tuple(tuple(r) for r in rows), caption, gap)


class Area(NamedTuple):
    """Squares a lasting effect covers (a dh field, a ZoC field), named as the report names it."""

    name: str
    squares: tuple[tuple[int, int], ...]


class Board(NamedTuple):
    """A grid map: names per 0-based (row, col), walls drawn as ``wall_text`` (black in a wiki).

    ``fallen`` and ``areas`` are for the picture (dhproc/render/svg.py), which can show more than a
    text grid: who is out of the battle, as (label, state) — struck through where the label stands
    in a cell, and listed under the map with its state unless the state is "" (the label says it) —
    and the squares each lasting area effect covers. The text map shows them as the ruleset writes its
    cells (dh's （死）, its barricades)."""

    row_labels: tuple[str, ...]
    col_labels: tuple[str, ...]
    cells: tuple[tuple[tuple[int, int], tuple[str, ...]], ...]
    walls: tuple[tuple[int, int], ...] = ()
    wall_text: str = "■壁"
    caption: str = ""
    gap: int = 1
    fallen: tuple[tuple[str, str], ...] = ()
    areas: tuple[Area, ...] = ()


Block = Union[Heading, Lines, Table, Board]


def block_text(block: Block) -> str:
    """One block as plain text, without the blank lines around it."""
    from .layout import grid_map, table

    if isinstance(block, Heading):
        return block.text
    if isinstance(block, Lines):
        return "\n".join(block.lines)
    if isinstance(block, Table):
        body = table(block.headers, block.rows)
        return f"{block.caption}\n{body}" if block.caption else body
    if isinstance(block, Board):
        body = grid_map(len(block.row_labels), len(block.col_labels), dict(block.cells),
                        walls=block.walls, row_labels=block.row_labels,
                        col_labels=block.col_labels, wall_text=block.wall_text)
        return f"{block.caption}\n{body}" if block.caption else body
    # a new block kind must be taught to every formatter
    raise TypeError(f"unknown report block {type(block).__name__}")


def to_text(blocks: Sequence[Block]) -> str:
    """Plain text: each block on its own lines, ``gap`` blank lines before every block but the first."""
    out: list[str] = []
    for i, block in enumerate(blocks):
        if i:
            out.append("\n" * (block.gap + 1))
        out.append(block_text(block))
    return "".join(out) + "\n"


class Builder:
    """Collects a report's blocks while events are read in order.

    ``group`` starts a new :class:`Lines` block (one character's action, one step of a round);
    ``line`` adds to the open one, or opens one when a heading or table came last. Empty groups
    are dropped when the blocks are taken.
    """

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self._open: list[str] | None = None
        self._open_gap = 0

    def _close(self) -> None:
        if self._open:
            self.blocks.append(Lines(tuple(self._open), self._open_gap))
        self._open = None

    def add(self, block: Block) -> None:
        self._close()
        self.blocks.append(block)

    def heading(self, text: str, level: int = 2, gap: int = 1) -> None:
        self.add(Heading(text, level, gap))

    def group(self, *lines: str, gap: int = 0) -> None:
        self._close()
        self._open = list(lines)
        self._open_gap = gap

    def line(self, text: str) -> None:
        if self._open is None:
            self.group(text)
        else:
            self._open.append(text)

    def extend(self, lines: Sequence[str]) -> None:
        for text in lines:
            self.line(text)

    def take(self) -> list[Block]:
        """The blocks so far; the builder starts empty again."""
        self._close()
        blocks, self.blocks = self.blocks, []
        return blocks


def with_gap(block: Block, gap: int) -> Block:
    """The same block with another ``gap`` (the first block of a section decides its spacing)."""
    return block._replace(gap=gap)


def with_caption(block: Table | Board, caption: str) -> Table | Board:
    """A table or board with another caption (formats that draw the caption apart drop it)."""
    return block._replace(caption=caption)
