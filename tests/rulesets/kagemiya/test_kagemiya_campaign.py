"""What a GK's campaign found in kagemiya reports and summaries, each from the command line.

The inputs under campaign/ are the GK's own: a three-陣営 battle at 港湾倉庫 (stale-participants:
two 巡 submitted; backrow-roller: a 先手判定 named for a back-row master).
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from dhproc import api
from dhproc.rulesets.kagemiya import track
from tests.test_cli import run

HERE = Path(__file__).parent
ROOT = HERE.parents[2]
CAMPAIGN = HERE / "campaign"


@pytest.fixture
def battle(tmp_path: Path) -> Path:
    shutil.copytree(CAMPAIGN / "stale-participants", tmp_path / "b")
    return tmp_path / "b"


def _table(lines: list[str], caption: str) -> dict[str, list[str]]:
    """The rows of the text table under ``caption``, by character name (flags kept)."""
    start = lines.index(caption)
    rows: dict[str, list[str]] = {}
    for line in lines[start + 4:]:
        if line.startswith("+"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[1]] = cells
    return rows


def test_kagemiya_10_1_participants_of_a_later_round_are_as_that_round_finds_them(battle: Path) -> None:
    result = run("resolve", battle / "turn-02.yaml")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "【参加者】" not in lines
    start = _table(lines, "【参加者（2巡目開始時）】")
    archer = start["アーチャー（脱落）"]  # fell in 巡 1
    assert archer[10] == "0/15"
    assert start["藤宮静香"][11] == "2"  # her 令呪 paid アーチャー's boost in 巡 1
    assert start["バーサーカー"][10] == "4/25"
    # the uses left as 巡 2 starts: 宝具 and 倍加 spent in 巡 1
    assert "ライダー：スキル《騎乗》　宝具《疾風の戦車》 0/1" in lines[lines.index("【参加者（2巡目開始時）】"):
                                                               lines.index("■2巡目")]


def test_kagemiya_10_1_closing_table_names_the_round_while_the_battle_goes_on(battle: Path) -> None:
    lines = run("resolve", battle / "turn-02.yaml").output.splitlines()
    assert "戦闘継続中（2/3巡）" in lines
    assert "【戦闘終了時】" not in lines
    end = _table(lines, "【2巡目終了時】")
    assert end["バーサーカー"][10] == "1/25"
    assert end["真壁隼人"][10] == "9/15"


def test_kagemiya_10_1_one_round_of_a_longer_log_shows_that_round_s_state(battle: Path) -> None:
    log = api.resolve(api.load(battle / "turn-02.yaml"))
    lines = api.render(log, turns=[1]).splitlines()
    assert "戦闘継続中（1/3巡）" in lines
    end = _table(lines, "【1巡目終了時】")
    assert end["バーサーカー"][10] == "4/25"  # not 1/25, the state after 巡 2


def test_kagemiya_10_1_the_end_table_is_the_battle_s_end_when_it_is_over() -> None:
    lines = api.render(api.resolve(api.load(ROOT / "examples" / "kagemiya"))).splitlines()
    assert "【戦闘終了時】" in lines and "【参加者】" in lines


def test_kagemiya_10_1_nothing_played_prints_no_closing_table(tmp_path: Path) -> None:
    shutil.copy(CAMPAIGN / "stale-participants" / "match.yaml", tmp_path / "match.yaml")
    lines = run("resolve", tmp_path / "match.yaml").output.splitlines()
    assert "【参加者】" in lines
    assert not any(line.endswith("終了時】") for line in lines)


def _kagemiya_logs() -> list[Path]:
    return sorted((ROOT / "tests" / "replays" / "kagemiya").glob("*/log.json"))


@pytest.mark.parametrize("path", _kagemiya_logs(), ids=lambda p: p.parent.name)
def test_kagemiya_10_1_the_report_follows_the_state_resolution_had_after_every_turn(path: Path) -> None:
    """The report rebuilds the state from the events; after every turn of every recorded battle it is
    the state resolution left (the log's ``state`` of the match resolved up to that turn)."""
    _, log = api.load_log(path)
    match = api.match_from_log(api.load_log(path)[0])
    for k in range(len(match.turns) + 1):
        upto = api.resolve(dataclasses.replace(match, turns=match.turns[:k]))
        assert track.followed(log, upto=match.turns[k - 1].number if k else 0).to_json() == upto["state"]


def test_kagemiya_10_1_the_corpus_has_battles_to_follow() -> None:
    assert len(_kagemiya_logs()) >= 30


def test_kagemiya_10_2_a_first_move_that_adds_nothing_shows_no_stray_comma(battle: Path) -> None:
    lines = run("resolve", battle / "turn-01.yaml").output.splitlines()
    assert "　　使用：宝具《疾風の戦車》(先手)" in lines
    assert not any("(、" in line for line in lines)


@pytest.fixture
def back_row_roller(tmp_path: Path) -> Path:
    shutil.copytree(CAMPAIGN / "backrow-roller", tmp_path / "b")
    return tmp_path / "b"


def test_kagemiya_3_1_a_back_row_roller_is_replaced_and_the_report_says_by_whom(back_row_roller: Path) -> None:
    lines = run("resolve", back_row_roller / "turn-01.yaml").output.splitlines()
    at = lines.index("【先手判定】")
    assert lines[at + 2:at + 5] == [
        "藤宮静香：先手判定は行われない（後衛）",
        "　→ 代わりにライダーが判定（前衛で敏捷が最も高いキャラクター。宣言した効果は使わない）",
        "弓騎同盟：ライダー　(敏捷6)D(6+0)+0 = [2,6,5,1,4,5] = 23",
    ]


def test_kagemiya_3_1_the_stand_in_follows_the_escape_roller_option(back_row_roller: Path) -> None:
    match = back_row_roller / "match.yaml"
    match.write_text(match.read_text(encoding="utf-8").replace("options: {}", "options: {escape_roller: first_listed}"),
                     encoding="utf-8")
    lines = run("resolve", "--lang", "en", back_row_roller / "turn-01.yaml").output.splitlines()
    assert "  → アーチャー rolls instead (the first front-row character listed; declaring nothing)" in lines


def test_kagemiya_3_1_validate_warns_at_a_back_row_roller(back_row_roller: Path, monkeypatch) -> None:
    monkeypatch.chdir(back_row_roller)
    result = run("validate", "turn-01.yaml")
    assert result.exit_code == 0
    assert ("turn-01.yaml:7:15: 警告：shizukaは後衛にいるため先手判定を振れません：代わりにriderが振ります"
            "（前衛で敏捷が最も高いキャラクター。宣言した効果は使いません）") in result.output
