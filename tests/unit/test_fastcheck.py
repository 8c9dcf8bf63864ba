"""The quick validity check may only ever say "valid" when jsonschema agrees."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from dhproc import api
from dhproc.inputs.fastcheck import certainly_valid
from dhproc.documents.loading import load_file
from dhproc.inputs.validation import schema, schema_names

ROOT = Path(__file__).resolve().parents[2]


def documents() -> list[tuple[str, object]]:
    """(schema name, valid document) for every bundled example and its parts, and their logs."""
    docs: list[tuple[str, object]] = []
    for match_path in sorted((ROOT / "examples").rglob("match.yaml")):
        data = load_file(match_path).data
        rs = data["ruleset"]
        docs += [("match", data), (f"{rs}.setup", data["setup"])]
        for turn in sorted(match_path.parent.glob("turn-*.yaml")):
            tdata = load_file(turn).data
            docs += [("turn", tdata), (f"{rs}.submissions", tdata.get("submissions", {}))]
        docs.append(("log", json.loads(api.dumps(api.resolve(api.load(match_path))))))
    return docs


DOCS = documents()
RUNTIME_SCHEMAS = sorted({name for name, _ in DOCS})


def jsonschema_ok(name: str, data: object) -> bool:
    return not list(Draft202012Validator(schema(name)).iter_errors(data))


@pytest.mark.parametrize("name, data", DOCS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(DOCS)])
def test_bundled_documents_take_the_fast_path(name: str, data: object) -> None:
    assert jsonschema_ok(name, data)
    assert certainly_valid(schema(name), data)


def test_every_runtime_schema_is_covered() -> None:
    used = {"match", "turn", "log"} | {n for n in schema_names() if n.endswith((".setup", ".submissions"))}
    assert used <= set(RUNTIME_SCHEMAS)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 1000) | st.floats(allow_nan=False) |
                    st.text(max_size=4) | st.sampled_from(["Ｂ３", "dh", "red", "active", "yes", "", "a b"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                    max_leaves=6)


def _paths(node, here=()):
    yield here
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, here + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, here + (i,))


@given(index=st.integers(0, len(DOCS) - 1), pick=st.integers(0, 10**6), value=JSON,
       how=st.sampled_from(["replace", "delete", "add"]))
def test_fast_valid_implies_jsonschema_valid(index: int, pick: int, value, how: str) -> None:
    name, original = DOCS[index]
    data = copy.deepcopy(original)
    paths = list(_paths(data))
    path = paths[pick % len(paths)]
    if not path:
        data = value
    else:
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        if how == "replace":
            parent[last] = value
        elif how == "delete":
            del parent[last]
        elif isinstance(parent[last], dict):
            parent[last]["zz_extra"] = value
        elif isinstance(parent[last], list):
            parent[last].append(value)
        else:
            parent[last] = value
    if certainly_valid(schema(name), data):
        assert jsonschema_ok(name, data), (name, path, how, value)


def _python_calls(fn) -> int:
    import sys

    count = [0]

    def profile(frame, event, arg) -> None:
        if event == "call":
            count[0] += 1

    fn()  # the schema's checker is made on the first check: counted is a later one
    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return count[0]


def test_a_setup_is_checked_in_few_python_calls() -> None:
    """A replay batch checks a setup for every log: a type, an enum of texts, the required and the
    allowed keys and a bound on an integer are each decided in one call (2,921 calls for
    examples/dh/abilities' setup before, 1,536 now)."""
    setup = load_file(ROOT / "examples" / "dh" / "abilities" / "match.yaml").data["setup"]
    assert _python_calls(lambda: certainly_valid(schema("dh.setup"), setup)) < 1800


def test_values_are_compared_as_json_compares_them() -> None:
    """true is not 1, 1 is not "1", 1 is not 1.0; a float is left to jsonschema."""
    enum = {"enum": ["a", 1, True, None]}
    assert certainly_valid(enum, "a") and certainly_valid(enum, 1) and certainly_valid(enum, True)
    assert certainly_valid(enum, None)
    assert not certainly_valid(enum, "1") and not certainly_valid(enum, False) and not certainly_valid(enum, 2)
    assert not certainly_valid(enum, 1.0) and not certainly_valid(enum, [1])
    assert not certainly_valid({"enum": [1.5, "a"]}, "a")  # a float option: jsonschema decides
    bounds = {"minimum": 1, "maximum": 3}
    assert certainly_valid(bounds, 1) and certainly_valid(bounds, 3) and certainly_valid(bounds, "x")
    assert not certainly_valid(bounds, 0) and not certainly_valid(bounds, 4) and not certainly_valid(bounds, 2.0)
    assert certainly_valid(bounds, True)  # a boolean is no number: bounds say nothing of it
    keys = {"type": "object", "required": ["a", "b"], "properties": {"a": {}, "b": {}, "c": {}},
            "additionalProperties": False}
    assert certainly_valid(keys, {"a": 1, "b": 2}) and certainly_valid(keys, {"b": 1, "a": 2, "c": 3})
    assert not certainly_valid(keys, {"a": 1}) and not certainly_valid(keys, {"a": 1, "b": 2, "d": 3})
