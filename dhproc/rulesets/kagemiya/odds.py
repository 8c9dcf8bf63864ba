"""Exact odds of a kagemiya attack (KAGEMIYA-12): the pools the resolver builds and rolls
(rules.py's own ``build_pool``, rolls.py's totals), applied to exact distributions of their dice.

One attack on one target, at the state the 巡 starts from: the attack pool as declared (skills,
宝具, 令呪, 倍加, 援護), the target's defence pool as its standing orders give it for each attack
total (KAGEMIYA-5.7), the damage (the excess, KAGEMIYA-5.6) and the chance it drops the target out
(KAGEMIYA-8.1). What the sides decide on the way — a redirect to the servant (KAGEMIYA-11.5), the
re-roll 令呪 on seeing the rolls (KAGEMIYA-11.6) — is asked of the resolver's own functions, branch
by branch (KAGEMIYA-12.3). Attacks too branched to enumerate are sampled from a seeded stream, with
the same decisions, and flagged.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
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
from .model import ATTACKS, Character, Declared, KagemiyaState, Pool, payer_of, targets_of
from .rules import Battle, reactions, rerolled, take_orders

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

    @property
    def alone(self) -> bool:
        """KAGEMIYA-5.11: an attack on one target (one on several is not redirected and has no
        ``react``)."""
        return len(targets_of(self.act)) <= 1


@dataclass
class Defence:
    """One way the target's side answers the attack: who defends (the target, or the servant a
    redirect turns it to, KAGEMIYA-11.5) with which pool, on the copy of the battle where that
    pool was built and paid for (so an order read after the roll sees what is left)."""

    battle: Battle
    defender: Character  # the battle's own
    pool: Pool
    dice: Dice
    after: list[tuple[int, dict]]  # its orders read after the roll (KAGEMIYA-11.6)
    low: int = 0  # the lowest and highest attack total it answers
    high: int = 0
    rerolls: dict[tuple[int, int], Dice | None] = field(default_factory=dict)  # (attack, defence) → re-roll


class Asker:
    """The resolver's own answers to one declared attack, each asked of a fresh copy of the state
    (building a pool spends what it declares): the attack pool, who defends it with which pool for
    each attack total (KAGEMIYA-5.7, 11.5), and the re-roll 令呪 each side chooses on seeing the
    rolls (KAGEMIYA-11.6) — the resolver's own functions, so the odds follow its decisions."""

    def __init__(self, start: Start, at: Attack):
        self.start, self.at = start, at
        self.opts = start.match.options
        self.reader = self.battle()  # reads standing orders, which spend nothing
        self.attacking = self.battle()
        a = self.attacking.s.characters[at.attacker.id]
        self.pool = self.attacking.build_pool(a, ATTACKS[at.kind][0], Declared.of(at.act),
                                              self.attacking.supporters_of(at.side, a, at.act))
        self.turned: dict[Declared, bool] = {}  # the target's orders → whether they redirect
        self.answers: dict[tuple[str, Declared], Defence] = {}
        self.reactions: dict[tuple[int, int], Dice | None] = {}
        self.by_total: dict[int, Defence] = {}

    def battle(self) -> Battle:
        s, ctx = self.start.scratch()
        b = Battle(s, ctx)
        b.subs = self.start.turn.submissions
        b.round_no = s.rounds_played + 1
        take_orders(s, b.subs, b.opts["standing_orders"])  # KAGEMIYA-5.12, as the 巡 begins
        b.actions_left = {c.id: c.actions if c.actions is not None else b.opts["actions_per_round"]
                          for c in s.characters.values()}
        return b

    def defence(self, total: int) -> Defence:
        """KAGEMIYA-5.7 / 5.9 / 11.5: who defends an attack of ``total`` and with what (one pool
        built for each defender and set of orders that hold; asked once for each total)."""
        if total not in self.by_total:
            self.by_total[total] = self.answer(total)
        return self.by_total[total]

    def answer(self, total: int) -> Defence:
        at, r = self.at, self.reader
        orders = r.standing_orders(r.s.characters[at.target.id], at.kind, total, self.pool,
                                   r.s.characters[at.attacker.id])
        if self.turned.get(orders) is False:  # no redirect: the answer is the orders' alone
            return self.meets(self.answers[(at.target.id, orders)], total)
        b = self.battle()
        who, held = b.defender(b.s.characters[at.attacker.id], b.s.characters[at.target.id], at.kind, total,
                               self.pool, alone=at.alone)
        self.turned[orders] = who.id != at.target.id
        if (who.id, held) not in self.answers:
            pool = b.defence_pool(who, at.kind, held)
            self.answers[(who.id, held)] = Defence(b, who, pool, dice_of(pool, self.opts), b.after_roll_orders(who),
                                                   total, total)
        return self.meets(self.answers[(who.id, held)], total)

    @staticmethod
    def meets(d: Defence, total: int) -> Defence:
        d.low, d.high = min(d.low, total), max(d.high, total)
        return d

    def defender_reroll(self, d: Defence, atk: int, dfn: int) -> Dice | None:
        """KAGEMIYA-11.6: the pool the defender rolls again on seeing its total ``dfn``, or None."""
        if not d.after:
            return None
        if (atk, dfn) not in d.rerolls:
            b = d.battle
            facts = b.facts(d.defender, b.s.characters[self.at.attacker.id], self.at.kind, atk, self.pool, dfn)
            kid = b.reroll_choice(d.defender, d.after, facts, d.pool, stage="after_roll")
            d.rerolls[(atk, dfn)] = self.again(b, d.defender, kid, d.pool)
        return d.rerolls[(atk, dfn)]

    def attacker_reroll(self, atk: int, dfn: int) -> Dice | None:
        """KAGEMIYA-11.6: the pool the attacker rolls again on seeing the defence ``dfn``, or None."""
        entries = reactions(self.at.act.get("react", []), self.at.alone)
        if not entries:
            return None
        if (atk, dfn) not in self.reactions:
            b = self.attacking
            a = b.s.characters[self.at.attacker.id]
            kid = b.reroll_choice(a, entries, b.facts(a, a, self.at.kind, atk, self.pool, dfn), self.pool,
                                  stage="react")
            self.reactions[(atk, dfn)] = self.again(b, a, kid, self.pool)
        return self.reactions[(atk, dfn)]

    def again(self, b: Battle, c: Character, kid: str | None, pool: Pool) -> Dice | None:
        if kid is None:
            return None
        return dice_of(rerolled(pool, kid, b.s.spell_kinds[kid], payer_of(c, b.s.characters)), self.opts)

    def may_reroll(self) -> bool:
        """Whether a re-roll after the defence roll is written for this attack at all."""
        target = self.reader.orders(self.at.target.side).get("defense", {})
        return any(e.get("after_roll") for entries in target.values() for e in entries) or bool(
            reactions(self.at.act.get("react", []), self.at.alone))


@dataclass(frozen=True)
class Outcome:
    """How one attack ends: who took the damage, how much, and who re-rolled."""

    receiver: str
    damage: int
    defender_rerolled: bool = False
    attacker_rerolled: bool = False


def action_odds(match: Any, turn_number: int, who: str, target: str | None, action: str | None) -> ActionOdds:
    start = start_of(match, turn_number)
    opts = match.options
    at = declared(start, who, target, action)
    asker = Asker(start, at)
    attack = dice_of(asker.pool, opts)
    key = f"{match.seed}/{turn_number}/{at.attacker.id}/{at.target.id}/{at.label}"
    hp = {c.id: c.hp for c in start.state.characters.values()}
    approx = None
    try:
        ends = exact_outcomes(attack, asker)
    except TooLarge as error:
        samples = max(200, min(SAMPLES, DRAWS // max(1, 2 * attack.count)))
        ends = sample(lambda rng: drawn(rng, attack, asker), key, samples=samples)
        approx = approximation(error, key, ends.map(lambda o: falls(o, hp, at.target.id) == "target_down"), samples=samples)
    damage = ends.map(lambda o: o.damage)
    on_target = ends.map(lambda o: o.damage if o.receiver == at.target.id else 0)
    return ActionOdds(
        who=at.attacker.id, target=at.target.id, action=at.label,
        checks=(CheckOdds("attack", damage.map(lambda x: "hit" if x > 0 else "miss")),) + side_checks(ends, at, hp),
        steps=(StepOdds("damage", damage),),
        knock_out=ends.probability(lambda o: falls(o, hp, at.target.id) == "target_down"), kill=None,
        hits_to_knock_out=hits_to_knock_out(on_target, at.target.hp),
        assumptions=tuple(assumptions(start, at, attack, asker, opts)), approximate=approx)


def falls(o: Outcome, hp: dict[str, int], target: str) -> str:
    """KAGEMIYA-8.1: who the attack drops out: the target, the servant it was turned to, or nobody."""
    if rolls.hp_after(hp[o.receiver], o.damage) > 0:
        return "neither"
    return "target_down" if o.receiver == target else "servant_down"


def side_checks(ends: Distribution[Outcome], at: Attack, hp: dict[str, int]) -> tuple[CheckOdds, ...]:
    """The chances of what each side decides during the attack, where a decision is written: the
    redirect (and whom the attack then drops out), and the re-roll 令呪 of either side."""
    out = []
    if any(o.receiver != at.target.id for o in ends):
        out.append(CheckOdds("redirect", ends.map(lambda o: "used" if o.receiver != at.target.id else "not_used")))
        out.append(CheckOdds("falls", ends.map(lambda o: falls(o, hp, at.target.id))))
    for check, rerolled_ in (("defence_reroll", lambda o: o.defender_rerolled),
                             ("attack_reroll", lambda o: o.attacker_rerolled)):
        if any(rerolled_(o) for o in ends):
            out.append(CheckOdds(check, ends.map(lambda o, r=rerolled_: "used" if r(o) else "not_used")))
    return tuple(out)


def exact_outcomes(attack: Dice, asker: Asker) -> Distribution[Outcome]:
    """KAGEMIYA-5.6 / 11.5 / 11.6 over every face of every pool rolled: the attack, the defence
    its total meets, the defender's re-roll on seeing its total, the attacker's on seeing the
    defence — each decision the resolver's own, branch by branch. ``TooLarge`` when the branches
    would take more than the limit."""
    totals = ways(attack)
    by_denominator: dict[int, dict[Outcome, int]] = {}  # integer weights over each branch's face count
    work = 0
    counted: dict[Dice, tuple[dict[int, int], int]] = {}

    def spread(d: Dice) -> tuple[dict[int, int], int]:
        if d not in counted:
            w = ways(d)
            counted[d] = (w, sum(w.values()))
        return counted[d]

    for atk, n in totals.items():
        d = asker.defence(atk)
        defences, faces = spread(d.dice)
        for dfn, m in defences.items():
            again = asker.defender_reroll(d, atk, dfn)
            finals, below = ({dfn: 1}, 1) if again is None else spread(again)
            for dfn2, q in finals.items():
                react = asker.attacker_reroll(atk, dfn2)
                attacks, under = ({atk: 1}, 1) if react is None else spread(react)
                work += len(attacks)
                if work > LIMIT:
                    raise TooLarge(work, LIMIT)
                weights = by_denominator.setdefault(faces * below * under, {})
                for atk2, r in attacks.items():
                    o = Outcome(d.defender.id, rolls.attack_damage(atk2, dfn2), again is not None, react is not None)
                    weights[o] = weights.get(o, 0) + n * m * q * r
    common = math.lcm(*by_denominator)
    total: dict[Outcome, int] = {}
    for denominator, weights in by_denominator.items():
        for o, w in weights.items():
            total[o] = total.get(o, 0) + w * (common // denominator)
    return Distribution(total)


def drawn(rng: Any, attack: Dice, asker: Asker) -> Outcome:
    """One sampled attack, its dice drawn as the resolver draws them, each decision the resolver's."""
    atk = roll_of(rng, attack)
    d = asker.defence(atk)
    dfn = roll_of(rng, d.dice)
    again = asker.defender_reroll(d, atk, dfn)
    if again is not None:
        dfn = roll_of(rng, again)
    react = asker.attacker_reroll(atk, dfn)
    if react is not None:
        atk = roll_of(rng, react)
    return Outcome(d.defender.id, rolls.attack_damage(atk, dfn), again is not None, react is not None)


def roll_of(rng: Any, d: Dice) -> int:
    return rolls.pool_total([rng.die(d.faces) for _ in range(d.count)], d.modifier)


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


def assumptions(start: Start, at: Attack, attack: Dice, asker: Asker, opts: dict) -> list[Assumption]:
    out = [turn_start(start.turn.number), assumed("figures", "kagemiya.odds_figures", target=at.target.name, hp=at.target.hp),
           assumed("attack_pool", "kagemiya.odds_pool", who=at.attacker.name, dice=attack.count, faces=attack.faces,
                   modifier=attack.modifier)]
    for d in asker.answers.values():
        out.append(assumed("defence_pool", "kagemiya.odds_defence", who=d.defender.name, dice=d.dice.count,
                           faces=d.dice.faces, modifier=d.dice.modifier, low=d.low, high=d.high))
    turned = [d.defender for (cid, _), d in asker.answers.items() if cid != at.target.id]
    if turned:  # KAGEMIYA-11.5
        out.append(assumed("redirect", "kagemiya.odds_redirect", target=at.target.name, servant=turned[0].name,
                           hp=turned[0].hp))
    if asker.may_reroll():  # KAGEMIYA-11.6
        out.append(assumed("reroll", "kagemiya.odds_reroll"))
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
        return Distribution(ways(pool_dice_of(check))).combine(
            Distribution(ways(pool_dice_of(answer))), rolls.attack_damage).probability(lambda x: x > 0)
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
