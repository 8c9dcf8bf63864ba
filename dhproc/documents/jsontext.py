"""JSON text in the layout of ``json.dumps(value, ensure_ascii=False, indent=2)``, made by the C
encoder.

The standard library uses its C encoder only without ``indent``; with it, every value of the log
goes through the pure-Python encoder, which cost a log about as much as resolving it. The layout
is the log's format (one value a line, so two logs diff line by line) and must not change by a
byte. Here the walk over containers is Python, but a container holding no container (most of a
log: each event, each character's state) is written by one call of the C encoder, whose item
separator carries that depth's newline and indent. Scalars and keys are always the C encoder's,
so every number and string is spelt as ``json.dumps`` spells it.
"""

from __future__ import annotations

import json
from json import encoder as _stdlib
from typing import Any, Callable

__all__ = ["indented", "indented_at", "key_text"]

_CONTAINERS = (dict, list, tuple)
_C_MAKE = _stdlib.c_make_encoder  # None where Python was built without the _json module
_STRING = _stdlib.encode_basestring  # ensure_ascii=False's: the C function where there is one
_FLAT: list[Callable[[Any, int], list[str]]] = []  # depth -> C encoder whose items are one indent deeper


def _other_key(key: Any) -> str:
    """A key that is not text (a number, true, null) as json spells it: by the C encoder too."""
    return "".join(_flat(0)({key: None}, 0))[1:-len(": null}")]


def _default(value: Any) -> Any:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def _flat(depth: int) -> Callable[[Any, int], list[str]]:
    while len(_FLAT) <= depth:
        separator = ",\n" + "  " * (len(_FLAT) + 1)
        _FLAT.append(_C_MAKE(None, _default, _STRING, None, ": ", separator,
                             False, False, True))
    return _FLAT[depth]


def indented(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, indent=2)``, byte for byte."""
    if _C_MAKE is None:
        return json.dumps(value, ensure_ascii=False, indent=2)
    out: list[str] = []
    _write(value, 0, out)
    return "".join(out)


def indented_at(value: Any, depth: int) -> str:
    """``value`` as :func:`indented` writes it nested ``depth`` levels deep: its lines after the
    first indented by that depth, the first as it follows its key or its list's indent."""
    if _C_MAKE is None:  # a string holds no newline: every newline is the layout's
        return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + "  " * depth)
    out: list[str] = []
    _write(value, depth, out)
    return "".join(out)


def key_text(key: Any) -> str:
    """A mapping's key as :func:`indented` writes it (without its ``": "``)."""
    return _STRING(key) if type(key) is str else _other_key(key)


def _write(value: Any, depth: int, out: list[str]) -> None:
    if isinstance(value, dict):
        _write_dict(value, depth, out)
    elif isinstance(value, (list, tuple)):
        _write_list(value, depth, out)
    else:
        out.append("".join(_flat(0)(value, 0)))


def _write_dict(value: dict, depth: int, out: list[str]) -> None:
    if not value:
        out.append("{}")
        return
    inner, outer = "\n" + "  " * (depth + 1), "\n" + "  " * depth
    for item in value.values():
        if isinstance(item, _CONTAINERS):
            break
    else:  # no container inside: one C call writes it, its separator indenting each item
        text = "".join(_flat(depth)(value, 0))
        out += ("{", inner, text[1:-1], outer, "}")
        return
    scalar = _flat(0)
    separator = "{" + inner
    for key, item in value.items():
        out += (separator, _STRING(key) if type(key) is str else _other_key(key), ": ")
        separator = "," + inner
        if isinstance(item, _CONTAINERS):
            _write(item, depth + 1, out)
        else:
            out.append(_STRING(item) if type(item) is str else "".join(scalar(item, 0)))
    out += (outer, "}")


def _write_list(value: list | tuple, depth: int, out: list[str]) -> None:
    if not value:
        out.append("[]")
        return
    inner, outer = "\n" + "  " * (depth + 1), "\n" + "  " * depth
    for item in value:
        if isinstance(item, _CONTAINERS):
            break
    else:
        text = "".join(_flat(depth)(value, 0))
        out += ("[", inner, text[1:-1], outer, "]")
        return
    separator = "[" + inner
    run: list[dict] = []  # flat mappings in a row (a turn's events): written by one C call
    for item in value:
        if _flat_mapping(item):
            run.append(item)
            continue
        if run:
            out += (separator, _mappings(run, depth))
            separator, run = "," + inner, []
        out.append(separator)
        separator = "," + inner
        if isinstance(item, _CONTAINERS):
            _write(item, depth + 1, out)
        else:
            out.append(_STRING(item) if type(item) is str else "".join(_flat(0)(item, 0)))
    if run:
        out += (separator, _mappings(run, depth))
    out += (outer, "]")


def _flat_mapping(item: Any) -> bool:
    """A non-empty mapping holding no container."""
    if not isinstance(item, dict) or not item:
        return False
    for inside in item.values():
        if isinstance(inside, _CONTAINERS):
            return False
    return True


def _mappings(run: list[dict], depth: int) -> str:
    """Flat mappings that are items of a list at ``depth``, in one C call, as the list's items
    joined by its separators. The C encoder's separator indents the mappings' items; the places
    between two mappings (``},``, newline, indent, ``{``: a string holds no newline, so nothing
    else looks so) get the list's own newline and indent."""
    inner, items = "\n" + "  " * (depth + 1), "\n" + "  " * (depth + 2)
    text = "".join(_flat(depth + 1)(run, 0))  # [{…},<items>{…}]
    body = text[2:-2].replace("}," + items + "{", inner + "}," + inner + "{" + items)
    return "{" + items + body + inner + "}"
