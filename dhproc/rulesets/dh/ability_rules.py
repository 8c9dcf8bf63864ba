"""特殊能力の使用, exactly as the seed's procedures say (DH-8), run on abilities as data.

Active / passive:  1 対象決定 → 2 発動判定 → 3 成功判定 → 4 効果の適用 → 5 制約の支払い・能力休み → 6 end,
then 再行動. Counter: 1 発動判定 → 2 カウンター待受状態 → 3 制約・能力休み → 4 end; later, each time its
condition holds, 成功判定 and the effect on that moment's target. A multi-effect ability runs the
発動処理 (1–4, or 1–2) of each effect in turn and pays its 制約 once at the end.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ...engine.context import TurnContext
from ...engine.timing import DEPTH_FIRST, Cascade, CascadeLimit
from ...errors import ResolutionError
from . import harm
from .abilities import GAME, PER_GAME, Ability, EffectSpec, delay_of
from .conditions import holds
from .effect_kinds import (HANDLERS, LASTING, REPEATABLE, TARGETLESS, Use, area_effect, end_point, lasting,
                           summon_plan, summon_problem)
from .model import Character, DhState, Square, parse_square
from .rolls import succeeds, without_die
from .status import PHASE, ability_named, active, barrier, granted, sealed, stat
from .support import Support, roll_rate, shown, spend
from .targeting import admits, reach, takes
from ...words.messages import say
from . import messages as _messages  # noqa: F401  (registers the dh catalogue)

# 精神攻撃 (DH-8.8): 成功率 by the target's current 精神; 3 and above is the last row.
MENTAL_TABLES = {"standard": (100, 50, 25, 0), "campaign": (100, 75, 50, 25)}


# ---------------------------------------------------------------------------------- helpers

def candidates(state: DhState, ctx: TurnContext, user: Character, spec: EffectSpec, ab: Ability,
               origin: Square | None = None, direction: str | None = None) -> list[Character]:
    """Characters this effect may take, in setup order (DH-9.2)."""
    if spec.targets.side == "self":
        return [user]
    squares = reach(state, ctx, user, spec, ab, origin, direction)
    want_dead = spec.kind == "revive"
    return [c for c in state.characters.values()
            if c.at is not None and not c.withdrawn and c.at in squares and c.dead == want_dead
            and takes(ctx, user, spec.targets.side, c) and admits(state, user, spec, c)]


def _named(sub: dict[str, Any], spec: EffectSpec, ab: Ability) -> list[str] | None:
    if ab.has("retarget"):
        per = sub.get("effects") or []
        if spec.index <= len(per) and "targets" in per[spec.index - 1]:
            return per[spec.index - 1]["targets"]
    return sub.get("targets")


def choose_targets(state: DhState, ctx: TurnContext, user: Character, ab: Ability, spec: EffectSpec,
                   sub: dict[str, Any]) -> tuple[list[Character], str | None]:
    """対象決定 (DH-8.1, DH-9.2): the targets, or why there are none."""
    if spec.kind in TARGETLESS:
        return [user], None
    way = sub.get("direction")
    pool = candidates(state, ctx, user, spec, ab, direction=way)
    if ab.type == "field":
        return (pool, None) if pool or not ctx.options["field_needs_targets"] else ([], "no_target")
    if spec.targets.count == "multi" or spec.targets.side == "self":
        return (pool, None) if pool else ([], "no_target")
    if spec.targets.count == "square":  # 1マス内全員 (DH-9.4): everyone qualifying on the named square
        square = parse_square(sub["at"]) if "at" in sub else None
        if square is None:
            return [], "no_square"
        if square not in reach(state, ctx, user, spec, ab, direction=way):
            return [], "square_out_of_range"
        chosen = [c for c in pool if c.at == square]
        return (chosen, None) if chosen else ([], "no_target")
    named = _named(sub, spec, ab)
    if not named:
        return [], "no_target"
    most = spec.targets.most if spec.targets.count == "up_to" else 1
    if len(named) > most:
        return [], "too_many_targets"
    chosen = [c for c in pool if c.id in named]  # setup order, each once
    return (chosen, None) if len(chosen) == len(dict.fromkeys(named)) else ([], "invalid_target")


def _why_not_target(state: DhState, ctx: TurnContext, user: Character, ab: Ability, spec: EffectSpec,
                    sub: dict[str, Any]) -> dict[str, str]:
    """The named target and why it is not among the candidates, for the report (DH-9.2)."""
    named = (_named(sub, spec, ab) or [None])[0]
    c = state.characters.get(named) if isinstance(named, str) else None
    if c is None:
        return {}
    if c.at is None or c.withdrawn:
        cause = "not_on_map"
    elif c.dead != (spec.kind == "revive"):
        cause = "dead" if c.dead else "alive"
    elif not takes(ctx, user, spec.targets.side, c):
        cause = "wrong_side"
    else:
        cause = "out_of_range"
    return {"target": c.id, "cause": cause}


def mental_rate(ctx: TurnContext, target: Character, state: DhState) -> int:
    table = MENTAL_TABLES[ctx.options["mental_table"]]
    return table[min(stat(state, target, "spirit"), 3)]


def check(state: DhState, ctx: TurnContext, user: Character, purpose: str, rate: int, *,
          support: Support | None = None, **about: Any) -> bool:
    """One 判定: a d100 at most the rate succeeds (DH-7.1); a rate of 100 or more needs no die
    unless the option ``roll_at_100`` says so (DH-7.2). The rate is the user's after its 発動率 /
    成功率 操作 and the 応援ボーナス its 行動 spends on the roll (DH-11.20, DH-15)."""
    r = roll_rate(state, ctx, user, purpose, rate, support)
    working = shown(r)
    sure = without_die(r.value, purpose, roll_at_100=ctx.options["roll_at_100"], auto_success=user.auto_success)
    if sure == "rate":
        ctx.emit("check", actor=user.id, check=purpose, rate=r.value, face=None, success=True, **about, **working)
        spend(state, ctx, user, purpose, r, None, support)
        return True
    if sure == "auto":  # a 転校生's sheet (DH-14.9)
        ctx.emit("check", actor=user.id, check=purpose, rate=r.value, face=None, success=True, auto=True, **about,
                 **working)
        return True  # no die, so no 応援ボーナス is spent on it
    face = ctx.roll(100, purpose, actor=user.id, rate=r.value, **about)
    ok = succeeds(face, r.value)
    ctx.record({"seq": None, "kind": "check", "actor": user.id, "check": purpose, "rate": r.value, "face": face,
                "success": ok, **about, **working})
    if support is not None:  # nothing to spend without a bonus declared
        spend(state, ctx, user, purpose, r, face, support)
    return ok


def _ability_sealed(state: DhState, ctx: TurnContext, c: Character) -> bool:
    """特殊能力封印 reaching past the 動作 (option ``ability_seal``, DH-11.15): a waiting counter does
    not fire and a field does not re-roll while its owner's ability is sealed."""
    return ctx.options["ability_seal"] == "all" and sealed(state, c, "ability")


# ---------------------------------------------------------------------------------- use

def use_ability(state: DhState, ctx: TurnContext, user: Character, sub: dict[str, Any], *,
                origin: str = "action", turn: int = 0, phase_no: int = 0, support: Support | None = None,
                name: str | None = None) -> bool:
    """The 動作 「特殊能力の使用」 (or a passive's automatic use). False when the use was cancelled
    before its 発動判定 (an unmet 制約, a missing target): the 行動 then ends as a 待機. ``name``
    picks an ability given to the user (DH-11.22) instead of its own."""
    ab = user.ability
    given = name is not None and (ab is None or ab.name != name)
    if given:
        if name not in granted(state, user):  # never given, or its 特殊能力付与 has ended
            ctx.emit("cancel", actor=user.id, scope="ability", ability=name, reason="not_granted")
            return False
        ab = state.library[name]
    assert ab is not None
    use = Use(user, ab, sub, origin, own_phase(state, user), support=support)
    why = _restriction_unmet(state, ctx, user, ab, turn)
    if why:
        ctx.emit("cancel", actor=user.id, scope="ability", ability=ab.name, reason=why)
        return False
    if any(spec.range.chosen_line for spec in ab.effects) and sub.get("direction") is None:
        # 任意一方向 (DH-9.6): a line whose direction the submission has not chosen reaches nowhere
        ctx.emit("cancel", actor=user.id, scope="ability", ability=ab.name, reason="no_line_direction")
        return False
    if ab.style == "counter" and origin == "action":
        _arm_counter(state, ctx, use)
        return True

    # 1. 対象決定, for every effect first: a missing target cancels the whole activation.
    plans: list[tuple[EffectSpec, list[Character]]] = []
    skip = sub.get("skip", [])
    for spec in ab.effects:
        if spec.index in skip and spec.empty_fire:
            continue  # a 空撃ち-capable effect the player chose not to exert
        if ab.prepare_turns:  # 準備型: its targets are named when it takes effect (DH-10.8)
            plans.append((spec, []))
            continue
        targets, missing = choose_targets(state, ctx, user, ab, spec, sub)
        if missing and not spec.empty_fire:
            why = _why_not_target(state, ctx, user, ab, spec, sub) if missing == "invalid_target" else {}
            ctx.emit("cancel", actor=user.id, scope="ability", ability=ab.name, effect=spec.index, reason=missing,
                     **why)
            return False
        if spec.kind == "summon":  # the square is this effect's target (DH-8.1, DH-11.8)
            why = summon_problem(state, use, spec, reach(state, ctx, user, spec, ab, direction=sub.get("direction")))
            if why:
                who, sq = summon_plan(state, use, spec)
                ctx.emit("cancel", actor=user.id, scope="ability", ability=ab.name, effect=spec.index,
                         reason=why, at=sq.label, character=who.id if who else None)
                return False
        plans.append((spec, targets))
    payer, why = _payer(state, ctx, user, ab, sub)
    if why is None and not costs_payable(state, use, payer):
        why = "cost_unpayable"  # a 制約 that cannot be met now: the activation is cancelled (DH-8.1)
    if why:
        ctx.emit("cancel", actor=user.id, scope="ability", ability=ab.name, reason=why)
        return False
    if (ctx.options["first_player_penalty"] and turn == 1 and phase_no == 1 and origin == "action"
            and not ab.mental_attack and not ab.has("first_turn_exempt")
            and any(t.side != user.side for _, ts in plans for t in ts)):
        ctx.emit("cancel", actor=user.id, scope="ability", ability=ab.name, reason="first_player_penalty")
        return False
    ctx.emit("ability", actor=user.id, ability=ab.name, style=ab.style, type=ab.type, origin=origin,
             effects=[{"index": s.index, "kind": s.kind, "targets": [t.id for t in ts]} for s, ts in plans],
             **_chosen(use), **({"granted": True} if given else {}))
    announced = []
    if user.at is not None:
        announced.append(harm.Trigger("ability_used", user.id, None, user.at, use.silent))
    taken = list(dict.fromkeys(t.id for _, ts in plans for t in ts))  # every target of this use, once
    for _, ts in plans:
        for t in ts:
            if t.side != user.side:
                announced.append(harm.Trigger("targeted_by_ability", user.id, t.id, t.at, use.silent,
                                              fellows=tuple(x for x in taken if x != t.id)))
    for trig in announced:  # 先手 counters act before the 発動判定 (DH-8.17)
        harm.forestall(state, ctx, trig)
    if user.dead or not user.on_map or state.outcome is not None:
        ctx.emit("cancel", actor=user.id, scope="ability", ability=ab.name, reason="countered")
        return False
    state.pending.extend(announced)

    # 2–4. 発動処理 of each effect.
    activated = False
    once = not ctx.options["activation_per_effect"]
    rolled = None
    for spec, targets in plans:
        if once and rolled is not None:
            ok = rolled
        else:
            ok = check(state, ctx, user, "activation_check", ab.activation, ability=ab.name, effect=spec.index,
                       support=use.support)
            rolled = ok
        if not ok:
            continue
        activated = True
        if ab.prepare_turns or delay_of(ab, spec):
            _postpone(state, ctx, use, spec, targets, payer)
        else:
            _exert(state, ctx, use, spec, targets, payer)
        if state.outcome is not None:
            break
    if not activated:
        return True  # 発動判定 failed: nothing happens, no 制約, no 能力休み (DH-8.2)
    state.uses.add(use_key(user, ab), PER_GAME, GAME)
    # 5. 制約の支払い・能力休みの適用
    automatic = origin == "passive"
    dying = pay_costs(state, ctx, use, payer) if not automatic or ctx.options["passive_costs"] else []
    if not ab.has("no_rest") and (not automatic or ctx.options["passive_rest"]):
        rest(state, ctx, user, start=use.start)
    die_of_costs(state, ctx, dying)
    # 6. end; then 再行動 (the seed puts it right after the end)
    state.extra_actions.extend(use.extra_actions)
    return True


def use_key(user: Character, ab: Ability) -> Any:
    """What the usage ledger counts a use under: the character for its own ability, the character
    and the name for one given to it (DH-11.22), whose uses count apart."""
    return user.id if ab is user.ability else (user.id, ab.name)


def own_phase(state: DhState, user: Character) -> int:
    """The phase a use counts its end points from: now, or — at game start, before any phase —
    the user side's first phase, so "n turns" still ends just before that side's phase (DH-10.2)."""
    now = state.clocks.now(PHASE)
    if now == 0:
        return 1 + list(state.sides).index(user.side)
    return now


def _restriction_unmet(state: DhState, ctx: TurnContext, user: Character, ab: Ability, turn: int) -> str | None:
    if not ab.usable:
        return "no_effects"
    if not state.uses.allows(use_key(user, ab), ab.limit, GAME):
        return "used_up"
    turns = ab.restriction("turns")
    if turns and turn not in turns["turns"]:
        return "not_this_turn"
    if ab.when is not None:
        verdict = holds(state, ab.when, user)
        if not verdict.holds:
            ctx.emit("condition", actor=user.id, ability=ab.name, holds=False,
                     facts=[f.to_json() for f in verdict.facts])
            return "condition_unmet"
    return None


def _payer(state: DhState, ctx: TurnContext, user: Character, ab: Ability,
           sub: dict[str, Any]) -> tuple[Character | None, str | None]:
    """味方〜 制約: the ally in range who pays instead of the user (DH-8.5)."""
    if not any(c.by_ally for c in ab.costs):
        return None, None
    pid = sub.get("payer")
    if pid is None:
        return None, "no_payer"
    payer = state.characters[pid]
    squares = reach(state, ctx, user, ab.effects[0], ab, direction=sub.get("direction"))
    if payer.side != user.side or payer.id == user.id or payer.dead or not payer.on_map or payer.at not in squares:
        return None, "invalid_payer"
    return payer, None


def success_check(state: DhState, ctx: TurnContext, user: Character, ab: Ability, spec: EffectSpec,
                  targets: list[Character], support: Support | None = None) -> tuple[list[Character], bool]:
    """3. 成功判定 of one effect (DH-8.3): the targets it reaches, and whether its one roll succeeded
    (精神攻撃: the rate is each target's own, so each target is rolled, DH-8.8). ``support``: the
    応援ボーナス of the 行動 using the ability (DH-15)."""
    if ab.mental_attack:
        return [t for t in targets if check(state, ctx, user, "success_check", mental_rate(ctx, t, state),
                                            ability=ab.name, effect=spec.index, target=t.id,
                                            spirit=stat(state, t, "spirit"), support=support)], True
    ok = check(state, ctx, user, "success_check", ab.success, ability=ab.name, effect=spec.index, support=support)
    return (targets if ok else []), ok


def _exert(state: DhState, ctx: TurnContext, use: Use, spec: EffectSpec, targets: list[Character],
           payer: Character | None) -> None:
    """3. 成功判定 and 4. 効果の適用 of one effect."""
    ab, user = use.ability, use.user
    hit, ok = success_check(state, ctx, user, ab, spec, targets, use.support)
    if not ok:
        return
    if not costs_payable(state, use, payer):
        ctx.emit("suppressed", actor=user.id, ability=ab.name, effect=spec.index, reason="unpayable_cost")
        return  # the seed: if any part of the cost cannot be paid, the effect does not appear
    if ab.type == "field":
        set_field(state, ctx, use, spec, hit)
        return
    apply_effect(state, ctx, use, spec, hit)


def _postpone(state: DhState, ctx: TurnContext, use: Use, spec: EffectSpec, targets: list[Character],
              payer: Character | None) -> None:
    """効果遅延 / 時間差攻撃 (DH-10.7) and 準備型 (DH-10.8): the effect waits, sustained by its user,
    until the phase start it lands at; its 成功判定 is made then (:func:`_land`)."""
    ab, user = use.ability, use.user
    if not costs_payable(state, use, payer):
        ctx.emit("suppressed", actor=user.id, ability=ab.name, effect=spec.index, reason="unpayable_cost")
        return
    wait, counts = delay_of(ab, spec, state.phases) or (state.phases * (ab.prepare_turns or 0), "landing")
    data: dict[str, Any] = {"ability": ab.name, "effect_index": spec.index, "targets": [t.id for t in targets],
                            "used": use.start, "count_from": counts,
                            "choices": {k: v for k, v in use.sub.items() if k in ("at", "direction", "summon")}}
    if ab.prepare_turns:
        data["prepared"] = True
    if ab.has("survives_death") or ctx.options["delayed_on_death"] == "lands":
        data["survives_death"] = True
    now = state.clocks.now(PHASE)
    e = state.effects.add("delayed", bearer=None, data=data, clock=PHASE, clocks=state.clocks,
                          duration=max(1, use.start + wait - now), source={"user": user.id})
    ctx.emit("effect_delayed", actor=user.id, ability=ab.name, effect=e.seq, index=spec.index,
             targets=data["targets"], lands=e.end, **({"prepared": True} if ab.prepare_turns else {}))


def _land(state: DhState, ctx: TurnContext, e: Any, actions: list[dict]) -> None:
    """A delayed effect takes effect (DH-10.7, DH-10.8): its targets — those named at the use, still
    alive and on the MAP (and in range by option ``delayed_range``), or for 準備型 those the user's
    entry names now as ``prepared:`` —, its 成功判定, and the effect, its duration counted from the
    use (効果遅延) or from now (時間差攻撃, 準備型)."""
    user = state.characters[e.source["user"]]
    ab = ability_named(state, user, e.data.get("ability"))
    assert ab is not None
    spec = ab.effects[e.data["effect_index"] - 1]
    now = state.clocks.now(PHASE)
    sub = dict(e.data.get("choices") or {})
    missing = None
    if e.data.get("prepared"):
        entry = next((a for a in actions if a["who"] == user.id and "prepared" in a), None)
        sub = dict(entry["prepared"]) if entry else {}
        targets, missing = choose_targets(state, ctx, user, ab, spec, sub) if user.on_map else ([], "user_gone")
    elif spec.kind in TARGETLESS:
        targets = [user]
    else:
        want_dead = spec.kind == "revive"
        targets = [state.characters[t] for t in e.data["targets"]]
        targets = [t for t in targets if t.dead == want_dead and t.at is not None and not t.withdrawn]
        if ctx.options["delayed_range"] == "at_landing":
            pool = candidates(state, ctx, user, spec, ab)
            targets = [t for t in targets if t in pool]
        missing = None if targets else "no_target"
    ctx.emit("effect_lands", actor=user.id, ability=ab.name, effect=e.seq, index=spec.index,
             targets=[t.id for t in targets])
    if missing and not (spec.empty_fire and spec.kind in TARGETLESS):
        ctx.emit("cancel", actor=user.id, scope="effect", effect=spec.index, reason=missing)
        return
    use = Use(user, ab, sub, "delayed", e.data["used"] if e.data["count_from"] == "use" else now)
    hit, _ = success_check(state, ctx, user, ab, spec, targets)
    if not hit and spec.kind not in TARGETLESS:
        return
    if ab.type == "field":
        set_field(state, ctx, use, spec, hit)
    else:
        apply_effect(state, ctx, use, spec, hit)


def apply_effect(state: DhState, ctx: TurnContext, use: Use, spec: EffectSpec, targets: list[Character]) -> None:
    """4. 効果の適用: all targets at once; deaths take effect as they happen (DH-8.4)."""
    handler = HANDLERS[spec.kind]
    if spec.kind in TARGETLESS:
        handler(state, ctx, use, spec, use.user)
        return
    for t in targets:
        if t.id != use.user.id and barrier(state, t) and not use.ability.has("barrier_piercing"):
            ctx.emit("blocked", actor=use.user.id, target=t.id, effect=spec.index, reason="barrier")
            continue
        if t.dead and spec.kind != "revive":
            continue  # died earlier in this same application
        handler(state, ctx, use, spec, t)
        if use.ability.type == "granted" and spec.kind in REPEATABLE and use.ability.duration not in (0, None):
            # 付与型 単発 effect with a duration: it applies again at each of the user side's phase
            # starts (DH-10.5), a forced move to the square first named
            lasting(state, ctx, use, spec, t, "repeat", {"kind": spec.kind, **({"at": use.sub["at"]}
                                                                               if "at" in use.sub else {})})


def costs_payable(state: DhState, use: Use, payer: Character | None) -> bool:
    for cost in use.ability.costs:
        who = payer if cost.by_ally else use.user
        if who is None or who.dead:
            return False
        if cost.kind == "stat" and getattr(who, cost.params["stat"]) < cost.params["amount"]:
            return False
        if cost.kind == "movement" and who.movement < cost.params["amount"]:
            return False
        if cost.kind == "dp" and state.sides[who.side].dp < cost.params["amount"]:
            return False
    return True


def pay_costs(state: DhState, ctx: TurnContext, use: Use, payer: Character | None) -> list[Character]:
    """5. 消費制約: paid as far as possible, by the side controlling the user (DH-8.5). Returns who
    dies of a cost: the death comes after the processing, 能力休み included (:func:`die_of_costs`)."""
    dying: list[Character] = []
    for cost in use.ability.costs:
        who = payer if cost.by_ally else use.user
        if who is None:
            continue
        kind, p = cost.kind, cost.params
        event = {"actor": use.user.id, "payer": who.id, "cost": kind}
        if kind == "stat":
            name, owed = p["stat"], p["amount"]
            before = getattr(who, name)
            paid = min(before, owed)
            setattr(who, name, before - paid)
            ctx.emit("cost", **event, stat=name, owed=owed, paid=paid, before=before, after=before - paid)
            if name == "hp" and who.hp == 0 and who not in dying:
                dying.append(who)
        elif kind == "movement":
            before = who.movement
            paid = min(before, p["amount"])
            who.movement = before - paid
            ctx.emit("cost", **event, owed=p["amount"], paid=paid, before=before, after=who.movement)
        elif kind == "dp":
            side = state.sides[who.side]
            paid = min(side.dp, p["amount"])
            side.dp -= paid
            ctx.emit("cost", **event, side=side.id, owed=p["amount"], paid=paid, total=side.dp)
        elif kind == "dp_gift":
            other = state.sides[state.opponent(who.side)]
            other.dp += p["amount"]
            ctx.emit("cost", **event, side=other.id, owed=p["amount"], paid=p["amount"], total=other.dp)
        elif kind == "extra_rest":
            turns = p.get("turns", 1)
            now = state.clocks.now(PHASE)
            rest_end = 2 * state.phases  # after the 能力休み: the user side's phase after next
            e = state.effects.add("incapacitate", bearer=who.id, data={"from": now + rest_end, "constraint": True},
                                  clock=PHASE, clocks=state.clocks, duration=rest_end + state.phases * turns,
                                  source={"user": who.id})
            ctx.emit("cost", **event, turns=turns, start=now + rest_end, end=e.end)
        elif kind == "permanent_incapacitation":
            state.effects.add("incapacitate", bearer=who.id, data={"constraint": True}, clock=PHASE,
                              clocks=state.clocks, duration=None, source={"user": who.id}, removable=False)
            ctx.emit("cost", **event)
        elif kind == "permanent_withdrawal":
            ctx.emit("cost", **event)
            if not who.dead:
                who.withdrawn, who.withdrawn_from = True, who.at
                ctx.emit("withdraw", character=who.id, by=who.id, permanent=True, at=who.at.label)
        elif kind == "self_death":
            ctx.emit("cost", **event)
            if who not in dying:
                dying.append(who)
    return dying


def die_of_costs(state: DhState, ctx: TurnContext, dying: list[Character]) -> None:
    """Deaths by 体力消費 or 自分死亡, after the ability's processing (DH-8.5); not 内ゲバ, so the
    opponent gains the DP."""
    for who in dying:
        if not who.dead:
            harm.death(state, ctx, who, None, "cost")


def rest(state: DhState, ctx: TurnContext, user: Character, *, start: int) -> None:
    """能力休み (DH-10.1): the user sits out its side's next phase; released just before the one after."""
    now = state.clocks.now(PHASE)
    e = state.effects.add("ability_rest", bearer=user.id, data={}, clock=PHASE, clocks=state.clocks,
                          duration=start + 2 * state.phases - now, source={"user": user.id}, removable=True)
    ctx.emit("rest", actor=user.id, effect=e.seq, end=e.end)


# ---------------------------------------------------------------------------------- counters

def _arm_counter(state: DhState, ctx: TurnContext, use: Use) -> None:
    """Counter: 1 発動判定 (no target) → 2 カウンター待受状態 → 3 制約・能力休み (DH-8.6)."""
    ab, user = use.ability, use.user
    ctx.emit("ability", actor=user.id, ability=ab.name, style=ab.style, type=ab.type, origin=use.origin,
             effects=[{"index": s.index, "kind": s.kind, "targets": []} for s in ab.effects], **_chosen(use),
             **({"granted": True} if ab is not user.ability else {}))
    if not check(state, ctx, user, "activation_check", ab.activation, ability=ab.name, support=use.support):
        return
    state.uses.add(use_key(user, ab), PER_GAME, GAME)
    start, end = end_point(state, ctx, use)
    if ab.duration == 0:  # a counter written without a duration (option counter_default_turns)
        end = use.start + state.phases * ctx.options["counter_default_turns"]
    e = state.effects.add("counter", bearer=user.id,
                          data={"ability": ab.name, "when": ab.counter_when, "from": start,
                                "survives_death": ab.has("survives_death"), **_chosen(use)},
                          clock=PHASE, clocks=state.clocks,
                          duration=None if end is None else max(0, end - state.clocks.now(PHASE)),
                          source={"user": user.id}, removable=False)
    ctx.emit("counter_armed", actor=user.id, ability=ab.name, when=ab.counter_when, effect=e.seq, end=e.end,
             **({"timing": ab.counter_timing} if ab.counter_timing != "after" else {}))
    dying = pay_costs(state, ctx, use, None)
    if not ab.has("no_rest"):
        rest(state, ctx, user, start=use.start)
    die_of_costs(state, ctx, dying)


def _chosen(use: Use) -> dict[str, str]:
    """The line direction a use chose (DH-9.6), kept with what outlasts the use (a waiting counter, a
    field) so its range stays that line; nothing when the ability has no such line."""
    if any(spec.range.chosen_line for spec in use.ability.effects) and "direction" in use.sub:
        return {"direction": use.sub["direction"]}
    return {}


# What each 待受条件 can answer (the conditions _counter_target reads): the kinds of trigger, and
# whom the holder must be: the trigger's object (the one attacked, targeted or killed), its
# subject (the one who hit or killed), or anyone (a range condition).
ANSWERED_TRIGGERS: dict[str, tuple[tuple[str, ...], str | None]] = {
    "attacked_by_enemy": (("attacked",), "object"),
    "targeted_by_enemy_ability": (("targeted_by_ability",), "object"),
    "targeted_by_enemy": (("attacked", "targeted_by_ability"), "object"),
    "sole_target_of_enemy_ability": (("targeted_by_ability",), "object"),
    "sole_target_of_enemy": (("attacked", "targeted_by_ability"), "object"),
    "killed_by_enemy": (("killed",), "object"), "killed": (("killed",), "object"),
    "enemy_enters_range": (("entered",), None), "enemy_ends_action_in_range": (("action_end",), None),
    "enemy_uses_ability_in_range": (("ability_used",), None), "enemy_attacks_in_range": (("attacked",), None),
    "ally_ends_action_in_range": (("action_end",), None),
    "self_kills_enemy": (("killed",), "subject"), "self_hits": (("hit",), "subject"),
}


class Waiting(NamedTuple):
    """One waiting counter as the triggers read it: its holder, its effect, the ability that armed
    it (its own or one given to it, DH-11.22), whom its 待受条件 binds (``ANSWERED_TRIGGERS``) and
    its place among the counters in the order they were armed."""

    holder: Character
    effect: Any
    ability: Ability
    bound: str | None  # "object", "subject", or None for a range condition
    rank: int


class Answering(NamedTuple):
    """The waiting counters that answer one (trigger kind, a moment before?) pair: those bound to
    the trigger's object or subject by the holder's id, and those of a range condition."""

    by_object: dict[str, list[Waiting]]
    by_subject: dict[str, list[Waiting]]
    ranged: list[Waiting]


def _waiting(state: DhState) -> dict[tuple[str, bool], Answering]:
    """Every waiting counter filed by the (trigger kind, a moment before?) pairs it may answer: its
    待受条件 answers the kind (``_answers``) and its timing is the moment's (先手 for a moment
    before, DH-8.17). Worked out again only when an effect starts or ends (``DhState.waiting``);
    a settling whose triggers have no entry here fires nothing."""
    version, table = state.waiting
    if version == state.effects.version:
        return table
    table = {}
    for rank, e in enumerate(state.effects.select(kind="counter")):
        holder = state.characters.get(e.bearer)
        ab = ability_named(state, holder, e.data.get("ability")) if holder is not None else None
        if ab is None:
            continue
        kinds, bound = _answers(state, holder, e)
        w = Waiting(holder, e, ab, bound, rank)
        for kind in kinds:
            answering = table.get((kind, ab.counter_timing == "before"))
            if answering is None:
                answering = table[(kind, ab.counter_timing == "before")] = Answering({}, {}, [])
            if bound is None:
                answering.ranged.append(w)
            else:
                (answering.by_object if bound == "object" else answering.by_subject).setdefault(holder.id, []).append(w)
    state.waiting = (state.effects.version, table)
    return table


def _may_answer(state: DhState, trig: harm.Trigger) -> list[Waiting]:
    """The waiting counters that can answer ``trig`` at all, holders in setup order and each
    holder's in the order they were armed: those bound to the character the trigger is about
    (an attack on one character is answered by none of the others' 被攻撃時 counters) and those of
    range conditions, so a trigger costs what it can fire, not every counter of the battle."""
    answering = _waiting(state).get((trig.kind, trig.before))
    if answering is None:
        return []
    found = list(answering.ranged)
    if trig.object is not None:
        found += answering.by_object.get(trig.object, ())
    if trig.subject is not None:
        found += answering.by_subject.get(trig.subject, ())
    if len(found) > 1:  # most triggers name one holder with one counter
        found.sort(key=lambda w: (w.holder.order, w.rank))
    return [w for w in found if active(state, w.effect)]


def _answers(state: DhState, holder: Character, e: Any) -> tuple[tuple[str, ...], str | None]:
    answers = state.answers.get(e.seq)
    if answers is None:
        when = ability_named(state, holder, e.data.get("ability")).counter_when
        answers = state.answers[e.seq] = ANSWERED_TRIGGERS.get(when, ((), None))
    return answers


def _counter_target(state: DhState, ctx: TurnContext, holder: Character, trig: harm.Trigger,
                    waiting: Any) -> tuple[bool, str | None]:
    """Does ``trig`` satisfy ``holder``'s condition, and who is the target of that moment? The
    waiting range is the ability's range as any use reads it (DH-8.6, DH-9.1, DH-11.17); the ability
    is the one that armed it, its own or one given to it (DH-11.22)."""
    ab = ability_named(state, holder, waiting.data.get("ability"))
    when = ab.counter_when
    subject = state.characters.get(trig.subject) if trig.subject else None

    def in_range() -> bool:  # asked only by the conditions of a range: reach is the costly part
        return trig.square is not None and holder.at is not None and trig.square in \
            reach(state, ctx, holder, ab.effects[0], ab, direction=waiting.data.get("direction"))

    if not _satisfied(state, when, trig, holder, subject, in_range):
        return False, None
    return True, _moment_target(when, trig)


def _moment_target(when: str, trig: harm.Trigger) -> str | None:
    """The target of the moment a counter of condition ``when`` answers (DH-8.6): the one its
    holder killed or hit, for the conditions of its own deed; else the one who did it."""
    return trig.object if when in ("self_kills_enemy", "self_hits") else trig.subject


def _satisfied(state: DhState, when: str, trig: harm.Trigger, holder: Character, subject: Character | None,
               in_range: Callable[[], bool]) -> bool:
    """Does ``trig`` meet the 待受条件 ``when`` of ``holder``? Only that one condition is evaluated
    (and a range measured only for the conditions of a range)."""
    k = trig.kind
    obj = trig.object
    enemy = subject is not None and subject.side != holder.side
    if when == "attacked_by_enemy":
        return k == "attacked" and obj == holder.id and enemy
    if when == "targeted_by_enemy_ability":
        return k == "targeted_by_ability" and obj == holder.id and enemy
    if when == "targeted_by_enemy":
        return k in ("attacked", "targeted_by_ability") and obj == holder.id and enemy
    # 単独対象 (DH-8.18): the holder is the only character the attack or ability takes
    if when == "sole_target_of_enemy_ability":
        return k == "targeted_by_ability" and obj == holder.id and enemy and not trig.fellows
    if when == "sole_target_of_enemy":
        return k in ("attacked", "targeted_by_ability") and obj == holder.id and enemy and not trig.fellows
    if when == "killed_by_enemy":
        return k == "killed" and obj == holder.id and enemy
    if when == "killed":
        return k == "killed" and obj == holder.id
    if when == "enemy_enters_range":
        return k == "entered" and enemy and in_range()
    if when == "enemy_ends_action_in_range":
        return k == "action_end" and enemy and in_range()
    if when == "enemy_uses_ability_in_range":
        return k == "ability_used" and enemy and in_range()
    if when == "enemy_attacks_in_range":
        return k == "attacked" and enemy and subject.at is not None and in_range()
    if when == "ally_ends_action_in_range":
        ally = subject is not None and subject.side == holder.side and subject.id != holder.id
        return k == "action_end" and ally and in_range()
    if when == "self_kills_enemy":
        return k == "killed" and trig.subject == holder.id and state.characters[obj].side != holder.side
    if when == "self_hits":
        return k == "hit" and trig.subject == holder.id
    return False


def settle(state: DhState, ctx: TurnContext, *, final: bool = True) -> None:
    """Fire every counter the pending triggers satisfy, and what those cause, depth first (DH-8.7).
    Simultaneous triggers fire in the order of option ``counter_order``; a chain longer than
    ``trigger_limit`` is an error, never a hang. A trigger marked ``before`` is answered by 先手
    counters only, any other by 後手 and 同時 ones (DH-8.17). ``final``: the dead's counters end
    after (not while 先手 counters are settled in the middle of an act)."""
    if not state.pending:
        return
    triggers, state.pending = state.pending, []
    # Most settlings have no trigger a waiting counter may answer (no counter waits for an
    # action's end or a 先手 moment in most matches): nothing fires, so nothing changes. What
    # the counters answer and whether the dead still hold one are kept by effects version, and
    # read here without a call while it stands (a match settles three times a 行動).
    version, table = state.waiting
    if version != state.effects.version:
        table = _waiting(state)
    for t in triggers:  # one or two, most often: an attack on someone who holds no counter has none
        answering = table.get((t.kind, t.before))
        if answering is not None and not t.silent and (answering.ranged or t.object in answering.by_object
                                                       or t.subject in answering.by_subject):
            break
    else:
        if final and state.dead_counters_seen != (state.effects.version, state.deaths):
            harm.end_dead_counters(state, ctx)
        return
    acting = state.acting_side

    def handlers_for(trig: harm.Trigger) -> list[tuple[Character, Any]]:
        if trig.silent or state.outcome is not None:
            return []
        candidates = _may_answer(state, trig)
        if not candidates:
            return []
        found = []
        for c, e, ab, _, _ in candidates:  # each of the moment's timing (the table is by 先手 or not)
            alive_ok = not c.dead or ab.counter_when in ("killed", "killed_by_enemy") or ab.counter_timing == "same"
            if alive_ok and not _ability_sealed(state, ctx, c):
                ok, _ = _counter_target(state, ctx, c, trig, e)
                if ok:
                    found.append((c, e))
        if ctx.options["counter_order"] == "opponent_first":
            found.sort(key=lambda ce: (ce[0].side == acting, ce[0].order))
        else:
            found.sort(key=lambda ce: ce[0].order)
        return found

    def fire(handler: tuple[Character, Any], trig: harm.Trigger) -> list[harm.Trigger]:
        holder, waiting = handler
        ab = ability_named(state, holder, waiting.data.get("ability"))
        if ANSWERED_TRIGGERS.get(ab.counter_when, ((), None))[1] is None:
            # a range condition is asked again: a counter fired before this one may have moved
            # someone out of range, and then the target is chosen as for no moment's target
            _, target_id = _counter_target(state, ctx, holder, trig, waiting)
        else:  # a condition on who did what to whom, which nothing fired since changes
            target_id = _moment_target(ab.counter_when, trig)
        _fire_counter(state, ctx, holder, trig, target_id, ab, waiting.data.get("direction"))
        limit = ab.counter_times
        if limit is not None and waiting in state.effects.held(holder.id, "counter"):
            waiting.data["fired"] = waiting.data.get("fired", 0) + 1  # 待受回数 (DH-8.16)
            if waiting.data["fired"] >= limit:
                harm.end_effects(state, ctx, [waiting], reason="used_up")
        caused, state.pending = state.pending, []
        return caused

    # A trigger no counter answers changes nothing in the cascade (its handlers are none), so it
    # runs over them all: each trigger's handlers are looked for once, at its turn.
    try:
        Cascade(DEPTH_FIRST, ctx.options["trigger_limit"]).run(triggers, handlers_for, fire)
    except CascadeLimit as exc:
        raise ResolutionError([state.turn_anchor.problem(
            ("turn",), say("dh.counter_loop", chain=exc, limit=ctx.options["trigger_limit"]))]) from None
    if final and state.dead_counters_seen != (state.effects.version, state.deaths):
        harm.end_dead_counters(state, ctx)


def waits_for(state: DhState, kind: str) -> bool:
    """Whether any waiting counter may answer a moment of ``kind`` (after it, not 先手): without
    one, a settling of that moment alone fires nothing (``settle``'s first look, asked before the
    moment's trigger is made)."""
    return (kind, False) in _waiting(state)


def _fire_counter(state: DhState, ctx: TurnContext, holder: Character, trig: harm.Trigger,
                  target_id: str | None, ab: Ability, direction: str | None = None) -> None:
    sub: dict[str, Any] = {"targets": [target_id]} if target_id else {}
    if direction is not None:
        sub["direction"] = direction
    use = Use(holder, ab, sub, "counter", state.clocks.now(PHASE))
    ctx.record({"seq": None, "kind": "counter_fire", "actor": holder.id, "ability": ab.name, "trigger": trig.kind,
                "by": trig.subject, "target": target_id,
                **({"timing": ab.counter_timing} if ab.counter_timing != "after" else {})})
    for spec in ab.effects:
        if spec.targets.side == "self":
            targets = [holder]
        elif spec.targets.count == "multi" or target_id is None:
            targets = candidates(state, ctx, holder, spec, ab, direction=direction)
        else:  # the target of that moment, wherever it is (DH-8.6)
            t = state.characters.get(target_id)
            targets = [t] if t is not None and not t.dead and t.on_map and takes(ctx, holder, spec.targets.side, t) \
                and admits(state, holder, spec, t) else []
        if not targets and spec.kind not in TARGETLESS:
            ctx.emit("cancel", actor=holder.id, scope="counter", effect=spec.index, reason="no_target")
            continue
        hit, _ = success_check(state, ctx, holder, ab, spec, targets)
        if hit or spec.kind in TARGETLESS:
            apply_effect(state, ctx, use, spec, hit)


# ---------------------------------------------------------------------------------- fields

def set_field(state: DhState, ctx: TurnContext, use: Use, spec: EffectSpec, hit: list[Character]) -> None:
    """フィールド設置型 (DH-8.9): the area is fixed where the user stands when it is set."""
    squares = reach(state, ctx, use.user, spec, use.ability, direction=use.sub.get("direction"))
    f = area_effect(state, ctx, use, spec, "field", squares)
    f.data.update(_chosen(use))
    ctx.emit("field_set", actor=use.user.id, ability=use.ability.name, effect=f.seq,
             squares=[s.label for s in squares], end=f.end)
    _field_apply(state, ctx, f, hit)


def _field_apply(state: DhState, ctx: TurnContext, f: Any, hit: list[Character]) -> None:
    owner = state.characters[f.data["owner"]]
    ab = ability_named(state, owner, f.data.get("ability"))
    spec = ab.effects[f.data["effect_index"] - 1]
    use = Use(owner, ab, {}, "field", state.clocks.now(PHASE))
    for t in hit:
        if spec.kind in LASTING and not (spec.param("stat") == "hp" and ctx.options["timed_hp"] == "per_phase"):
            if any(e.data.get("field") == f.seq for e in state.effects.select(bearer=t.id)):
                continue  # already under this field's effect
            HANDLERS[spec.kind](state, ctx, use, spec, t, field_seq=f.seq, end=f.end)
        else:
            apply_effect(state, ctx, use, spec, [t])


def field_targets(state: DhState, ctx: TurnContext, f: Any) -> list[Character]:
    owner = state.characters[f.data["owner"]]
    spec = ability_named(state, owner, f.data.get("ability")).effects[f.data["effect_index"] - 1]
    return [c for c in state.characters.values()
            if c.at is not None and not c.withdrawn and not c.dead and c.at.label in f.data["squares"]
            and takes(ctx, owner, spec.targets.side, c) and admits(state, owner, spec, c)]


def field_reroll(state: DhState, ctx: TurnContext, f: Any, targets: list[Character], why: str) -> None:
    """The seed: 成功判定 again on an enemy's entry and at each own phase start; no new 制約 or 休み."""
    owner = state.characters[f.data["owner"]]
    ab = ability_named(state, owner, f.data.get("ability"))
    if not targets or _ability_sealed(state, ctx, owner):
        return
    ctx.emit("field_roll", actor=owner.id, ability=ab.name, effect=f.seq, reason=why,
             targets=[t.id for t in targets])
    if ab.mental_attack:
        hit = [t for t in targets if check(state, ctx, owner, "success_check", mental_rate(ctx, t, state),
                                           ability=ab.name, field=f.seq, target=t.id,
                                           spirit=stat(state, t, "spirit"))]
    else:
        hit = targets if check(state, ctx, owner, "success_check", ab.success, ability=ab.name, field=f.seq) else []
    _field_apply(state, ctx, f, hit)


def on_moved(state: DhState, ctx: TurnContext, c: Character, path: list[Square]) -> None:
    """After a move: leaving a field ends its effect; an enemy entering one re-rolls it (DH-8.9); a
    field that moves with its user (DH-8.19) follows it."""
    follow_fields(state, ctx, c)
    left = [e for e in state.effects.select(bearer=c.id) if "field" in e.data]
    for e in left:
        f = next((x for x in state.effects.select(kind="field") if x.seq == e.data["field"]), None)
        if f is None or c.at is None or c.at.label not in f.data["squares"]:
            harm.end_effects(state, ctx, [e], reason="left_field")
    for f in state.effects.select(kind="field"):
        owner = state.characters[f.data["owner"]]
        if owner.side == c.side or c.at is None or c.at.label not in f.data["squares"]:
            continue
        entered = any(sq.label in f.data["squares"] for sq in path)
        if entered and c in field_targets(state, ctx, f):
            field_reroll(state, ctx, f, [c], "entry")


def follow_fields(state: DhState, ctx: TurnContext, c: Character, *, forced: bool = False) -> None:
    """The fields that move with ``c`` (DH-8.19) follow it to where it now stands; after a forced
    move only under the option ``moving_field_forced``."""
    if forced and not ctx.options["moving_field_forced"]:
        return
    if c.at is not None:  # its own ability's fields, or those of one given to it (DH-11.22)
        for f in [f for f in state.effects.select(kind="field") if f.data["owner"] == c.id
                  and ability_named(state, c, f.data.get("ability")).has("moving_field")]:
            _move_field(state, ctx, c, f)


def _move_field(state: DhState, ctx: TurnContext, owner: Character, f: Any) -> None:
    """上位ルール 「フィールドが使用者と共に移動する」 (DH-8.19): the field's area is its range again
    from where its owner now stands; who is left outside loses its effect, and an enemy it now
    covers is rolled for as on entry."""
    ab = ability_named(state, owner, f.data.get("ability"))
    spec = ab.effects[f.data["effect_index"] - 1]
    before = list(f.data["squares"])
    f.data["squares"] = [s.label for s in reach(state, ctx, owner, spec, ab, direction=f.data.get("direction"))]
    ctx.emit("field_moved", actor=owner.id, ability=ab.name, effect=f.seq, squares=f.data["squares"])
    gone = [e for e in state.effects if e.data.get("field") == f.seq and e.bearer is not None
            and (state.characters[e.bearer].at is None or state.characters[e.bearer].at.label not in f.data["squares"])]
    harm.end_effects(state, ctx, gone, reason="left_field")
    covered = [t for t in field_targets(state, ctx, f) if t.side != owner.side and t.at.label not in before]
    field_reroll(state, ctx, f, covered, "entry")


# ---------------------------------------------------------------------------------- phase start

def phase_start(state: DhState, ctx: TurnContext, side_id: str, actions: list[dict] = ()) -> None:
    """Before the side's actions (DH-10.3): end what has run out and release 能力休み, then delayed
    effects land (DH-10.7), then 付与 re-applications and field re-rolls, in the order of option
    ``phase_start_order``."""
    expired = state.effects.expire(state.clocks)
    for e in expired:
        if e.kind == "delayed":
            continue  # it has not run out: its wait is over (below)
        harm.effect_end(state, ctx, e, "expired")
        if e.kind == "withdraw" and e.bearer:
            c = state.characters[e.bearer]
            c.withdrawn = False
            ctx.emit("return", character=c.id, at=c.at.label)
        elif e.kind == "summon" and e.bearer:
            c = state.characters[e.bearer]
            c.at = None
            ctx.emit("leave", character=c.id, reason="summon_ended")
        elif e.kind == "field":
            children = [x for x in state.effects if x.data.get("field") == e.seq]
            harm.end_effects(state, ctx, children, reason="field_ended")
    for e in expired:
        if e.kind == "delayed" and state.outcome is None:
            _land(state, ctx, e, list(actions))
    order = ("grant", "field") if ctx.options["phase_start_order"] == "expire_grant_field" else ("field", "grant")
    for step in order:
        if step == "grant":
            for e in state.effects.select(kind="repeat"):
                user = state.characters.get(e.source.get("user", ""))
                if user is None or user.side != side_id or e.bearer is None:
                    continue
                t = state.characters[e.bearer]
                ab = ability_named(state, user, e.data.get("ability"))
                spec = ab.effects[e.data["effect_index"] - 1]
                ctx.emit("grant_repeat", actor=user.id, target=t.id, effect=e.seq)
                if t.dead == (spec.kind == "revive") and t.at is not None:
                    sub = {"at": e.data["at"]} if "at" in e.data else {}
                    HANDLERS[spec.kind](state, ctx, Use(user, ab, sub, "grant", e.start), spec, t)
        else:
            for f in state.effects.select(kind="field"):
                owner = state.characters[f.data["owner"]]
                if owner.side == side_id:
                    field_reroll(state, ctx, f, field_targets(state, ctx, f), "phase_start")


# What harm and the effect kinds call back in the middle of an act (harm.RuleSteps): they sit below
# this module, so the rules hand these down on the state instead of their importing them.
STEPS = harm.RuleSteps(settle=settle, follow_fields=follow_fields)
