"""KAGEMIYA-1: the setup and submissions as data, and the input errors a GK sees (located)."""

from __future__ import annotations

import pytest

from dhproc.errors import ResolutionError
from dhproc.rulesets.kagemiya.model import parse_character, stat_value

from .helpers import char, events, make, problems, resolve, standard, sub


def valid(chars: dict | None = None, **kw) -> dict:
    return make(chars or standard(), [{"submissions": {"red": sub("saber"), "blue": sub("lancer")},
                                       "dice": [6, 6, 1, 1]}], **kw)


@pytest.mark.usefixtures("english")
def test_kagemiya_1_1_one_turn_is_one_round_and_no_turn_follows_the_last() -> None:
    turns = [{"submissions": {"red": sub("saber"), "blue": sub("lancer")}, "dice": [6, 6, 1, 1]},
             {"submissions": {"red": sub(), "blue": sub()}}]
    log = resolve(make(standard(), turns, rounds=2))
    assert [e["round"] for e in events(log, "round_start")] == [1, 2]
    assert log["outcome"]["reason"] == "rounds_over"
    with pytest.raises(ResolutionError, match="never played"):
        resolve(make(standard(), turns + [{"submissions": {"red": sub(), "blue": sub()}}], rounds=2))


def test_kagemiya_1_1_initiative_and_each_sides_turn_have_their_own_dice_streams() -> None:
    turns = [{"submissions": {"red": sub("saber", {"actor": "saber", "do": "physical", "target": "lancer"}),
                              "blue": sub("lancer", {"actor": "lancer", "do": "physical", "target": "saber"})}}]
    log = resolve(make(standard(), turns))
    steps = [r["step"] for r in events(log, "roll")]
    assert steps[:4] == ["initiative"] * 4 and set(steps[4:]) == {"red", "blue"}


def test_kagemiya_1_2_every_side_needs_a_front_row_and_known_sides_and_masters() -> None:
    assert not problems(valid())
    msgs = problems(valid(standard(saber={"row": "back"})))
    assert any("'red' has nobody in the front row" in m for m in msgs), msgs
    msgs = problems(valid(standard(saber={"side": "green"})))
    assert any("'green' is not a 陣営" in m for m in msgs), msgs
    msgs = problems(valid(standard(saber={"master": "bm"})))
    assert any("'bm' is not a master of 陣営 'red'" in m for m in msgs), msgs


def test_kagemiya_1_3_ranks_and_numbers() -> None:
    assert [stat_value(r) for r in ("E", "D", "C", "B", "A", "A+", "A++", "EX")] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert stat_value("B-") == 4 and stat_value("A+-") == 6 and stat_value(12) == 12
    msgs = problems(valid(standard(saber={"strength": "S"})))
    assert any("rank E D C B A A+ A++ EX" in m for m in msgs), msgs


def test_kagemiya_1_4_hp_is_five_times_endurance_unless_given() -> None:
    c, _ = parse_character("x", char("X", "red", endurance="B"), 0, 5)
    assert (c.max_hp, c.hp) == (20, 20)
    c, _ = parse_character("x", char("X", "red", endurance="B", max_hp=30, hp=12), 0, 5)
    assert (c.max_hp, c.hp) == (30, 12)
    log = resolve(valid(options={"hp_per_endurance": 7}))
    assert log["state"]["characters"]["saber"]["max_hp"] == 14


def test_kagemiya_1_5_resources_are_typed_data() -> None:
    data = char("X", "red", noble_phantasm="A++",
                skills=[{"id": "s", "on": ["initiative"], "rank": "A", "first_move": True}],
                noble_phantasms=[{"id": "n", "on": ["physical_attack"], "dice": 2, "secret": True}])
    c, bad = parse_character("x", data, 0, 5)
    assert not bad
    s, n = c.resources["s"], c.resources["n"]
    assert (s.kind, s.rank, s.uses, s.first_move) == ("skill", 5, None, True)
    assert (n.kind, n.rank, n.uses, n.grant.dice, n.secret) == ("noble_phantasm", 7, 1, 2, True)
    dup = char("X", "red", skills=[{"id": "s", "on": ["initiative"]}], noble_phantasms=[{"id": "s", "on": ["escape"]}])
    assert any("ほかのスキル・宝具・倍加のidと同じです" in m for _, m in parse_character("x", dup, 0, 5)[1])


def test_kagemiya_1_6_command_spell_kinds_default_and_custom() -> None:
    kinds = [{"id": "big", "name": "全力", "cost": 2, "dice": 3, "on": ["physical_attack"]}]
    act = {"actor": "saber", "do": "physical", "target": "lancer", "command_spells": ["big"]}
    m = make(standard(), [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")},
                           "dice": [6, 6, 1, 1] + [1] * 5 + [1, 1]}], command_spell_kinds=kinds)
    log = resolve(m)
    assert events(log, "check", purpose="attack")[0]["dice"] == 5
    assert log["state"]["characters"]["rm"]["command_spells"] == 1
    act["command_spells"] = ["boost"]
    msgs = problems(m)
    assert any("unknown 令呪 kind 'boost' (kinds: big)" in x for x in msgs), msgs
    alone = standard(saber={"master": None})
    del alone["saber"]["master"]
    act = {"actor": "saber", "do": "physical", "target": "lancer", "command_spells": ["boost"]}
    msgs = problems(make(alone, [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}]))
    assert any("has no master to spend 令呪" in x for x in msgs), msgs


def test_kagemiya_1_7_doubling_is_data_for_one_stat() -> None:
    act = {"actor": "saber", "do": "physical", "target": "lancer", "doubling": ["a2"]}
    chars = standard(saber={"doubling": [{"id": "a2", "stat": "agility", "multiplier": 3}]})
    msgs = problems(make(chars, [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}]))
    assert any("倍加 'a2' doubles agility; physical_attack rolls strength" in m for m in msgs), msgs
    init = {"roller": "saber", "doubling": ["a2"]}
    log = resolve(make(chars, [{"submissions": {"red": sub(init), "blue": sub("lancer")}, "dice": [1] * 6 + [1, 1]}]))
    assert events(log, "check", actor="saber")[0]["dice"] == 6


@pytest.mark.parametrize("chars, setup, message", [
    ({"saber": {"hp": 0}}, {}, "a character at 0 HP has dropped out"),
    ({"saber": {"noble_phantasms": [{"id": "n", "on": ["escape"], "used": 2}]}}, {}, "used 2 times, but it has 1"),
    ({}, {"progress": {"rounds_played": 3}, "first": 4}, "3 巡 played of 3"),
    ({}, {"progress": {"rounds_played": 1, "order": ["red"]}, "first": 2}, "lists each 陣営 once, every one still in the battle"),
    ({}, {"progress": {"rounds_played": 1}, "first": 2}, "a battle under way has its 行動順"),
    ({}, {"progress": {"rounds_played": 1, "order": ["red", "blue"]}}, "巡 1 has already been played: this battle "
     "takes up after 巡 1 (the setup's progress.rounds_played: 1), so its first turn file is turn: 2 (巡 2)"),
    ({"saber": {"eliminated": True, "hp": 0}, "rm": {"eliminated": True}}, {}, "a battle needs two 陣営"),
    ({"lancer": {"command_spells": 2}}, {}, "only a master holds 令呪"),
])
def test_kagemiya_1_8_a_state_that_cannot_be_is_refused(chars, setup, message) -> None:
    msgs = problems(valid(standard(**chars), **setup))
    assert any(message in m for m in msgs), msgs


def test_kagemiya_1_8_a_dropped_out_character_starts_out_of_the_battle() -> None:
    chars = standard(archer=char("ARCHER", "red", hp=0, eliminated=True))
    act = {"actor": "saber", "do": "physical", "target": "lancer", "support": ["archer"]}
    log = resolve(make(chars, [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")},
                                "dice": [6, 6, 1, 1, 1, 1, 1, 1]}]))
    assert events(log, "cancel", actor="archer", what="support", reason="out_of_battle")


def test_kagemiya_1_8_a_turn_already_played_is_named_in_japanese_by_default() -> None:
    msgs = problems(valid(standard(), progress={"rounds_played": 2, "order": ["red", "blue"]}), lang="ja")
    assert any("1巡目は処理済みです。この戦闘は2巡目まで済んだところから始まるので（setup の progress.rounds_played: 2）、"
               "最初のターンファイルは turn: 3（3巡目）です" in m for m in msgs), msgs


def test_kagemiya_1_10_problems_are_japanese_by_default_with_a_did_you_mean() -> None:
    act = {"actor": "saber", "do": "physical", "target": "lancre", "use": ["yakusku"], "command_spells": ["bost"]}
    chars = standard(saber={"noble_phantasms": [{"id": "yakusoku", "name": "約束された勝利の剣", "on": ["physical_attack"]}]})
    m = make(chars, [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}])
    ja = problems(m, lang="ja")
    assert any("キャラクター「lancre」はいません（もしかして：'lancer' (LANCER)）" in x for x in ja), ja
    assert any("saberにスキル・宝具「yakusku」はありません（持っているもの：yakusoku）（もしかして：'yakusoku' (約束された勝利の剣)）"
               in x for x in ja), ja
    assert any("令呪「bost」という種類はありません（種類：boost、sides）（もしかして：'boost' (令呪（補正）)）" in x for x in ja), ja
    en = problems(m)
    assert any("unknown character 'lancre' (did you mean 'lancer' (LANCER)?)" in x for x in en), en


def test_kagemiya_1_10_input_errors_are_located() -> None:
    act = {"actor": "saber", "do": "physical", "target": "nobody"}
    msgs = problems(make(standard(), [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}]))
    assert any(m.startswith("match.yaml:") and "unknown character 'nobody'" in m for m in msgs), msgs
    act = {"actor": "lancer", "do": "physical", "target": "saber"}
    msgs = problems(make(standard(), [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}]))
    assert any("'lancer' belongs to 陣営 'blue', not 'red'" in m for m in msgs), msgs
    act = {"actor": "saber", "do": "physical", "target": "rm"}
    msgs = problems(make(standard(), [{"submissions": {"red": sub("saber", act), "blue": sub("lancer")}}]))
    assert any("on the attacker's own 陣営" in m for m in msgs), msgs
    msgs = problems(make(standard(), [{"submissions": {"red": sub(), "blue": sub("lancer")}}]))
    assert any("begins with the 先手判定" in m for m in msgs), msgs


def test_kagemiya_1_10_what_play_makes_impossible_is_a_cancel() -> None:
    chars = standard(lancer={"endurance": 1})
    red = sub("saber", {"actor": "saber", "do": "physical", "target": "lancer"})
    blue = sub("lancer", {"actor": "lancer", "do": "physical", "target": "saber"})
    log = resolve(make(chars, [{"submissions": {"red": red, "blue": blue}, "dice": [6, 6, 1, 1, 6, 6, 1, 1]}]))
    assert events(log, "cancel", actor="lancer", reason="out_of_battle")


def test_kagemiya_1_8_a_battle_continued_from_a_log_resolves_as_in_one_match() -> None:
    """巡 1 in one match, 巡 2-3 continued from its log (dhproc new --from), equal 巡 1-3 in one."""
    from dhproc import api
    from dhproc.rulesets.kagemiya import RULESET

    chars = {**standard(saber={"noble_phantasms": [{"id": "np", "on": ["physical_attack"], "dice": 2}]}),
             "caster": char("CASTER", "green")}
    attack = {"actor": "saber", "do": "physical", "target": "lancer", "use": ["np"], "command_spells": ["boost"]}
    turns = [{"submissions": {"red": sub("saber", attack), "blue": sub("lancer"),
                              "green": sub("caster", {"actor": "caster", "do": "escape"})}},
             {"submissions": {"red": sub(None, {**attack, "use": []}), "blue": sub(None, {"actor": "lancer",
                                                                                          "do": "physical",
                                                                                          "target": "saber"})}},
             {"submissions": {"red": sub(None, {**attack, "use": []}), "blue": sub()}}]
    whole = resolve(make(chars, turns, sides=("red", "blue", "green"), seed=7))
    first = resolve(make(chars, turns[:1], sides=("red", "blue", "green"), seed=7))
    setup = RULESET.setup_from_log(first)
    assert first["state"]["sides"]["green"]["status"] == "escaped" and setup["sides"]["green"]["escaped"]
    assert setup["progress"]["rounds_played"] == 1
    rest = {"dhproc": 1, "ruleset": "kagemiya", "seed": 7, "options": {}, "setup": setup,
            "turns": [{"turn": n, **t} for n, t in ((2, turns[1]), (3, turns[2]))]}
    later = resolve(rest)
    assert [t["events"] for t in later["turns"]] == [t["events"] for t in whole["turns"][1:]]
    assert later["state"] == whole["state"] and later["outcome"] == whole["outcome"]
    assert api.render(later)


def test_kagemiya_1_8_dhproc_new_from_a_log_continues_the_example(tmp_path) -> None:
    """巡 1 of examples/kagemiya resolved alone, continued with `dhproc new kagemiya DIR --from LOG`
    and the example's own turn files for 巡 2 and 3: the same events and end as the whole example."""
    import shutil
    from pathlib import Path

    import yaml
    from click.testing import CliRunner

    from dhproc import api
    from dhproc.cli import cli

    example = Path(__file__).resolve().parents[3] / "examples" / "kagemiya"
    first = tmp_path / "first"
    first.mkdir()
    for name in ("match.yaml", "turn-01.yaml"):
        shutil.copy(example / name, first)
    text = (first / "match.yaml").read_text(encoding="utf-8")
    (first / "match.yaml").write_text(text.replace("turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]",
                                                   "turns: [turn-01.yaml]"), encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(cli, ["resolve", str(first / "match.yaml"), "--json", str(tmp_path / "log.json")]).exit_code == 0
    out = runner.invoke(cli, ["new", "kagemiya", str(tmp_path / "next"), "--from", str(tmp_path / "log.json")])
    assert out.exit_code == 0, out.output
    later = tmp_path / "next"
    data = yaml.safe_load((later / "match.yaml").read_text(encoding="utf-8"))
    assert data["setup"]["progress"]["rounds_played"] == 1
    data["turns"] = ["turn-02.yaml", "turn-03.yaml"]
    (later / "match.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    for name in ("turn-02.yaml", "turn-03.yaml"):
        shutil.copy(example / name, later)
    whole = api.resolve(api.load(example / "match.yaml"))
    rest = api.resolve(api.load(later / "match.yaml"))
    assert [t["events"] for t in rest["turns"]] == [t["events"] for t in whole["turns"][1:]]
    assert rest["state"] == whole["state"] and rest["outcome"] == whole["outcome"]


def test_kagemiya_8_4_a_battle_under_way_with_front_refill_none_may_have_an_empty_front_row() -> None:
    """With ``front_refill: none`` a 陣営 whose front row fell stays without one (KAGEMIYA-8.4), so a
    setup under way that states it, as ``new --from`` writes it, validates; the same setup for a
    fresh battle, or under ``first_back``, is still refused (KAGEMIYA-1.2). Found by the
    continuation property."""
    chars = standard(saber={"hp": 0, "eliminated": True})
    progress = {"rounds_played": 1, "order": ["red", "blue"]}
    assert problems(make(chars, [], options={"front_refill": "none"}, progress=progress)) == []
    assert any("'red' has nobody in the front row" in m for m in problems(make(chars, [], progress=progress)))
    fresh = make(chars, [], options={"front_refill": "none"})
    assert any("'red' has nobody in the front row" in m for m in problems(fresh))
