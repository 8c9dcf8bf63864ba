"""Exact odds of a kagemiya attack (KAGEMIYA-12): the pools the resolver builds and rolls
(rules.py's own ``build_pool``, rolls.py's totals), applied to exact distributions of their dice.

One attack on one target, at the state the 巡 starts from: the attack pool as declared (skills,
宝具, 令呪, 倍加, 援護), the target's defence pool as its standing orders give it for each attack
total (KAGEMIYA-5.7), the damage (the excess, KAGEMIYA-5.6) and the chance it drops the target out
(KAGEMIYA-8.1). Pools too long to enumerate are sampled from a seeded stream and flagged.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...words.messages import say
from ...odds.distribution import LIMIT, Distribution, TooLarge
from ...odds.report import ActionOdds, Assumption, CheckOdds, StepOdds
from ...odds.sampling import SAMPLES, approximation, sample
from ...odds.inputs import option, turn_start
from ...odds.state import (Start, assumed, chosen_action, declarer, die_luck, following, hits_to_knock_out, start_of,
                           target_id)
from . import messages  # noqa: F401  (registers the kagemiya.* messages)
from . import rolls
from .model import ATTACKS, Character, Declared, KagemiyaState, Pool, targets_of
from .rules import Battle, take_orders

DRAWS = 2_000_000  # dice drawn at most when sampling: a long pool takes fewer samples, not longer


@dataclass(frozen=True)
class Dice:
    """A rolled pool's dice: how many, of how many faces, and the modifier."""

    count: int
    faces: int
    modifier: int

    def work(self) -> int:
        """The additions counting every sum of the pool takes (about n² f² / 2)."""
        return (self.count * self.faces) ** 2 // 2


def dice_of(pool: Pool, opts: dict) -> Dice:
    """KAGEMIYA-2.1–2.5: the dice ``Battle.roll`` draws for ``pool``."""
    sides = rolls.declared_sides(pool.check, pool.sides, opts["magical_faces"])
    return Dice(rolls.pool_dice(pool.dice), rolls.pool_faces(sides, opts["min_faces"]), pool.modifier)


def ways(d: Dice) -> dict[int, int]:
    """Every total of the pool with the number of face combinations giving it (integers: exact and
    quick); ``TooLarge`` when counting them would take more than the limit."""
    if d.work() > LIMIT:
        raise TooLarge(d.work(), LIMIT)
    sums = {0: 1}
    for _ in range(d.count):
        after: dict[int, int] = {}
        for total, n in sums.items():
            for face in range(1, d.faces + 1):
                after[total + face] = after.get(total + face, 0) + n
        sums = after
    return {rolls.pool_total([total], d.modifier): n for total, n in sums.items()}


@dataclass(frozen=True)
class Attack:
    side: str
    attacker: Character
    kind: str
    target: Character
    act: dict
    label: str


class Asker:
    """The resolver's own pools for one declared attack, each built on a fresh copy of the state
    (building a pool spends what it declares)."""

    def __init__(self, start: Start):
        self.start = start
        self.reader = self.battle()  # reads standing orders, which spend nothing
        self.pools: dict[tuple, Pool] = {}

    def battle(self) -> Battle:
        s, ctx = self.start.scratch()
        b = Battle(s, ctx)
        b.subs = self.start.turn.submissions
        b.round_no = s.rounds_played + 1
        take_orders(s, b.subs, b.opts["standing_orders"])  # KAGEMIYA-5.12, as the 巡 begins
        b.actions_left = {c.id: c.actions if c.actions is not None else b.opts["actions_per_round"]
                          for c in s.characters.values()}
        return b

    def attack_pool(self, at: Attack) -> Pool:
        b = self.battle()
        a = b.s.characters[at.attacker.id]
        return b.build_pool(a, ATTACKS[at.kind][0], Declared.of(at.act), b.supporters_of(at.side, a, at.act))

    def defence_pool(self, at: Attack, total: int, pool: Pool) -> Pool:
        """KAGEMIYA-5.7 / 5.9: the target's defence against an attack of ``total`` (one pool built
        for each set of orders that hold)."""
        t = self.reader.s.characters[at.target.id]
        a = self.reader.s.characters[at.attacker.id]  # KAGEMIYA-5.14: an order may read the attacker
        orders = self.reader.standing_orders(t, at.kind, total, pool, a)
        check = ATTACKS[at.kind][1]
        if at.kind == "physical":
            check = next((r.physical_defense_as for rid in orders.use if (r := t.resources[rid]).physical_defense_as
                          and t.left(r) != 0), check)
        if (check, orders) not in self.pools:
            b = self.battle()
            self.pools[(check, orders)] = b.build_pool(b.s.characters[t.id], check, orders)
        return self.pools[(check, orders)]


def action_odds(match: Any, turn_number: int, who: str, target: str | None, action: str | None) -> ActionOdds:
    start = start_of(match, turn_number)
    opts = match.options
    at = declared(start, who, target, action)
    asker = Asker(start)
    pool = asker.attack_pool(at)
    attack = dice_of(pool, opts)
    defences: dict[Dice, list[int]] = {}  # each defence pool, and the lowest and highest attack it meets
    cache: dict[int, Dice] = {}

    def defence(total: int) -> Dice:
        if total not in cache:
            cache[total] = d = dice_of(asker.defence_pool(at, total, pool), opts)
            seen = defences.setdefault(d, [total, total])
            seen[0], seen[1] = min(seen[0], total), max(seen[1], total)
        return cache[total]

    hp = at.target.hp
    key = f"{match.seed}/{turn_number}/{at.attacker.id}/{at.target.id}/{at.label}"
    approx = None
    try:
        damage = exact_damage(attack, defence)
    except TooLarge as error:
        samples = max(200, min(SAMPLES, DRAWS // max(1, 2 * attack.count)))
        damage = sample(lambda rng: rolls.attack_damage(*drawn(rng, attack, defence)), key, samples=samples)
        approx = approximation(error, key, damage.map(lambda x: x >= hp), samples=samples)
    return ActionOdds(
        who=at.attacker.id, target=at.target.id, action=at.label,
        checks=(CheckOdds("attack", damage.map(lambda x: "hit" if x > 0 else "miss")),),
        steps=(StepOdds("damage", damage),),
        knock_out=damage.probability(lambda x: rolls.hp_after(hp, x) == 0), kill=None,
        hits_to_knock_out=hits_to_knock_out(damage, hp),
        assumptions=tuple(assumptions(start, at, attack, defences, opts) + rerolls_left_out(asker, at)),
        approximate=approx)


def rerolls_left_out(asker: Asker, at: Attack) -> list[Assumption]:
    """KAGEMIYA-11.6: a re-roll 令呪 declared after the defence roll (the defender's ``after_roll``
    order, the attacker's ``react``) depends on the totals both sides see; the odds leave it out and
    say so."""
    orders = asker.reader.orders(at.target.side).get("defense", {}).get(at.target.id, [])
    if any(e.get("after_roll") for e in orders) or at.act.get("react"):
        return [assumed("reroll", "kagemiya.odds_no_reroll")]
    return []


def exact_damage(attack: Dice, defence) -> Distribution[int]:
    """KAGEMIYA-5.6 over every face of both pools: the excess of the attack over the defence."""
    totals = ways(attack)
    weights: dict[int, int] = {}
    work = 0
    counted: dict[Dice, dict[int, int]] = {}
    for atk, n in totals.items():
        d = defence(atk)
        if d not in counted:
            counted[d] = ways(d)
        work += len(counted[d])
        if work > LIMIT:
            raise TooLarge(work, LIMIT)
        for dfn, m in counted[d].items():
            dmg = rolls.attack_damage(atk, dfn)
            weights[dmg] = weights.get(dmg, 0) + n * m
    return Distribution(weights)


def drawn(rng: Any, attack: Dice, defence) -> tuple[int, int]:
    """One sampled attack and defence, their dice drawn as the resolver draws them."""
    atk = rolls.pool_total([rng.die(attack.faces) for _ in range(attack.count)], attack.modifier)
    d = defence(atk)
    return atk, rolls.pool_total([rng.die(d.faces) for _ in range(d.count)], d.modifier)


def declared(start: Start, who: str, target: str | None, action: str | None) -> Attack:
    """The attack ``who`` declares in its 陣営's 手番: the one ``action`` names (its type, or its place
    among the 陣営's actions counted from 1), else its first."""
    s: KagemiyaState = start.state
    names = {cid: c.name for cid, c in s.characters.items()}
    actors = {act.get("actor"): act for sub in start.turn.submissions.values() for act in sub.get("actions", [])}
    cid = declarer(start, who, actors, names)
    a = s.characters[cid]
    acts = start.turn.submissions.get(a.side, {}).get("actions", [])
    rel = ("submissions", a.side, "actions")
    found = [(f"{n}.{act['do']}", (str(n), act["do"]), act) for n, act in enumerate(acts, start=1)
             if act.get("actor") == cid and act.get("do") in ATTACKS]
    label, act = chosen_action(start, a.name, found, action, rel)
    aimed = target or next(iter(targets_of(act)), None)
    if aimed is None:
        raise start.problem(rel, say("odds.needs_target", who=a.name, action=label))
    t = s.characters[target_id(start, aimed, names)]
    return Attack(a.side, a, act["do"], t, act, label)


def assumptions(start: Start, at: Attack, attack: Dice, defences: dict, opts: dict) -> list[Assumption]:
    s: KagemiyaState = start.state
    out = [turn_start(start.turn.number), assumed("figures", "kagemiya.odds_figures", target=at.target.name, hp=at.target.hp),
           assumed("attack_pool", "kagemiya.odds_pool", who=at.attacker.name, dice=attack.count, faces=attack.faces,
                   modifier=attack.modifier)]
    for d, (low, high) in defences.items():
        out.append(assumed("defence_pool", "kagemiya.odds_defence", who=at.target.name, dice=d.count, faces=d.faces,
                           modifier=d.modifier, low=low, high=high))
    out += [option(opts, key) for key in ("magical_faces", "min_faces")]
    return out


# --------------------------------------------------------------------------- logged rolls (KAGEMIYA-12.2)

def roll_luck(roll: dict, events: list[dict]) -> Fraction | None:
    """KAGEMIYA-12.2: a die's place among its faces; every kagemiya die is better high for its roller."""
    return die_luck(roll["face"], roll["sides"])


def roll_chance(roll: dict, events: list[dict], options: dict[str, Any] | None = None) -> Fraction | None:
    """KAGEMIYA-12.2: on a pool's first die, the chance it does its work for its roller: an attack
    pool that its total exceeds the defence its target rolled against it, a defence pool that it
    reaches the attack total already rolled. Read from the pools' ``check`` events, which follow
    their dice and say what the options made them (``options`` is not read); None for a pool too
    long to count."""
    if roll["purpose"] not in ("attack", "defense") or not first_of_pool(roll, events):
        return None
    check = following(events, roll, ("check",))
    result = following(events, roll, ("attack_result",))
    if check is None or result is None:
        return None
    try:
        if roll["purpose"] == "defense":
            return Distribution(ways(pool_dice_of(check))).at_least(result["attack"])
        answer = following(events, check, ("check",))
        if answer is None or answer.get("purpose") != "defense":
            return None
        return exact_damage(pool_dice_of(check), lambda _: pool_dice_of(answer)).probability(lambda x: x > 0)
    except TooLarge:
        return None


def pool_dice_of(check: dict) -> Dice:
    """The dice of a logged ``check`` event."""
    return Dice(check["dice"], check["faces_per_die"], check["modifier"])


def first_of_pool(roll: dict, events: list[dict]) -> bool:
    at = next((i for i, e in enumerate(events) if e is roll or e == roll), None)
    if not at:
        return at == 0
    before = events[at - 1]
    return not (before["kind"] == "roll" and before["purpose"] == roll["purpose"]
                and before.get("actor") == roll.get("actor"))
