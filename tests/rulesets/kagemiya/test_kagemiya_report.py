"""KAGEMIYA-10: the report in the community's layout, the pools with their faces, the public view."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli
from dhproc.report.layout import display_width

from .helpers import events, make, resolve, standard, sub

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "kagemiya" / "match.yaml"
GOLDEN = Path(__file__).parent / "golden"


def example_log() -> dict:
    return api.resolve(api.load(EXAMPLE))


@pytest.mark.parametrize("lang, view", [("ja", "gk"), ("ja", "public"), ("en", "gk")])
def test_kagemiya_10_1_example_report_is_golden(lang: str, view: str) -> None:
    """Produced by dhproc and read against docs/rules/kagemiya.md clause by clause before it was checked in.
    Regenerate: dhproc resolve examples/kagemiya/match.yaml [--lang en] [--view public] > golden/example.<lang>.<view>.txt"""
    text = api.render(example_log(), lang=lang, view=view)
    assert text == (GOLDEN / f"example.{lang}.{view}.txt").read_text(encoding="utf-8")


def test_kagemiya_10_1_report_shows_every_step() -> None:
    lines = api.render(example_log()).splitlines()
    for line in (
        "エリア：カジノ　巡：3　戦闘フェイズ",
        "【参加者】",
        "■1巡目",
        "【先手判定】",
        "→ 行動順：セイバー陣営（先手：スキルA） → アサシン陣営 → ランサー陣営",
        "◆セイバー陣営の手番",
        "セイバー 物理攻撃→ランサー",
        "　援護：青葉慎也（筋力2をdiceとして与える）",
        "　ランサー 脱落（HP0）",
        "→ アサシン陣営 逃走成功：山へ移動",
        "【結果】",
        "勝者なし（全巡終了）",
        "【戦闘終了時】",
    ):
        assert line in lines, line


def test_kagemiya_10_1_english_report_and_aligned_tables() -> None:
    text = api.render(example_log(), lang="en")
    assert "■ Round (巡) 1" in text and "[Initiative (先手判定)]" in text
    for block in text.split("\n\n"):
        rows = [r for r in block.splitlines() if r.startswith("|")]
        if rows:
            assert len({display_width(r) for r in rows}) == 1, block


def test_kagemiya_10_2_every_pool_is_shown_with_its_parts_and_faces() -> None:
    text = api.render(example_log())
    assert "　攻撃：(筋力4+刺し穿つ死棘の槍2+援護2)D(6+0)+3 = [3,5,3,5,1,1,4,1]+3 = 26" in text
    assert "　攻撃：(筋力5×2+約束された勝利の剣3)D(6+1)+0 = [3,7,5,5,1,7,6,1,7,5,4,1,4] = 56" in text
    en = api.render(example_log(), lang="en")
    assert "  attack: (STR4+刺し穿つ死棘の槍2+support2)D(6+0)+3 = [3,5,3,5,1,1,4,1]+3 = 26" in en


def test_kagemiya_10_3_public_view_hides_secrets_until_used() -> None:
    gk, public = api.render(example_log()), api.render(example_log(), view="public")
    assert "妄想心音" in gk and "妄想心音" not in public and "アサシン：スキル《気配遮断》　？？？" in public
    assert "約束された勝利の剣" in public  # used in 巡 2
    turn1 = api.render(example_log(), view="public", turns=[1])
    assert "約束された勝利の剣" not in turn1  # not yet used by the end of 巡 1
    assert "刺し穿つ死棘の槍" in turn1


def test_kagemiya_10_4_the_log_has_every_die_and_every_pool() -> None:
    log = example_log()
    rolls = events(log, "roll")
    checks = events(log, "check")
    assert sum(c["dice"] for c in checks) == len(rolls)
    assert {r["purpose"] for r in rolls} <= {"initiative", "escape", "attack", "defense", "reroll"}
    for c in checks:
        assert len(c["faces"]) == c["dice"] and c["total"] == sum(c["faces"]) + c["modifier"]


def test_kagemiya_10_4_recorded_dice_replace_seeded_ones_in_draw_order() -> None:
    m = make(standard(), [{"submissions": {"red": sub("saber"), "blue": sub("lancer")},
                           "dice": {"faces": [6, 6], "then": "seeded"}}])
    rolls = events(resolve(m), "roll")
    assert [r["source"] for r in rolls] == ["recorded", "recorded", "seeded", "seeded"]


def test_kagemiya_10_1_cli_resolves_the_example(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["resolve", str(EXAMPLE), "--json", str(tmp_path / "log.json")])
    assert out.exit_code == 0, out.output
    assert "【結果】" in out.output
    assert CliRunner().invoke(cli, ["replay", str(tmp_path / "log.json")]).exit_code == 0
