"""The ability catalogue's entries added to dh data: ステータスダメージ軽減, seals, 完全操作, 付与
repeats, timed 体力 changes and counter timing (docs/rules/dh.md, docs/rules/dh-coverage.md)."""

from __future__ import annotations

from .helpers import events
from .test_dh_abilities import ability_match, turn

REDUCE = {"activation": 90, "duration": 2, "targets": {"side": "self"},
          "effects": [{"kind": "damage_reduction", "amount": 2}]}
ATTACKER = {"x": {"name": "敵", "side": "blue", "attack": 9, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                  "at": "Ｂ３"}}


def test_dh_11_14_a_normal_attack_is_reduced_only_when_the_option_says_so() -> None:
    turns = [turn(1, [{"who": "u", "ability": {}}], [{"who": "x", "to": "Ｂ２", "attack": "u"}], dice=[1, 1, 1])]
    plain = ability_match(REDUCE, turns, chars=ATTACKER)
    assert not events(plain, "reduced")
    assert events(plain, "damage")[-1]["amount"] == 4  # 9 − 5, untouched
    covered = ability_match(REDUCE, turns, chars=ATTACKER, options={"reduction_covers_attacks": True})
    assert [(e["amount"], e["by"], e["after"]) for e in events(covered, "reduced")] == [(4, 2, 2)]
    assert events(covered, "damage")[-1]["amount"] == 2


def test_dh_11_14_reductions_add_up_and_never_go_below_zero() -> None:
    ab = {**REDUCE, "effects": [{"kind": "damage_reduction", "amount": 2}, {"kind": "damage_reduction", "amount": 3}]}
    hit = {"x": {**ATTACKER["x"], "ability": {"name": "呪", "activation": 90, "targets": {"side": "enemy"},
                                               "range": {"shape": "adjacent", "size": 1},
                                               "effects": [{"kind": "damage", "stat": "fs", "amount": 4}]}}}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {}}], [{"who": "x", "ability": {"targets": ["u"]}}],
                                  dice=[1, 1, 1, 1, 1, 1])], chars=hit)
    assert [(e["stat"], e["by"], e["after"]) for e in events(log, "reduced")] == [("fs", 5, 0)]
    assert log["state"]["characters"]["u"]["fs"] == 5
