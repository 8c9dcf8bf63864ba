"""Plain-text tables and board maps that stay aligned with Japanese text.

Reports are pasted into wikis and Discord code blocks, where a full-width character such as
``山`` or ``Ａ`` takes two columns of a monospace font.  ``len()`` counts it as one, so anything
padded with ``len()`` comes out ragged; everything here pads by :func:`display_width` instead.

``tabulate`` and ``wcwidth`` are imported inside the functions: the CLI is started many times an
evening and most runs never draw a table, so they should not pay for importing them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping, Sequence
from numbers import Number

__all__ = ["display_width", "table", "grid_map"]

_ALIGNMENTS = ("left", "right", "center", "decimal")


def display_width(text: str) -> int:
    """Return how many terminal columns ``text`` takes.

    East Asian wide and fullwidth characters count 2, combining marks 0 (``wcwidth.wcswidth``).
    ``wcswidth`` gives up with -1 on a non-printable character such as a control code; then the
    string is measured character by character, a non-printable one counting 2 when Unicode calls
    it wide or fullwidth and 0 otherwise (control codes do not advance the cursor).
    """
    import wcwidth

    width = wcwidth.wcswidth(text)
    if width >= 0:
        return width
    total = 0
    for char in text:
        char_width = wcwidth.wcwidth(char)
        if char_width < 0:
            char_width = 2 if unicodedata.east_asian_width(char) in "WF" else 0
        total += char_width
    return total


def _is_number(value: object) -> bool:
    # bool is an int subclass, but True/False are words in a report, not quantities.
    return isinstance(value, Number) and not isinstance(value, bool)


def table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], *, numalign: str = "right"
) -> str:
    """Render ``rows`` under ``headers`` as a boxed plain-text table.

    The ``psql`` format (``+--+`` and ``| a |``, ASCII only) is used rather than ``simple``
    because it closes every line with a border: lines can then carry no trailing spaces (which
    wikis and chat clients strip or mangle) and still all have the same display width.

    Numeric parsing is off, so strings such as ``"Ｂ３"`` or ``"05"`` are printed exactly as given;
    a column whose values are all real numbers (``None`` allowed, ``bool`` not) is aligned by
    ``numalign`` ("right", "left", "center" or "decimal"), every other column to the left.
    """
    if numalign not in _ALIGNMENTS:
        raise ValueError(f"numalign must be one of {_ALIGNMENTS}, not {numalign!r}")
    import tabulate
    import wcwidth  # noqa: F401  # wide-character mode below needs it importable

    # tabulate turns this on by itself when it could import wcwidth; set it so that alignment
    # never silently falls back to len().
    tabulate.WIDE_CHARS_MODE = True

    n_cols = max([len(headers), *(len(row) for row in rows)])
    colalign = []
    for col in range(n_cols):
        values = [row[col] for row in rows if col < len(row) and row[col] is not None]
        numeric = bool(values) and all(_is_number(value) for value in values)
        colalign.append(numalign if numeric else "left")

    text = tabulate.tabulate(
        [list(row) for row in rows],
        headers=list(headers),
        tablefmt="psql",
        disable_numparse=True,
        colalign=colalign,
    )
    return "\n".join(line.rstrip() for line in text.splitlines())


def _check_text(what: str, text: str) -> str:
    """Refuse text that would break the grid: a newline or control code has no fixed width."""
    if any(unicodedata.category(char) == "Cc" for char in text):
        raise ValueError(f"{what} must be one line without control characters: {text!r}")
    return text


def _pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def grid_map(
    n_rows: int,
    n_cols: int,
    cells: Mapping[tuple[int, int], Sequence[str]],
    *,
    walls: Collection[tuple[int, int]] = (),
    row_labels: Sequence[str],
    col_labels: Sequence[str],
    wall_text: str = "■壁",
) -> str:
    """Draw a board: a boxed grid with column labels on top and row labels down the left.

    ``cells`` maps a 0-based ``(row, col)`` to the names standing there, one name per line
    inside the cell; ``walls`` lists the cells that show ``wall_text``; other cells are blank.
    Each column is as wide as its widest text (at least one full-width character), so one long
    name does not widen the whole board past what a phone shows without wrapping.
    Drawn by hand with ASCII ``+ - = |`` rather than tabulate so that the output does not
    depend on the tabulate version and drawing a map does not import tabulate at all.

    Raises ValueError when the labels do not match the board size, a cell or wall lies off the
    board, a wall cell also has names, or any text spans lines or holds control characters.
    """
    if len(row_labels) != n_rows or len(col_labels) != n_cols:
        raise ValueError(
            f"board is {n_rows}x{n_cols} but got {len(row_labels)} row labels "
            f"and {len(col_labels)} column labels"
        )
    wall_set = set(walls)
    for row, col in [*cells, *wall_set]:
        if not (0 <= row < n_rows and 0 <= col < n_cols):
            raise ValueError(f"cell {(row, col)} is off the {n_rows}x{n_cols} board")
    for pos, names in cells.items():
        if pos in wall_set and names:
            raise ValueError(f"cell {pos} is a wall but has names {list(names)}")

    def content(row: int, col: int) -> list[str]:
        if (row, col) in wall_set:
            return [_check_text("wall_text", wall_text)]
        return [_check_text("name", name) for name in cells.get((row, col), ())]

    board = [[content(row, col) for col in range(n_cols)] for row in range(n_rows)]
    label_width = max([0, *(display_width(_check_text("row label", s)) for s in row_labels)])
    widths = [label_width] + [
        max(
            [2, display_width(_check_text("column label", col_labels[col]))]
            + [display_width(line) for board_row in board for line in board_row[col]]
        )
        for col in range(n_cols)
    ]

    def rule(fill: str) -> str:
        return "+" + "+".join(fill * (width + 2) for width in widths) + "+"

    def line(texts: Sequence[str]) -> str:
        return "|" + "|".join(f" {_pad(t, w)} " for t, w in zip(texts, widths)) + "|"

    out = [rule("-"), line(["", *col_labels]), rule("=")]
    for label, board_row in zip(row_labels, board):
        height = max([1, *(len(lines) for lines in board_row)])
        for i in range(height):
            first = label if i == 0 else ""
            out.append(line([first, *(lines[i] if i < len(lines) else "" for lines in board_row)]))
        out.append(rule("-"))
    return "\n".join(out)


_NO_LINE_START = frozenset("、。，．：；）」』】〕・ー！？…‥!?,.:;)")
_NO_LINE_END = frozenset("（「『【〔(")


def wrap(text: str, width: int, indent: int = 2) -> str:
    """``text`` in lines of at most ``width`` terminal columns, a Japanese character counting two
    (:func:`display_width`): English breaks at spaces and is never cut inside a word that fits a
    line; Japanese breaks between any two characters, but never before 、。）」 and the like nor
    after （「. Lines after the first are indented by ``indent``."""
    width = max(width, indent + 10)
    lines: list[str] = []
    line, used = "", 0
    for unit in _units(text):
        if unit == " ":
            if line.strip():
                line, used = line + " ", used + 1
            continue
        w = display_width(unit)
        if used + w > width and line.strip():
            lines.append(line.rstrip())
            line, used = " " * indent, indent
        while used + w > width:  # longer than a whole line: cut it where the line ends
            room = width - used
            head = ""
            for ch in unit:
                if display_width(head + ch) > room:
                    break
                head += ch
            head = head or unit[0]
            lines.append((line + head).rstrip())
            line, used = " " * indent, indent
            unit = unit[len(head):]
            w = display_width(unit)
        line, used = line + unit, used + w
    lines.append(line.rstrip())
    return "\n".join(lines)


def _units(text: str) -> list[str]:
    """What a line may not be broken inside: a space, an English word, or one Japanese character,
    with the closing marks after it and the opening marks before it glued on."""
    units: list[str] = []
    word = False  # whether the last unit is an English word an ASCII character extends
    for ch in text:
        if ch == " ":
            units.append(ch)
            word = False
        elif units and units[-1] != " " and (ch in _NO_LINE_START or units[-1][-1] in _NO_LINE_END):
            units[-1] += ch
            word = word and ch.isascii()
        elif ch.isascii() and word:
            units[-1] += ch
        else:
            units.append(ch)
            word = ch.isascii()
    return units
