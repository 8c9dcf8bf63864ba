"""dhproc.engine.conditions: typed conditions, parsed with located problems, evaluated through an accessor."""

from __future__ import annotations

import pytest

from dhproc.engine.conditions import (ALWAYS, LIST, NUMBER, TEXT, AllOf, AnyOf, Compare, Not, Ref, Vocabulary,
                                      evaluate, parse)

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

CHAR = {"defense": NUMBER, "reaction": NUMBER, "states": LIST, "name": TEXT}
VOCAB = Vocabulary({"self": CHAR, "enemy": CHAR})
STATE = {("self", "defense"): 6, ("self", "reaction"): 8, ("self", "states"): ("charged",), ("self", "name"): "a",
         ("enemy", "defense"): 10, ("enemy", "reaction"): 8, ("enemy", "states"): (), ("enemy", "name"): "b"}


def get(subject: str, attr: str):
    return STATE.get((subject, attr))


def holds(data) -> bool:
    cond, problems = parse(data, VOCAB)
    assert problems == []
    return evaluate(cond, get).holds


def test_no_condition_always_holds() -> None:
    assert parse(None, VOCAB) == (ALWAYS, [])
    assert evaluate(ALWAYS, get).holds


@pytest.mark.parametrize("op, value, expected", [
    ("at_least", 10, True), ("at_least", 11, False), ("at_most", 10, True), ("at_most", 9, False),
    ("above", 9, True), ("above", 10, False), ("below", 11, True), ("below", 10, False),
    ("equals", 10, True), ("not_equals", 10, False),
])
def test_numeric_comparisons(op: str, value: int, expected: bool) -> None:
    assert holds({"of": "enemy", "attr": "defense", op: value}) is expected


def test_list_and_text_comparisons() -> None:
    assert holds({"of": "self", "attr": "states", "includes": "charged"})
    assert holds({"of": "enemy", "attr": "states", "excludes": "charged"})
    assert holds({"of": "self", "attr": "name", "equals": "a"})


def test_reference_operand_reads_the_state() -> None:
    cond, _ = parse({"of": "self", "attr": "reaction", "at_least": {"of": "enemy", "attr": "reaction"}}, VOCAB)
    assert cond == Compare("self", "reaction", "at_least", Ref("enemy", "reaction"))
    verdict = evaluate(cond, get)
    assert verdict.holds
    assert verdict.facts[0].to_json() == {"of": "self", "attr": "reaction", "value": 8, "op": "at_least",
                                          "operand": 8, "holds": True, "operand_of": "enemy",
                                          "operand_attr": "reaction"}


def test_combinators_and_the_facts_they_record() -> None:
    data = {"all": [{"of": "enemy", "attr": "defense", "at_least": 10},
                    {"any": [{"of": "self", "attr": "defense", "above": 7},
                             {"not": {"of": "self", "attr": "states", "excludes": "charged"}}]}]}
    cond, problems = parse(data, VOCAB)
    assert problems == [] and isinstance(cond, AllOf) and isinstance(cond.items[1], AnyOf)
    assert isinstance(cond.items[1].items[1], Not)
    verdict = evaluate(cond, get)
    assert verdict.holds
    assert [(f.subject, f.attr, f.holds) for f in verdict.facts] == [
        ("enemy", "defense", True), ("self", "defense", False), ("self", "states", False)]


def test_all_stops_at_the_first_failure() -> None:
    cond, _ = parse({"all": [{"of": "self", "attr": "defense", "above": 7},
                             {"of": "enemy", "attr": "defense", "above": 0}]}, VOCAB)
    verdict = evaluate(cond, get)
    assert not verdict.holds and len(verdict.facts) == 1


def test_absent_subject_makes_a_comparison_false() -> None:
    cond, _ = parse({"of": "enemy", "attr": "defense", "at_most": 100}, VOCAB)
    verdict = evaluate(cond, lambda s, a: None)
    assert not verdict.holds and verdict.facts[0].value is None


@pytest.mark.parametrize("data, path, message", [
    ("defense >= 10", (), "a condition is a mapping"),
    ({"of": "boss", "attr": "defense", "at_least": 1}, ("of",), "unknown subject 'boss'"),
    ({"of": "self", "attr": "hp", "at_least": 1}, ("attr",), "'self' has no 'hp'"),
    ({"of": "self", "attr": "defense"}, (), "exactly one of"),
    ({"of": "self", "attr": "defense", "at_least": 1, "below": 3}, (), "exactly one of"),
    ({"of": "self", "attr": "defense", "includes": "x"}, ("includes",), "does not apply"),
    ({"of": "self", "attr": "defense", "at_least": "ten"}, ("at_least",), "compare it with a whole number"),
    ({"of": "self", "attr": "defense", "at_least": True}, ("at_least",), "whole number, a word"),
    ({"of": "self", "attr": "defense", "at_least": {"of": "self", "attr": "states"}}, ("at_least",), "needs a number"),
    ({"of": "self", "attr": "defense", "ge": 1}, ("ge",), "unknown key 'ge'"),
    ({"all": {"of": "self"}}, (), "'all' takes a list"),
    ({"not": {"of": "self", "attr": "defense", "above": 1}, "of": "self"}, (), "'not' takes one condition"),
    ({"any": [{"of": "self", "attr": "x", "above": 1}]}, ("any", 0, "attr"), "'self' has no 'x'"),
])
def test_problems_are_located_and_nothing_is_evaluated(data, path, message) -> None:
    cond, problems = parse(data, VOCAB)
    assert cond is None
    assert any(p == path and message in m for p, m in problems), problems


def test_parse_never_evaluates_text() -> None:
    cond, problems = parse({"of": "self", "attr": "name", "equals": "__import__('os').system('true')"}, VOCAB)
    assert problems == [] and not evaluate(cond, get).holds
