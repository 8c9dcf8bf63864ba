"""Problems said in the GK's words, all in one run, through the CLI: a misspelt Japanese key or
value gets a did-you-mean from the Japanese aliases (docs/aliases.md), the characters named in a
part the schema set aside (or under a setup that is not whole) are still checked, and English
says 1 square, 2 squares."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from dhproc.cli import cli
from dhproc.words.messages import Catalog

ROOT = Path(__file__).resolve().parents[1]
TYPO = Path(__file__).parent / "naming" / "typo-key"  # the reproducer count-typo-key


def run(*args: object):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def typo_folder(tmp_path: Path, *changes: tuple[str, str], in_match: tuple[str, str] | None = None) -> Path:
    d = tmp_path / "count"
    shutil.copytree(TYPO, d)
    turn = (d / "turn-01.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in turn
        turn = turn.replace(old, new)
    (d / "turn-01.yaml").write_text(turn, encoding="utf-8")
    if in_match:
        match = (d / "match.yaml").read_text(encoding="utf-8")
        assert in_match[0] in match
        (d / "match.yaml").write_text(match.replace(in_match[0], in_match[1], 1), encoding="utf-8")
    return d


def test_a_misspelt_japanese_key_gets_a_japanese_did_you_mean(tmp_path: Path) -> None:
    """対像 for 対象: said as an unknown key with the alias it looks like, not as 行動は move、… ."""
    result = run("validate", typo_folder(tmp_path) / "match.yaml")
    assert result.exit_code == 1
    assert "turn-01.yaml:8:50: キー「対像」はありません（もしかして：対象）" in result.output, result.output
    assert "move、escape、skill" not in result.output
    english = run("validate", "--lang", "en", typo_folder(tmp_path / "en") / "match.yaml")
    assert "unknown key '対像' (did you mean 対象?)" in english.output, english.output


def test_a_misspelt_action_key_names_the_nearest_alias_only(tmp_path: Path) -> None:
    d = typo_folder(tmp_path, ("メイン: {スキル: 雷撃", "メインアクシヨン: {スキル: 雷撃"))
    result = run("validate", d / "match.yaml")
    assert "キー「メインアクシヨン」はありません（もしかして：メインアクション）" in result.output, result.output
    assert "main_action, sub_action" not in result.output


def test_a_misspelt_japanese_value_gets_a_japanese_did_you_mean(tmp_path: Path) -> None:
    """遠距離攻擊 (擊, not 撃) for 遠距離攻撃 in a nicosw go."""
    d = tmp_path / "nicosw"
    shutil.copytree(ROOT / "examples" / "nicosw", d)
    turn = (d / "turn-01.yaml").read_text(encoding="utf-8")
    assert "{do: ranged, target: gob}" in turn
    (d / "turn-01.yaml").write_text(turn.replace("{do: ranged, target: gob}", "{動作: 遠距離攻擊, 対象: ゴブリン}"),
                                    encoding="utf-8")
    result = run("validate", d / "turn-01.yaml")
    assert result.exit_code == 1
    assert "値「遠距離攻擊」はありません（もしかして：遠距離攻撃）" in result.output, result.output
    assert "melee" not in result.output  # not the English values


def test_a_name_inside_an_entry_the_schema_set_aside_is_still_checked(tmp_path: Path) -> None:
    """One pass: the misspelt key sets 黒田ソウマ's action aside, and its target 魔剣 is reported too."""
    d = typo_folder(tmp_path, ("メイン: {スキル: 雷撃", "メインアクシヨン: {スキル: 雷撃"))
    lines = run("validate", d / "match.yaml").output.splitlines()
    assert any("turn-01.yaml:10:12: キー「メインアクシヨン」" in line for line in lines), lines
    assert any("turn-01.yaml:10:37: キャラクター「魔剣」は見つかりません（もしかして：魔犬（maken））" in line
               for line in lines), lines
    assert any("対像" in line for line in lines)


def test_names_are_checked_while_the_setup_has_schema_problems(tmp_path: Path) -> None:
    """One pass: a wrong type in the setup does not hide an unknown character in a turn."""
    d = typo_folder(tmp_path, in_match=("hp: 38", 'hp: "多い"'))
    lines = run("validate", d / "match.yaml").output.splitlines()
    assert any("match.yaml:15:53: 「hp」は整数で書いてください" in line for line in lines), lines
    assert any("turn-01.yaml:10:32: キャラクター「魔剣」は見つかりません" in line for line in lines), lines
    assert any("キー「対像」" in line for line in lines), lines


def test_english_counts_take_the_singular_for_one() -> None:
    one = Catalog.__new__(Catalog)  # not registered: the catalogue tests see only the real ones
    one.entries, one.prefix = {"k": ("{n}マス、{d}個", "{n:plural:square}, {d:plural:die/dice}")}, "t"
    assert one.say("k", "en", n=1, d=1) == "1 square, 1 die"
    assert one.say("k", "en", n=3, d=2) == "3 squares, 2 dice"
    assert one.say("k", "ja", n=1, d=1) == "1マス、1個"


def test_a_one_square_move_is_one_square_in_english(tmp_path: Path) -> None:
    from dhproc.rulesets.count.report import T

    assert "(1 square ×" in T.say("move_sub", "en", action="sub", a="D8", b="D7", sq=1, mc=2, cost=2,
                                       before=10, after=8)
