"""Dice pasted as a BCDice bot wrote them (`dice_text:` in a turn file), through the CLI.

A transcript whose faces are a recorded `dice:` list resolves to the same log, byte for byte; a
transcript that does not fit the draws says which line and which draw differ, located in the file.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from dhproc.cli import cli

REPO = Path(__file__).resolve().parents[1]
TRANSCRIPTS = REPO / "tests" / "bot_dice"
COUNT_ROUND_1 = [2, 10, 17, 8, 4, 24, 7, 4, 84, 6, 7, 7, 6, 71, 5, 4, 7, 97, 1, 10, 4, 9, 44, 2, 1, 1, 4, 85, 2]
DH_TURN_2 = [30, 12, 70, 45, 20, 50, 90]


def run(*args) -> "Result":  # noqa: F821
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def block(text: str) -> str:
    """``dice_text: |`` with ``text`` as its block."""
    return "dice_text: |\n" + "".join(f"  {line}\n" for line in text.splitlines())


def example(tmp_path: Path, ruleset: str, name: str) -> Path:
    dest = tmp_path / name
    shutil.copytree(REPO / "examples" / ruleset, dest)
    return dest


def with_dice(turn: Path, dice_line: str) -> None:
    """The turn file with its ``dice:`` line (or none) replaced by ``dice_line``."""
    lines = [line for line in turn.read_text(encoding="utf-8").splitlines(keepends=True)
             if not line.startswith("dice:")]
    at = next(i for i, line in enumerate(lines) if line.startswith("turn:")) + 1
    turn.write_text("".join(lines[:at]) + dice_line + "".join(lines[at:]), encoding="utf-8")


def resolved_log(turn: Path) -> bytes:
    log = turn.parent / "log.json"
    r = run("resolve", turn, "--json", log)
    assert r.exit_code == 0, r.output
    return log.read_bytes()


def recorded_faces(log: bytes) -> list[int]:
    rolls = [e for t in json.loads(log)["turns"] for e in t["events"] if e["kind"] == "roll"]
    assert all(e["source"] == "recorded" for e in rolls)
    return [e["face"] for e in rolls]


@pytest.mark.parametrize("ruleset, turn, transcript, faces", [
    ("dh", "turn-02.yaml", "dh-turn-02.txt", DH_TURN_2),
    ("count", "turn-01.yaml", "count-round-1.txt", COUNT_ROUND_1),
])
def test_a_bot_transcript_resolves_to_the_log_of_the_faces_typed_by_hand(tmp_path, ruleset, turn, transcript, faces):
    by_hand = example(tmp_path, ruleset, "by_hand") / turn
    pasted = example(tmp_path, ruleset, "pasted") / turn
    with_dice(by_hand, f"dice: {faces}\n")
    with_dice(pasted, block((TRANSCRIPTS / transcript).read_text(encoding="utf-8")))
    hand_log = resolved_log(by_hand)
    assert recorded_faces(hand_log)[-len(faces):] == faces
    assert resolved_log(pasted) == hand_log


def dh_turn(tmp_path: Path, transcript: str) -> tuple[Path, str]:
    turn = example(tmp_path, "dh", "m") / "turn-01.yaml"
    with_dice(turn, block(transcript))
    return turn, turn.read_text(encoding="utf-8")


def at(text: str, needle: str) -> str:
    """``line:col`` of the first ``needle`` in ``text``."""
    i = text.index(needle)
    return f"{text.count(chr(10), 0, i) + 1}:{i - text.rfind(chr(10), 0, i)}"


@pytest.mark.parametrize("lang, message", [
    ("en", "dice_text line 3 (1D10<=50): die 1 of 1D10 is a d10, but draw 2 (hit_check of sato) is a d100"),
    ("ja", "dice_text 3行目（1D10<=50）の1D10の1個目はd10ですが、2回目の振り（satoのhit_check）はd100です"),
])
def test_a_face_of_another_die_names_the_line_and_the_draw(tmp_path, lang, message):
    turn, text = dh_turn(tmp_path, "山田太郎 命中判定\nDiceBot : (1D100<=65) ＞ 55 ＞ 成功\n(1D10<=50) ＞ 6 ＞ 失敗")
    r = run("resolve", turn, "--lang", lang)
    assert r.exit_code == 1
    assert f"turn-01.yaml:{at(text, '6 ＞ 失敗')}: {message}" in r.output, r.output


def test_the_location_is_the_face_in_the_file(tmp_path):
    turn, text = dh_turn(tmp_path, "(1D100<=65) ＞ 55 ＞ 成功\n(1D100<=50) ＞ 66 ＞ 失敗\n(1D100) ＞ 3")
    r = run("resolve", turn, "--lang", "en")
    assert r.exit_code == 1
    line, col = at(text, "3\n").split(":")
    assert re.search(rf"turn-01\.yaml:{line}:{col}: 1 recorded dice not used: this turn drew 2 of 3", r.output), r.output


def count_round(tmp_path: Path, transcript: str) -> Path:
    turn = example(tmp_path, "count", "c") / "turn-01.yaml"
    with_dice(turn, block(transcript))
    return turn


COUNT_LINES = (TRANSCRIPTS / "count-round-1.txt").read_text(encoding="utf-8")


def test_a_check_of_two_dice_split_over_two_rolls_is_refused(tmp_path):
    split = COUNT_LINES.replace("DiceBot : (2D10) ＞ 12[2,10] ＞ 12", "(1D10) ＞ 2\n(1D10) ＞ 10", 1)
    r = run("resolve", count_round(tmp_path, split), "--lang", "en")
    assert r.exit_code == 1
    assert ("draw 2 (hit_check of aoi) is die 2 of one check, but dice_text line 4 (1D10) begins another roll, "
            "1D10: write one check as one roll") in r.output, r.output


@pytest.mark.parametrize("lang, message", [
    ("en", "dice_text line 3 (3D10): 3D10 has 3 dice, but draw 3 (evasion of gob1) after its die 2 is another check"),
    ("ja", "dice_text 3行目（3D10）の3D10は3個のダイスですが、2個目の後の3回目の振り（gob1のevasion）は別の判定です"),
])
def test_one_roll_shared_by_two_checks_is_refused(tmp_path, lang, message):
    joined = COUNT_LINES.replace("(2D10) ＞ 12[2,10] ＞ 12", "(3D10) ＞ 29[2,10,17] ＞ 29", 1)
    r = run("resolve", count_round(tmp_path, joined), "--lang", lang)
    assert r.exit_code == 1
    assert message in r.output, r.output


def test_a_damage_roll_of_the_wrong_count_is_refused(tmp_path):
    joined = COUNT_LINES.replace("(1D6+4) ＞ 5[5]+4 ＞ 9", "(2D6+4) ＞ 8[5,3]+4 ＞ 12", 1)
    r = run("resolve", count_round(tmp_path, joined), "--lang", "en")
    assert r.exit_code == 1
    assert "2D6 has 2 dice, but draw 16 (hit_check of ren) after its die 1 is another check" in r.output, r.output


@pytest.mark.parametrize("line, reason", [
    ("(1D100<=65) ＞ x ＞ 成功", "'x' is not a face"),
    ("DiceBot ＞ 55", "no bracketed command before '＞'"),
    ("(2D6+5>=10) ＞ 7[3]+5 ＞ 12", "the faces do not match the dice of 2D6+5>=10"),
    ("(choice[A,B]) ＞ C", "'C' is not one of the choices"),
    ("(2D9) ＞ 5", "2D9 is not a BCDice command (2D9 is written so only for dhproc)"),
])
def test_a_result_line_that_does_not_read_is_located(tmp_path, line, reason):
    turn, text = dh_turn(tmp_path, f"(1D100<=65) ＞ 55 ＞ 成功\n{line}")
    r = run("resolve", turn, "--lang", "en")
    assert r.exit_code == 1
    assert f"does not read as a BCDice result: {reason}" in r.output, r.output
    assert re.search(r"turn-01\.yaml:(\d+):\d+: dice_text line 2 ", r.output).group(1) == at(text, line).split(":")[0]


def test_dice_and_dice_text_together_are_refused(tmp_path):
    turn = example(tmp_path, "dh", "m") / "turn-01.yaml"
    with_dice(turn, "dice: [55, 66]\n" + block("(1D100) ＞ 55\n(1D100) ＞ 66"))
    r = run("resolve", turn, "--lang", "en")
    assert r.exit_code == 1
    assert "dice: and dice_text: cannot both be given: keep one" in r.output


def test_a_transcript_with_no_result_line_is_refused(tmp_path):
    turn, _ = dh_turn(tmp_path, "山田太郎 命中判定\n55")
    r = run("resolve", turn, "--lang", "ja")
    assert r.exit_code == 1
    assert "dice_text にBCDiceの結果行（「＞」のある行）がありません" in r.output


def test_b_d66_and_choice_lines_give_their_faces():
    from dhproc.dice.bot_text import read_transcript

    faces = read_transcript("(3B6>=4) ＞ 2,5,6 ＞ 成功数2\n(D66) ＞ 35\n(choice[A,B,C]) ＞ B\n"
                            "((2D6+1D4)*2) ＞ (8[5,3]+4[4])*2 ＞ 24\n(1D6+3/2U) ＞ 1[1]+3/2U ＞ 3")
    assert [(f.face, f.sides, f.notation) for f in faces] == [
        (2, 6, "3B6"), (5, 6, "3B6"), (6, 6, "3B6"), (3, 6, "D66"), (5, 6, "D66"), (2, 3, "choice[3]"),
        (5, 6, "2D6"), (3, 6, "2D6"), (4, 4, "1D4"), (1, 6, "1D6")]


def transcript_of(rolls: list[dict]) -> str:
    """The rolls of a turn as a BCDice bot would write them: one line per check, the dice a
    ruleset numbers (``die`` 1, 2, …) in one roll, every other die a roll of its own."""
    groups: list[list[dict]] = []
    for e in rolls:
        if e.get("die", 1) > 1 and groups:
            groups[-1].append(e)
        else:
            groups.append([e])
    lines = []
    for g in groups:
        faces = [e["face"] for e in g]
        command = f"{len(g)}D{g[0]['sides']}"
        detail = "" if len(g) == 1 else f" ＞ {sum(faces)}[{','.join(map(str, faces))}]"
        lines += [f"{g[0]['purpose']} {g[0].get('actor', '')}", f"DiceBot : ({command}){detail} ＞ {sum(faces)}"]
    return "\n".join(lines)


EXAMPLE_TURNS = [(r, t.name) for r in ("dh", "count", "nicosw", "logos", "kagemiya")
                 for t in sorted((REPO / "examples" / r).glob("turn-*.yaml"))]


@pytest.mark.parametrize("ruleset, turn", EXAMPLE_TURNS)
def test_every_example_turn_as_a_bot_transcript_resolves_to_the_log_of_its_faces(tmp_path, ruleset, turn):
    """The dice of each example turn, written as a bot writes them (a check's dice in one roll),
    give the log that the same faces typed as ``dice:`` give."""
    number = int(turn[5:7])
    seeded = json.loads(resolved_log(example(tmp_path, ruleset, "seeded") / turn))
    rolls = [e for t in seeded["turns"] if t["turn"] == number for e in t["events"] if e["kind"] == "roll"]
    assert rolls, "the example turn draws dice"
    by_hand = example(tmp_path, ruleset, "by_hand") / turn
    pasted = example(tmp_path, ruleset, "pasted") / turn
    with_dice(by_hand, f"dice: {[e['face'] for e in rolls]}\n")
    with_dice(pasted, block(transcript_of(rolls)))
    assert resolved_log(pasted) == resolved_log(by_hand)


@settings(max_examples=300)
@given(st.lists(st.one_of(st.text(max_size=30), st.text(alphabet="(1D6)＞ [3,4]+B<=>choice66SA:", max_size=30)),
                max_size=5))
def test_any_pasted_text_gives_faces_or_located_problems(lines):
    from dhproc.dice.bot_text import TranscriptError, read_transcript

    text = "\n".join(lines)
    try:
        faces = read_transcript(text)
    except TranscriptError as err:
        assert err.problems
        assert all(0 <= p.line < max(1, len(text.splitlines())) for p in err.problems)
        return
    assert all(f.size >= 1 and 0 <= f.index < f.size for f in faces)
