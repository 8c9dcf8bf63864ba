"""A report's map or state tables as an SVG picture.

The SVG is written for two readers: a browser (the replay page inlines it) and resvg (the PNG).
Every text that comes from the log is escaped (``html.escape`` with quotes), so a name such as
``</script><script>alert(1)</script>`` is drawn as those characters. Labels have a white halo
(``paint-order: stroke``) so they stay legible over any fill.

A name wider than a square is drawn as a number (①…) with the full name in a legend under the
map, so long Japanese names stay legible at any board size. A character out of the battle is drawn
grey and struck through where it lies, and listed under the map with its state (``× name
[戦闘不能]``; the only mark of the fallen a ruleset takes off the map). Each area a lasting effect
covers (a dh field) tints its squares in a colour of its own, named in the legend.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Sequence

from ..report import document as doc
from ..report.layout import display_width

__all__ = ["picture_svg", "FONT_FAMILY"]

# The pinned faces first (dhproc/render/png.py loads exactly one of them); a browser falls back.
FONT_FAMILY = "IPAGothic, 'Noto Sans CJK JP', sans-serif"
FONT = 14  # px
CHAR = FONT / 2  # one display column (a Japanese character is two)
CELL_W = 120  # the widest a square gets; a longer name goes to the legend
CELL_MIN = 40
LINE_H = 18
PAD = 8
LABEL_W = 32  # the row labels' column, wider for a longer label ("front")
MARKS = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
AREA_COLOURS = ("#3b7dd8", "#d8843b", "#2e9e5b", "#a24bc4", "#c43b5a", "#7a7a1f")  # tints, drawn translucent
FALLEN_FILL = "#777"
FALLEN_MARK = "×"  # in every pinned font (✕ is not in IPAGothic)
STRIKE = "#b01c1c"


def _text(x: float, y: float, text: str, *, size: int = FONT, anchor: str = "start", weight: str = "normal",
          fill: str = "#111", halo: str = "#fff") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}" stroke="{halo}" stroke-width="3" paint-order="stroke">{escape(text)}</text>')


@dataclass
class _Canvas:
    parts: list[str]
    width: float = 0
    height: float = 0

    def add(self, part: str) -> None:
        self.parts.append(part)

    def svg(self, title: str) -> str:
        w, h = int(self.width + PAD), int(self.height + PAD)
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
                f'font-family="{FONT_FAMILY}" role="img">')
        return "".join([head, f"<title>{escape(title)}</title>", f'<rect width="{w}" height="{h}" fill="#fff"/>',
                        *self.parts, "</svg>\n"])


def picture_svg(blocks: Sequence[doc.Block], title: str) -> str:
    """The map (a :class:`Board`) or the state tables as one SVG, ``title`` on top."""
    canvas = _Canvas([])
    canvas.height = PAD
    if title:
        canvas.add(_text(PAD, PAD + FONT, title, weight="bold"))
        canvas.height = PAD + LINE_H + 4
        canvas.width = PAD + display_width(title) * CHAR
    for block in blocks:
        if isinstance(block, doc.Board):
            _board(canvas, block)
        elif isinstance(block, doc.Table):
            _table(canvas, block)
    return canvas.svg(title)


def _fits(name: str) -> bool:
    return _width(name) <= CELL_W


def _width(name: str) -> float:
    return display_width(name) * CHAR + 12


def _column_widths(board: doc.Board, cells: dict, walls: set) -> list[float]:
    """Each column as wide as its widest label (a long line map stays narrow), at most CELL_W."""
    widths = []
    for c, label in enumerate(board.col_labels):
        names = [board.wall_text if (r, c) in walls else n for r in range(len(board.row_labels))
                 for n in cells.get((r, c), ())]
        names += [board.wall_text] if any((r, c) in walls for r in range(len(board.row_labels))) else []
        widths.append(max([CELL_MIN, _width(label), *(_width(n) for n in names if _fits(n))]))
    return widths


def _board(canvas: _Canvas, board: doc.Board) -> None:
    cells = dict(board.cells)
    walls = set(board.walls)
    fallen = dict(board.fallen)
    legend: list[str] = []

    def label(name: str) -> str:
        if _fits(name):
            return name
        legend.append(name)
        return MARKS[len(legend) - 1] if len(legend) <= len(MARKS) else f"#{len(legend)}"

    top = canvas.height
    if board.caption:
        canvas.add(_text(PAD, top + FONT, board.caption, weight="bold"))
        top += LINE_H + 2
    heights = [max([1, *(len(cells.get((r, c), ())) for c in range(len(board.col_labels)))]) * LINE_H + PAD
               for r in range(len(board.row_labels))]
    widths = _column_widths(board, cells, walls)
    label_w = max([LABEL_W, *(display_width(r) * CHAR + 10 for r in board.row_labels)])
    lefts = [PAD + label_w + sum(widths[:c]) for c in range(len(widths))]
    x0, y0 = PAD + label_w, top + LINE_H + 2
    for c, col in enumerate(board.col_labels):
        canvas.add(_text(lefts[c] + widths[c] / 2, y0 - 6, col, anchor="middle", fill="#555"))
    tints = _area_tints(board)
    y = y0
    for r, row in enumerate(board.row_labels):
        canvas.add(_text(PAD + label_w / 2, y + heights[r] / 2 + FONT / 2 - 2, row, anchor="middle", fill="#555"))
        for c in range(len(board.col_labels)):
            x, w = lefts[c], widths[c]
            wall = (r, c) in walls
            canvas.add(f'<rect x="{x:g}" y="{y}" width="{w:g}" height="{heights[r]}" '
                       f'fill="{"#444" if wall else "#f4f1e8"}" stroke="#999" stroke-width="1"/>')
            for colour in tints.get((r, c), ()):
                canvas.add(f'<rect data-area="{r}-{c}" x="{x + 1:g}" y="{y + 1}" width="{w - 2:g}" '
                           f'height="{heights[r] - 2}" fill="{colour}" fill-opacity="0.28" stroke="{colour}" '
                           'stroke-width="2"/>')
            names = [board.wall_text] if wall else list(cells.get((r, c), ()))
            canvas.add(f'<g data-cell="{r}-{c}">')  # the square, for a page's scripts and tests
            for n, name in enumerate(names):
                ty = y + PAD / 2 + (n + 1) * LINE_H - 4
                shown = label(name)
                down = not wall and name in fallen
                canvas.add(_text(x + w / 2, ty, shown, anchor="middle",
                                 fill="#fff" if wall else FALLEN_FILL if down else "#111",
                                 halo="#444" if wall else "#fff"))
                if down:  # struck through: out of the battle where it lies
                    half = display_width(shown) * CHAR / 2 + 2
                    canvas.add(f'<line data-fallen="{r}-{c}" x1="{x + w / 2 - half:g}" y1="{ty - FONT / 2 + 2:g}" '
                               f'x2="{x + w / 2 + half:g}" y2="{ty - FONT / 2 + 2:g}" stroke="{STRIKE}" '
                               'stroke-width="2"/>')
            canvas.add("</g>")
        y += heights[r]
    canvas.width = max(canvas.width, x0 + sum(widths))
    lines = [(f"{MARKS[n] if n < len(MARKS) else f'#{n + 1}'} {name}", "#111") for n, name in enumerate(legend)]
    lines += [(f"{FALLEN_MARK} {name} [{state}]", FALLEN_FILL) for name, state in board.fallen if state]
    for line, fill in lines:
        y += LINE_H
        canvas.add(_text(PAD, y, line, fill=fill))
        canvas.width = max(canvas.width, PAD + display_width(line) * CHAR)
    for n, area in enumerate(board.areas):
        y += LINE_H
        colour = AREA_COLOURS[n % len(AREA_COLOURS)]
        canvas.add(f'<rect x="{PAD}" y="{y - FONT + 2}" width="{FONT}" height="{FONT}" fill="{colour}" '
                   f'fill-opacity="0.28" stroke="{colour}" stroke-width="2"/>')
        canvas.add(_text(PAD + FONT + 6, y, area.name))
        canvas.width = max(canvas.width, PAD + FONT + 6 + display_width(area.name) * CHAR)
    canvas.height = y + PAD


def _area_tints(board: doc.Board) -> dict[tuple[int, int], list[str]]:
    """The colours tinting each square: one per area covering it, in the areas' order."""
    tints: dict[tuple[int, int], list[str]] = {}
    for n, area in enumerate(board.areas):
        for square in area.squares:
            tints.setdefault(square, []).append(AREA_COLOURS[n % len(AREA_COLOURS)])
    return tints


def _table(canvas: _Canvas, table: doc.Table) -> None:
    top = canvas.height
    if table.caption:
        canvas.add(_text(PAD, top + FONT, table.caption, weight="bold"))
        top += LINE_H + 2
    rows = [tuple("" if v is None else str(v) for v in row) for row in table.rows]
    widths = [max([display_width(h), *(display_width(r[i]) for r in rows if i < len(r))]) * CHAR + 2 * PAD
              for i, h in enumerate(table.headers)]
    for n, row in enumerate([tuple(table.headers), *rows]):
        y = top + n * (LINE_H + 4)
        fill = "#e3dccb" if n == 0 else ("#fff" if n % 2 else "#f7f5ef")
        canvas.add(f'<rect x="{PAD}" y="{y}" width="{sum(widths)}" height="{LINE_H + 4}" fill="{fill}" '
                   'stroke="#bbb" stroke-width="1"/>')
        x = PAD
        for i, width in enumerate(widths):
            if i < len(row):
                canvas.add(_text(x + PAD, y + LINE_H - 2, row[i], weight="bold" if n == 0 else "normal"))
            x += width
    canvas.width = max(canvas.width, PAD + sum(widths))
    canvas.height = top + (len(rows) + 1) * (LINE_H + 4) + LINE_H
