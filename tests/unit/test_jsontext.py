"""The log's text from the C encoder (dhproc/documents/jsontext.py) is ``json.dumps(indent=2)``'s, byte for
byte: on every log and JSON file the project keeps, and on any JSON value hypothesis makes."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dhproc import api
from dhproc.documents.jsontext import indented

ROOT = Path(__file__).resolve().parents[2]
KEPT_JSON = sorted(p for p in (ROOT / "tests").rglob("*.json") if "regressions" not in p.parts)


def _stdlib(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


@pytest.mark.parametrize("path", KEPT_JSON, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_kept_json_file_is_written_alike(path: Path) -> None:
    value = json.loads(path.read_text(encoding="utf-8"))
    assert indented(value) == _stdlib(value)


def test_every_example_log_is_written_alike() -> None:
    for example in sorted(ROOT.glob("examples/**/match.yaml")):
        log = api.resolve(api.load(example))
        assert api.dumps(log) == _stdlib(log) + "\n", example


def test_the_places_a_layout_could_slip() -> None:
    """Empty containers among flat ones, lists of flat mappings broken by other items, keys that
    are not text, numbers json spells its own way, text that looks like the layout."""
    tricky = [
        {"events": [{"a": 1}, {}, {"b": [1]}, {"c": "},\n    {"}, [], {"d": None}, {"e": 1.5}, "x", {"f": True}]},
        {1: "one", 2.5: "two and a half", True: "yes", None: "none", "": {}},
        [math.nan, math.inf, -math.inf, -0.0, 1e300, 10 ** 30, -(10 ** 19)],
        ("tuple", ("inside", {"k": ("v",)})),
        [[[[{"deep": [{"deeper": []}]}]]]],
        "é\n\"\\\u2028\x00\x1f", 0, None, [], {},
    ]
    for value in tricky:
        assert indented(value) == _stdlib(value), value


_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8)
_json = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=5)
                     | st.dictionaries(st.text(max_size=5), inner, max_size=5), max_leaves=40)


@given(_json)
def test_any_json_value_is_written_alike(value) -> None:
    assert indented(value) == _stdlib(value)


def test_what_json_cannot_write_is_refused_alike() -> None:
    for value in ({"a": {1, 2}}, [object()], {(1, 2): "key"}):
        with pytest.raises(TypeError):
            _stdlib(value)
        with pytest.raises(TypeError):
            indented(value)
