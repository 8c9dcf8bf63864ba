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


def test_dh_10_6_a_temporary_hp_rise_is_taken_back_when_it_ends_never_below_one() -> None:
    ab = {"activation": 90, "duration": 1, "targets": {"side": "self"},
          "effects": [{"kind": "stat_change", "stat": "hp", "amount": 3}]}
    brute = {"x": {"name": "敵", "side": "blue", "attack": 12, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                   "at": "Ｂ３"}}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": "能力"}], [{"who": "x", "to": "Ｂ２", "attack": "u"}],
                                  dice=[1, 1, 1]),
                             turn(2, [], [])], chars=brute, options={"timed_hp": "temporary", "heal_cap": "none"})
    assert [(e["before"], e["after"], e["reason"]) for e in events(log, "stat")] == [(5, 8, "heal"), (1, 1, "expired")]
    assert [(e["before"], e["after"]) for e in events(log, "damage")] == [(8, 1)]
    assert log["state"]["characters"]["u"]["hp"] == 1 and not events(log, "death")
    per_phase = ability_match({**ab, "duration": 2}, [turn(1, [{"who": "u", "ability": "能力"}], [], dice=[1, 1]), turn(2, [], [])],
                              options={"heal_cap": "none"})
    # per_phase: again at the next phase start of u's side (a 1-turn change would have ended before it)
    assert [(e["before"], e["after"]) for e in events(per_phase, "stat")] == [(5, 8), (8, 11)]


def _counter(when: str, timing: str | None = None, hp: int = 5) -> dict:
    counter = {"when": when, **({"timing": timing} if timing else {})}
    return {"x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": hp, "spirit": 3, "fs": 5,
                  "at": "Ｂ３", "ability": {"name": "返し", "style": "counter", "activation": 90, "duration": 2,
                                           "targets": {"side": "enemy"}, "counter": counter,
                                           "effects": [{"kind": "damage", "amount": 1}]}}}


def _attacked(chars: dict, dice: list) -> dict:
    """x arms its counter in turn 1; u walks onto it and attacks in turn 2 (roll_at_100: every 判定 rolls)."""
    return ability_match({"activation": 90, "effects": [{"kind": "dp_gain"}]},
                         [turn(1, [], [{"who": "x", "ability": "返し"}], dice=[1]),
                          turn(2, [{"who": "u", "to": "Ｂ３", "attack": "x"}], [], dice=dice)], chars=chars)


def test_dh_8_17_a_counter_for_its_own_death_fires_on_it_then_its_wait_ends() -> None:
    log = _attacked(_counter("killed_by_enemy", hp=1), [1, 1])  # the hit, the counter's 成功判定
    assert [(e["actor"], e["target"]) for e in events(log, "counter_fire")] == [("x", "u")]
    assert [e["reason"] for e in events(log, "effect_end") if e["type"] == "counter"] == ["death"]


def test_dh_8_17_a_holder_killed_by_its_trigger_answers_only_at_the_same_moment() -> None:
    after = _attacked(_counter("attacked_by_enemy", hp=1), [1])
    assert not events(after, "counter_fire")
    same = _attacked(_counter("attacked_by_enemy", "same", hp=1), [1, 1])
    assert [e["timing"] for e in events(same, "counter_fire")] == ["same"]


def test_dh_8_17_before_needs_a_moment_before_the_trigger() -> None:
    import pytest

    from dhproc.errors import InputError

    with pytest.raises(InputError) as info:
        _attacked(_counter("enemy_enters_range", "before"), [])
    assert any(p.path[-2:] == ("counter", "timing") for p in info.value.problems)


CONTROL = {"activation": 90, "duration": 1, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
           "effects": [{"kind": "control"}]}


def test_dh_2_5_a_controlled_action_at_the_end_of_the_targets_phase_with_target_phase_end() -> None:
    red = [{"who": "u", "ability": {"targets": ["x"]}}, {"who": "x", "controlled": True, "to": "Ｃ３"}]
    log = ability_match(CONTROL, [turn(1, red, [{"who": "y", "to": "Ｃ３"}], dice=[1, 1])],
                        options={"control_timing": "target_phase_end"})
    moves = [(e["actor"], e["to"]) for e in events(log, "move")]
    assert moves == [("y", "Ｃ３"), ("x", "Ｃ３")]  # 敵二 first: 敵 acts at the end of 青組's phase
    now = ability_match(CONTROL, [turn(1, red, [{"who": "y", "to": "Ｃ３"}], dice=[1, 1])])
    assert [(e["actor"], e["to"]) for e in events(now, "move")] == [("x", "Ｃ３"), ("y", "Ｃ３")]


def test_dh_2_5_a_phase_with_a_controlled_character_awaits_its_controller() -> None:
    import json

    from dhproc import api

    match = {"dhproc": 1, "ruleset": "dh", "seed": 1, "options": {"control_timing": "target_phase_end"},
             "setup": {"map": {"rows": 3, "cols": 4}, "first": "blue", "start_turn": 2,
                       "sides": {"red": {"name": "赤組"}, "blue": {"name": "青組"}},
                       "characters": {"u": {"name": "操り師", "side": "red", "attack": 5, "defense": 5, "hp": 5,
                                            "spirit": 3, "fs": 5, "at": "Ｂ２", "ability": {"name": "傀儡", **CONTROL}},
                                      "x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5,
                                            "spirit": 3, "fs": 5, "at": "Ｂ３"}},
                       "effects": [{"id": 1, "kind": "control", "bearer": "x", "start": 2, "end": 4,
                                    "source": {"user": "u"}}]},
             "turns": [{"turn": 2, "submissions": {"blue": [{"who": "x", "to": "Ａ３"}]}}]}
    log = api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
    assert [e["reason"] for e in events(log, "cancel")] == ["controlled"]
    assert events(log)[-1]["kind"] == "awaiting" and events(log)[-1]["side"] == "red"
    assert not events(log, "phase_end")


def test_dh_2_5_controlled_is_for_the_other_sides_character_under_control() -> None:
    import pytest

    from dhproc.errors import InputError

    log = ability_match(CONTROL, [turn(1, [{"who": "x", "controlled": True, "to": "Ｃ３"}])])
    assert [e["reason"] for e in events(log, "cancel")] == ["not_controlled"]
    with pytest.raises(InputError) as info:
        ability_match(CONTROL, [turn(1, [{"who": "u", "controlled": True}])])
    assert any(p.path[-1] == "controlled" for p in info.value.problems)


def test_dh_8_17_before_counters_answering_each_other_stop_with_an_error() -> None:
    """Two 先手 normal-attack counters facing each other: each attack lets the other answer first."""
    import json

    import pytest

    from dhproc import api
    from dhproc.errors import ResolutionError

    def guard(name: str, side: str, at: str) -> dict:
        return {"name": name, "side": side, "attack": 5, "defense": 50, "hp": 5, "spirit": 3, "fs": 5, "at": at,
                "ability": {"name": "返", "style": "counter", "activation": 100, "duration": 3,
                            "range": {"shape": "map"}, "targets": {"side": "enemy"},
                            "counter": {"when": "attacked_by_enemy", "timing": "before"},
                            "effects": [{"kind": "normal_attack"}]}}

    match = {"dhproc": 1, "ruleset": "dh", "seed": 1, "options": {"trigger_limit": 5},
             "setup": {"map": {"rows": 3, "cols": 3}, "first": "red",
                       "sides": {"red": {"name": "赤組"}, "blue": {"name": "青組"}},
                       "characters": {"a": guard("甲", "red", "Ｂ２"), "b": guard("乙", "blue", "Ｂ３")}},
             "turns": [{"turn": 1, "submissions": {"red": [{"who": "a", "ability": "返"}],
                                                   "blue": [{"who": "b", "ability": "返"}]}},
                       {"turn": 2, "submissions": {"red": [], "blue": []}},
                       {"turn": 3, "submissions": {"red": [{"who": "a", "to": "Ｂ３", "attack": "b"}], "blue": []}}]}
    with pytest.raises(ResolutionError) as info:
        api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
    assert "trigger_limit" in info.value.problems[0].format()


SWAP = {"activation": 90, "duration": 1, "range": {"shape": "map"}, "targets": {"side": "enemy"},
        "effects": [{"kind": "stat_swap", "stats": ["attack", "defense"]}]}
SWAPPED = {"x": {"name": "敵", "side": "blue", "attack": 8, "defense": 2, "hp": 5, "spirit": 3, "fs": 5, "at": "Ｂ３",
                 "ability": {"name": "削り", "activation": 90, "range": {"shape": "map"}, "targets": {"side": "enemy"},
                             "effects": [{"kind": "damage", "stat": "defense", "amount": 1}]}}}


def test_dh_11_21_a_swap_ends_by_exchanging_back_or_restoring_each_stat() -> None:
    """u swaps x's 攻撃力 8 and 防御力 2 until just before red's phase of turn 2; x hits u's 防御力
    in its phase, so the swap is a target's values; and in turn 1 u's 攻撃力 stays 5."""
    chars = {**SWAPPED, "x": {**SWAPPED["x"], "ability": {**SWAPPED["x"]["ability"], "targets": {"side": "any"},
                                                          "effects": [{"kind": "damage", "stat": "attack", "amount": 1}]}}}

    def run(**options) -> dict:
        return ability_match(SWAP, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}],
                                         [{"who": "x", "ability": {"targets": ["x"]}}], dice=[1, 1, 1, 1]),
                                    turn(2, [], [])], chars=chars, options=options)

    during = [(e["stat"], e["after"]) for e in events(run(), "stat") if e["reason"] == "damage"]
    assert during == [("attack", 1)]  # x's own 攻撃力 damage lands on the swapped-in 2
    assert {k: run()["state"]["characters"]["x"][k] for k in ("attack", "defense")} == {"attack": 8, "defense": 1}
    restored = run(swap_end="restore")["state"]["characters"]["x"]
    assert (restored["attack"], restored["defense"]) == (7, 2)  # 8 − the 1 its 攻撃力 took


def test_dh_11_21_a_swap_with_the_user_exchanges_one_stat_between_them() -> None:
    ab = {**SWAP, "effects": [{"kind": "stat_swap", "stat": "attack", "with_user": True}], "duration": 3}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], [], dice=[1, 1])],
                        chars={"x": {k: v for k, v in SWAPPED["x"].items() if k != "ability"}})
    assert (log["state"]["characters"]["u"]["attack"], log["state"]["characters"]["x"]["attack"]) == (8, 5)
    assert [e["slots"] for e in log["state"]["effects"] if e["kind"] == "stat_swap"] == [[["x", "attack", 8],
                                                                                       ["u", "attack", 5]]]


def test_dh_11_21_a_swap_without_its_stats_or_of_hp_is_located() -> None:
    import pytest

    from dhproc.errors import InputError

    for effect in ({"kind": "stat_swap"}, {"kind": "stat_swap", "with_user": True, "stat": "hp"}):
        with pytest.raises(InputError) as info:
            ability_match({**SWAP, "effects": [effect]}, [])
        assert any("stat swap" in p.format() or "入れ替え" in p.format() for p in info.value.problems)


DELAYED = {"activation": 90, "range": {"shape": "map"}, "targets": {"side": "enemy"},
           "restrictions": [{"kind": "effect_delay", "delay": 1}], "effects": [{"kind": "damage", "amount": 2}]}
KILLER = {"k": {"name": "刺客", "side": "blue", "attack": 9, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ａ１",
                "ability": {"name": "即死", "activation": 90, "range": {"shape": "map"}, "targets": {"side": "enemy"},
                            "effects": [{"kind": "instant_death"}]}},
          "w": {"name": "味方", "side": "red", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ｃ１"}}


def test_dh_10_7_a_delayed_effect_ends_with_its_user_unless_the_option_lets_it_land() -> None:
    """u delays 2 damage on x by one turn; k kills u in blue's phase of turn 1."""
    first = turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], [{"who": "k", "ability": {"targets": ["u"]}}],
                 dice=[1, 1, 1])
    cancelled = ability_match(DELAYED, [first, turn(2, [], [])], chars=KILLER)
    assert [(e["type"], e["reason"]) for e in events(cancelled, "effect_end") if e["type"] == "delayed"] == [
        ("delayed", "death")]
    assert not events(cancelled, "effect_lands") and cancelled["state"]["characters"]["x"]["hp"] == 5
    landed = ability_match(DELAYED, [first, turn(2, [], [], dice=[1])], chars=KILLER,
                           options={"delayed_on_death": "lands"})
    assert [e["targets"] for e in events(landed, "effect_lands")] == [["x"]]
    assert landed["state"]["characters"]["x"]["hp"] == 3


def test_dh_10_7_range_at_landing_by_option() -> None:
    """u (Ｂ２, 隣接1) delays damage on x (Ｂ３), who walks away to Ａ４ before it lands."""
    ab = {**DELAYED, "range": {"shape": "adjacent", "size": 1}}
    first = turn(1, [{"who": "u", "ability": {"targets": ["x"]}}], [{"who": "x", "to": "Ａ４"}], dice=[1])
    followed = ability_match(ab, [first, turn(2, [], [], dice=[1])])
    assert followed["state"]["characters"]["x"]["hp"] == 3  # at_use: aimed once, it follows the target
    checked = ability_match(ab, [first, turn(2, [], [])], options={"delayed_range": "at_landing"})
    assert [e["reason"] for e in events(checked, "cancel")] == ["no_target"]
    assert checked["state"]["characters"]["x"]["hp"] == 5


def test_dh_10_7_delays_written_where_they_cannot_work_are_located() -> None:
    import pytest

    from dhproc.errors import InputError

    bad = [{**DELAYED, "restrictions": [{"kind": "effect_delay"}]},
           {**DELAYED, "targets": {"side": "any"}, "restrictions": [{"kind": "time_lag", "delay": 1}]},
           {**DELAYED, "effects": [{"kind": "extra_action"}]},
           {**DELAYED, "restrictions": [], "prepared": {"turns": 1}, "style": "counter",
            "counter": {"when": "attacked_by_enemy"}}]
    for ab in bad:
        with pytest.raises(InputError) as info:
            ability_match(ab, [])
        assert any("/ability/restrictions/0)" in p.format() or "/ability/prepared)" in p.format()
                   for p in info.value.problems)


PREPARED = {"activation": 90, "prepared": {"turns": 1}, "range": {"shape": "map"}, "targets": {"side": "enemy"},
            "effects": [{"kind": "damage", "amount": 2}]}


def test_dh_10_8_a_prepared_effect_takes_the_targets_named_later_or_none() -> None:
    use = turn(1, [{"who": "u", "ability": "能力"}], [], dice=[1])
    named = ability_match(PREPARED, [use, turn(2, [{"who": "u", "prepared": {"targets": ["y"]}}], [], dice=[1])])
    assert [e["targets"] for e in events(named, "effect_lands")] == [["y"]]
    assert named["state"]["characters"]["y"]["hp"] == 3
    silent = ability_match(PREPARED, [use, turn(2, [], [])])
    assert [e["reason"] for e in events(silent, "cancel")] == ["no_target"]
    assert not [e for e in silent["turns"][1]["events"] if e["kind"] == "action"]  # u rests: no entry, no 行動


def test_dh_10_8_prepared_choices_for_a_character_without_such_an_ability_are_located() -> None:
    import pytest

    from dhproc.errors import InputError

    with pytest.raises(InputError) as info:
        ability_match(DELAYED, [turn(1, [{"who": "u", "prepared": {"targets": ["x"]}}], [])])
    assert any("prepared" in p.format() or "準備型" in p.format() for p in info.value.problems)


GUARD_GIVEN = {"name": "返し", "style": "counter", "activation": 90, "duration": 3, "range": {"shape": "map"},
               "targets": {"side": "enemy"}, "counter": {"when": "attacked_by_enemy"},
               "effects": [{"kind": "damage", "amount": 1}]}
GIVER = {"activation": 90, "duration": 1, "targets": {"side": "self"},
         "effects": [{"kind": "grant_ability", "ability": "返し"}]}


def _given_match(turns: list, ability: dict = GIVER) -> dict:
    return ability_match(ability, turns, setup_extra={"abilities": [GUARD_GIVEN]})


def test_dh_11_22_an_ability_given_by_name_is_gone_when_the_grant_ends() -> None:
    """u gives itself 返し (from the setup's abilities) for one turn; rested, it names 返し in turn 3."""
    log = _given_match([turn(1, [{"who": "u", "ability": "能力"}], [], dice=[1, 1]), turn(2, [], []),
                        turn(3, [{"who": "u", "ability": "返し"}], [])])
    assert [e["granted"] for e in events(log, "effect_start")] == ["返し"]
    assert [(e["ability"], e["reason"]) for e in events(log, "cancel")] == [("返し", "not_granted")]


def test_dh_11_22_the_given_counter_waits_and_its_wait_ends_with_the_grant() -> None:
    log = _given_match([turn(1, [{"who": "u", "ability": "能力"}], [], dice=[1, 1]),
                        turn(2, [{"who": "u", "ability": "返し"}], [], dice=[1])],
                       ability={**GIVER, "duration": 2, "riders": ["no_rest"]})
    armed = events(log, "counter_armed")
    assert [(e["actor"], e["ability"]) for e in armed] == [("u", "返し")]
    later = _given_match([turn(1, [{"who": "u", "ability": "能力"}], [], dice=[1, 1]),
                          turn(2, [{"who": "u", "ability": "返し"}], [], dice=[1]), turn(3, [], [])],
                         ability={**GIVER, "duration": 2, "riders": ["no_rest"]})
    ends = [(e["type"], e["reason"]) for e in events(later, "effect_end")]
    assert ("granted_ability", "expired") in ends and ("counter", "grant_ended") in ends


def test_dh_11_22_names_a_grant_cannot_give_are_located() -> None:
    import pytest

    from dhproc.errors import InputError

    with pytest.raises(InputError) as info:
        ability_match({**GIVER, "effects": [{"kind": "grant_ability", "ability": "無い"}]}, [])
    assert any("/effects/0/ability)" in p.format() for p in info.value.problems)
    with pytest.raises(InputError) as info:
        ability_match(STRIKE_BY_NAME, [turn(1, [{"who": "u", "ability": {"name": "無い", "targets": ["x"]}}], [])])
    assert any("/ability/name)" in p.format() for p in info.value.problems)


STRIKE_BY_NAME = {"activation": 90, "range": {"shape": "map"}, "targets": {"side": "enemy"},
                  "effects": [{"kind": "damage", "amount": 1}]}


def _continued_after_turn_1(name: str) -> tuple[dict, dict]:
    """The scenario resolved whole, and resolved again from the setup its turn-1 log leaves (DH-12.2)."""
    import copy
    import json
    from pathlib import Path

    from dhproc import api
    from dhproc.engine.ruleset import get_ruleset
    from dhproc.documents.loading import load_file

    doc = load_file(Path(__file__).resolve().parents[2] / "scenarios" / "dh" / f"{name}.yaml")
    whole = api.resolve(api.load_inline(doc, ("match",)))
    data = copy.deepcopy(doc.data["match"])
    later_turns, data["turns"] = data["turns"][1:], data["turns"][:1]
    first = api.resolve(api.loads(json.dumps(data, ensure_ascii=False), name="m.yaml"))
    setup = get_ruleset("dh").setup_from_log(first)
    later = {"dhproc": 1, "ruleset": "dh", "seed": first["seed"], "options": first["options"], "setup": setup,
             "turns": later_turns}
    return whole, api.resolve(api.loads(json.dumps(later, ensure_ascii=False), name="later.yaml"))


def test_dh_12_2_swaps_grants_and_waiting_effects_carry_over_to_a_continued_match() -> None:
    for name in ("catalogue-stat-swap", "catalogue-effect-delay", "catalogue-prepared", "catalogue-grant-ability"):
        whole, later = _continued_after_turn_1(name)
        assert later["turns"] == whole["turns"][1:], name
        assert later["state"] == whole["state"], name


def test_dh_11_22_a_given_ability_counts_its_own_uses_and_they_carry_over() -> None:
    """u's own ability gives it 付与撃 (once per game, no rest) for three turns; it uses 付与撃 in turn 2,
    and in turn 3 the second use is refused as used up: its count is its own, not u's ability's."""
    given = {"name": "付与撃", "activation": 90, "range": {"shape": "map"}, "targets": {"side": "enemy"},
             "riders": ["no_rest"],
             "restrictions": [{"kind": "once_per_game"}], "effects": [{"kind": "damage", "amount": 1}]}
    ab = {"activation": 90, "duration": 3, "targets": {"side": "self"}, "riders": ["no_rest"],
          "effects": [{"kind": "grant_ability", "ability": given}]}
    log = ability_match(ab, [turn(1, [{"who": "u", "ability": "能力"}], [], dice=[1, 1]),
                             turn(2, [{"who": "u", "ability": {"name": "付与撃", "targets": ["x"]}}], [], dice=[1, 1]),
                             turn(3, [{"who": "u", "ability": {"name": "付与撃", "targets": ["x"]}}], [])])
    assert [e["reason"] for e in events(log, "cancel")] == ["used_up"]
    assert log["state"]["characters"]["u"]["given_uses"] == {"付与撃": 1}
    assert log["state"]["characters"]["u"]["uses"] == 1


def test_dh_10_8_and_11_22_the_japanese_keys_prepared_and_name() -> None:
    """準備 (prepared) and 能力名 (name) as GKs write them, with the characters' names (docs/aliases.md)."""
    from .helpers import match_text, resolve_text

    chars = ("      p: {name: 罠師, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１,\n"
             "          ability: {name: 仕込み, activation: 90, prepared: {turns: 1}, range: {shape: map},\n"
             "                    targets: {side: enemy}, effects: [{kind: damage, amount: 2}]}}\n"
             "      x: {name: 敵, side: blue, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｃ３}\n")
    log = resolve_text(match_text("""\
        - {turn: 1, dice: [1], submissions: {red: [{誰: 罠師, 能力: {能力名: 仕込み}}], blue: []}}
        - {turn: 2, dice: [1], submissions: {red: [{誰: 罠師, 準備: {対象: [敵]}}], blue: []}}
        """, chars=chars))
    assert [e["targets"] for e in events(log, "effect_lands")] == [["x"]]
    assert log["state"]["characters"]["x"]["hp"] == 3


def test_dh_11_21_and_10_7_their_options_reach_the_log_only_with_a_swap_or_a_delay() -> None:
    plain = ability_match(STRIKE_BY_NAME, [])
    assert not {"swap_end", "delayed_on_death", "delayed_range"} & set(plain["options"])
    swapping = ability_match(SWAP, [])
    assert "swap_end" in swapping["options"] and "delayed_range" not in swapping["options"]
    waiting = ability_match(PREPARED, [])
    assert {"delayed_on_death", "delayed_range"} <= set(waiting["options"]) and "swap_end" not in waiting["options"]
