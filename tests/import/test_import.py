"""`dhproc import`: 行動提出 as players post them, read into turn files — every case in
tests/import/<ruleset>/*.yaml through the CLI. A case gives the match, the post as posted, the turn
(9 unless it says ``turn:``), and either the submissions it must give or the problems it must
report (then nothing is written)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from dhproc.cli import cli

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted(Path(__file__).parent.glob("*/*.yaml"))


def run(*args: object):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output + result.stderr
    return result


def test_each_ruleset_has_a_corpus_of_at_least_40_posts_with_the_turn_they_give() -> None:
    """Posts as players write them (headers, greetings, numbering, widths, line breaks, parts of
    names), each with the submissions it must give; the cases of problems come on top."""
    for ruleset in ("dh", "logos", "count", "nicosw", "kagemiya"):
        giving = [c for c in CASES if c.parent.name == ruleset and "expect" in yaml.safe_load(c.read_text(encoding="utf-8"))]
        assert len(giving) >= 40, (ruleset, len(giving))


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_import_case(case: Path, tmp_path: Path) -> None:
    data = yaml.safe_load(case.read_text(encoding="utf-8"))
    ruleset = case.parent.name
    match = ROOT / data["match"]
    folder = tmp_path / "m"
    shutil.copytree(match.parent, folder, ignore=shutil.ignore_patterns("turn-*.yaml", "abilities"))
    post = tmp_path / "post.txt"
    post.write_text(data["post"], encoding="utf-8")
    turn = data.get("turn", 9)  # 1 for what only a battle's first turn says (先手判定, 配置)
    out = folder / f"turn-{turn:02d}.yaml"
    result = run("import", ruleset, post, "-o", out, "--lang", "en")  # the cases' messages are English
    if "expect" in data:
        assert result.exit_code == 0, result.stderr
        written = yaml.safe_load(out.read_text(encoding="utf-8"))
        assert written["submissions"] == data["expect"]
        assert written["turn"] == turn and written["match"] == match.name
    else:
        assert result.exit_code == 1, result.stderr
        assert not out.exists()
        for message in data["problems"]:
            assert message in result.stderr, (message, result.stderr)
        assert "post.txt:" in result.stderr  # every problem names the post and line


# --------------------------------------------------------------------------- the whole workflow

BANCHO = """【番長グループ 1ターン目】
鈴木一郎：Ｂ６→Ｂ４
田中誠　D6→D4
木村拳：Ａ７→Ａ５
鬼塚ゴウ　移動：Ｃ５
"""
SEITOKAI = """山田太郎：Ｂ２→Ｂ４／通常攻撃→鈴木一郎
佐藤：Ｄ２→Ｄ４／攻撃：田中
高橋次郎：Ａ１→Ａ３
天城ミコト：Ｃ３へ移動
伊藤さくら：Ｅ１→Ｅ４
"""


def test_two_posts_make_the_example_turn_and_it_resolves_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "m"
    shutil.copytree(ROOT / "examples" / "dh", folder, ignore=shutil.ignore_patterns("turn-*.yaml", "abilities"))
    text = (folder / "match.yaml").read_text(encoding="utf-8").replace(
        "turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns: []")
    (folder / "match.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "bancho.txt").write_text(BANCHO, encoding="utf-8")
    out = folder / "turn-01.yaml"
    first = run("import", "dh", tmp_path / "bancho.txt", "-o", out)
    assert first.exit_code == 0, first.stderr
    # the other side posts later: its import is added to the same file, the first side kept
    second = run("import", "dh", SEITOKAI, "-o", out)
    assert second.exit_code == 0, second.stderr
    assert "「佐藤」を佐藤花子（sato）と読みました" in second.stderr  # Japanese by default
    written = yaml.safe_load(out.read_text(encoding="utf-8"))
    example = yaml.safe_load((ROOT / "examples/dh/turn-01.yaml").read_text(encoding="utf-8"))
    assert written["submissions"] == example["submissions"]
    # with the example's dice, the report is the example's turn 1
    text = out.read_text(encoding="utf-8").replace("turn: 1\n", "turn: 1\ndice: [55, 66]\n")
    out.write_text(text, encoding="utf-8")
    assert run("resolve", out).output == run("resolve", ROOT / "examples/dh/turn-01.yaml").output


NICOSW_ALLIES = """【冒険者 1R】
配置：リア1 ゴード3
リア：通常移動→５／遠距離攻撃→ゴブリン
ゴード：通常移動→７、８へ通常移動
"""
NICOSW_ENEMIES = """先手なら配置：オーガ11 ゴブリン10
後手なら配置：オーガ１０、ゴブリン９
オーガ：投石に持ち替え／遠距離攻撃→リア
ゴブリン：近接攻撃→ゴード
"""


def test_nicosw_posts_make_the_example_turn_1_and_it_resolves_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "m"
    shutil.copytree(ROOT / "examples" / "nicosw", folder, ignore=shutil.ignore_patterns("turn-*.yaml"))
    text = (folder / "match.yaml").read_text(encoding="utf-8")
    (folder / "match.yaml").write_text(re.sub(r"turns: \[.*\]", "turns: [turn-01.yaml]", text), encoding="utf-8")
    out = folder / "turn-01.yaml"
    assert run("import", "nicosw", NICOSW_ENEMIES, "-o", out).exit_code == 0
    assert run("import", "nicosw", NICOSW_ALLIES, "-o", out).exit_code == 0
    written = yaml.safe_load(out.read_text(encoding="utf-8"))
    example = yaml.safe_load((ROOT / "examples/nicosw/turn-01.yaml").read_text(encoding="utf-8"))
    assert written["submissions"] == {side: example["submissions"][side] for side in ("enemies", "allies")}
    assert run("resolve", out).output == run("resolve", ROOT / "examples/nicosw/turn-01.yaml").output


def test_import_from_stdin_prints_the_turn(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["import", "dh", "-", "--turn", "2", "--match", str(ROOT / "examples/dh/match.yaml")],
                                input="鈴木 B6→B4 攻撃:山田\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith("turn: 2\nsubmissions:\n  bancho:\n    - {who: suzuki, to: Ｂ４, attack: yamada}\n")


@pytest.mark.parametrize("args,message", [
    (["dh", "鈴木 B6→B4"], "--turn N を指定するか"),
    (["dh", "鈴木 B6→B4", "--lang", "en"], "give --turn N"),
    (["chess", "x", "--turn", "1", "--lang", "en"], "unknown ruleset 'chess'"),
    (["chess", "x", "--turn", "1"], "ルール「chess」はありません"),
    (["logos", "x", "--turn", "1", "--match", "examples/dh/match.yaml", "--lang", "en"], "not a logos match file"),
    (["logos", "x", "--turn", "1", "--match", "examples/dh/match.yaml"], "logosの対戦ファイルではありません"),
])
def test_import_usage_mistakes(args: list[str], message: str, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    result = run("import", *args)
    assert result.exit_code in (1, 2) and message in result.output + result.stderr


@pytest.mark.parametrize("lang,messages", [
    ("ja", ["キャラクター「鈴木一朗」は見つかりません（もしかして：鈴木一郎）", "「前進して殴る」（山田太郎）を読めません",
            "キャラクター「藤」が複数に当てはまります：佐藤花子、伊藤さくら、加藤", "問題3件。何も書き込んでいません"]),
    ("en", ["unknown character '鈴木一朗' (did you mean 鈴木一郎?)", "cannot read '前進して殴る' (for 山田太郎)",
            "character '藤' fits several: 佐藤花子, 伊藤さくら, 加藤", "3 problems; nothing written"]),
])
def test_import_problems_in_both_languages(lang: str, messages: list[str], monkeypatch) -> None:
    post = "天城ミコト：通常攻撃→鈴木一朗\n山田太郎：前進して殴る\n藤：待機"
    monkeypatch.setenv("DHPROC_LANG", lang)  # the environment chooses the language
    result = run("import", "dh", post, "--turn", "1", "--match", ROOT / "examples/dh/match.yaml")
    assert result.exit_code == 1
    for message in messages:
        assert message in result.stderr, (message, result.stderr)
    # --lang wins over the environment
    other = "en" if lang == "ja" else "ja"
    again = run("import", "dh", post, "--turn", "1", "--match", ROOT / "examples/dh/match.yaml", "--lang", other)
    assert messages[0] not in again.stderr


# --------------------------------------------------------------------------- count: the example's turn

COUNT_ENEMIES = """オーガ：1手番目 メイン：E3へ移動 2手番目 メイン：棍棒→アオイ CA：する
ゴブリンA：メイン 短剣→アオイ CAあり
ゴブリンB：サブ E4へ移動 メイン 短剣→アオイ／予備：メイン E5へ移動／CA:する
"""
COUNT_PCS = """アオイ：1手番目 サブ：Ｄ５へ移動／メイン：斬撃→ゴブリンA　2手番目 メイン：斬撃→ゴブリンA
ミナト
① 《火球》→ゴブリンA
② 火球→ゴブリンB
レン：1手番目 メイン 貫き矢→ゴブリンB
2手番目 サブ Ｅ７へ移動 メイン 射撃→ゴブリンB
予備：メイン Ｅ６へ移動
アオイ　CA：する／カバー：ミナト
ミナト　CA：する
レン　CAあり
"""


def test_count_posts_make_the_example_turn_and_it_resolves_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "m"
    shutil.copytree(ROOT / "examples" / "count", folder, ignore=shutil.ignore_patterns("turn-*.yaml"))
    text = (folder / "match.yaml").read_text(encoding="utf-8").replace("turns: [turn-01.yaml, turn-02.yaml]",
                                                                       "turns: []")
    (folder / "match.yaml").write_text(text, encoding="utf-8")
    out = folder / "turn-01.yaml"
    assert run("import", "count", COUNT_ENEMIES, "-o", out).exit_code == 0
    assert run("import", "count", COUNT_PCS, "-o", out).exit_code == 0
    written = yaml.safe_load(out.read_text(encoding="utf-8"))
    example = yaml.safe_load((ROOT / "examples/count/turn-01.yaml").read_text(encoding="utf-8"))
    assert written["submissions"] == example["submissions"]
    assert run("resolve", out).output == run("resolve", ROOT / "examples/count/turn-01.yaml").output


@pytest.mark.parametrize("lang,messages", [
    ("ja", ["リアに武器「ダカー」はありません（もしかして：ダガー）",
            "「攻撃→ゴブリン」は近接攻撃か遠距離攻撃かが分かりません", "ゴードの行動がありません。何もしないなら 待機 と書いてください",
            "リアの行動が2か所にあります", "問題4件。何も書き込んでいません"]),
    ("en", ["リア has no weapon 'ダカー' (did you mean ダガー?)", "'攻撃→ゴブリン': say 近接攻撃 (melee) or 遠距離攻撃 (ranged)",
            "nothing for ゴード; write 待機 for no action", "リア's go is given twice", "4 problems; nothing written"]),
])
def test_nicosw_import_problems_in_both_languages(lang: str, messages: list[str]) -> None:
    post = "リア：ダカーに持ち替え\n配置：リア1\nリア：攻撃→ゴブリン\nゴード"
    result = run("import", "nicosw", post, "--turn", "1", "--match", ROOT / "examples/nicosw/match.yaml", "--lang", lang)
    assert result.exit_code == 1
    for message in messages:
        assert message in result.stderr, (message, result.stderr)


# --------------------------------------------------------------------------- arguments and files

@pytest.mark.parametrize("argument", ["missing.txt", "posts/2R.md", "posts/bancho"])
def test_a_path_that_does_not_exist_is_said_missing_not_read_as_a_post(argument: str, tmp_path: Path,
                                                                       monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("import", "dh", argument, "--turn", "1", "--match", ROOT / "examples/dh/match.yaml", "--lang", "en")
    assert result.exit_code == 1
    assert f"no such file: {argument}" in result.stderr
    assert "no character's name" not in result.stderr  # the argument was never read as a post


def test_a_one_line_post_with_a_slash_is_still_a_post() -> None:
    result = run("import", "dh", "鈴木 B6→B4/攻撃:山田", "--turn", "1", "--match", ROOT / "examples/dh/match.yaml")
    assert result.exit_code == 0, result.stderr
    assert "{who: suzuki, to: Ｂ４, attack: yamada}" in result.stdout


def test_importing_a_side_again_says_it_replaces_the_earlier_submission(tmp_path: Path) -> None:
    folder = tmp_path / "m"
    shutil.copytree(ROOT / "examples" / "dh", folder, ignore=shutil.ignore_patterns("turn-*.yaml", "abilities"))
    out = folder / "turn-01.yaml"
    assert run("import", "dh", "鈴木一郎：Ｂ６→Ｂ４", "-o", out, "--lang", "en").exit_code == 0
    first = run("import", "dh", "山田太郎：Ｂ２→Ｂ４", "-o", out, "--lang", "en")  # the other side: added
    assert first.exit_code == 0 and "replaced" not in first.stderr
    again = run("import", "dh", "鈴木一郎：Ｂ６→Ｂ５", "-o", out, "--lang", "en")
    assert again.exit_code == 0
    assert f"{out} already had side 'bancho''s submission; replaced by the new post" in again.stderr
    written = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert written["submissions"]["bancho"] == [{"who": "suzuki", "to": "Ｂ５"}]
    assert written["submissions"]["seitokai"] == [{"who": "yamada", "to": "Ｂ４"}]
    ja = run("import", "dh", "鈴木一郎：Ｂ６→Ｂ５", "-o", out)
    assert "陣営「bancho」の提出は" in ja.stderr and "新しい投稿で置き換えます" in ja.stderr
