"""`dhproc roll` reads BCDice's common commands and writes their result lines as BCDice does.

The cases are data (tests/bot_dice/commands.toml), in the shape of BCDice's own tests: the
command, the faces drawn (given with `--dice`), the result line and the flags. Each runs through
the CLI twice: the printed line (`--bcdice`) and the `--json` object.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from dhproc.cli import cli
from dhproc.dice.rng import stream

CASES = tomllib.loads((Path(__file__).parent / "bot_dice" / "commands.toml").read_text(encoding="utf-8"))["test"]


def run(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def faces_of(case: dict) -> str:
    return ",".join(str(r["value"]) for r in case["rands"])


@pytest.mark.parametrize("case", CASES, ids=[c["input"] for c in CASES])
def test_the_result_line_is_bcdice_s(case):
    r = run("roll", case["input"], "--dice", faces_of(case), "--bcdice", "--lang", "ja")
    assert r.exit_code == 0, r.output
    secret = "　（シークレットダイス）" if case.get("secret") else ""
    if "\n" not in case["output"]:
        assert r.stdout == case["output"] + secret + "\n"
    else:
        blocks = [b.split("\n", 1)[1] + secret for b in case["output"].split("\n\n")]
        assert r.stdout == "\n\n".join(f"#{n}\n{b}" for n, b in enumerate(blocks, 1)) + "\n"


@pytest.mark.parametrize("case", CASES, ids=[c["input"] for c in CASES])
def test_the_json_object_shows_the_roll_exactly(case):
    r = run("roll", case["input"], "--dice", faces_of(case), "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    assert got["command"] == case["input"]
    assert got["secret"] is case.get("secret", False)
    results = got.get("results", [got])
    lines = [b.split("\n", 1)[1] for b in case["output"].split("\n\n")] if "\n" in case["output"] else [case["output"]]
    assert [res["bcdice"] for res in results] == lines
    drawn = [{"sides": d["sides"], "face": d["face"]} for res in results for d in res["dice"]]
    assert drawn == [{"sides": x["sides"], "face": x["value"]} for x in case["rands"]]
    if len(results) == 1:
        for flag in ("success", "failure", "critical", "fumble"):
            assert got[flag] is case.get(flag, False), flag
    else:
        assert [res["success"] for res in results] == case.get("successes", [False] * len(results))
    assert all(res["secret"] is case.get("secret", False) for res in results)
    if "total" in case:
        assert got["total"] == case["total"]
    if "chosen" in case:
        assert got["chosen"] == case["chosen"]


def test_a_plain_expression_keeps_dhproc_s_line_unless_asked():
    r = run("roll", "2D6+5>=10 攻撃", "--dice", "3,4", "--lang", "en")
    assert r.stdout == "2D6+5>=10 → 2D6[3,4]+5 → 12≥10 → success　攻撃\n"
    assert json.loads(run("roll", "2D6+5>=10 攻撃", "--dice", "3,4", "--json").stdout)["comment"] == "攻撃"
    assert run("roll", "2D6+5>=10", "--dice", "3,4", "--bcdice").stdout == "(2D6+5>=10) ＞ 7[3,4]+5 ＞ 12 ＞ 成功\n"


def test_a_seeded_bcdice_command_draws_from_the_roll_stream():
    gen = stream(7, 0, "roll")
    faces = [gen.die(6) for _ in range(3)]
    r = run("roll", "3B6>=4", "--seed", "7")
    assert r.stdout == f"(3B6>=4) ＞ {','.join(map(str, faces))} ＞ 成功数{sum(f >= 4 for f in faces)}   (seed 7)\n"
    assert json.loads(run("roll", "3B6>=4", "--seed", "7", "--json").stdout)["seed"] == 7


@pytest.mark.parametrize("args, message", [
    (("2D6", "--dice", "7,1"), "error: --dice: face 1, 7, is not a face of the d6 it is given to (1 to 6)"),
    (("2D6", "--dice", "3"), "error: --dice: too few faces: after the 1 given, die 2 (a d6) has none"),
    (("2D6", "--dice", "3,4,5"), "error: --dice: faces left over: 3 given, the roll drew 2 (the first left over is 5)"),
    (("choice[A,B,C]", "--dice", "4"), "error: --dice: face 1, 4, is not a face of the d3 it is given to (1 to 3)"),
    (("x2 D66", "--dice", "1,2,3"), "error: --dice: too few faces: after the 3 given, die 4 (a d6) has none"),
])
def test_given_faces_that_do_not_fit_the_dice_are_refused(args, message):
    r = run("roll", *args, "--lang", "en")
    assert r.exit_code == 1
    assert r.stdout == ""
    assert r.stderr == message + "\n"


def test_given_faces_are_whole_numbers_and_no_seed_beside_them():
    r = run("roll", "2D6", "--dice", "3,x", "--lang", "en")
    assert r.exit_code == 2
    assert "give faces as whole numbers separated by ',', e.g. 5,3,4 (not 'x')" in r.stderr
    r = run("roll", "2D6", "--dice", "3,4", "--seed", "1", "--lang", "en")
    assert r.exit_code == 2
    assert "--dice and --seed cannot be used together" in r.stderr
    assert run("roll", "2D6", "--dice", "３、４").stdout == "2D6 → 2D6[3,4] → 7\n"


@pytest.mark.parametrize("expr, column, message", [
    ("choice[A]", 8, "choice[…] takes two or more choices, none empty, separated by ','"),
    ("choice[A,,B]", 8, "choice[…] takes two or more choices, none empty, separated by ','"),
    ("0B6", 1, "separate dice (NBM) are 1 to 1000 dice in all, of 1 to 10000 sides"),
    ("x2 x3 1D6", 4, "a repeat cannot be repeated"),
    ("1D6/0", 5, "division by zero"),
    ("1D6/(2-2)U", 5, "division by zero"),
    ("6/1D2", 3, "a divisor cannot contain dice"),
])
def test_a_bad_bcdice_command_is_located(expr, column, message):
    r = run("roll", expr, "--dice", "1", "--lang", "en")
    assert r.exit_code == 1
    assert r.stderr.startswith(f"error: {expr}: column {column}: {message}"), r.stderr


COMMAND_CHARS = "0123456789dDbBsSxX+-*/()<>=! ,[]UuRrCcFfＤ＞choiepatAB　"


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=40), st.text(alphabet=COMMAND_CHARS, max_size=40)))
def test_any_text_parses_or_is_located(text):
    """Typed text is a command or a located DiceExprError: never another exception."""
    from dhproc.dice.bcdice import parse_bot_command
    from dhproc.dice.expr import DiceExprError
    from dhproc.dice.rng import PCG32

    try:
        command = parse_bot_command(text)
    except DiceExprError as err:
        assert 1 <= err.column <= len(text) + 1
        return
    outcomes = command.roll(PCG32(3, 5).die, "ja", True)
    assert len(outcomes) == command.times
    for o in outcomes:
        json.dumps(o.as_json(command.secret))
        assert all(1 <= d.face <= d.sides for d in o.dice)
        assert len(o.dice) == command.draws


@pytest.mark.parametrize("text", [":\r", "x\u3000", "? \u3000"])
def test_text_followed_only_by_other_spaces_is_located_not_a_traceback(text):
    """Found by test_any_text_parses_or_is_located: a rest of only spaces (a carriage return, a
    full-width space) after a word that is not dice made the comment reading fail."""
    r = run("roll", text, "--lang", "en")
    assert r.exit_code == 1
    assert r.stderr.startswith(f"error: {text}: column 1: unexpected character")
