"""Two inputs the schema-wide property test (tests/test_properties.py) found: each was an exit 3."""

from __future__ import annotations

import pytest

from dhproc.errors import InputError

from .helpers import events
from .test_dh_abilities import ability_match


def _turn(sub: dict) -> dict:
    return {"turn": 1,
            "submissions": {"red": [{"who": "u", **sub}], "blue": []}}


def test_dh_11_3_a_lasting_change_of_hp_is_logged_not_a_crash() -> None:
    """The schema allows `stat: hp` for stat_change (it was a KeyError, exit 3). 体力 changes only by
    damage and healing, so the change acts as option timed_hp says (DH-10.6), in the log."""
    ab = {"activation": 100, "success": 100, "duration": 1, "targets": {"side": "enemy"}, "range": {"shape": "map"},
          "effects": [{"kind": "stat_change", "stat": "hp", "amount": 4}]}
    log = ability_match(ab, [_turn({"ability": {"targets": ["x"]}})])
    assert [(e["before"], e["after"]) for e in events(log, "stat")] == [(5, 5)]  # a rise capped at the initial 5
    assert events(log, "effect_start")[0]["type"] == "repeat"
    log = ability_match(ab, [_turn({"ability": {"targets": ["x"]}})], options={"timed_hp": "temporary"})
    start = events(log, "effect_start")[0]
    assert (start["stat"], start["amount"], start["before"], start["after"]) == ("hp", 4, 5, 5)


def test_dh_11_2_a_heal_of_a_negative_amount_is_a_located_input_error() -> None:
    """A heal raises a stat (DH-11.2); a negative one drove 精神 below 0."""
    ab = {"activation": 100, "success": 100, "targets": {"side": "self"},
          "effects": [{"kind": "heal", "stat": "spirit", "amount": -1}]}
    with pytest.raises(InputError) as err:
        ability_match(ab, [_turn({"ability": {}})])
    problem = err.value.problems[0]
    assert problem.path[-1] == "amount" and problem.line is not None
    assert problem.message.startswith("'heal' raises a stat")
