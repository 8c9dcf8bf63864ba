"""``--help`` laid out by terminal columns: click measures text in characters and breaks lines only
at spaces, so a Japanese option help (two columns a character, no spaces) ran past the terminal.
This formatter measures with :func:`display_width` and wraps with :func:`wrap`, which breaks
Japanese between any two characters (never before 、。） and the like) and English at spaces."""

from __future__ import annotations

import os
import sys
from typing import Iterable

import click
import click.formatting

from ..report.layout import display_width, known_width, wrap
from .click_words import translate


def _wrapped(text: str, width: int) -> list[str]:
    """Each paragraph of ``text`` wrapped to ``width`` columns, a blank line between paragraphs."""
    out: list[str] = []
    for i, paragraph in enumerate(p for p in text.split("\n\n") if p.strip()):
        if i:
            out.append("")
        out.extend(wrap(" ".join(paragraph.split()), width, indent=0).splitlines())
    return out


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size().columns`` gives it: COLUMNS when it
    is a whole number above 0, else the width of the terminal of ``sys.__stdout__`` when that is
    one and says a width, else 80. Asked here, because importing shutil for it (zlib, bz2, lzma
    and fnmatch behind it) was some 3 ms of every ``--help``."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
    except (AttributeError, ValueError, OSError):  # no stdout, closed, detached, not a terminal
        columns = 0
    return columns or 80


class WideHelpFormatter(click.HelpFormatter):
    def __init__(self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None) -> None:
        # the width click's formatter would take (forced by click's test runner, else the
        # terminal's up to max_width, less 2, at least 50), without its import of shutil
        if width is None:
            width = click.formatting.FORCED_WIDTH
        if width is None:
            width = max(min(terminal_columns(), 80 if max_width is None else max_width) - 2, 50)
        super().__init__(indent_increment, width, max_width)

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        """A usage line that fits the width is written as click writes it, without click's
        wrapping: that imports textwrap and compiles its patterns, 1-2 ms of every ``--help``.
        Any other goes to click."""
        shown_prefix = f"{translate('Usage:')} " if prefix is None else prefix
        usage_prefix = f"{shown_prefix:>{self.current_indent}}{prog} "
        text_width = self.width - self.current_indent
        # click puts the arguments beside the prefix when 20 columns are left beside it, and its
        # wrapping leaves a line alone that fits, is of single spaces and has no escape codes
        if (args and text_width >= len(usage_prefix) + max(20, len(args)) and " ".join(args.split()) == args
                and "\x1b" not in usage_prefix + args):
            self.write(f"{usage_prefix}{args}\n")
        else:
            super().write_usage(prog, args, prefix)

    def write_text(self, text: str) -> None:
        width = max(self.width - self.current_indent, 11)
        for line in _wrapped(text, width):
            self.write(f"{'':>{self.current_indent}}{line}\n" if line else "\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        first = min(max((display_width(term) for term, _ in rows), default=0), col_max) + col_spacing
        text_width = max(self.width - first - self.current_indent, 11)
        for term, text in rows:
            self.write(f"{'':>{self.current_indent}}{term}")
            if not text:
                self.write("\n")
                continue
            if display_width(term) <= first - col_spacing:
                self.write(" " * (first - display_width(term)))
            else:  # a long term: its help starts on the next line, under the others'
                self.write("\n" + " " * (first + self.current_indent))
            lines = _wrapped(text, text_width) or [""]
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(f"{'':>{first + self.current_indent}}{line}\n" if line else "\n")


def short_help(text: str, limit: int) -> str:
    """A command's line in its group's list: the first sentence (。 or ". "), cut to ``limit``
    terminal columns with …; click's own cut counts characters and knows only the full stop."""
    first = text.split("\n\n")[0]
    for stop in ("。", ". "):
        if stop in first:
            first = first[:first.index(stop) + 1]
    first = " ".join(first.split())
    if display_width(first) <= limit:
        return first
    cut = _cut_to(first, limit - 1)
    space = cut.rfind(" ")
    if cut[-1:].isascii() and first[len(cut)].isascii() and space > len(cut) // 2:
        cut = cut[:space]  # an English word is not cut in half
    return cut.rstrip(" ,;:") + "…"


def _cut_to(text: str, width: int) -> str:
    """The longest start of ``text`` at most ``width`` columns wide."""
    cut = ""
    if known_width(text) is not None:  # each character's width is its own (kana, kanji, ASCII): add them up
        used = 0
        for ch in text:
            used += known_width(ch)
            if used > width:
                break
            cut += ch
        return cut
    for ch in text:  # marks that join or combine: measure the whole start each time
        if display_width(cut + ch) > width:
            break
        cut += ch
    return cut


class WideContext(click.Context):
    formatter_class = WideHelpFormatter
