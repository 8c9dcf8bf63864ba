"""Output formats made from report blocks: plain text, Markdown, Discord messages, atwiki markup.

Every ruleset emits blocks (:mod:`dhproc.report.document`); everything here works on blocks only,
so a new ruleset gets every format without writing a line of formatting.

- ``text``: the plain report (the default), :func:`document.to_text`.
- ``markdown``: for GitHub, note, Notion: headings, narration with hard line breaks, tables as
  pipe tables, the map in a code block.
- ``discord``: Markdown as Discord shows it, cut into messages of at most :data:`DISCORD_LIMIT`
  characters at block boundaries, never inside a block; tables and maps in code blocks. A single
  block longer than a message is cut at line boundaries, each part marked as a continuation.
- ``wiki``: atwiki markup: ``*`` headings, the map as the campaign wikis draw it (a table with
  rows Ａ… and columns １…, walls as black cells), the status tables, the narration.
"""

from __future__ import annotations

from typing import Sequence

from . import document as doc
from ..words.messages import Catalog
from ..lazy_re import lazy

__all__ = ["FORMATS", "DISCORD_LIMIT", "format_report", "discord_messages", "discord_messages_of_blocks", "to_markdown", "to_wiki",
           "discord_length"]

FORMATS = ("text", "markdown", "discord", "wiki")
DISCORD_LIMIT = 2000  # characters in one Discord message (counted as Discord does, in UTF-16 units)

T = Catalog({
    "continued": ("（続き）", "(continued)"),
})


def format_report(blocks: Sequence[doc.Block], fmt: str, *, lang: str = "ja") -> list[str]:
    """The report in ``fmt``: one text, or for ``discord`` one text per message."""
    if fmt == "text":
        return [doc.to_text(blocks)]
    if fmt == "markdown":
        return [to_markdown(blocks)]
    if fmt == "discord":
        return discord_messages(blocks, lang=lang)
    if fmt == "wiki":
        return [to_wiki(blocks)]
    raise ValueError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")


# --------------------------------------------------------------------------- Markdown

_INLINE = lazy(r"([\\*_~`|<])")
_LINE_START = lazy(r"^(#|>|[-+] )")
_ORDERED = lazy(r"^(\d+)([.)])")


def escape_markdown(line: str) -> str:
    """A line shown as written: emphasis, code, spoiler, heading, quote and list marks are escaped."""
    line = _INLINE.sub(r"\\\1", line)
    if _LINE_START.match(line):
        return "\\" + line
    return _ORDERED.sub(r"\1\\\2", line)


def _keep_indent(line: str) -> str:
    """Leading ASCII spaces would be dropped or start a code block: keep them as no-break spaces."""
    stripped = line.lstrip(" ")
    return "\u00a0" * (len(line) - len(stripped)) + stripped


def _code(text: str) -> str:
    return f"```\n{text}\n```"


def _heading_md(block: doc.Heading) -> str:
    return "#" * min(block.level, 6) + " " + escape_markdown(block.text)


def _table_md(block: doc.Table) -> str:
    def cell(value: object) -> str:
        return "" if value is None else escape_markdown(str(value))

    numeric = [all(isinstance(r[i], int) and not isinstance(r[i], bool) for r in block.rows if i < len(r))
               and bool(block.rows) for i in range(len(block.headers))]
    out = ["| " + " | ".join(cell(h) for h in block.headers) + " |",
           "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    out += ["| " + " | ".join(cell(v) for v in row) + " |" for row in block.rows]
    body = "\n".join(out)
    return f"{escape_markdown(block.caption)}\n\n{body}" if block.caption else body


def _board_md(block: doc.Board) -> str:
    body = _code(doc.block_text(_without_caption(block)))
    return f"{escape_markdown(block.caption)}\n{body}" if block.caption else body


def to_markdown(blocks: Sequence[doc.Block]) -> str:
    """Markdown for GitHub, note and Notion: a blank line between blocks, hard line breaks inside."""
    parts = []
    for block in blocks:
        if isinstance(block, doc.Heading):
            parts.append(_heading_md(block))
        elif isinstance(block, doc.Lines):
            parts.append("\\\n".join(_keep_indent(escape_markdown(line)) for line in block.lines))
        elif isinstance(block, doc.Table):
            parts.append(_table_md(block))
        elif isinstance(block, doc.Board):
            parts.append(_board_md(block))
        else:
            raise TypeError(f"unknown report block {type(block).__name__}")
    return "\n\n".join(parts) + "\n"


# --------------------------------------------------------------------------- Discord

def discord_length(text: str) -> int:
    """Length as Discord counts it: UTF-16 code units (a character outside the BMP counts 2)."""
    return len(text.encode("utf-16-le")) // 2


def _discord_parts(block: doc.Block) -> tuple[str, list[str], bool]:
    """(text before the body, body lines, whether the body is a code block)."""
    if isinstance(block, doc.Heading):
        text = escape_markdown(block.text)
        return "", ["#" * block.level + " " + text if block.level <= 2 else f"**{text}**"], False
    if isinstance(block, doc.Lines):
        return "", [escape_markdown(line) for line in block.lines], False
    if isinstance(block, (doc.Table, doc.Board)):
        body = doc.block_text(_without_caption(block)).split("\n")
        return (escape_markdown(block.caption) if block.caption else ""), body, True
    raise TypeError(f"unknown report block {type(block).__name__}")


def _without_caption(block: doc.Table | doc.Board) -> doc.Block:
    return doc.with_caption(block, "")


def _chunks(block: doc.Block, limit: int, mark: str) -> list[str]:
    """The block as Discord text: one piece, or pieces cut at line boundaries when it is too long."""
    head, body, code = _discord_parts(block)

    def wrap(lines: list[str]) -> str:
        return _code("\n".join(lines)) if code else "\n".join(lines)

    whole = "\n".join(([head] if head else []) + [wrap(body)])
    if discord_length(whole) <= limit:
        return [whole]
    pieces: list[str] = []
    current: list[str] = []
    prefix = [head] if head else []
    for line in body:
        candidate = "\n".join(prefix + [wrap(current + [line])])
        if current and discord_length(candidate) > limit:
            pieces.append("\n".join(prefix + [wrap(current)]))
            prefix, current = [mark], []
        current.append(line)
        if discord_length("\n".join(prefix + [wrap(current)])) > limit:  # one line alone is too long
            raise ValueError(f"a report line is longer than a Discord message ({limit}): {line[:40]}…")
    pieces.append("\n".join(prefix + [wrap(current)]))
    return pieces


def discord_messages(blocks: Sequence[doc.Block], *, lang: str = "ja", limit: int = DISCORD_LIMIT) -> list[str]:
    """Messages of at most ``limit`` characters; cut between blocks, never inside one that fits."""
    return [text for text, _ in discord_messages_of_blocks(blocks, lang=lang, limit=limit)]


def discord_messages_of_blocks(blocks: Sequence[doc.Block], *, lang: str = "ja",
                               limit: int = DISCORD_LIMIT) -> list[tuple[str, list[int]]]:
    """:func:`discord_messages`, each with the indexes of the blocks it holds (a picture of a map
    goes beside the message that holds the map)."""
    mark = escape_markdown(T.lang(lang)("continued"))
    room = limit - 1  # every message ends with a newline
    messages: list[tuple[str, list[int]]] = []
    current, held = "", []
    for index, block in enumerate(blocks):
        for n, piece in enumerate(_chunks(block, room, mark)):
            sep = "\n" * (block.gap + 1)
            if current and n == 0 and discord_length(current + sep + piece) <= room:
                current += sep + piece
                held.append(index)
            else:
                if current:
                    messages.append((current, held))
                current, held = piece, [index]
    if current:
        messages.append((current, held))
    return [(m + "\n", held) for m, held in messages]


# --------------------------------------------------------------------------- atwiki

_WIKI_LINE_START = ("*", "-", "+", "|", ">", "#", ",", "~", " ")


def _wiki_line(line: str) -> str:
    """A narration line that atwiki shows as written: a leading mark that atwiki reads as markup
    (heading, list, table, quote, preformatted) is kept off the line start by a no-break space."""
    line = _keep_indent(line)
    return "\u00a0" + line if line.startswith(_WIKI_LINE_START) else line


def _wiki_cell(value: object) -> str:
    text = "" if value is None else str(value).replace("|", "｜")
    if isinstance(value, int) and not isinstance(value, bool):
        return f"RIGHT:{text}"
    return text or " "


def _wiki_table(block: doc.Table) -> str:
    out = ["|" + "|".join(_wiki_cell(h) for h in block.headers) + "|h"]
    out += ["|" + "|".join(_wiki_cell(v) for v in row) + "|" for row in block.rows]
    body = "\n".join(out)
    return f"{_wiki_line(block.caption)}\n{body}" if block.caption else body


def _wiki_board(block: doc.Board) -> str:
    """The map as campaign wikis draw it: a header row of column labels, a row label down the left,
    names in their squares (several on one square one per line), walls as black cells."""
    cells = dict(block.cells)
    walls = set(block.walls)
    out = ["| |" + "|".join(f"CENTER:{c}" for c in block.col_labels) + "|h"]
    for r, label in enumerate(block.row_labels):
        row = []
        for c in range(len(block.col_labels)):
            if (r, c) in walls:
                row.append("BGCOLOR(black): ")
            else:
                names = [n.replace("|", "｜") for n in cells.get((r, c), ())]
                row.append("CENTER:" + "&br()".join(names) if names else " ")
        out.append(f"|CENTER:{label}|" + "|".join(row) + "|")
    body = "\n".join(out)
    return f"{_wiki_line(block.caption)}\n{body}" if block.caption else body


def to_wiki(blocks: Sequence[doc.Block]) -> str:
    """atwiki markup (the wiki mode): one line per line, a blank line between paragraphs."""
    out: list[str] = []
    for i, block in enumerate(blocks):
        if isinstance(block, doc.Heading):
            text = "*" * min(block.level, 3) + block.text
        elif isinstance(block, doc.Lines):
            text = "\n".join(_wiki_line(line) for line in block.lines)
        elif isinstance(block, doc.Table):
            text = _wiki_table(block)
        elif isinstance(block, doc.Board):
            text = _wiki_board(block)
        else:
            raise TypeError(f"unknown report block {type(block).__name__}")
        # a table must not run into the lines around it
        gap = 1 if isinstance(block, (doc.Table, doc.Board)) or (i and isinstance(blocks[i - 1], (doc.Table, doc.Board))) \
            else block.gap
        if i:
            out.append("\n" * (gap + 1))
        out.append(text)
    return "".join(out) + "\n"
