"""A match continued mid-campaign (DH-12): resolve turns 1–4 in one folder, continue 5–6 from that
log in another with ``dhproc new dh DIR --from LOG``, and compare with resolving 1–6 in one."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from dhproc import api
from dhproc.errors import InputError
from tests import continuation, coverage, yamltext
from tests.test_cli import problem_lines, run
from tests.test_properties import _resolve_playable, dh_matches, note_generated

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
    return whole, first, later, yamltext.load(text)


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
    ("current: {spirit: 1}}", "current: {spirit: 7}}", "current spirit 7 is over its maximum 3"),
    ("fs: 5, at: Ｂ２}\n    y:", "fs: 5, at: Ｂ２, dead: true}\n    y:",
     "every character of side '青組 (blue)' on the MAP is dead"),
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


@pytest.mark.usefixtures("english")
def test_dh_1_4_shared_squares_need_a_mid_campaign_start(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("validate", _mid(tmp_path, MID.replace("  start_turn: 3\n", "").replace("turn: 3", "turn: 1")))
    assert result.exit_code == 1
    assert "one character per square at the initial placement" in result.stderr


# DH-12.2 over generated matches: every catalogue kind the property generators draw, stopped after any
# turn and continued from the log, resolves its later turns to the same events and the same final state
# (tests/continuation.py, which serves every ruleset's continuation property).
DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"


@pytest.mark.usefixtures("english")  # _resolve_playable reads the English messages
@settings(max_examples=settings().max_examples if DEEP else 40)
@given(text=dh_matches(), cut=st.integers(1, 3))
def test_dh_12_2_any_match_stopped_after_any_turn_continues_to_the_same_events(text: str, cut: int,
                                                                              tmp_path_factory) -> None:
    text = _playable(_with_a_later_turn(text))
    if text is None:
        coverage.note("dh stop points", ["input error"])
        return  # the determinism property covers what such matches must do
    turns = yamltext.load(text)["turns"]
    if len(turns) < 2:
        coverage.note("dh stop points", ["a single turn"])
        return
    k = min(cut, len(turns) - 1)
    found = continuation.assert_turn_split(yamltext.load(text), k, tmp_path_factory.mktemp("cont"))
    if found is None:
        return  # a turn awaits a side, or the match is decided, by the stop
    whole, first, _ = found
    note_generated(yamltext.load(text), whole)  # what the repaired matches reach (the deep profile's print)
    coverage.note("dh effects carried", [e["kind"] + (" fired" if "fired" in e else "")
                                         for e in first["state"]["effects"]])


def _with_a_later_turn(text: str) -> str:
    """A third of the drawn matches have one turn, and a continuation needs two."""
    return yaml.safe_dump(continuation.with_a_later_turn(yamltext.load(text)), allow_unicode=True, sort_keys=False)


def _playable(text: str) -> str | None:
    """The drawn match resolved as far as it is played, less what its located input errors point at
    (an action, an ability, an option, a number): most drawn matches carry one deliberate error, and
    this property wants matches that resolve. None where no such part can simply go."""
    for _ in range(6):
        try:
            return _resolve_playable(text)[1]
        except InputError as exc:
            data = _without(yamltext.load(text), [tuple(p.path) for p in exc.problems])
            if data is None:
                return None
            text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    return None


def _without(data: dict, paths: list[tuple]) -> dict | None:
    acts, abilities = [], []
    for path in paths:
        if len(path) >= 5 and path[0] == "turns" and path[2] == "submissions":
            acts.append(path[1:2] + path[3:5])
        elif len(path) >= 4 and path[:2] == ("setup", "characters") and path[3] == "ability":
            abilities.append(path[2])
        elif len(path) == 4 and path[:2] == ("setup", "characters") and path[3] in ("hp", "attack", "spirit"):
            data["setup"]["characters"][path[2]][path[3]] = 5
        elif len(path) == 2 and path[0] == "options":
            data["options"].pop(path[1], None)
        elif len(path) == 4 and path[:2] == ("setup", "characters") and path[3] == "at" and \
                data["options"].get("placement_columns", "off") != "off":
            data["options"]["placement_columns"] = "off"  # a placement outside the starting columns
        else:
            return None
    for cid in abilities:
        data["setup"]["characters"][cid].pop("ability", None)
    for t, turn in enumerate(data["turns"]):
        for side, entries in turn["submissions"].items():
            kept = [a for j, a in enumerate(entries) if (t, side, j) not in acts]
            for a in kept:
                if a["who"] in abilities:
                    a.pop("ability", None)
                    a.pop("prepared", None)
            turn["submissions"][side] = [a for a in kept if len(a) > 1 or not a.get("prepared")]
    return data


COUNTER_TWICE = """\
dhproc: 1
ruleset: dh
seed: 1
setup:
  map: {rows: 3, cols: 3}
  first: blue
  turn_limit: 3
  sides: {red: {name: 赤組}, blue: {name: 青組}}
  characters:
    guard:
      {name: 守衛, side: blue, attack: 5, defense: 5, hp: 9, spirit: 3, fs: 5, at: Ｂ２,
       ability: {name: 二度の構え, style: counter, activation: 100, success: 100, duration: 3,
                 targets: {side: enemy, count: single}, counter: {when: attacked_by_enemy, times: 2},
                 effects: [{kind: damage, amount: 1}]}}
    r1: {name: 赤一, side: red, attack: 1, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ１}
    r2: {name: 赤二, side: red, attack: 1, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｃ２}
turns:
  - turn: 1
    submissions:
      blue: [{who: guard, ability: {}}]
      red: [{who: r1, to: Ｂ２, attack: guard}]
  - turn: 2
    submissions:
      blue: []
      red: [{who: r2, to: Ｂ２, attack: guard}, {who: r1, attack: guard}]
"""


def _stopped_and_continued(text: str, k: int, tmp_path: Path) -> tuple[dict, dict, dict]:
    """``text`` resolved whole, its first ``k`` turns, and the rest continued from that log (DH-12.2)."""
    match = yamltext.load(text)
    first = continuation.resolve({**match, "turns": match["turns"][:k]})
    return continuation.resolve(match), first, continuation.continue_log(first, match["turns"][k:], tmp_path)


def test_dh_12_2_a_partly_fired_counter_keeps_its_count(tmp_path):
    """待受回数 (DH-8.16): a counter that has fired once of twice carries that one firing into the
    continued match, so it fires once more and its wait then ends as in the whole match."""
    whole, first, later = _stopped_and_continued(COUNTER_TWICE, 1, tmp_path)
    fires = [e for t in whole["turns"] for e in t["events"] if e["kind"] == "counter_fire"]
    assert [e["by"] for e in fires] == ["r1", "r2"]  # the third attack finds the wait ended
    assert [e.get("fired") for e in first["state"]["effects"] if e["kind"] == "counter"] == [1]
    assert later["turns"] == whole["turns"][1:]
    assert later["state"] == whole["state"]


REINFORCED = """\
dhproc: 1
ruleset: dh
seed: 5
setup:
  map: {rows: 3, cols: 4}
  first: red
  turn_limit: 3
  sides: {red: {name: 赤組}, blue: {name: 青組}}
  reinforcements: [{side: red, turn: 1, count: 1, area: [Ａ１]}]
  characters:
    a: {name: 甲, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ１, gender: female, grade: 2}
    x: {name: 敵, side: blue, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ４, gender: male, grade: 3}
    r: {name: 援軍, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, gender: none, grade: 1}
turns:
  - turn: 1
    submissions: {red: [{who: a, to: Ｂ２}], blue: [{who: x, to: Ｂ３}]}
  - turn: 2
    submissions: {red: [{who: r, to: Ａ２}], blue: [{who: x, attack: a}]}
"""


def test_dh_12_1_a_reinforcement_stays_on_the_map_without_a_summon(tmp_path):
    """A character that came as 増援 (DH-2.6) is on the MAP for good: the continued setup marks it
    ``starter: false`` and needs no summon in ``effects:`` for it."""
    whole, first, later = _stopped_and_continued(REINFORCED, 1, tmp_path)
    assert [e["character"] for e in first["turns"][0]["events"] if e["kind"] == "reinforcement"] == ["r"]
    assert later["turns"] == whole["turns"][1:] and later["state"] == whole["state"]


def test_dh_12_2_the_continued_setup_carries_every_key_that_is_not_state(tmp_path):
    """性別 and 学年 (DH-9.3 target restrictions read them) and any other sheet key are carried as the
    original setup wrote them; only the keys of the state now are written from the log."""
    log = api.resolve(api.loads(yaml.safe_dump({**yamltext.load(REINFORCED), "turns": yamltext.load(REINFORCED)["turns"][:1]},
                                               allow_unicode=True, sort_keys=False), name="m.yaml"))
    (tmp_path / "log.json").write_text(api.dumps(log), encoding="utf-8")
    setup = api.continuation(tmp_path / "log.json")["setup"]
    assert {c: (v["gender"], v["grade"]) for c, v in setup["characters"].items()} == \
        {"a": ("female", 2), "x": ("male", 3), "r": ("none", 1)}
    assert setup["reinforcements"] == yamltext.load(REINFORCED)["setup"]["reinforcements"]
    assert setup["characters"]["r"]["starter"] is False and setup["characters"]["r"]["at"] == "Ａ１"


MOURNING = """\
dhproc: 1
ruleset: dh
seed: 1
options: {hit_mode: sure}
setup:
  map: {rows: 3, cols: 4}
  first: red
  turn_limit: 3
  sides: {red: {name: 赤組}, blue: {name: 青組}}
  characters:
    d:
      {name: 遺された者, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ３,
       ability: {name: 弔い合戦, activation: 100, targets: {side: self}, effects: [{kind: dp_gain, amount: 1}],
                 restrictions: [{kind: condition, when: {of: match, attr: deaths_last_phase, at_least: 1}}]}}
    v: {name: 犠牲者, side: red, attack: 5, defense: 5, hp: 1, spirit: 3, fs: 5, at: Ｃ１}
    k: {name: 刺客, side: blue, attack: 20, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｃ２}
turns:
  - turn: 1
    submissions: {red: [], blue: [{who: k, to: Ｃ１, attack: v}]}
  - turn: 2
    submissions: {red: [{who: d, ability: {}}], blue: []}
"""


def test_dh_12_2_a_death_in_the_last_phase_counts_for_the_next(tmp_path):
    """機会制約 "someone died last phase" (DH-8.15) in the continued match's first phase reads a death
    in the original's last phase: the continued setup says when each dead character died (``died``)."""
    whole, first, later = _stopped_and_continued(MOURNING, 1, tmp_path)
    assert [e["character"] for e in first["turns"][0]["events"] if e["kind"] == "death"] == ["v"]
    assert [e["kind"] for e in whole["turns"][1]["events"] if e["kind"] in ("ability", "cancel")] == ["ability"]
    assert later["turns"] == whole["turns"][1:] and later["state"] == whole["state"]


LATE_PASSIVE = """\
dhproc: 1
ruleset: dh
seed: 2
setup:
  map: {rows: 3, cols: 4}
  first: red
  turn_limit: 3
  sides: {red: {name: 赤組}, blue: {name: 青組}, gk: {name: 転校生, transfer: true}}
  characters:
    a: {name: 甲, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１}
    b: {name: 乙, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ１}
    x: {name: 敵, side: blue, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ４}
    t:
      {name: 転校生, side: gk, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ２, arrives: 2,
       ability: {name: 挨拶, style: passive, activation: 100, success: 100, range: {shape: map},
                 targets: {side: enemy, count: single}, effects: [{kind: damage, amount: 1}],
                 start: {targets: [b]}}}
turns:
  - turn: 1
    submissions: {red: [], blue: []}
  - turn: 2
    submissions: {red: [], blue: []}
"""


def test_dh_12_2_a_later_arrival_keeps_its_passives_targets(tmp_path):
    """A パッシブ's targets written under ``start`` serve whoever appears later too (DH-8.10, DH-14.3):
    the continued setup keeps them for a 転校生 still to arrive."""
    whole, first, later = _stopped_and_continued(LATE_PASSIVE, 1, tmp_path)
    hit = [e["target"] for e in whole["turns"][1]["events"] if e["kind"] == "damage"]
    assert hit == ["b"]
    assert later["turns"] == whole["turns"][1:] and later["state"] == whole["state"]


def test_dh_12_1_an_effect_ending_at_the_start_phase_ends_at_the_first_phase_start(tmp_path, monkeypatch):
    """A log's final state may hold an effect whose end is its last phase (one made in that phase
    for no whole phase, such as a duration-0 field): it is still in play and ends, with its
    ``effect_end``, at the continued match's first phase start, as it would have in the original."""
    monkeypatch.chdir(tmp_path)
    log = _resolve(_mid(tmp_path, MID.replace("start: 4, end: 8", "start: 4, end: 4")
                                     .replace("dice: [1]", "dice: [1, 50]")), tmp_path / "mid.json")
    ended = [e for e in log["turns"][0]["events"] if e["kind"] == "effect_end"]
    assert [(e["bearer"], e["reason"]) for e in ended][:1] == [("x", "expired")]
    assert [e["kind"] for e in log["turns"][0]["events"]].index("effect_end") < \
        [e["kind"] for e in log["turns"][0]["events"]].index("action")


@pytest.mark.parametrize("scope, refused", [("on_map", True), ("roster", False)])
@pytest.mark.usefixtures("english")
def test_dh_12_1_a_side_counts_as_wiped_out_by_the_matchs_own_scope(tmp_path, monkeypatch, scope, refused):
    """Whether the state is one of a decided match follows ``wipeout_scope`` (DH-6.1): with
    ``roster`` a side whose every character on the MAP is dead still plays while its bench lives."""
    monkeypatch.chdir(tmp_path)
    text = MID.replace("seed: 3\n", f"seed: 3\noptions: {{wipeout_scope: {scope}}}\n") \
        .replace("fs: 5, at: Ｂ２}\n    y:", "fs: 5, at: Ｂ２, dead: true}\n    y:") \
        .replace("  effects:\n", "    z: {name: 控え, side: blue, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5}\n  effects:\n") \
        .replace("    - {id: 4, kind: ability_rest, bearer: x, start: 4, end: 8, source: {user: x}}\n", "") \
        .replace("      blue: [{who: x, attack: b}]", "      blue: []") \
        .replace("      red: [{who: b, attack: x}]", "      red: [{who: b, to: Ｂ１}]").replace("    dice: [1]\n", "")
    result = run("validate", _mid(tmp_path, text))
    assert (result.exit_code == 1) == refused, result.stderr
    assert ("every character of side '青組 (blue)' on the MAP is dead" in result.stderr) == refused


HEALED_PAST_999 = """\
dhproc: 1
ruleset: dh
seed: 4
options: {heal_cap: none}
setup:
  map: {rows: 3, cols: 4}
  first: red
  turn_limit: 3
  sides: {red: {name: 赤組}, blue: {name: 青組}}
  characters:
    a:
      {name: 甲, side: red, attack: 5, defense: 5, hp: 5, spirit: 999, fs: 5, at: Ａ１,
       ability: {name: 気合, activation: 100, success: 100, targets: {side: self}, effects: [{kind: heal, stat: spirit, amount: 999}]}}
    x: {name: 敵, side: blue, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｃ４}
turns:
  - turn: 1
    submissions: {red: [{who: a, ability: {}}], blue: []}
  - turn: 2
    submissions: {red: [{who: a, to: Ａ２}], blue: []}
"""


def test_dh_12_1_a_value_raised_past_999_in_play_is_carried(tmp_path):
    """Without a heal cap a value may pass the base values' 999 in play; ``current`` takes it."""
    whole, first, later = _stopped_and_continued(HEALED_PAST_999, 1, tmp_path)
    assert first["state"]["characters"]["a"]["spirit"] == 1998
    assert later["turns"] == whole["turns"][1:] and later["state"] == whole["state"]


def test_dh_12_1_hp_over_its_base_is_a_state_play_reaches(tmp_path, monkeypatch):
    """A 蘇生 returns its target with 体力 ``amount`` (DH-11.11), past the base value even with
    ``heal_cap: initial``: a continued setup's current 体力 over the base is accepted."""
    monkeypatch.chdir(tmp_path)
    result = run("validate", _mid(tmp_path, MID.replace("current: {hp: 2}}", "current: {hp: 39}}")))
    assert result.exit_code == 0, result.stderr
