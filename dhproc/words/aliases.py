"""Submissions written the way people write them: Japanese keys and display names.

A ruleset declares :class:`SubmissionAliases` — which Japanese (or other) keys stand for which
English keys, and which keys name characters. Before a turn's submissions are checked, keys are
renamed and names turned into ids, in the data and in the YAML node tree alike (so every later
problem is still located where it was written). The log then holds only ids and English keys.

A name becomes an id only when it is exactly a character's display name or id (width- and
kana-folded); anything else is left as written, and the checks report it with a "did you mean".
A key given both ways (``to`` and ``移動``) is left alone for the schema to report.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Callable, Iterable, Mapping, NamedTuple

import yaml

from .names import NameIndex

__all__ = ["SubmissionAliases", "apply_aliases", "Misspelt", "misspelt", "unknown_names"]


class SubmissionAliases(NamedTuple):
    keys: Mapping[str, str]  # alias -> English key, at any depth of a submission
    name_keys: frozenset[str] = frozenset()  # keys whose value (or items) names characters
    name_maps: frozenset[str] = frozenset()  # keys whose mapping is keyed by characters
    values: Mapping[str, Mapping[str, str]] = {}  # English key -> alias value -> English (read only: shared)
    # the ruleset's own naming after the keys' (a character's skills, words for values):
    # ``then(submissions, node, setup)`` changes them in place
    then: Callable[[Any, "yaml.Node | None", dict], None] | None = None


def _key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip()


def _id(value: Any, names: NameIndex) -> Any:
    if not isinstance(value, str):
        return value
    found = names.resolve(value)
    return found.id if found.how == "exact" else value


def apply_aliases(data: Any, node: yaml.Node | None, aliases: SubmissionAliases, names: NameIndex,
                  setup: dict | None = None) -> None:
    """Rename alias keys and replace exact names by ids, in place (``node`` may be None: JSON)."""
    _apply(data, node, aliases, names)
    if aliases.then is not None and setup is not None:
        aliases.then(data, node, setup)


def _rename_keys(mapping: dict, node: yaml.Node | None, new_key) -> None:
    """Rename the keys of ``mapping`` (and of its YAML node, so problems stay located) in place."""
    pairs = node.value if isinstance(node, yaml.MappingNode) else []
    renamed = {}
    for key, value in mapping.items():
        new = new_key(key)
        if new != key and (new in mapping or new in renamed):
            new = key  # given both ways: the schema or the checks say so
        for k_node, _ in pairs:
            if new != key and isinstance(k_node, yaml.ScalarNode) and k_node.value == key:
                k_node.value = new
        renamed[new] = value
    mapping.clear()
    mapping.update(renamed)


def _apply(data: Any, node: yaml.Node | None, aliases: SubmissionAliases, names: NameIndex) -> None:
    if isinstance(data, list):
        items = node.value if isinstance(node, yaml.SequenceNode) else [None] * len(data)
        for item, item_node in zip(data, items):
            _apply(item, item_node, aliases, names)
        return
    if not isinstance(data, dict):
        return
    _rename_keys(data, node, lambda k: aliases.keys.get(_key(k), k) if isinstance(k, str) else k)
    pairs = node.value if isinstance(node, yaml.MappingNode) else []
    for key, value in list(data.items()):
        if key in aliases.name_keys:
            value = [_id(v, names) for v in value] if isinstance(value, list) else _id(value, names)
        if key in aliases.values and isinstance(value, str):
            value = aliases.values[key].get(_key(value), value)
        data[key] = value
        value_node = next((v for k, v in pairs if isinstance(k, yaml.ScalarNode) and k.value == key), None)
        if key in aliases.name_maps and isinstance(value, dict):
            _rename_keys(value, value_node, lambda k: _id(k, names))
        _apply(value, value_node, aliases, names)


class Misspelt(NamedTuple):
    """A key or value typed in Japanese that is none of the aliases, but close to one."""

    depth: int  # how many parts of the problem's path (below submissions) lead to it
    is_key: bool
    typed: str
    close: tuple[str, ...]  # the aliases it looks like, nearest first


def _typed_in_japanese(text: Any) -> bool:
    """A word with characters beyond ASCII: its did-you-mean comes from the Japanese aliases."""
    return isinstance(text, str) and any(ord(ch) > 0x7F for ch in text)


def _nearest(typed: str, words: Iterable[str]) -> tuple[str, ...]:
    """The aliases closest to ``typed`` by edit distance (only the nearest: メインアクシヨン is
    メインアクション, not also メイン, which it merely begins with)."""
    from .names import edit_distance, fold, suggestions

    close = suggestions(typed, words)
    if not close:
        return ()
    cost = {word: edit_distance(fold(typed), fold(word)) for word in close}
    best = min(cost.values())
    return tuple(word for word in close if cost[word] == best)


def misspelt(path: tuple, data: Any, aliases: SubmissionAliases) -> Misspelt | None:
    """The first Japanese key or value along ``path`` (in the submissions ``data``, after the
    aliases were applied) that no alias matched and that looks like one (``対像`` for ``対象``)."""
    node, parent = data, None
    for depth, part in enumerate(path, 1):
        if isinstance(node, dict) and isinstance(part, str) and part in node:
            a_key = parent not in aliases.name_maps  # not a character's name keying a mapping
            if a_key and _typed_in_japanese(part) and _key(part) not in aliases.keys:
                close = _nearest(part, aliases.keys)
                if close:
                    return Misspelt(depth, True, part, close)
            value = node[part]
            words = aliases.values.get(part, {})
            if words and _typed_in_japanese(value) and _key(value) not in words:
                close = _nearest(value, words)
                if close:
                    return Misspelt(depth, False, value, close)
            node, parent = value, part
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return None
    return None


def unknown_names(data: Any, aliases: SubmissionAliases, ids: Iterable[str],
                  path: tuple = ()) -> list[tuple[tuple, str, bool]]:
    """Every place in ``data`` (submissions after :func:`apply_aliases`) that names a character
    no id nor display name matched: (path, text as written, whether it is a mapping's key). What
    is not text (the schema's to report) is passed over."""
    known = set(ids)
    found: list[tuple[tuple, str, bool]] = []

    def walk(node: Any, at: tuple) -> None:
        if isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, at + (i,))
            return
        if not isinstance(node, dict):
            return
        for key, value in node.items():
            if key in aliases.name_keys:
                named = value if isinstance(value, list) else [value]
                spots = [at + (key, i) for i in range(len(named))] if isinstance(value, list) else [at + (key,)]
                found.extend((spot, v, False) for spot, v in zip(spots, named) if isinstance(v, str) and v not in known)
            if key in aliases.name_maps and isinstance(value, dict):
                found.extend((at + (key, k), k, True) for k in value if isinstance(k, str) and k not in known)
            walk(value, at + (key,))

    walk(data, path)
    return found
