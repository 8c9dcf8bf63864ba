"""What a first campaign found, each one from the command line as a GK meets it.

A 3-vs-3 dh match written from scratch with the mistakes players make: every wrong result is
either a located validation error (wrong whatever happens) or a ``cancel`` event with a reason
(a rule that turns the action down at resolve time) — never a silent wrong result, never exit 3.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import problem_lines, run, where_value


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # problems name files as given on the command line

SUMMONER = """\
      caller:
        name: 影使い
        side: red
        attack: 5
        defense: 5
        hp: 6
        spirit: 3
        fs: 5
        at: Ｃ６
        ability:
          name: 影法師召喚
          type: summon
          duration: 2
          range: {shape: adjacent, size: 1}
          effects: [{kind: summon}]
"""

ROSTER = """\
      shade: {name: 影法師, side: red, attack: 4, defense: 4, hp: 3, spirit: 3, fs: 3}
      r2: {name: 赤二, side: red, attack: 6, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ７}
      r3: {name: 赤三, side: red, attack: 6, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｄ７}
      b1: {name: 青一, side: blue, attack: 6, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１}
      b2: {name: 青二, side: blue, attack: 6, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｃ１}
      b3: {name: 青三, side: blue, attack: 6, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｅ１}
      bb: {name: 青控え, side: blue, attack: 6, defense: 5, hp: 5, spirit: 3, fs: 5}
"""


def campaign(turns: str, *, characters: str = SUMMONER + ROSTER, options: str = "{}") -> str:
    return (
        "dhproc: 1\nruleset: dh\nseed: 7\n"
        f"options: {options}\n"
        "setup:\n"
        "  map: {rows: 5, cols: 7, walls: [Ａ４, Ｃ４, Ｅ４, Ｃ５]}\n"
        "  first: red\n"
        "  sides: {red: {name: 赤組}, blue: {name: 青組}}\n"
        "  characters:\n" + characters +
        "turns:\n" + turns)


def write(tmp_path: Path, text: str, name: str = "match.yaml") -> Path:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return Path(name)


def resolved(tmp_path: Path, text: str) -> dict:
    path = write(tmp_path, text)
    ok = run("validate", path)
    assert ok.exit_code == 0, ok.output
    result = run("resolve", path, "--json", "log.json")
    assert result.exit_code == 0, result.output
    return json.loads((tmp_path / "log.json").read_text(encoding="utf-8"))


def events(log: dict, kind: str | None = None) -> list[dict]:
    return [e for t in log["turns"] for e in t["events"] if kind is None or e["kind"] == kind]


def one_turn(red: str, blue: str = "[]", dice: str = "") -> str:
    return f"  - turn: 1\n{dice}    submissions:\n      red: {red}\n      blue: {blue}\n"


# --------------------------------------------------------------------------- summons

def test_dh_11_8_a_summon_outside_the_abilitys_range_is_cancelled(tmp_path):
    log = resolved(tmp_path, campaign(one_turn("[{who: caller, ability: {summon: shade, at: Ａ１}}]")))
    cancel = events(log, "cancel")
    assert cancel and cancel[0]["reason"] == "out_of_range" and cancel[0]["at"] == "Ａ１"
    assert not events(log, "arrive") and not events(log, "check")  # nothing rolled (DH-8.1)
    assert "at" not in log["state"]["characters"]["shade"]
    assert [e for e in events(log, "wait") if e["actor"] == "caller"]  # the 行動 ends as a wait


def test_dh_11_8_a_summon_inside_the_range_arrives(tmp_path):
    log = resolved(tmp_path, campaign(one_turn("[{who: caller, ability: {summon: shade, at: Ｂ６}}]")))
    assert [(e["character"], e["at"]) for e in events(log, "arrive")] == [("shade", "Ｂ６")]


def test_dh_11_8_summoning_a_character_already_on_the_map_is_cancelled(tmp_path):
    text = campaign(
        "  - turn: 1\n    submissions:\n      red: [{who: caller, ability: {summon: shade, at: Ｂ６}}]\n"
        "      blue: []\n"
        "  - turn: 2\n    submissions:\n      red: []\n      blue: []\n"
        "  - turn: 3\n    submissions:\n      red: [{who: caller, ability: {summon: shade, at: Ｃ７}}]\n"
        "      blue: []\n")
    log = resolved(tmp_path, text)
    arrivals = events(log, "arrive")
    assert [(e["character"], e["at"]) for e in arrivals] == [("shade", "Ｂ６")]
    cancel = [e for e in events(log, "cancel") if e["actor"] == "caller"]
    assert cancel and cancel[0]["reason"] == "already_on_map"
    summons = [e for e in events(log, "effect_start") if e["type"] == "summon"]
    assert len(summons) == 1  # its duration is not restarted
    assert log["state"]["characters"]["shade"]["at"] == "Ｂ６"


@pytest.mark.usefixtures("english")
def test_dh_11_8_summoning_an_enemy_starter_is_a_located_error(tmp_path):
    text = campaign(one_turn("[{who: caller, ability: {summon: b1, at: Ｂ６}}]"))
    path = write(tmp_path, text)
    result = run("validate", path)
    assert result.exit_code == 1
    assert problem_lines(result) == [
        f"{where_value(path.name, text, 'summon: b1')} '青一 (b1)' is not on the bench of side '赤組 (red)': "
        f"a summon brings a bench character of the user's side (DH-11.8) "
        f"(at /turns/0/submissions/red/0/ability/summon)"]


def test_dh_11_8_summoning_an_enemy_bench_character_or_an_own_starter_is_a_located_error(tmp_path):
    for who in ("bb", "r2"):
        text = campaign(one_turn(f"[{{who: caller, ability: {{summon: {who}, at: Ｂ６}}}}]"))
        path = write(tmp_path, text)
        result = run("validate", path)
        assert result.exit_code == 1, who
        assert problem_lines(result)[0].startswith(where_value(path.name, text, f"summon: {who}")), who


@pytest.mark.usefixtures("english")
def test_dh_11_8_a_summon_with_nobody_to_summon_is_a_located_error(tmp_path):
    text = campaign(one_turn("[{who: caller, ability: {at: Ｂ６}}]"))
    path = write(tmp_path, text)
    result = run("validate", path)
    assert result.exit_code == 1
    assert "name the bench character to summon" in result.output


def test_dh_11_8_summoning_onto_a_wall_is_a_cancel_not_a_crash(tmp_path):
    # Ｃ５ is a wall next to the user's square Ｃ６
    log = resolved(tmp_path, campaign(one_turn("[{who: caller, ability: {summon: shade, at: Ｃ５}}]")))
    cancel = events(log, "cancel")
    assert cancel and cancel[0]["reason"] == "wall" and cancel[0]["at"] == "Ｃ５"
    assert not events(log, "arrive")


# --------------------------------------------------------------------------- dh findings

def _blood_mage(costs: str, hp: int = 6) -> str:
    return f"""\
      caller:
        name: 血術師
        side: red
        attack: 5
        defense: 5
        hp: {hp}
        spirit: 3
        fs: 5
        at: Ｃ６
        ability:
          name: 血の槍
          range: {{shape: adjacent, size: 3}}
          targets: {{side: enemy}}
          effects: [{{kind: damage, amount: 1}}]
          costs: [{costs}]
"""


def test_dh_8_5_a_user_killed_by_its_own_hp_cost_dies_after_its_rest(tmp_path):
    chars = _blood_mage("{kind: stat, stat: hp, amount: 6}") + ROSTER.replace("at: Ｃ１", "at: Ｄ６")
    log = resolved(tmp_path, campaign(one_turn("[{who: caller, ability: {targets: [b2]}}]"), characters=chars))
    kinds = [e["kind"] for e in events(log) if e.get("actor") == "caller" or e.get("character") == "caller"
             or e.get("bearer") == "caller"]
    assert kinds.index("cost") < kinds.index("rest") < kinds.index("death"), kinds
    death = events(log, "death")[0]
    assert death["character"] == "caller" and death["cause"] == "cost"


def test_dh_8_1_an_ability_cancelled_for_an_unpayable_cost_ends_in_a_wait(tmp_path):
    chars = _blood_mage("{kind: stat, stat: spirit, amount: 9}") + ROSTER.replace("at: Ｃ１", "at: Ｄ６")
    log = resolved(tmp_path, campaign(one_turn("[{who: caller, ability: {targets: [b2]}}]"), characters=chars))
    mine = [e for e in events(log) if e.get("actor") == "caller"]
    assert [(e["kind"], e.get("reason")) for e in mine[1:]] == [("cancel", "cost_unpayable"), ("wait", None)]
    assert mine[-1]["cancelled"] is True


def test_dh_3_4_a_move_to_its_own_square_is_no_move(tmp_path):
    log = resolved(tmp_path, campaign(one_turn("[{who: r2, to: Ｂ７}]")))
    move = events(log, "move")[0]
    assert move["steps"] == 0 and move["from"] == move["to"] == "Ｂ７"
    report = run("resolve", "match.yaml").output
    assert "Ｂ７→Ｂ７" not in report
    assert "◆赤二\n　移動なし\n" in report


def test_dh_5_4_a_friendly_kill_logs_no_dp_event(tmp_path):
    chars = SUMMONER + ROSTER.replace("r3: {name: 赤三, side: red, attack: 6, defense: 5, hp: 5",
                                      "r3: {name: 赤三, side: red, attack: 6, defense: 5, hp: 1") \
        .replace("at: Ｄ７}", "at: Ｂ６}", 1)
    log = resolved(tmp_path, campaign(one_turn("[{who: r2, to: Ｂ６, attack: r3}]", dice="    dice: [1]\n"),
                                      characters=chars))
    assert events(log, "death")[0] | {"seq": 0} == {"seq": 0, "kind": "death", "character": "r3", "killer": "r2",
                                                   "cause": "attack", "friendly_kill": True}
    assert not events(log, "dp")
    assert "→ 内ゲバのためDPなし" in run("resolve", "match.yaml").output


def test_dh_11_2_a_heal_at_full_hp_says_nothing_changed(tmp_path):
    healer = SUMMONER.replace("name: 影法師召喚\n          type: summon\n          duration: 2\n",
                              "name: 癒し\n          targets: {side: ally}\n") \
        .replace("effects: [{kind: summon}]", "effects: [{kind: heal, amount: 2}]")
    log = resolved(tmp_path, campaign(one_turn("[{who: caller, ability: {targets: [r2]}}]"),
                                      characters=healer + ROSTER.replace("at: Ｂ７", "at: Ｃ７")))
    stat = events(log, "stat")[0]
    assert (stat["before"], stat["after"], stat["amount"]) == (5, 5, 0)
    report = run("resolve", "match.yaml").output
    assert "赤二の体力は5のまま（変化なし）" in report and "体力5→5" not in report


# --------------------------------------------------------------------------- dice a GK rolls

def test_dh_7_1_dice_left_over_for_an_awaited_side_are_kept_and_reported(tmp_path):
    text = campaign("  - turn: 1\n    dice: [50, 40]\n    submissions:\n"
                    "      red: [{who: r2, to: Ｂ６}]\n")
    (tmp_path / "match.yaml").write_text(text, encoding="utf-8")
    result = run("resolve", "match.yaml")
    assert result.exit_code == 0, result.output
    assert "※記録済みの出目2個（50・40）は青組のフェイズ用に保留" in result.output
    assert run("validate", "match.yaml").exit_code == 0


@pytest.mark.usefixtures("english")
def test_dh_7_1_extra_dice_after_a_complete_turn_say_where_the_dice_went(tmp_path):
    text = campaign(one_turn("[{who: r2, to: Ｂ６}]", "[{who: b2, to: Ｃ２}]", dice="    dice: [50, 40]\n"))
    (tmp_path / "match.yaml").write_text(text, encoding="utf-8")
    result = run("validate", "match.yaml")
    assert result.exit_code == 1
    assert "2 recorded dice not used: this turn drew 0 of 2; first unused: die 1 = 50" in result.stderr


def test_dh_7_2_a_100_percent_check_draws_no_die_by_default(tmp_path):
    # 影法師召喚: 発動率 and 成功率 100 (not written): two certain checks, no die
    log = resolved(tmp_path, campaign(one_turn("[{who: caller, ability: {summon: shade, at: Ｂ６}}]")))
    checks = events(log, "check")
    assert [(c["check"], c["face"], c["success"]) for c in checks] == [
        ("activation_check", None, True), ("success_check", None, True)]
    assert not events(log, "roll")
    assert "発動率100% → 発動（判定不要）" in run("resolve", "match.yaml").output


def test_dh_7_2_roll_at_100_draws_the_die_anyway(tmp_path):
    log = resolved(tmp_path, campaign(one_turn("[{who: caller, ability: {summon: shade, at: Ｂ６}}]",
                                               dice="    dice: [99, 100]\n"), options="{roll_at_100: true}"))
    assert [(c["face"], c["success"]) for c in events(log, "check")] == [(99, True), (100, True)]


@pytest.mark.usefixtures("english")
def test_dh_7_1_dice_plan_lists_the_dice_before_they_are_recorded():
    from tests.test_cli import EXAMPLE

    result = run("resolve", EXAMPLE / "match.yaml", "--dice-plan")
    assert result.exit_code == 0, result.output
    rows = [line.split("|")[1:-1] for line in result.output.splitlines() if line.startswith("|  ") and "turn" not in line]
    plan = [(int(r[0]), int(r[1]), r[3].strip(), r[6].strip()) for r in rows]
    log = json.loads(run("resolve", EXAMPLE / "match.yaml", "--json", "-").output)
    done = [(t["turn"], e["draw"], e["purpose"], f"actor={e['actor']} target={e['target']}")
            for t in log["turns"] for e in t["events"] if e["kind"] == "roll"]
    # turns 1 and 2 record exactly the dice the plan lists, in that order
    assert [p for p in plan if p[0] < 3] == [d for d in done if d[0] < 3]
    assert len([p for p in plan if p[0] == 1]) == 2 and len([p for p in plan if p[0] == 2]) == 7
    assert "turn 1, 2, 3, in draw order" in result.output


def test_dh_8_1_an_ability_named_alone_is_a_use_without_choices(tmp_path):
    counter = SUMMONER.replace("name: 影法師召喚\n          type: summon\n          duration: 2\n",
                               "name: 返し刃\n          style: counter\n          duration: 1\n"
                               "          counter: {when: attacked_by_enemy}\n          targets: {side: enemy}\n") \
        .replace("effects: [{kind: summon}]", "effects: [{kind: damage, amount: 1}]")
    log = resolved(tmp_path, campaign(one_turn("[{who: caller, ability: 返し刃}]"), characters=counter + ROSTER))
    assert [e["actor"] for e in events(log, "counter_armed")] == ["caller"]


@pytest.mark.usefixtures("english")
def test_dh_8_1_a_name_alone_where_choices_are_needed_is_a_located_error(tmp_path):
    strike = SUMMONER.replace("name: 影法師召喚\n          type: summon\n          duration: 2\n",
                              "name: 紅蓮\n          targets: {side: enemy}\n") \
        .replace("effects: [{kind: summon}]", "effects: [{kind: damage, amount: 1}]")
    for use, message in (("紅蓮", "'紅蓮' needs choices: write ability: {targets: ...}"),
                         ("返し刃", "'影使い' has no ability '返し刃' (its ability is '紅蓮')")):
        text = campaign(one_turn(f"[{{who: caller, ability: {use}}}]"), characters=strike + ROSTER)
        path = write(tmp_path, text)
        result = run("validate", path)
        assert result.exit_code == 1
        assert problem_lines(result) == [f"{where_value(path.name, text, 'ability: ' + use)} {message} "
                                         f"(at /turns/0/submissions/red/0/ability)"]


@pytest.mark.usefixtures("english")
def test_dh_11_2_a_negative_heal_is_a_located_error_not_negative_hp(tmp_path):
    # found by the property generators: heal -3 took 体力 below 0
    healer = SUMMONER.replace("name: 影法師召喚\n          type: summon\n          duration: 2\n",
                              "name: 癒し\n          targets: {side: self}\n") \
        .replace("effects: [{kind: summon}]", "effects: [{kind: heal, amount: -3}]")
    text = campaign(one_turn("[{who: caller, ability: 癒し}]"), characters=healer + ROSTER)
    path = write(tmp_path, text)
    result = run("validate", path)
    assert result.exit_code == 1
    assert problem_lines(result) == [
        f"{where_value(path.name, text, 'amount: -3')} 'heal' raises a stat: its amount is 0 or more "
        f"(lower a stat with 'damage') "
        f"(at /setup/characters/caller/ability/effects/0/amount)"]
