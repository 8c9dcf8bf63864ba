"""Messages as a GK reads them, through the CLI, in Japanese (the default) and English (--lang en):
schema problems in words (never jsonschema's text), full-width spaces and colons said as such,
and every problem of a file in one run (issue 9)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc.cli import cli, subcommands

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("dh", "logos", "count", "nicosw", "kagemiya")
# jsonschema's own wordings: none of them may reach a user
RAW = ("is not of type", "is too short", "is too long", "is a required property", "is not one of",
       "does not match", "less than the minimum", "greater than the maximum", "should be non-empty",
       "Additional properties", "is not valid under any", "has too many properties", "non-unique")


def copy_example(tmp_path: Path, ruleset: str) -> Path:
    folder = tmp_path / ruleset
    shutil.copytree(ROOT / "examples" / ruleset, folder, ignore=shutil.ignore_patterns("abilities"))
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def validate(path: Path, lang: str | None = None) -> list[str]:
    args = ["validate", str(path)] + (["--lang", lang] if lang else [])
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    assert not [line for line in lines if any(raw in line for raw in RAW)], result.output
    return lines


# --------------------------------------------------------------------------- schema problems in words

def test_four_starters_are_said_as_a_gk_would(tmp_path) -> None:
    """The issue's example: `['t1', 't2', 't3', 't4'] is too short` → 先発は5人必要です（4人）."""
    folder = copy_example(tmp_path, "logos")
    edit(folder / "turn-01.yaml", "starters: [hoppy, rin, mugi, sou, yuki]", "starters: [hoppy, rin, mugi, sou]")
    assert any(line.endswith("先発は5人必要です（4人） (at /submissions/alice/starters)")
               for line in validate(folder / "turn-01.yaml")), validate(folder / "turn-01.yaml")
    assert any("the starters: 5 characters needed, 4 given" in line
               for line in validate(folder / "turn-01.yaml", "en"))


@pytest.mark.parametrize("old,new,ja,en", [
    ("- {who: tanaka, to: Ｄ４}", "- {who: tanaka, to: 4}", "移動先はテキストで書いてください（4）",
     "the destination must be text, not 4"),
    ("- {who: tanaka, to: Ｄ４}", "- {who: tanaka, to: Ｄ４, wait: 3}", "「wait」はtrueと書いてください", "'wait' must be true"),
    ("- {who: tanaka, to: Ｄ４}", "- {who: tanaka, too: Ｄ４}", "キー「too」はありません（使えるのは：",
     "unknown key 'too' (allowed: "),
    ("- {who: tanaka, to: Ｄ４}", "- {to: Ｄ４}", "行動するキャラクター（キー「who」）がありません",
     "the character who acts is missing (key 'who')"),
    ("turn: 1", "turn: 0", "ターン番号は1以上です（0）", "the turn number must be at least 1, not 0"),
    ("  bancho:", "  bancho: 3\n  old_bancho:", "「bancho」はリスト（- 項目 か [ ]）で書いてください（3）",
     "'bancho' must be a list (- item or [ ]), not 3"),
])
def test_dh_schema_problems_in_both_languages(tmp_path, old, new, ja, en) -> None:
    folder = copy_example(tmp_path, "dh")
    edit(folder / "turn-01.yaml", old, new)
    assert any(ja in line for line in validate(folder / "turn-01.yaml")), validate(folder / "turn-01.yaml")
    assert any(en in line for line in validate(folder / "turn-01.yaml", "en"))


def test_a_mapping_left_empty_by_its_indentation_says_so(tmp_path) -> None:
    folder = copy_example(tmp_path, "dh")
    text = (folder / "match.yaml").read_text(encoding="utf-8")
    start = text.index("setup:")
    (folder / "match.yaml").write_text(text[:start] + "setup:\n", encoding="utf-8")
    lines = validate(folder / "match.yaml")
    assert any("セットアップが空です。キーと値の組（key: value）を書いてください" in line for line in lines), lines
    assert any("the setup is empty: write a mapping (key: value) (check the indentation)" in line
               for line in validate(folder / "match.yaml", "en"))


# --------------------------------------------------------------------------- full-width layout

# (ruleset, the line as written in its turn-01.yaml, the key on it)
LAYOUT = [
    ("dh", "    - {who: tanaka, to: Ｄ４}", "who"),
    ("logos", "    starters: [hoppy, rin, mugi, sou, yuki]", "starters"),
    ("count", "        - main_action: {skill: 斬撃, targets: [gob1]}", "main_action"),
    ("nicosw", "    placement: {ria: 1, gord: 3}", "placement"),
    ("kagemiya", "    initiative: {roller: lancer}", "initiative"),
]


@pytest.mark.parametrize("ruleset,line,key", LAYOUT)
def test_a_full_width_colon_after_a_key_is_named(tmp_path, ruleset, line, key) -> None:
    folder = copy_example(tmp_path, ruleset)
    turn = folder / "turn-01.yaml"
    shown = os.path.relpath(turn)  # as dhproc names it
    number = turn.read_text(encoding="utf-8").split("\n").index(line) + 1
    column = line.index(f"{key}:") + len(key) + 1
    edit(turn, line, line.replace(f"{key}:", f"{key}：", 1))
    assert validate(turn)[0] == (f"{shown}:{number}:{column}: 「{key}」の後ろのコロンが全角（：）です。"
                                 f"半角の「: 」（コロンと半角スペース）にしてください"), validate(turn)
    assert validate(turn, "en")[0] == (f"{shown}:{number}:{column}: the colon after '{key}' is full-width (：); "
                                       f"write a half-width ': ' (colon and space)")


@pytest.mark.parametrize("ruleset,line,key", LAYOUT)
def test_a_full_width_space_used_to_indent_is_named(tmp_path, ruleset, line, key) -> None:
    folder = copy_example(tmp_path, ruleset)
    turn = folder / "turn-01.yaml"
    shown = os.path.relpath(turn)
    number = turn.read_text(encoding="utf-8").split("\n").index(line) + 1
    edit(turn, line, "　　" + line.lstrip(" "))
    ja = validate(turn)
    assert f"{shown}:{number}:1: 字下げに全角スペース（　）が使われています。字下げは半角スペースで書いてください" in ja, ja
    en = validate(turn, "en")
    assert f"{shown}:{number}:1: a full-width space (　) is used to indent; indent with half-width spaces" in en, en


def test_a_tab_and_a_full_width_space_after_the_colon_are_named(tmp_path) -> None:
    folder = copy_example(tmp_path, "dh")
    turn = folder / "turn-01.yaml"
    shown = os.path.relpath(turn)
    edit(turn, "turn: 1", "turn:\u30001")
    assert validate(turn)[0] == f"{shown}:4:6: 「turn:」の後ろが全角スペースです。半角スペースにしてください"
    assert validate(turn, "en")[0] == f"{shown}:4:6: the space after 'turn:' is full-width (　); write a half-width space"
    edit(turn, "turn:\u30001", "turn: 1")
    edit(turn, "  seitokai:", "\tseitokai:")
    assert validate(turn)[0].endswith(":1: 字下げにタブが使われています。YAMLの字下げは半角スペースで書いてください")
    assert validate(turn, "en")[0].endswith(":1: a tab is used to indent; YAML indents with half-width spaces")


def test_a_full_width_colon_in_a_text_is_left_alone(tmp_path) -> None:
    """A full-width colon inside a title or a block of text is just text."""
    folder = copy_example(tmp_path, "dh")
    edit(folder / "match.yaml", "title: 第3回キャンペーン 第1戦", "title: 第3回キャンペーン：第1戦")
    result = CliRunner().invoke(cli, ["validate", str(folder / "match.yaml")])
    assert result.exit_code == 0, result.output


# --------------------------------------------------------------------------- all problems in one run

def test_dh_a_wrong_type_does_not_hide_an_unknown_character(tmp_path) -> None:
    folder = copy_example(tmp_path, "dh")
    turn = folder / "turn-01.yaml"
    shown = os.path.relpath(turn)
    edit(turn, "- {who: tanaka, to: Ｄ４}", "- {who: tanaka, to: 4}")      # a schema problem (line 9)
    edit(turn, "- {who: gou, to: Ｃ５}", "- {who: gouu, to: Ｃ５}")        # a rule problem after it (line 11)
    edit(turn, "- {who: kaicho, to: Ｃ３}", "- {who: kaichou, to: Ｃ３}")  # and in the other side (line 17)
    for lang, typed in ((None, "移動先はテキストで書いてください（4）"), ("en", "the destination must be text, not 4")):
        lines = validate(turn, lang)
        assert len(lines) == 3, lines
        assert lines[0] == f"{shown}:9:25: {typed} (at /submissions/bancho/1/to)"
        # located where each was written, although the broken action before them was set aside
        assert lines[1].startswith(f"{shown}:11:13: ") and "gouu" in lines[1] and "/submissions/bancho/3/who" in lines[1]
        assert lines[2].startswith(f"{shown}:17:13: ") and "kaichou" in lines[2] \
            and "/submissions/seitokai/3/who" in lines[2]


def test_logos_short_starters_do_not_hide_the_other_sides_unknown_character(tmp_path) -> None:
    folder = copy_example(tmp_path, "logos")
    turn = folder / "turn-01.yaml"
    edit(turn, "starters: [hoppy, rin, mugi, sou, yuki]", "starters: [hoppy, rin, mugi, sou]")
    edit(turn, "starters: [kaede, tsubame, goro, hina, ren]", "starters: [kaede, tsubame, goro, hinna, ren]")
    for lang, short in ((None, "先発は5人必要です（4人）"), ("en", "the starters: 5 characters needed, 4 given")):
        lines = validate(turn, lang)
        assert len(lines) == 2, lines
        assert short in lines[0] and "/submissions/alice/starters" in lines[0]
        assert "hinna" in lines[1] and "/submissions/bob/starters/3" in lines[1]


def test_a_broken_setup_stops_the_rule_checks_but_not_the_name_checks(tmp_path) -> None:
    """The turns are checked against the rules only when the setup is whole; the characters they
    name are checked against the setup as written, in the same run (the GK fixes the files once),
    so a broken character (山田太郎's attack) is still no unknown character."""
    folder = copy_example(tmp_path, "dh")
    edit(folder / "match.yaml", "attack: 10", 'attack: "ten"')
    edit(folder / "turn-01.yaml", "- {who: gou, to: Ｃ５}", "- {who: gouu, to: Ｃ５}")
    lines = validate(folder / "turn-01.yaml", "en")
    assert any("'attack' must be a whole number, not 'ten'" in line for line in lines), lines
    assert any("unknown character 'gouu' (did you mean 鬼塚ゴウ (gou)?)" in line for line in lines), lines
    assert len(lines) == 2, lines  # yamada's actions are no unknown character's


# --------------------------------------------------------------------------- --help and dhproc options

def _commands(group, prefix=()):
    for name, command in subcommands(group):
        yield prefix + (name,), command
        if hasattr(command, "commands"):
            yield from _commands(command, prefix + (name,))


def test_every_command_and_option_has_its_help_in_the_catalogue() -> None:
    from dhproc.words.messages import MESSAGES

    found = list(_commands(cli))
    assert len(found) >= 12
    for path, command in found:
        key = "help." + ".".join(path)
        assert key in MESSAGES.entries, key
        for param in command.params:
            if param.param_type_name == "option":
                assert f"{key}.{param.name}" in MESSAGES.entries or f"help.{param.name}" in MESSAGES.entries, \
                    (key, param.name)


def test_help_is_japanese_by_default_and_english_with_lang_en(monkeypatch) -> None:
    monkeypatch.delenv("DHPROC_LANG", raising=False)
    ja = CliRunner().invoke(cli, ["resolve", "--help"]).output
    assert "対戦ファイルかターンファイル（または対戦フォルダ）を処理して" in ja
    assert "JSONのイベントログを PATH に書きます" in ja and "このヘルプを表示して終わります。" in ja
    en = CliRunner().invoke(cli, ["resolve", "--lang", "en", "--help"]).output
    assert "Resolve match or turn files" in en and "Write the JSON event log to PATH" in en
    assert "対戦ファイル" not in en
    top = CliRunner().invoke(cli, ["--help"]).output
    assert "ログから対戦をひと目で" in top  # each command's summary in the group's list
    monkeypatch.setenv("DHPROC_LANG", "en")
    assert "The match at a glance" in CliRunner().invoke(cli, ["--help"]).output
    assert "Roll it N times" in CliRunner().invoke(cli, ["roll", "--help"]).output


def test_options_are_listed_in_japanese_wrapped_to_the_terminal(monkeypatch) -> None:
    from dhproc.report.layout import display_width
    from dhproc.rulesets.dh.options import OPTIONS

    monkeypatch.delenv("DHPROC_LANG", raising=False)
    monkeypatch.setenv("COLUMNS", "60")
    out = CliRunner().invoke(cli, ["options", "dh"]).output
    table, reasons = out.split("\n\n", 1)
    assert "命中方式" in table and "既定値" in table
    assert f"hit_mode（命中方式）：{OPTIONS.reason('hit_mode', 'ja')[:10]}" in reasons
    assert all(display_width(line) <= 60 for line in reasons.splitlines()), reasons
    en = CliRunner().invoke(cli, ["options", "dh", "--lang", "en"]).output
    assert f"hit_mode ({OPTIONS.name('hit_mode', 'en')}): {OPTIONS.reason('hit_mode', 'en')[:20]}" in en
