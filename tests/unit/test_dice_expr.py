"""Tests for dhproc.dice.expr: grammar, the 2D9 reading, caps with columns, output lines."""

from __future__ import annotations

from typing import Callable

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dhproc.dice.expr import (
    MAX_DEPTH,
    MAX_TEXT,
    DiceExpr,
    DiceExprError,
    DiceResult,
    evaluate,
    format_result,
    parse,
    read_2d9,
)
from dhproc.errors import DhprocError
from dhproc.dice.rng import PCG32, stream

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages


def scripted(*draws: tuple[int, int]) -> Callable[[int], int]:
    """A roll that hands out fixed faces and checks each request's sides, in order."""
    queue = list(draws)

    def roll(sides: int) -> int:
        assert queue, f"unexpected extra roll({sides})"
        want_sides, face = queue.pop(0)
        assert sides == want_sides, f"roll({sides}) requested, expected roll({want_sides})"
        return face

    roll.queue = queue  # type: ignore[attr-defined]
    return roll


def run(text: str, *draws: tuple[int, int]) -> DiceResult:
    roll = scripted(*draws)
    result = evaluate(parse(text), roll)
    assert roll.queue == [], "not every scripted die was drawn"  # type: ignore[attr-defined]
    return result


def error_of(text: str) -> DiceExprError:
    with pytest.raises(DiceExprError) as info:
        parse(text)
    return info.value


# --- examples from the brief ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, draws, total, ja, en",
    [
        ("2D10", [(10, 3), (10, 9)], 12, "2D10 → 2D10[3,9] → 12", "2D10 → 2D10[3,9] → 12"),
        (
            "(3+1)D(6+0)+2",
            [(6, 3), (6, 5), (6, 1), (6, 6)],
            17,
            "(3+1)D(6+0)+2 → 4D6[3,5,1,6]+2 → 17",
            "(3+1)D(6+0)+2 → 4D6[3,5,1,6]+2 → 17",
        ),
        ("3d6+2-1", [(6, 1), (6, 2), (6, 3)], 7, "3d6+2-1 → 3D6[1,2,3]+2-1 → 7", None),
        ("2D6*2", [(6, 3), (6, 4)], 14, "2D6*2 → 2D6[3,4]*2 → 14", None),
        ("1D6+1D8", [(6, 3), (8, 5)], 8, "1D6+1D8 → 3+5 → 8", None),
        ("-1D4+10", [(4, 3)], 7, "-1D4+10 → -3+10 → 7", None),
        ("D6", [(6, 4)], 4, "D6 → 4", None),
        ("2D9", [(100, 51)], 6, "2D9 → d100[51]→5+1 → 6", "2D9 → d100[51]→5+1 → 6"),
        ("2D9", [(100, 100)], 0, "2D9 → d100[100]→0+0 → 0", None),
        ("2D9*2", [(100, 51)], 12, "2D9*2 → (d100[51]→5+1)*2 → 12", None),
        ("5-2D9", [(100, 51)], -1, "5-2D9 → 5-(d100[51]→5+1) → -1", None),
        ("1D9+1D9", [(9, 5), (9, 1)], 6, "1D9+1D9 → 5+1 → 6", None),
        ("3+4×2", [], 11, "3+4×2 → 11", None),
        ("(1D6+2)*3", [(6, 2)], 12, "(1D6+2)*3 → (2+2)*3 → 12", None),
    ],
)
def test_examples(
    text: str, draws: list[tuple[int, int]], total: int, ja: str, en: str | None
) -> None:
    result = run(text, *draws)
    assert result.total == total
    assert result.comparison is None and result.target is None and result.success is None
    assert format_result(result) == ja
    assert format_result(result, "en") == (en if en is not None else ja)


@pytest.mark.parametrize(
    "text, face, ok, ja, en",
    [
        (
            "1D100<=65",
            55,
            True,
            "1D100<=65 → 55 → 55≤65 → 成功",
            "1D100<=65 → 55 → 55≤65 → success",
        ),
        (
            "1D100<=65",
            66,
            False,
            "1D100<=65 → 66 → 66≤65 → 失敗",
            "1D100<=65 → 66 → 66≤65 → failure",
        ),
        ("1D100<=65", 65, True, "1D100<=65 → 65 → 65≤65 → 成功", None),
        ("１Ｄ１００＜＝６５", 55, True, "1D100<=65 → 55 → 55≤65 → 成功", None),
        ("1d100 ≤ 65", 66, False, "1d100≤65 → 66 → 66≤65 → 失敗", None),
    ],
)
def test_check_verdicts(text: str, face: int, ok: bool, ja: str, en: str | None) -> None:
    result = run(text, (100, face))
    assert (result.total, result.comparison, result.target, result.success) == (face, "<=", 65, ok)
    assert format_result(result) == ja
    if en is not None:
        assert format_result(result, "en") == en


@pytest.mark.parametrize(
    "text, cmp, ok",
    [
        ("1D6<4", "<", True),
        ("1D6<3", "<", False),
        ("1D6>=3", ">=", True),
        ("1D6≥4", ">=", False),
        ("1D6>2", ">", True),
        ("1D6=3", "==", True),
        ("1D6==4", "==", False),
        ("1D6!=3", "!=", False),
        ("1D6≠4", "!=", True),
    ],
)
def test_every_comparison_operator(text: str, cmp: str, ok: bool) -> None:
    result = run(text, (6, 3))
    assert result.comparison == cmp
    assert result.success is ok


def test_dice_on_both_sides_of_a_comparison_are_shown_and_drawn_in_text_order() -> None:
    result = run("2d6>=1d6+3", (6, 3), (6, 4), (6, 2))
    assert (result.total, result.target, result.success) == (7, 5, True)
    assert format_result(result) == "2d6>=1d6+3 → 2D6[3,4]≥2+3 → 7≥5 → 成功"


def test_no_dice_means_no_detail_step() -> None:
    result = run("10>3*3")
    assert format_result(result, "en") == "10>3*3 → 10>9 → success"


def test_rolls_record_faces_in_draw_order() -> None:
    result = run("2D6+2D9+D4", (6, 6), (6, 1), (100, 28), (4, 2))
    assert [(r.notation, r.sides, r.faces, r.value) for r in result.rolls] == [
        ("2D6", 6, (6, 1), 7),
        ("2D9", 100, (28,), 10),
        ("1D4", 4, (2,), 2),
    ]
    assert result.total == 19


def test_roll_called_once_per_die_left_to_right() -> None:
    asked: list[int] = []

    def roll(sides: int) -> int:
        asked.append(sides)
        return 1

    expr = parse("1D6+2D8*(2D9-D4)<=3D20")
    evaluate(expr, roll)
    assert asked == [6, 8, 8, 100, 4, 20, 20, 20]
    assert expr.dice_count == len(asked)


def test_only_literal_2d9_is_the_d100_reading() -> None:
    assert [d.two_d9 for d in parse("2D9+2d9+２Ｄ９+2 D 9").dice] == [True] * 4
    assert [d.two_d9 for d in parse("(2)D9+2D(9)+02D9+3D9+2D8").dice] == [False] * 5
    assert parse("2D9").dice_count == 1
    assert parse("(2)D9").dice_count == 2


def test_full_width_space_minus_and_source_text() -> None:
    expr = parse("　２ｄ６　＋　３ − １ ")
    assert expr.source == "2d6+3-1"
    assert run("２ｄ６ − １", (6, 2), (6, 2)).total == 3


@pytest.mark.parametrize(
    "face, total", [(22, 4), (28, 10), (51, 6), (100, 0), (1, 1), (99, 18), (10, 1)]
)
def test_read_2d9(face: int, total: int) -> None:
    tens, ones, value = read_2d9(face)
    assert value == total == tens + ones
    assert (tens, ones) == divmod(face % 100, 10)


def test_read_2d9_examples_from_the_rules_and_range() -> None:
    assert read_2d9(100) == (0, 0, 0)
    assert read_2d9(51) == (5, 1, 6)
    assert read_2d9(7) == (0, 7, 7)
    for bad in (0, 101):
        with pytest.raises(ValueError):
            read_2d9(bad)


def test_2d9_evaluates_through_read_2d9() -> None:
    for face in range(1, 101):
        assert run("2D9", (100, face)).total == read_2d9(face)[2]


# --- errors and caps -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, column, message",
    [
        ("", 1, "empty expression"),
        ("   ", 1, "empty expression"),
        ("1D6)", 4, "unexpected ')'"),
        ("1D6 )", 5, "unexpected ')'"),
        ("()", 2, "expected a number, a die or '(', found ')'"),
        ("1D6+", 5, "expected a number, a die or '(', found the end of the expression"),
        ("1D", 3, "expected a number or '(' after 'D', found the end of the expression"),
        ("1Dx", 3, "unexpected character 'x'"),
        ("1D+", 3, "expected a number or '(' after 'D', found '+'"),
        ("(1+2", 5, "expected ')', found the end of the expression"),
        ("1D6<3<5", 6, "unexpected '<'"),
        ("2D6D6", 4, "unexpected 'D'"),
        ("--1", 2, "expected a number, a die or '(', found '-'"),
        ("+1", 1, "expected a number, a die or '(', found '+'"),
        ("1!2", 2, "unexpected character '!'"),
        ("１ｘ２", 2, "unexpected character 'ｘ'"),
        ("あ1D6", 1, "unexpected character 'あ'"),
        ("1D6 ＞＝ 3 ）", 10, "unexpected ')'"),
        ("0D6", 1, "number of dice must be 1 to 1000, got 0"),
        ("1001D6", 1, "number of dice must be 1 to 1000, got 1001"),
        ("1+(1-2)D6", 3, "number of dice must be 1 to 1000, got -1"),
        ("1D0", 3, "number of sides must be 1 to 10000, got 0"),
        ("1D(2-5)", 3, "number of sides must be 1 to 10000, got -3"),
        ("1D10001", 3, "number of sides must be 1 to 10000, got 10001"),
        ("1D(1D6)", 4, "number of sides cannot contain dice"),
        ("(2+1D6)D6", 4, "number of dice cannot contain dice"),
        ("600D6+600D6", 7, "too many dice: 1200 (at most 1000)"),
        ("1234567890", 1, "number too long: 10 digits (at most 9)"),
        ("1D6+0123456789", 5, "number too long: 10 digits (at most 9)"),
    ],
)
def test_errors_name_the_column(text: str, column: int, message: str) -> None:
    err = error_of(text)
    assert (err.column, err.message) == (column, message)
    assert str(err) == f"{message} (column {column})"
    assert isinstance(err, DhprocError)


def test_caps_allow_their_limits() -> None:
    assert parse("1000D10000").dice_count == 1000
    assert parse("500D6+499D6+2D9").dice_count == 1000
    assert parse("999999999+1").left is not None
    assert parse("(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH).dice_count == 0
    assert parse("1" + " " * (MAX_TEXT - 1)).source == "1"


def test_too_many_dice_points_at_the_term_that_crosses_the_cap() -> None:
    err = error_of("999D6+D6+2D9+3D6")  # 999, 1000, then 2D9 (one d100) makes 1001
    assert (err.column, err.message) == (10, "too many dice: 1004 (at most 1000)")


def test_nesting_cap() -> None:
    err = error_of("1+" + "(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1))
    assert err.column == 3 + MAX_DEPTH
    assert err.message == f"too deeply nested: more than {MAX_DEPTH} levels of parentheses"


def test_length_cap() -> None:
    err = error_of("1" + " " * MAX_TEXT)
    assert err.column == MAX_TEXT + 1
    assert err.message == "expression too long: 501 characters (at most 500)"


def test_column_counts_original_characters_even_when_nfkc_expands_them() -> None:
    # "⑩" folds to "10" (two characters) but is one column in the text as typed.
    assert run("⑩+1D6", (6, 2)).total == 12
    err = error_of("⑩+⑩+)")
    assert err.column == 5


def test_long_flat_chain_does_not_recurse_deeply() -> None:
    text = "+".join(["1"] * 250)
    result = run(text)
    assert result.total == 250
    assert format_result(result) == f"{text} → 250"


def test_non_text_and_lone_surrogate_are_dice_expr_errors() -> None:
    assert error_of(123).column == 1  # type: ignore[arg-type]
    assert error_of("\ud800").message == "unexpected character '\\ud800'"


def test_bad_face_from_roll_is_reported_at_the_term() -> None:
    expr = parse("1+2D6")
    with pytest.raises(DiceExprError) as info:
        evaluate(expr, lambda sides: 7)
    assert info.value.column == 3
    assert info.value.message == "roll(6) gave 7, not a face 1 to 6"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        format_result(run("1D6", (6, 1)), "fr")


# --- determinism and properties -----------------------------------------------------------------


def test_seeded_evaluation_is_deterministic() -> None:
    expr = parse("3D6+2D9+1D100<=50")
    first = evaluate(expr, stream(1, 0, "roll").die)
    second = evaluate(expr, stream(1, 0, "roll").die)
    assert first == second
    assert format_result(first) == format_result(second)
    assert sum(len(r.faces) for r in first.rolls) == expr.dice_count == 5
    other = evaluate(expr, stream(2, 0, "roll").die)
    assert [r.faces for r in other.rolls] != [r.faces for r in first.rolls]


def test_results_are_frozen() -> None:
    result = run("1D6", (6, 1))
    with pytest.raises(AttributeError):
        result.total = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        result.expr.source = "x"  # type: ignore[misc]
    assert isinstance(result.expr, DiceExpr)


GRAMMAR_CHARS = "0123456789dD+-*×()<>=!≤≥≠ 　１Ｄ（）＋−"


@settings(max_examples=400)
@given(st.one_of(st.text(max_size=60), st.text(alphabet=GRAMMAR_CHARS, max_size=60)))
def test_parse_raises_only_dice_expr_error(text: str) -> None:
    try:
        expr = parse(text)
    except DiceExprError as err:
        assert 1 <= err.column <= max(len(text), 0) + 1
        assert err.message
    else:
        assert isinstance(expr, DiceExpr)
        assert 0 <= expr.dice_count <= 1000
        result = evaluate(expr, PCG32(7, 11).die)
        assert isinstance(format_result(result), str)


@given(
    n=st.integers(1, 60),
    m=st.integers(1, 10_000),
    k=st.integers(-1000, 1000),
    seed=st.integers(0, 2**32),
)
def test_ndm_plus_k_total_is_in_range(n: int, m: int, k: int, seed: int) -> None:
    assume((n, m) != (2, 9))  # the d100 reading has its own range, tested above
    expr = parse(f"{n}D{m}{k:+d}")
    result = evaluate(expr, stream(seed, 0, "roll").die)
    assert n + k <= result.total <= n * m + k
    assert expr.dice_count == n == len(result.rolls[0].faces)
    assert all(1 <= f <= m for f in result.rolls[0].faces)
