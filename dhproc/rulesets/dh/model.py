"""The typed state of a ダンゲロス 2.1 match: the MAP, the sides and the characters."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...engine.effects import Clocks, EffectStore
from ...engine.limits import UsageLedger
from .abilities import Ability

ROW_LABELS = "ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ"
DEFAULT_ROWS, DEFAULT_COLS = 5, 7
# The common 5×7 board: walls at Ａ４, Ｃ４, Ｅ４, leaving the corridors Ｂ４ and Ｄ４
# (research: dh-rules-addendum §2.3). Used only when the setup gives no map at all.
DEFAULT_WALLS = ("Ａ４", "Ｃ４", "Ｅ４")


class Square(NamedTuple):
    """A square of the MAP. A named tuple, not a dataclass: squares are compared, hashed and made
    on every step of a route and every ZoC or range test, and a tuple does each in C."""

    row: int  # 0-based, Ａ = 0
    col: int  # 0-based, １ = 0

    @property
    def label(self) -> str:
        """As the wikis write it: full-width row letter then full-width column number."""
        label = _LABELS.get(self)
        if label is None:
            label = _LABELS[self] = ROW_LABELS[self.row] + col_label(self.col)
        return label

    def neighbours(self) -> tuple["Square", ...]:
        """Orthogonal neighbours in a fixed order (up, down, left, right), so routes are stable."""
        near = _NEIGHBOURS.get(self)
        if near is None:
            r, c = self.row, self.col
            near = _NEIGHBOURS[self] = (Square(r - 1, c), Square(r + 1, c), Square(r, c - 1), Square(r, c + 1))
        return near


# What a square's label and neighbours are never changes: each is worked out once per square (a
# MAP has at most a few hundred, and their neighbours one row or column beyond).
_LABELS: dict[Square, str] = {}
_NEIGHBOURS: dict[Square, tuple[Square, ...]] = {}


def col_label(col: int) -> str:
    return "".join(chr(ord(d) - ord("0") + ord("０")) for d in str(col + 1))


def parse_square(text: str) -> Square | None:
    """``Ｂ３``, ``B3``, ``b3`` or ``Ｂ１０`` -> Square; None when it is not a square name."""
    if type(text) is not str:
        return _parse_square(text)
    if text not in _PARSED:  # a match names the same few squares again and again
        if len(_PARSED) >= _MOST_PARSED:
            _PARSED.clear()
        _PARSED[text] = _parse_square(text)
    return _PARSED[text]


_PARSED: dict[str, Square | None] = {}
_MOST_PARSED = 10_000  # what a long-lived process keeps of the names it has read


def _parse_square(text: Any) -> Square | None:
    t = unicodedata.normalize("NFKC", str(text)).strip().upper()
    if len(t) < 2 or not ("A" <= t[0] <= "Z") or not t[1:].isdigit() or not t[1:].isascii():
        return None
    col = int(t[1:])
    if col < 1:
        return None
    return Square(ord(t[0]) - ord("A"), col - 1)


class Board(NamedTuple):
    rows: int
    cols: int
    walls: frozenset[Square]

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq.row < self.rows and 0 <= sq.col < self.cols

    def open(self, sq: Square) -> bool:
        return 0 <= sq.row < self.rows and 0 <= sq.col < self.cols and sq not in self.walls


@dataclass
class Character:
    id: str
    name: str
    side: str
    attack: int
    defense: int
    hp: int
    spirit: int
    fs: int
    movement: int
    at: Square | None  # None: on the bench (never yet on the MAP)
    starter: bool
    leader: bool
    ability: Ability | None = None
    arrived_phase: int | None = None  # absolute phase of arrival; None for starters
    dead: bool = False
    withdrawn: bool = False  # 戦線離脱: off the MAP, but counts as on it for the two-phase rule
    withdrawn_from: Square | None = None  # where it returns to
    order: int = 0  # position in the setup: the tie-break wherever the rules give none
    gender: str | None = None  # 性別 (female / male / both / none), for 対象制約 (DH-9.3)
    grade: int | None = None  # 学年
    died_phase: int | None = None  # the phase of its death, for "someone died last phase" (DH-8.15)
    # 転校生 (DH-14): the GK's third side; these stay at their defaults for everyone else
    transfer: bool = False
    held_dp: int = 0  # 所持DP: what killing it yields (DH-14.5)
    zoc: bool = True  # whether it exerts ZoC (DH-14.7)
    auto_success: bool = False  # its ability's 発動判定 and 成功判定 succeed without a die (DH-14.9)
    never_dying: bool = False  # option transfer_dying: immune (DH-14.8)

    @property
    def on_map(self) -> bool:
        return self.at is not None and not self.withdrawn

    @property
    def dying(self) -> bool:
        return not self.dead and self.hp == 1 and not self.never_dying


@dataclass
class Side:
    id: str
    name: str
    leader: str | None
    dp: int = 0
    bonus: int | None = None  # 応援ボーナス points left (DH-15); None: the side has none


@dataclass
class DhState:
    board: Board
    sides: dict[str, Side]  # in phase order: 先攻 first
    characters: dict[str, Character]  # in setup order
    turn_limit: int | None
    outcome: dict[str, Any] | None = None
    acted: dict[str, int] = field(default_factory=dict)  # who has acted this phase -> its entry number
    # Lasting effects (stat changes, 能力休み, カウンター待受, fields, ...) with absolute end points
    # on the clock "phase", which reads the absolute phase index.
    clocks: Clocks = field(default_factory=Clocks)
    effects: EffectStore = field(default_factory=EffectStore)
    pending: list[Any] = field(default_factory=list)  # triggers not yet settled (harm.Trigger)
    extra_actions: list[str] = field(default_factory=list)  # 再行動 granted, not yet taken
    arrivals: list[str] = field(default_factory=list)  # first appearances whose passive is due
    appeared: list[str] = field(default_factory=list)  # characters whose passive has had its turn
    acting_side: str | None = None
    rest_rule: str = "no_action"
    turn_anchor: Any = None  # where errors about the current turn are located
    forestalling: int = 0  # 先手 counters being settled inside one another (DH-8.17), for the limit
    steps: Any = None  # the ability rules' steps harm and the effect kinds call back (harm.RuleSteps)
    initial: dict[str, dict[str, int]] = field(default_factory=dict)  # stats at the start (heal cap)
    start_targets: dict[str, dict[str, Any]] = field(default_factory=dict)  # passives' targets at game start
    reinforcements: list[dict[str, Any]] = field(default_factory=list)  # 増援 schedule (DH-2.6)
    sealed: str | None = None  # 封印キャラ still to arrive at the start of turn 2 (DH-4.6)
    library: dict[str, Ability] = field(default_factory=dict)  # what a 特殊能力付与 can give, by name (DH-11.22)
    # how often each character's ability has been activated (発動判定 succeeded), per game (DH-8.1)
    uses: UsageLedger = field(default_factory=UsageLedger)
    transfer: str | None = None  # the 転校生 side (DH-14), last in ``sides``; None in a two-side match
    transfer_arrivals: dict[str, tuple[int, Square]] = field(default_factory=dict)  # late 転校生: turn, square
    submissions: dict[str, Any] = field(default_factory=dict)  # this turn's, to locate a spent 応援ボーナス (DH-15.4)
    # what each armed counter can answer, by its effect's seq (ability_rules.ANSWERED_TRIGGERS), worked
    # out once: a holder's abilities never change, and triggers ask it of every counter
    answers: dict[int, tuple[tuple[str, ...], str | None]] = field(default_factory=dict)
    # the waiting counters by the (trigger kind, a moment before?) pairs they may answer, as of an
    # effects version (ability_rules._waiting)
    waiting: tuple[int, dict[tuple[str, bool], Any]] = (-1, {})
    deaths: int = 0  # deaths so far in this resolution: with the effects version, when to look again
    # (effects version, deaths) when the dead last had no waiting counter left (harm.end_dead_counters)
    dead_counters_seen: tuple[int, int] = (-1, -1)

    @property
    def phases(self) -> int:
        """Phases a turn: the two sides', and the 転校生's when there is one (DH-14.2)."""
        return phases_a_turn(self.transfer is not None)

    @property
    def players(self) -> list[str]:
        """The two player sides, 先攻 first: the 転校生 side is nobody's opponent (DH-14.4)."""
        return [s for s in self.sides if s != self.transfer]

    @property
    def phase_index(self) -> int:
        """The absolute phase (turn 1 先攻 = 1, 後攻 = 2, turn 2 先攻 = 3 ...): the phase clock itself."""
        return self.clocks.now("phase")

    @phase_index.setter
    def phase_index(self, value: int) -> None:
        self.clocks.advance("phase", value - self.clocks.now("phase"))

    def player_dp(self) -> dict[str, int]:
        """Each player side's DP, 先攻 first: what the turn's end and the outcome show (DH-14.4)."""
        return {s: self.sides[s].dp for s in self.players}

    def opponent(self, side_id: str) -> str:
        return next(s for s in self.players if s != side_id)

    def members(self, side_id: str) -> list[Character]:
        return [c for c in self.characters.values() if c.side == side_id]


def phases_a_turn(has_transfer: bool) -> int:
    return 3 if has_transfer else 2


def phase_of(turn: int, phase_no: int, phases: int = 2) -> int:
    """Absolute phase index: two phases a turn (先攻 then 後攻), three with a 転校生 (DH-14.2)."""
    return (turn - 1) * phases + phase_no


def turn_of(phase: int, phases: int = 2) -> int:
    """The turn an absolute phase index (1 or more) falls in."""
    return (phase - 1) // phases + 1
