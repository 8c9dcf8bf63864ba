"""logos's odds (LOGOS-12): the 発動判定 and the attack read by the resolver's own checks, equal to
brute force over the die and to `dhproc simulate`'s sampling."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli
from dhproc.engine.rates import succeeds
from dhproc.odds.distribution import Distribution
from dhproc.odds.luck import luck_words
from dhproc.rulesets.logos.rolls import attack_result, coin_winner
from tests.rulesets.dh.test_dh_odds import within

ROOT = Path(__file__).resolve().parents[3]
TURN = str(ROOT / "examples" / "logos" / "turn-01.yaml")


def _odds(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["odds", TURN, *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_logos_12_1_an_attack_is_certain_and_knocks_out_when_it_succeeds() -> None:
    colour = _odds("--who", "kaede")  # 青 against 呑宮ホッピー's weakness 青, 攻撃5 against 防御5
    assert colour["target"] == "hoppy"
    assert colour["checks"] == [{"check": "attack", "outcomes": [{"outcome": "critical", "p": "1", "percent": 100.0}]}]
    assert colour["knock_out"] == "1" and colour["verdict"] is None
    miss = _odds("--who", "rin")  # 攻撃4 against 防御6, 緑 not a weakness of 燕ツバメ
    assert miss["checks"][0]["outcomes"][0]["outcome"] == "miss" and miss["knock_out"] == "0"


def test_logos_12_1_the_attack_reads_the_resolvers_own_check() -> None:
    assert attack_result(("青",), ("青",), 5, 5).outcome == "critical"
    assert attack_result(("赤",), ("青",), 5, 6).outcome == "miss"
    assert attack_result(("赤",), ("青",), 6, 5).outcome == "hit"
    assert [coin_winner(face, "a", "b") for face in (1, 2)] == ["a", "b"]


def test_logos_12_2_a_skill_knocks_out_with_the_chance_of_its_activation() -> None:
    figures = api.odds(api.load(TURN), "sou", action="連撃").figures  # 50 %, then an attack that succeeds
    assert figures.checks[0].outcomes == Distribution.enumerate([100], lambda f: "success" if succeeds(f, 50)
                                                                else "failure")
    assert figures.knock_out == Fraction(1, 2)
    text = CliRunner().invoke(cli, ["odds", TURN, "--who", "sou", "--action", "連撃"]).output
    assert "発動判定：成功 50%／失敗 50%" in text and "撃破：50%" in text and "発動条件は満たすものとします" in text


def test_logos_12_2_every_skills_activation_agrees_with_simulate() -> None:
    match = api.load(TURN)
    sim = api.simulate(match, runs=300, seed=11)["plans"][0]["checks"]
    compared = 0
    for cid, c in match.setup["characters"].items():
        for skill in c.get("skills", []):
            key = f"{cid}/{skill['name']}/activation_check"
            if key not in sim:
                continue
            exact = api.odds(match, cid, action=skill["name"]).figures.checks[0].outcomes.p("success")
            assert within(exact, sim[key]["count"], sim[key]["rolled"]), key
            compared += 1
    assert compared >= 4


def test_logos_12_1_bad_input_is_located() -> None:
    result = CliRunner().invoke(cli, ["odds", TURN, "--who", "sou", "--action", "連", "--lang", "en"])
    assert result.exit_code == 1
    assert "turn-01.yaml:8:34: " in result.output and "(choose from: attack, 連撃)" in result.output
    nobody = CliRunner().invoke(cli, ["odds", TURN, "--who", "nobody"])
    assert nobody.exit_code == 1 and "turn-01.yaml:6:1: 「nobody」はターン1に行動を提出していません" in nobody.output


def test_logos_12_2_luck_ranks_each_activation_and_leaves_the_report_as_it_was(tmp_path: Path) -> None:
    match = str(ROOT / "examples" / "logos" / "match.yaml")
    plain = CliRunner().invoke(cli, ["resolve", match]).output
    lucky = CliRunner().invoke(cli, ["resolve", match, "--luck"]).output
    assert lucky.startswith(plain)
    log = api.resolve(api.load(match))
    faces = [e for t in log["turns"] for e in t["events"] if e["kind"] == "roll" and e["purpose"] == "activation_check"]
    first = faces[0]
    luck = 1 - (Fraction(first["face"] - 1, 100) + Fraction(1, 200))  # mid-rank, read from the top
    assert f"{first['face']}/d100 | {luck_words(luck)}" in " ".join(lucky.split()).replace("| ", "| ")
    assert lucky.count("/d100") == len(faces)  # every 発動判定 ranked; the coin is not
    path = tmp_path / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    summary = CliRunner().invoke(cli, ["summary", str(path), "--luck"]).output
    assert "チーム呑宮（alice）の運：" in summary and "チーム楓（bob）の運：" in summary
