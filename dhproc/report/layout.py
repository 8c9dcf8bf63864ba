"""Plain-text tables and board maps that stay aligned with Japanese text.

Reports are pasted into wikis and Discord code blocks, where a full-width character such as
``山`` or ``Ａ`` takes two columns of a monospace font.  ``len()`` counts it as one, so anything
padded with ``len()`` comes out ragged; everything here pads by :func:`display_width` instead.

``tabulate`` and ``wcwidth`` cost a command more to import (some 40 ms, importlib.metadata,
email, csv and html among them) than most of its work: text made only of ASCII, kana, kanji and
full-width forms is measured here from a small table of ranges (each verified against
``wcwidth`` by tests/unit/test_layout.py), and the usual report table (single-line cells, no
escape codes) is drawn here in tabulate's ``psql`` layout, byte for byte. Anything else is
measured and drawn by ``wcwidth`` and ``tabulate`` themselves, imported only then.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

# unicodedata and numbers are imported by what uses them, a table or an unusual character:
# ``--help`` and ``roll`` measure their text here and draw no table

__all__ = ["display_width", "table", "grid_map"]

_ALIGNMENTS = ("left", "right", "center", "decimal")


# Characters whose width ``wcwidth`` gives as the range's (1 or 2) alone and in any sequence of
# them: no combining, joining or variation mark, no grapheme-extending character (the combining
# kana marks U+3099-309A, U+302A-302F and the half-width ﾞﾟ are left out), no Hangul jamo.
_KNOWN_WIDTHS = (
    (0x00A1, 0x00AC, 1),  # ¡-¬ (U+00AD, the soft hyphen, is left to wcwidth)
    (0x00AE, 0x00FF, 1),  # ®-ÿ
    (0x2010, 0x2027, 1),  # ‐-‧ (dashes, quotes, †, •, …)
    (0x2030, 0x205E, 1),  # ‰-⁞ (※, ‼)
    (0x2190, 0x22FF, 1),  # arrows and mathematical operators
    (0x2500, 0x25FC, 1),  # box drawing, blocks, geometric shapes (■, ●, ◎, △)
    (0x3000, 0x3029, 2),  # ideographic space, 、。「」『』【】〜
    (0x3030, 0x303E, 2),
    (0x3041, 0x3096, 2),  # hiragana
    (0x309B, 0x30FF, 2),  # ゛゜ゝゞ, katakana, ・ー
    (0x4E00, 0x9FFF, 2),  # CJK unified ideographs
    (0xFF01, 0xFF60, 2),  # full-width forms (Ａ, ３, （）)
    (0xFF61, 0xFF9D, 1),  # half-width katakana (ﾞﾟ are left to wcwidth)
    (0xFFE0, 0xFFE6, 2),  # full-width signs (￥)
)
_char_widths: dict[str, int] = {}  # a character met before -> its width from _KNOWN_WIDTHS


def _char_width(char: str) -> int | None:
    width = _char_widths.get(char)
    if width is None:
        code = ord(char)
        width = next((w for start, end, w in _KNOWN_WIDTHS if start <= code <= end), 0)
        _char_widths[char] = width
    return width or None


def known_width(text: str) -> int | None:
    """What ``wcwidth.wcswidth(text)`` gives, when every character of ``text`` is printable ASCII
    or in _KNOWN_WIDTHS, computed without importing wcwidth; None otherwise."""
    if text.isascii():
        return len(text) if text.isprintable() else None
    total = 0
    for char in text:
        if " " <= char <= "~":
            total += 1
            continue
        width = _char_width(char)
        if width is None:
            return None
        total += width
    return total


def display_width(text: str) -> int:
    """Return how many terminal columns ``text`` takes.

    East Asian wide and fullwidth characters count 2, combining marks 0 (``wcwidth.wcswidth``).
    ``wcswidth`` gives up with -1 on a non-printable character such as a control code; then the
    string is measured character by character, a non-printable one counting 2 when Unicode calls
    it wide or fullwidth and 0 otherwise (control codes do not advance the cursor).
    """
    width = known_width(text)
    if width is not None:
        return width
    import wcwidth  # a character outside _KNOWN_WIDTHS (see the module's docstring)

    width = wcwidth.wcswidth(text)
    if width >= 0:
        return width
    import unicodedata

    total = 0
    for char in text:
        char_width = wcwidth.wcwidth(char)
        if char_width < 0:
            char_width = 2 if unicodedata.east_asian_width(char) in "WF" else 0
        total += char_width
    return total


def _is_number(value: object) -> bool:
    from numbers import Number

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
    n_cols = max([len(headers), *(len(row) for row in rows)])
    colalign = []
    for col in range(n_cols):
        values = [row[col] for row in rows if col < len(row) and row[col] is not None]
        numeric = bool(values) and all(_is_number(value) for value in values)
        colalign.append(numalign if numeric else "left")
    text = _psql(headers, rows, colalign)
    if text is None:
        text = _tabulated(headers, rows, colalign)
    return "\n".join(line.rstrip() for line in text.splitlines())


_PADS = {"left": "<", "right": ">", "center": "^"}


def _psql(headers: Sequence[str], rows: Sequence[Sequence[object]], colalign: list[str]) -> str | None:
    """The table as ``tabulate(..., tablefmt="psql", disable_numparse=True)`` draws it in
    wide-character mode, for the usual table: as many cells in every row as headers, aligned
    left, right or center, every text one line of characters :func:`known_width` measures. None
    for any other table (tabulate's own rules then apply: headers padded on the left, multi-line
    cells, escape codes, decimal alignment)."""
    if not rows or not headers or any(len(row) != len(headers) for row in rows):
        return None
    if any(align not in _PADS for align in colalign):
        return None
    heads = [str(h) for h in headers]
    columns = []
    widths = []
    for col, (head, align) in enumerate(zip(heads, colalign)):
        # tabulate's formatting with number parsing off: a missing value is empty, any other as
        # f"{value}"; every cell stripped of the spaces around it
        if any(isinstance(row[col], bytes) for row in rows):
            return None
        cells = ["" if row[col] is None else f"{row[col]}".strip() for row in rows]
        cell_widths = [known_width(cell) for cell in cells]
        head_width = known_width(head)
        if head_width is None or None in cell_widths:
            return None
        width = max(*cell_widths, head_width + 2)  # tabulate's MIN_PADDING beside the header
        pad = _PADS[align]
        columns.append([f"{cell:{pad}{width - w + len(cell)}}" for cell, w in zip(cells, cell_widths)])
        widths.append(width)
        heads[col] = f"{head:{pad}{width - head_width + len(head)}}"
    rule = "+".join("-" * (w + 2) for w in widths)
    lines = [f"+{rule}+", "|" + "|".join(f" {h} " for h in heads) + "|", f"|{rule}|"]
    lines += ["|" + "|".join(f" {cell} " for cell in row) + "|" for row in zip(*columns)]
    lines.append(f"+{rule}+")
    return "\n".join(lines)


def _tabulated(headers: Sequence[str], rows: Sequence[Sequence[object]], colalign: list[str]) -> str:
    import tabulate
    import wcwidth  # noqa: F401  # wide-character mode below needs it importable

    # tabulate turns this on by itself when it could import wcwidth; set it so that alignment
    # never silently falls back to len().
    tabulate.WIDE_CHARS_MODE = True
    return tabulate.tabulate(
        [list(row) for row in rows],
        headers=list(headers),
        tablefmt="psql",
        disable_numparse=True,
        colalign=colalign,
    )


def _check_text(what: str, text: str) -> str:
    """Refuse text that would break the grid: a newline or control code has no fixed width."""
    import unicodedata

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
