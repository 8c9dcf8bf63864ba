"""A match continued mid-campaign (DH-12): resolve turns 1–4 in one folder, continue 5–6 from that
log in another with ``dhproc new dh DIR --from LOG``, and compare with resolving 1–6 in one."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from tests.test_cli import problem_lines, run

ROOT = Path(__file__).resolve().parent.parent
ABILITIES = ROOT / "examples" / "dh" / "abilities"

LATER_TURNS = {
    4: """\
  seitokai:
    - {who: ito, ability: {at: Ａ３}}             # 式神招来 again: its first summon has ended
    - {who: takahashi, to: Ｂ３}
    - {who: kaicho, attack: kimura}
  bancho:
    - {who: tanaka, to: Ａ５, ability: {targets: [ito]}}   # 毒霧: 付与型, lasts into turn 5
    - {who: hayashi, ability: {}}                           # 縄張り waits for an enemy again
    - {who: gou, to: Ｃ５}
""",
    5: """\
  seitokai:
    - {who: yamada, to: Ｂ４, attack: suzuki}
    - {who: sato, to: Ｄ４}
    - {who: takahashi, ability: {}}
  bancho:
    - {who: kimura, to: Ｄ５, attack: sato}
    - {who: gou, to: Ｃ４}
""",
    6: """\
  seitokai:
    - {who: kaicho, to: Ｃ３}
    - {who: ito, to: Ａ４}
  bancho:
    - {who: tanaka, ability: {targets: [ito]}}
    - {who: suzuki, attack: yamada}
""",
}


def _folder(dest: Path, turns: list[int], *, with_match: bool = True) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    if with_match:
        text = (ABILITIES / "match.yaml").read_text(encoding="utf-8").replace("turn_limit: 3", "turn_limit: 6")
        text = text.replace("turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]",
                            "turns: [" + ", ".join(f"turn-{n:02}.yaml" for n in turns) + "]")
        (dest / "match.yaml").write_text(text, encoding="utf-8")
    for n in turns:
        if n <= 3:
            shutil.copy(ABILITIES / f"turn-{n:02}.yaml", dest)
        else:
            (dest / f"turn-{n:02}.yaml").write_text(
                f"dhproc: 1\nmatch: match.yaml\nturn: {n}\nsubmissions:\n{LATER_TURNS[n]}", encoding="utf-8")
    return dest


def _resolve(match: Path, log: Path) -> dict:
    result = run("resolve", match, "--json", log)
    assert result.exit_code == 0, result.output
    return json.loads(log.read_text(encoding="utf-8"))


@pytest.fixture
def three_ways(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    whole = _resolve(_folder(tmp_path / "whole", [1, 2, 3, 4, 5, 6]) / "match.yaml", tmp_path / "whole.json")
    first = _resolve(_folder(tmp_path / "first", [1, 2, 3, 4]) / "match.yaml", tmp_path / "first.json")
    made = run("new", "dh", "later", "--from", "first.json")
    assert made.exit_code == 0, made.output
    match = tmp_path / "later" / "match.yaml"
    text = match.read_text(encoding="utf-8").replace("turns: []", "turns: [turn-05.yaml, turn-06.yaml]")
    match.write_text(text, encoding="utf-8")
    _folder(tmp_path / "later", [5, 6], with_match=False)
    assert run("validate", match).exit_code == 0
    later = _resolve(match, tmp_path / "later.json")
    return whole, first, later, yaml.safe_load(text)


def test_dh_12_2_continuing_from_a_log_resolves_to_the_same_events(three_ways):
    whole, first, later, _ = three_ways
    assert [t["turn"] for t in later["turns"]] == [5, 6]
    assert first["turns"] == whole["turns"][:4]
    for original, continued in zip(whole["turns"][4:], later["turns"]):
        assert continued == original  # every event, status and die
    assert later["state"] == whole["state"]
    assert later["outcome"] == whole["outcome"]


def test_dh_12_2_the_continued_report_shows_the_same_turns(three_ways, tmp_path):
    full = run("resolve", tmp_path / "whole" / "match.yaml").output
    cont = run("resolve", tmp_path / "later" / "match.yaml").output
    assert "■5ターン目" in cont and "■1ターン目" not in cont
    assert cont[cont.index("■5ターン目"):] == full[full.index("■5ターン目"):]


def test_dh_12_2_the_continued_setup_carries_the_state(three_ways):
    whole, first, later, match = three_ways
    setup = match["setup"]
    assert setup["start_turn"] == 5
    assert {s: v.get("dp", 0) for s, v in setup["sides"].items()} == \
        {s: v["dp"] for s, v in first["state"]["sides"].items()}
    assert setup["effects"] == first["state"]["effects"] and setup["effects"]
    dead = [c for c, v in first["state"]["characters"].items() if "dead" in v["states"]]
    assert all(setup["characters"][c]["dead"] for c in dead)
    assert match["seed"] == whole["seed"] and match["options"] == whole["options"]


@pytest.mark.usefixtures("english")
def test_dh_12_2_an_awaiting_or_decided_log_cannot_be_continued(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = _folder(tmp_path / "m", [1])
    turn = folder / "turn-01.yaml"
    turn.write_text("\n".join(line for line in turn.read_text(encoding="utf-8").splitlines()
                              if not line.startswith("  bancho:") and not line.startswith("dice:") and not line.startswith("    - {who: gou")
                              and not line.startswith("    - {who: kimura") and not line.startswith("    - {who: tanaka")
                              and not line.startswith("    - {who: hayashi") and not line.startswith("    - {who: suzuki"))
                    + "\n", encoding="utf-8")
    log = _resolve(folder / "match.yaml", tmp_path / "m.json")
    assert log["turns"][0]["status"] == "awaiting"
    result = run("new", "dh", "next", "--from", "m.json")
    assert result.exit_code == 1
    assert "still awaits 'bancho'" in result.stderr
    assert not (tmp_path / "next").exists()


MID = """\
dhproc: 1
ruleset: dh
seed: 3
setup:
  map: {rows: 3, cols: 4}
  first: red
  start_turn: 3
  sides: {red: {name: 赤組, leader: a, dp: 1}, blue: {name: 青組, dp: 2}}
  characters:
    a: {name: 甲, side: red, attack: 8, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ２, current: {hp: 2}}
    b: {name: 乙, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ２, current: {spirit: 1}}
    x: {name: 敵, side: blue, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ２}
    y: {name: 敵二, side: blue, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｃ４, dead: true}
  effects:
    - {id: 4, kind: ability_rest, bearer: x, start: 4, end: 8, source: {user: x}}
    - {id: 6, kind: stat_change, bearer: b, stat: attack, amount: 2, start: 3, end: 7, source: {user: a}}
  next_effect_id: 9
turns:
  - turn: 3
    dice: [1]
    submissions:
      red: [{who: b, attack: x}]
      blue: [{who: x, attack: b}]
"""


def _mid(tmp_path: Path, text: str) -> Path:
    (tmp_path / "mid.yaml").write_text(text, encoding="utf-8")
    return Path("mid.yaml")


def test_dh_12_1_a_match_may_start_mid_campaign(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    log = _resolve(_mid(tmp_path, MID), tmp_path / "mid.json")
    events = log["turns"][0]["events"]
    attack = next(e for e in events if e["kind"] == "attack")
    assert (attack["attack"], attack["hit_rate"]) == (7, 60)  # 5 + 2 from the lasting change; three share Ｂ２
    assert {"kind": "cancel", "actor": "x", "reason": "resting"}.items() <= \
        next(e for e in events if e["kind"] == "cancel").items()
    assert log["turns"][0]["turn"] == 3
    state = log["state"]
    assert state["characters"]["a"]["hp"] == 2 and state["characters"]["b"]["spirit"] == 1
    assert "dead" in state["characters"]["y"]["states"]
    assert {s: v["dp"] for s, v in state["sides"].items()} == {"red": 1, "blue": 2}
    assert [e["id"] for e in state["effects"]] == [4, 6] and state["next_effect_id"] == 9
    report = run("resolve", "mid.yaml").output
    assert "■3ターン目" in report


@pytest.mark.parametrize("old, new, message", [
    ("current: {hp: 2}}", "current: {hp: 7}}", "current hp 7 is over its maximum 5"),
    ("fs: 5, at: Ｂ２}\n    y:", "fs: 5, at: Ｂ２, dead: true}\n    y:",
     "every character of side 'blue' on the MAP is dead"),
    ("start: 4, end: 8", "start: 1, end: 3", "it ended at phase 3, before the match's start"),
    ("  - turn: 3\n", "  - turn: 2\n", "comes before turn 3, where this match starts"),
    ("current: {spirit: 1}}", "current: {hp: 0}}", "体力 0 is death: write 'dead: true'"),
    ("bearer: b, stat: attack", "bearer: nobody, stat: attack", "unknown character 'nobody'"),
])
@pytest.mark.usefixtures("english")
def test_dh_12_1_the_current_state_is_checked_against_the_rules(tmp_path, monkeypatch, old, new, message):
    monkeypatch.chdir(tmp_path)
    assert old in MID
    result = run("validate", _mid(tmp_path, MID.replace(old, new)))
    assert result.exit_code == 1
    assert any(message in line and line.startswith("mid.yaml:") for line in problem_lines(result)), result.stderr


def test_dh_1_4_shared_squares_need_a_mid_campaign_start(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("validate", _mid(tmp_path, MID.replace("  start_turn: 3\n", "").replace("turn: 3", "turn: 1")))
    assert result.exit_code == 1
    assert "one character per square at the initial placement" in result.stderr
