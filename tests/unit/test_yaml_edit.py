"""dhproc/documents/yaml_edit.py: one entry written into a YAML list, the rest of the text as it was."""

from __future__ import annotations

import pytest
import yaml

from dhproc.documents.yaml_edit import with_list_entry


@pytest.mark.parametrize("text,index,expected", [
    ("a: 1\nturns: [t1.yaml, t3.yaml]  # note\n", 1, "a: 1\nturns: [t1.yaml, t2.yaml, t3.yaml]  # note\n"),
    ("turns: [t1.yaml, t3.yaml]\n", 2, "turns: [t1.yaml, t3.yaml, t2.yaml]\n"),
    ("turns: [t1.yaml]\n", 0, "turns: [t2.yaml, t1.yaml]\n"),
    ("turns: [ ]\n", 0, "turns: [t2.yaml ]\n"),
    ("turns: []\n", 5, "turns: [t2.yaml]\n"),
    ("turns:\n  - t1.yaml\n  - t3.yaml\nseed: 1\n", 1, "turns:\n  - t1.yaml\n  - t2.yaml\n  - t3.yaml\nseed: 1\n"),
    ("turns:\n  - - t1.yaml\n", 0, "turns:\n  - t2.yaml\n  - - t1.yaml\n"),
    ("turns:\n- t1.yaml  # first\nseed: 1\n", 1, "turns:\n- t1.yaml  # first\n- t2.yaml\nseed: 1\n"),
    ("seed: 1\nturns:\n    -   t1.yaml", 1, "seed: 1\nturns:\n    -   t1.yaml\n    -   t2.yaml\n"),
    ("turns:\n  - {turn: 1, submissions: {}}\n  - turn: 3\n    submissions: {}\n\n# end\n", 2,
     "turns:\n  - {turn: 1, submissions: {}}\n  - turn: 3\n    submissions: {}\n  - t2.yaml\n\n# end\n"),
    ("seed: 1\nturns:\n", 0, "seed: 1\nturns: [t2.yaml]\n"),
    ("seed: 1\nturns: ~\n", 0, "seed: 1\nturns: [t2.yaml]\n"),
    ("seed: 1\n", 0, "seed: 1\nturns: [t2.yaml]\n"),
    ("seed: 1", 0, "seed: 1\nturns: [t2.yaml]\n"),
    ("\ufeffseed: 1\r\nturns: [t1.yaml]\r\n", 1, "\ufeffseed: 1\r\nturns: [t1.yaml, t2.yaml]\r\n"),
    ("seed: 1\r\nturns:\r\n  - t1.yaml\r\n", 1, "seed: 1\r\nturns:\r\n  - t1.yaml\r\n  - t2.yaml\r\n"),
])
def test_the_entry_goes_where_asked_and_nothing_else_changes(text: str, index: int, expected: str) -> None:
    assert with_list_entry(text, "turns", index, "t2.yaml") == expected
    before, after = yaml.safe_load(text.lstrip("\ufeff")), yaml.safe_load(expected.lstrip("\ufeff"))
    assert {k: v for k, v in after.items() if k != "turns"} == {k: v for k, v in before.items() if k != "turns"}


def test_a_name_yaml_would_misread_is_quoted() -> None:
    edited = with_list_entry("turns: []\n", "turns", 0, "turn: 2.yaml")
    assert yaml.safe_load(edited)["turns"] == ["turn: 2.yaml"]


@pytest.mark.parametrize("text", [
    "{seed: 1, turns: []}\n",          # the whole file one flow mapping
    "turns: turn-01.yaml\n",            # not a list
    "turns: &listed []\n",             # an empty list with an anchor before it
    "- a\n- b\n",                       # not a mapping
    "turns: [a\n",                      # not YAML
])
def test_a_text_with_no_safe_place_is_left_alone(text: str) -> None:
    assert with_list_entry(text, "turns", 0, "t2.yaml") is None
