"""Turn files written with Japanese keys and display names (docs/aliases.md), through the CLI:
the same resolution as ids and English keys, a log that keeps ids and English keys, and
problems still located where they were written."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc.cli import cli

ROOT = Path(__file__).resolve().parents[1]

DH_TURN = """dhproc: 1
match: match.yaml
turn: 1
dice: [55, 66]
submissions:
  bancho:
    - {誰: 鈴木一郎, 移動: Ｂ４}
    - {誰: tanaka, 移動: D4}
    - {キャラ: 木村拳, to: Ａ５}
    - {who: ｇｏｕ, 移動先: Ｃ５}
  seitokai:
    - {誰: 山田太郎, 移動: Ｂ４, 攻撃: 鈴木一郎}
    - {誰: 佐藤花子, 移動: Ｄ４, 通常攻撃: 田中誠}
    - {誰: 高橋次郎, 移動: Ａ３}
    - {誰: 天城ミコト, 移動: Ｃ３}
    - {誰: 伊藤さくら, 移動: Ｅ４}
"""


def run(*args: object):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def folder(tmp_path: Path, ruleset: str, turn: str) -> Path:
    d = tmp_path / ruleset
    shutil.copytree(ROOT / "examples" / ruleset, d, ignore=shutil.ignore_patterns("abilities"))
    (d / "turn-01.yaml").write_text(turn, encoding="utf-8")
    return d


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_japanese_keys_and_names_resolve_as_ids_do(tmp_path: Path, lang: str) -> None:
    d = folder(tmp_path, "dh", DH_TURN)
    log_path = tmp_path / "log.json"
    ours = run("resolve", d / "turn-01.yaml", "--lang", lang, "--json", log_path)
    assert ours.exit_code == 0, ours.output
    assert ours.output == run("resolve", ROOT / "examples/dh/turn-01.yaml", "--lang", lang).output
    log = json.loads(log_path.read_text(encoding="utf-8"))
    subs = log["input"]["turns"][0]["submissions"]
    assert subs["seitokai"][0] == {"who": "yamada", "to": "Ｂ４", "attack": "suzuki"}  # ids, English keys
    assert subs["bancho"][3] == {"who": "gou", "to": "Ｃ５"}
    assert run("replay", log_path).exit_code == 0


@pytest.mark.usefixtures("english")
def test_a_mistyped_name_is_located_with_a_did_you_mean(tmp_path: Path) -> None:
    d = folder(tmp_path, "dh", DH_TURN.replace("攻撃: 鈴木一郎", "攻撃: 鈴木一朗"))
    result = run("validate", d / "turn-01.yaml")
    assert result.exit_code == 1
    line = DH_TURN.splitlines().index("    - {誰: 山田太郎, 移動: Ｂ４, 攻撃: 鈴木一郎}") + 1
    col = DH_TURN.splitlines()[line - 1].index("鈴木一郎") + 1
    assert (f"turn-01.yaml:{line}:{col}: unknown character '鈴木一朗' (did you mean 鈴木一郎 (suzuki)?) "
            f"(at /submissions/seitokai/0/attack)") in result.output


def test_a_key_given_both_ways_is_refused_not_guessed(tmp_path: Path) -> None:
    d = folder(tmp_path, "dh", DH_TURN.replace("{誰: 高橋次郎, 移動: Ａ３}", "{誰: 高橋次郎, 移動: Ａ３, to: Ａ２}"))
    result = run("validate", d / "turn-01.yaml")
    assert result.exit_code == 1 and "移動" in result.output


def test_logos_starters_by_name(tmp_path: Path) -> None:
    turn = """dhproc: 1
match: match.yaml
turn: 1
submissions:
  alice:
    スタメン: [呑宮ホッピー, 鈴鳴リン, 麦野ムギ, 蒼井ソウ, 白雪ユキ]
  bob:
    先発: [楓カエデ, 燕ツバメ, 岩田ゴロウ, 雛菊ヒナ, 蓮見レン]
    選択:
      - {誰: 燕ツバメ, スキル: 戦術転換, 対象: 蓮見レン}
"""
    d = folder(tmp_path, "logos", turn)
    ours = run("resolve", d / "turn-01.yaml")
    assert ours.exit_code == 0, ours.output
    assert ours.output == run("resolve", ROOT / "examples/logos/turn-01.yaml").output


@pytest.mark.usefixtures("english")
def test_a_pasted_paragraph_where_a_name_belongs_is_an_unknown_name_with_no_suggestion(tmp_path: Path) -> None:
    """The fuzzer's long_string in a `who:` once ran past its time limit: every name was compared
    by edit distance with a value of millions of characters. A name whose length alone is too far
    from the typed text is passed over, so the answer is a located 'unknown character' at once."""
    from dhproc.words.names import suggestions

    assert suggestions("x" * 3_000_000, ["佐藤花子", "sato", "yamada"]) == []
    assert suggestions("satou", ["sato", "suzuki"]) == ["sato"]  # a real typo is still suggested
    d = folder(tmp_path, "dh", DH_TURN.replace("{誰: 高橋次郎, 移動: Ａ３}", "{誰: " + "高" * 200_000 + ", 移動: Ａ３}"))
    result = run("validate", d / "turn-01.yaml")
    assert result.exit_code == 1
    assert "turn-01.yaml:" in result.output and "unknown character" in result.output
    assert "did you mean" not in result.output and len(result.output) < 5_000


COUNT_TURN = """dhproc: 1
match: match.yaml
turn: 1
submissions:
  pcs:
    行動:
      アオイ:
        - {サブ: {移動: {移動先: Ｄ５}}, メイン: {スキル: 斬撃, 対象: [ゴブリンA]}}
        - {メインアクション: {スキル: 斬撃, 対象: [ゴブリンA]}}
      ミナト:
        - {メイン: {技: 火球, 対象: [ゴブリンA]}}
        - {メイン: {技: 火球, 対象: [ゴブリンB]}}
      レン:
        - {メイン: {スキル: 貫き矢, 対象: [ゴブリンB]}}
        - {サブアクション: {移動: {移動先: ｅ７}}, メイン: {スキル: 射撃, 対象: [ゴブリンB]}}
    予備:
      レン: {メイン: {移動: {移動先: Ｅ６}}}
    反応:
      アオイ: {ＣＡ: true, カバー: [ミナト]}
      ミナト: {CA: true}
      レン: {CA: true}
  enemies:
    plans:
      オーガ:
        - {メイン: {移動: {移動先: E3}}}
        - {メイン: {スキル: 棍棒, 対象: [アオイ]}}
      ゴブリンA:
        - {メイン: {スキル: 短剣, 対象: [アオイ]}}
      gob2:
        - {サブ: {移動: {移動先: E4}}, メイン: {スキル: 短剣, 対象: [アオイ]}}
    代替:
      ゴブリンB: {メイン: {移動: {移動先: E5}}}
    reactions:
      ゴブリンA: {CA: true}
      ゴブリンB: {CA: true}
      オーガ: {CA: true}
"""


def test_count_japanese_keys_and_names_as_plan_keys_resolve_as_ids_do(tmp_path: Path) -> None:
    d = folder(tmp_path, "count", COUNT_TURN)
    (d / "turn-02.yaml").unlink()
    text = (d / "match.yaml").read_text(encoding="utf-8").replace("turn-01.yaml, turn-02.yaml", "turn-01.yaml")
    (d / "match.yaml").write_text(text, encoding="utf-8")
    log_path = tmp_path / "log.json"
    ours = run("resolve", d / "turn-01.yaml", "--json", log_path)
    assert ours.exit_code == 0, ours.output
    assert ours.output == run("resolve", ROOT / "examples/count/turn-01.yaml").output
    subs = json.loads(log_path.read_text(encoding="utf-8"))["input"]["turns"][0]["submissions"]
    assert subs["pcs"]["plans"]["aoi"][0] == {"sub_action": {"move": {"to": "Ｄ５"}},
                                              "main_action": {"skill": "斬撃", "targets": ["gob1"]}}
    assert subs["pcs"]["reactions"]["aoi"] == {"ca": True, "cover": ["minato"]}
    assert list(subs["enemies"]["plans"]) == ["ogre", "gob1", "gob2"]
    # a mistyped name as a plan's key: located, with a did-you-mean, in Japanese by default
    d2 = folder(tmp_path / "typo", "count", COUNT_TURN.replace("      ミナト:\n", "      ミナトー:\n"))
    result = run("validate", d2 / "turn-01.yaml")
    line = COUNT_TURN.splitlines().index("      ミナト:") + 1
    assert result.exit_code == 1
    assert f"turn-01.yaml:{line}:7: キャラクター「ミナトー」はいません（もしかして：ミナト（minato））" in result.output
NICOSW_TURN = """dhproc: 1
match: match.yaml
turn: 1
submissions:
  allies:
    配置: {リア: 1, ゴード: 3}
    行動:
      リア:
        - {動作: 移動, 移動方法: 通常移動, 移動先: ５}
        - {動作: 遠距離攻撃, 対象: ゴブリン}
      ゴード:
        - {動作: 移動, 移動方法: 通常移動, 移動先: 7}
        - {動作: 移動, 移動方法: 通常移動, 移動先: 8}
  enemies:
    先手時配置: {オーガ: 11, ゴブリン: 10}
    後手時配置: {オーガ: 10, ゴブリン: 9}
    行動:
      オーガ:
        - {動作: 持ち替え, 武器: 投石}
        - {動作: 遠距離攻撃, 対象: リア}
      ゴブリン:
        - {動作: 近接攻撃, 対象: ゴード}
"""


def nicosw_folder(tmp_path: Path, turn: str) -> Path:
    d = tmp_path / "nicosw"
    shutil.copytree(ROOT / "examples" / "nicosw", d, ignore=shutil.ignore_patterns("turn-*.yaml"))
    match = (d / "match.yaml").read_text(encoding="utf-8")
    (d / "match.yaml").write_text(re.sub(r"turns: \[.*\]", "turns: [turn-01.yaml]", match), encoding="utf-8")
    (d / "turn-01.yaml").write_text(turn, encoding="utf-8")
    return d


def test_nicosw_japanese_keys_values_and_names_of_characters_and_weapons(tmp_path: Path) -> None:
    """Keys, the values of do/mode, characters as mapping keys (配置, 行動) and a weapon by its
    display name: the same report as the example's turn 1, and a log of ids and English."""
    d = nicosw_folder(tmp_path, NICOSW_TURN.replace("{リア: 1, ゴード: 3}", "{リア: １, ゴード: '3'}"))
    log_path = tmp_path / "log.json"
    ours = run("resolve", d / "turn-01.yaml", "--json", log_path)
    assert ours.exit_code == 0, ours.output
    assert ours.output == run("resolve", ROOT / "examples/nicosw/turn-01.yaml").output
    subs = json.loads(log_path.read_text(encoding="utf-8"))["input"]["turns"][0]["submissions"]
    assert subs["enemies"]["goes"]["ogre"][0] == {"do": "switch_weapon", "weapon": "rock"}
    assert subs["allies"]["placement"] == {"ria": 1, "gord": 3}  # full-width and quoted squares read as numbers
    assert subs["allies"]["goes"]["ria"][0]["to"] == 5
    assert subs["allies"]["goes"]["ria"][1] == {"do": "ranged", "target": "gob"}


@pytest.mark.parametrize("lang,message", [
    ("ja", "「オーガ（ogre）」に武器「投げ石」はありません（もしかして：投石（rock））"),
    ("en", "'オーガ (ogre)' has no weapon '投げ石' (did you mean 投石 (rock)?)"),
])
def test_nicosw_a_mistyped_weapon_is_located_with_a_did_you_mean(tmp_path: Path, lang: str, message: str) -> None:
    d = nicosw_folder(tmp_path, NICOSW_TURN.replace("移動先: ５", "移動先: 5").replace("武器: 投石", "武器: 投げ石"))
    result = run("validate", d / "turn-01.yaml", "--lang", lang)
    line = NICOSW_TURN.splitlines().index("        - {動作: 持ち替え, 武器: 投石}") + 1
    assert result.exit_code == 1
    assert f"turn-01.yaml:{line}:" in result.output and message in result.output, result.output


def count_aliases() -> dict[str, str]:
    from dhproc.engine.ruleset import get_ruleset

    return dict(get_ruleset("count").submission_aliases().keys)


def test_count_every_submission_key_has_a_japanese_alias_and_the_doc_lists_them_all() -> None:
    """Each key of count's submission schema (costs' cards, declared ダメージロール前 skills, chosen
    targets, re-roll thresholds among them) can be written in Japanese, and docs/aliases.md lists
    every alias with the key it stands for, no more and no fewer."""
    aliases = count_aliases()
    keys: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            keys.update(node.get("properties", {}) if isinstance(node.get("properties"), dict) else ())
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads((ROOT / "schemas" / "count.submissions.schema.json").read_text(encoding="utf-8")))
    assert keys and keys - set(aliases.values()) == set()
    doc = (ROOT / "docs" / "aliases.md").read_text(encoding="utf-8").split("## count", 1)[1].split("\n## ", 1)[0]
    listed = {alias: key for japanese, key in re.findall(r"^\| ([^|`]+?) \| `(\w+)`", doc, re.M)
              for alias in japanese.split(" · ")}
    assert listed == aliases


def japanese_keys(data: object, english_to_japanese: dict[str, str]) -> object:
    """``data`` with every English key written as its first Japanese alias."""
    if isinstance(data, list):
        return [japanese_keys(x, english_to_japanese) for x in data]
    if isinstance(data, dict):
        return {english_to_japanese.get(k, k): japanese_keys(v, english_to_japanese) for k, v in data.items()}
    return data


@pytest.mark.parametrize("entry", ["reroll-damage-and-escape", "declared-before-damage", "chosen-targets",
                                   "skill-costs", "place-another", "reroll-per-roll"])
def test_count_the_newer_keys_in_japanese_resolve_to_the_recorded_log(tmp_path: Path, entry: str) -> None:
    """A recorded match whose submissions are rewritten with Japanese keys resolves, through the
    CLI, to the very log recorded for it: the log keeps the English keys."""
    import yaml

    first = {}
    for alias, key in count_aliases().items():
        first.setdefault(key, alias)
    match = yaml.safe_load((ROOT / "tests" / "replays" / "count" / entry / "match.yaml").read_text(encoding="utf-8"))
    for turn in match["turns"]:
        turn["submissions"] = japanese_keys(turn["submissions"], first)
    said = yaml.safe_dump([turn["submissions"] for turn in match["turns"]], allow_unicode=True)
    assert not re.search(r"\b(cards|before_damage|choose|reroll_\w+|to):", said)  # every key in Japanese
    written = yaml.safe_dump(match, allow_unicode=True, sort_keys=False)
    (tmp_path / "match.yaml").write_text(written, encoding="utf-8")
    result = run("resolve", tmp_path / "match.yaml", "--json", tmp_path / "log.json")
    assert result.exit_code == 0, result.output
    recorded = (ROOT / "tests" / "replays" / "count" / entry / "log.json").read_bytes()
    assert (tmp_path / "log.json").read_bytes() == recorded
