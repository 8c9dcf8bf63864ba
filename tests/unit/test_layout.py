"""Tests for dhproc.report.layout: tables and board maps aligned for Japanese text."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dhproc.report.layout import display_width, grid_map, table

ROW_LABELS = ["Ａ", "Ｂ", "Ｃ", "Ｄ", "Ｅ"]
COL_LABELS = ["１", "２", "３", "４", "５", "６", "７"]


def bar_columns(line: str, bars: str = "|+") -> list[int]:
    """Display columns at which any of ``bars`` occurs in ``line``."""
    return [display_width(line[:i]) for i, char in enumerate(line) if char in bars]


def assert_plain_block(text: str) -> list[str]:
    """Common shape of every rendering: no trailing newline or spaces, all lines one width."""
    assert not text.endswith("\n")
    lines = text.split("\n")
    for line in lines:
        assert line == line.rstrip(), f"trailing whitespace in {line!r}"
    widths = {display_width(line) for line in lines}
    assert len(widths) == 1, f"lines of different display widths {widths}:\n{text}"
    return lines


# --- display_width ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "width"),
    [
        ("", 0),
        ("abc", 3),
        ("山田太郎", 8),
        ("ｱｲｳ", 3),  # half-width kana are narrow
        ("Ｂ３", 4),  # full-width letters and digits are wide
        ("Bob 鈴木", 8),
        ("e\u0301", 1),  # combining acute accent takes no column
        ("山\x01田", 4),  # control code: wcswidth gives -1, the fallback counts it 0
    ],
)
def test_display_width(text: str, width: int) -> None:
    assert display_width(text) == width


# --- table -----------------------------------------------------------------------------------

HEADERS = ["名前", "HP", "位置", "メモ"]
ROWS = [
    ["山田太郎", 5, "Ｂ３", "毒"],
    ["さくら", 120, "05", None],
    ["ｱｲｳ", 7, "Ａ１", "ok"],
    ["Bob 鈴木", 3, "Ｃ７", "mixed ＡＢ c"],
]


def test_table_lines_up_japanese_text() -> None:
    lines = assert_plain_block(table(HEADERS, ROWS))
    header = next(line for line in lines if "名前" in line)
    data = [line for line in lines if line.startswith("|") and "--" not in line and line != header]
    assert len(data) == len(ROWS)
    assert all(display_width(line) == display_width(header) for line in data)
    # column boundaries sit at the same display column on every line, the rules included
    boundaries = bar_columns(header)
    assert len(boundaries) == len(HEADERS) + 1
    for line in lines:
        assert bar_columns(line) == boundaries, line


def test_table_cells_kept_verbatim_and_numbers_right_aligned() -> None:
    lines = table(HEADERS, ROWS).split("\n")
    rows = {}
    for line in lines:
        if line.startswith("|"):
            cells = line.split("|")[1:-1]
            rows[cells[0].strip()] = cells
    # strings are not reparsed as numbers: "05" stays "05", "Ｂ３" stays full-width
    assert rows["さくら"][2].strip() == "05"
    assert rows["山田太郎"][2].strip() == "Ｂ３"
    assert rows["Bob 鈴木"][3].strip() == "mixed ＡＢ c"
    assert rows["さくら"][3].strip() == ""  # None prints as blank
    # the int column is right-aligned: one space of padding on the right, the rest on the left
    hp = [rows[name][1] for name in ("山田太郎", "さくら", "ｱｲｳ", "Bob 鈴木")]
    assert [cell.strip() for cell in hp] == ["5", "120", "7", "3"]
    assert all(cell.endswith(cell.strip() + " ") for cell in hp)
    assert hp[0] == "    5 "
    # string columns stay left-aligned
    assert rows["さくら"][0] == " さくら   "


def test_table_numeric_looking_strings_not_reformatted() -> None:
    # with numeric parsing on, tabulate would print "1e3" as 1000 and "3.50" as 3.5
    text = table(["ダイス", "倍率", "番号"], [["1e3", "3.50", "05"]])
    assert "| 1e3      | 3.50   | 05     |" in text.split("\n")


def test_table_numalign_left_and_bool_not_numeric() -> None:
    lines = table(["n", "flag"], [[1, True], [100, False]], numalign="left").split("\n")
    # numbers follow numalign; True/False are words, left-aligned like any text
    assert "| 1   | True   |" in lines
    assert "| 100 | False  |" in lines


def test_table_multiline_cell_and_no_rows() -> None:
    lines = assert_plain_block(table(["名前", "状態"], [["さくら", "気絶\n（2T）"]]))
    assert any("気絶" in line for line in lines) and any("（2T）" in line for line in lines)
    assert table(["名前", "HP"], []).split("\n") == [
        "+--------+------+",
        "| 名前   | HP   |",
        "|--------+------|",
        "+--------+------+",
    ]


def test_table_rejects_unknown_numalign() -> None:
    with pytest.raises(ValueError, match="numalign"):
        table(["a"], [[1]], numalign="middle")


# --- grid_map --------------------------------------------------------------------------------


def parse_grid(text: str) -> tuple[list[str], dict[str, list[list[str]]]]:
    """Read a grid_map back: the column labels, and for each row label its cells' lines."""
    lines = text.split("\n")
    header = lines[1].split("|")[1:-1]
    col_labels = [cell.strip() for cell in header[1:]]
    rows: dict[str, list[list[str]]] = {}
    current: list[list[str]] = []
    for line in lines[3:]:
        if line.startswith("+"):
            current = []
            continue
        cells = [cell.strip() for cell in line.split("|")[1:-1]]
        if cells[0]:
            rows[cells[0]] = current = [[] for _ in cells[1:]]
        for lines_in_cell, cell in zip(current, cells[1:]):
            if cell:
                lines_in_cell.append(cell)
    return col_labels, rows


def test_grid_map_5x7_board() -> None:
    cells = {
        (0, 0): ["山田太郎", "さくら"],  # two names in one cell
        (1, 5): ["ｱｲｳ"],
        (3, 1): ["Bob"],
        (4, 6): ["長谷川ひかり"],  # wide name
    }
    walls = [(0, 3), (2, 3), (4, 3)]
    text = grid_map(5, 7, cells, walls=walls, row_labels=ROW_LABELS, col_labels=COL_LABELS)
    lines = assert_plain_block(text)
    assert text.count("■壁") == 3

    # every board line has its cell borders at the same display columns
    borders = bar_columns(lines[0])
    assert len(borders) == 7 + 2
    for line in lines:
        assert bar_columns(line) == borders, line

    col_labels, rows = parse_grid(text)
    assert col_labels == COL_LABELS
    assert list(rows) == ROW_LABELS
    expected = {
        (r, c): list(cells.get((r, c), ["■壁"] if (r, c) in walls else []))
        for r in range(5)
        for c in range(7)
    }
    got = {(r, c): rows[ROW_LABELS[r]][c] for r in range(5) for c in range(7)}
    assert got == expected
    # the two names in Ａ１ take two lines of that row, the name first listed on top
    assert lines[3].startswith("| Ａ | 山田太郎 |")
    assert lines[4].startswith("|    | さくら   |")


def test_grid_map_golden_2x2() -> None:
    text = grid_map(
        2,
        2,
        {(0, 0): ["山田", "さくら"], (1, 1): ["Bob"]},
        walls=[(0, 1)],
        row_labels=["Ａ", "Ｂ"],
        col_labels=["１", "２"],
    )
    # "■" is East Asian *ambiguous* width: wcwidth counts it 1, so "■壁" is 3 columns wide.
    assert text == (
        "+----+--------+-----+\n"
        "|    | １     | ２  |\n"
        "+====+========+=====+\n"
        "| Ａ | 山田   | ■壁 |\n"
        "|    | さくら |     |\n"
        "+----+--------+-----+\n"
        "| Ｂ |        | Bob |\n"
        "+----+--------+-----+"
    )


def test_grid_map_bare_board_and_custom_wall_text() -> None:
    text = grid_map(
        1, 2, {}, walls={(0, 1)}, row_labels=["a"], col_labels=["1", "2"], wall_text="#"
    )
    assert text == (
        "+---+----+----+\n"
        "|   | 1  | 2  |\n"
        "+===+====+====+\n"
        "| a |    | #  |\n"
        "+---+----+----+"
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"row_labels": ["Ａ"]}, "row labels"),
        ({"cells": {(2, 0): ["x"]}}, "off the"),
        ({"walls": [(0, -1)]}, "off the"),
        ({"cells": {(0, 0): ["x"]}, "walls": [(0, 0)]}, "is a wall"),
        ({"cells": {(0, 0): ["山田\nさくら"]}}, "one line"),
        ({"col_labels": ["1", "2\t"]}, "one line"),
    ],
)
def test_grid_map_rejects_bad_input(kwargs: dict, message: str) -> None:
    args = {"cells": {}, "row_labels": ["Ａ", "Ｂ"], "col_labels": ["１", "２"], **kwargs}
    with pytest.raises(ValueError, match=message):
        grid_map(2, 2, **args)


def test_import_does_not_load_tabulate_or_wcwidth() -> None:
    """The CLI starts many times an evening; the heavy imports must wait until they are used."""
    code = (
        "import sys, dhproc.report.layout, dhproc.report.atomic; "
        "loaded = [m for m in ('tabulate', 'wcwidth') if m in sys.modules]; "
        "assert not loaded, loaded"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])


# --- the widths and the table drawn without wcwidth and tabulate ----------------------------

from hypothesis import given, strategies as st  # noqa: E402

from dhproc.report.layout import _KNOWN_WIDTHS, _psql, _tabulated, known_width  # noqa: E402

KNOWN = "".join(chr(c) for start, end, _ in _KNOWN_WIDTHS for c in range(start, end + 1))
# what a report holds, and characters outside the table (a combining mark, ﾞ, an emoji, a
# control code, a tab) that leave the measure and the drawing to wcwidth and tabulate
SAMPLE = "abcXYZ019 -_|+.,()山田太郎さくらアイウｱｲｳＡＢ３、。「」・ー…■●※→" + "e\u0301ﾞ😀\x01\t\n\x1b"


def test_every_known_character_is_as_wide_as_wcwidth_says() -> None:
    import wcwidth

    assert [known_width(ch) for ch in KNOWN] == [wcwidth.wcwidth(ch) for ch in KNOWN]
    assert [known_width(chr(c)) for c in range(0x20, 0x7F)] == [1] * 95


@given(st.text(alphabet=st.sampled_from(KNOWN + SAMPLE), max_size=12))
def test_a_known_width_is_wcswidths(text: str) -> None:
    import wcwidth

    width = known_width(text)
    assert width is None or width == wcwidth.wcswidth(text)
    assert width is not None or any(ch not in KNOWN and not " " <= ch <= "~" for ch in text)


CELLS = st.one_of(st.none(), st.integers(-10_000, 10_000), st.booleans(), st.floats(allow_nan=False),
                  st.text(alphabet=st.sampled_from(SAMPLE), max_size=6),
                  st.text(alphabet=st.sampled_from(" " + KNOWN[:40] + KNOWN[-400:]), max_size=6))


@given(st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.lists(st.text(alphabet=st.sampled_from(SAMPLE), max_size=5), min_size=n, max_size=n),
    st.lists(st.lists(CELLS, min_size=n, max_size=n), max_size=4),
    st.lists(st.sampled_from(["left", "right", "center", "decimal"]), min_size=n, max_size=n))))
def test_the_psql_table_is_tabulates_byte_for_byte(table_: tuple) -> None:
    headers, rows, colalign = table_
    drawn = _psql(headers, rows, colalign)
    assert drawn is None or drawn == _tabulated(headers, rows, colalign)


def test_the_usual_report_table_is_drawn_without_tabulate() -> None:
    assert _psql(HEADERS, ROWS, ["left", "right", "left", "left"]) == _tabulated(
        HEADERS, ROWS, ["left", "right", "left", "left"])
    assert _psql(["a"], [["x\ny"]], ["left"]) is None  # a multi-line cell: tabulate draws it
