"""転校生 (DH-14): the GK's third side, its phase after the 後攻 phase, its DP and its sheet."""

from __future__ import annotations

import json

import pytest

from dhproc import api
from dhproc.errors import InputError
from dhproc.rulesets.dh.options import TRANSFER_OPTIONS

SIDES = {"red": {"name": "赤組"}, "blue": {"name": "青組"}, "gk": {"name": "転校生", "transfer": True}}


def _char(side: str, at: str | None = None, **more) -> dict:
    c = {"name": f"{side}{at or ''}", "side": side, "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5}
    return dict(c, **({"at": at} if at else {}), **more)


def _match(chars: dict, turns: list, *, options: dict | None = None, sides: dict | None = None, **setup) -> dict:
    return {"dhproc": 1, "ruleset": "dh", "seed": 1, "options": options or {},
            "setup": {"map": {"rows": 3, "cols": 6}, "first": "red", "sides": sides or SIDES,
                      "characters": chars, **setup},
            "turns": turns}


def _resolve(data: dict) -> dict:
    return api.resolve(api.loads(json.dumps(data, ensure_ascii=False), name="m.yaml"))


def _events(log: dict, kind: str | None = None) -> list[dict]:
    return [dict(e, turn_no=t["turn"]) for t in log["turns"] for e in t["events"] if kind in (None, e["kind"])]


def _turn(n: int, red=(), blue=(), gk=None, dice=()) -> dict:
    subs = {"red": list(red), "blue": list(blue)}
    if gk is not None:
        subs["gk"] = list(gk)
    return {"turn": n, "dice": list(dice), "submissions": subs}


def test_dh_14_1_one_transfer_side_beside_two_player_sides_and_its_keys_only_on_its_characters() -> None:
    chars = {"a": _char("red", "Ａ１", held_dp=3), "x": _char("blue", "Ａ６"), "t": _char("gk", arrives=2)}
    with pytest.raises(InputError) as info:
        _resolve(_match(chars, [], first="gk"))
    where = {p.path: p.message for p in info.value.problems}
    assert set(where) == {("setup", "first"), ("setup", "characters", "a", "held_dp"),
                          ("setup", "characters", "t", "arrives")}
    assert "先攻は転校生の陣営にできません" in where[("setup", "first")]
    two = dict(SIDES, blue={"name": "青組", "transfer": True})
    with pytest.raises(InputError) as info:
        _resolve(_match({"a": _char("red", "Ａ１")}, [], sides=two))
    assert sorted(p.path for p in info.value.problems) == [("setup", "sides"), ("setup", "sides", "gk", "transfer")]
    three = dict(SIDES, gk={"name": "第三"})
    with pytest.raises(InputError) as info:
        _resolve(_match({"a": _char("red", "Ａ１")}, [], sides=three))
    assert [p.path for p in info.value.problems] == [("setup", "sides")]


def test_dh_14_2_three_phases_a_turn_and_the_clock_counts_them() -> None:
    boost = {"name": "気合", "activation": 90, "duration": 1, "targets": {"side": "self"},
             "effects": [{"kind": "stat_change", "stat": "attack", "amount": 2}]}
    chars = {"a": _char("red", "Ａ１", ability=boost), "x": _char("blue", "Ａ６"), "t": _char("gk", "Ｃ３")}
    turns = [_turn(1, red=[{"who": "a", "ability": "気合"}], dice=[1]),  # the GK writes nothing: t waits
             _turn(2, red=[{"who": "a", "to": "Ａ２"}]),
             _turn(3, red=[{"who": "a", "to": "Ａ３"}], gk=[{"who": "t", "to": "Ｃ４"}])]
    log = _resolve(_match(chars, turns))
    starts = [(e["turn"], e["phase"], e["side"]) for e in _events(log, "phase_start")]
    assert starts == [(n, p, s) for n in (1, 2, 3) for p, s in ((1, "red"), (2, "blue"), (3, "gk"))]
    assert not _events(log, "awaiting")
    effect = _events(log, "effect_start")[0]
    assert (effect["start"], effect["end"]) == (1, 4)  # one turn: just before red's phase of turn 2 (1 + 3)
    rest = _events(log, "rest")[0]
    assert rest["end"] == 7  # 能力休み: red's next phase (4) sat out, released just before phase 7
    cancels = [(e["turn_no"], e["reason"]) for e in _events(log, "cancel")]
    assert cancels == [(2, "resting")]
    assert [e["to"] for e in _events(log, "move")] == ["Ａ３", "Ｃ４"]
    assert log["state"]["phase"] == 9
    assert set(TRANSFER_OPTIONS) <= set(log["options"])
    report = api.render(log)
    assert "【転校生：転校生 フェイズ】" in report and "（2ターン目の赤組フェイズ直前まで）" in report
    two = {k: v for k, v in SIDES.items() if k != "gk"}
    plain = _resolve(_match({"a": _char("red", "Ａ１"), "x": _char("blue", "Ａ６")}, [_turn(1)], sides=two))
    assert not set(TRANSFER_OPTIONS) & set(plain["options"])  # a two-side log records none of them


def test_dh_14_2_the_turn_file_may_name_the_transfer_side_in_japanese() -> None:
    chars = {"a": _char("red", "Ａ１"), "x": _char("blue", "Ａ６"), "t": _char("gk", "Ｃ３", name="謎の転校生")}
    log = _resolve(_match(chars, [{"turn": 1, "submissions": {"red": [], "blue": [],
                                                             "転校生": [{"who": "謎の転校生", "to": "Ｃ４"}]}}]))
    assert log["input"]["turns"][0]["submissions"]["gk"] == [{"who": "t", "to": "Ｃ４"}]
    assert [e["actor"] for e in _events(log, "move")] == ["t"]


@pytest.mark.parametrize("arrival, acts_in", [("transfer_phase", 3), ("turn_start", 2)])
def test_dh_14_3_a_late_transfer_student_arrives_on_its_square(arrival: str, acts_in: int) -> None:
    chars = {"a": _char("red", "Ａ１"), "x": _char("blue", "Ａ６"), "t": _char("gk", "Ｃ３", arrives=2)}
    turns = [_turn(n, gk=[{"who": "t", "to": "Ｃ４"}]) for n in (1, 2, 3)]
    log = _resolve(_match(chars, turns, options={"transfer_arrival": arrival}))
    events = _events(log)
    arrived = next(i for i, e in enumerate(events) if e["kind"] == "transfer_arrival")
    before = events[arrived - 1]
    assert events[arrived]["turn_no"] == 2 and events[arrived]["at"] == "Ｃ３"
    if arrival == "turn_start":  # before the 先攻 phase of turn 2
        assert (before["kind"], before["turn_no"]) == ("turn_end", 1)
    else:  # at the start of the 転校生 phase of turn 2
        assert (before["kind"], before["phase"], before["side"]) == ("phase_start", 3, "gk")
    reasons = [(e["turn_no"], e["reason"]) for e in _events(log, "cancel")]
    assert reasons == [(1, "not_on_map")] + ([(2, "arrived_recently")] if acts_in == 3 else [])
    assert [e["turn_no"] for e in _events(log, "move")] == list(range(acts_in, 4))


def test_dh_14_3_a_continued_match_keeps_a_transfer_student_still_to_arrive() -> None:
    from dhproc.rulesets.dh.campaign import setup_from_log

    chars = {"a": _char("red", "Ａ１"), "x": _char("blue", "Ａ６"), "t": _char("gk", "Ｃ３", arrives=3, held_dp=4)}
    log = _resolve(_match(chars, [_turn(1)]))
    setup = setup_from_log(log)
    assert setup["characters"]["t"]["arrives"] == 3 and setup["characters"]["t"]["at"] == "Ｃ３"
    assert setup["sides"]["gk"]["transfer"] is True
    later = _resolve({"dhproc": 1, "ruleset": "dh", "seed": 1, "setup": setup,
                      "turns": [_turn(2), _turn(3)]})
    assert [(e["turn_no"], e["character"]) for e in _events(later, "transfer_arrival")] == [(3, "t")]
    assert [e["phase"] for e in _events(later, "phase_start")][:3] == [1, 2, 3]
    assert later["state"]["phase"] == 9


def test_dh_14_4_only_the_player_sides_win_or_lose() -> None:
    killer = {"name": "一撃", "activation": 100, "range": {"shape": "adjacent", "size": 2},
              "targets": {"side": "enemy"}, "effects": [{"kind": "instant_death"}]}
    chars = {"a": _char("red", "Ａ１"), "x": _char("blue", "Ａ６"),
             "t": _char("gk", "Ａ２", attack=20, ability=killer)}
    log = _resolve(_match(chars, [_turn(1, gk=[{"who": "t", "ability": {"targets": ["a"]}}])]))
    assert log["outcome"] == {"result": "win", "winner": "blue", "reason": "wipeout"}  # 赤組 wiped out
    mine = {"a": _char("red", "Ａ１", attack=20), "x": _char("blue", "Ａ６"), "t": _char("gk", "Ａ２", hp=1)}
    log = _resolve(_match(mine, [_turn(1, red=[{"who": "a", "to": "Ａ２", "attack": "t"}], dice=[1])],
                          turn_limit=1))
    assert [e["character"] for e in _events(log, "death")] == ["t"]  # the 転校生 side wiped out: the match goes on
    assert log["outcome"] == {"result": "win", "winner": "red", "reason": "dp"}  # then decided by DP, 2 : 0
    assert [e["dp"] for e in _events(log, "turn_end")] == [{"red": 2, "blue": 0}]  # DP is the player sides'
    from dhproc.report.document import to_text

    summary = to_text(api.summary_blocks(log))
    dp_table = summary[summary.index("ターンごとのDP"):]
    assert "赤組" in dp_table and "転校生 |" not in dp_table


def _kill_t(options: dict | None = None, *, leader: bool = False, held: dict | None = None) -> dict:
    chars = {"a": _char("red", "Ａ１", attack=20), "x": _char("blue", "Ａ６"),
             "t": _char("gk", "Ａ２", **(held or {}))}
    sides = dict(SIDES, red={"name": "赤組", "leader": "a"}) if leader else SIDES
    return _resolve(_match(chars, [_turn(1, red=[{"who": "a", "to": "Ａ２", "attack": "t"}], dice=[1])],
                           options=options, sides=sides))


def test_dh_14_5_killing_a_transfer_student_gives_its_held_dp_to_the_killers_side() -> None:
    dp = _events(_kill_t(), "dp")
    assert [(e["side"], e["amount"], e["base"], e.get("transfer")) for e in dp] == [("red", 2, 2, True)]
    dp = _events(_kill_t({"transfer_held_dp": 1}, leader=True, held={"held_dp": 3}), "dp")
    assert [(e["side"], e["amount"], e["multiplier"]) for e in dp] == [("red", 6, 2)]  # 3 × the leader's 2
    log = _kill_t({"transfer_dp_to": "none"})
    assert not _events(log, "dp") and _events(log, "dp_none")[0]["reason"] == "transfer_dp_none"
    assert "　→ 転校生を倒してもDPなし（オプション transfer_dp_to: none）" in api.render(log)
    assert "  → no DP for a transfer student (option transfer_dp_to: none)" in api.render(log, lang="en")
    suicide = {"name": "自爆", "activation": 100, "targets": {"side": "self"}, "duration": 1,
               "costs": [{"kind": "self_death"}], "effects": [{"kind": "stat_change", "stat": "attack", "amount": 1}]}
    chars = {"a": _char("red", "Ａ１"), "x": _char("blue", "Ａ６"), "t": _char("gk", "Ａ３", ability=suicide)}
    log = _resolve(_match(chars, [_turn(1, gk=[{"who": "t", "ability": "自爆"}])]))
    assert [e["character"] for e in _events(log, "death")] == ["t"]
    assert not _events(log, "dp") and _events(log, "dp_none")[0]["reason"] == "no_player_killer"


def test_dh_14_6_a_transfer_students_kill_gives_no_dp_unless_the_option_scores_it() -> None:
    chars = {"a": _char("red", "Ａ１", hp=1), "b": _char("red", "Ｂ１"), "x": _char("blue", "Ａ６"),
             "t": _char("gk", "Ａ２", attack=20)}
    turns = [_turn(1, gk=[{"who": "t", "to": "Ａ１", "attack": "a"}], dice=[1])]
    log = _resolve(_match(chars, turns))
    assert not _events(log, "dp") and _events(log, "dp_none")[0]["reason"] == "transfer_kill"
    assert "  → killed by a transfer student: no DP" in api.render(log, lang="en")
    log = _resolve(_match(chars, turns, options={"transfer_kill_dp": "opponent"}))
    assert [(e["side"], e["amount"]) for e in _events(log, "dp")] == [("blue", 1)]


@pytest.mark.parametrize("sheet, option, stopped", [({}, {}, True), ({"zoc": False}, {}, False),
                                                      ({}, {"transfer_zoc": False}, False),
                                                      ({"zoc": True}, {"transfer_zoc": False}, True)])
def test_dh_14_7_a_transfer_students_zoc_is_as_its_sheet_says(sheet: dict, option: dict, stopped: bool) -> None:
    chars = {"a": _char("red", "Ａ１"), "x": _char("blue", "Ａ６"), "t": _char("gk", "Ａ２", **sheet)}
    log = _resolve(_match(chars, [_turn(1, red=[{"who": "a", "to": "Ａ３"}])], options=option))
    if stopped:
        assert _events(log, "cancel")[0]["reason"] == "zoc"
    else:
        assert _events(log, "move")[0]["path"] == ["Ａ２", "Ａ３"]


@pytest.mark.parametrize("rule", ["normal", "immune"])
def test_dh_14_8_a_transfer_student_at_hp_1_is_dying_unless_the_option_says_immune(rule: str) -> None:
    chars = {"a": _char("red", "Ａ１", attack=9), "x": _char("blue", "Ａ６"), "t": _char("gk", "Ａ２", hp=5)}
    turns = [_turn(1, red=[{"who": "a", "to": "Ａ２", "attack": "t"}], gk=[{"who": "t", "to": "Ａ４"}], dice=[1])]
    log = _resolve(_match(chars, turns, options={"transfer_dying": rule}))
    assert _events(log, "damage")[0]["after"] == 1
    dying = [e for e in _events(log, "state") if e["state"] == "dying"]
    moved = [e["to"] for e in _events(log, "move") if e["actor"] == "t"]
    table_row = next(line for line in api.render(log).splitlines() if line.startswith("| gk"))
    if rule == "immune":
        assert not dying and moved == ["Ａ４"] and "dying" not in log["state"]["characters"]["t"]["states"]
        assert "瀕死" not in table_row
    else:
        assert dying and not moved and _events(log, "cancel")[0]["reason"] == "dying"
        assert "瀕死" in table_row


def test_dh_14_9_auto_success_skips_the_ability_checks_but_not_the_hit_roll() -> None:
    hurt = {"name": "念動", "activation": 10, "success": 10, "range": {"shape": "adjacent", "size": 2},
            "targets": {"side": "enemy"}, "effects": [{"kind": "damage", "stat": "hp", "amount": 1}]}
    chars = {"a": _char("red", "Ａ１"), "x": _char("blue", "Ａ６"),
             "t": _char("gk", "Ａ２", ability=hurt, auto_success=True), "u": _char("gk", "Ｃ１")}
    turns = [_turn(1, gk=[{"who": "t", "ability": {"targets": ["a"]}}, {"who": "u", "to": "Ｂ１"}]),
             _turn(2, gk=[{"who": "u", "to": "Ａ１", "attack": "a"}], dice=[99])]
    log = _resolve(_match(chars, turns))
    checks = _events(log, "check")
    assert [(e["check"], e["face"], e.get("auto")) for e in checks] == [("activation_check", None, True),
                                                                       ("success_check", None, True)]
    assert [e["purpose"] for e in _events(log, "roll")] == ["hit_check"]  # u's attack rolls as usual
    assert "  activation 10% → activates (transfer student: succeeds without a roll)" in api.render(log, lang="en")


def test_dh_14_2_the_gk_posts_the_transfer_students_actions_as_text(tmp_path) -> None:
    chars = {"a": _char("red", "Ａ１", name="赤一"), "x": _char("blue", "Ａ６", name="青一"),
             "t": _char("gk", "Ｃ３", name="謎の転校生")}
    path = tmp_path / "match.yaml"
    path.write_text(json.dumps(_match(chars, []), ensure_ascii=False), encoding="utf-8")
    read = api.import_posts("dh", [("gk.txt", "謎の転校生：Ｃ３→Ｃ５／通常攻撃→赤一")], path)
    assert read.problems == []
    assert read.submissions == {"gk": [{"who": "t", "to": "Ｃ５", "attack": "a"}]}


def test_dh_14_2_grants_counters_and_the_two_phase_rule_count_three_phases_a_turn() -> None:
    poison = {"name": "毒霧", "type": "granted", "activation": 90, "duration": 2,
              "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
              "effects": [{"kind": "damage", "amount": 1}]}
    guard = {"name": "迎撃", "style": "counter", "activation": 90, "counter": {"when": "enemy_enters_range"},
             "range": {"shape": "same_square"}, "targets": {"side": "enemy"}, "effects": [{"kind": "damage", "amount": 1}]}
    chars = {"u": _char("red", "Ｂ２", ability=poison), "x": _char("blue", "Ａ６", ability=guard),
             "t": _char("gk", "Ｂ３", hp=8)}
    turns = [_turn(1, red=[{"who": "u", "ability": {"targets": ["t"]}}], blue=[{"who": "x", "ability": {}}],
                   dice=[1, 1]),
             _turn(2), _turn(3)]
    log = _resolve(_match(chars, turns))
    hp = [(e["turn_no"], e["after"]) for e in _events(log, "damage") if e["target"] == "t"]
    assert hp == [(1, 7), (2, 6)]  # given in turn 1, again at red's phase start of turn 2; 2 turns end at phase 7
    ends = [(e["type"], e["bearer"], e["turn_no"]) for e in _events(log, "effect_end")]
    # the counter armed at phase 2 waits one turn (until phase 5); 能力休み ends at phases 7 and 8
    assert ends == [("counter", "x", 2), ("repeat", "t", 3), ("ability_rest", "u", 3), ("ability_rest", "x", 3)]
    ended = {e["type"]: e for e in _events(log, "effect_end")}
    events = _events(log)
    before = events[events.index(ended["counter"]) - 1]  # expired at the start of phase 5: blue's of turn 2
    assert (before["kind"], before["turn"], before["side"]) == ("phase_start", 2, "blue")
    before = events[events.index(ended["repeat"]) - 1]  # and phase 7: red's of turn 3
    assert (before["kind"], before["turn"], before["side"]) == ("phase_start", 3, "red")


def test_dh_14_2_a_transfer_student_controlling_a_player_character_never_makes_the_turn_wait() -> None:
    puppet = {"name": "傀儡", "activation": 90, "duration": 2, "range": {"shape": "adjacent", "size": 1},
              "targets": {"side": "enemy", "count": "single"}, "effects": [{"kind": "control"}]}
    chars = {"a": _char("red", "Ｂ２"), "x": _char("blue", "Ａ６"), "t": _char("gk", "Ｂ３", ability=puppet)}
    turns = [_turn(1, gk=[{"who": "t", "ability": {"targets": ["a"]}}], dice=[1]),
             _turn(2),  # the GK writes nothing: a, held by t, does nothing at the end of red's phase
             _turn(3, gk=[{"who": "a", "controlled": True, "to": "Ｃ２"}])]
    log = _resolve(_match(chars, turns, options={"control_timing": "target_phase_end"}))
    assert not _events(log, "awaiting")
    assert [(e["turn_no"], e["actor"], e["to"]) for e in _events(log, "move")] == [(3, "a", "Ｃ２")]
