"""NICOSW-10: the report per 表/裏, both languages, the public view; the CLI on examples/nicosw."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from dhproc import api
from dhproc.report.document import Board, Heading, Lines, Table

from .helpers import char, make, resolve, turn

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "nicosw" / "match.yaml"
GOLDEN = Path(__file__).parent / "golden"


def example_log() -> dict:
    return api.resolve(api.load(EXAMPLE))


@pytest.mark.parametrize("lang, view", [("ja", "gk"), ("ja", "public"), ("en", "gk")])
def test_nicosw_10_1_example_report_is_golden(lang: str, view: str) -> None:
    """Produced by dhproc and read against docs/rules/nicosw.md clause by clause before it was checked in.
    Regenerate: dhproc resolve examples/nicosw/match.yaml --all [--lang en] [--view public]"""
    log = example_log()
    text = api.render(log, lang=lang, view=view, turns=[t["turn"] for t in log["turns"]])
    assert text == (GOLDEN / f"example.{lang}.{view}.txt").read_text(encoding="utf-8")


def test_nicosw_10_1_a_heading_and_a_table_per_half_and_blocks_per_go() -> None:
    from dhproc.rulesets.nicosw.report import Renderer

    log = example_log()
    r = Renderer(log, "ja", "gk")
    r.render([1])
    heads = [b.text for b in r.blocks if isinstance(b, Heading) and b.level == 3]
    assert heads == ["◇1R表（冒険者）", "◇1R裏（魔物）"]
    assert sum(isinstance(b, Table) for b in r.blocks) == 2 and sum(isinstance(b, Board) for b in r.blocks) == 2
    go = next(b for b in r.blocks if isinstance(b, Lines) and b.lines[0] == "◆リア")
    assert go.lines[1:] == ("　補助：通常移動 1→5",
                            "　主：遠距離攻撃（ショートボウ）→ゴブリン　攻撃2D6[2,4]+4=10 対 防御2D6[4,3]+3=10 → 失敗")


def test_nicosw_10_1_damage_steps_show_in_their_order() -> None:
    axe = {"id": "axe", "name": "斧", "kind": "melee", "mods": [{"op": "add", "value": 1}, {"op": "mul", "value": 2}]}
    m = make({"x": char("a", 2, checks={"attack_check": 5}, weapons=[axe]), "y": char("b", 3, armor=1)},
             [turn(1, {"x": [{"do": "melee", "target": "y"}]}, dice=[4, 4, 1, 2])])
    text = api.render(resolve(m))
    assert "ダメージ（物理）1×2+1−防護点1 = 2 → x HP 10→8" in text


def test_nicosw_10_1_damage_steps_read_right_by_ordinary_precedence() -> None:
    """NICOSW-10.1 / 7.1: a step that multiplies or divides after an addition brackets the value so far,
    and the rounding shows: ⌊(4×2+3)÷2⌋+1−防護点2 = 4, where the unbracketed 4×2+3÷2+1−2 reads 8.5."""
    skill = {"id": "blow", "name": "強打", "timing": "major_action", "range": 1, "target": "enemy",
             "effects": [{"kind": "damage", "amount": 4, "mods": [{"op": "mul", "value": 2}, {"op": "add", "value": 3}]}]}
    soft = [{"bearer": "y", "side": "b", "effect": "damage_mod", "name": name, "as": "receiver", "op": op,
             "value": value, "ends_round": 5} for name, op, value in (("鈍重", "div", 2), ("脆弱", "add", 1))]
    m = make({"x": char("a", 2, skills=[skill]), "y": char("b", 3, armor=2)},
             [turn(1, {"x": [{"do": "skill", "skill": "blow", "target": "y"}]})], effects=soft)
    text = api.render(resolve(m))
    assert "ダメージ（物理）⌊(4×2+3)÷2⌋+1−防護点2 = 4 → x HP 10→6" in text
    assert "damage (physical) ⌊(4×2+3)÷2⌋+1−armour2 = 4" in api.render(resolve(m), lang="en")


CAMPAIGN = Path(__file__).parent / "inputs" / "nb"  # a GK's 4-round battle (match.yaml, turn-01 … turn-04)


@pytest.fixture(scope="module")
def campaign_report() -> str:
    from click.testing import CliRunner

    from dhproc.cli import cli

    result = CliRunner().invoke(cli, ["resolve", str(CAMPAIGN)])
    assert result.exit_code == 0, result.output
    return result.output


def half_table(report: str, caption: str) -> list[str]:
    """The rows of the state table headed ``caption``."""
    block = report.split(caption, 1)[1].split("\n\n", 1)[0]
    return [line for line in block.splitlines() if line.startswith("| ")]


def test_nicosw_4_3_a_move_that_stops_short_of_engaging_is_not_reported_engaged(campaign_report: str) -> None:
    """NICOSW-4.3: コボルドB (9) walks towards 6; square 8 holds its ally ボガード and is within 1 of ユウキ (7),
    so the move ends on 9, two squares from ユウキ: not engaged, and the report does not say it is."""
    assert "◆コボルドB\n　補助：通常移動 9→9（ユウキに接敵するマスには止まれないため手前で停止）" in campaign_report
    assert "接敵して停止）" not in campaign_report.split("■2R", 1)[1].split("2R表（魔物）終了時", 1)[0]
    [row] = [r for r in half_table(campaign_report, "2R表（魔物）終了時の状況") if r.startswith("| コボルドB")]
    assert "接敵" not in row


def test_nicosw_3_6_a_lasting_effect_is_named_by_its_skill_and_shown_while_it_lasts(campaign_report: str) -> None:
    """NICOSW-3.6 / 10.1: ブレス's check_mod is reported as ブレス, and the state tables show it on アヤネ
    from 1R裏 until it ends at 冒険者's 3R start."""
    assert "check_mod" not in campaign_report
    assert "　　継続効果「ブレス」：アヤネ（2R、冒険者の3R開始時まで）" in campaign_report
    assert "効果終了「ブレス」：アヤネ" in campaign_report
    for caption in ("1R裏（冒険者）終了時の状況", "2R表（魔物）終了時の状況", "3R表（魔物）終了時の状況"):
        [row] = [r for r in half_table(campaign_report, caption) if r.startswith("| アヤネ")]
        assert "「ブレス」" in row, caption
    [row] = [r for r in half_table(campaign_report, "3R裏（冒険者）終了時の状況") if r.startswith("| アヤネ")]
    assert "ブレス" not in row


def test_nicosw_5_1_an_explicit_wait_is_reported_as_such(campaign_report: str) -> None:
    """NICOSW-5.1: `kobold_b: []` in 4R is a go with no action: 待機, not an empty block."""
    assert "◆コボルドB：待機\n" in campaign_report
    assert "◆コボルドB\n\n" not in campaign_report


def run_cli(*args: object) -> str:
    from click.testing import CliRunner

    from dhproc.cli import cli

    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("lang, heading, deploy", [("ja", "■第0ターン（開始時の状況）", "配置範囲　冒険者：0〜3"),
                                                   ("en", "■ Turn 0 (the state at the start)", "Deployment  冒険者: squares 0 to 3")])
def test_nicosw_10_1_a_match_without_turns_shows_the_opening_table(tmp_path: Path, lang: str, heading: str,
                                                                 deploy: str) -> None:
    """NICOSW-10.1: before any round the report shows, as the other rulesets' 第0ターン, each side's
    deployment range and every character's table row (no square yet: placement comes in turn 1)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    path = tmp_path / "match.yaml"
    path.write_text("\n".join("turns: []" if line.startswith("turns:") else line for line in text.splitlines()) + "\n",
                    encoding="utf-8")
    out = run_cli("resolve", path, "--lang", lang)
    assert out.count(heading) == 1 and deploy in out and out.index(heading) < out.index(deploy)
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    assert any(r.startswith("| リア ") and "| —" in r for r in rows)
    assert any(r.startswith("| オーガ ") and "頭部14/14 胴体28/28" in r for r in rows)
    public = run_cli("resolve", path, "--lang", lang, "--view", "public")
    assert ("頭部？/？ 胴体？/？" if lang == "ja" else "頭部?/? 胴体?/?") in public  # NICOSW-10.2: the unknown ogre's numbers stay hidden


def test_nicosw_10_1_an_opening_table_under_way_shows_squares_hp_engagement_and_effects(tmp_path: Path) -> None:
    """NICOSW-10.1 with NICOSW-1.9: a setup that starts mid-battle shows its squares, current HP,
    engagement and lasting effects before its first turn, and the map."""
    guard = {"bearer": "x", "side": "a", "effect": "check_mod", "name": "守り", "check": "defense_check", "value": 2,
             "ends_round": 4}
    m = make({"x": char("a", 2, name="リア"), "y": char("b", 3, name="ゴブリン", current_hp=4), "z": char("b", 9, name="オーク")},
             effects=[guard])
    path = tmp_path / "match.yaml"
    path.write_text(yaml.safe_dump(m, allow_unicode=True), encoding="utf-8")
    out = run_cli("resolve", path)
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
            for line in out.split("■第0ターン（開始時の状況）", 1)[1].splitlines() if line.startswith("| ")}
    assert rows["リア"] == ["味方", "2", "10/10", "接敵・「守り」"]
    assert rows["ゴブリン"] == ["敵", "3", "4/10", "接敵"]
    assert rows["オーク"] == ["敵", "9", "10/10", "—"]
    assert "配置範囲" not in out and "| リア" in out.split("+==")[-1]  # the map, with リア on it


def test_nicosw_10_2_public_view_hides_an_unidentified_monster_until_lore_names_it() -> None:
    log = example_log()
    public = api.render(log, view="public", turns=[1])
    gk = api.render(log, turns=[1])
    ogre = next(r for r in log["turns"][0]["events"] if r["kind"] == "initiative")["rolls"][2]
    dice = f"2D6[{ogre['dice'][0]},{ogre['dice'][1]}]"
    assert ogre["actor"] == "ogre"
    assert f"オーガ {dice}+？=？" in public and f"オーガ {dice}+4={ogre['total']}" in gk
    assert "頭部？/？ 胴体？/？" in public and "頭部14/14 胴体28/28" in gk
    assert "投石" not in public and "（？）→リア" in public
    assert "ゴブリン 2D6[3,3]+3=9" in public  # identified by the 魔物知識判定: shown


def test_dhproc_new_nicosw_resolves_as_written(tmp_path) -> None:
    from dhproc.cli.scaffold import scaffold

    written = scaffold("nicosw", tmp_path / "game")
    assert [p.name for p in written] == ["match.yaml", "turn-01.yaml"]
    log = api.resolve(api.load(tmp_path / "game" / "match.yaml"))
    assert log["turns"][0]["status"] == "complete"
    assert [e["half"] for t in log["turns"] for e in t["events"] if e["kind"] == "half_start"] == ["top", "bottom"]
    assert api.render(log, lang="en", view="public").strip()


def test_dhproc_summary_of_the_example_counts_falls_and_skills_and_no_dp(tmp_path) -> None:
    from click.testing import CliRunner

    from dhproc.cli import cli

    (tmp_path / "log.json").write_text(api.dumps(example_log()), encoding="utf-8")
    for lang, fell, skill, outcome, dp in (("ja", "ゴブリン", "エネルギー・ボルト", "【戦闘終了】冒険者の勝利（降参）", "DP"),
                                           ("en", "ゴブリン", "エネルギー・ボルト", "[Battle over] 冒険者 wins (surrender)", "DP")):
        text = CliRunner().invoke(cli, ["summary", str(tmp_path / "log.json"), "--lang", lang]).output
        assert fell in text and skill in text and text.rstrip().endswith(outcome), text
        assert dp not in text  # nicosw counts no DP
        fall = next(line for line in text.splitlines() if fell in line)
        assert "ゴード" in fall, fall  # the 生死判定 names no killer: the damage before it was ゴード's axe


def test_summary_killer_follows_the_damage_to_the_attacker_the_skill_user_or_the_effect_user() -> None:
    from dhproc.rulesets.nicosw.report import killer

    base = [{"kind": "lasting", "effect_id": 7, "character": "gob", "by": "lia"},
            {"kind": "skill", "actor": "lia", "skill": "bolt"},
            {"kind": "damage", "character": "orc", "attack": "gord"}]
    assert killer([*base, {"kind": "damage", "character": "gob", "skill": "bolt"},
                   {"kind": "death_check", "character": "gob"}], 4) == "lia"
    assert killer([*base, {"kind": "damage", "character": "gob", "effect_id": 7},
                   {"kind": "removed", "character": "gob"}], 4) == "lia"
    assert killer([*base, {"kind": "death_check", "character": "orc"}], 3) == "gord"
    assert killer([*base, {"kind": "death_check", "character": "gob"}], 3) is None  # no damage to it logged
