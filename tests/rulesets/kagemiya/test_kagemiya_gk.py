"""Where GKs work, for kagemiya: 行動提出 posted as text read into the turn file, turn files with
Japanese keys and display names, Japanese messages — each through the CLI, against the example."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

from dhproc.cli import cli

from ... import fuzz

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "kagemiya"

POSTS = {
    "red": """【セイバー陣営 1巡目 行動提出】
先手判定：セイバー（直感）
セイバー：物理攻撃→ランサー（魔力放出、令呪：補正）
防御：セイバー（対魔力）／攻撃25以上なら令呪（補正）
よろしくお願いします
""",
    "blue": """先手判定：ランサー
ランサー：物理攻撃→セイバー／宝具「刺し穿つ死棘の槍」／援護：青葉慎也
防御：ランサー 戦闘続行
サーヴァント脱落時：続行
""",
    "green": """先手：アサシン
アサシン：奇襲攻撃→青葉
逃走阻止：アサシン
""",
}

JAPANESE_TURN = """dhproc: 1
match: match.yaml
turn: 1
submissions:
  red:
    先手判定: {判定者: セイバー, スキル: [直感]}
    行動:
      - {誰: セイバー, 種類: 物理攻撃, 対象: ランサー, 使用: [魔力放出], 令呪: [補正]}
    防御:
      セイバー:
        - {使用: [対魔力]}
        - {条件: {of: attack, attr: total, at_least: 25}, 令呪: [令呪（補正）]}
  blue:
    先手判定: {判定者: ランサー}
    行動:
      - {誰: ランサー, 種類: 物理, 対象: セイバー, 宝具: [刺し穿つ死棘の槍], 援護: [青葉慎也]}
    防御:
      ランサー: [{スキル: [戦闘続行]}]
    サーヴァント脱落時: 続行
  green:
    先手: {担当: アサシン}
    行動:
      - {行動者: アサシン, 種類: 奇襲攻撃, 対象: 青葉慎也}
    逃走阻止: {判定者: アサシン}
"""


def run(*args: object, **kw):
    result = CliRunner().invoke(cli, [str(a) for a in args], **kw)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output + result.stderr
    return result


def fresh(tmp_path: Path) -> Path:
    folder = tmp_path / "m"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns("turn-*.yaml"))
    text = (folder / "match.yaml").read_text(encoding="utf-8")
    (folder / "match.yaml").write_text(text.replace("turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns: []"),
                                       encoding="utf-8")
    return folder


def test_three_posts_make_the_example_turn_and_it_resolves_the_same(tmp_path: Path) -> None:
    folder = fresh(tmp_path)
    out = folder / "turn-01.yaml"
    for side, post in POSTS.items():  # each 陣営 posts on its own; each import adds its 陣営
        (tmp_path / f"{side}.txt").write_text(post, encoding="utf-8")
        result = run("import", "kagemiya", tmp_path / f"{side}.txt", "-o", out)
        assert result.exit_code == 0, result.stderr
    assert "「青葉」を青葉慎也（shinya）と読みました" in result.stderr  # Japanese by default
    written = yaml.safe_load(out.read_text(encoding="utf-8"))
    example = yaml.safe_load((EXAMPLE / "turn-01.yaml").read_text(encoding="utf-8"))
    assert written["submissions"] == example["submissions"]
    assert run("resolve", out).output == run("resolve", EXAMPLE / "turn-01.yaml").output


@pytest.mark.parametrize("lang,messages", [
    ("ja", ["セイバー：スキル・宝具「魔力防出」は見つかりません（もしかして：魔力放出）",
            "キャラクター「セイパー」は見つかりません（もしかして：セイバー）",
            "「逃走判定：」だけではどの逃走判定か決まりません", "問題3件。何も書き込んでいません"]),
    ("en", ["セイバー: unknown skill or 宝具 '魔力防出' (did you mean 魔力放出?)",
            "unknown character 'セイパー' (did you mean セイバー?)", "「逃走判定：」 alone does not say which",
            "3 problems; nothing written"]),
])
def test_import_problems_name_the_line_in_both_languages(lang: str, messages: list[str], monkeypatch) -> None:
    post = "セイバー：物理攻撃→ランサー（魔力防出）\nセイパー：先手判定\n逃走判定：セイバー"
    monkeypatch.setenv("DHPROC_LANG", lang)
    result = run("import", "kagemiya", post, "--turn", "1", "--match", EXAMPLE / "match.yaml")
    assert result.exit_code == 1
    for message in messages:
        assert message in result.stderr, (message, result.stderr)
    assert "<text>:1:" in result.stderr and "<text>:2:" in result.stderr and "<text>:3:" in result.stderr


def test_kagemiya_1_10_japanese_keys_and_names_resolve_as_ids_and_english_keys_do(tmp_path: Path) -> None:
    folder = fresh(tmp_path)
    (folder / "turn-01.yaml").write_text(JAPANESE_TURN, encoding="utf-8")
    log_path = tmp_path / "log.json"
    ours = run("resolve", folder / "turn-01.yaml", "--json", log_path)
    assert ours.exit_code == 0, ours.output
    assert ours.output == run("resolve", EXAMPLE / "turn-01.yaml").output
    log = json.loads(log_path.read_text(encoding="utf-8"))
    example = yaml.safe_load((EXAMPLE / "turn-01.yaml").read_text(encoding="utf-8"))
    assert log["input"]["turns"][0]["submissions"] == example["submissions"]  # the log keeps ids and English


def test_kagemiya_1_10_an_unknown_name_in_a_turn_file_is_located_with_a_did_you_mean(tmp_path: Path) -> None:
    folder = fresh(tmp_path)
    turn = JAPANESE_TURN.replace("使用: [魔力放出]", "使用: [魔力防出]").replace("対象: ランサー", "対象: ランサ−")
    (folder / "turn-01.yaml").write_text(turn, encoding="utf-8")
    result = run("resolve", folder / "turn-01.yaml")
    assert result.exit_code == 1
    assert "turn-01.yaml:8:33:" in result.stderr  # where the name was written
    assert ("セイバー（saber）にスキル・宝具「魔力防出」はありません（持っているもの：直感（chokkan）、魔力放出（maryoku）、"
            "対魔力（taimaryoku）、約束された勝利の剣（yakusoku））（もしかして：魔力放出（maryoku））") in result.stderr
    assert "キャラクター「ランサ−」はいません（もしかして：ランサー（lancer））" in result.stderr


TOKENS = ["セイバー", "ランサー", "アサシン", "青葉", "赤城真澄", "saber", "セイパー", "先手判定", "先手", "で逃走", "逃走",
          "逃走阻止", "逃走判定", "防御", "防御指示", "物理攻撃", "魔術攻撃", "奇襲攻撃", "奇襲", "援護", "待機", "対象",
          "直感", "魔力放出", "対魔力", "約束された勝利の剣", "気配遮断", "戦闘続行", "令呪", "補正", "面数", "倍加",
          "筋力", "25以上なら", "HP10以下なら", "魔術攻撃なら", "サーヴァント脱落時", "保護", "続行", "2画",
          "：", ":", "→", "->", "／", "、", "・", "（", "）", "(", ")", "「", "」", "《", "》", "【", "】", " ", "　",
          "\n", "１．", "・", "で", "に", "を", "は", "なし", "x", "9"]


SIDES = {"red": (["セイバー", "saber", "赤城真澄"], ["直感", "魔力放出", "対魔力", "約束された勝利の剣", "chokkan"]),
         "blue": (["ランサー", "青葉慎也", "青葉"], ["戦闘続行", "刺し穿つ死棘の槍", "ガンド", "zokko"])}
ENEMIES = ["セイバー", "ランサー", "アサシン", "青葉慎也", "緑川弓子"]


@st.composite
def posts(draw) -> str:
    """A 陣営's post built from the forms players use, sometimes with a token dropped in anywhere."""
    own, skills = SIDES[draw(st.sampled_from(sorted(SIDES)))]
    sep = lambda: draw(st.sampled_from(["：", ":", " ", "　", "は"]))  # noqa: E731
    decls = lambda: draw(st.sampled_from(["", "（{}）", "《{}》", "「{}」", " {}", "、スキル：{}"])).format(  # noqa: E731
        draw(st.sampled_from(skills + ["令呪（補正）", "令呪：boost", "倍加", "筋力倍加"])))
    lines = []
    for _ in range(draw(st.integers(1, 5))):
        who = draw(st.sampled_from(own))
        form = draw(st.sampled_from(["init", "attack", "attack_ja", "escape", "pass", "defense", "roller", "loss",
                                     "support"]))
        if form == "init":
            lines.append(f"先手判定{draw(st.sampled_from(['', 'で逃走']))}{sep()}{who}{decls()}")
        elif form == "attack":
            word = draw(st.sampled_from(["物理攻撃", "魔術攻撃", "奇襲攻撃", "物理"]))
            arrow = draw(st.sampled_from(["→", "->", "＞", "：", "=>"]))
            extra = draw(st.sampled_from(["", f"／援護：{draw(st.sampled_from(own))}"]))
            lines.append(f"{who}{sep()}{word}{arrow}{draw(st.sampled_from(ENEMIES))}{decls()}{extra}")
        elif form == "attack_ja":
            lines.append(f"{who}{sep()}{draw(st.sampled_from(ENEMIES))}に物理攻撃{decls()}")
        elif form in ("escape", "pass"):
            lines.append(f"{who}{sep()}{'逃走' if form == 'escape' else '待機'}{decls()}")
        elif form == "defense":
            cond = draw(st.sampled_from(["", "／攻撃25以上なら", "／HP10以下なら", "／魔術攻撃なら"]))
            lines.append(f"防御{sep()}{who}{decls()}{cond}{decls() if cond else ''}")
        elif form == "roller":
            lines.append(f"逃走阻止{sep()}{who}{decls()}")
        elif form == "loss":
            lines.append(f"サーヴァント脱落時：{draw(st.sampled_from(['保護', '続行', '逃げる']))}")
        else:
            lines.append(f"{who}{sep()}援護→{draw(st.sampled_from(own))}")
    text = "\n".join(lines)
    if draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at:]
    return text


def test_the_post_generator_reaches_posts_that_import() -> None:
    """Guard: the property below is about reading as much as refusing."""
    from hypothesis import find

    from dhproc import api

    found = find(posts(), lambda post: "\n" in post and not api.import_posts(
        "kagemiya", [("p", post)], EXAMPLE / "match.yaml", lang="en").problems, settings=settings(max_examples=300))
    assert found


@settings(max_examples=200)
@given(st.one_of(posts(), st.lists(st.sampled_from(TOKENS), max_size=25).map("".join)))
def test_any_post_is_read_or_refused_with_located_problems_never_a_traceback(post: str) -> None:
    from dhproc import api
    from dhproc.inputs.validation import validate
    from dhproc.documents.loading import Anchor, load_file

    result = api.import_posts("kagemiya", [("post.txt", post)], EXAMPLE / "match.yaml", lang="en")
    assert all(p.startswith("post.txt") for p in result.problems)
    if not result.problems:  # what is read is a submission the schema takes
        doc = load_file(EXAMPLE / "match.yaml")
        assert not validate(result.submissions, "kagemiya.submissions", Anchor(doc)), (post, result.submissions)


JAPANESE_MATCH = {"match.yaml": (EXAMPLE / "match.yaml").read_text(encoding="utf-8").replace(
    "turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns: [turn-01.yaml]"), "turn-01.yaml": JAPANESE_TURN}


@settings(max_examples=100)
@given(mutations=fuzz.edits(["セイバー", "魔力放出", "令呪", "補正", "防御", "[", "{", ": ", "- ", "ランサー", "7"]))
def test_a_broken_japanese_turn_file_never_gives_a_traceback(mutations, tmp_path_factory) -> None:
    fuzz.assert_broken_copy_is_handled(JAPANESE_MATCH, "turn-01.yaml", mutations, tmp_path_factory.mktemp("j"))


def _rows(text: str, after: str) -> list[list[str]]:
    block = text.split(after, 1)[1].split("\n\n", 1)[0]
    return [[c.strip() for c in line.strip("|").split("|")] for line in block.splitlines()
            if line.startswith("|") and not line.startswith("|-")][1:]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_summary_of_the_example_battle(tmp_path: Path, lang: str) -> None:
    log_path = tmp_path / "log.json"
    assert run("resolve", EXAMPLE, "--json", log_path).exit_code == 0
    out = run("summary", log_path, "--lang", lang)
    assert out.exit_code == 0, out.output
    log = json.loads(log_path.read_text(encoding="utf-8"))
    dropped = [(t["turn"], e["character"]) for t in log["turns"] for e in t["events"] if e["kind"] == "eliminated"]
    assert dropped == [(2, "lancer")]
    assert _rows(out.output, "撃破" if lang == "ja" else "Kills") == [["2", "ランサー", "ランサー陣営", "セイバー"]]
    applied = [(e["actor"], p["name"]) for t in log["turns"] for e in t["events"] if e["kind"] == "check"
               for p in e["parts"] if p["part"] != "support"]
    uses = {(who, what): int(n) for who, what, n in _rows(out.output, "使用された能力" if lang == "ja" else "Abilities used")}
    assert uses[("セイバー", "魔力放出")] == applied.count(("saber", "魔力放出")) == 2
    assert sum(uses.values()) == len(applied)
    assert "DP" not in out.output  # kagemiya counts no DP
    assert out.output.rstrip().endswith("勝者なし（全巡終了）" if lang == "ja" else "no winner (every 巡 played)")
