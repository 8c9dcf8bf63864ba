"""``dhproc replay``: a log re-resolved from its own input, and compared with the log's bytes;
when they differ, the first part that does (:class:`Divergence`): the generator, an event, a
turn's status, the state, or only the form of the file (a BOM, CRLF, re-indented)."""

from __future__ import annotations

import json
import marshal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .documents.jsontext import indented_at, key_text
from .engine.resolution import dumps, resolve
from .errors import clip, json_path
from .inputs.assembly import match_from_log, replayed_match
from .inputs.recurring import LARGEST, KeptByContent
from .logs import load_log, log_bytes
from .words.messages import say


@dataclass(frozen=True)
class Divergence:
    """Where a replay first differs from the log it replays."""

    where: str  # e.g. "turn 2, event 14", "state", "/title"
    recorded: Any
    replayed: Any
    note: str | None = None  # why, when the values alone do not say it

    def format(self) -> str:
        def show(v: Any) -> str:
            return clip(json.dumps(v, ensure_ascii=False, sort_keys=False), 300)

        text = say("replay.diverged", where=self.where)
        if self.note:
            text += f": {self.note}"
        if self.recorded is not None or self.replayed is not None:
            text += say("replay.both_sides", recorded=show(self.recorded), replayed=show(self.replayed))
        return text


def replay(path: str | Path, *, other_version: bool = False) -> Divergence | None:
    """Re-resolve a log from its own input and compare the bytes: None when the replay writes
    exactly the log's bytes, else the first part that differs.

    A log written by another dhproc (its ``generator``) is refused, since another version may
    resolve differently; with ``other_version`` it is replayed and compared in every byte but
    the generator (see README, "Replaying a log")."""
    if _replays_to_its_bytes(path, other_version):
        return None
    doc, log = load_log(path)
    fresh = resolve(match_from_log(doc))
    if other_version and isinstance(log.get("generator"), str):
        fresh["generator"] = log["generator"]
    raw = log_bytes(doc)
    canonical = dumps(fresh).encode("utf-8")
    if raw == canonical:
        return None
    if log.get("generator") != fresh["generator"]:
        return Divergence("generator", log.get("generator"), fresh["generator"],
                          note=say("replay.other_version"))
    found = first_divergence(log, fresh) or _first_difference(log, fresh)
    if found is not None:
        return found
    return _form_difference(raw, canonical)


def _replays_to_its_bytes(path: str | Path, other_version: bool) -> bool:
    """The short way of the common case, a log that replays to exactly its bytes: read as plain
    JSON and not checked against the log schema. Nothing but those bytes passes here, and dhproc
    writes only logs its schema accepts, so the check could only say what the comparison says;
    the match in its input is still checked as a resolution checks it. Only the keys before the
    log's turns (its envelope and its input) are read: the turns, the state and the outcome are
    judged by the comparison of bytes alone, which needs no reading of them. Any other case (a
    problem, a difference, a replay page) is False, and is then decided the long way from the
    start, so what a replay reports is what it always did."""
    from .documents.loading import MAX_LOG_BYTES, nests_within_limit, read_plain_json
    from .engine.resolution import LOG_FORMAT

    read = read_plain_json(path, MAX_LOG_BYTES, up_to_key="turns")
    if read is None:
        return False
    doc, raw = read
    log = doc.data
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT or not isinstance(log.get("input"), dict):
        return False
    try:
        fresh = resolve(replayed_match(doc))
    except Exception:  # noqa: BLE001 - unchecked against the log schema, any shape may come: the
        return False  # long way checks it first and says what is wrong (a bug the same as ever)
    if other_version and isinstance(log.get("generator"), str):
        fresh["generator"] = log["generator"]
    # the replayed log must also be what its text reads back as (the whole log read from the
    # file): a key 1 beside a key "1" would be written alike, as a duplicate the long way refuses
    text = text_read_back_alike(fresh)
    return text is not None and text.encode("utf-8") == raw and nests_within_limit(raw, fresh)


KEPT_FROM, KEPT_TO = 2, 3  # the depths of the parts whose texts a batch keeps (see log_text)
_TEXTS = KeptByContent(512)  # (depth, a part's content by marshal) -> (its text at that depth, read back alike)


class _ReadBackOtherwise(Exception):
    """A value whose text reads back as another value (a key that is not text, a tuple, NaN)."""


def log_text(log: dict) -> str:
    """``dumps(log)``, byte for byte, with the text of each part a batch met before taken from
    then: the parts two levels deep (each turn of the log, the input's turns, each part of the
    state), and where such a part is new, its own parts (the setup in the input's match, whose
    seed is new in every log of a batch of seeds; a turn's events).

    A part is known by its exact content, ``marshal``'s bytes in C (a fifteenth of the cost of
    writing it): they tell apart every type and value the text does (1, 1.0 and true; a key 1
    and a key "1"), keep the order of keys, and give the value back alone, so one content has
    one text. Two equal values may have two contents (a text shared or not): that is only a part
    written again. A part met for the first time costs one ``marshal`` beside its writing (two
    for one two levels deep), and the levels above are laid out around the parts."""
    return _text(log, 0, False)[0] + "\n"


def text_read_back_alike(log: dict) -> str | None:
    """:func:`log_text`, or None when that text does not read back (``json.loads``) as a value
    equal to ``log``: what ``json.loads(text) == log`` says, without reading the whole text
    back. A part's text is read back once, when it is first written, and kept with the answer
    (its content fixes every type in it); the levels above are looked at in place."""
    try:
        return _text(log, 0, True)[0] + "\n"
    except _ReadBackOtherwise:
        return None


_ALIKE = frozenset({str, int, bool, type(None)})  # scalars whose text always reads back as themselves


def _text(value: Any, depth: int, strict: bool) -> tuple[str, bool]:
    """The text of ``value`` at ``depth``, and whether it reads back alike; with ``strict``, a
    value that does not is _ReadBackOtherwise as soon as it is met."""
    kind = type(value)
    if (kind is not dict and kind is not list) or not value:
        text = indented_at(value, depth)
        return text, _settled(kind in _ALIKE or kind is dict or kind is list or _reads_back(text, value), strict)
    key = None
    if depth >= KEPT_FROM:
        try:
            key = (depth, marshal.dumps(value))
        except ValueError:  # a value no log holds (or nested past marshal's limit): written, not kept
            text = indented_at(value, depth)
            return text, _settled(_reads_back(text, value), strict)
        if len(key[1]) > LARGEST:
            key = None
        else:
            known = _TEXTS.get(key)
            if known is not None:
                return known[0], _settled(known[1], strict)
    if depth >= KEPT_TO:
        text = indented_at(value, depth)
        alike = _reads_back(text, value)
    else:  # the layout of indented(): one item a line, a level two spaces deeper
        inner = "\n" + "  " * (depth + 1)
        if kind is dict:
            alike = all(type(k) is str for k in value)
            parts = [(key_text(k), _text(v, depth + 1, strict)) for k, v in value.items()]
            alike = alike and all(part[1] for _, part in parts)
            items = [f"{k}: {part[0]}" for k, part in parts]
            text = "{" + inner + ("," + inner).join(items) + "\n" + "  " * depth + "}"
        else:
            parts = [_text(v, depth + 1, strict) for v in value]
            alike = all(part[1] for part in parts)
            text = "[" + inner + ("," + inner).join(part[0] for part in parts) + "\n" + "  " * depth + "]"
    if key is not None and len(text) <= LARGEST:
        _TEXTS.put(key, (text, alike))
    return text, _settled(alike, strict)


def _reads_back(text: str, value: Any) -> bool:
    try:
        return json.loads(text) == value
    except ValueError:
        return False


def _settled(alike: bool, strict: bool) -> bool:
    if strict and not alike:
        raise _ReadBackOtherwise
    return alike


def _first_difference(recorded: Any, replayed: Any, where: tuple = ()) -> Divergence | None:
    """The first value that differs in value or in JSON type (55 is not 55.0, true is not 1),
    in the order dhproc writes the log."""
    if type(recorded) is not type(replayed):
        return Divergence(json_path(where), recorded, replayed)
    if isinstance(replayed, dict):
        for key in list(replayed) + [k for k in recorded if k not in replayed]:
            if key not in recorded or key not in replayed:
                return Divergence(json_path(where + (key,)), recorded.get(key), replayed.get(key))
            found = _first_difference(recorded[key], replayed[key], where + (key,))
            if found is not None:
                return found
        return None
    if isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(recorded, replayed)):
            found = _first_difference(a, b, where + (i,))
            if found is not None:
                return found
        if len(recorded) != len(replayed):
            return Divergence(say("replay.where_length", where=json_path(where)), len(recorded), len(replayed))
        return None
    return None if recorded == replayed else Divergence(json_path(where), recorded, replayed)


def _form_difference(raw: bytes, canonical: bytes) -> Divergence:
    """Same content, other bytes: say how the file was re-saved."""
    if raw.startswith(b"\xef\xbb\xbf"):
        reason = say("replay.bom")
    elif b"\r\n" in raw:
        reason = say("replay.crlf")
    elif raw.count(b"\n") <= 1 < canonical.count(b"\n"):
        reason = say("replay.minified")
    else:
        reason = say("replay.layout")
    at = next((i for i, (a, b) in enumerate(zip(raw, canonical)) if a != b), min(len(raw), len(canonical)))
    line = raw.count(b"\n", 0, at) + 1
    col = at - (raw.rfind(b"\n", 0, at) + 1) + 1
    return Divergence(say("replay.where_byte", byte=at + 1, line=line, col=col), None, None,
                      note=say("replay.resaved", reason=reason))


def first_divergence(recorded: dict, replayed: dict) -> Divergence | None:
    """The first event, turn status or part of the log that differs, in the order a GK reads them;
    None when these agree (the bytes may still differ: :func:`replay` says where)."""
    for key in ("ruleset", "ruleset_version", "seed", "options"):
        if recorded.get(key) != replayed.get(key):
            return Divergence(key, recorded.get(key), replayed.get(key))
    old_turns, new_turns = recorded["turns"], replayed["turns"]
    for old, new in zip(old_turns, new_turns):
        for a, b in zip(old["events"], new["events"]):
            if a != b:
                return Divergence(say("replay.where_event", turn=old["turn"], seq=a.get("seq")), a, b)
        if len(old["events"]) != len(new["events"]):
            n = min(len(old["events"]), len(new["events"]))
            a = old["events"][n] if n < len(old["events"]) else None
            b = new["events"][n] if n < len(new["events"]) else None
            return Divergence(say("replay.where_event", turn=old["turn"], seq=n + 1), a, b)
        if {k: v for k, v in old.items() if k != "events"} != {k: v for k, v in new.items() if k != "events"}:
            return Divergence(say("replay.where_status", turn=old["turn"]), old.get("status"), new.get("status"))
    if len(old_turns) != len(new_turns):
        return Divergence(say("replay.where_turns"), len(old_turns), len(new_turns))
    for key in ("state", "outcome"):
        if recorded.get(key) != replayed.get(key):
            return Divergence(key, recorded.get(key), replayed.get(key))
    return None

