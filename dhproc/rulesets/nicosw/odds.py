"""Exact odds of a nicosw attack or skill (NICOSW-11): the same checks the resolver rolls (rolls.py),
applied to exact distributions of their dice.

One 近接攻撃 or 遠距離攻撃 at the state its round starts from: the 転倒 die (NICOSW-6.3), the 攻撃判定
against the 防御判定 (2D6 each, NICOSW-3.2), the damage after each of the four steps (NICOSW-7.1),
and what the 生死判定 that follows makes of it (NICOSW-8.2): 戦闘不能 or death. One skill on one of
its targets (NICOSW-11.3): the 精神抵抗判定 of every part reached against the caster's roll or the
fixed target number (NICOSW-8.5, 8.8), then each damage effect on each part, its dice counted
(NICOSW-8.11), halved where a resistance leaves 半減, and every 生死判定 it brings.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from ...odds.distribution import Distribution
from ...words.messages import say
from ...odds.report import ActionOdds, Assumption, CheckOdds, StepOdds
from ...odds.inputs import option, turn_start, with_defaults
from ...odds.state import (Start, assumed, chosen_action, declarer, die_luck, following, hits_to_knock_out, start_of,
                           target_id)
from . import messages  # noqa: F401  (registers the nicosw.* messages)
from . import rolls
from .model import Character, NicoswState, Part, Skill, SkillEffect
from .options import OPTIONS
from .rules import aimed_part, check_numbers, compute_damage, damage_mods, target_problem, weapon_for

ATTACKS = ("melee", "ranged")
STEPS = ("giver_multiply", "giver_add", "receiver_multiply", "receiver_add")  # NICOSW-7.1's four steps
DICE = Distribution.die(rolls.CHECK_DICE[0]).combine(Distribution.die(rolls.CHECK_DICE[1]), lambda a, b: (a, b))


@dataclass(frozen=True)
class Declared:
    attacker: Character
    kind: str  # melee | ranged | skill
    target: Character
    part: Part  # the part hit (an attack), or the first part a skill reaches
    label: str
    turn: int
    skill: Skill | None = None
    parts: tuple[Part, ...] = ()  # every part a skill reaches (NICOSW-8.5, 8.10)


def action_odds(match: Any, turn_number: int, who: str, target: str | None, action: str | None) -> ActionOdds:
    start = start_of(match, turn_number)
    s, _ = start.scratch()
    opts = match.options
    d = declared(start, s, who, target, action)
    if d.skill is not None:
        return skill_odds(s, opts, d)
    a, t, part = d.attacker, d.target, d.part
    weapon = weapon_for(a, d.kind)
    prone = d.kind == "ranged" and t.prone
    passes = Distribution.die(rolls.PRONE_DIE).map(lambda f: not rolls.prone_fails(f)) if prone \
        else Distribution.constant(True)
    beats = opposed(s, opts, a, "attack_check", t, "defense_check")
    hit = passes.combine(beats, lambda ok, won: ok and won)
    giver, receiver = damage_mods(s, a, weapon.mods if weapon else (), t, part)
    steps, amount = compute_damage(1, giver, receiver,
                                   part.armor if (weapon is None or weapon.type == "physical") else part.magic_armor,
                                   opts["division_rounding"], opts["rounding_point"])
    after = part.hp - amount
    rolls_death = not t.multi and rolls.death_check_due(amount, part.hp, after, repeat=opts["repeat_death_check"],
                                                        dead=t.dead)
    death = death_check(s, opts, t, -after) if rolls_death else None
    checks = ([CheckOdds("prone_check", passes.map(lambda ok: "success" if ok else "failure"))] if prone else [])
    checks.append(CheckOdds("attack", hit.map(lambda h: "hit" if h else "miss")))
    if death is not None:
        checks.append(CheckOdds("death_check", death.map(lambda ok: "success" if ok else "failure")))
    falls = amount > 0 and after <= 0 and (death is not None or (t.multi and (part.core or
                                                                              len(t.live_parts()) == 1)))
    p_hit = hit.p(True)
    dies = death.p(False) if death is not None else Fraction(0)
    return ActionOdds(
        who=a.id, target=t.id, action=d.label, checks=tuple(checks),
        steps=tuple(StepOdds(step, hit.map(lambda h, v=value: v if h else 0))
                    for step, value in zip(STEPS, stage_values(steps, amount))),
        knock_out=p_hit if falls else Fraction(0), kill=p_hit * dies if not t.multi else None,
        hits_to_knock_out=hits_to_knock_out(Distribution.constant(amount), part.hp) if part.hp > 0 else None,
        assumptions=tuple(assumptions(s, opts, d, amount)))


def opposed(s: NicoswState, opts: dict, a: Character, check: str, t: Character, answer: str) -> Distribution[bool]:
    """NICOSW-3.2: the chance ``a``'s ``check`` beats ``t``'s ``answer`` (2D6 each, every face)."""
    mine, theirs = check_numbers(s, opts, a, check), check_numbers(s, opts, t, answer)
    auto, in_opposed = opts["auto_results"], opts["auto_in_opposed"]
    return DICE.combine(DICE, lambda x, y: rolls.beats(rolls.roll2(check, *x, *mine, auto_results=auto),
                                                       rolls.roll2(answer, *y, *theirs, auto_results=auto),
                                                       auto_in_opposed=in_opposed))


def death_check(s: NicoswState, opts: dict, t: Character, target: int) -> Distribution[bool]:
    """NICOSW-8.2: the chance the 生死判定 against ``target`` succeeds (戦闘不能 rather than death)."""
    base, mod = check_numbers(s, opts, t, "death_check")
    return DICE.map(lambda x: rolls.meets(rolls.roll2("death_check", *x, base, mod, auto_results=opts["auto_results"]),
                                          target))


def stage_values(steps: list[dict], amount: int, base: int = 1) -> list[int]:
    """The damage after each of the four steps, from ``base`` (a step without an operation keeps the value)."""
    value, out = base, []
    for stage in range(1, 5):
        for op in steps:
            if op["step"] == stage and "result" in op:
                value = op["result"]
        out.append(value)
    out[-1] = amount  # never below 0
    return out


def declared(start: Start, s: NicoswState, who: str, target: str | None, action: str | None) -> Declared:
    """The attack ``who`` declares in its go: the one ``action`` names (melee, ranged, or its place
    in the go counted from 1), else its first."""
    names = {cid: c.name for cid, c in s.characters.items()}
    goes = {c: g for sub in start.turn.submissions.values() for c, g in (sub.get("goes") or {}).items()}
    cid = declarer(start, who, goes, names)
    a = s.characters[cid]
    go = start.turn.submissions.get(a.side, {}).get("goes", {}).get(cid, [])
    rel = ("submissions", a.side, "goes", cid)
    found = [(f"{n}.{act['do']}", (str(n), act["do"]), act) for n, act in enumerate(go, start=1)
             if act.get("do") in ATTACKS]
    found += [(f"{n}.skill", (str(n), "skill", sk.id, sk.name), act) for n, act in enumerate(go, start=1)
              if act.get("do") == "skill" and (sk := a.skill(act["skill"])) is not None and has_odds(sk)]
    label, act = chosen_action(start, a.name, found, action, rel)
    at = rel + (next(i for i, x in enumerate(go) if x is act),)  # the action itself, in the go
    if act["do"] == "skill":
        return declared_skill(start, s, a, act, target, names, label, rel, at)
    t = s.characters[target_id(start, target or act["target"], names)]
    named = act.get("part") if not target else None
    refuse_cancelled(start, at, t, named)
    part = t.part(named) or t.live_parts()[0]
    return Declared(a, act["do"], t, part, label, start.turn.number)


def refuse_cancelled(start: Start, at: tuple, t: Character, part_id: str | None) -> None:
    """NICOSW-11.5: an attack or a skill the resolver cancels whatever the dice (its target dead or
    removed, or the part it names removed, before the round) has no odds: a located problem at the
    action. A target off the map is taken as back on it, as it may come back before the action."""
    reason = target_problem(t)
    if reason == "target_dead":
        raise start.problem(at + ("target",), say("nicosw.odds_dead", target=t.name))
    if reason == "target_removed":
        raise start.problem(at + ("target",), say("nicosw.odds_removed", target=t.name))
    if part_id is not None and aimed_part(t, part_id) is None:
        part = t.part(part_id)
        raise start.problem(at + ("part",), say("nicosw.odds_part_removed", target=t.name,
                                                part=part.name if part is not None else part_id))


def has_odds(sk: Skill) -> bool:
    """A skill whose use rolls something with odds: a resistance, or damage (NICOSW-11.3)."""
    return sk.resisted or any(e.kind == "damage" for e in sk.effects)


def declared_skill(start: Start, s: NicoswState, a: Character, act: dict, target: str | None, names: dict[str, str],
                   label: str, rel: tuple, at: tuple) -> Declared:
    """The skill ``act`` (at ``at`` in the go) uses, on ``target`` (else the first it names, or its
    user for ``self``) and the parts it reaches there (NICOSW-8.5, 8.10); its MP checked (NICOSW-8.7)."""
    sk = a.skill(act["skill"])
    if sk.cost and (a.mp or 0) < sk.cost:
        raise start.problem(rel, say("nicosw.odds_no_mp", who=a.name, skill=sk.name, mp=a.mp or 0, cost=sk.cost))
    named = act.get("target")
    first = named[0] if isinstance(named, list) and named else named if isinstance(named, str) else None
    if target is None and sk.target == "self":
        t = a
    elif target is None and first is None:
        raise start.problem(rel, say("odds.needs_target", who=a.name, action=sk.name))
    else:
        t = s.characters[target_id(start, target or first, names)]
    named = act.get("part") if sk.one_part and not target else None
    refuse_cancelled(start, at, t, named)
    part = aimed_part(t, named) if named is not None else None
    parts = (part,) if part is not None else tuple(t.live_parts()[:1] if sk.one_part else t.live_parts())
    return Declared(a, "skill", t, parts[0], label, start.turn.number, skill=sk, parts=parts)


# --------------------------------------------------------------------------- a skill (NICOSW-11.3)

@dataclass(frozen=True)
class Standing:
    """What a skill's use has left its target as, so far: one outcome of the exact distribution."""

    hp: tuple[int, ...]  # of each part reached, in order
    removed: tuple[bool, ...]  # each part reached removed (NICOSW-8.4)
    gone: bool  # the character removed from the map (NICOSW-8.4)
    knocked_out: bool
    dead: bool
    death: bool | None = None  # the last 生死判定's success (戦闘不能), None while none was rolled

    @property
    def out(self) -> bool:
        return self.knocked_out or self.dead or self.gone


def skill_odds(s: NicoswState, opts: dict, d: Declared) -> ActionOdds:
    """NICOSW-11.3: one skill's resistance, its damage after each step on the first part it reaches,
    and what its damage effects, on every part, leave of the target."""
    a, t, sk = d.attacker, d.target, d.skill
    leaves = resistance(s, opts, a, t, sk, d.parts).map(lambda r: rolls.resistance_leaves(r, sk.resist_success))
    damaging = [e for e in sk.effects if e.kind == "damage"]
    checks = []
    if sk.resisted:
        checks.append(CheckOdds("resist", leaves.map(lambda left: "not_resisted" if left == "full" else "resisted")))
    checks += other_effects(s, opts, d, leaves)
    if not damaging:
        return ActionOdds(a.id, t.id, d.label, tuple(checks), (), None, None, None,
                          tuple(skill_assumptions(s, opts, d)))
    shown = leaves.bind(lambda left: stages_of_use(s, opts, d, damaging, left))
    ends = leaves.bind(lambda left: after_use(s, opts, d, damaging, left))
    rolled = ends.probability(lambda e: e.death is not None)
    if rolled:
        checks.append(CheckOdds("death_check", Distribution({"success": ends.probability(lambda e: e.death is True),
                                                             "failure": ends.probability(lambda e: e.death is False)})))
    was_out = t.knocked_out  # a dead or removed target has no odds (NICOSW-11.5)
    landed = stages_of_use(s, opts, d, damaging, "full").map(lambda v: v[-1])  # the verdict counts unresisted uses
    steps = tuple(StepOdds(step, shown.map(lambda v, i=i: v[i])) for i, step in enumerate(STEPS))
    return ActionOdds(
        who=a.id, target=t.id, action=d.label, checks=tuple(checks), steps=steps,
        knock_out=Fraction(0) if was_out else ends.probability(lambda e: e.out),
        kill=None if t.multi else ends.probability(lambda e: e.dead),
        hits_to_knock_out=hits_to_knock_out(landed, d.part.hp) if d.part.hp > 0 else None,
        assumptions=tuple(skill_assumptions(s, opts, d)))


def other_effects(s: NicoswState, opts: dict, d: Declared, leaves: Distribution[str]) -> list[CheckOdds]:
    """NICOSW-11.6: the chance the skill's effects other than damage all take hold: the use not
    resisted (a resistance leaves none of them, 半減 too: NICOSW-8.8), and the target neither dead
    nor removed by the damage effects before the last of them, where the resolver stops."""
    effects = d.skill.effects
    last = max((i for i, e in enumerate(effects) if e.kind != "damage"), default=None)
    if last is None:
        return []
    before = [e for e in effects[:last] if e.kind == "damage"]

    def held(left: str) -> Distribution[bool]:
        if left != "full":
            return Distribution.constant(False)
        return after_use(s, opts, d, before, left).map(lambda st: not (st.dead or st.gone))

    return [CheckOdds("effects", leaves.bind(held).map(lambda ok: "applied" if ok else "not_applied"))]


def resistance(s: NicoswState, opts: dict, a: Character, t: Character, sk: Skill,
               parts: tuple[Part, ...]) -> Distribution[bool]:
    """NICOSW-8.5, 8.8: the chance the target resists: every part rolls its 精神抵抗判定 (one success
    resists for all) against the caster's one roll of ``resist_against``, or the fixed target."""
    if not sk.resisted:
        return Distribution.constant(False)
    numbers = [check_numbers(s, opts, t, "willpower", p) for p in parts]
    against = None if sk.resist_against is None else (sk.resist_against, *check_numbers(s, opts, a, sk.resist_against))
    return any_resists(numbers, against, sk.resist, opts)


def any_resists(numbers: list[tuple[int, int]], against: tuple[str, int, int] | None, target: int | None,
                opts: dict) -> Distribution[bool]:
    """NICOSW-8.5, 8.8: whether any of the 精神抵抗判定 of these (base, modifier) ``numbers``, each
    rolled on its own, resists the caster's one roll of ``against`` (its check, base, modifier:
    every face of its 2D6), or meets the fixed ``target``."""
    auto, in_opposed = opts["auto_results"], opts["auto_in_opposed"]

    def resisted(casting: rolls.Roll2 | None) -> Distribution[bool]:
        none_resists = Fraction(1)
        for base, mod in numbers:  # the parts roll independently of each other
            none_resists *= DICE.probability(lambda x: not rolls.resists(
                rolls.roll2("willpower", *x, base, mod, auto_results=auto), casting, target,
                auto_in_opposed=in_opposed))
        return Distribution({True: 1 - none_resists, False: none_resists})

    if against is None:
        return resisted(None)
    check, base, mod = against
    return DICE.bind(lambda x: resisted(rolls.roll2(check, *x, base, mod, auto_results=auto)))


def effect_stages(s: NicoswState, opts: dict, d: Declared, e: SkillEffect, part: Part,
                  left: str) -> Distribution[tuple[int, ...]]:
    """One damage effect on ``part`` (NICOSW-7.1, 8.8, 8.11, 8.12): the value after each of the four
    steps, the last the amount the part loses; all 0 when a resistance leaves nothing."""
    if left == "none":
        return Distribution.constant((0,) * len(STEPS))
    giver, receiver = damage_mods(s, d.attacker, e.mods, d.target, part, halve=left == "half",
                                  attribute=d.skill.attribute)
    armor = part.armor if e.type == "physical" else part.magic_armor

    def stages(base: int) -> tuple[int, ...]:
        steps, amount = compute_damage(base, giver, receiver, armor, opts["division_rounding"], opts["rounding_point"])
        return tuple(stage_values(steps, amount, base))

    return Distribution.dice(e.dice, 6).map(lambda rolled: stages(rolls.damage_base(e.amount, (rolled,))))


def stages_of_use(s: NicoswState, opts: dict, d: Declared, damaging: list[SkillEffect],
                  left: str) -> Distribution[tuple[int, ...]]:
    """The four steps' values on the first part reached, summed over the skill's damage effects."""
    total = Distribution.constant((0,) * len(STEPS))
    for e in damaging:
        total = total.combine(effect_stages(s, opts, d, e, d.part, left),
                              lambda x, y: tuple(p + q for p, q in zip(x, y)))
    return total


def after_use(s: NicoswState, opts: dict, d: Declared, damaging: list[SkillEffect], left: str) -> Distribution[Standing]:
    """What the skill's damage effects leave of the target, in the resolver's order: each effect on
    each part reached, a part's removal (NICOSW-8.4) or a 生死判定 (NICOSW-8.2) as it happens; an
    effect no longer acts on a dead or removed character, nor on a removed part or after death."""
    t = d.target
    now = Distribution.constant(Standing(tuple(p.hp for p in d.parts), tuple(p.removed for p in d.parts),
                                         t.removed, t.knocked_out, t.dead))
    if left == "none":
        return now
    amounts = [[effect_stages(s, opts, d, e, p, left).map(lambda v: v[-1]) for p in d.parts] for e in damaging]
    for per_part in amounts:
        now = now.bind(lambda st, per_part=per_part: after_effect(s, opts, d, st, per_part))
    return now


def after_effect(s: NicoswState, opts: dict, d: Declared, st: Standing,
                 per_part: list[Distribution[int]]) -> Distribution[Standing]:
    """One damage effect on every part reached, in part order (``per_part``: each part's amount)."""
    if st.dead or st.gone:
        return Distribution.constant(st)
    now = Distribution.constant(st)
    for i, amount in enumerate(per_part):
        now = now.bind(lambda x, i=i, amount=amount: part_hit(s, opts, d, x, i, amount))
    return now


def part_hit(s: NicoswState, opts: dict, d: Declared, st: Standing, i: int,
             amount: Distribution[int]) -> Distribution[Standing]:
    """One part takes one effect's damage (as the resolver's ``damage`` does)."""
    if st.removed[i] or st.dead:
        return Distribution.constant(st)
    before = st.hp[i]
    return amount.bind(lambda n: taken(s, opts, d, replace(st, hp=st.hp[:i] + (before - n,) + st.hp[i + 1:]),
                                       i, n, before))


def taken(s: NicoswState, opts: dict, d: Declared, st: Standing, i: int, amount: int,
          before: int) -> Distribution[Standing]:
    t, after = d.target, st.hp[i]
    if amount <= 0:
        return Distribution.constant(st)
    if t.multi:
        if after > 0 or st.removed[i]:
            return Distribution.constant(st)
        removed = st.removed[:i] + (True,) + st.removed[i + 1:]
        reached = {p.id: r for p, r in zip(d.parts, removed)}
        whole = all(reached.get(p.id, p.removed) for p in t.parts)
        return Distribution.constant(replace(st, removed=removed, gone=st.gone or whole or d.parts[i].core))
    if not rolls.death_check_due(amount, before, after, repeat=opts["repeat_death_check"], dead=st.dead):
        return Distribution.constant(st)
    return death_check(s, opts, t, -after).map(
        lambda ok: replace(st, knocked_out=ok, dead=not ok, death=ok))


def skill_assumptions(s: NicoswState, opts: dict, d: Declared) -> list[Assumption]:
    a, t, sk = d.attacker, d.target, d.skill
    out = [turn_start(d.turn)]
    if sk.resist_against is not None:
        base, mod = check_numbers(s, opts, a, sk.resist_against)
        out.append(assumed("resist", "nicosw.odds_resist_roll", who=a.name, check=sk.resist_against, base=base + mod,
                           target=t.name, willpower=willpower_bases(s, opts, d), left=LEFT[sk.resist_success]))
    elif sk.resist is not None:
        out.append(assumed("resist", "nicosw.odds_resist_target", target=t.name, resist=sk.resist,
                           willpower=willpower_bases(s, opts, d), left=LEFT[sk.resist_success]))
    out.append(assumed("skill", "nicosw.odds_skill", skill=sk.name, target=t.name,
                       hp="/".join(str(p.hp) for p in d.parts)))
    if any(e.kind != "damage" for e in sk.effects):
        out.append(assumed("skill_effects", "nicosw.odds_skill_effects", skill=sk.name))
    out += [option(opts, key) for key in ("auto_results", "auto_in_opposed", "repeat_death_check", "division_rounding",
                                          "rounding_point")]
    return out


LEFT = {"none": "消滅", "half": "半減"}  # what a successful resistance leaves, in the seed's words (NICOSW-8.8)


def willpower_bases(s: NicoswState, opts: dict, d: Declared) -> str:
    return "/".join(str(sum(check_numbers(s, opts, d.target, "willpower", p))) for p in d.parts)


def assumptions(s: NicoswState, opts: dict, d: Declared, amount: int) -> list[Assumption]:
    a, t = d.attacker, d.target
    (ab, am), (db, dm) = check_numbers(s, opts, a, "attack_check"), check_numbers(s, opts, t, "defense_check")
    out = [turn_start(d.turn), assumed("figures", "nicosw.odds_figures", who=a.name, attack=ab + am, target=t.name,
                   defense=db + dm, part=d.part.name, hp=d.part.hp, amount=amount)]
    out += [option(opts, key) for key in ("auto_results", "auto_in_opposed", "repeat_death_check", "division_rounding")]
    if d.kind == "ranged" and t.prone:
        out.append(assumed("prone", "nicosw.odds_prone", target=t.name))
    return out


# --------------------------------------------------------------------------- logged rolls (NICOSW-11.2)

SAID_BY = {"attack": "attack", "defense": "attack", "death_check": "death_check", "escape": "escape",
           "check": "check", "continuous_check": "continuous_check", "retreat": "retreat", "lore": "lore"}


def roll_luck(roll: dict, events: list[dict]) -> Fraction | None:
    """NICOSW-11.2: a die's place among its faces; every nicosw die is better high for its roller."""
    return die_luck(roll["face"], roll["sides"])


def roll_chance(roll: dict, events: list[dict], options: dict[str, Any] | None = None) -> Fraction | None:
    """NICOSW-11.2: on a check's first die, the chance the check succeeds for its roller: the 攻撃判定
    that it beats the 防御判定, the 防御判定 that it holds, a check against a 目標値 that it meets
    it; the 転倒 die, that the attack goes on; a part's 精神抵抗判定, that it resists; the caster's roll
    of a resisted skill, that no target resists it (NICOSW-11.4). Read from the check's event, which
    follows its dice, under the match's ``options`` (``auto_results``, ``auto_in_opposed``; None:
    the defaults)."""
    if roll["purpose"] == "prone_check":
        return Distribution.die(rolls.PRONE_DIE).probability(lambda f: not rolls.prone_fails(f))
    if roll["purpose"] == "initiative":
        return initiative_chance(roll, events) if roll.get("die") == 1 else None
    opts = with_defaults(options, OPTIONS)
    if roll["purpose"] == "resist":
        return resist_chance(roll, events, opts) if roll.get("die") == 1 else None
    if roll["purpose"] == "casting":
        return casting_chance(roll, events, opts) if roll.get("die") == 1 else None
    kind = SAID_BY.get(roll["purpose"])
    if kind is None or roll.get("die") != 1:
        return None
    said = following(events, roll, (kind,))
    if said is None:
        return None
    auto = opts["auto_results"]
    if kind == "attack":
        won = DICE.combine(DICE, lambda x, y: rolls.beats(
            rolls.roll2("a", *x, said["attack"]["base"], said["attack"]["mod"], auto_results=auto),
            rolls.roll2("d", *y, said["defense"]["base"], said["defense"]["mod"], auto_results=auto),
            auto_in_opposed=opts["auto_in_opposed"])).p(True)
        return won if roll["purpose"] == "attack" else 1 - won
    if kind == "lore":  # NICOSW-2.2: each roller's check against the target's 知名度
        mine = next((r for r in said["rolls"] if r["actor"] == roll.get("actor")), None)
        said = None if mine is None or said.get("fame") is None else {**mine, "target": said["fame"]}
    if said is None or not isinstance(said.get("target"), int):
        return None
    return DICE.probability(lambda x: rolls.meets(rolls.roll2("c", *x, said["base"], said["mod"], auto_results=auto),
                                                  said["target"]))


INITIATIVE_ROLLERS = 8  # beyond it, the ties to weigh outgrow a plan's time (a quarter second at 8): no figure


def initiative_chance(roll: dict, events: list[dict]) -> Fraction | None:
    """NICOSW-11.7: a 先制判定's first die carries the chance that its roller's side is 先手, from
    every roller of this attempt (its ``initiative`` event follows the dice) and every re-roll a tie
    at the top leads to; none for an attempt of more than ``INITIATIVE_ROLLERS``. The sides are read
    from the ``order`` events of the preparations."""
    said = following(events, roll, ("initiative",))
    side_of = {cid: e["side"] for e in events if e["kind"] == "order" for cid in e["order"]}
    if said is None or len(said["rolls"]) > INITIATIVE_ROLLERS or any(r["actor"] not in side_of
                                                                       for r in said["rolls"]):
        return None
    return takes_initiative([(side_of[r["actor"]], r["base"] + r["mod"]) for r in said["rolls"]],
                            side_of[roll["actor"]])


def takes_initiative(rollers: list[tuple[str, int]], side: str) -> Fraction:
    """NICOSW-11.7: the chance ``side`` is 先手 when ``rollers`` (each its side and its 先制 base plus
    modifier) roll the 先制判定 (NICOSW-2.3), counting every re-roll of a tie at the top."""
    return _takes_initiative(tuple(sorted(Counter(rollers).items())), side)


Rollers = tuple[tuple[tuple[str, int], int], ...]  # (side, 先制 number) and how many roll with it


@lru_cache(maxsize=1024)
def _takes_initiative(rollers: Rollers, side: str) -> Fraction:
    """Over how many of each kind of roller reach the highest 達成値 (the others below it), counted
    in faces out of 36 per roller: decided when the tied are of one side (``rolls.first_side``), else
    the tied roll again. When every roller ties again the chance is the same as before the roll,
    hence the division."""
    won, again = 0, {}
    for tied, ways in top_ties(rollers).items():
        first = rolls.first_side([s for (s, _), k in tied for _ in range(k)])
        if first is None:
            again[tied] = ways
        elif first == side:
            won += ways
    whole = 36 ** sum(m for _, m in rollers)
    chance = Fraction(won) + sum((ways * _takes_initiative(tied, side) for tied, ways in again.items()
                                  if tied != rollers), Fraction(0))
    return chance / (whole - again.get(rollers, 0))


def top_ties(rollers: Rollers) -> dict[Rollers, int]:
    """For each set of rollers that can be the tied at the top (how many of each kind), in how many
    ways of all the faces (36 per roller) it is exactly they who reach the highest 達成値."""
    counts = {n: {t: round(p * 36) for t, p in initiative_totals(n).items()} for (_, n), _ in rollers}
    ways: dict[Rollers, int] = {}
    for top in sorted({t for c in counts.values() for t in c}):
        partial: dict[Rollers, int] = {(): 1}
        for kind, m in rollers:
            at, below = counts[kind[1]].get(top, 0), sum(w for t, w in counts[kind[1]].items() if t < top)
            grown: dict[Rollers, int] = {}
            for tied, w in partial.items():
                for k in range(m + 1):
                    weight = w * comb(m, k) * at ** k * below ** (m - k)
                    if weight:
                        key = tied + ((kind, k),) if k else tied
                        grown[key] = grown.get(key, 0) + weight
            partial = grown
        for tied, w in partial.items():
            if tied:
                ways[tied] = ways.get(tied, 0) + w
    return ways


def initiative_totals(number: int) -> Distribution[int]:
    """A 先制判定's 達成値 (NICOSW-3.1) with its base plus modifier ``number``."""
    return DICE.map(lambda x: rolls.roll2("initiative", *x, number, 0, auto_results=False).total)


def resist_chance(roll: dict, events: list[dict], opts: dict[str, Any]) -> Fraction | None:
    """NICOSW-11.2: a part's 精神抵抗判定, on its first die: the chance it resists the caster's roll
    already made (the ``casting`` event before it) or meets the skill's fixed target number. Its
    part's numbers are in the ``skill`` event that follows, in the order the parts rolled."""
    said = following(events, roll, ("skill",))
    at = next((i for i, e in enumerate(events) if e is roll), None)
    if said is None or at is None:
        return None
    end = events.index(said)
    later = sum(1 for e in events[at + 1:end] if e["kind"] == "roll" and e["purpose"] == "resist" and e.get("die") == 1)
    mine = said["resist_rolls"][len(said["resist_rolls"]) - 1 - later]
    auto = opts["auto_results"]
    casting = None
    if "against" in said:
        cast = next(e for e in reversed(events[:at]) if e["kind"] == "casting")
        casting = rolls.roll2(cast["check"], *cast["dice"], cast["base"], cast["mod"], auto_results=auto)
    return DICE.probability(lambda x: rolls.resists(
        rolls.roll2("willpower", *x, mine["base"], mine["mod"], auto_results=auto), casting, said["resist"],
        auto_in_opposed=opts["auto_in_opposed"]))


def casting_chance(roll: dict, events: list[dict], opts: dict[str, Any]) -> Fraction | None:
    """NICOSW-11.4: the caster's roll of a resisted skill (its ``casting`` event follows the dice),
    on its first die: the chance that no target resists it — every part of every target the log
    shows it reaching (the ``skill`` events of this use) fails its 精神抵抗判定 against it."""
    cast = following(events, roll, ("casting",))
    if cast is None:
        return None
    at = events.index(cast)
    use = []
    for e in events[at + 1:]:
        if e["kind"] == "casting":  # the next resisted use: every target of this one came before it
            break
        if e["kind"] == "skill" and e["actor"] == cast["actor"] and e["skill"] == cast["skill"] and "against" in e:
            use.append(e)
    numbers = [(r["base"], r["mod"]) for e in use for r in e["resist_rolls"]]
    if not numbers:
        return None
    return any_resists(numbers, (cast["check"], cast["base"], cast["mod"]), None, opts).p(False)
