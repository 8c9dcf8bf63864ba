"""Exact odds of a count attack (COUNT-11): the same checks the resolver rolls (rolls.py), applied
to exact distributions of their dice.

One attack on one target, at the state its round starts from: the 命中判定 (2D10, with the re-rolls
its fumble may take, COUNT-4.5), the target's 回避判定 (1D100 against the 回避率, with its re-rolls,
COUNT-5.7), the CA check read off the final d100 (COUNT-6), and the damage after each step
(COUNT-7): 予定ダメージ, 耐性, 実ダメージ, and the damage that comes off HP. Who takes the damage is
the resolver's own answer (a cover, COUNT-7.5); whether a CA can reach the attacker too (COUNT-6.2).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable

from ...odds.distribution import LIMIT, Distribution, TooLarge
from ...odds.report import ActionOdds, Approximation, Assumption, CheckOdds, StepOdds
from ...odds.sampling import approximation, sample
from ...odds.inputs import option, turn_start, with_defaults
from ...odds.state import (Start, assumed, chosen_action, declarer, die_luck, following, hits_to_knock_out, start_of,
                           target_id)
from ...words.messages import say
from . import messages  # noqa: F401  (registers the count.* messages)
from . import rolls
from .options import OPTIONS
from .model import CHECK_STAT, DEFENCE_STAT, Character, CountState, Skill, Square
from .rules import ACTION_SLOTS, Round, real_changes

STEPS = ("planned", "after_resist", "real", "final")  # COUNT-7: the steps whose damage is shown
D10, D100 = Distribution.die(rolls.HIT_DICE[0]), Distribution.die(rolls.EVASION_DIE)
KIND_DICE = (len(rolls.KIND_DICE), rolls.KIND_DICE[0])  # 2D10
_CERTAIN: dict[Any, Distribution] = {}


def certain(outcome: Any) -> Distribution:
    """The distribution of one sure outcome, made once (a distribution never changes, and the
    exchange asks for the same few thousands of times)."""
    if outcome not in _CERTAIN:
        _CERTAIN[outcome] = Distribution.constant(outcome)
    return _CERTAIN[outcome]


@dataclass(frozen=True)
class Landing:
    """How the attack ends on its target: ``fumble``, ``evaded`` or ``hit``, and what a hit carries."""

    result: str
    critical: bool = False
    no_reduction: bool = False
    countered: bool = False
    hit_rerolls: int = 0  # re-rolls its 命中判定 took: the plain ones are not left for the damage (COUNT-7.14)


@dataclass(frozen=True)
class Declared:
    attacker: Character
    skill: Skill
    target: Character
    label: str  # the plan part, as the figures name it ("2.main_action")
    moved_to: Square | None  # where the plan's sub action moves the attacker before its main action
    turn: int
    before_damage: tuple[str, ...] = ()  # the declared ダメージロール前 skills of the plan part (COUNT-7.13)


def action_odds(match: Any, turn_number: int, who: str, target: str | None, action: str | None) -> ActionOdds:
    start = start_of(match, turn_number)
    s, ctx = start.scratch()
    d = declared(start, s, who, target, action)
    a, sk, t = d.attacker, d.skill, d.target
    resolver = Round(s, ctx, start.turn)
    resolver.subs = start.turn.submissions
    resolver.mover = a  # COUNT-8.2: a CA the attacker takes inside its own 行動手番
    if d.moved_to is not None and a.at is not None:
        resolver.moved = a.at.distance(d.moved_to, match.options["grid_metric"])
        a.at = d.moved_to
    opts = match.options
    hit = hit_distribution(s, a, sk, resolver)
    landing = landing_of(s, resolver, a, sk, t, hit)
    receiver = cover_of(resolver, t)
    steps_of = damage_steps_of(s, resolver, a, sk, receiver, d.before_damage)
    damage = landing.bind(lambda o: steps_of(o) if o.result == "hit" else certain(None))
    checks = [CheckOdds("hit_check", hit.map(lambda taken: hit_outcome(taken[0])))] if hit_made(sk) else []
    checks.append(CheckOdds("attack", landing.map(attack_outcome)))
    approx = None
    if resolver.reaction(t, "ca"):
        checks.append(CheckOdds("ca_check", landing.map(lambda o: "countered" if o.countered else "failure")))
        exchange, approx = exchange_odds(s, resolver, d, landing, opts,
                                         f"{match.seed}/{turn_number}/{a.id}/{t.id}/{d.label}")
        checks.append(exchange)
    dealt = sk.damage is not None
    return ActionOdds(who=a.id, target=t.id, action=f"{d.label} {sk.name}", checks=tuple(checks),
                      steps=step_odds(damage) if dealt else (),
                      knock_out=damage.probability(lambda x: x is not None and rolls.knocks_out(
                          receiver.hp_now, x.final, opts["knocked_out_at"])) if dealt else None,
                      kill=None, hits_to_knock_out=hits_needed(damage, receiver, opts) if dealt else None,
                      assumptions=tuple(assumptions(s, d, receiver, resolver, opts)), approximate=approx)


def step_odds(damage: Distribution) -> tuple[StepOdds, ...]:
    """The damage after each step shown (0 where the attack did not hit)."""
    return tuple(StepOdds(step, damage.map(lambda x, step=step: 0 if x is None else getattr(x, step)))
                 for step in STEPS)


def hits_needed(damage: Distribution, receiver: Character, opts: dict) -> Distribution[int] | None:
    """COUNT-11.1: how many hits like this one knock the receiver out (None when nothing can)."""
    if opts["knocked_out_at"] != "zero" or not damage.probability(lambda x: x is not None):
        return None
    landed: dict[int, Fraction] = {}
    for x, p in damage.items():
        if x is not None:
            landed[x.final] = landed.get(x.final, Fraction(0)) + p
    return hits_to_knock_out(Distribution(landed), receiver.hp_now)


# --------------------------------------------------------------------------- the declared attack

def declared(start: Start, s: CountState, who: str, target: str | None, action: str | None) -> Declared:
    """The attack ``who`` plans this round: the plan part named by ``action`` (a skill's name,
    ``main_action``/``sub_action``, or ``N.main_action`` for its N-th 行動手番), else its first attack."""
    names = {cid: c.name for cid, c in s.characters.items()}
    declared_plans = {c: p for sub in start.turn.submissions.values() for c, p in (sub.get("plans") or {}).items()}
    cid = declarer(start, who, declared_plans, names)
    a = s.characters[cid]
    plans = start.turn.submissions.get(a.side, {}).get("plans", {}).get(cid, [])
    found = []
    for n, plan in enumerate(plans, start=1):
        for slot in ACTION_SLOTS:
            part = plan.get(slot) or {}
            sk = a.skill(part["skill"]) if "skill" in part else None
            if sk is not None and sk.is_attack:
                found.append((f"{n}.{slot}", (slot, sk.name), (slot, sk, part, plan)))
    rel = ("submissions", a.side, "plans", cid)
    label, (slot, sk, part, plan) = chosen_action(start, a.name, found, action, rel)
    move = (plan.get("sub_action") or {}).get("move") if slot == "main_action" else None
    aimed = target or next(iter(part.get("targets", [])), None)
    if aimed is None:
        raise start.problem(rel, say("odds.needs_target", who=a.name, action=label))
    return Declared(a, sk, s.characters[target_id(start, aimed, names)], label,
                    Square.parse(move["to"]) if move else None, start.turn.number, tuple(part.get("before_damage", [])))


# --------------------------------------------------------------------------- the checks

def hit_made(sk: Skill) -> bool:
    return sk.check != "none"


def paid_plainly(resolver: Round, c: Character, roll: str, rerolls: int | None = None) -> tuple[bool, ...]:
    """COUNT-4.5 / 5.7 / 7.14: the re-rolls one check of ``roll`` can take, in the order the
    resolver's own ``reroll_source`` pays them (option ``reroll_order``): for each, whether it is one
    of the character's plain ``rerolls`` — which every check of the round draws on — rather than a
    振り直し skill or item (once per check, with a use left that its limit and cost allow at the
    round's start, COUNT-1.9 / 1.10). ``rerolls``: the plain re-rolls left, when an earlier check
    of the attack spent some."""
    kept = c.rerolls
    c.rerolls = kept if rerolls is None else rerolls
    spent: list[int] = []
    paid: list[bool] = []
    try:
        while (source := resolver.reroll_source(c, roll, spent)) is not None:
            if isinstance(source, Skill):
                spent.append(source.index)
            else:
                c.rerolls -= 1
            paid.append(not isinstance(source, Skill))
    finally:
        c.rerolls = kept
    return tuple(paid)


def rerolls_for(resolver: Round, c: Character, roll: str) -> int:
    """COUNT-4.5 / 5.7 / 7.14: how many re-rolls one check of ``roll`` can take at the round's start."""
    return len(paid_plainly(resolver, c, roll))


def hit_rerolls_asked(resolver: Round, a: Character) -> bool:
    """COUNT-4.5 / 4.6: whether ``a``'s reactions re-roll a 命中判定 at all."""
    return bool(resolver.reaction(a, "reroll_hit_fumble")) or resolver.reaction(a, "reroll_hit_below", None) is not None


def with_rerolls(attempt: Distribution, again: Callable[[Any], bool], times: int) -> Distribution[tuple[Any, int]]:
    """A check made again while ``again`` holds of its result, at most ``times`` more times: the
    final result and how many re-rolls it took."""
    final = attempt.map(lambda r: (r, 0))
    for _ in range(times):
        final = attempt.bind(lambda r, last=final: last.map(lambda x: (x[0], x[1] + 1)) if again(r)
                             else certain((r, 0)))
    return final


def hit_attempt(value: int, hit_crit: int, hit_fumble: int) -> Distribution[rolls.HitCheck]:
    """COUNT-4.1 / 4.2: one 命中判定 over its 2D10."""
    return D10.combine(D10, lambda d1, d2: rolls.hit_check(value, d1, d2, hit_crit, hit_fumble))


def evasion_rates(value: int, defence: int, hit_crit: int, hit_fumble: int) -> Distribution[int]:
    """COUNT-6.3: the 回避率 a 命中判定 of ``value`` gives a defender of ``defence``, over the 2D10."""
    return hit_attempt(value, hit_crit, hit_fumble).map(lambda h: rolls.evasion_rate(h.total, defence))


def hit_distribution(s: CountState, a: Character, sk: Skill, resolver: Round
                      ) -> Distribution[tuple[rolls.HitCheck, int]]:
    """COUNT-4.1–4.6: the final 命中判定 (a fumble, or a 達成値 below the one asked, re-rolled while
    re-rolls last, as the resolver decides it) and how many re-rolls it took (the plain ones among
    them are not left for the damage roll, COUNT-7.14)."""
    if not hit_made(sk):
        return certain((rolls.HitCheck(0, False, False), 0))
    one = hit_attempt(s.stat(a, CHECK_STAT[sk.check]), s.value(a, "hit_crit"), s.value(a, "hit_fumble"))  # COUNT-7.11
    times = rerolls_for(resolver, a, "hit") if hit_rerolls_asked(resolver, a) else 0
    return with_rerolls(one, lambda h: resolver.wants_hit_reroll(a, h), times)


def landing_of(s: CountState, resolver: Round, a: Character, sk: Skill, t: Character,
               hit: Distribution[tuple[rolls.HitCheck, int]]) -> Distribution[Landing]:
    """COUNT-4, 5, 6: how an attack of ``a`` ends on ``t``, over its 命中判定 ``hit`` and the
    re-rolls it took (a 回避判定 worked out once for each 回避率 the 達成値 can give)."""
    defence = s.stat(t, DEFENCE_STAT[sk.check]) if hit_made(sk) else 0
    wants = bool(resolver.reaction(t, "ca"))
    reach = resolver.ca_attack(t, a)[1].reason if wants and resolver.opts["ca_needs_attack"] else None
    ca_value = s.value(t, "ca_value")
    meets = tuple(rolls.ca_eligible(rolls.ca_reading(f)[2], ca_value, t.ca_left) for f in FACES)
    takes = tuple(wants and reach is None and m for m in meets)  # COUNT-6: whether each face of the d100 gives a CA
    for_ca = bool(resolver.reaction(t, "reroll_evasion_for_ca"))
    again = Again(bool(resolver.reaction(t, "reroll_evasion_failure")),
                  tuple(for_ca and t.ca_left >= 1 and not m for m in meets))  # COUNT-5.7, 5.9
    times = rerolls_for(resolver, t, "evasion") if again.failure or for_ca else 0
    seen: dict[tuple, Distribution[Landing]] = {}

    def answer(taken: tuple[rolls.HitCheck, int]) -> Distribution[Landing]:
        h, hit_rerolls = taken
        key = (h.fumble, h.critical, rolls.evasion_rate(h.total, defence))
        if key not in seen:
            seen[key] = evasion_distribution(s, sk, t, h, key[2], takes, again, times,
                                             resolver.opts["evasion_crit_evades"])
        if (key, hit_rerolls) not in seen:
            seen[(key, hit_rerolls)] = seen[key].map(lambda o: dataclasses.replace(o, hit_rerolls=hit_rerolls))
        return seen[(key, hit_rerolls)]
    return hit.bind(answer)


FACES = range(1, rolls.EVASION_DIE + 1)


@dataclass(frozen=True)
class Again:
    """When the defender re-rolls its 回避判定: a failure (COUNT-5.7), and, face by face, an evasion
    whose CA check fails (COUNT-5.9)."""

    failure: bool
    for_ca: tuple[bool, ...]

    def wanted(self, ev: rolls.Evasion, face: int) -> bool:
        return (not ev.evaded and self.failure) or (ev.evaded and self.for_ca[face - 1])


def evasion_distribution(s: CountState, sk: Skill, t: Character, h: rolls.HitCheck, rate: int,
                         takes: tuple[bool, ...], again: Again, times: int, crit_evades: bool
                         ) -> Distribution[Landing]:
    """COUNT-4.4, 5, 6: how the attack ends on ``t`` after the 命中判定 ``h``: its 回避判定 against
    ``rate``, re-rolled up to ``times`` times where ``again`` wants it, and the CA the final face
    gives (``takes``)."""
    if not hit_made(sk):
        return certain(Landing("hit"))
    if h.fumble:  # COUNT-4.4
        return certain(Landing("fumble"))
    if s.stopped(t):  # COUNT-5.8
        return certain(Landing("hit", h.critical))

    ecrit, efumble = s.value(t, "evasion_crit"), s.value(t, "evasion_fumble")  # COUNT-7.11

    def attempt(face: int) -> tuple[rolls.Evasion, bool, bool]:
        ev = rolls.evasion(face, rate, hit_critical=h.critical, evasion_crit=ecrit, evasion_fumble=efumble,
                           crit_evades=crit_evades)
        return ev, takes[face - 1], again.wanted(ev, face)

    faces = FACES

    def landed(r: tuple[rolls.Evasion, bool, bool], fumbled: bool) -> Landing:
        ev, ca, _ = r
        return Landing("evaded" if ev.evaded else "hit", h.critical, (fumbled or ev.fumble) and not ev.evaded, ca)

    if times == 0:  # counted face by face in integers: the common case, and the quick one
        return Distribution.uniform(landed(attempt(f), False) for f in faces)
    one = Distribution.uniform(attempt(f) for f in faces)

    def chain(k: int, fumbled: bool) -> Distribution[Landing]:
        def then(r: tuple[rolls.Evasion, bool, bool]) -> Distribution[Landing]:
            if r[2] and k > 0:  # COUNT-5.7, 5.9
                return chain(k - 1, fumbled or r[0].fumble)
            return certain(landed(r, fumbled))
        return one.bind(then)

    return chain(times, False)


def hit_outcome(h: rolls.HitCheck) -> str:
    return "fumble" if h.fumble else "critical" if h.critical else "success"


def attack_outcome(o: Landing) -> str:
    if o.result != "hit":
        return o.result
    return "critical" if o.critical else "hit"


# --------------------------------------------------------------------------- damage

def cover_of(resolver: Round, t: Character) -> Character:
    """COUNT-7.5: who takes the damage meant for ``t`` (an ally that covers it, else ``t``)."""
    receiver, _ = resolver.covered_shares([(t, False)])[0]
    return receiver


@lru_cache(maxsize=256)
def planned_distribution(fixed: int, increases: tuple[int, ...], count: int, sides: int, kind: bool,
                         critical: bool, increase_dice: tuple[tuple[int, int], ...] = ()) -> Distribution[int]:
    """COUNT-7.1 / 7.2 / 7.15, steps 1–3: the 予定ダメージ of a skill's dice, with the 2D10 of
    種別：近/射, a critical's 1D10 and the dice of the increases (``(count, sides)`` each); a
    distribution never changes, so one is made for each kind of roll."""
    rolled = Distribution.dice(count, sides)
    for n, faces in increase_dice:
        rolled = rolled + Distribution.dice(n, faces)
    if kind:
        rolled = rolled + Distribution.dice(*KIND_DICE)
    if critical:
        rolled = rolled + Distribution.die(rolls.CRITICAL_DIE)
    return rolled.map(lambda total: rolls.planned_damage(fixed, increases, [total], [], []))


def damage_steps_of(s: CountState, resolver: Round, a: Character, sk: Skill, r: Character,
                    declared: tuple[str, ...]) -> Callable[[Landing], Distribution[rolls.DamageSteps]]:
    """COUNT-7.1–7.7: the damage steps of a hit, by whether it is critical and may not be reduced:
    the changes the resolver makes (``declared`` names the attacker's declared ones, COUNT-7.13),
    with the 耐性 its effects give now (COUNT-7.11)."""
    dmg = sk.damage
    if dmg is None:
        return lambda o: certain(None)
    opts = resolver.opts
    increases = resolver.changes(a, "increase", declared, pay=False)
    dice = tuple(found.dice for found in (a.skill(x["skill"]) for x in increases)
                 if found is not None and found.dice is not None)  # COUNT-7.15
    kind = sk.kind in ("melee", "ranged")
    planned = {crit: planned_distribution(dmg.fixed, tuple(x["value"] for x in increases), dmg.dice_count,
                                          dmg.dice_sides, kind, crit, dice) for crit in (False, True)}
    void = rolls.is_void(dmg.attributes, opts["void_in_composite"])
    _, resist = rolls.lowest_resist(dmg.attributes, {x: s.resist(r, x) for x in dmg.attributes})
    reductions = [x["value"] for x in resolver.changes(r, "reduce", resolver.taken_declared(r), pay=False)]
    reals = [x["value"] for x in real_changes(a, r, lambda c: resolver.changes(
        c, "real", declared if c is a else resolver.taken_declared(c), pay=False))]

    rerolled = rerolled_planned(resolver, a, planned, dice_rolled=dmg.dice_count > 0 or kind
                                or any(n > 0 for n, _ in dice))

    def steps(o: Landing) -> Distribution[rolls.DamageSteps]:
        unreducible = void or o.no_reduction
        return rerolled(o).map(lambda p: rolls.damage_steps(
            p, resist=resist, resist_mode=opts["resist_mode"], multiplier=1, reductions=reductions,
            real_changes=reals, unreducible=unreducible))
    return steps


def rerolled_planned(resolver: Round, a: Character, planned: dict[bool, Distribution[int]], *, dice_rolled: bool
                     ) -> Callable[[Landing], Distribution[int]]:
    """COUNT-7.14: the 予定ダメージ of a hit after the re-rolls of its dice that the attacker's
    reactions ask for (``reroll_damage_below``), paid from what the 命中判定 left: each 振り直し
    skill with ``roll: damage`` once, and the plain re-rolls the hit's own re-rolls did not spend."""
    below = resolver.reaction(a, "reroll_damage_below", None)
    if below is None:
        return lambda o: planned[o.critical]
    hit_paid = paid_plainly(resolver, a, "hit")
    made: dict[tuple[bool, int], Distribution[int]] = {}

    def after(o: Landing) -> Distribution[int]:
        key = (o.critical, o.hit_rerolls)
        if key not in made:
            times = len(paid_plainly(resolver, a, "damage", a.rerolls - sum(hit_paid[:o.hit_rerolls])))
            rolled = dice_rolled or o.critical  # a critical's 1D10 is a die too
            made[key] = with_rerolls(planned[o.critical], lambda p: rolls.damage_reroll_wanted(p, below, rolled),
                                     times).map(lambda x: x[0])
        return made[key]
    return after


# --------------------------------------------------------------------------- the exchange (COUNT-11.4)

EXCHANGE_LIMIT = LIMIT  # outcomes one volley of an exchange may weigh before the exchange is sampled
DOWN = {"a": "attacker_down", "t": "target_down"}


@dataclass(frozen=True)
class Volley:
    """Where an exchange stands before the next attack: who attacks, both HPs and 残りCA回数."""

    attacker: str  # "a" (the declared attacker) or "t" (its target)
    hp: tuple[int, int]  # a's, t's
    ca: tuple[int, int]
    opening: bool  # the declared attack itself (later ones are CAs)


class Exchange:
    """COUNT-8: the declared attack, then the CAs it gives, back and forth, each CA attack able to
    give another (COUNT-8.4), until one side falls, no CA is taken, or 残りCA回数 runs out. Each
    attack's chances are the exact ones of the checks above; the exchange is exact too unless its
    branches outgrow the limit, when it is sampled."""

    def __init__(self, s: CountState, resolver: Round, a: Character, sk: Skill, t: Character,
                 opening: Distribution[Landing], opts: dict, declared: tuple[str, ...] = ()):
        self.s, self.resolver, self.opts = s, resolver, opts
        self.declared = declared  # the opening attack's declared ダメージロール前 skills (COUNT-7.13)
        self.who = {"a": a, "t": t}
        self.opening = sk
        self.counter = {role: self.ca_skill(c, self.who[other(role)]) for role, c in self.who.items()}
        self.attacks: dict[tuple, Distribution] = {}
        self.landings = {("a", True, t.ca_left >= 1): opening}  # the declared attack's, worked out already
        self.first = Volley("a", (a.hp_now, t.hp_now), (a.ca_left, t.ca_left), True)
        self.memo: dict[Volley, Distribution[str]] = {}

    def ca_skill(self, c: Character, against: Character) -> Skill | None:
        sk, aim = self.resolver.ca_attack(c, against)
        return sk if aim.reason is None else None

    def start(self) -> Volley:
        return self.first

    def attack(self, v: Volley) -> Distribution[tuple[int | None, bool]]:
        """One attack of the exchange: the damage off the defender's HP (None: no hit) and whether
        the defender takes a CA, by whether it has a 残りCA回数 left."""
        x, y = self.who[v.attacker], self.who[other(v.attacker)]
        sk = self.opening if v.opening else self.counter[v.attacker]
        key = (v.attacker, v.opening, v.ca[index(other(v.attacker))] >= 1)
        if key not in self.attacks:
            kept, y.ca_left = y.ca_left, v.ca[index(other(v.attacker))]  # the CA check reads it (COUNT-6.2)
            landing = self.landings.get(key) or landing_of(self.s, self.resolver, x, sk, y,
                                                          hit_distribution(self.s, x, sk, self.resolver))
            y.ca_left = kept
            steps_of = damage_steps_of(self.s, self.resolver, x, sk, y,
                                       self.declared if v.opening else self.resolver.taken_declared(x))
            self.attacks[key] = landing.bind(
                lambda o: certain((None, o.countered)) if o.result != "hit"
                else steps_of(o).map(lambda st: (0 if st is None else st.final, o.countered)))
        return self.attacks[key]

    def after(self, v: Volley, dmg: int | None, countered: bool) -> Volley | str:
        """What one attack's result leaves: the next volley (a CA), or how the exchange ends."""
        y = other(v.attacker)
        hp = list(v.hp)
        if dmg is not None:
            if rolls.knocks_out(hp[index(y)], dmg, self.opts["knocked_out_at"]):
                return DOWN[y]
            hp[index(y)] = max(0, hp[index(y)] - dmg)
        if not countered or self.counter[y] is None:
            return "neither"
        ca = list(v.ca)
        ca[index(y)] -= 1
        return Volley(y, (hp[0], hp[1]), (ca[0], ca[1]), False)

    def exact(self, v: Volley) -> Distribution[str]:
        key = self.last_word(v)
        if key not in self.memo:
            def then(r: tuple[int | None, bool]) -> Distribution[str]:
                nxt = self.after(v, *r)
                return certain(nxt) if isinstance(nxt, str) else self.exact(nxt)
            self.memo[key] = self.attack(v).bind(then, limit=EXCHANGE_LIMIT)
        return self.memo[key]

    def last_word(self, v: Volley) -> Volley:
        """``v`` as the memo keys it: when the defender cannot answer with a CA, this attack ends
        the exchange and the attacker's HP plays no part."""
        y = other(v.attacker)
        if v.ca[index(y)] >= 1 and self.counter[y] is not None:
            return v
        hp = list(v.hp)
        hp[index(v.attacker)] = 0
        return Volley(v.attacker, (hp[0], hp[1]), v.ca, v.opening)

    def trial(self, rng: Any) -> str:
        v: Volley | str = self.start()
        while not isinstance(v, str):
            v = self.after(v, *self.attack(v).draw(rng))
        return v


def other(role: str) -> str:
    return "t" if role == "a" else "a"


def index(role: str) -> int:
    return 0 if role == "a" else 1


def exchange_odds(s: CountState, resolver: Round, d: Declared, opening: Distribution[Landing], opts: dict,
                  key: str) -> tuple[CheckOdds, Approximation | None]:
    """COUNT-11.4: how the exchange the attack opens ends: the target down, the attacker down
    (by a CA), or neither."""
    ex = Exchange(s, resolver, d.attacker, d.skill, d.target, opening, opts, d.before_damage)
    try:
        return CheckOdds("exchange", ex.exact(ex.start())), None
    except TooLarge as error:
        sampled = sample(ex.trial, key)
        return CheckOdds("exchange", sampled), approximation(error, key, sampled.map(lambda o: o == "target_down"))


# --------------------------------------------------------------------------- what it assumed

def assumptions(s: CountState, d: Declared, receiver: Character, resolver: Round, opts: dict) -> list[Assumption]:
    a, t = d.attacker, d.target
    out = [turn_start(d.turn), assumed("figures", "count.odds_figures", who=a.name, value=s.stat(a, CHECK_STAT[d.skill.check])
                   if hit_made(d.skill) else "-", target=t.name,
                   defence=s.stat(t, DEFENCE_STAT[d.skill.check]) if hit_made(d.skill) else "-", hp=receiver.hp_now)]
    if receiver is not t:
        out.append(assumed("cover", "count.odds_cover", cover=receiver.name, target=t.name))
    if d.moved_to is not None:
        out.append(assumed("moved", "count.odds_moved", who=a.name, square=d.moved_to.label))
    out += [option(opts, key) for key in ("evasion_crit_evades", "resist_mode", "void_in_composite", "knocked_out_at",
                                          "ca_needs_attack")]
    if resolver.reaction(a, "reroll_hit_fumble"):
        out.append(assumed("rerolls.hit", "count.odds_rerolls_hit", who=a.name, n=rerolls_for(resolver, a, "hit")))
    below = resolver.reaction(a, "reroll_hit_below", None)
    if below is not None:
        out.append(assumed("rerolls.hit_below", "count.odds_rerolls_hit_below", who=a.name, below=below,
                           n=rerolls_for(resolver, a, "hit")))
    damage_below = resolver.reaction(a, "reroll_damage_below", None)
    if damage_below is not None and d.skill.damage is not None:
        out.append(assumed("rerolls.damage", "count.odds_rerolls_damage", who=a.name, below=damage_below,
                           n=rerolls_for(resolver, a, "damage")))
    if resolver.reaction(t, "reroll_evasion_failure"):
        out.append(assumed("rerolls.evasion", "count.odds_rerolls_evasion", who=t.name,
                           n=rerolls_for(resolver, t, "evasion")))
    if resolver.reaction(t, "reroll_evasion_for_ca"):
        out.append(assumed("rerolls.evasion_for_ca", "count.odds_rerolls_evasion_for_ca", who=t.name,
                           n=rerolls_for(resolver, t, "evasion")))
    if resolver.reaction(t, "ca") and any(x.key.startswith("rerolls.") for x in out):
        # COUNT-11.5: each CA attack of the exchange counts from the round's start, not from what
        # the attacks before it spent; said, since it can overstate a long exchange's re-rolls
        out.append(assumed("rerolls.exchange", "count.odds_rerolls_exchange"))
    return out


# --------------------------------------------------------------------------- logged rolls (COUNT-11.2)

LOWER_IS_BETTER = ("evasion", "escape")  # a low d100 evades (COUNT-5.3), a 1 escapes (COUNT-3.6)
NO_LUCK = ("hand_discard",)  # which card is lost is neither good nor bad for its roller


def roll_luck(roll: dict, events: list[dict]) -> Fraction | None:
    """COUNT-11.2: the die's place among its faces, for its roller (the attacker for damage dice)."""
    if roll["purpose"] in NO_LUCK:
        return None
    return die_luck(roll["face"], roll["sides"], higher_is_better=roll["purpose"] not in LOWER_IS_BETTER)


def roll_chance(roll: dict, events: list[dict], options: dict[str, Any] | None = None) -> Fraction | None:
    """COUNT-11.2: the chance a roll succeeds for its roller: a 命中判定's first die, that the
    attack lands on its first target (after that target's 回避判定); a 回避判定's d100, that it
    evades; the 逃走 die, 1 in 6. Read from the check's own events, which follow its dice, under
    the match's ``options`` (``evasion_crit_evades``; None: the defaults)."""
    crit_evades = with_defaults(options, OPTIONS)["evasion_crit_evades"]
    purpose = roll["purpose"]
    if purpose == "escape":
        return Distribution.die(rolls.ESCAPE_DIE).probability(rolls.escapes)
    if purpose == "evasion":
        ev = following(events, roll, ("evasion",))
        check = last_hit_check(events, roll)
        return None if ev is None or check is None else evasion_chance(ev, check["critical"], crit_evades)
    if purpose == "hit_check" and roll.get("die") == 1:
        check = following(events, roll, ("hit_check",))
        answer = following(events, roll, ("evasion", "no_evasion", "miss_all", "attack", "turn_slot"))
        if check is None or answer is None or answer["kind"] not in ("evasion", "no_evasion"):
            return None  # a fumble leaves the target's figures unsaid
        return landing_chance(check, answer, crit_evades)
    return None


def last_hit_check(events: list[dict], roll: dict) -> dict | None:
    at = next((i for i, e in enumerate(events) if e is roll or e == roll), len(events))
    return next((e for e in reversed(events[:at]) if e["kind"] == "hit_check"), None)


def evasion_chance(ev: dict, hit_critical: bool, crit_evades: bool) -> Fraction:
    """The chance one 回避判定 evades (COUNT-5.3–5.6; an evasion critical evades by the option
    ``evasion_crit_evades``)."""
    return D100.probability(lambda f: rolls.evasion(
        f, ev["evasion_rate"], hit_critical=hit_critical, evasion_crit=ev["evasion_crit"],
        evasion_fumble=ev["evasion_fumble"], crit_evades=crit_evades).evaded)


def landing_chance(check: dict, answer: dict, crit_evades: bool) -> Fraction:
    """The chance a 命中判定 of these figures lands on the target that answered it."""
    one = hit_attempt(check["value"], check["hit_crit"], check["hit_fumble"])
    if answer["kind"] == "no_evasion":
        return one.probability(lambda h: not h.fumble)
    figures = dict(answer)
    return sum((p * (1 - evasion_chance({**figures, "evasion_rate": rolls.evasion_rate(h.total, answer["defence"])},
                                        h.critical, crit_evades))
                for h, p in one.items() if not h.fumble), Fraction(0))
