"""移動 on the grid: routes, ZoC and the cancelling of impossible destinations (DH-3)."""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from .model import Board, Square


class MovePlan(NamedTuple):
    """What a 移動 does: the squares entered, where it ends, or why it cannot be made. A named
    tuple: every 移動 makes one (a cancelled one two), and a tuple is made without the frozen
    dataclass's call per field."""

    path: tuple[Square, ...]  # squares entered, in order (empty: no move)
    end: Square
    stopped_by_zoc: bool = False
    reason: str | None = None  # set when the destination cannot be reached: the action is cancelled

    @property
    def cancelled(self) -> bool:
        return self.reason is not None


def plan_move(board: Board, start: Square, dest: Square, movement: int,
              enemy_at: Callable[[Square], bool], *, given_path: Sequence[Square] | None = None,
              stop_at_blocker: bool = False) -> MovePlan:
    """Plan a 移動 from ``start`` to ``dest`` with ``movement`` orthogonal steps.

    ZoC (DH-3.3): after at least one step, entering a square where a living enemy stands ends the
    move there. A route is legal only if no square before its last holds an enemy. When only a
    ZoC-stopped route reaches ``dest``, the move is cancelled (the seed's rule), or with
    ``stop_at_blocker`` ends on the first blocker of that route (the 2009 ancestor's rule).
    """
    if dest == start and not given_path:
        return MovePlan((), start)
    if not board.on_board(dest):
        return MovePlan((), start, reason="off_map")
    if dest in board.walls:
        return MovePlan((), start, reason="wall")
    if given_path:
        return _follow(board, start, dest, movement, enemy_at, tuple(given_path), stop_at_blocker)
    if _distance(start, dest) > movement:
        return MovePlan((), start, reason="too_far")
    legal, blocked = _routes(board, start, dest, movement, enemy_at)
    if legal is not None:
        return MovePlan(legal, dest)
    if blocked is None:
        return MovePlan((), start, reason="no_route")
    if stop_at_blocker:
        cut = next(i for i, sq in enumerate(blocked) if enemy_at(sq)) + 1
        return MovePlan(blocked[:cut], blocked[cut - 1], stopped_by_zoc=True)
    return MovePlan((), start, reason="zoc")


def _distance(a: Square, b: Square) -> int:
    return abs(a.row - b.row) + abs(a.col - b.col)


def _routes(board: Board, start: Square, dest: Square, movement: int,
            enemy_at: Callable[[Square], bool]) -> tuple[tuple[Square, ...] | None, tuple[Square, ...] | None]:
    """The legal route and, when there is none, the ZoC-blocked route a 移動 would take.

    The route is the shortest, and among the shortest the first in neighbour order (up, down,
    left, right) step by step: a fixed order, so the chosen route never depends on anything but
    the board. A legal route passes no enemy before its last square; a blocked one may.

    Cost is a breadth-first search from ``dest`` (distances over the board) and one walk from
    ``start``: linear in the board's squares, whatever the movement.
    """
    legal = _first_shortest(board, start, dest, movement, lambda sq: not enemy_at(sq))
    if legal is not None:
        return legal, None
    return None, _first_shortest(board, start, dest, movement, lambda sq: True)


def _first_shortest(board: Board, start: Square, dest: Square, movement: int,
                    passable: Callable[[Square], bool]) -> tuple[Square, ...] | None:
    """The first shortest route of at most ``movement`` steps whose squares before ``dest`` are
    open, ``passable`` and not ``start``; None when there is none."""
    dist = _distances_to(board, start, dest, movement, passable)
    here, left = start, None
    for sq in start.neighbours():
        if sq in dist and (left is None or dist[sq] < left):
            left = dist[sq]
    if left is None or left + 1 > movement:
        return None
    route: list[Square] = []
    while True:
        step = next(sq for sq in here.neighbours() if dist.get(sq) == left)
        route.append(step)
        if step == dest:
            return tuple(route)
        here, left = step, left - 1


def _distances_to(board: Board, start: Square, dest: Square, movement: int,
                  passable: Callable[[Square], bool]) -> dict[Square, int]:
    """Steps from each square a route may use to ``dest`` (breadth first, up to ``movement``)."""
    dist = {dest: 0}
    layer = [dest]
    rows, cols, walls = board.rows, board.cols, board.walls  # Board.open, read in place: the search's inner step
    for d in range(1, movement):
        grown = []
        for sq in layer:
            for nxt in sq.neighbours():
                if nxt not in dist and nxt != start and 0 <= nxt.row < rows and 0 <= nxt.col < cols \
                        and nxt not in walls and passable(nxt):
                    dist[nxt] = d
                    grown.append(nxt)
        if not grown:
            break
        layer = grown
    return dist


def _follow(board: Board, start: Square, dest: Square, movement: int, enemy_at: Callable[[Square], bool],
            path: tuple[Square, ...], stop_at_blocker: bool) -> MovePlan:
    if path[-1] != dest:
        return MovePlan((), start, reason="path_mismatch")
    if len(path) > movement:
        return MovePlan((), start, reason="too_far")
    here = start
    for i, sq in enumerate(path):
        if _distance(here, sq) != 1:
            return MovePlan((), start, reason="path_not_adjacent")
        if not board.open(sq):
            return MovePlan((), start, reason="wall" if board.on_board(sq) else "off_map")
        if enemy_at(sq) and i < len(path) - 1:
            if stop_at_blocker:
                return MovePlan(path[: i + 1], sq, stopped_by_zoc=True)
            return MovePlan((), start, reason="zoc")
        here = sq
    return MovePlan(path, dest)


# A straight forced move's direction (DH-11.10): up is towards row Ａ, left towards column １.
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def push_line(board: Board, start: Square, direction: str, steps: int,
              stops: Callable[[Square], bool]) -> MovePlan:
    """A move of up to ``steps`` squares straight in ``direction``: it ends before a square it
    cannot enter (a wall, the MAP's edge) and on the first square ``stops`` says ends a move."""
    dr, dc = DIRECTIONS[direction]
    path: list[Square] = []
    here = start
    for _ in range(steps):
        nxt = Square(here.row + dr, here.col + dc)
        if not board.open(nxt):
            break
        path.append(nxt)
        here = nxt
        if stops(nxt):
            return MovePlan(tuple(path), here, stopped_by_zoc=True)
    return MovePlan(tuple(path), here)
