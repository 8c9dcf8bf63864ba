"""`dhproc resolve --format text|markdown|discord|wiki` and `--out DIR`, through the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc.cli import cli
from dhproc.report.formats import discord_length

ROOT = Path(__file__).resolve().parents[2]
DH = ROOT / "examples" / "dh" / "match.yaml"
LOGOS = ROOT / "examples" / "logos" / "match.yaml"


def run(*args: object):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_discord_out_writes_one_file_per_message(tmp_path: Path, lang: str) -> None:
    result = run("resolve", DH, "--format", "discord", "--out", tmp_path, "--lang", lang)
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.glob("match-*.md"))
    assert [f.name for f in files] == [f"match-{n:02d}.md" for n in range(1, len(files) + 1)]
    assert len(files) >= 3
    assert (tmp_path / "match.json").exists()
    texts = [f.read_text(encoding="utf-8") for f in files]
    assert all(discord_length(t) <= 2000 for t in texts)
    assert texts[0].startswith("# ━━ 第3回キャンペーン 第1戦 ━━\n")
    plain = run("resolve", DH, "--lang", lang).output
    last_line = plain.rstrip("\n").split("\n")[-1]
    assert texts[-1].rstrip("\n").endswith(last_line)  # the outcome closes the last message
    assert "match-01.md" in result.output


def test_discord_on_stdout_numbers_the_messages() -> None:
    out = run("resolve", LOGOS, "--format", "discord").output
    count = out.count("──── ")
    assert count >= 2 and f"──── 1/{count} ────" in out and f"──── {count}/{count} ────" in out


@pytest.mark.parametrize("lang,word", [("ja", "■1ターン目"), ("en", "■ Turn 1")])
def test_markdown_and_wiki_formats(tmp_path: Path, lang: str, word: str) -> None:
    md = run("resolve", DH, "--format", "markdown", "--lang", lang)
    assert md.exit_code == 0 and f"## {word}" in md.output and "|---|---:|" in md.output
    wiki = run("resolve", DH, "--format", "wiki", "--lang", lang, "--out", tmp_path)
    assert wiki.exit_code == 0
    text = (tmp_path / "match.wiki.txt").read_text(encoding="utf-8")
    assert f"**{word}" in text and "BGCOLOR(black):" in text


def test_text_stays_the_default(tmp_path: Path) -> None:
    assert run("resolve", DH).output == run("resolve", DH, "--format", "text").output
    run("resolve", DH, "--out", tmp_path)
    assert (tmp_path / "match.txt").read_text(encoding="utf-8") == run("resolve", DH).output


def test_unknown_format_is_a_usage_error() -> None:
    result = run("resolve", DH, "--format", "pdf")
    assert result.exit_code == 2 and "pdf" in result.output
