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


SEAL_ABILITY = {"activation": 90, "duration": 1, "range": {"shape": "map"}, "targets": {"side": "enemy"},
                "effects": [{"kind": "seal", "seal": "ability"}]}
GUARD = {"x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ｂ３",
               "ability": {"name": "返し", "style": "counter", "activation": 90, "duration": 2,
                           "targets": {"side": "enemy"}, "counter": {"when": "attacked_by_enemy"},
                           "effects": [{"kind": "damage", "amount": 1}]}}}


def test_dh_11_15_an_ability_seal_stops_a_waiting_counter_unless_only_the_action_is_sealed() -> None:
    """x arms its counter; in turn 2 u seals x's ability and the red ally w then attacks x."""
    ally = {"w": {"name": "味方", "side": "red", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ａ３"}}

    def run(dice: list, **options) -> dict:
        return ability_match(SEAL_ABILITY, [
            turn(1, [], [{"who": "x", "ability": "返し"}], dice=[1]),
            turn(2, [{"who": "u", "ability": {"targets": ["x"]}}, {"who": "w", "to": "Ｂ３", "attack": "x"}], [],
                 dice=dice)], chars={**GUARD, **ally}, options=options)

    sealed = run([1, 1, 1])  # 発動, 成功, the attack's hit: the sealed counter rolls nothing
    assert events(sealed, "attack") and not events(sealed, "counter_fire")
    loose = run([1, 1, 1, 1], ability_seal="action_only")  # ... and the counter's 成功判定
    assert [e["actor"] for e in events(loose, "counter_fire")] == ["x"]


def test_dh_11_15_a_seal_without_what_it_stops_is_located() -> None:
    import pytest

    from dhproc.errors import InputError

    with pytest.raises(InputError) as info:
        ability_match({**SEAL_ABILITY, "effects": [{"kind": "seal"}]}, [])
    assert any("seal: action / move / ability / attack" in p.format() or "封じるもの" in p.format()
               for p in info.value.problems)
