"""dh on the shared engine pieces logos uses too: usage limits (dhproc/engine/limits.py) for
1度しか使えない and n回 (DH-8.1), and amounts read from the state (dhproc/engine/amounts.py) for
自分ステータス依存 damage (DH-11.1)."""

from __future__ import annotations

import json

import pytest

from dhproc import api
from dhproc.engine import amounts
from dhproc.engine.amounts import Derived
from dhproc.engine.limits import UsageLimit
from dhproc.rulesets.dh.abilities import PER_GAME, own_amount, parse_ability
from dhproc.rulesets.dh.campaign import setup_from_log

from .helpers import events
from .test_dh_abilities import STRIKE, ability_match, turn

pytestmark = pytest.mark.usefixtures("english")


def _ability(restrictions: list[dict]) -> dict:
    return dict(STRIKE, name="能力", riders=["no_rest"], restrictions=restrictions)


@pytest.mark.parametrize("restrictions, limit", [
    ([], None),
    ([{"kind": "once_per_game"}], UsageLimit(1, PER_GAME)),
    ([{"kind": "uses", "count": 2}], UsageLimit(2, PER_GAME)),
    ([{"kind": "uses", "count": 3}, {"kind": "once_per_game"}], UsageLimit(1, PER_GAME)),  # the stricter
])
def test_dh_8_1_use_restrictions_are_the_engines_usage_limits(restrictions: list, limit) -> None:
    assert parse_ability(_ability(restrictions)).limit == limit


def test_dh_8_1_n_uses_then_used_up_also_across_a_continued_match() -> None:
    twice = _ability([{"kind": "uses", "count": 2}])
    hit = {"who": "u", "ability": {"targets": ["x"]}}
    log = ability_match(twice, [turn(1, [hit], dice=[1, 1]), turn(2, [hit], dice=[1, 1]), turn(3, [hit])])
    assert [e["reason"] for e in events(log, "cancel")] == ["used_up"]
    once = ability_match(twice, [turn(1, [hit], dice=[1, 1])])
    setup = setup_from_log(once)
    assert setup["characters"]["u"]["uses"] == 1
    match = {"dhproc": 1, "ruleset": "dh", "seed": 1, "options": {"roll_at_100": True}, "setup": setup,
             "turns": [turn(2, [hit], dice=[1, 1]), turn(3, [hit])]}
    later = api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
    assert [e["reason"] for e in events(later, "cancel")] == ["used_up"]
    assert later["state"]["characters"]["u"]["uses"] == 2


def test_dh_11_1_own_stat_damage_is_an_engine_amount_read_from_the_user() -> None:
    assert own_amount({"own": "fs"}) == Derived("self", "fs")
    assert amounts.evaluate(own_amount({"own": "fs"}), lambda s, a: {("self", "fs"): 7}[(s, a)]).value == 7
    own = dict(STRIKE, effects=[{"kind": "damage", "stat": "hp", "amount": {"own": "fs"}}])
    log = ability_match(own, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], dice=[1, 1])],
                        user={"fs": 3})
    assert [(d["target"], d["amount"]) for d in events(log, "damage")] == [("x", 3)]
