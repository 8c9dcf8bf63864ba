"""Reading YAML and JSON inputs with their line marks, within the limits of DESIGN.md §8.

* Safe loading only (libyaml's C loader when present).
* YAML 1.1 surprises are off: only ``true``/``false`` are booleans, dates stay strings, ``010``
  is ten and ``1:30`` is a string.
* Duplicate keys are an error, not last-wins.
* Files over 5 MiB, more than 100 alias uses or nesting deeper than 64 (counting what aliases
  stand for) are refused *before* the document is composed: libyaml's composer recurses in C and
  would crash on a deep document. So is an alias inside its own anchor (a value containing itself).
* Only the tags dhproc reads are accepted (``!!str``, ``!!int``, ``!!float``, ``!!bool``, ``!!null``,
  ``!!map``, ``!!seq``, each on a value that reads as it); ``!!set``, ``!!binary``, ``!!timestamp``,
  local tags and the rest are refused where they are written.
* The composed node tree is kept beside the data, so any JSON path (from a schema error or a
  semantic check) can be turned into ``file:line:col`` at no cost on valid input; once a match is
  assembled, only the places of its values are kept (:meth:`Document.keep_places_only`).
"""

from __future__ import annotations

import copy
import errno
import os
import stat
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterator, Sequence

import yaml

from ..errors import InputError, PathPart, Problem
from . import yaml_layout, yaml_words
from ..words.messages import say
from ..lazy_re import LazyPattern, lazy
from .limits import (MAX_ALIASES, MAX_BYTES, MAX_DEPTH, MAX_EXPANDED_CHARS, MAX_INT_DIGITS,  # noqa: F401
                     MAX_LOG_BYTES, MAX_VALUES)


_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_INT = lazy(r"^(?:[-+]?[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+)$")
_FLOAT = lazy(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)(?:[eE][-+]?[0-9]+)?"
              r"|[-+]?[0-9]+[eE][-+]?[0-9]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")
_BOOL = lazy(r"^(?:true|True|TRUE|false|False|FALSE)$")
_NULL = lazy(r"^(?:~|null|Null|NULL|)$")


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loader with YAML 1.2-style scalars (see the module docstring)."""


_Loader.yaml_implicit_resolvers = {}
for _tag, _rx, _first in (
    ("tag:yaml.org,2002:bool", _BOOL, list("tTfF")),
    ("tag:yaml.org,2002:int", _INT, list("-+0123456789")),
    ("tag:yaml.org,2002:float", _FLOAT, list("-+0123456789.")),
    ("tag:yaml.org,2002:null", _NULL, ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:merge", lazy(r"^<<$"), ["<"]),  # `<<: *template` shares a character sheet
):
    _Loader.add_implicit_resolver(_tag, _rx, _first)


class _Refused(yaml.constructor.ConstructorError):
    """A value dhproc refuses while reading (the YAML itself is well formed)."""


def _construct_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
    text = loader.construct_scalar(node)
    digits = text.lstrip("+-")
    if digits[:2] in ("0x", "0o"):
        digits = digits[2:]
    if len(digits) > MAX_INT_DIGITS:
        raise _Refused(None, None, say("yaml.long_number", digits=f"{len(digits):,}", limit=MAX_INT_DIGITS),
                       node.start_mark)
    if text.startswith("0x"):
        return int(text[2:], 16)
    if text.startswith("0o"):
        return int(text[2:], 8)
    return int(text, 10)


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError("number too long")  # the YAML reading then locates it
    return int(text)


def _construct_bool(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> bool:
    return loader.construct_scalar(node).lower() == "true"


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Loader.add_constructor("tag:yaml.org,2002:bool", _construct_bool)

_YAML_TAG = "tag:yaml.org,2002:"
# The tags dhproc reads, with the text each takes on a scalar. An untagged value is given one of
# these by the implicit resolvers above; an explicit tag (`!!int ""`, `!!set {a, b}`, `!!binary`,
# `!local`) must name one of them too, on text that reads as it, or the value is refused where
# it is written: any other tag would build a value JSON has no form for (a set, bytes, a date,
# ordered pairs) or fail inside the library's converters.
_SCALAR_TAGS: dict[str, LazyPattern | None] = {
    _YAML_TAG + "str": None,  # any text
    _YAML_TAG + "int": _INT,
    _YAML_TAG + "float": lazy(f"{_FLOAT.pattern}|^[-+]?[0-9]+$"),
    _YAML_TAG + "bool": _BOOL,
    _YAML_TAG + "null": _NULL,
}
_COLLECTION_TAGS = {yaml.MappingNode: _YAML_TAG + "map", yaml.SequenceNode: _YAML_TAG + "seq"}
_MERGE_TAG = _YAML_TAG + "merge"


def _shown_tag(tag: str) -> str:
    return "!!" + tag[len(_YAML_TAG):] if tag.startswith(_YAML_TAG) else tag


def _tag_problem(node: yaml.Node, name: str) -> Problem | None:
    """A tag dhproc does not read, or a tagged scalar whose text does not read as its tag."""
    m = node.start_mark
    if isinstance(node, yaml.ScalarNode):
        if node.tag not in _SCALAR_TAGS:
            return Problem(name, m.line + 1, m.column + 1, say("yaml.tag_unread", tag=_shown_tag(node.tag)))
        pattern = _SCALAR_TAGS[node.tag]
        if pattern is not None and not pattern.match(node.value):
            shown = node.value if len(node.value) <= 40 else node.value[:40] + "…"
            return Problem(name, m.line + 1, m.column + 1,
                           say("yaml.tag_mismatch", tag=_shown_tag(node.tag), shown=repr(shown)))
        return None
    if node.tag != _COLLECTION_TAGS.get(type(node)):
        return Problem(name, m.line + 1, m.column + 1, say("yaml.tag_unread", tag=_shown_tag(node.tag)))
    return None


@dataclass
class Document:
    """A loaded input: its data and where each value was written.

    While the match is read, the place of each value is its YAML node (aliases rename keys in the
    node tree too, so that later problems are located where they were written). Once the match is
    assembled (:meth:`keep_places_only`), the tree gives way to its places alone: a tree of tuples
    of lines, columns and key texts, which the garbage collector stops tracking, where the nodes
    and their marks were about a thousand tracked objects a small match, read by every full
    collection for as long as the match is kept (a simulation keeps it for thousands of runs).

    For JSON (logs) the data comes from the json module and the node tree is composed only
    when a problem has to be located: replaying a valid log never pays for it.
    """

    path: Path  # resolved, absolute
    name: str  # as shown in messages
    data: Any
    _root: yaml.Node | None = field(default=None, repr=False)
    _text: str | None = field(default=None, repr=False)  # set when the tree is composed lazily
    _places: "Places | None" = field(default=None, repr=False)  # the tree's places, once it is dropped

    @property
    def composed(self) -> bool:
        """Whether the node tree is there without composing it (a JSON log's is made on demand)."""
        return self._text is None

    @property
    def root(self) -> yaml.Node | None:
        if self._root is None and self._places is not None:  # asked for again: the places revived
            self._root, self._places = _revived(self._places), None
        if self._root is None and self._text is not None:
            loader = _Loader(self._text)
            try:
                self._root = loader.get_single_node()
            except yaml.YAMLError:
                self._root = None
            finally:
                loader.dispose()
            self._text = None
        return self._root

    def keep_places_only(self) -> None:
        """Drop the node tree, keeping the place of every value (for a loaded match: its keys are
        renamed, and only problems are located from now on, exactly where the tree said)."""
        if self._root is not None:
            self._places, self._root = _places(self._root), None

    def _top(self) -> tuple[_Walk, Any]:
        """The places' root and the way to walk it: the places once kept, else the node tree."""
        if self._places is not None:
            return _PlaceWalk(self._places), 0
        return _NODE_WALK, self.root

    def locate(self, parts: Sequence[PathPart], *, key: bool = False) -> tuple[int | None, int | None]:
        """Line and column (1-based) of the value at ``parts``, or of its key with ``key=True``.

        Walks as far as the path exists and answers for the deepest node reached, so a missing
        key is reported at the mapping that should hold it.
        """
        walk, node = self._top()
        if node is None:  # an empty document: the whole file is the problem
            return 1, 1
        where = walk.start(node)
        for i, part in enumerate(parts):
            hit = walk.child(node, part)
            if hit is None:
                break
            key_at, node = hit
            where = key_at if (key and key_at is not None and i == len(parts) - 1) else walk.start(node)
        return where[0] + 1, where[1] + 1

    def node_at(self, parts: Sequence[PathPart]) -> yaml.Node | None:
        """The YAML node written at ``parts``, or None (no such path, or no node tree)."""
        return _at(_NODE_WALK, self.root, parts)

    def problem(self, parts: Sequence[PathPart], message: str, *, key: bool = False) -> Problem:
        line, col = self.locate(parts, key=key)
        return Problem(self.name, line, col, message, tuple(parts))

    def _source_lines(self) -> list[str]:
        """The file's lines, read again (only to locate a problem inside a text value)."""
        try:
            return self.path.read_text(encoding="utf-8-sig").splitlines()
        except (OSError, UnicodeError):
            return []

    def problem_in_text(self, parts: Sequence[PathPart], line: int, col: int, message: str) -> Problem:
        """A problem at a place inside the text value at ``parts``: ``line`` and ``col`` (0-based)
        count in the value as read, and are mapped back to the file for a ``|`` block or a
        one-line scalar; otherwise the value's own start is given."""
        walk, top = self._top()
        scalar = walk.scalar(_at(walk, top, parts))
        where = self.locate(parts)
        if scalar is not None:
            where = _inside_scalar(scalar, line, col, self._source_lines) or where
        return Problem(self.name, where[0], where[1], message, tuple(parts))


# The places of a document once its tree is dropped, as one flat tuple of texts and numbers (which
# the garbage collector stops tracking at its first pass; nested tuples would take a pass a level).
# A node is the offset of its cells; lines and columns count from 0, as YAML's marks:
#   a mapping  "m", line, column, n, then n × (key text or None, key line, key column, value's offset)
#   a sequence "s", line, column, n, then n × item's offset
#   a scalar   "v", line, column, end line, style, tag, text
Places = tuple


def _places(root: yaml.Node) -> Places:
    """The places of a composed (and constructed: merges are flattened) node tree, the root at 0;
    a node an alias repeats is written once."""
    cells: list[Any] = []
    offsets: dict[int, int] = {}

    def write(node: yaml.Node) -> int:
        known = offsets.get(id(node))
        if known is not None:
            return known
        at = offsets[id(node)] = len(cells)
        m = node.start_mark
        if isinstance(node, yaml.ScalarNode):
            cells.extend(("v", m.line, m.column, node.end_mark.line, node.style, node.tag, node.value))
            return at
        pairs = isinstance(node, yaml.MappingNode)
        width = 4 if pairs else 1
        cells.extend(("m" if pairs else "s", m.line, m.column, len(node.value)))
        first = len(cells)
        cells.extend([None] * (width * len(node.value)))
        for i, entry in enumerate(node.value):
            if pairs:
                k, v = entry
                cells[first + 4 * i:first + 4 * i + 3] = (
                    k.value if isinstance(k, yaml.ScalarNode) else None, k.start_mark.line, k.start_mark.column)
                cells[first + 4 * i + 3] = write(v)
            else:
                cells[first + i] = write(entry)
        return at

    write(root)
    return tuple(cells)


def _revived(cells: Places) -> yaml.Node:
    """A node tree again from its places (for a caller that asks for the nodes of a document
    whose tree was dropped): the same keys, styles and places, the marks' offsets unknown."""
    done: dict[int, yaml.Node] = {}

    def mark(line: int, column: int) -> yaml.Mark:
        return yaml.Mark(None, -1, line, column, None, None)

    def node(at: int) -> yaml.Node:
        known = done.get(at)
        if known is not None:
            return known
        kind, line, column, n = cells[at:at + 4]
        start = mark(line, column)
        if kind == "v":
            made: yaml.Node = yaml.ScalarNode(cells[at + 5], cells[at + 6], start, mark(n, 0), cells[at + 4])
        elif kind == "s":
            made = yaml.SequenceNode(_YAML_TAG + "seq", [], start, start)
            made.value = [node(cells[at + 4 + i]) for i in range(n)]
        else:
            made = yaml.MappingNode(_YAML_TAG + "map", [], start, start)
            for i in range(n):
                k, kl, kc, v = cells[at + 4 + 4 * i:at + 8 + 4 * i]
                key = (yaml.ScalarNode(_YAML_TAG + "str", k, mark(kl, kc), mark(kl, kc)) if k is not None
                       else yaml.MappingNode(_YAML_TAG + "map", [], mark(kl, kc), mark(kl, kc)))
                made.value.append((key, node(v)))
        done[at] = made
        return made

    return node(0)


class _Walk:
    """How :meth:`Document.locate` steps through one form of a document's places."""

    def child(self, node: Any, part: PathPart) -> tuple[tuple[int, int] | None, Any] | None:
        """(where the key starts, or None in a list; the value's node) at ``part`` of ``node``,
        or None if it has none."""
        raise NotImplementedError

    def start(self, node: Any) -> tuple[int, int]:
        """Line and column (0-based) where ``node`` starts."""
        raise NotImplementedError

    def scalar(self, node: Any) -> tuple[int, int, int, str | None] | None:
        """A scalar's start line, column, end line and style; None for anything else."""
        raise NotImplementedError


class _NodeWalk(_Walk):
    """The composed node tree."""

    def child(self, node: Any, part: PathPart) -> tuple[tuple[int, int] | None, Any] | None:
        if isinstance(node, yaml.MappingNode):
            hit = None
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value == str(part):
                    hit = ((k.start_mark.line, k.start_mark.column), v)  # last wins, as in construction
            return hit
        if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            return None, node.value[part]
        return None

    def start(self, node: Any) -> tuple[int, int]:
        return node.start_mark.line, node.start_mark.column

    def scalar(self, node: Any) -> tuple[int, int, int, str | None] | None:
        if not isinstance(node, yaml.ScalarNode):
            return None
        return node.start_mark.line, node.start_mark.column, node.end_mark.line, node.style


_NODE_WALK = _NodeWalk()


class _PlaceWalk(_Walk):
    """The places kept once the tree is dropped (a node is its offset in them)."""

    def __init__(self, cells: Places) -> None:
        self.cells = cells

    def child(self, node: Any, part: PathPart) -> tuple[tuple[int, int] | None, Any] | None:
        cells = self.cells
        kind, n = cells[node], cells[node + 3]
        if kind == "m":
            text = str(part)
            hit = None
            for at in range(node + 4, node + 4 + 4 * n, 4):
                if cells[at] == text:
                    hit = ((cells[at + 1], cells[at + 2]), cells[at + 3])  # last wins, as in construction
            return hit
        if kind == "s" and isinstance(part, int) and 0 <= part < n:
            return None, cells[node + 4 + part]
        return None

    def start(self, node: Any) -> tuple[int, int]:
        return self.cells[node + 1], self.cells[node + 2]

    def scalar(self, node: Any) -> tuple[int, int, int, str | None] | None:
        cells = self.cells
        if node is None or cells[node] != "v":
            return None
        return cells[node + 1], cells[node + 2], cells[node + 3], cells[node + 4]


def _at(walk: _Walk, node: Any, parts: Sequence[PathPart]) -> Any:
    """The node (or place) written at ``parts``, or None."""
    for part in parts:
        if node is None:
            return None
        hit = walk.child(node, part)
        if hit is None:
            return None
        node = hit[1]
    return node


def _inside_scalar(scalar: tuple[int, int, int, str | None], line: int, col: int,
                   source_lines: Callable[[], list[str]]) -> tuple[int, int] | None:
    """File line and column (1-based) of ``line``/``col`` of a scalar's value (its start line,
    column, end line and style), when its style keeps the value's lines as the file's: a literal
    block, or one line written in place."""
    start_line, start_col, end_line, style = scalar
    if style == "|":
        body = source_lines()[start_line + 1:]
        indent = next((len(t) - len(t.lstrip(" ")) for t in body if t.strip()), 0)
        return start_line + 2 + line, indent + col + 1
    if line == 0 and start_line == end_line and style in (None, "", "'", '"'):
        return start_line + 1, start_col + col + (2 if style in ("'", '"') else 1)
    return None


@dataclass(frozen=True)
class Anchor:
    """A place inside a document that relative paths start from (a turn inlined in a match, the
    match inside a log's ``input``), so checks never need to know where their data came from."""

    doc: Document
    prefix: tuple[PathPart, ...] = ()

    def problem(self, rel: Sequence[PathPart], message: str, *, key: bool = False) -> Problem:
        return self.doc.problem(self.prefix + tuple(rel), message, key=key)

    def sub(self, *rel: PathPart) -> "Anchor":
        return Anchor(self.doc, self.prefix + rel)

    def problem_in_text(self, rel: Sequence[PathPart], line: int, col: int, message: str) -> Problem:
        return self.doc.problem_in_text(self.prefix + tuple(rel), line, col, message)


def display_name(path: Path) -> str:
    """Paths in messages are relative to the working folder when below it, as GKs typed them."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)


class FileError(InputError):
    """A whole file cannot be read (missing, not a file, too big, unreadable): located at 1:1,
    or by the caller at the place that names the file (a match's ``turns:`` entry)."""


def real_path(path: Path) -> Path:
    """``path`` resolved through its links; a link loop (RuntimeError on Python 3.10–3.12, silent
    on 3.13) or a NUL in it (ValueError) gives the path as written, which then fails to open with a
    located message, or names no file dhproc reads."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def _whole_file(name: str, message: str) -> FileError:
    return FileError([Problem(name, 1, 1, message)])


def file_size(path: Path, name: str, max_bytes: int = MAX_BYTES) -> int:
    """The size of a regular file at ``path``, checked before a byte is read; FileError if it
    is missing, a folder, a device, a link loop or larger than ``max_bytes``."""
    try:
        st = path.stat()
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _whole_file(name, say("file.link_loop")) from None
        if exc.errno in (errno.ENOENT, errno.ENOTDIR):  # no file, so no line 1 to point at
            raise FileError([Problem(name, None, None, say("file.missing"))]) from None
        raise _whole_file(name, say("file.cannot_read", reason=exc.strerror or exc)) from None
    except RuntimeError:  # Python 3.10–3.12 report a link loop so
        raise _whole_file(name, say("file.link_loop")) from None
    if not stat.S_ISREG(st.st_mode):
        raise _whole_file(name, say("file.not_a_file"))
    if st.st_size > max_bytes:
        raise _whole_file(name, say("file.too_big", size=_mib(st.st_size), limit=_mib(max_bytes)))
    return st.st_size


def load_file(path: str | os.PathLike, *, max_bytes: int = MAX_BYTES) -> Document:
    """Read one YAML (or JSON) file into a :class:`Document`; every failure is an InputError.

    Inside :func:`batch_cache` a file is read and parsed once, however many inputs of the batch
    refer to it (a turn file reads its match and every sibling turn)."""
    p = Path(path)
    name = display_name(p) if p.is_absolute() else str(path)
    real = real_path(p)
    cache = _BATCH[-1] if _BATCH else None
    key = None
    if cache is not None:
        try:
            st = real.stat()
            key = (real, st.st_mtime_ns, st.st_size, max_bytes, name)
        except (OSError, RuntimeError):
            key = None
        hit = cache.get(key) if key is not None else None
        if isinstance(hit, InputError):
            raise hit
        if hit is not None:
            return Document(hit.path, hit.name, copy.deepcopy(hit.data), hit._root, hit._text)
    try:
        doc = _read_file(real, name, max_bytes)
    except InputError as exc:
        if key is not None:
            cache[key] = exc
        raise
    if key is not None:
        cache[key] = Document(doc.path, doc.name, copy.deepcopy(doc.data), doc._root, doc._text)
    return doc


def _read_file(real: Path, name: str, max_bytes: int) -> Document:
    size = file_size(real, name, max_bytes)
    try:
        with open(real, "rb") as handle:
            raw = read_up_to(handle, size, max_bytes)
    except OSError as exc:
        raise _whole_file(name, say("file.cannot_read", reason=exc.strerror or exc)) from None
    if len(raw) > max_bytes:  # grew between stat and read
        raise _whole_file(name, say("file.grew", limit=_mib(max_bytes)))
    return load_bytes(raw, real, name)


def read_up_to(handle: BinaryIO, size: int, max_bytes: int) -> bytes:
    """The file's bytes, at most ``max_bytes + 1`` of them (one more than the limit tells a file
    that grew past it since ``size`` was read). One buffer of the size the file had is read first:
    ``read(max_bytes + 1)`` allocates the whole limit (64 MiB for a log) and shrinks it, for
    every file; only a file that grew since is read on, up to the limit."""
    raw = handle.read(min(size, max_bytes) + 1)
    if size < len(raw) <= max_bytes:
        raw += handle.read(max_bytes + 1 - len(raw))
    return raw


_BATCH: list[dict] = []


@contextmanager
def batch_cache() -> Iterator[None]:
    """Within the block, each file is loaded once (keyed by its path, size and modification
    time): a batch of n turn files of one match costs n reads, not n²."""
    _BATCH.append({})
    try:
        yield
    finally:
        _BATCH.pop()


def load_bytes(raw: bytes, path: Path, name: str) -> Document:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError([Problem(name, line, col, say("file.not_utf8"))]) from None
    if path.suffix == ".json":
        data = _json_fast(text)
        if data is not _NOT_JSON:
            return Document(path, name, data, None, text)
    _check_shape(text, name)
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        problems = yaml_layout.node_problems(root, text, name) or _check_nodes(root, name)
        if problems:
            raise InputError(problems)
        data = loader.construct_document(root) if root is not None else None
    except yaml.YAMLError as exc:
        raise InputError(_syntax_problems(exc, text, name)) from None
    finally:
        loader.dispose()
    return Document(path, name, data, root)


def _syntax_problems(exc: yaml.YAMLError, text: str, name: str) -> list[Problem]:
    """The YAML error, or the full-width space, tab or colon on the lines before it that caused it."""
    problem = _located_yaml_error(exc, text, name)
    if isinstance(exc, _Refused):
        return [problem]
    return yaml_layout.text_problems(text, name, problem.line) or [problem]


_NOT_JSON = object()


def _json_fast(text: str) -> Any:
    """Plain JSON without duplicate keys, or _NOT_JSON: the YAML path then reports what is wrong,
    located."""
    import json

    def pairs(items: list) -> dict:
        out = dict(items)
        if len(out) != len(items):
            raise ValueError("duplicate key")
        return out

    if _SURROGATE_ESCAPE.search(text):  # not a character: YAML's reader points at it
        return _NOT_JSON
    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_int=_json_int)
    except (ValueError, RecursionError):
        return _NOT_JSON
    return data if _depth_within(data, MAX_DEPTH) else _NOT_JSON


def read_plain_json(path: str | os.PathLike, max_bytes: int, *,
                    up_to_key: str | None = None) -> tuple[Document, bytes] | None:
    """A ``.json`` file as plain JSON with its bytes, or None whenever it is not plainly that (any
    problem at all: the caller then loads it with :func:`load_file`, which says what it is).

    For a reader that accepts the data only if its bytes are exactly what dhproc writes (a
    replay): it skips what such bytes cannot hold (duplicate keys, which dhproc never writes) and
    leaves the nesting to :func:`nests_within_limit` once the bytes are known to be dhproc's
    layout; the size and the digits of a number are refused here as :func:`load_file` refuses
    them.

    With ``up_to_key``, a top-level key of a file in dhproc's layout (two spaces before it), the
    data are the file's keys before that one, read from the text before it; the file is still
    read whole and refused whole as above (its size, a surrogate escape), and one that holds a
    number of too many digits is read whole. For a reader that compares the rest with bytes it
    writes itself."""
    import json

    p = Path(path)
    real = real_path(p)
    name = display_name(p) if p.is_absolute() else str(path)
    if real.suffix != ".json":
        return None
    try:
        size = file_size(real, name, max_bytes)
        with open(real, "rb") as handle:
            raw = read_up_to(handle, size, max_bytes)
        if len(raw) > max_bytes:
            return None
        text = raw.decode("utf-8")
        if _SURROGATE_ESCAPE.search(text):  # load_file says where it is
            return None
        # every number is read by json's own C parser, unless the bytes hold a run of digits
        # longer than any number dhproc reads (one search of the bytes; a text holding such
        # digits is read with each number counted, as before)
        long_digits = raw.translate(_DIGITS_AS_ZERO).find(_TOO_MANY_DIGITS) != -1
        if long_digits:
            data = json.loads(text, parse_int=_json_int)
        else:
            data = json.loads(text if up_to_key is None else _keys_before(text, up_to_key))
    except (InputError, OSError, ValueError, RecursionError):
        return None
    return Document(real, name, data, None, text), raw


def _keys_before(text: str, key: str) -> str:
    """The text of an object in dhproc's layout cut before its top-level ``key`` and closed;
    ValueError if it has no such key after another one."""
    at = text.find(f',\n  "{key}": ')
    if at == -1:
        raise ValueError(key)
    return text[:at] + "\n}"


# an escaped UTF-16 surrogate (\ud800, alone or in a pair): JSON's syntax allows it, YAML's
# reader refuses it, located; a lone one is no character, which no log could be written with,
# and dhproc writes every character as itself, never so escaped
_SURROGATE_ESCAPE = lazy(r"\\u[dD][89a-fA-F]")

# each byte as b"0" if it is a digit, else b" ": a number too long to read is then a run of zeros
_DIGITS_AS_ZERO = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_TOO_MANY_DIGITS = b"0" * (MAX_INT_DIGITS + 1)


def tree_copy(node: Any) -> Any:
    """A copy of a loaded document's tree of mappings and lists (for a log's input, which must
    not share them with the match), its immutable leaves shared. A loaded tree has no cycle (a
    self-containing alias is refused), so this is ``copy.deepcopy`` without its memo of every
    node, a third of the time; anything else is deep-copied."""
    kind = type(node)
    if kind is dict:  # most values are leaves: shared without a call each
        return {k: v if type(v) in _LEAVES else tree_copy(v) for k, v in node.items()}
    if kind is list:
        return [v if type(v) in _LEAVES else tree_copy(v) for v in node]
    if kind in _LEAVES:
        return node
    return copy.deepcopy(node)


_LEAVES = frozenset({str, int, float, bool, type(None)})  # what tree_copy shares


def nests_within_limit(text: bytes, data: Any) -> bool:
    """Whether ``data``, written as ``text`` in the layout of dhproc's logs (two spaces more for
    each level), nests at most MAX_DEPTH deep, as :func:`load_file` requires: with no line indented
    near the limit it cannot, which one search of the text tells; else the data are walked."""
    if text.find(b"\n" + b" " * (2 * (MAX_DEPTH - 1))) == -1:
        return True
    return _depth_within(data, MAX_DEPTH)


def _depth_within(data: Any, limit: int) -> bool:
    """Whether lists and mappings nest at most ``limit`` deep (walked without recursion: the data
    may be nested thousands deep)."""
    level = [data] if type(data) in (dict, list) else []
    for _ in range(limit):  # one nesting level a round: only collections are carried down
        inner = []
        for value in level:
            items = value.values() if type(value) is dict else value
            inner.extend(v for v in items if type(v) in (dict, list))
        if not inner:
            return True
        level = inner
    return False


def _check_shape(text: str, name: str) -> None:
    """Count nesting, alias uses and the expanded size on the event stream, before anything is
    composed. The size counts every value and every character an alias stands for: a classic
    "billion laughs" needs only 91 aliases, but would expand to 10^9 values, and one 4 MiB text
    aliased 99 times would be 400 MiB once the data is checked."""
    loader = _Loader(text)
    depth = aliases = 0
    # values, characters and nesting levels inside each open collection
    sizes: list[list[int]] = [[0, 0, 0]]
    anchors: list[str | None] = []
    anchored: dict[str, tuple[int, int, int]] = {}  # anchor -> the values, characters and levels it stands for
    # anchors of the collections still open, with their depth: an alias of one of them would
    # make a value that contains itself (`- &a {x: *a}`), which no reader of the data survives
    open_anchors: dict[str, int] = {}
    try:
        while True:
            event = loader.get_event()
            if event is None:
                return
            m = event.start_mark
            if getattr(event, "anchor", None) is not None and not isinstance(event, yaml.AliasEvent):
                open_anchors.pop(event.anchor, None)  # redefined: later aliases mean the new node
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise InputError([Problem(name, m.line + 1, m.column + 1, say("yaml.too_deep", limit=MAX_DEPTH))])
                sizes.append([1, 0, 0])
                anchors.append(event.anchor)
                if event.anchor is not None:
                    open_anchors[event.anchor] = depth
                continue
            if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                values, chars, levels = sizes.pop()
                levels += 1
                anchor = anchors.pop()
                if anchor is not None:
                    anchored[anchor] = (values, chars, levels)
                    if open_anchors.get(anchor) == depth:
                        del open_anchors[anchor]
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent):
                values, chars, levels = 1, len(event.value), 0
                if event.anchor is not None:
                    anchored[event.anchor] = (values, chars, levels)
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise InputError([Problem(name, m.line + 1, m.column + 1,
                                              say("yaml.too_many_aliases", limit=MAX_ALIASES))])
                if event.anchor in open_anchors:
                    raise InputError([Problem(name, m.line + 1, m.column + 1,
                                              say("yaml.recursive_alias", alias=event.anchor))])
                values, chars, levels = anchored.get(event.anchor, (1, 0, 0))
                if depth + levels > MAX_DEPTH:  # 64 levels aliased inside 64 levels, and so on
                    raise InputError([Problem(name, m.line + 1, m.column + 1,
                                              say("yaml.too_deep_aliased", alias=event.anchor, limit=MAX_DEPTH))])
            else:
                continue
            sizes[-1][0] += values
            sizes[-1][1] += chars
            sizes[-1][2] = max(sizes[-1][2], levels)
            if sizes[-1][0] > MAX_VALUES:
                raise InputError([Problem(name, m.line + 1, m.column + 1,
                                          say("yaml.expands_values", limit=f"{MAX_VALUES:,}"))])
            if sizes[-1][1] > MAX_EXPANDED_CHARS:
                raise InputError([Problem(name, m.line + 1, m.column + 1,
                                          say("yaml.expands_text", limit=_mib(MAX_EXPANDED_CHARS)))])
    except yaml.YAMLError as exc:
        raise InputError(_syntax_problems(exc, text, name)) from None
    finally:
        loader.dispose()


def _located_yaml_error(exc: yaml.YAMLError, text: str, name: str) -> Problem:
    """Any error of the YAML library as a located Problem."""
    if isinstance(exc, yaml.reader.ReaderError):
        return _reader_problem(exc, text, name)
    if isinstance(exc, yaml.MarkedYAMLError):
        return _yaml_problem(exc, name)
    return Problem(name, None, None, say("yaml.error", detail=exc))


def _reader_problem(exc: "yaml.reader.ReaderError", text: str, name: str) -> Problem:
    """A character YAML does not allow (a control character): located from its offset."""
    pos = exc.position
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return Problem(name, line, col, say("yaml.control_char", code=f"{exc.character:04X}")
                   if isinstance(exc.character, int) else say("yaml.unreadable", reason=exc.reason))


def _check_nodes(root: yaml.Node | None, name: str) -> list[Problem]:
    """Tags dhproc does not read, keys that are not text, duplicate keys: every one, located."""
    problems: list[Problem] = []
    seen_nodes: set[int] = set()
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if id(node) in seen_nodes:  # an alias: checked where it was defined
            continue
        seen_nodes.add(id(node))
        tag_problem = _tag_problem(node, name)
        if tag_problem is not None:
            problems.append(tag_problem)
            continue
        if isinstance(node, yaml.MappingNode):
            firsts: dict[tuple[str, str], yaml.Node] = {}
            for k, v in node.value:
                if k.tag == _MERGE_TAG and isinstance(k, yaml.ScalarNode):
                    stack.append(v)
                    continue
                key_problem = _tag_problem(k, name)
                if key_problem is not None:
                    problems.append(key_problem)
                    stack.append(v)
                    continue
                if not (isinstance(k, yaml.ScalarNode) and k.tag == "tag:yaml.org,2002:str"):
                    # JSON data has text keys only; a number or null key would not survive the log.
                    m = k.start_mark
                    shown = (k.value or "null") if isinstance(k, yaml.ScalarNode) else "a collection"
                    problems.append(Problem(name, m.line + 1, m.column + 1, say("yaml.key_not_text", shown=repr(shown))))
                    stack.append(v)
                    continue
                if isinstance(k, yaml.ScalarNode):
                    first = firsts.setdefault((k.tag, k.value), k)
                    if first is not k:
                        m = k.start_mark
                        problems.append(Problem(name, m.line + 1, m.column + 1,
                                                say("yaml.duplicate_key", key=k.value, line=first.start_mark.line + 1)))
                stack.append(v)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return problems


def _yaml_problem(exc: yaml.MarkedYAMLError, name: str) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    if isinstance(exc, _Refused):
        message = exc.problem or "YAML error"
    else:  # PyYAML's English phrases, said in the command's language
        message = yaml_words.phrase(exc.problem) or "YAML error"
        if exc.context and exc.problem:
            message = say("yaml.in_context", problem=message, context=yaml_words.phrase(exc.context))
    if isinstance(exc, _Refused) and mark is not None:
        return Problem(name, mark.line + 1, mark.column + 1, message)
    if mark is None:
        return Problem(name, None, None, say("yaml.syntax", detail=message))
    return Problem(name, mark.line + 1, mark.column + 1, say("yaml.syntax", detail=message))


def _mib(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MiB"


def inside(child: Path, folder: Path) -> bool:
    """True when ``child`` (resolved) lies in ``folder``'s tree."""
    try:
        child.relative_to(folder)
        return True
    except ValueError:
        return False
