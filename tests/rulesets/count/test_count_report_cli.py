"""count: what the report of `dhproc resolve` shows, read through the CLI (COUNT-10)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from dhproc.cli import cli

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "examples" / "count" / "match.yaml"


def report(*args: str) -> str:
    result = CliRunner().invoke(cli, ["resolve", *map(str, args)])
    assert result.exit_code == 0, result.output
    return result.output


def tables(text: str) -> list[str]:
    """The captions of the report's state tables, in order."""
    return re.findall(r"^【状態[^】]*】", text, flags=re.M)


def test_count_10_1_one_state_table_per_round_showing_the_next_round_s_counts() -> None:
    """Each round ends with one state table, after its エンドフェイズ; the closing table is not printed
    again when it would show the same state."""
    text = report(EXAMPLE, "--all")
    assert tables(text) == ["【状態（ラウンド1終了時）】", "【状態（ラウンド2終了時）】"]
    round_one = text.split("【状態（ラウンド1終了時）】")[1].split("■ラウンド2")[0]
    # the エンドフェイズ reset the counts to the setup's: the table shows them, not the 0 of 行動終了
    aoi = re.search(r"^\| アオイ .*$", round_one, flags=re.M)
    assert aoi and re.match(r"\| アオイ +\| [^|]+\| [^|]+\| +18 \|", aoi[0]) and "行動終了" not in aoi[0], round_one
    assert text.index("【結果】") > text.index("【状態（ラウンド2終了時）】")


def test_count_10_1_the_closing_table_when_the_state_changed_after_the_last_round_table(tmp_path) -> None:
    """Only the last turn reported: its round's table, and no second one; a match with no round yet
    shows the closing table alone."""
    assert tables(report(EXAMPLE.parent / "turn-02.yaml")) == ["【状態（ラウンド2終了時）】"]
    match = tmp_path / "match.yaml"
    match.write_text(EXAMPLE.read_text(encoding="utf-8").replace("turns: [turn-01.yaml, turn-02.yaml]", "turns: []"),
                     encoding="utf-8")
    assert tables(report(match)) == ["【状態】"]
