"""A quick "is this certainly valid?" for the subset of JSON Schema that dhproc's schemas use.

jsonschema is the authority: it gives every located problem. But it costs ~50 ms to import,
which a GK pays on every run although almost every file is valid. This checker answers only
True (certainly valid: jsonschema need not be asked) or False (not sure: ask jsonschema). It
is written to err on False — a keyword it does not know, a float where an integer is wanted,
anything unusual — and tests/unit/test_fastcheck.py checks on mutated documents of every schema
that whenever it says True, jsonschema finds no problem either.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

# Keywords that only annotate: they never make a document invalid.
ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "default", "x-message", "examples"})
TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


class _Unsure(Exception):
    """The schema or the data is outside what this checker decides."""


def certainly_valid(schema: dict, data: Any) -> bool:
    """True only when ``data`` is valid against ``schema`` for certain; False means "ask jsonschema"."""
    try:
        return _check(schema, data, schema, 0)
    except (_Unsure, RecursionError, re.error):
        return False


@lru_cache(maxsize=None)
def _pattern(text: str) -> re.Pattern:
    return re.compile(text)


def _check(s: dict, v: Any, root: dict, depth: int) -> bool:
    if depth > 64:
        raise _Unsure
    for key, want in s.items():
        if key in ANNOTATIONS or key == "$defs":
            continue
        if key == "$ref":
            if not want.startswith("#/") or len(s) > 1 + len(ANNOTATIONS & s.keys()):
                raise _Unsure  # only local refs, with no siblings to merge
            target = root
            for part in want[2:].split("/"):  # a JSON pointer: #/$defs/x, #/$defs/x/properties/y
                target = target[part.replace("~1", "/").replace("~0", "~")]
            if not _check(target, v, root, depth + 1):
                return False
        elif key == "type":
            names = want if isinstance(want, list) else [want]
            if any(n not in TYPES for n in names):
                raise _Unsure
            if not any(TYPES[n](v) for n in names):
                return False
        elif key == "properties":
            if isinstance(v, dict):
                for name, sub in want.items():
                    if name in v and not _check(sub, v[name], root, depth + 1):
                        return False
        elif key == "required":
            if isinstance(v, dict) and any(r not in v for r in want):
                return False
        elif key == "additionalProperties":
            if isinstance(v, dict):
                extra = [k for k in v if k not in s.get("properties", {})]
                if want is False and extra:
                    return False
                if isinstance(want, dict) and not all(_check(want, v[k], root, depth + 1) for k in extra):
                    return False
        elif key == "propertyNames":
            if isinstance(v, dict) and not all(_check(want, k, root, depth + 1) for k in v):
                return False
        elif key in ("minProperties", "maxProperties"):
            if isinstance(v, dict) and not _bound(key, len(v), want):
                return False
        elif key == "items":
            if not isinstance(want, dict):
                raise _Unsure
            if isinstance(v, list) and not all(_check(want, x, root, depth + 1) for x in v):
                return False
        elif key in ("minItems", "maxItems"):
            if isinstance(v, list) and not _bound(key, len(v), want):
                return False
        elif key == "uniqueItems":
            if want and isinstance(v, list):
                if not all(isinstance(x, str) for x in v):
                    raise _Unsure
                if len(set(v)) != len(v):
                    return False
        elif key in ("minLength", "maxLength"):
            if isinstance(v, str) and not _bound(key, len(v), want):
                return False
        elif key in ("minimum", "maximum"):
            if isinstance(v, float):
                raise _Unsure
            if isinstance(v, int) and not isinstance(v, bool) and not _bound(key, v, want):
                return False
        elif key == "pattern":
            if isinstance(v, str) and not _pattern(want).search(v):
                return False
        elif key in ("enum", "const"):
            options = want if key == "enum" else [want]
            if not any(_same(v, o) for o in options):
                return False
        elif key == "anyOf":
            if not any(_check(sub, v, root, depth + 1) for sub in want):
                return False
        elif key == "oneOf":  # exactly one: each branch is decided (or the whole check is unsure)
            if sum(1 for sub in want if _check(sub, v, root, depth + 1)) != 1:
                return False
        elif key == "allOf":
            if not all(_check(sub, v, root, depth + 1) for sub in want):
                return False
        elif key == "if":
            # Exact, because this checker returns False only for a definite violation and
            # raises for anything it cannot decide.
            branch = s.get("then") if _check(want, v, root, depth + 1) else s.get("else")
            if branch is not None and not _check(branch, v, root, depth + 1):
                return False
        elif key in ("then", "else"):
            continue  # decided with "if"; without an "if" they mean nothing
        else:
            raise _Unsure
    return True


def _bound(key: str, value: int, limit: int) -> bool:
    return value >= limit if key.startswith("min") else value <= limit


def _same(a: Any, b: Any) -> bool:
    """JSON equality for scalars: true is not 1, and 1 is not "1"."""
    if isinstance(a, (dict, list, float)) or isinstance(b, (dict, list, float)):
        raise _Unsure
    return type(a) is type(b) and a == b
