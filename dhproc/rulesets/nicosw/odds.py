"""Exact odds of a nicosw attack (NICOSW-11): the same checks the resolver rolls (rolls.py), applied
to exact distributions of their dice.

One 近接攻撃 or 遠距離攻撃 at the state its round starts from: the 転倒 die (NICOSW-6.3), the 攻撃判定
against the 防御判定 (2D6 each, NICOSW-3.2), the damage after each of the four steps (NICOSW-7.1),
and what the 生死判定 that follows makes of it (NICOSW-8.2): 戦闘不能 or death.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...odds.distribution import Distribution
from ...odds.report import ActionOdds, Assumption, CheckOdds, StepOdds
from ...odds.inputs import option, turn_start, with_defaults
from ...odds.state import (Start, assumed, chosen_action, declarer, die_luck, following, hits_to_knock_out, start_of,
                           target_id)
from . import messages  # noqa: F401  (registers the nicosw.* messages)
from . import rolls
from .model import Character, NicoswState, Part
from .options import OPTIONS
from .rules import check_numbers, compute_damage, lasting_mods, weapon_for

ATTACKS = ("melee", "ranged")
STEPS = ("giver_multiply", "giver_add", "receiver_multiply", "receiver_add")  # NICOSW-7.1's four steps
DICE = Distribution.die(rolls.CHECK_DICE[0]).combine(Distribution.die(rolls.CHECK_DICE[1]), lambda a, b: (a, b))


@dataclass(frozen=True)
class Declared:
    attacker: Character
    kind: str  # melee | ranged
    target: Character
    part: Part
    label: str
    turn: int


def action_odds(match: Any, turn_number: int, who: str, target: str | None, action: str | None) -> ActionOdds:
    start = start_of(match, turn_number)
    s, _ = start.scratch()
    opts = match.options
    d = declared(start, s, who, target, action)
    a, t, part = d.attacker, d.target, d.part
    weapon = weapon_for(a, d.kind)
    prone = d.kind == "ranged" and t.prone
    passes = Distribution.die(rolls.PRONE_DIE).map(lambda f: not rolls.prone_fails(f)) if prone \
        else Distribution.constant(True)
    beats = opposed(s, opts, a, "attack_check", t, "defense_check")
    hit = passes.combine(beats, lambda ok, won: ok and won)
    mods = list(weapon.mods) if weapon else []
    steps, amount = compute_damage(1, mods + lasting_mods(s, a, "giver"), lasting_mods(s, t, "receiver"),
                                   part.armor if (weapon is None or weapon.type == "physical") else part.magic_armor,
                                   opts["division_rounding"], opts["rounding_point"])
    after = part.hp - amount
    rolls_death = not t.multi and amount > 0 and after <= 0 and (part.hp > 0 or opts["repeat_death_check"]) \
        and not t.dead
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


def stage_values(steps: list[dict], amount: int) -> list[int]:
    """The damage after each of the four steps (a step without an operation keeps the value)."""
    value, out = 1, []
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
    label, act = chosen_action(start, a.name, found, action, rel)
    t = s.characters[target_id(start, target or act["target"], names)]
    part = t.part(act.get("part") if not target else None) or t.live_parts()[0]
    return Declared(a, act["do"], t, part, label, start.turn.number)


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
    it; the 転倒 die, that the attack goes on. Read from the check's event, which follows its dice,
    under the match's ``options`` (``auto_results``, ``auto_in_opposed``; None: the defaults)."""
    if roll["purpose"] == "prone_check":
        return Distribution.die(rolls.PRONE_DIE).probability(lambda f: not rolls.prone_fails(f))
    kind = SAID_BY.get(roll["purpose"])
    if kind is None or roll.get("die") != 1:
        return None
    said = following(events, roll, (kind,))
    if said is None:
        return None
    opts = with_defaults(options, OPTIONS)
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
