"""logos's odds (``dhproc odds``, ``--dice-plan``'s 確率, ``--luck``), from the checks the
resolver settles (rolls.py) on the state the round starts from (LOGOS-12.1).

A logos attack rolls no die: it succeeds or not by colour and 攻撃 against 防御, so its odds are
certain, and a skill's only die is its 発動判定. A skill that attacks knocks out with the chance of
its 発動判定 when its attack succeeds.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...words.messages import say
from ...odds.d100 import check_odds, face_luck, success_chance
from ...odds.distribution import Distribution
from ...odds.inputs import not_declared, option, refuse, turn_of, turn_start, unknown_target
from ...odds.report import ActionOdds, Assumption, CheckOdds
from ...engine.resolution import state_before
from .model import Character, LogosState, Skill
from .rolls import activation_rolled, attack_result


def action_odds(match: Any, turn_number: int, who: str, target: str | None, action: str | None) -> ActionOdds:
    turn = turn_of(match, turn_number)
    state = state_before(match, turn_number)
    names = {cid: c.name for cid, c in state.characters.items()}
    side, place = _starter(turn, state, who, names)
    owner = state.characters[who]
    skills = [s for s in owner.skills if s.rate is not None]
    known = ["attack"] + [s.name for s in skills]
    if action is not None and action not in known:
        raise refuse(turn, ("submissions", side, "starters", place),
                     say("odds.no_action", who=who, turn=turn_number, action=action, known=", ".join(known)))
    facing = _facing(turn, state, side, place)
    target_id = target or facing
    if target_id is None:
        raise refuse(turn, ("submissions", side, "starters", place),
                     say("odds.needs_target", who=who, action=action or "attack"))
    if target_id not in state.characters:
        raise unknown_target(turn, target_id, names)
    t = state.characters[target_id]
    assumptions = [turn_start(turn_number), _facing_assumption(target is None)]
    if action is None or action == "attack":
        return _attack(state, owner, t, assumptions)
    skill = next(s for s in skills if s.name == action)
    return _skill(state, match.options, owner, skill, t, assumptions)


def _starter(turn: Any, state: LogosState, who: str, names: dict[str, str]) -> tuple[str, int]:
    """The side and 行動順 place (0-based) of ``who`` among the round's submitted starters."""
    for side, sub in turn.submissions.items():
        starters = sub.get("starters", [])
        if who in starters:
            return side, starters.index(who)
    declared = [c for sub in turn.submissions.values() for c in sub.get("starters", [])]
    raise not_declared(turn, who, declared, names)


def _facing(turn: Any, state: LogosState, side: str, place: int) -> str | None:
    """The enemy at the same 行動順 (LOGOS-3.1, while nobody before them is knocked out)."""
    other = state.opponent(side)
    starters = (turn.submissions.get(other) or {}).get("starters", [])
    return starters[place] if place < len(starters) else None


def _facing_assumption(facing: bool) -> Assumption:
    if not facing:
        return Assumption("target", "対象はコマンドラインで指定したキャラクター", "the target is the one named on the command line")
    return Assumption("target", "対象は行動順が同じ敵（それより前に誰も戦闘不能にならないとして）",
                      "the target is the enemy at the same 行動順 (as long as nobody before them is knocked out)")


def _attack_check(state: LogosState, a: Character, t: Character) -> tuple[CheckOdds, bool, Assumption]:
    atk, dfn = state.stat(a, "attack"), state.stat(t, "defense")
    result = attack_result(state.colors(a), state.weaknesses(t), atk, dfn)
    told = Assumption("stats", f"{a.name}の攻撃{atk}・色{'・'.join(state.colors(a)) or 'なし'}、"
                               f"{t.name}の防御{dfn}・弱点{'・'.join(state.weaknesses(t)) or 'なし'}",
                      f"{a.name}'s attack {atk}, colours {', '.join(state.colors(a)) or 'none'}; "
                      f"{t.name}'s defense {dfn}, weaknesses {', '.join(state.weaknesses(t)) or 'none'}")
    return CheckOdds("attack", Distribution.constant(result.outcome)), result.success, told


def _attack(state: LogosState, a: Character, t: Character, assumptions: list[Assumption]) -> ActionOdds:
    """LOGOS-12.1: an attack knocks out when it succeeds: certain either way."""
    check, success, told = _attack_check(state, a, t)
    ko = Fraction(1 if success and not t.knocked_out else 0)
    return ActionOdds(a.id, t.id, "attack", (check,), (), ko, None, None, tuple(assumptions + [told]))


def _skill(state: LogosState, options: dict, owner: Character, skill: Skill, t: Character,
           assumptions: list[Assumption]) -> ActionOdds:
    """The skill's 発動判定 at the rate the resolver reads (LOGOS-6.14), and, for a skill that
    attacks, the chance that its attack knocks the target out."""
    rate = state.rate(owner, skill)
    checked = skill.timing != "passive" or options["passive_check"] == "roll"
    rolled = activation_rolled(checked, options["activation_check"], rate, options["roll_at_100"])
    activation = check_odds(rate) if rolled else Distribution.constant(True)
    assumptions = assumptions + [option(options, "activation_check"), option(options, "roll_at_100"),
                                 Assumption("condition", "発動条件は満たすものとします", "the skill's condition is taken as met")]
    checks = [CheckOdds("activation_check", activation.map(lambda ok: "success" if ok else "failure"))]
    attacks = any(e.op == "attack" for e in skill.effects)
    if not attacks:
        return ActionOdds(owner.id, t.id, skill.name, tuple(checks), (), None, None, None, tuple(assumptions))
    check, success, told = _attack_check(state, owner, t)
    checks.append(check)
    ko = activation.p(True) if success and not t.knocked_out else Fraction(0)
    return ActionOdds(owner.id, t.id, skill.name, tuple(checks), (), ko, None, None, tuple(assumptions + [told]))


# ------------------------------------------------------------------------------ logged rolls

def roll_chance(roll: dict, events: list[dict], options: dict[str, Any] | None = None) -> Fraction | None:
    """A logged 発動判定's chance of success (a coin succeeds or fails at nothing); the logged rate
    already says what the options made it, so ``options`` is not read."""
    if roll.get("purpose") != "activation_check" or "rate" not in roll:
        return None
    return success_chance(roll["rate"])


def roll_luck(roll: dict, events: list[dict]) -> Fraction | None:
    if roll.get("purpose") != "activation_check" or "rate" not in roll:
        return None
    return face_luck(roll["face"])
