"""範囲: which squares an ability reaches from its user's square (DH-9.1).

Every shape includes the user's own square. Walls stop 隣接 and 斜め lines; for 半径 and 周囲 the
sources disagree, so the options ``radius_walls`` and ``around_walls`` choose. 壁貫通 ignores
walls. Squares are always listed row by row, so nothing downstream depends on a set's order.
"""

from __future__ import annotations

from .abilities import Range
from .model import Board, Square

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def squares_in_range(board: Board, origin: Square, rng: Range, *, wall_piercing: bool = False,
                     radius_walls: str = "block", around_walls: str = "block") -> list[Square]:
    shape, n = rng.shape, rng.size
    found: dict[Square, None]  # an ordered set: nothing depends on hash order
    if shape == "same_square":
        found = {origin: None}
    elif shape in ("adjacent", "diagonal"):
        found = {origin: None}
        for dr, dc in ORTHOGONAL if shape == "adjacent" else DIAGONAL:
            for k in range(1, n + 1):
                sq = Square(origin.row + dr * k, origin.col + dc * k)
                if not board.on_board(sq):
                    break
                if sq in board.walls and not wall_piercing:
                    break
                found[sq] = None
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
