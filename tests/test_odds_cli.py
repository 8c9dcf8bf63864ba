"""The odds on the command line beyond `dhproc odds`: `--dice-plan`'s 確率 from each ruleset's
checks, `resolve --luck` and `summary --luck`, and the reports unchanged without them."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli
from dhproc.odds.luck import luck_words
from dhproc.odds.text import percent

ROOT = Path(__file__).resolve().parents[1]
DH = ROOT / "examples" / "dh"


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_percent_shows_a_near_certainty_as_one_and_never_rounds_into_certainty() -> None:
    assert [percent(Fraction(n, d)) for n, d in ((13, 20), (3, 8), (0, 1), (1, 1))] == ["65%", "37.5%", "0%", "100%"]
    assert percent(Fraction(1, 2000)) == "<0.1%" and percent(Fraction(1999, 2000)) == ">99.9%"


def test_dh_16_2_the_dice_plan_gives_each_checks_chance_not_its_raw_rate(tmp_path: Path) -> None:
    """A 命中率 over 100 (攻撃 20 against 防御 5: 125) is a certain hit: the 確率 column says 100%,
    where it used to print the rate as logged."""
    match = tmp_path / "match.yaml"
    match.write_text((
        "dhproc: 1\nruleset: dh\nseed: 1\noptions: {}\nsetup:\n  map: {rows: 3, cols: 3}\n  first: red\n"
        "  sides: {red: {name: 赤組}, blue: {name: 青組}}\n  characters:\n"
        "    a: {name: 甲, side: red, attack: 20, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１}\n"
        "    x: {name: 敵, side: blue, attack: 5, defense: 5, hp: 9, spirit: 3, fs: 5, at: Ａ２}\n"
        "    y: {name: 弱, side: blue, attack: 1, defense: 5, hp: 9, spirit: 3, fs: 5, at: Ｃ３}\n"
        "turns:\n  - turn: 1\n    submissions:\n      red: [{who: a, to: Ａ２, attack: x}]\n"
        "      blue: [{who: y, to: Ｃ２}]\n"), encoding="utf-8")
    rolls = api.dice_plan(api.load(str(match)))
    assert rolls[0]["rate"] == 125 and rolls[0]["chance"] == 1
    text = _run("resolve", "--dice-plan", str(match))
    assert "| 100%" in text and "125%" not in text


def test_logos_12_1_the_dice_plan_gives_each_activation_its_chance() -> None:
    rolls = api.dice_plan(api.load(str(ROOT / "examples" / "logos" / "turn-01.yaml")))
    checks = [r for r in rolls if r["purpose"] == "activation_check"]
    assert checks and all(r["chance"] == Fraction(r["rate"], 100) for r in checks)
    assert all("chance" not in r for r in rolls if r["purpose"] == "coin")


def test_luck_words_read_from_the_top_for_a_lucky_roll() -> None:
    assert luck_words(Fraction(97, 100)) == "上位3%の出目"
    assert luck_words(Fraction(1, 10)) == "下位10%の出目"


def test_dh_16_2_resolve_luck_ranks_each_face_and_leaves_the_report_as_it_was() -> None:
    plain = _run("resolve", str(DH / "turn-02.yaml"))
    lucky = _run("resolve", str(DH / "turn-02.yaml"), "--luck")
    assert lucky.startswith(plain)  # the report itself is byte for byte the same
    # 佐藤花子's 命中判定 came up 90 on a d100: 89 faces below, so its mid-rank is 89.5 %: the bottom 10.5 %
    assert "| 90/d100 | 下位10.5%の出目 |" in lucky.replace("  ", " ").replace("  ", " ")
    assert "上位" in lucky
    for fmt in ("markdown", "wiki", "discord"):
        assert "下位10.5%の出目" in _run("resolve", str(DH / "turn-02.yaml"), "--luck", "--format", fmt)


def test_dh_16_2_summary_luck_gives_each_side_its_mean_rank_and_worst_moment(tmp_path: Path) -> None:
    log = tmp_path / "log.json"
    _run("resolve", str(DH / "match.yaml"), "--json", str(log))
    plain = _run("summary", str(log))
    lucky = _run("summary", str(log), "--luck")
    assert lucky.startswith(plain.rstrip("\n"))
    line = next(x for x in lucky.splitlines() if x.startswith("生徒会（seitokai）の運"))
    assert "いちばんの不運はターン2の佐藤花子（sato） 鬼塚ゴウ（gou） hit_check 90（下位10.5%の出目）" in line
    # the mean is the mean of each roll's rank, read from the log's faces
    faces = [e["face"] for t in api.load_log(str(log))[1]["turns"] for e in t["events"]
             if e["kind"] == "roll" and e["actor"] in ("kaicho", "yamada", "sato", "takahashi", "ito")]
    mean = sum((1 - (Fraction(f - 1, 100) + Fraction(1, 200)) for f in faces), Fraction(0)) / len(faces)
    assert f"出目{len(faces)}回の順位の平均 {percent(mean)}" in line
    english = _run("summary", str(log), "--luck", "--lang", "en")
    assert "'s luck: mean rank" in english


def test_odds_for_a_ruleset_that_offers_none_says_so_plainly(monkeypatch) -> None:
    """A ruleset that names no odds module (a plug-in's, say) is told apart from a
    mistake in the command: one located line naming the ruleset, exit 1."""
    from dhproc.engine.ruleset import get_ruleset

    monkeypatch.setattr(type(get_ruleset("dh")), "odds_module", None)
    result = CliRunner().invoke(cli, ["odds", str(DH / "turn-01.yaml"), "--who", "yamada", "--lang", "en"])
    assert result.exit_code == 1
    assert "match.yaml:4:10: ruleset 'dh' does not compute odds (dhproc odds) yet (at /ruleset)" in result.output


def test_the_readmes_odds_example_is_what_dhproc_odds_prints() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("$ dhproc odds examples/dh/turn-01.yaml --who yamada\n", 1)[1].split("```", 1)[0]
    printed = _run("odds", str(DH / "turn-01.yaml"), "--who", "yamada")
    assert printed.startswith(block)


def test_a_step_that_changes_no_damage_is_one_short_line_and_the_json_keeps_every_step() -> None:
    # アオイ's 斬撃 on ゴブリンA: no 耐性 and no reduction, so the three later steps equal the first.
    turn = Path(__file__).parent.parent / "examples" / "count" / "turn-01.yaml"
    text = _run("odds", str(turn), "--who", "aoi").splitlines()
    steps = [line for line in text if line.startswith("  ダメージ（")]
    assert len(steps) == 4
    assert "→" in steps[0] and all(line.endswith("前と同じ　平均9.88") for line in steps[1:])
    document = json.loads(_run("odds", str(turn), "--who", "aoi", "--json"))
    assert [s["damage"] for s in document["steps"][1:]] == [document["steps"][0]["damage"]] * 3
