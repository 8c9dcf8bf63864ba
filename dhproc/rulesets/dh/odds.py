"""dh's odds (``dhproc odds``, ``--dice-plan``'s 確率, ``--luck``), from the checks the resolver
rolls (rolls.py) and the rates it reads (support.roll_rate), on the state the turn starts from.

A 通常攻撃: the 命中判定, the damage (攻撃力 − 防御力, at least 1), any ステータスダメージ軽減, the
chance to bring 体力 to 0 and how many hits that takes (DH-16.1). An ability: its 発動判定 and
成功判定 at the rates it would roll, and the 体力 damage of its ステータスダメージ effects (DH-16.2).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...engine.context import TurnContext
from ...words.messages import say
from ...odds.d100 import check_odds, face_luck, success_chance
from ...odds.distribution import Distribution
from ...odds.inputs import not_declared, option, refuse, turn_of, turn_start, unknown_target
from ...odds.report import ActionOdds, Assumption, CheckOdds, StepOdds
from ...odds.sampling import Folded, fold
from ...engine.resolution import state_before
from .abilities import Ability
from .ability_rules import mental_rate
from .effect_kinds import damage_amount
from .harm import reduction_on
from .model import Character, DhState
from .rolls import attack_damage, hit_rate, reduced_damage, without_die
from .status import stat
from .support import Support, points_of, roll_rate

CHECKS = ("hit_check", "activation_check", "success_check")  # the logged rolls that succeed or fail


def action_odds(match: Any, turn_number: int, who: str, target: str | None, action: str | None) -> ActionOdds:
    turn = turn_of(match, turn_number)
    state = state_before(match, turn_number)
    side, index, act = _declaration(turn, state, who)
    where = ("submissions", side, index)  # the 行動, where a problem with it is located
    user = state.characters[who]
    chosen = _chosen(turn, where, who, act, action, user)
    ctx = TurnContext(seed=match.seed, turn=turn_number, options=match.options, recorded=None)
    support = _support(side, index, act)
    if chosen == "attack":
        t = _target(turn, state, target or act["attack"])
        return _attack(state, ctx, user, t, support)
    named = target or _ability_target(act)
    t = _target(turn, state, named) if named is not None else None
    return _ability(state, ctx, user, _used_ability(state, user, _ability_name(act, user)), t, support, turn,
                    where)


def _used_ability(state: DhState, user: Character, name: str) -> Ability:
    """The user's own ability, or the one a 特殊能力付与 gives it by that name (DH-11.22)."""
    if user.ability is not None and user.ability.name == name:
        return user.ability
    return state.library.get(name) or user.ability  # type: ignore[return-value]


def _declaration(turn: Any, state: DhState, who: str) -> tuple[str, int, dict]:
    for side, actions in turn.submissions.items():
        for i, act in enumerate(actions):
            if act["who"] == who:
                return side, i, act
    declared = [a["who"] for actions in turn.submissions.values() for a in actions]
    raise not_declared(turn, who, declared, {cid: c.name for cid, c in state.characters.items()})


def _actions(act: dict, user: Character) -> list[str]:
    """What a 行動 does that has odds: its 通常攻撃, its ability (as ``ability`` or by its name)."""
    out = ["attack"] if "attack" in act else []
    if "ability" in act:
        out += ["ability", _ability_name(act, user)]
    return out


def _ability_name(act: dict, user: Character) -> str:
    use = act["ability"]
    if isinstance(use, str):
        return use
    return use.get("name") or (user.ability.name if user.ability else "ability")


def _chosen(turn: Any, where: tuple, who: str, act: dict, action: str | None, user: Character) -> str:
    known = _actions(act, user)
    if action is None and known:
        return "attack" if known[0] == "attack" else "ability"
    if action in known:
        return "attack" if action == "attack" else "ability"
    if not known:
        raise refuse(turn, where, say("odds.nothing_rolled", who=who, turn=turn.number))
    raise refuse(turn, where, say("odds.no_action", who=who, turn=turn.number, action=action,
                                              known=", ".join(known)))


def _target(turn: Any, state: DhState, cid: str) -> Character:
    if cid not in state.characters:
        raise unknown_target(turn, cid, {k: c.name for k, c in state.characters.items()})
    return state.characters[cid]


def _ability_target(act: dict) -> str | None:
    use = act["ability"]
    targets = use.get("targets", []) if isinstance(use, dict) else []
    return targets[0] if targets else None


def _support(side: str, index: int, act: dict) -> Support | None:
    if "bonus" not in act:
        return None
    return Support(side, points_of(act), ("submissions", side, index, "bonus"), not isinstance(act["bonus"], int))


# ------------------------------------------------------------------------------ 通常攻撃

def _attack(state: DhState, ctx: TurnContext, a: Character, t: Character, support: Support | None) -> ActionOdds:
    atk, dfn = stat(state, a, "attack"), stat(state, t, "defense")
    mode = ctx.options["hit_mode"]
    assumptions = [turn_start(ctx.turn), option(ctx.options, "hit_mode"), _stats(a, atk, t, dfn),
                   Assumption("reach", "攻撃は成立するものとします（移動の後に同じマスにいて、先手カウンターに止められない）",
                              "the attack is taken to happen (the two share a square after the move, and no 先手 "
                              "counter stops it)")]
    if mode == "sure":
        hit = Distribution.constant(True)
    else:
        rated = roll_rate(state, ctx, a, "hit_check", hit_rate(atk, dfn), support)
        hit = check_odds(rated.value)
        if rated.bonus:
            assumptions.append(_bonus("hit", rated.bonus))
    raw = hit.map(lambda h: attack_damage(atk, dfn, h, mode))
    steps = [StepOdds("attack", raw)]
    by = reduction_on(state, t, "hp") if ctx.options["reduction_covers_attacks"] else 0
    final = raw
    if by > 0:
        final = raw.map(lambda d: reduced_damage(d, by))
        steps.append(StepOdds("reduction", final))
        assumptions.append(_reduction(t, by))
    per_hit = reduced_damage(attack_damage(atk, dfn, True, mode), by)
    ko = _knock_out(final, t)
    hits = Distribution.constant(-(-t.hp // per_hit) if per_hit > 0 and not t.dead else 0)
    return ActionOdds(a.id, t.id, "attack", (CheckOdds("hit_check", hit.map(_hit_word)),), tuple(steps),
                      ko, ko, hits, tuple(assumptions))


def _hit_word(hit: bool) -> str:
    return "hit" if hit else "miss"


def _knock_out(damage: Distribution[int], t: Character) -> Fraction:
    return damage.probability(lambda amount: _knocks_out(amount, t))


def _knocks_out(amount: int, t: Character) -> bool:
    """DH-16.1: knocked out is 体力 0 (死亡; 瀕死 at 体力 1 is not), the same as killed."""
    return not t.dead and 0 < t.hp <= amount


def _stats(a: Character, atk: int, t: Character, dfn: int) -> Assumption:
    return Assumption("stats", f"{a.name}の攻撃力{atk}、{t.name}の防御力{dfn}・体力{t.hp}",
                      f"{a.name}'s attack {atk}; {t.name}'s defense {dfn}, HP {t.hp}")


def _reduction(t: Character, by: int) -> Assumption:
    return Assumption("reduction", f"{t.name}のダメージ軽減 {by}", f"{t.name}'s damage reduction {by}")


def _bonus(roll: str, points: int) -> Assumption:
    words = {"hit": ("命中判定", "hit check"), "activation": ("発動判定", "activation check"),
             "success": ("成功判定", "success check")}[roll]
    return Assumption(f"bonus.{roll}", f"応援ボーナス +{points}（{words[0]}）", f"support bonus +{points} ({words[1]})")


# ------------------------------------------------------------------------------ 特殊能力

def _ability(state: DhState, ctx: TurnContext, user: Character, ab: Ability, t: Character | None,
             support: Support | None, turn: Any, where: tuple) -> ActionOdds:
    assumptions = [turn_start(ctx.turn), option(ctx.options, "roll_at_100"),
                   option(ctx.options, "activation_per_effect"),
                   Assumption("restrictions", "制約・対象・射程は満たしているものとします",
                              "restrictions, targets and range are taken as met")]
    if ab.mental_attack and t is None:  # its 成功率 is each target's own (DH-8.8): name one
        raise refuse(turn, where, say("odds.needs_target", who=user.id, action=ab.name))
    activation = _check(state, ctx, user, "activation_check", ab.activation, support, assumptions)
    success_rate = mental_rate(ctx, t, state) if ab.mental_attack else ab.success
    if ab.mental_attack:
        assumptions.append(option(ctx.options, "mental_table"))
    success = _check(state, ctx, user, "success_check", success_rate, support, assumptions)
    checks = (CheckOdds("activation_check", activation.map(_success_word)),
              CheckOdds("success_check", success.map(_success_word)))
    damaging = [s for s in ab.effects if s.kind == "damage" and s.param("stat", "hp") == "hp"]
    if t is None or not damaging:
        return ActionOdds(user.id, t.id if t else None, ab.name, checks, (), None, None, None, tuple(assumptions))
    by = reduction_on(state, t, "hp")
    amounts = [reduced_damage(damage_amount(state, user, s, t), by) for s in damaging]
    if by > 0:
        assumptions.append(_reduction(t, by))
    folded = _ability_damage(activation, success, amounts, per_effect=ctx.options["activation_per_effect"],
                             key=f"{ctx.turn}/{user.id}/{ab.name}/{t.id}")
    total = folded.result
    ko = _knock_out(total, t)
    return ActionOdds(user.id, t.id, ab.name, checks, (StepOdds("effect", total),), ko, ko, None,
                      tuple(assumptions), folded.approximation(lambda d: _knocks_out(d, t)))


def _success_word(ok: bool) -> str:
    return "success" if ok else "failure"


def _check(state: DhState, ctx: TurnContext, user: Character, purpose: str, base: int, support: Support | None,
           assumptions: list[Assumption]) -> Distribution[bool]:
    """The exact chance of one 判定 as ability_rules.check makes it: the rate roll_rate gives, no
    die at 100 % (unless roll_at_100) or on a 転校生's sheet, else a d100."""
    rated = roll_rate(state, ctx, user, purpose, base, support)
    if rated.bonus:
        assumptions.append(_bonus(purpose.removesuffix("_check"), rated.bonus))
    if rated.changes:
        assumptions.append(Assumption(f"rate.{purpose}", f"{user.name}の確率操作：{base}% → {rated.value}%",
                                      f"{user.name}'s rate change: {base}% → {rated.value}%"))
    if without_die(rated.value, purpose, roll_at_100=ctx.options["roll_at_100"], auto_success=user.auto_success):
        return Distribution.constant(True)
    return check_odds(rated.value)


def _ability_damage(activation: Distribution[bool], success: Distribution[bool], amounts: list[int], *,
                    per_effect: bool, key: str) -> Folded:
    """体力 damage of the damaging effects: each lands when its activation (one roll for the
    ability, or one per effect with ``activation_per_effect``) and its own 成功判定 succeed.
    Exact while it fits the enumeration limit, else sampled and flagged (dhproc/odds/sampling.py)."""
    def dealt(amount: int) -> Distribution[int]:
        return success.map(lambda ok: amount if ok else 0)

    if per_effect:
        lands = activation.combine(success, lambda a, s: a and s)
        return fold([lands.map(lambda ok, n=amount: n if ok else 0) for amount in amounts], _add, 0, key=key)
    # one 発動判定 for the whole ability: (activated, damage so far), the activation drawn first
    folded = fold([activation] + [dealt(n) for n in amounts], _after_activation, (None, 0), key=key)
    return folded.map(lambda state: state[1])


def _add(total: int, more: int) -> int:
    return total + more


def _after_activation(state: tuple[bool | None, int], drawn: Any) -> tuple[bool | None, int]:
    on, total = state
    if on is None:
        return drawn, total
    return on, total + (drawn if on else 0)


# ------------------------------------------------------------------------------ logged rolls

def roll_chance(roll: dict, events: list[dict], options: dict[str, Any] | None = None) -> Fraction | None:
    """A logged 判定's chance of success: its rate read by the same check (the logged rate already
    says what the options made it: ``options`` is not read)."""
    if roll.get("purpose") not in CHECKS or "rate" not in roll:
        return None
    return success_chance(roll["rate"])


def roll_luck(roll: dict, events: list[dict]) -> Fraction | None:
    if roll.get("purpose") not in CHECKS or "rate" not in roll:
        return None
    return face_luck(roll["face"])
