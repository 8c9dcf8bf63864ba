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
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import yaml

from .names import NameIndex

__all__ = ["SubmissionAliases", "apply_aliases"]


@dataclass(frozen=True)
class SubmissionAliases:
    keys: Mapping[str, str]  # alias -> English key, at any depth of a submission
    name_keys: frozenset[str] = field(default_factory=frozenset)  # keys whose value (or items) names characters
    name_maps: frozenset[str] = field(default_factory=frozenset)  # keys whose mapping is keyed by characters
    values: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # English key -> alias value -> English
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
