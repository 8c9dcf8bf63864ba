"""Semantic checks of a dh match that a schema cannot express, each located in its file."""

from __future__ import annotations

from typing import Any

from ...errors import Problem
from .model import DEFAULT_COLS, DEFAULT_ROWS, Board, Square, parse_square


def board_of(setup: dict[str, Any]) -> tuple[Board, list[tuple[tuple, str]]]:
    """The Board, and (path, message) pairs for wall squares that are not on it."""
    bad: list[tuple[tuple, str]] = []
    if "map" not in setup:
        from .model import DEFAULT_WALLS

        walls = frozenset(parse_square(w) for w in DEFAULT_WALLS)
        return Board(DEFAULT_ROWS, DEFAULT_COLS, walls), bad  # type: ignore[arg-type]
    m = setup["map"]
    rows, cols = m.get("rows", DEFAULT_ROWS), m.get("cols", DEFAULT_COLS)
    probe = Board(rows, cols, frozenset())
    walls: list[Square] = []
    for i, w in enumerate(m.get("walls", [])):
        sq, msg = square_problem(w, probe)
        if msg:
            bad.append((("map", "walls", i), msg))
        else:
            walls.append(sq)
    return Board(rows, cols, frozenset(walls)), bad


def square_problem(text: str, board: Board) -> tuple[Square | None, str | None]:
    sq = parse_square(text)
    if sq is None:
        return None, f"'{text}' is not a square (write a row letter and a column number, e.g. Ｂ３ or B3)"
    if not board.on_board(sq):
        last = Square(board.rows - 1, board.cols - 1).label
        return None, f"square '{text}' is off the map (Ａ１..{last})"
    return sq, None


def check_match(match: Any) -> list[Problem]:
    setup = match.setup
    problems: list[Problem] = []

    def at(rel: tuple, msg: str, key: bool = False) -> None:
        problems.append(match.problem(("setup",) + rel, msg, key=key))

    board, bad_walls = board_of(setup)
    for rel, msg in bad_walls:
        at(rel, msg)
    sides = setup["sides"]
    if setup["first"] not in sides:
        at(("first",), f"'{setup['first']}' is not a side (sides: {', '.join(sides)})")
    placed: dict[Square, str] = {}
    for cid, c in setup["characters"].items():
        if c["side"] not in sides:
            at(("characters", cid, "side"), f"'{c['side']}' is not a side (sides: {', '.join(sides)})")
        if "at" in c:
            sq, msg = square_problem(c["at"], board)
            if msg:
                at(("characters", cid, "at"), msg)
            elif sq in board.walls:
                at(("characters", cid, "at"), f"{sq.label} is a wall")
            elif sq in placed:
                # DH-1.4: one character per square at the initial placement
                at(("characters", cid, "at"), f"{sq.label} already holds '{placed[sq]}': one character per "
                                              f"square at the initial placement")
            else:
                placed[sq] = cid
    for sid, s in sides.items():
        leader = s.get("leader")
        if leader is None:
            continue
        c = setup["characters"].get(leader)
        if c is None:
            at(("sides", sid, "leader"), f"unknown character '{leader}'")
        elif c["side"] != sid:
            at(("sides", sid, "leader"), f"'{leader}' is not of side '{sid}'")
        elif "at" not in c:
            at(("sides", sid, "leader"), f"the leader '{leader}' must be a starter (give it 'at:')")
    for turn in match.turns:
        problems += _check_submissions(turn, setup, board)
    return problems


def _check_submissions(turn: Any, setup: dict, board: Board) -> list[Problem]:
    problems: list[Problem] = []
    chars = setup["characters"]
    for sid, actions in turn.submissions.items():
        if sid not in setup["sides"]:
            problems.append(turn.problem(("submissions", sid), f"'{sid}' is not a side "
                                                               f"(sides: {', '.join(setup['sides'])})", key=True))
            continue
        seen: dict[str, int] = {}
        for i, act in enumerate(actions):
            here = ("submissions", sid, i)
            who = act["who"]
            if who not in chars:
                problems.append(turn.problem(here + ("who",), f"unknown character '{who}'"))
            elif chars[who]["side"] != sid:
                # DH-2.3 precondition 2: a side moves only its own characters
                problems.append(turn.problem(here + ("who",), f"'{who}' belongs to side '{chars[who]['side']}', "
                                                              f"not '{sid}'"))
            elif who in seen:
                # DH-2.3 precondition 5: one 行動 per phase
                problems.append(turn.problem(here + ("who",), f"'{who}' already acts at entry {seen[who] + 1} "
                                                              f"of this phase"))
            else:
                seen[who] = i
            if "attack" in act and act["attack"] not in chars:
                problems.append(turn.problem(here + ("attack",), f"unknown character '{act['attack']}'"))
            if "attack" in act and act.get("wait"):
                problems.append(turn.problem(here + ("wait",), "an action either attacks or waits, not both"))
            for key in ("to",):
                if key in act:
                    _, msg = square_problem(act[key], board)
                    if msg:
                        problems.append(turn.problem(here + (key,), msg))
            for j, sq in enumerate(act.get("path", [])):
                _, msg = square_problem(sq, board)
                if msg:
                    problems.append(turn.problem(here + ("path", j), msg))
    return problems
