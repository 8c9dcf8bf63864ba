"""Output formats from the same blocks: Markdown, Discord messages, atwiki markup.

The Discord splitter is proven on every example, every scenario-sized match and a 200-turn dh
match: no message over 2,000 characters, and the messages, with the Markdown taken off, give
the lines of the plain report in the same order.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from dhproc import api
from dhproc.report import document as doc
from dhproc.report.formats import (DISCORD_LIMIT, discord_length, discord_messages, format_report,
                                   to_markdown, to_wiki)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(ROOT.glob("examples/**/match.yaml"))
CONTINUED = {"（続き）", "(continued)"}


def plain_lines_of_discord(messages: list[str]) -> list[str]:
    """The lines a reader sees, Markdown taken off: fences, heading marks, bold, escapes,
    continuation marks dropped; blank lines dropped."""
    out = []
    for message in messages:
        for line in message.split("\n"):
            if line == "```" or not line.strip():
                continue
            line = re.sub(r"^#{1,3} ", "", line)
            bold = re.fullmatch(r"\*\*(.*)\*\*", line)
            if bold:
                line = bold.group(1)
            line = re.sub(r"\\([\\*_~`|<>#+\-.)])", r"\1", line)
            if line in CONTINUED:
                continue
            out.append(line)
    return out


def plain_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def assert_split_is_faithful(blocks: list, lang: str, limit: int = DISCORD_LIMIT) -> list[str]:
    messages = discord_messages(blocks, lang=lang, limit=limit)
    assert messages
    for m in messages:
        assert discord_length(m) <= limit, discord_length(m)
        assert m.count("```") % 2 == 0  # a code block never spans two messages
    assert plain_lines_of_discord(messages) == plain_lines(doc.to_text(blocks))
    return messages


def _example_logs():
    for path in EXAMPLES:
        yield path.relative_to(ROOT).as_posix(), api.resolve(api.load(path))


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_discord_messages_of_every_example_fit_and_lose_nothing(lang: str) -> None:
    seen = 0
    for name, log in _example_logs():
        for view in ("gk", "public"):
            blocks = api.report_blocks(log, lang=lang, view=view)
            messages = assert_split_is_faithful(blocks, lang)
            assert len(messages) > 1, name  # every example is longer than one message
            seen += 1
    assert seen == 2 * len(EXAMPLES) >= 6


def test_a_character_action_is_never_cut_between_messages() -> None:
    log = api.resolve(api.load(ROOT / "examples/dh/match.yaml"))
    blocks = api.report_blocks(log)
    messages = discord_messages(blocks)
    for block in blocks:
        if isinstance(block, doc.Lines):
            assert any("\n".join(block.lines) in m for m in messages), block.lines[0]


def _long_dh_match(turns: int) -> str:
    """Six characters that walk back and forth for ``turns`` turns, with a missed attack now and then."""
    chars = """
    a1: {name: 赤井一, side: red, attack: 1, defense: 20, hp: 20, spirit: 5, fs: 5, at: Ａ１}
    a2: {name: 赤井二, side: red, attack: 1, defense: 20, hp: 20, spirit: 5, fs: 5, at: Ｃ１}
    a3: {name: 赤井三, side: red, attack: 1, defense: 20, hp: 20, spirit: 5, fs: 5, at: Ｅ１}
    b1: {name: 青木一, side: blue, attack: 1, defense: 20, hp: 20, spirit: 5, fs: 5, at: Ａ７}
    b2: {name: 青木二, side: blue, attack: 1, defense: 20, hp: 20, spirit: 5, fs: 5, at: Ｃ７}
    b3: {name: 青木三, side: blue, attack: 1, defense: 20, hp: 20, spirit: 5, fs: 5, at: Ｅ７}"""
    lines = ["dhproc: 1", "ruleset: dh", "title: 長期戦", "seed: 7", "setup:",
             "  map: {rows: 5, cols: 7, walls: [Ｃ４]}", "  first: red", f"  turn_limit: {turns}",
             "  sides: {red: {name: 赤組}, blue: {name: 青組}}", "  characters:" + chars.replace("\n    ", "\n    "),
             "turns:"]
    for t in range(1, turns + 1):
        there = t % 2 == 1
        red = [f"{{who: a{i}, to: {'ＡＢＣＤＥ'[2 * i - 2]}{'２' if there else '１'}}}" for i in (1, 2, 3)]
        blue = [f"{{who: b{i}, to: {'ＡＢＣＤＥ'[2 * i - 2]}{'６' if there else '７'}}}" for i in (1, 2, 3)]
        lines.append(f"  - turn: {t}")
        lines.append(f"    submissions: {{red: [{', '.join(red)}], blue: [{', '.join(blue)}]}}")
    return "\n".join(lines) + "\n"


def test_discord_split_of_a_200_turn_match() -> None:
    log = api.resolve(api.loads(_long_dh_match(200)))
    assert len(log["turns"]) == 200
    for lang in ("ja", "en"):
        blocks = api.report_blocks(log, lang=lang)
        messages = assert_split_is_faithful(blocks, lang)
        assert len(messages) > 100


@settings(deadline=None)
@given(st.lists(st.one_of(
    st.builds(lambda t, lv, g: doc.Heading(t, lv, g), st.text(min_size=1, max_size=60).filter(lambda s: s.strip() and "\n" not in s),
              st.integers(1, 3), st.integers(0, 1)),
    st.builds(lambda ls, g: doc.Lines(tuple(ls), g),
              st.lists(st.text(alphabet="あいう山田 *_~`|<>#-+.1　→", min_size=1, max_size=80)
                       .filter(lambda s: s.strip() and not s.startswith(" ")), min_size=1, max_size=40),
              st.integers(0, 1)),
    st.builds(lambda rows: doc.Table.of(["名前", "体力"], [[f"名{i}", i] for i in range(rows)], caption="表"),
              st.integers(0, 120)),
), min_size=1, max_size=30), st.sampled_from([300, 700, 2000]))
def test_discord_splitter_property(blocks, limit) -> None:
    """Any blocks, any limit a line fits in: messages fit, order and content are kept, and a block
    that fits in a message is never cut."""
    messages = assert_split_is_faithful(blocks, "ja", limit)
    from dhproc.report.formats import escape_markdown

    for block in blocks:
        if isinstance(block, doc.Lines):
            # measured as posted: escaping adds characters, and every message ends with a newline
            shown = "\n".join(escape_markdown(x) for x in block.lines)
            if discord_length(shown) <= limit - 1:
                assert any(shown in m for m in messages)  # the block appears whole in one message


def test_an_over_long_block_is_cut_at_lines_and_marked() -> None:
    rows = [[f"キャラクター{i:03d}", i] for i in range(200)]
    blocks = [doc.Heading("状態"), doc.Table.of(["名前", "体力"], rows, caption="赤組　DP：0")]
    messages = assert_split_is_faithful(blocks, "ja")
    assert len(messages) >= 3
    assert all(m.startswith("（続き）\n```") for m in messages[1:])
    en = discord_messages(blocks, lang="en")
    assert en[1].startswith("(continued)\n```")


def test_markdown_keeps_lines_and_draws_tables() -> None:
    log = api.resolve(api.load(ROOT / "examples/dh/match.yaml"))
    md = to_markdown(api.report_blocks(log))
    assert "## ■1ターン目" in md and "### 【先攻：番長グループ フェイズ】" in md
    assert "◆山田太郎\\\n　移動 Ｂ２→Ｂ４（Ｂ３経由）\\\n" in md  # hard line breaks inside one action
    assert "| 名前 | 攻撃 | 防御 | 体力 | 精神 | FS | 位置 | 能力 | 備考 |\n|---|---:|---:|---:|---:|---:|---|---|---|" in md
    assert "MAP\n```\n+----+" in md
    en = to_markdown(api.report_blocks(log, lang="en"))
    assert "\u00a0\u00a0move Ｂ２→Ｂ４ (via Ｂ３)" in en  # indentation survives Markdown


def test_wiki_map_draws_walls_black_and_labels_rows_and_columns() -> None:
    log = api.resolve(api.load(ROOT / "examples/dh/match.yaml"))
    wiki = to_wiki(api.report_blocks(log))
    assert "| |CENTER:１|CENTER:２|CENTER:３|CENTER:４|CENTER:５|CENTER:６|CENTER:７|h" in wiki
    # the last map: walls on Ａ４, Ｃ４, Ｅ４ are black cells
    row_a = [line for line in wiki.splitlines() if line.startswith("|CENTER:Ａ|")][-1]
    assert row_a.split("|")[5] == "BGCOLOR(black): "
    assert "|名前|攻撃|防御|体力|精神|FS|位置|能力|備考|h" in wiki
    assert "番長グループ　DP：1" in wiki
    assert "*━━ 第3回キャンペーン 第1戦 ━━" in wiki and "\n**■1ターン目\n" in wiki
    assert "\n　通常攻撃→鈴木一郎　命中率(10-7)×5+50=65%　出目55 → 命中\n" in wiki


def test_wiki_keeps_a_line_that_starts_with_markup_as_text() -> None:
    wiki = to_wiki([doc.Lines.of("*注意", "-1点", "|表ではない")])
    assert wiki == "\u00a0*注意\n\u00a0-1点\n\u00a0|表ではない\n"


def test_format_report_text_is_the_plain_report() -> None:
    log = api.resolve(api.load(ROOT / "examples/logos/match.yaml"))
    assert format_report(api.report_blocks(log), "text") == [api.render(log)]
    with pytest.raises(ValueError):
        format_report([], "pdf")
