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
    name_maps: frozenset[str] = field(default_factory=frozenset)  # keys whose value is a mapping keyed by characters
    # the ruleset's own naming, after the keys' (names of skills, words for values):
    # ``resolve(submissions, node, setup)`` changes them in place
    resolve: Callable[[Any, "yaml.Node | None", dict], None] | None = None


def _key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip()


def _id(value: Any, names: NameIndex) -> Any:
    if not isinstance(value, str):
        return value
    found = names.resolve(value)
    return found.id if found.how == "exact" else value


def apply_aliases(data: Any, node: yaml.Node | None, aliases: SubmissionAliases, names: NameIndex) -> None:
    """Rename alias keys and replace exact names by ids, in place (``node`` may be None: JSON)."""
    if isinstance(data, list):
        items = node.value if isinstance(node, yaml.SequenceNode) else [None] * len(data)
        for item, item_node in zip(data, items):
            apply_aliases(item, item_node, aliases, names)
        return
    if not isinstance(data, dict):
        return
    pairs = node.value if isinstance(node, yaml.MappingNode) else []
    renamed: dict[str, Any] = {}
    for key, value in data.items():
        new = aliases.keys.get(_key(key), key) if isinstance(key, str) else key
        if new != key and (new in data or new in renamed):
            new = key  # given both ways: the schema says so
        if new != key:
            for k_node, _ in pairs:
                if isinstance(k_node, yaml.ScalarNode) and k_node.value == key:
                    k_node.value = new
        if new in aliases.name_keys:
            value = [_id(v, names) for v in value] if isinstance(value, list) else _id(value, names)
        if new in aliases.name_maps and isinstance(value, dict):
            value_node = next((v for k, v in pairs if isinstance(k, yaml.ScalarNode) and k.value == new), None)
            _name_keys(value, value_node, names)
        renamed[new] = value
    data.clear()
    data.update(renamed)
    for key, value in data.items():
        value_node = next((v for k, v in pairs if isinstance(k, yaml.ScalarNode) and k.value == key), None)
        apply_aliases(value, value_node, aliases, names)


def _name_keys(data: dict, node: yaml.Node | None, names: NameIndex) -> None:
    """A mapping keyed by characters (``plans: {山田太郎: …}``): each exact name becomes its id,
    unless that id is also written (then both stay, and the checks report the name)."""
    pairs = node.value if isinstance(node, yaml.MappingNode) else []
    renamed: dict[Any, Any] = {}
    for key, value in data.items():
        new = _id(key, names)
        if new != key and (new in data or new in renamed):
            new = key
        if new != key:
            for k_node, _ in pairs:
                if isinstance(k_node, yaml.ScalarNode) and k_node.value == key:
                    k_node.value = new
        renamed[new] = value
    data.clear()
    data.update(renamed)
