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
