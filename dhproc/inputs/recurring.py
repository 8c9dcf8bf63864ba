"""What a batch works out again and again for the same document, kept by the document's exact
content: the logs of one match (each seed of it, each turn of it) hold the same setup and the same
submissions, and what is true of one content (valid against a schema, renamed by no alias) is true
of the same content. A changed document has another content and is worked out afresh."""

from __future__ import annotations

import marshal
import threading
from typing import Any, Hashable, Union

__all__ = ["content", "Content", "KeptByContent"]

LARGEST = 64 * 1024  # characters (or bytes) of a document's content kept at most

Content = Union[bytes, str]  # marshal's bytes, or repr's text for a value marshal does not take


def content(data: Any) -> Content | None:
    """The content of a loaded document, exactly: ``marshal``'s bytes of its mappings, lists,
    texts, numbers, booleans and nulls tell apart every value a schema or a rule does (1, 1.0,
    true and "1"; a key 1 and a key "1"), keep the order of keys and give the value back alone,
    in C (a tenth of ``repr``'s time). A value marshal does not take (a YAML timestamp) is known
    by its ``repr``, which tells the same apart; a text never equals bytes, so the two never
    meet. The same value may have two contents (a text shared or not): it is then only worked
    out again. A document too deep for either, or too large to keep, has none."""
    try:
        found: Content = marshal.dumps(data)
    except ValueError:  # not marshal's types, or nested past its limit
        try:
            found = repr(data)
        except RecursionError:
            return None
    return found if len(found) <= LARGEST else None


class KeptByContent:
    """A few answers by key (contents and names), the most recently used kept; a lock, for the
    threads of a Dask worker."""

    def __init__(self, entries: int = 64):
        self.entries = entries
        self._kept: dict[Hashable, Any] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, default: Any = None) -> Any:
        with self._lock:
            if key not in self._kept:
                return default
            value = self._kept[key] = self._kept.pop(key)  # the most recently used, again
            return value

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._kept[key] = value
            while len(self._kept) > self.entries:
                del self._kept[next(iter(self._kept))]

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
