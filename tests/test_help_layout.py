"""``--help`` fits the terminal in both languages: click counts characters and breaks only at
spaces, so Japanese help ran past the edge; dhproc lays it out by terminal columns."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from dhproc.cli import cli, subcommands
from dhproc.cli.click_layout import short_help
from dhproc.report.layout import display_width, wrap


def _paths(group, prefix=()):
    yield prefix
    for name, cmd in subcommands(group):
        if hasattr(cmd, "commands"):
            yield from _paths(cmd, prefix + (name,))
        else:
            yield prefix + (name,)


PATHS = list(_paths(cli))


@pytest.mark.parametrize("width", [50, 80])
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "dhproc")
def test_every_help_line_fits_the_terminal(path, lang, width, monkeypatch) -> None:
    monkeypatch.setenv("DHPROC_LANG", lang)
    result = CliRunner().invoke(cli, [*path, "--help"], terminal_width=width)
    assert result.exit_code == 0, result.output
    long = [line for line in result.output.splitlines() if display_width(line) > width
            and not line.startswith(("使い方", "Usage"))]  # the usage line is click's own
    assert not long, "\n".join(long)


def test_japanese_help_wraps_between_characters_and_keeps_words_and_closing_marks() -> None:
    out = wrap("レポートと <name>.json をここに書きます（名前が重なれば <folder>-<name>）。discord では", 24, indent=0)
    lines = out.splitlines()
    assert lines == ["レポートと <name>.json", "をここに書きます（名前が", "重なれば", "<folder>-<name>）。",
                     "discord では"]
    assert all(display_width(line) <= 24 for line in lines)


def test_a_word_longer_than_the_line_is_cut_where_the_line_ends() -> None:
    assert wrap("x" * 25 + " y", 20).splitlines() == ["x" * 20, "  xxxxx y"]


def test_short_help_is_the_first_sentence_cut_by_columns() -> None:
    assert short_help("ログを処理し直します。ログと同じにならなければなりません。", 40) == "ログを処理し直します。"
    cut = short_help("対戦ファイルかターンファイル（または対戦フォルダ）を処理します", 20)
    assert cut.endswith("…") and display_width(cut) <= 20
    assert short_help("Roll dice as typed in a chat window today", 20) == "Roll dice as typed…"


def _cut_by_whole_measure(text: str, width: int) -> str:
    """The longest start of ``text`` at most ``width`` columns, each start measured whole."""
    cut = ""
    for ch in text:
        if display_width(cut + ch) > width:
            break
        cut += ch
    return cut


@pytest.mark.parametrize("text", [
    "対戦ファイルかターンファイル（または対戦フォルダ）を処理して、処理レポートを表示します",
    "ａｂｃ　全角と ASCII と ｶﾀｶﾅ の混ざった説明文です、長めに",
    "cafe\u0301 au lait, re\u0301sume\u0301 and other combining marks in a long line",  # measured whole
])
def test_a_short_help_is_cut_where_measuring_each_start_whole_cuts_it(text: str) -> None:
    """The cut adds up the widths of characters that have their own width (kana, kanji, ASCII)
    instead of measuring every start again, and cuts at the same character."""
    from dhproc.cli.click_layout import _cut_to

    for width in range(0, 70):
        assert _cut_to(text, width) == _cut_by_whole_measure(text, width)


def test_a_command_whose_module_a_script_imported_first_reads_its_help_from_the_catalogue() -> None:
    """The group imports a command's module when the command is asked for; a script may import
    the module first (``dhproc.cli.matches``), and the command's help is the catalogue's still."""
    import subprocess
    import sys
    from pathlib import Path

    script = ("import dhproc.cli.matches\nfrom click.testing import CliRunner\nfrom dhproc.cli import cli\n"
              "print(CliRunner().invoke(cli, ['resolve', '--help']).output)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60,
                         cwd=Path(__file__).resolve().parent.parent, env={"PATH": "", "DHPROC_LANG": "ja"}).stdout
    assert "対戦ファイルかターンファイル（または対戦フォルダ）を処理して" in out


USAGE_ARGS = ["", "[OPTIONS]", "[OPTIONS] FILES...", "[OPTIONS] COMMAND [ARGS]...", "[OPTIONS]  EXPR...", " [OPTIONS]",
              "[OPTIONS] ", "[OPTIONS]\tFILE", "[OPTIONS]\nFILE", "[OPTIONS] RULESET TEXTS... " * 4, "A" * 90,
              "\x1b[1m[OPTIONS]\x1b[0m FILE", "[OPTIONS] 全角\u3000FILE", "[OPTIONS] a-very-long-hyphenated-argument-name"]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("width", [30, 50, 58, 60, 78, 120])
@pytest.mark.parametrize("indent", [0, 2])
@pytest.mark.parametrize("prefix", [None, "usage: ", "\x1b[1mUsage:\x1b[0m "])
@pytest.mark.parametrize("prog", ["dhproc", "dhproc ability rate", "dhproc-with-a-very-long-program-name resolve"])
def test_a_usage_line_is_written_as_click_writes_it(prog, prefix, indent, width, lang, monkeypatch) -> None:
    """dhproc writes a usage line that fits itself (click's wrapping imports textwrap): the
    same text as click's, whatever its width, indent, prefix and arguments."""
    import click

    from dhproc.cli.click_layout import WideHelpFormatter
    from dhproc.words.messages import reset_lang, set_lang

    token = set_lang(lang)
    try:
        for args in USAGE_ARGS:
            ours, clicks = WideHelpFormatter(width=width), click.HelpFormatter(width=width)
            for formatter in (ours, clicks):
                formatter.current_indent = indent
                formatter.write_usage(prog, args, prefix)
            assert ours.getvalue() == clicks.getvalue(), (prog, args)
    finally:
        reset_lang(token)
