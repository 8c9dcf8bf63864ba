"""KAGEMIYA-5.12: standing orders (defence orders, on_servant_loss, escape_roller) stand in later 巡
until replaced (`standing_orders: until_withdrawn`), or last one 巡 and validate and the report say
so (`one_round`)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import yaml

from dhproc import api
from dhproc.rulesets.kagemiya import RULESET
from tests.test_cli import run

from .helpers import events, make, resolve, standard, sub

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "kagemiya"


def _example(tmp_path: Path, *, options: str = "{}", turn3: dict | None = None) -> Path:
    folder = tmp_path / "ex"
    shutil.copytree(EXAMPLE, folder)
    match = folder / "match.yaml"
    text = match.read_text(encoding="utf-8")
    match.write_text(text.replace("options: {}", f"options: {options}") if "options: {}" in text
                     else text.replace("setup:", f"options: {options}\nsetup:", 1), encoding="utf-8")
    if turn3 is not None:
        data = yaml.safe_load((folder / "turn-03.yaml").read_text(encoding="utf-8"))
        data["submissions"]["red"].update(turn3)
        (folder / "turn-03.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return folder


def _saber_defences_in_round_3(log: dict) -> list[list[str]]:
    return [[p["id"] for p in e["parts"]] for e in log["turns"][2]["events"]
            if e["kind"] == "check" and e["purpose"] == "defense" and e["actor"] == "saber"]


def test_kagemiya_5_12_defence_orders_stand_in_a_later_round_that_gives_none(tmp_path: Path) -> None:
    # 巡 3's submission for red gives no defence: セイバー's 対魔力 of 巡 2 meets 青葉慎也's 魔術攻撃
    log = api.resolve(api.load(_example(tmp_path)))
    assert _saber_defences_in_round_3(log) == [["taimaryoku"]]
    assert log["state"]["sides"]["red"]["standing"]["defense"] == {"saber": [{"use": ["taimaryoku"]}]}


def test_kagemiya_5_12_an_empty_list_withdraws_a_character_s_orders(tmp_path: Path) -> None:
    log = api.resolve(api.load(_example(tmp_path, turn3={"defense": {"saber": []}})))
    assert _saber_defences_in_round_3(log) == [[]]
    assert "defense" not in log["state"]["sides"]["red"]["standing"]


def test_kagemiya_5_12_one_round_orders_lapse_and_validate_and_the_report_say_so(tmp_path: Path,
                                                                                monkeypatch) -> None:
    folder = _example(tmp_path, options="{standing_orders: one_round}")
    log = api.resolve(api.load(folder))
    assert _saber_defences_in_round_3(log) == [[]]
    assert "standing" not in log["state"]["sides"]["red"]
    monkeypatch.chdir(folder)
    checked = run("validate", "match.yaml")
    assert checked.exit_code == 0
    assert ("turn-03.yaml:8:5: 警告：2巡目の提出にあったsaberの防御指示がこの巡にはありません。"
            "standing_orders: one_round ではこの巡には効きません") in checked.output
    report = run("resolve", "match.yaml").output.splitlines()
    at = report.index("■3巡目")
    assert "セイバー陣営：セイバーの防御指示は2巡目の指示で、この巡には効かない（指示は1巡ごと）" in report[at:at + 6]


def _servant_falls_in_round_2(options: dict) -> dict:
    """blue says 保護 in 巡 1 only; lancer (HP 10) falls to saber's 12 in 巡 2."""
    wait = {"actor": "saber", "do": "pass"}
    hit = {"actor": "saber", "do": "physical", "target": "lancer"}
    turns = [{"submissions": {"red": sub("saber", wait), "blue": sub("lancer", {"actor": "lancer", "do": "pass"},
                                                                     on_servant_loss="protect")},
              "dice": [6, 6, 1, 1]},
             {"submissions": {"red": sub(None, hit), "blue": sub(None, {"actor": "lancer", "do": "pass"})},
              "dice": [6, 6, 1, 1]}]
    return resolve(make(standard(), turns, options=options))


def test_kagemiya_5_12_servant_loss_protect_stands_until_replaced() -> None:
    log = _servant_falls_in_round_2({})
    assert events(log, "eliminated", character="lancer") and events(log, "protected", character="bm")
    lapsed = _servant_falls_in_round_2({"standing_orders": "one_round"})
    assert events(lapsed, "eliminated", character="lancer") and not events(lapsed, "protected")


def test_kagemiya_5_12_a_battle_taken_up_mid_way_keeps_the_orders_that_stand(tmp_path: Path) -> None:
    folder = _example(tmp_path)
    whole = api.resolve(api.load(folder))
    match = api.load(folder)
    first = api.resolve(dataclasses.replace(match, turns=match.turns[:2]))
    setup = RULESET.setup_from_log(first)
    assert setup["sides"]["red"]["standing"] == {"defense": {"saber": [{"use": ["taimaryoku"]}]},
                                                 "escape_roller": {"roller": "saber"}}
    third = yaml.safe_load((folder / "turn-03.yaml").read_text(encoding="utf-8"))
    rest = {"dhproc": 1, "ruleset": "kagemiya", "seed": whole["seed"], "options": {}, "setup": setup,
            "turns": [{"turn": 3, "submissions": third["submissions"]}]}
    later = api.resolve(api.loads(yaml.safe_dump(rest, allow_unicode=True, sort_keys=False)))
    assert later["turns"][0]["events"] == whole["turns"][2]["events"]
    assert later["state"] == whole["state"]


def test_kagemiya_5_12_standing_orders_in_a_setup_are_checked_as_a_submission_s(tmp_path: Path) -> None:
    text = (EXAMPLE / "match.yaml").read_text(encoding="utf-8")
    text = text.replace("    red: {name: セイバー陣営}",
                        "    red: {name: セイバー陣営, standing: {defense: {saber: [{use: [nothing]}]},"
                        " escape_roller: {roller: lancer}}}")
    text = text.replace("turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns: []")
    (tmp_path / "match.yaml").write_text(text, encoding="utf-8")
    result = run("validate", tmp_path / "match.yaml")
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "match.yaml:15:" in line]
    assert len(lines) == 2 and "nothing" in lines[0] and "lancer" in lines[1], result.output
