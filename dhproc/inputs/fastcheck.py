"""A quick "is this certainly valid?" for the subset of JSON Schema that dhproc's schemas use.

jsonschema is the authority: it gives every located problem. But it costs ~50 ms to import,
which a GK pays on every run although almost every file is valid. This checker answers only
True (certainly valid: jsonschema need not be asked) or False (not sure: ask jsonschema). It
is written to err on False — a keyword it does not know, a float where an integer is wanted,
anything unusual — and tests/unit/test_fastcheck.py checks on mutated documents of every schema
that whenever it says True, jsonschema finds no problem either.

Each schema is turned once into a tree of small checks (one per keyword, in the schema's order),
so a batch that checks a thousand setups against one schema reads the schema once, not a
thousand times.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

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
# The same tests as steps (value, depth), for a "type" of one name: one call a value, not two.
TYPE_STEPS = {
    "object": lambda v, d: isinstance(v, dict),
    "array": lambda v, d: isinstance(v, list),
    "string": lambda v, d: isinstance(v, str),
    "integer": lambda v, d: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v, d: isinstance(v, bool),
    "null": lambda v, d: v is None,
}


class _Unsure(Exception):
    """The schema or the data is outside what this checker decides."""


def certainly_valid(schema: dict, data: Any) -> bool:
    """True only when ``data`` is valid against ``schema`` for certain; False means "ask jsonschema"."""
    try:
        return _compiled(schema)(data, 0)
    except (_Unsure, RecursionError, re.error):
        return False


# A schema's checker, made once: a GK's batch checks one setup schema for every file, a replay
# batch for every log. Each schema's keywords become steps run in the schema's own order, each
# deciding (True, False or _Unsure) exactly as it would be decided reading the schema afresh.
Check = Callable[[Any, int], bool]
_COMPILED: dict[int, tuple[dict, Check]] = {}  # id of a root schema -> (the schema, its checker)


def _compiled(schema: dict) -> Check:
    known = _COMPILED.get(id(schema))
    if known is None or known[0] is not schema:
        known = _COMPILED[id(schema)] = (schema, _Compiler(schema).check_of(schema))
    return known[1]


class _Compiler:
    def __init__(self, root: dict):
        self.root = root
        self.made: dict[int, Check] = {}  # id of a subschema (held by the root) -> its checker

    def check_of(self, s: dict) -> Check:
        made = self.made.get(id(s))
        if made is None:
            self.made[id(s)] = self._later(s)  # asked for again while being made: a loop of $refs
            made = self.made[id(s)] = self._make(s)
        return made

    def _later(self, s: Any) -> Check:
        """The checker of ``s``, looked up when first used (a schema that contains itself)."""
        def check(v: Any, depth: int) -> bool:
            return self.made[id(s)](v, depth)
        return check

    def _make(self, s: dict) -> Check:
        # "then" and "else" are decided with "if"; without an "if" they mean nothing
        steps = [self._step(s, key, want) for key, want in s.items()
                 if key not in ANNOTATIONS and key not in ("$defs", "then", "else")]

        def check(v: Any, depth: int) -> bool:
            if depth > 64:
                raise _Unsure
            for step in steps:
                if not step(v, depth + 1):
                    return False
            return True
        return check

    def _step(self, s: dict, key: str, want: Any) -> Check:  # noqa: C901 - one branch per keyword
        lazy = self.check_of
        if key == "$ref":
            if not isinstance(want, str) or not want.startswith("#/") or len(s) > 1 + len(ANNOTATIONS & s.keys()):
                return _unsure  # only local refs, with no siblings to merge
            return self._ref(want)
        if key == "type":
            names = want if isinstance(want, list) else [want]
            if any(n not in TYPES for n in names):
                return _unsure
            tests = [TYPES[n] for n in names]
            if len(tests) == 1:
                return TYPE_STEPS[names[0]]
            return lambda v, d: any(t(v) for t in tests)
        if key == "properties":
            return _properties([(name, lazy(sub)) for name, sub in want.items()])
        if key == "required":
            return _required(want)
        if key == "additionalProperties":
            named = s.get("properties", {})
            if want is False:
                return lambda v, d: not isinstance(v, dict) or v.keys() <= named.keys()
            if isinstance(want, dict):
                extra = lazy(want)
                return lambda v, d: not isinstance(v, dict) or all(extra(v[k], d) for k in v if k not in named)
            return _passes
        if key == "propertyNames":
            names_check = lazy(want)
            return lambda v, d: not isinstance(v, dict) or all(names_check(k, d) for k in v)
        if key in ("minProperties", "maxProperties"):
            return lambda v, d: not isinstance(v, dict) or _bound(key, len(v), want)
        if key == "items":
            if not isinstance(want, dict):
                return _unsure
            item = lazy(want)
            return lambda v, d: not isinstance(v, list) or all(item(x, d) for x in v)
        if key in ("minItems", "maxItems"):
            return lambda v, d: not isinstance(v, list) or _bound(key, len(v), want)
        if key == "uniqueItems":
            return _unique if want else _passes
        if key in ("minLength", "maxLength"):
            return lambda v, d: not isinstance(v, str) or _bound(key, len(v), want)
        if key in ("minimum", "maximum"):
            return _within_step(key, want)
        if key == "pattern":
            return lambda v, d: not isinstance(v, str) or bool(_pattern(want).search(v))
        if key in ("enum", "const"):
            return _one_of_values(want if key == "enum" else [want])
        if key == "anyOf":
            branches = [lazy(sub) for sub in want]
            return lambda v, d: any(b(v, d) for b in branches)
        if key == "oneOf":  # exactly one: each branch is decided (or the whole check is unsure)
            branches = [lazy(sub) for sub in want]
            return lambda v, d: sum(1 for b in branches if b(v, d)) == 1
        if key == "allOf":
            branches = [lazy(sub) for sub in want]
            return lambda v, d: all(b(v, d) for b in branches)
        if key == "if":
            # Exact, because a check returns False only for a definite violation and raises for
            # anything it cannot decide.
            condition = lazy(want)
            then, otherwise = (lazy(s[k]) if s.get(k) is not None else _passes for k in ("then", "else"))
            return lambda v, d: (then if condition(v, d) else otherwise)(v, d)
        return _unsure

    def _ref(self, pointer: str) -> Check:
        """A JSON pointer (#/$defs/x, #/$defs/x/properties/y), followed when first used."""
        found: list[Check] = []

        def check(v: Any, depth: int) -> bool:
            if not found:
                target = self.root
                for part in pointer[2:].split("/"):
                    target = target[part.replace("~1", "/").replace("~0", "~")]
                found.append(self.check_of(target))
            return found[0](v, depth)
        return check


@lru_cache(maxsize=None)
def _pattern(text: str) -> re.Pattern:
    return re.compile(text)


def _properties(subs: list[tuple[str, Check]]) -> Check:
    def check(v: Any, depth: int) -> bool:
        if isinstance(v, dict):
            for name, sub in subs:
                if name in v and not sub(v[name], depth):
                    return False
        return True
    return check


def _required(names: Any) -> Check:
    try:
        needed = frozenset(names)
    except TypeError:  # not names at all: decided one by one, as written
        return lambda v, d: not isinstance(v, dict) or all(r in v for r in names)
    return lambda v, d: not isinstance(v, dict) or needed <= v.keys()


def _within_step(key: str, limit: Any) -> Check:
    """``minimum`` or ``maximum``: an integer (the usual value) compared at once, anything else
    decided by :func:`_within`."""
    if key == "minimum":
        return lambda v, d: v >= limit if type(v) is int else _within(key, v, limit)
    return lambda v, d: v <= limit if type(v) is int else _within(key, v, limit)


_NOT_SCALARS = (dict, list, float)  # what _same leaves to jsonschema


def _one_of_values(options: list) -> Check:
    """``enum`` (or ``const``): a scalar among scalar options is looked up by (type, value), which
    is what :func:`_same` compares; any other case is decided by _same, option by option."""
    def each(v: Any, d: int) -> bool:
        return any(_same(v, o) for o in options)

    if not options or any(isinstance(o, _NOT_SCALARS) for o in options):
        return each
    try:
        table = frozenset((type(o), o) for o in options)
    except TypeError:
        return each

    def looked_up(v: Any, d: int) -> bool:
        if isinstance(v, _NOT_SCALARS):
            raise _Unsure  # as _same says of the first option
        try:
            return (type(v), v) in table
        except TypeError:  # a value that cannot be hashed
            return each(v, d)
    return looked_up


def _unsure(v: Any, depth: int) -> bool:
    raise _Unsure


def _passes(v: Any, depth: int) -> bool:
    return True


def _unique(v: Any, depth: int) -> bool:
    if not isinstance(v, list):
        return True
    if not all(isinstance(x, str) for x in v):
        raise _Unsure
    return len(set(v)) == len(v)


def _within(key: str, v: Any, limit: int) -> bool:
    if type(v) is int:  # the usual case, first (a bool is not one: its type is bool)
        return _bound(key, v, limit)
    if isinstance(v, float):
        raise _Unsure
    return not isinstance(v, int) or isinstance(v, bool) or _bound(key, v, limit)


def _bound(key: str, value: int, limit: int) -> bool:
    return value >= limit if key.startswith("min") else value <= limit


def _same(a: Any, b: Any) -> bool:
    """JSON equality for scalars: true is not 1, and 1 is not "1"."""
    if isinstance(a, (dict, list, float)) or isinstance(b, (dict, list, float)):
        raise _Unsure
    return type(a) is type(b) and a == b
