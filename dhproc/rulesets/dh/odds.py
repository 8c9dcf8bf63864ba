"""dh's odds (``dhproc odds``, ``--dice-plan``'s 確率, ``--luck``), from the checks the resolver
rolls (rolls.py) and the rates it reads (support.roll_rate), on the state the turn starts from.

A 通常攻撃: the 命中判定, the damage (攻撃力 − 防御力, at least 1), any ステータスダメージ軽減, the
chance to bring 体力 to 0 and how many hits that takes (DH-16.1). An ability: its 発動判定 and
成功判定 at the rates it would roll, and the 体力 damage of its ステータスダメージ effects and of the
normal attacks it makes, on the stats its earlier effects leave when they land (DH-16.2, DH-16.3).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ...engine.context import TurnContext
from ...words.messages import say
from ...engine.rates import D100
from ...odds.d100 import check_odds, face_luck, success_chance
from ...odds.distribution import Distribution
from ...odds.inputs import not_declared, option, refuse, turn_of, turn_start, unknown_target
from ...odds.report import ActionOdds, Assumption, CheckOdds, StepOdds
from ...odds.sampling import Folded, fold
from ...odds.state import assumed
from ...engine.resolution import state_before
from .abilities import Ability
from .ability_rules import apply_effect, mental_rate, own_phase
from .effect_kinds import Use, damage_amount
from .harm import reduction_on
from .model import Character, DhState
from .rolls import attack_damage, hit_rate, reduced_damage, succeeds, without_die
from .status import barrier, stat
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
    by = _attack_reduction(state, ctx, t)
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


def _attack_reduction(state: DhState, ctx: TurnContext, t: Character) -> int:
    """The ステータスダメージ軽減 a normal attack's damage takes on ``t`` (DH-11.14): none unless
    ``reduction_covers_attacks``."""
    return reduction_on(state, t, "hp") if ctx.options["reduction_covers_attacks"] else 0


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
    bearing = [s for s in ab.effects if _bears(s)]
    if t is None or not any(_harms(s) for s in bearing):
        return ActionOdds(user.id, t.id if t else None, ab.name, checks, (), None, None, None, tuple(assumptions))
    by = reduction_on(state, t, "hp")
    if by > 0:
        assumptions.append(_reduction(t, by))
    effects = _Effects(state, ctx, user, ab, t, support)
    if any(s.kind == "normal_attack" for s in bearing):
        assumptions += [option(ctx.options, "hit_mode"), option(ctx.options, "reduction_covers_attacks")]
    if any(s.kind in CHANGES for s in bearing):
        assumptions.append(assumed("changes", "dh.odds_changes"))
    if effects.blocked:
        assumptions.append(assumed("barrier", "dh.odds_barrier", target=t.name))
    folded = _ability_damage(activation, success, bearing, effects, per_effect=ctx.options["activation_per_effect"],
                             key=f"{ctx.turn}/{user.id}/{ab.name}/{t.id}")
    total = folded.map(lambda landing: landing.total).result
    checks += _first_hit(folded.result)
    ko = _knock_out(total, t)
    return ActionOdds(user.id, t.id, ab.name, checks, (StepOdds("effect", total),), ko, ko, None,
                      tuple(assumptions), folded.approximation(lambda landing: _knocks_out(landing.total, t)))


def _first_hit(landings: Distribution[Any]) -> tuple[CheckOdds, ...]:
    """The 命中判定 of the ability's first normal attack, given that it is made (DH-16.3); none
    when the ability makes no attack or can never make it."""
    made = landings.probability(lambda landing: landing.hit is not None)
    if not made:
        return ()
    hit = landings.probability(lambda landing: landing.hit is True) / made
    return (CheckOdds("hit_check", Distribution({"hit": hit, "miss": 1 - hit})),)


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


CHANGES = ("stat_change", "stat_swap", "damage", "rate_change", "damage_reduction")  # kinds a later attack reads
NO_FACE = (None,)  # an effect whose landing rolls no 命中判定


def _harms(spec: Any) -> bool:
    """An effect that takes 体力 off its target: a 体力 ステータスダメージ, or a normal attack (DH-11.13)."""
    return spec.kind == "normal_attack" or (spec.kind == "damage" and spec.param("stat", "hp") == "hp")


def _bears(spec: Any) -> bool:
    """An effect the ability's 体力 damage depends on: one that harms, or one that changes what a
    later normal attack of the same use reads (攻撃力, 防御力, its 軽減) when it lands."""
    return _harms(spec) or (spec.kind in CHANGES and spec.param("stat") != "hp")


@dataclass(frozen=True)
class _Landing:
    """Where one use of the ability stands after the effects drawn so far: one outcome of the fold."""

    on: bool | None  # the ability's one 発動判定 (None before it is drawn; True with one per effect)
    total: int  # 体力 damage dealt to the target
    landed: tuple[int, ...] = ()  # the effects (by index) that changed what later attacks read
    hit: bool | None = None  # the first normal attack's 命中判定, None while none is made


class _Effects:
    """What each effect does to the target when it lands, read from the same rules the resolver
    applies: a normal attack's 命中判定 and damage as strike.py makes them, on the state the
    earlier effects that landed leave (applied by ability_rules.apply_effect to a copy)."""

    def __init__(self, state: DhState, ctx: TurnContext, user: Character, ab: Ability, t: Character,
                 support: Support | None):
        self.state, self.ctx, self.user, self.ab, self.t, self.support = state, ctx, user, ab, t, support
        self.blocked = t.id != user.id and barrier(state, t) and not ab.has("barrier_piercing")
        self._after: dict[tuple[int, ...], tuple[DhState, Character, Character]] = {}

    def after(self, landed: tuple[int, ...]) -> tuple[DhState, Character, Character]:
        """The state with the effects ``landed`` applied (each on its user or on the target), the
        user and the target in it."""
        if landed not in self._after:
            state = copy.deepcopy(self.state) if landed else self.state
            user, t = state.characters[self.user.id], state.characters[self.t.id]
            if landed:  # the odds' own context records nothing: its events are dropped with it
                use = Use(user, self.ab, {}, "action", own_phase(state, user), support=self.support)
                for spec in self.ab.effects:
                    if spec.index in landed:
                        apply_effect(state, self.ctx, use, spec, [user if spec.targets.side == "self" else t])
            self._after[landed] = (state, user, t)
        return self._after[landed]

    def faces(self, spec: Any) -> tuple[int | None, ...]:
        """The faces the effect's own die can show once it lands: a normal attack's d100 命中判定."""
        if spec.kind == "normal_attack" and self.ctx.options["hit_mode"] != "sure":
            return tuple(range(1, D100 + 1))
        return NO_FACE

    def land(self, spec: Any, landing: _Landing, face: int | None) -> _Landing:
        if self.blocked and spec.targets.side != "self":
            return landing  # DH-11.4: a バリア keeps the effect off (apply_effect)
        state, user, t = self.after(landing.landed)
        if spec.kind == "normal_attack":
            hit, dealt = self.strike(state, user, t, face)
            return replace(landing, total=landing.total + dealt, hit=landing.hit if landing.hit is not None else hit)
        if _harms(spec):
            dealt = reduced_damage(damage_amount(state, user, spec, t), reduction_on(state, t, "hp"))
            return replace(landing, total=landing.total + dealt)
        return replace(landing, landed=landing.landed + (spec.index,))

    def strike(self, state: DhState, a: Character, t: Character, face: int | None) -> tuple[bool, int]:
        """One normal attack's 命中判定 on ``face`` and its 体力 damage, as strike.strike makes them."""
        atk, dfn = stat(state, a, "attack"), stat(state, t, "defense")
        mode = self.ctx.options["hit_mode"]
        hit = mode == "sure" or succeeds(face, roll_rate(state, self.ctx, a, "hit_check", hit_rate(atk, dfn),
                                                         self.support).value)
        return hit, reduced_damage(attack_damage(atk, dfn, hit, mode), _attack_reduction(state, self.ctx, t))


def _ability_damage(activation: Distribution[bool], success: Distribution[bool], bearing: list[Any],
                    effects: _Effects, *, per_effect: bool, key: str) -> Folded:
    """What the use leaves, effect by effect in order: each lands when its activation (one roll for
    the ability, or one per effect with ``activation_per_effect``) and its own 成功判定 succeed, and
    a normal attack then rolls its 命中判定. Exact while it fits the enumeration limit, else sampled
    and flagged (dhproc/odds/sampling.py)."""
    lands = activation.combine(success, lambda a, s: a and s) if per_effect else success
    parts: list[Distribution[Any]] = [] if per_effect else [activation.map(lambda on: ("on", on))]
    for spec in bearing:
        faces = Distribution.uniform(effects.faces(spec))
        parts.append(lands.combine(faces, lambda ok, face, index=spec.index: (index, ok, face)))
    by_index = {spec.index: spec for spec in bearing}  # an effect's spec holds a dict: outcomes carry its index

    def step(landing: _Landing, drawn: tuple) -> _Landing:
        if drawn[0] == "on":
            return replace(landing, on=drawn[1])
        index, ok, face = drawn
        return effects.land(by_index[index], landing, face) if ok and landing.on else landing

    return fold(parts, step, _Landing(on=True if per_effect else None, total=0), key=key)


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
