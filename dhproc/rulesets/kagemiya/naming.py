"""Names as GKs and players write them in a kagemiya turn file (docs/aliases.md).

The platform (:mod:`dhproc.words.aliases`) renames the Japanese keys and puts character ids for
display names under the keys that name characters. What is kagemiya's own is done here, after
it: the characters that key the standing orders (``defense: {セイバー: [...]}``), the skills,
宝具 and 倍加 a character declares (named as its own, by display name or id), the 令呪 kinds
(``令呪（補正）``, ``補正`` or ``boost``), and the Japanese words for an action (``do: 物理攻撃``) and
for a master's choice (``on_servant_loss: 保護``). A name is replaced only when it is exactly one
thing's name or id (width- and kana-folded); anything else is left for the checks to report with
a "did you mean".
"""

from __future__ import annotations

import re
from typing import Any, Iterable

import yaml

from ...words.names import fold

# the Japanese words for the values of `do` and `on_servant_loss`
DO_WORDS = {"physical": ("物理攻撃", "物理"), "magical": ("魔術攻撃", "魔術", "魔力攻撃"),
            "ambush": ("奇襲攻撃", "奇襲"), "escape": ("逃走",), "pass": ("待機", "パス", "行動なし"),
            "command_spell": ("令呪使用", "令呪")}
LOSS_WORDS = {"fight": ("戦闘続行", "続行", "戦う"), "protect": ("保護", "保護申請", "監督役の保護")}
DECLARED = ("use", "command_spells", "doubling")


def exact(text: Any, names: dict[str, Iterable[str]]) -> str | None:
    """The one id whose id or one of whose names is ``text`` (folded), else None."""
    if not isinstance(text, str):
        return None
    key = fold(text)
    found = [i for i, alts in names.items() if key in {fold(i), *(fold(a) for a in alts)}]
    return found[0] if len(found) == 1 else None


def spell_kind_names(setup: dict) -> dict[str, list[str]]:
    """Each 令呪 kind's id -> its names: 令呪（補正）, and 補正 without the word 令呪 and the brackets."""
    from .model import DEFAULT_SPELL_KINDS

    kinds = setup.get("command_spell_kinds")
    out: dict[str, list[str]] = {}
    for k in kinds if isinstance(kinds, list) else DEFAULT_SPELL_KINDS:
        if isinstance(k, dict) and isinstance(k.get("id"), str):
            name = k.get("name") if isinstance(k.get("name"), str) else k["id"]
            bare = re.sub(r"^令呪\s*[（(]?\s*|\s*[）)]\s*$", "", name)
            out.setdefault(k["id"], [name, bare] if bare else [name])
    return out


def resource_names(character: Any, kinds: tuple[str, ...]) -> dict[str, list[str]]:
    """A character's skills and 宝具 (or 倍加) by id -> display name."""
    out: dict[str, list[str]] = {}
    if not isinstance(character, dict):
        return out
    for key in kinds:
        items = character.get(key)
        for r in items if isinstance(items, list) else []:
            if isinstance(r, dict) and isinstance(r.get("id"), str):
                out.setdefault(r["id"], [r["name"]] if isinstance(r.get("name"), str) else [])
    return out


def _ids(values: Any, names: dict[str, list[str]]) -> Any:
    if not isinstance(values, list):
        return values
    return [exact(v, names) or v for v in values]


def _declared(entry: Any, character: Any, spells: dict[str, list[str]]) -> None:
    if not isinstance(entry, dict):
        return
    if "use" in entry:
        entry["use"] = _ids(entry["use"], resource_names(character, ("skills", "noble_phantasms")))
    if "doubling" in entry:
        entry["doubling"] = _ids(entry["doubling"], resource_names(character, ("doubling",)))
    if "command_spells" in entry:
        entry["command_spells"] = _ids(entry["command_spells"], spells)


def _word(value: Any, words: dict[str, tuple[str, ...]]) -> Any:
    return exact(value, dict(words)) or value


def resolve(subs: Any, node: yaml.Node | None, setup: dict) -> None:
    """Put ids and English words in place of names in a turn's submissions, in place."""
    chars = setup.get("characters") if isinstance(setup, dict) else None
    if not isinstance(subs, dict) or not isinstance(chars, dict):
        return
    names = {cid: [c["name"]] if isinstance(c, dict) and isinstance(c.get("name"), str) else []
             for cid, c in chars.items()}
    spells = spell_kind_names(setup)
    side_nodes = dict(_pairs(node))
    for sid, sub in subs.items():
        if not isinstance(sub, dict):
            continue
        for key in ("initiative", "escape_roller"):
            entry = sub.get(key)
            if isinstance(entry, dict):
                _declared(entry, _character(chars, entry.get("roller")), spells)
        for act in sub.get("actions") if isinstance(sub.get("actions"), list) else []:
            if isinstance(act, dict):
                if "do" in act:
                    act["do"] = _word(act["do"], DO_WORDS)
                _declared(act, _character(chars, act.get("actor")), spells)
        if "on_servant_loss" in sub:
            sub["on_servant_loss"] = _word(sub["on_servant_loss"], LOSS_WORDS)
        defense = sub.get("defense")
        if isinstance(defense, dict):
            _rename_keys(defense, names, dict(_pairs(side_nodes.get(sid))).get("defense"))
            for cid, entries in defense.items():
                for entry in entries if isinstance(entries, list) else []:
                    _declared(entry, _character(chars, cid), spells)


def _character(chars: dict, cid: Any) -> Any:
    """The setup's entry for ``cid``; None for what cannot be an id (a list where a name belongs)."""
    return chars.get(cid) if isinstance(cid, str) else None


def _pairs(node: yaml.Node | None) -> list[tuple[str, yaml.Node]]:
    if not isinstance(node, yaml.MappingNode):
        return []
    return [(k.value, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)]


def _rename_keys(mapping: dict, names: dict[str, list[str]], node: yaml.Node | None) -> None:
    """Character names keying ``mapping`` become ids (in the node tree too, so problems stay located)."""
    renamed: dict[Any, Any] = {}
    for key, value in mapping.items():
        new = exact(key, names) or key
        if new != key and (new in mapping or new in renamed):
            new = key  # named both ways: the checks report the name
        if new != key and isinstance(node, yaml.MappingNode):
            for k_node, _ in node.value:
                if isinstance(k_node, yaml.ScalarNode) and k_node.value == key:
                    k_node.value = new
        renamed[new] = value
    mapping.clear()
    mapping.update(renamed)
