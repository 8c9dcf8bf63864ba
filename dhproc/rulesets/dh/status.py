"""What a character is right now: its stats with lasting changes, and its states (DH-10).

Base stats live on the Character (damage and healing change them for good); lasting changes are
effects in the state's EffectStore, read here, so an expired effect simply stops counting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.effects import Effect
from .model import Board, parse_square

if TYPE_CHECKING:
    from .model import Character, DhState

STATS = ("attack", "defense", "hp", "spirit", "fs")
PHASE = "phase"  # the clock every dh end point is read on: the absolute phase index


def active(state: "DhState", e: Effect) -> bool:
    """Started (カウント遅延 may start it later) and not yet expired (``Effect.expired``: every dh
    effect ends on the phase clock, read once here)."""
    now = state.clocks.now(PHASE)
    return (e.end is None or now < e.end) and now >= e.data.get("from", 0)


def effects_on(state: "DhState", c: "Character", kind: str) -> list[Effect]:
    """The active effects of ``kind`` on ``c`` (as ``active`` tells, the clock read once): asked
    about ten times a 行動, mostly of kinds nobody holds (the readers below most asked first look
    the kind up themselves, in C, and come here only when ``c`` holds one)."""
    held = state.effects.lookup((c.id, kind))
    if not held:
        return []
    now = state.clocks.now(PHASE)
    return [e for e in held if (e.end is None or now < e.end) and now >= e.data.get("from", 0)]


def stat(state: "DhState", c: "Character", name: str) -> int:
    """The current value: the base plus every active 一時上昇/下降, never below 0."""
    base = getattr(c, name)
    if name == "hp":
        return base  # 体力 changes only by damage and healing, both permanent
    if not state.effects.lookup((c.id, "stat_change")):  # most characters, most of the time
        return max(0, base)
    change = 0  # summed apart, then added, as sum() did
    for e in effects_on(state, c, "stat_change"):
        if e.data["stat"] == name:
            change += e.data["amount"]
    return max(0, base + change)


def movement(state: "DhState", c: "Character") -> int:
    return max(0, c.movement + sum(e.data["amount"] for e in effects_on(state, c, "movement_change")))


def resting(state: "DhState", c: "Character") -> bool:
    return bool(state.effects.lookup((c.id, "ability_rest"))) and bool(effects_on(state, c, "ability_rest"))


def incapacitated(state: "DhState", c: "Character") -> bool:
    return bool(state.effects.lookup((c.id, "incapacitate"))) and bool(effects_on(state, c, "incapacitate"))


def sealed(state: "DhState", c: "Character", what: str) -> bool:
    """Under a 封印 of ``what`` (action 動作, move 移動, ability 特殊能力, attack 通常攻撃; DH-11.15)."""
    seals = state.effects.lookup((c.id, "seal")) and effects_on(state, c, "seal")
    return bool(seals) and any(e.data.get("seal") == what for e in seals)


def controller(state: "DhState", c: "Character") -> str | None:
    """Who holds ``c`` under 完全操作 now (DH-2.5): the user of the latest active control, or None."""
    held = state.effects.lookup((c.id, "control")) and effects_on(state, c, "control")
    return held[-1].source.get("user") if held else None


def granted(state: "DhState", c: "Character") -> list[str]:
    """The names of the abilities a 特殊能力付与 gives ``c`` now (DH-11.22), in the order given."""
    return list(dict.fromkeys(e.data["granted"] for e in effects_on(state, c, "granted_ability")))


def ability_named(state: "DhState", c: "Character", name: str | None):
    """``c``'s ability of that name: its own, else one given to it (or once given: what it set up
    goes on, DH-11.22); its own when the name is none of these."""
    if c.ability is not None and (name is None or c.ability.name == name):
        return c.ability
    return state.library.get(name or "", c.ability)


def barrier(state: "DhState", c: "Character") -> bool:
    return bool(effects_on(state, c, "barrier"))


def ignores_zoc(state: "DhState", c: "Character") -> bool:
    return bool(effects_on(state, c, "zoc_ignore"))


def counter_waiting(state: "DhState", c: "Character") -> list[Effect]:
    return effects_on(state, c, "counter")


# 移動 over terrain (DH-11.16 to DH-11.19): what a character's moves may enter, and who sees them.

def enters_walls(state: "DhState", c: "Character") -> bool:
    return bool(effects_on(state, c, "wall_entry"))


def crosses_barricades(state: "DhState", c: "Character") -> bool:
    return bool(effects_on(state, c, "barricade_cross"))


def passes_counters(state: "DhState", c: "Character") -> bool:
    return bool(effects_on(state, c, "counter_pass"))


def terrain(state: "DhState", kind: str) -> list[Effect]:
    """The active barricades or ZoC fields, in the order they were set."""
    if not state.effects.any_of(kind):  # every move asks; most matches never set one
        return []
    return [e for e in state.effects.select(kind=kind) if active(state, e)]


def barricade_squares(state: "DhState") -> frozenset:
    return frozenset(parse_square(sq) for e in terrain(state, "barricade") for sq in e.data["squares"])


def move_board(state: "DhState", c: "Character", *, barricades: bool = True):
    """The MAP as ``c``'s moves see it: walls are open to 壁進入, barricades closed unless it
    has バリケード突破 (a barricade is an obstacle a move treats as a wall)."""
    walls = frozenset() if enters_walls(state, c) else state.board.walls
    if barricades and not crosses_barricades(state, c):
        closed = barricade_squares(state)
        if closed:
            walls = walls | closed
    if walls is state.board.walls:  # the MAP as it is: most moves, with no barricade up
        return state.board
    return Board(state.board.rows, state.board.cols, walls)
