"""The report is rendered from the log alone and reads the way GKs post."""

from __future__ import annotations

import copy
from pathlib import Path

from dhproc import api
from dhproc.report.layout import display_width

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "dh" / "match.yaml"


def test_public_view_hides_secret_abilities_only() -> None:
    log = api.resolve(api.load(EXAMPLE))
    gk = api.render(log, view="gk")
    public = api.render(log, view="public")
    assert "生徒会長権限" in gk and "生徒会長権限" not in public  # kaicho's ability is secret
    assert "？？？" in public
    assert "紅蓮" in public  # yamada's is not
    # Nothing else changes: the only differing lines are rows and borders of the 生徒会 tables.
    gk_lines, public_lines = gk.splitlines(), public.splitlines()
    assert len(gk_lines) == len(public_lines)
    differing = [(a, b) for a, b in zip(gk_lines, public_lines) if a != b]
    assert differing and all(a.startswith(("+", "|")) and b.startswith(("+", "|")) for a, b in differing)
    assert sum("生徒会長権限" in a and "？？？" in b for a, b in differing) == 3  # one row per turn


def test_report_comes_from_the_log_not_from_state() -> None:
    """Rendering needs nothing but the log: a log read back from JSON renders the same text."""
    import json

    log = api.resolve(api.load(EXAMPLE))
    again = json.loads(api.dumps(log))
    assert api.render(again) == api.render(log)
    # and the tables of the last turn agree with the log's final state
    text = api.render(log)
    for c in log["state"]["characters"].values():
        assert c["name"] in text


def test_state_tables_line_up_with_japanese_names() -> None:
    text = api.render(api.resolve(api.load(EXAMPLE)))
    blocks = [b for b in text.split("\n\n") if b.lstrip().startswith("+") or "| 名前" in b]
    assert blocks
    for block in blocks:
        lines = [ln for ln in block.splitlines() if ln.startswith(("+", "|"))]
        assert len({display_width(ln) for ln in lines}) == 1, block


def test_english_report_has_no_japanese_template_words() -> None:
    text = api.render(api.resolve(api.load(EXAMPLE)), lang="en")
    for word in ("命中率", "ダメージ", "ターン目", "フェイズ", "行動キャンセル", "結果"):
        assert word not in text
    assert "hit rate (10-7)×5+50=65%   die 55 → hit" in text
    assert "■ Result: 生徒会 wins (more DP)" in text


def test_options_that_differ_from_the_default_are_named_in_the_header() -> None:
    match = api.load(EXAMPLE)
    log = api.resolve(match)
    assert "解釈オプション：すべて既定値" in api.render(log)
    changed = copy.deepcopy(log)
    changed["options"]["hit_mode"] = "half_sure"
    assert "解釈オプション（既定以外）：命中方式（hit_mode）=half_sure" in api.render(changed)
    assert "Interpretation options (not default): hit mode (hit_mode)=half_sure" in api.render(changed, lang="en")


def test_dh_8_14_secret_ability_is_revealed_by_its_use() -> None:
    """シークレット: hidden in the public view until its first use; shown from that turn's table on."""
    text = """
dhproc: 1
ruleset: dh
seed: 1
setup:
  map: {rows: 3, cols: 3}
  first: red
  sides: {red: {name: 赤組}, blue: {name: 青組}}
  characters:
    u: {name: 忍, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１,
        ability: {name: 影縫い, secret: true, activation: 90, range: {shape: map}, targets: {side: enemy},
                  effects: [{kind: damage, amount: 1}]}}
    x: {name: 敵, side: blue, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｃ３}
turns:
  - {turn: 1, submissions: {red: [], blue: []}}
  - {turn: 2, dice: [1, 1], submissions: {red: [{who: u, ability: {targets: [x]}}], blue: []}}
"""
    log = api.resolve(api.loads(text, name="m.yaml"))
    public = api.render(log, view="public")
    turn1, turn2 = public.split("［1ターン終了時］")[1].split("■2ターン目")[0], public.split("［2ターン終了時］")[1]
    assert "影縫い" not in turn1 and "？？？" in turn1
    assert "影縫い" in turn2 and "？？？" not in turn2
