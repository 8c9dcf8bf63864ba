"""``dhproc import -o``: the turn file it writes is listed under its match's ``turns:``.

A turn-NN.yaml beside the match is read whether it is listed or not (README, "Files"), but the
match's list is what a GK reads to see the campaign's turns, and what wins when two files give a
turn: it is kept right, in turn order, with the rest of the match file as the GK wrote it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..errors import InputError
from ..documents.loading import display_name, inside, load_file, real_path
from ..words.messages import say
from ..documents.yaml_edit import with_list_entry


@dataclass(frozen=True)
class TurnListing:
    """What listing a turn file under its match's ``turns:`` came to."""

    text: str | None  # the match file's new text; None: it stays as it is
    message: str | None  # for stderr: what was added, or why nothing was


def list_turn_file(match_path: str | Path, turn_path: str | Path, turn: int) -> TurnListing:
    """The match file's text with ``turn_path`` (turn ``turn``) in its ``turns:``, placed before
    the first entry of a later turn; nothing when it is listed already."""
    match_file = real_path(Path(match_path))
    folder = match_file.parent
    turn_file = real_path(Path(turn_path))
    shown = {"match": display_name(Path(match_path).absolute()), "file": display_name(Path(turn_path).absolute())}
    if not inside(turn_file, folder):
        return TurnListing(None, say("import.not_listed_outside", **shown))
    try:
        text = match_file.read_bytes().decode("utf-8")  # as written: a byte order mark, CRLF and comments stay
        data = yaml.safe_load(text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return TurnListing(None, say("import.list_by_hand", **shown))
    listed = data.get("turns") if isinstance(data, dict) else None
    entries = listed if isinstance(listed, list) else []
    numbers = [_turn_of(entry, folder) for entry in entries]
    if any(isinstance(e, str) and real_path(folder / e) == turn_file for e in entries):
        return TurnListing(None, None)
    if turn in numbers:
        other = entries[numbers.index(turn)]
        return TurnListing(None, say("import.turn_listed_other", turn=turn,
                                     other=other if isinstance(other, str) else say("import.inline_turn"), **shown))
    index = next((i for i, n in enumerate(numbers) if n is not None and n > turn), len(entries))
    entry = Path(os.path.relpath(turn_file, folder)).as_posix()
    edited = with_list_entry(text, "turns", index, entry) if listed is None or isinstance(listed, list) else None
    if edited is None or not _only_listed(data, edited, entries[:index] + [entry] + entries[index:]):
        return TurnListing(None, say("import.list_by_hand", **shown))
    return TurnListing(edited, say("import.listed", match=shown["match"], entry=entry))


def _turn_of(entry: Any, folder: Path) -> int | None:
    """The turn number an entry of ``turns:`` gives, when it can be read."""
    if isinstance(entry, dict):
        data = entry
    elif isinstance(entry, str):
        target = real_path(folder / entry)
        if not inside(target, folder):
            return None
        try:
            data = load_file(target).data
        except InputError:
            return None
    else:
        return None
    turn = data.get("turn") if isinstance(data, dict) else None
    return turn if type(turn) is int else None


def _only_listed(before: dict, edited: str, wanted: list) -> bool:
    """True when ``edited`` reads as ``before`` with ``turns:`` as ``wanted``: the edit changed
    nothing else."""
    try:
        after = yaml.safe_load(edited)
    except yaml.YAMLError:
        return False
    return isinstance(after, dict) and after.get("turns") == wanted and \
        {k: v for k, v in after.items() if k != "turns"} == {k: v for k, v in before.items() if k != "turns"}
