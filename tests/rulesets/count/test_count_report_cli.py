"""count: what the report of `dhproc resolve` shows, read through the CLI (COUNT-10)."""

from __future__ import annotations

import json
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


DEAD_PLAN = Path(__file__).resolve().parent / "dead-plan"


def test_count_1_8_a_plan_for_a_unit_knocked_out_earlier_is_cancelled_with_a_line(tmp_path) -> None:
    """子分B fell in round 1; round 2's post still plans its 短弓 (the GK's import accepts it). The
    plan is a ``cancel`` (knocked_out) in the log and a line in the report, not dropped unseen."""
    for name in ("match.yaml", "turn-01.yaml", "post.txt", "pcs.txt"):
        (tmp_path / name).write_text((DEAD_PLAN / name).read_text(encoding="utf-8"), encoding="utf-8")
    match = tmp_path / "match.yaml"
    match.write_text(match.read_text(encoding="utf-8").replace("turns: [turn-01.yaml]",
                                                               "turns: [turn-01.yaml, turn-02.yaml]"), encoding="utf-8")
    for post in ("post.txt", "pcs.txt"):
        result = CliRunner().invoke(cli, ["import", "count", str(tmp_path / post), "--match", str(match),
                                          "--turn", "2", "-o", str(tmp_path / "turn-02.yaml")])
        assert result.exit_code == 0, result.output
    text = report(tmp_path / "turn-02.yaml", "--json", tmp_path / "log.json")
    assert "◆子分B　1回目の行動手番のメインアクション：《短弓》は行えない（戦闘不能）" in text
    log = json.loads((tmp_path / "log.json").read_text(encoding="utf-8"))
    (cancel,) = [e for e in log["turns"][1]["events"] if e["kind"] == "cancel" and e["character"] == "kobun2"]
    assert cancel == {**cancel, "action": "main_action", "reason": "knocked_out", "slot": 1, "skill": "短弓",
                      "targets": ["hinata"]}


def test_a_log_of_another_count_ruleset_version_replays_to_a_verdict_naming_it(tmp_path) -> None:
    """A change of count's results moves its ruleset_version (docs/log.md): a log written under
    another one is not replayed as if nothing changed, with or without --other-version, but
    ends (exit 1, no traceback) naming ruleset_version and both values."""
    text = (REPO / "tests" / "golden" / "count.json").read_text(encoding="utf-8")
    assert '"ruleset_version": "1"' in text
    old = tmp_path / "old.json"
    old.write_text(text.replace('"ruleset_version": "1"', '"ruleset_version": "0"', 1), encoding="utf-8")
    for extra in ([], ["--other-version"]):
        result = CliRunner().invoke(cli, ["replay", str(old), "--lang", "en", *extra])
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert "ruleset_version" in result.output and '"0"' in result.output and '"1"' in result.output, result.output
