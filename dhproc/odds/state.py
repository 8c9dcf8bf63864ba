"""What count's, nicosw's and kagemiya's odds share beyond :mod:`dhproc.odds.inputs`: the state a
turn starts from with a scratch copy to ask the resolver on, the declared attack chosen by
``--action``, assumptions worded by a catalogue, the number of repeated hits that knock out, and
where a logged roll's check is said."""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..engine.context import TurnContext
from ..errors import InputError
from ..match import Match, Turn
from ..words.messages import listed, say
from ..engine.resolution import state_before
from .distribution import Distribution
from .inputs import not_declared, refuse, turn_of, unknown_target
from .report import Assumption


@dataclass(frozen=True)
class Start:
    match: Match
    turn: Turn
    state: Any  # the ruleset's state after the turns before ``turn``

    def scratch(self) -> tuple[Any, TurnContext]:
        """A copy of the state and a context of the turn, to ask the resolver without touching either."""
        ctx = TurnContext(seed=self.match.seed, turn=self.turn.number, options=self.match.options, recorded=None)
        return copy.deepcopy(self.state), ctx

    def problem(self, rel: tuple, message: str) -> InputError:
        return refuse(self.turn, rel, message)


def start_of(match: Match, turn_number: int) -> Start:
    """The state turn ``turn_number`` starts from (the turns before it resolved as written)."""
    return Start(match, turn_of(match, turn_number), state_before(match, turn_number))


def declarer(start: Start, who: str, declared: dict[str, Any], names: dict[str, str]) -> str:
    """The id of ``who`` (its id, or its display name) among the characters that declared actions
    in the turn (``declared``: id → its declarations); a located problem otherwise."""
    by_name = [i for i, n in names.items() if n == who]
    cid = who if who in names else by_name[0] if len(by_name) == 1 else who
    if cid not in declared:
        raise not_declared(start.turn, who, list(declared), names)
    return cid


def target_id(start: Start, target: str, names: dict[str, str]) -> str:
    """The character ``target`` names (its id, or its display name), or a located problem."""
    if target in names:
        return target
    by_name = [i for i, n in names.items() if n == target]
    if len(by_name) == 1:
        return by_name[0]
    raise unknown_target(start.turn, target, names)


def assumed(key: str, message: str, **values: Any) -> Assumption:
    """An assumption the figures rest on, worded by the catalogue message ``message`` in both languages."""
    return Assumption(key, say(message, "ja", **values), say(message, "en", **values))


HITS_CAP = 10  # repeated hits counted for the verdict; beyond them a knock-out is "not within reach"


def hits_to_knock_out(per_hit: Distribution[int], hp: int, *, cap: int = HITS_CAP) -> Distribution[int]:
    """How many hits of independent damage ``per_hit`` bring ``hp`` to 0: n with its chance, and 0
    for the chance that ``cap`` hits do not (all damage 0, or too little), so nothing is cut off.

    Counted in integers over a common denominator (exact, and far quicker than fractions)."""
    denominator = math.lcm(*(p.denominator for _, p in per_hit.items()))
    weights = [(dmg, int(p * denominator)) for dmg, p in per_hit.items()]
    alive: dict[int, int] = {hp: 1}  # HP left -> weight over denominator ** n
    fell: dict[int, Fraction] = {}
    scale = 1
    for n in range(1, cap + 1):
        scale *= denominator
        after: dict[int, int] = {}
        down = 0
        for left, w in alive.items():
            for dmg, q in weights:
                if left - dmg <= 0:
                    down += w * q
                else:
                    after[left - dmg] = after.get(left - dmg, 0) + w * q
        if down:
            fell[n] = Fraction(down, scale)
        alive = after
        if not alive:
            break
    rest = Fraction(sum(alive.values()), scale)
    return Distribution({**fell, **({0: rest} if rest else {})})


# --------------------------------------------------------------------------- logged rolls

def following(events: list[dict], roll: dict, kinds: tuple[str, ...]) -> dict | None:
    """The first event of one of ``kinds`` after ``roll`` in ``events``: the check whose dice it is,
    which a log writes just after them. None when ``events`` stops at the roll."""
    at = next((i for i, e in enumerate(events) if e is roll), None)
    if at is None:
        at = next((i for i, e in enumerate(events) if e == roll), None)
    if at is None:
        return None
    return next((e for e in events[at + 1:] if e["kind"] in kinds), None)


def die_luck(face: int, sides: int, *, higher_is_better: bool = True) -> Fraction:
    """Where one die's face stands among its faces, mid-rank, 1 the best for its roller."""
    p = Distribution.die(sides).percentile(face)
    return p if higher_is_better else 1 - p


def chosen_action(start: Start, who: str, found: list[tuple[str, tuple[str, ...], Any]], action: str | None,
                  rel: tuple) -> tuple[str, Any]:
    """The declared attack ``action`` names among ``found`` (each its label, the names it answers
    to, and the action), else the first; a located problem when there is none."""
    if not found:
        raise start.problem(rel, say("odds.nothing_rolled", who=who, turn=start.turn.number))
    chosen = [(label, act) for label, aliases, act in found if action is None or action == label or action in aliases]
    if not chosen:
        raise start.problem(rel, say("odds.no_action", who=who, turn=start.turn.number, action=action,
                                     known=listed(label for label, _, _ in found)))
    return chosen[0]
