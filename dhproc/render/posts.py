"""``resolve --format discord --out``: a picture beside each message that holds a map.

The picture is drawn from the very blocks the message shows (its map, or for a ruleset without a
map its state tables), titled by the heading it stands under, so the picture and the text of a
message never disagree.
"""

from __future__ import annotations

from typing import Sequence

from ..report import document as doc
from ..report.formats import discord_messages_of_blocks
from .svg import picture_svg

__all__ = ["discord_posts"]


def discord_posts(blocks: Sequence[doc.Block], *, lang: str) -> list[tuple[str, str | None]]:
    """Each Discord message with the SVG of the state it shows, or None."""
    has_map = any(isinstance(b, doc.Board) for b in blocks)
    kind = doc.Board if has_map else doc.Table
    posts = []
    for text, held in discord_messages_of_blocks(blocks, lang=lang):
        shown = [i for i in held if isinstance(blocks[i], kind)]
        picture = picture_svg([blocks[i] for i in shown], _heading_before(blocks, shown[0])) if shown else None
        posts.append((text, picture))
    return posts


def _heading_before(blocks: Sequence[doc.Block], index: int) -> str:
    """The text of the last heading up to ``index``: the moment the state belongs to."""
    for block in reversed(blocks[: index + 1]):
        if isinstance(block, doc.Heading):
            return block.text
    return ""
