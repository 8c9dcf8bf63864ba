"""What a GK posts besides the turn report: the opening post (第0ターン), `dhproc summary`, and
report lines that say what and why — through the CLI, in Japanese and English."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def run(*args: object):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def no_turns(tmp_path: Path, ruleset: str) -> Path:
    text = (ROOT / "examples" / ruleset / "match.yaml").read_text(encoding="utf-8")
    lines = [("turns: []" if line.startswith("turns:") else line) for line in text.splitlines()]
    path = tmp_path / f"{ruleset}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# --------------------------------------------------------------------------- 第0ターン

@pytest.mark.parametrize("lang,heading,map_word", [("ja", "■第0ターン（開始時の配置）", "MAP"),
                                                   ("en", "■ Turn 0 (the starting positions)", "MAP")])
def test_dh_match_without_turns_shows_the_starting_map_and_tables(tmp_path: Path, lang, heading, map_word) -> None:
    result = run("resolve", no_turns(tmp_path, "dh"), "--lang", lang)
    assert result.exit_code == 0, result.output
    out = result.output
    assert heading in out and f"\n{map_word}\n+" in out
    assert sum(line.startswith("| 鬼塚ゴウ ") for line in out.splitlines()) == 1  # its table row
    assert "| 天城ミコト " in out
    assert "| Ｃ | 天城ミコト |" in out  # on its starting square Ｃ１
    assert out.index(heading) < out.index(map_word)


@pytest.mark.parametrize("lang,heading", [("ja", "■第0ターン（ラウンド開始前のチーム）"),
                                          ("en", "■ Turn 0 (the teams before the round)")])
def test_logos_match_without_turns_lists_both_teams(tmp_path: Path, lang, heading) -> None:
    path = no_turns(tmp_path, "logos")
    gk = run("resolve", path, "--lang", lang).output
    assert heading in gk and "影山カゲ" in gk and "呑宮ホッピー" in gk
    public = run("resolve", path, "--lang", lang, "--view", "public").output
    assert "影山カゲ" not in public  # a bench secret stays hidden in the opening post
    assert ("シークレット" if lang == "ja" else "secret") in public


def test_opening_post_fits_discord(tmp_path: Path) -> None:
    result = run("resolve", no_turns(tmp_path, "dh"), "--format", "discord", "--out", tmp_path / "post")
    assert result.exit_code == 0
    files = sorted((tmp_path / "post").glob("dh-*.md"))
    assert files and all(len(f.read_text(encoding="utf-8")) <= 2000 for f in files)


# --------------------------------------------------------------------------- summary

@pytest.fixture(scope="module")
def dh_log(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "dh.json"
    assert run("resolve", ROOT / "examples/dh/abilities/match.yaml", "--json", path).exit_code == 0
    return path


@pytest.fixture(scope="module")
def logos_log(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "logos.json"
    assert run("resolve", ROOT / "examples/logos/match.yaml", "--json", path).exit_code == 0
    return path


def _table_rows(text: str, after: str) -> list[list[str]]:
    block = text.split(after, 1)[1].split("\n\n", 1)[0]
    return [[c.strip() for c in line.strip("|").split("|")] for line in block.splitlines()
            if line.startswith("|") and not line.startswith("|-")][1:]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_summary_of_a_dh_log(dh_log: Path, lang: str) -> None:
    out = run("summary", dh_log, "--lang", lang)
    assert out.exit_code == 0, out.output
    log = json.loads(dh_log.read_text(encoding="utf-8"))
    deaths = [e for t in log["turns"] for e in t["events"] if e["kind"] == "death"]
    kills = _table_rows(out.output, "撃破" if lang == "ja" else "Kills")
    assert len(kills) == len(deaths) == 1
    assert kills[0] == ["2", "山田太郎", "生徒会", "鬼塚ゴウ"]
    dp = _table_rows(out.output, "ターンごとのDP" if lang == "ja" else "DP per turn")
    assert dp == [["1", "0", "0"], ["2", "0", "2"], ["3", "0", "2"]]
    uses = {row[1]: int(row[2]) for row in _table_rows(out.output, "使用された能力" if lang == "ja" else "Abilities used")}
    assert uses["鉄壁の構え"] == 3 and uses["紅蓮"] == 1  # a counter that fired three times
    last = api.render(log, lang=lang).rstrip("\n").split("\n")[-1]
    assert out.output.rstrip("\n").endswith(last)  # the outcome line of the report


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_summary_of_a_logos_log_counts_its_own_turns(logos_log: Path, lang: str) -> None:
    out = run("summary", logos_log, "--lang", lang).output
    kills = _table_rows(out, "撃破" if lang == "ja" else "Kills")
    assert kills[0] == ["1", "楓カエデ", "チーム楓", "呑宮ホッピー"]
    assert [k[0] for k in kills] == ["1", "2", "3", "4", "4", "5", "6", "7", "7"]  # logos ターン, not the round
    dp = _table_rows(out, "ターンごとのDP" if lang == "ja" else "DP per turn")
    assert dp[0] == ["1", "1", "0"] and dp[-1] == ["7", "1", "1"]
    assert ("■チーム楓の勝利" if lang == "ja" else "■チーム楓 wins") in out


def test_summary_in_discord_format_and_a_bad_log(dh_log: Path, tmp_path: Path) -> None:
    out = run("summary", dh_log, "--format", "discord")
    assert out.exit_code == 0 and "# ━━" in out.output and "```" in out.output
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    result = run("summary", bad)
    assert result.exit_code == 1 and "bad.json" in result.output


# --------------------------------------------------------------------------- what and why

STRIKE = {"activation": 90, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
          "effects": [{"kind": "damage", "amount": 2}]}


def _ability_match(tmp_path: Path) -> Path:
    chars = {"u": {"name": "使い手", "side": "red", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                   "at": "Ｂ２", "ability": {"name": "一撃", **STRIKE}},
             "v": {"name": "仲間", "side": "red", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ａ２"},
             "x": {"name": "敵", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ｂ３"},
             "y": {"name": "敵二", "side": "blue", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5,
                   "at": "Ｃ４"}}
    match = {"dhproc": 1, "ruleset": "dh", "seed": 1, "options": {"hit_mode": "sure"},
             "setup": {"map": {"rows": 3, "cols": 4}, "first": "red",
                       "sides": {"red": {"name": "赤組"}, "blue": {"name": "青組"}}, "characters": chars},
             "turns": [{"turn": 1, "submissions": {"red": [{"who": "u", "ability": {"targets": ["y"]}}], "blue": []}},
                       {"turn": 2, "submissions": {"red": [{"who": "u", "ability": {"targets": ["v"]}}], "blue": []}},
                       {"turn": 3, "dice": [10, 10], "submissions": {"red": [{"who": "u", "ability": {"targets": ["x"]}}],
                                                                 "blue": []}}]}
    path = tmp_path / "m.yaml"
    path.write_text(json.dumps(match, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang,lines", [
    ("ja", ["　特殊能力「一撃」→敵二：対象が不適正（射程外）のため発動キャンセル",
            "　特殊能力「一撃」→仲間：対象が不適正（対象の種別と違う陣営）のため発動キャンセル",
            "　→ 能力休み（5ターン目の赤組フェイズ直前まで）",
            "解釈オプション（既定以外）：命中方式（hit_mode）=sure"]),
    ("en", ["  ability 「一撃」 → 敵二: invalid target (out of range), activation cancelled",
            "  ability 「一撃」 → 仲間: invalid target (not of the side the ability takes), activation cancelled",
            "  → ability rest (until just before 赤組's phase of turn 5)",
            "Interpretation options (not default): hit mode (hit_mode)=sure"]),
])
def test_report_lines_name_the_ability_target_cause_and_whose_phase(tmp_path: Path, lang, lines) -> None:
    out = run("resolve", _ability_match(tmp_path), "--lang", lang).output
    for line in lines:
        assert line in out.splitlines(), (line, out)
    assert "自軍" not in out and "its side" not in out


def test_a_cancelled_secret_ability_stays_hidden_in_the_public_view(tmp_path: Path) -> None:
    path = _ability_match(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["setup"]["characters"]["u"]["ability"]["secret"] = True
    data["turns"] = data["turns"][:1]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    public = run("resolve", path, "--view", "public").output
    assert "特殊能力「？？？」→敵二：対象が不適正（射程外）のため発動キャンセル" in public and "一撃" not in public
    assert "特殊能力「一撃」→敵二" in run("resolve", path).output
