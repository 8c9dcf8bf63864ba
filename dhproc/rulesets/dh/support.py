"""The rate a dh roll is made at: 発動率 / 成功率 操作 (DH-11.20) and 応援ボーナス (DH-15).

Every 発動判定, 成功判定 and 命中判定 asks :func:`roll_rate` for its rate, so the lasting effects
on the roller and a bonus its 行動 declared are applied in one place, in the order of option
``rate_change_order``, by the shared :mod:`dhproc.engine.rates`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...engine.context import TurnContext
from ...engine.rates import Rate, RateChange, modified
from ...errors import ResolutionError
from ...words.messages import say
from . import messages as _messages  # noqa: F401  (registers the dh catalogue)
from .model import Character, DhState
from .status import effects_on

# The roll a check purpose is, as a submission's ``bonus`` names it.
ROLLS = {"activation_check": "activation", "success_check": "success", "hit_check": "hit"}


class Support(NamedTuple):
    """The 応援ボーナス one 行動 declares (DH-15.1): points per roll of each kind, paid by ``side``."""

    side: str
    points: dict[str, int]  # activation / hit / success -> points on each such roll
    where: tuple  # the submission's ``bonus``, relative to the turn, for a located error
    by_roll: bool = False  # written as a mapping by roll (then an error points at the roll's entry)

    def on(self, roll: str) -> int:
        return self.points.get(roll, 0)


def points_of(action: dict) -> dict[str, int]:
    """The points ``action`` declares by roll; a number alone is for the roll its 動作 makes first:
    the 命中判定 of an attack, the 発動判定 of an ability (DH-15.1)."""
    bonus = action.get("bonus")
    if bonus is None:
        return {}
    return {("hit" if "attack" in action else "activation"): bonus} if isinstance(bonus, int) else dict(bonus)


def declared(state: DhState, side_id: str, action: dict) -> Support | None:
    """The bonus ``action`` (a 行動 of ``side_id``'s submission) spends, or None."""
    if "bonus" not in action:
        return None
    index = next(i for i, a in enumerate(state.submissions.get(side_id, [])) if a is action)
    return Support(side_id, points_of(action), ("submissions", side_id, index, "bonus"),
                   not isinstance(action["bonus"], int))


def used(setup: dict) -> bool:
    """Whether a setup can meet 応援ボーナス or a rate change at all: a side's pool, an ability with a
    ``rate_change`` effect, or one in play in a continued match."""
    abilities = [c.get("ability") or {} for c in setup["characters"].values()]
    return (any("bonus" in s for s in setup["sides"].values())
            or any(e.get("kind") == "rate_change" for ab in abilities for e in ab.get("effects", []))
            or any(e.get("kind") == "rate_change" for e in setup.get("effects", [])))


def rate_changes(state: DhState, c: Character, roll: str) -> list[RateChange]:
    """The 発動率 / 成功率 操作 (DH-11.20) on ``c`` for a roll of ``roll``, in the order applied."""
    out = []
    for e in effects_on(state, c, "rate_change"):
        if e.data["rate"] not in (roll, "both"):
            continue
        if "set" in e.data:
            out.append(RateChange("set", e.data["set"], e.seq))
        elif e.data.get("amount") == "half":
            out.append(RateChange("half", 0, e.seq))
        else:
            out.append(RateChange("add", e.data.get("amount", 0), e.seq))
    return out


def roll_rate(state: DhState, ctx: TurnContext, who: Character, purpose: str, base: int,
              support: Support | None) -> Rate:
    """The rate ``who`` rolls ``purpose`` at: ``base`` with its rate effects and the bonus its 行動
    spends on this roll. A bonus the side's pool cannot cover is an error located at the
    submission's ``bonus`` (DH-15.4)."""
    roll = ROLLS[purpose]
    changes = rate_changes(state, who, roll) if roll != "hit" and state.effects.lookup((who.id, "rate_change")) else []
    points = support.on(roll) if support is not None else 0
    if roll == "success" and not ctx.options["support_success"]:
        points = 0
    if points:
        side = state.sides[support.side]
        held = side.bonus or 0
        if points > held:
            where = support.where + ((roll,) if support.by_roll else ())
            raise ResolutionError([state.turn_anchor.problem(where, say(
                "dh.support_short", side=side.name, held=held, points=points, who=who.name,
                roll=say(f"dh.roll_{roll}")))])
    return modified(base, changes, points, bonus_first=ctx.options["rate_change_order"] == "bonus_first")


def shown(rate: Rate) -> dict[str, Any]:
    """What a check event adds when the rate was changed: the base and the working."""
    if not rate.changed:
        return {}
    return {"base": rate.base, "working": rate.steps()}


def spend(state: DhState, ctx: TurnContext, who: Character, purpose: str, rate: Rate, face: int | None,
          support: Support | None) -> None:
    """Take the points of a bonus the roll was made with from the side's pool (DH-15.3): all of
    them, or with option ``support_unneeded: kept`` none when the roll succeeds without them."""
    if not rate.bonus or support is None:
        return
    plain = rate.without_bonus
    needed = plain < 100 and (face is None or face > plain)
    spent = rate.bonus if needed or ctx.options["support_unneeded"] == "spent" else 0
    side = state.sides[support.side]
    side.bonus = (side.bonus or 0) - spent
    ctx.emit("support", side=side.id, actor=who.id, check=purpose, points=rate.bonus, spent=spent,
             remaining=side.bonus)
