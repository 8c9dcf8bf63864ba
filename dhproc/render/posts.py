"""``resolve --format discord --out``: a picture beside each message that holds a map.

The picture is drawn from the very blocks the message shows (its map, or for a ruleset without a
map its state tables), titled by the heading it stands under, so the picture and the text of a
message never disagree. A ruleset whose report draws no map but whose pictures have one
(kagemiya's areas, Ruleset.picture_map) gets that map above each state table, as the state stood
at that table: the same picture ``dhproc render`` draws of that moment.
"""

from __future__ import annotations

from typing import Sequence

from ..engine.reports import report_blocks
from ..report import document as doc
from ..report.formats import discord_messages_of_blocks
from .steps import picture_map
from .svg import picture_svg

__all__ = ["discord_posts"]


def discord_posts(log: dict, *, lang: str, view: str, turns: list[int]) -> list[tuple[str, str | None]]:
    """Each Discord message of the report of ``turns`` with the SVG of the state it shows, or None."""
    blocks = report_blocks(log, lang=lang, view=view, turns=turns)
    has_map = any(isinstance(b, doc.Board) for b in blocks)
    kind = doc.Board if has_map else doc.Table
    posts = []
    for text, held in discord_messages_of_blocks(blocks, lang=lang):
        shown = [i for i in held if isinstance(blocks[i], kind)]
        drawn = [blocks[i] for i in shown] if has_map else _tables_under_their_maps(log, blocks, shown, lang=lang,
                                                                                   view=view, turns=turns)
        picture = picture_svg(drawn, _heading_before(blocks, shown[0])) if shown else None
        posts.append((text, picture))
    return posts


def _tables_under_their_maps(log: dict, blocks: Sequence[doc.Block], shown: list[int], *, lang: str, view: str,
                             turns: list[int]) -> list[doc.Block]:
    """The state tables at ``shown``, each moment's map (if the ruleset draws one) above its first."""
    drawn: list[doc.Block] = []
    last_moment = None
    for i in shown:
        moment = _moment_of_table(blocks, i)
        board = picture_map(_log_at(log, moment, turns), lang=lang, view=view) if moment != last_moment else None
        drawn += [board, blocks[i]] if board is not None else [blocks[i]]
        last_moment = moment
    return drawn


def _moment_of_table(blocks: Sequence[doc.Block], index: int) -> str:
    """"start" for a state table above the report's first turn heading (level 2): the state the
    turns shown start from (the 参加者); "end" for a later one: the state they end in."""
    turn_told = any(isinstance(b, doc.Heading) and b.level == 2 for b in blocks[:index])
    return "end" if turn_told else "start"


def _log_at(log: dict, moment: str, turns: list[int]) -> dict:
    """The log as it stood at the start or the end of the turns shown."""
    if moment == "start":
        kept = [t for t in log["turns"] if turns and t["turn"] < min(turns)]
    else:
        kept = [t for t in log["turns"] if t["turn"] <= max(turns, default=0)]
    return dict(log, turns=kept)


def _heading_before(blocks: Sequence[doc.Block], index: int) -> str:
    """The text of the last heading up to ``index``: the moment the state belongs to."""
    for block in reversed(blocks[: index + 1]):
        if isinstance(block, doc.Heading):
            return block.text
    return ""
