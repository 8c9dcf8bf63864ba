"""The route search (DH-3) is breadth first; the old exhaustive search is kept here as the oracle.

The exhaustive search grew every simple path up to the movement: exponential in the movement
(a 26×99 map with the target walled in took over a minute at movement 20). The breadth-first
search must choose exactly the same route on every board, which the property test checks on
random boards (10,000 in the deep profile), and the scenarios check on the rules' own cases.
"""

from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from dhproc.rulesets.dh.model import Board, Square
from dhproc.rulesets.dh.movement import _routes, plan_move

BOARDS = 10_000 if os.environ.get("HYPOTHESIS_PROFILE") == "deep" else 400


def _distance(a: Square, b: Square) -> int:
    return abs(a.row - b.row) + abs(a.col - b.col)


def exhaustive_routes(board, start, dest, movement, enemy_at):
    """The search dhproc used before: every simple path, shortest first, in neighbour order."""
    frontier = [()]
    first_blocked = None
    for _ in range(movement):
        grown = []
        for path in frontier:
            here = path[-1] if path else start
            for nxt in here.neighbours():
                if not board.open(nxt) or nxt == start or nxt in path:
                    continue
                route = path + (nxt,)
                if nxt == dest:
                    if not any(enemy_at(sq) for sq in path):
                        return route, first_blocked
                    if first_blocked is None:
                        first_blocked = route
                elif _distance(nxt, dest) <= movement - len(route):
                    grown.append(route)
        frontier = grown
    return None, first_blocked


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    squares = [Square(r, c) for r in range(rows) for c in range(cols)]
    start = draw(st.sampled_from(squares))
    dest = draw(st.sampled_from(squares))
    others = [sq for sq in squares if sq != start]
    walls = draw(st.sets(st.sampled_from(others), max_size=len(others))) if others else set()
    walls.discard(dest)
    free = [sq for sq in others if sq not in walls]
    enemies = draw(st.sets(st.sampled_from(free), max_size=len(free))) if free else set()
    movement = draw(st.integers(0, 9))
    return Board(rows, cols, frozenset(walls)), start, dest, movement, frozenset(enemies)


@settings(max_examples=BOARDS)
@given(boards())
def test_dh_3_3_breadth_first_route_is_the_exhaustive_route(case) -> None:
    board, start, dest, movement, enemies = case
    if start == dest or _distance(start, dest) > movement:
        return  # plan_move answers these before any search
    legal, blocked = _routes(board, start, dest, movement, enemies.__contains__)
    old_legal, old_blocked = exhaustive_routes(board, start, dest, movement, enemies.__contains__)
    assert legal == old_legal
    if legal is None:
        assert blocked == old_blocked


def test_dh_3_3_walled_in_target_on_a_large_map_is_answered_at_once() -> None:
    """The case that ran for minutes: 26×99, the target enclosed by four walls, movement 20.
    With the old search this test would not finish; it has no timer (speed lives in `make bench`)."""
    dest = Square(10, 50)
    board = Board(26, 99, frozenset(dest.neighbours()))
    plan = plan_move(board, Square(10, 40), dest, 20, lambda sq: False)
    assert plan.reason == "no_route"
    enemy = Square(10, 45)
    plan = plan_move(Board(26, 99, frozenset()), Square(10, 40), dest, 200, lambda sq: sq == enemy)
    assert plan.path[0] == Square(9, 40) and len(plan.path) == 12  # round the enemy, shortest
