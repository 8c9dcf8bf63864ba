"""A log dhproc wrote, read back: from its ``.json`` or from the GK replay page that embeds it
(``render --html``), checked to be a log this dhproc reads; its bytes as stored (what a replay
compares); and the match file that continues it from its next turn (``dhproc new --from``)."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

from .documents.loading import MAX_LOG_BYTES, Anchor, Document, display_name, load_file
from .dice.rng import RNG_NAME
from .engine.resolution import LOG_FORMAT, LOG_FORMAT_VERSION
from .engine.ruleset import get_ruleset
from .errors import InputError, Problem
from .inputs.validation import validate
from .words.messages import say


PAGE_SUFFIXES = (".html", ".htm")


def load_log(path: str | Path) -> tuple[Document, dict]:
    """A log from its ``.json``, or from the GK replay page that embeds it (``render --html``)."""
    doc = _load_page_log(Path(path)) if Path(path).suffix.lower() in PAGE_SUFFIXES else \
        load_file(path, max_bytes=MAX_LOG_BYTES)
    log = doc.data
    anchor = Anchor(doc)
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT:
        raise InputError([anchor.problem((), say("log.not_log"))])
    problems = validate(log, "log", anchor)
    if problems:
        raise InputError(problems)
    if log["format_version"] != LOG_FORMAT_VERSION:
        raise InputError([anchor.problem(("format_version",), say("log.format", version=log["format_version"],
                                                                  reads=LOG_FORMAT_VERSION))])
    if log["rng"] != RNG_NAME:
        raise InputError([anchor.problem(("rng",), say("log.rng", rng=log["rng"], ours=RNG_NAME))])
    return doc, log


def continuation(path: str | Path) -> dict:
    """The match file (as data) that continues the log at ``path`` from its next turn: the same
    ruleset, seed and options, and a setup whose state is the log's final state. Its ``turns`` are
    empty: list the new turn files there."""
    doc, log = load_log(path)
    anchor = Anchor(doc)
    rs = get_ruleset(log["ruleset"])
    if rs is None:
        raise InputError([anchor.problem(("ruleset",), say("match.unknown_ruleset_log", ruleset=log["ruleset"]))])
    if log["turns"] and log["turns"][-1]["status"] != "complete":
        last = log["turns"][-1]
        raise InputError([anchor.problem(("turns", len(log["turns"]) - 1, "status"),
                                         say("log.awaiting", turn=last["turn"], side=last.get("awaiting")))])
    if log["outcome"]["result"] != "ongoing":
        raise InputError([anchor.problem(("outcome",), say("log.decided"))])
    try:
        setup = rs.setup_from_log(log)
    except NotImplementedError as exc:
        raise InputError([anchor.problem(("ruleset",), str(exc))]) from None
    mdata = log["input"]["match"]
    match = {"dhproc": mdata.get("dhproc", 1), "ruleset": rs.id}
    if mdata.get("title"):
        match["title"] = mdata["title"]
    match.update(seed=log["seed"], options=copy.deepcopy(log["options"]), setup=setup, turns=[])
    return match


def log_bytes(doc: Document) -> bytes:
    """The log's bytes as stored: the file, or the log a replay page embeds."""
    if doc.path.suffix.lower() in PAGE_SUFFIXES:
        return _page_log_bytes(doc.path, doc.name)
    try:
        with open(doc.path, "rb") as handle:
            return handle.read(MAX_LOG_BYTES + 1)
    except OSError as exc:
        raise InputError([Problem(doc.name, None, None, say("file.cannot_read", reason=exc.strerror or exc))]) from None


def _page_log_bytes(path: Path, name: str) -> bytes:
    from .render.embed import embedded_log

    try:
        with open(path, "rb") as handle:
            page = handle.read(4 * MAX_LOG_BYTES + 1)
    except OSError as exc:
        raise InputError([Problem(name, None, None, say("file.cannot_read", reason=exc.strerror or exc))]) from None
    found = embedded_log(page)
    if found is None:
        raise InputError([Problem(name, None, None, say("log.page_without_log"))])
    return found


def _load_page_log(path: Path) -> Document:
    """The log a replay page embeds, read as its ``.json`` would be (messages name the page)."""
    from .documents.loading import load_bytes

    name = display_name(path) if path.is_absolute() else str(path)
    doc = load_bytes(_page_log_bytes(path, name), path.with_suffix(".json"), name)
    return dataclasses.replace(doc, path=path)

