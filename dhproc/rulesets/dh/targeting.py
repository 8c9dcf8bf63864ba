"""Where an ability's effect reaches and whom it takes (DH-9.1 to DH-9.3), and where a move ends
early on the way (ZoC and ZoCフィールド, DH-3.3, DH-11.18).

The effect kinds read these (a ZoCフィールド's squares, a forced move's stops) as the ability
rules do (対象決定, fields, counters' ranges), so they sit below both.
"""

from __future__ import annotations

from typing import Callable

from ...engine.context import TurnContext
from ...engine.relations import relates
from .abilities import Ability, EffectSpec
from .conditions import holds
from .model import Board, Character, DhState, Square
from .ranges import squares_in_range
from .status import ability_named, barricade_squares, ignores_zoc, terrain


def reach(state: DhState, ctx: TurnContext, user: Character, spec: EffectSpec, ab: Ability,
          origin: Square | None = None, direction: str | None = None) -> list[Square]:
    """The squares ``spec`` reaches from ``user`` (DH-9.1); ``direction`` is the one chosen at use
    for a line range (任意一方向, DH-9.6)."""
    where = origin or user.at
    if where is None:
        return []
    if where in state.board.walls and not ab.has("wall_piercing"):
        return [where]  # from inside a wall (壁進入) nothing reaches out (DH-11.16)
    board = state.board
    if ctx.options["barricade_blocks_ranges"]:  # DH-11.17
        board = Board(board.rows, board.cols, board.walls | barricade_squares(state))
    return squares_in_range(board, where, spec.range, wall_piercing=ab.has("wall_piercing"),
                            radius_walls=ctx.options["radius_walls"], around_walls=ctx.options["around_walls"],
                            direction=direction)


def admits(state: DhState, user: Character, spec: EffectSpec, c: Character) -> bool:
    """対象制約 (DH-9.3): the effect's ``targets.only`` condition holds for ``c``."""
    return spec.targets.only is None or holds(state, spec.targets.only, user, c).holds


def takes(ctx: TurnContext, user: Character, side: str, c: Character) -> bool:
    """Whether the 種別 ``side`` (enemy / ally / any / self) of ``user``'s effect covers ``c`` (DH-9.2)."""
    return relates(side, user, c, ally_includes_self=ctx.options["ally_includes_self"])


def move_stops(state: DhState, ctx: TurnContext, c: Character, *, forced: bool = False) -> Callable[[Square], bool]:
    """Where a move of ``c`` ends early: a square holding a living enemy (ZoC, DH-3.3) or one of a
    ZoCフィールド that takes ``c`` (DH-11.18). ZoC無視 ignores both (the field by option
    ``zoc_ignore_fields``); a forced move meets neither unless the option ``forced_move_zoc`` says so."""
    if forced and not ctx.options["forced_move_zoc"]:
        return lambda sq: False
    free = ignores_zoc(state, c)
    zoc_dead = ctx.options["dead_exert_zoc"]
    fields: dict[str, None] = {}  # an ordered set of square labels
    if not (free and ctx.options["zoc_ignore_fields"]):
        for f in terrain(state, "zoc_field"):
            owner = state.characters[f.data["owner"]]
            owned = ability_named(state, owner, f.data.get("ability"))
            spec = owned.effects[f.data["effect_index"] - 1] if owned else None
            if spec is not None and takes(ctx, owner, spec.targets.side, c) and admits(state, owner, spec, c):
                fields.update(dict.fromkeys(f.data["squares"]))

    zoc: dict[Square, None] | None = None  # the squares of the enemies exerting ZoC, when first asked

    def stops(sq: Square) -> bool:
        nonlocal zoc
        if fields and sq.label in fields:
            return True
        if free:
            return False
        if zoc is None:  # one planning asks of many squares; nobody moves while it plans
            zoc = dict.fromkeys(o.at for o in state.characters.values() if o.at is not None and o.side != c.side
                                and not o.withdrawn and (zoc_dead or not o.dead) and o.zoc)
        return sq in zoc
    return stops
