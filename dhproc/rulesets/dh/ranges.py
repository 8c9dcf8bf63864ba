"""範囲: which squares an ability reaches from its user's square (DH-9.1).

Every shape includes the user's own square except 隣接nのnマス目, which is only the n-th square of each
straight line (DH-9.5). Walls stop 隣接, 斜め and one-direction lines (DH-9.6); for 半径 and 周囲 the
sources disagree, so the options ``radius_walls`` and ``around_walls`` choose. 壁貫通 ignores
walls. Squares are always listed row by row, so nothing downstream depends on a set's order.
"""

from __future__ import annotations

from .abilities import Range
from .model import Board, Square
from .movement import DIRECTIONS

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def squares_in_range(board: Board, origin: Square, rng: Range, *, wall_piercing: bool = False,
                     radius_walls: str = "block", around_walls: str = "block",
                     direction: str | None = None) -> list[Square]:
    """The squares ``rng`` reaches from ``origin``. ``direction`` is the one the submission chose for
    a ``line`` range whose design leaves it open (任意一方向); without one only ``origin`` is reached."""
    shape, n = rng.shape, rng.size
    found: dict[Square, None]  # an ordered set: nothing depends on hash order
    if shape == "same_square":
        found = {origin: None}
    elif shape in ("adjacent", "diagonal", "line"):
        if shape == "line":  # 一方向 (DH-9.6): fixed in the design, or chosen at use
            way = rng.direction if rng.direction in DIRECTIONS else direction
            steps: tuple[tuple[int, int], ...] = (DIRECTIONS[way],) if way in DIRECTIONS else ()
        else:
            steps = ORTHOGONAL if shape == "adjacent" else DIAGONAL
        found = {origin: None}
        for step in steps:
            found.update(dict.fromkeys(_line(board, origin, step, n, wall_piercing)))
    elif shape == "adjacent_nth":  # 隣接nのnマス目 (DH-9.5): the end of each full line, nothing nearer
        found = {origin: None} if n == 0 else {}
        for step in ORTHOGONAL:
            line = _line(board, origin, step, n, wall_piercing)
            if n and len(line) == n:
                found[line[-1]] = None
    elif shape == "radius":
        if wall_piercing or radius_walls == "ignore":
            found = {sq: None for sq in _all(board) if _manhattan(sq, origin) <= n}
        else:
            found = _flood(board, origin, lambda sq: _manhattan(sq, origin) <= n, steps=n)
    elif shape == "around":
        def in_block(sq: Square) -> bool:
            return abs(sq.row - origin.row) <= n and abs(sq.col - origin.col) <= n

        if wall_piercing or around_walls == "ignore":
            found = {sq: None for sq in _all(board) if in_block(sq)}
        else:  # reachable inside the block without crossing a wall: gaps let it through
            found = _flood(board, origin, in_block, steps=None)
    elif shape == "map":
        found = dict.fromkeys(_all(board))
    else:  # the schema admits no other shape
        raise ValueError(f"unknown range shape {shape!r}")
    if not wall_piercing:
        found = {sq: None for sq in found if sq not in board.walls}
    return sorted(found)


def _line(board: Board, origin: Square, step: tuple[int, int], n: int, wall_piercing: bool) -> list[Square]:
    """The squares of one straight line out to ``n``, nearest first, up to the MAP's edge or a wall."""
    dr, dc = step
    squares = []
    for k in range(1, n + 1):
        sq = Square(origin.row + dr * k, origin.col + dc * k)
        if not board.on_board(sq) or (sq in board.walls and not wall_piercing):
            break
        squares.append(sq)
    return squares


def _all(board: Board) -> list[Square]:
    return [Square(r, c) for r in range(board.rows) for c in range(board.cols)]


def _manhattan(a: Square, b: Square) -> int:
    return abs(a.row - b.row) + abs(a.col - b.col)


def _flood(board: Board, origin: Square, keep, steps: int | None) -> dict[Square, None]:
    seen = {origin: None}
    frontier = [origin]
    depth = 0
    while frontier and (steps is None or depth < steps):
        depth += 1
        grown = []
        for sq in frontier:
            for nxt in sq.neighbours():
                if nxt not in seen and board.open(nxt) and keep(nxt):
                    seen[nxt] = None
                    grown.append(nxt)
        frontier = grown
    return seen
