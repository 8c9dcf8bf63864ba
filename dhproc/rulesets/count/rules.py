"""Resolution of one round of the count-track battle phase (seed 002, sections 3-0 … 3-5).

One dhproc turn is one round (COUNT-1.1): every side's plans arrive, then the count runs from the
top down to 0, each character taking its 行動手番 when the count reaches its 配置カウント, and the
エンドフェイズ closes the round. Every rule cites its clause in docs/rules/count.md. Events are
flat records carrying every number their report lines show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

from ...engine.context import TurnContext
from ...engine.ruleset import TurnStatus
from ...engine.timing import DEPTH_FIRST, Cascade, CascadeLimit, ordered
from ...errors import ResolutionError
from ...words.messages import say
from . import rolls
from .model import CHECK_STAT, DEFENCE_STAT, RESIST, VALUES, Character, CountState, Rider, Skill, Square
from .rolls import HitCheck

COUNT_CLOCK = "count"  # COUNT-7.12: counts gone by (3-5), for effects that last N counts
MAX_TURN_SLOTS = 10000  # 行動手番 per round: only riders that keep lifting counts could reach it
ACTION_SLOTS = ("sub_action", "main_action")  # COUNT-3.2: in this order


def planned_action(action: dict) -> dict[str, Any]:
    """What a cancelled plan part was, for its event: the skill, the move's square, or nothing
    (逃走)."""
    if "skill" in action:
        return {"skill": action["skill"], "targets": list(action.get("targets", [])),
                **({"to": Square.parse(action["to"]).label} if "to" in action else {})}
    if "move" in action:
        return {"to": Square.parse(action["move"]["to"]).label}
    return {}


def own_clock(c: Character) -> str:
    """COUNT-7.12: the 行動手番 ``c`` has begun, for effects that last until its next one."""
    return f"turns:{c.id}"


LASTING_CLOCK = {"end_phase": "round", "counts": COUNT_CLOCK}


def resolve_turn(state: CountState, turn: Any, ctx: TurnContext) -> TurnStatus:
    return Round(state, ctx, turn).run()


def damage_changes(owner: Character, step: str, declared: tuple[str, ...],
                   take: Callable[[Skill], bool]) -> list[Skill]:
    """COUNT-7.6 / 7.7 / 7.13 / 7.15: the skills with which ``owner`` changes damage at ``step``
    (``increase``, ``reduce``, ``real``): its standing ones and the ``declared: true`` ones its side
    named in ``declared``, in skill order. One with a use limit, a cost or item uses counts only where
    ``take`` says so (the resolver pays for it there; the odds ask whether it could be paid)."""
    named = {found.name for found in map(owner.skill, declared) if found is not None}
    return [x for x in owner.skills if x.step == step and (not x.declared or x.name in named)
            and ((x.limit is None and not x.cost and not x.item) or take(x))]


def used_up(c: Character, sk: Skill) -> bool:
    """COUNT-1.11: an item with no use left (one without ``uses`` never runs out)."""
    return sk.item and c.uses.get(sk.index) == 0


def change_entry(x: Skill) -> dict[str, Any]:
    """A damage change as its event records it."""
    return {"skill": x.name, "value": x.value}


def real_changes(a: Character, r: Character, changes: Callable[[Character], list[dict[str, Any]]]
                 ) -> list[dict[str, Any]]:
    """COUNT-7.7: the effects on 実ダメージ, the attacker's then the receiver's (once when they are
    one), each marked with its owner; ``changes`` gives a character's own."""
    reals = [{**x, "of": a.id} for x in changes(a)]
    return reals + ([{**x, "of": r.id} for x in changes(r)] if r is not a else [])


class Grant(NamedTuple):
    """A 「タイミング：CA」 that ``taker`` gained against ``against`` (COUNT-6.2, 8.1)."""

    taker: str
    against: str


@dataclass
class Aim:
    """Who an attack reaches, or why it cannot be made."""

    targets: list[Character] = field(default_factory=list)
    forced: list[Character] = field(default_factory=list)
    reason: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)  # a limit or cost refusal's fields (COUNT-1.9, 1.10)


class Round:
    def __init__(self, state: CountState, ctx: TurnContext, turn: Any):
        self.s = state
        self.ctx = ctx
        self.opts = ctx.options
        self.turn = turn
        self.subs: dict[str, Any] = {}
        self.slots: dict[str, int] = {}
        self.moved = 0  # squares moved in the current 行動手番 (COUNT-3.5)
        self.mover: Character | None = None  # whose 行動手番 it is (COUNT-8.2: a CA inside it)
        self.declared: tuple[str, ...] = ()  # the attacker's declared ダメージロール前 skills (COUNT-7.13)
        self.taken_slots = 0

    # ------------------------------------------------------------------ the round

    def run(self) -> TurnStatus:
        s, ctx = self.s, self.ctx
        ctx.begin_step("round")
        missing = [sid for sid in s.sides if sid not in self.turn.submissions and s.standing(sid)]
        if missing:  # COUNT-1.7
            for sid in missing:
                ctx.emit("awaiting", side=sid)
            return TurnStatus(False, missing[0])
        self.subs = self.turn.submissions
        self.slots = {cid: 0 for cid in s.characters}
        s.round_start_clocks = s.clocks.to_json()
        cur = self.start_count()
        ctx.emit("round_start", round=s.round, count=cur, counts=self.counts(), hp=self.hps(),
                 ca_left={c.id: c.ca_left for c in s.standing()})
        self.judge()
        while cur > 0 and s.outcome is None:
            self.count_start(cur)
            while s.outcome is None:
                here = self.on_count(cur)  # COUNT-2.3: read again after every 行動手番
                if not here:
                    break
                ctx.emit("order", count=cur, order=[c.id for c in here],
                         agility={c.id: s.stat(c, "agility") for c in here})
                self.turn_slot(here[0], cur)
            if s.outcome is None:  # COUNT-2.5
                ctx.emit("next_count", count=cur, to=cur - 1)
                cur -= 1
                self.tick(COUNT_CLOCK)  # COUNT-7.12: effects that last N counts
        self.cancel_unreached()
        if s.outcome is None:
            self.end_phase()
        s.round += 1
        return TurnStatus(True)

    def start_count(self) -> int:
        """COUNT-2.1."""
        s = self.s
        if s.count_now is not None:
            cur, s.count_now = s.count_now, None
            return cur
        if self.opts["start_count"] > 0:
            return self.opts["start_count"]
        return max((c.count for c in s.standing() if not c.done), default=0)

    def counts(self) -> dict[str, int]:
        return {c.id: c.count for c in self.s.standing()}

    def hps(self) -> dict[str, int]:
        return {c.id: c.hp_now for c in self.s.standing()}

    def agility_key(self, c: Character) -> tuple:
        """COUNT-2.4: higher 敏捷 first; ties PC first (option), then setup order."""
        pc_rank = (0 if c.is_pc else 1) if self.opts["agility_tie"] == "pc_first" else 0
        return (-self.s.stat(c, "agility"), pc_rank, c.index)

    def on_count(self, cur: int) -> list[Character]:
        return ordered([c for c in self.s.standing() if c.count == cur and not c.done], key=self.agility_key)

    # ------------------------------------------------------------------ 3-0

    def count_start(self, cur: int) -> None:
        """COUNT-2.2: カウント開始時 effects, owners in 敏捷 order."""
        s, ctx = self.s, self.ctx
        owners = ordered([c for c in s.standing() if any(sk.timing == "count_start" and cur in sk.counts
                                                         for sk in c.skills)], key=self.agility_key)
        ctx.emit("count_start", count=cur, skills=sum(1 for c in owners for sk in c.skills
                                                      if sk.timing == "count_start" and cur in sk.counts))
        for c in owners:
            for sk in c.skills:
                if sk.timing == "count_start" and cur in sk.counts and c.standing:
                    if not self.ready(c, sk, "count_start"):
                        continue
                    reached = self.chosen(c, sk, self.area(c, sk), "count_start")
                    if reached is None:
                        continue
                    self.spend(c, sk)
                    ctx.emit("use", character=c.id, skill=sk.name, action="count_start", targets=[t.id for t in reached])
                    for t in reached:
                        for r in sk.effects:
                            self.apply_rider(t, r, c, sk, step=None)

    def area(self, c: Character, sk: Skill) -> list[Character]:
        """Who a count_start skill reaches: itself, or every character of a side within range."""
        if sk.target_side == "self":
            return [c]
        metric = self.opts["grid_metric"]
        return ordered([t for t in self.s.standing() if self.side_fits(c, t, sk.target_side)
                        and c.at is not None and t.at is not None and c.at.distance(t.at, metric) <= sk.range],
                       key=self.agility_key)

    def chosen(self, c: Character, sk: Skill, reachable: list[Character], action: str) -> list[Character] | None:
        """COUNT-2.6: a ``choose: true`` skill reaches those its side names in the reactions'
        ``choose`` (in that order, up to ``targets.count``) among ``reachable``; None — with a
        ``cancel`` — when it names none of them. Any other skill reaches all of ``reachable``."""
        if not sk.choose:
            return reachable
        named = self.reaction(c, "choose", {}).get(sk.name, [])
        picked = [t for cid in named for t in reachable if t.id == cid][:sk.target_count]
        if not picked:
            self.ctx.emit("cancel", character=c.id, action=action, reason="no_target", skill=sk.name,
                          targets=list(named))
            return None
        return picked

    @staticmethod
    def side_fits(c: Character, t: Character, side: str) -> bool:
        return {"enemy": t.side != c.side, "ally": t.side == c.side, "any": True, "self": t is c}[side]

    # ------------------------------------------------------------------ 3-3 行動手番

    def turn_slot(self, c: Character, cur: int) -> None:
        """COUNT-3.1 / 3.2: −10 at once (0 and 行動終了 at or below 0), then sub and main action."""
        ctx = self.ctx
        self.taken_slots += 1
        if self.taken_slots > MAX_TURN_SLOTS:
            raise ResolutionError([self.turn.problem(("turn",), say("count.too_many_slots", n=MAX_TURN_SLOTS))])
        before = c.count
        c.count -= 10
        if c.count <= 0:
            c.count, c.done = 0, True
        self.slots[c.id] += 1
        n = self.slots[c.id]
        ctx.emit("turn_slot", character=c.id, count=cur, slot=n, count_before=before, count_after=c.count,
                 done=c.done)
        self.tick(own_clock(c))  # COUNT-7.12: effects that last until its next 行動手番
        self.moved, self.mover = 0, c
        plans = self.plans(c)
        plan = plans[n - 1] if n <= len(plans) else {}
        if self.s.stopped(c):  # COUNT-3.9: 行動不能: the 行動手番 comes and goes with no action
            ctx.emit("stopped", character=c.id, slot=n)
            self.cancel_plan(c, plan, "stopped")
            if self.opts["stop_ends"] == "own_turn":
                self.unstop(c)
            return
        if n > len(plans):  # COUNT-1.7
            ctx.emit("no_plan", character=c.id, slot=n)
            return
        fallback = self.subs.get(c.side, {}).get("fallback", {}).get(c.id, {})
        for slot in ACTION_SLOTS:
            action = plan.get(slot)
            if action is None:
                continue
            if self.s.stopped(c):  # COUNT-3.9: made 行動不能 in this 行動手番 (by its own sub action): the rest is lost
                ctx.emit("stopped", character=c.id, slot=n)
                self.cancel_plan(c, plan, "stopped", after=slot)
                return
            if not self.act(c, slot, action) and slot in fallback:  # COUNT-3.7
                ctx.emit("fallback", character=c.id, action=slot)
                self.act(c, slot, fallback[slot])
            gone = self.gone(c)
            if gone is not None:  # knocked out (by a CA, say), escaped, or the battle is decided
                self.cancel_plan(c, plan, gone, after=slot, following=True)
                return

    def plans(self, c: Character) -> list[dict]:
        return self.subs.get(c.side, {}).get("plans", {}).get(c.id, [])

    def gone(self, c: Character) -> str | None:
        """Why ``c`` can take no further action this round, or None."""
        if c.knocked_out:
            return "knocked_out"
        if c.escaped:
            return "escaped"
        return "battle_over" if self.s.outcome is not None else None

    def cancel_plan(self, c: Character, plan: dict, reason: str, *, after: str | None = None,
                    following: bool = False, slot: int | None = None) -> None:
        """Every action of ``plan`` that will not happen is a ``cancel`` naming what it was (COUNT-1.8):
        all of them, or those from ``after`` on (``following``: those after it)."""
        slots = list(ACTION_SLOTS)
        if after is not None:
            slots = slots[slots.index(after) + (1 if following else 0):]
        for action_slot in slots:
            action = plan.get(action_slot)
            if action is not None:
                self.cancel(c, action_slot, reason, **planned_action(action), **({"slot": slot} if slot else {}))

    def cancel_unreached(self) -> None:
        """COUNT-1.8: the plans of 行動手番 that never came — the character was knocked out or escaped
        (this round or before), the battle was decided, or the count ran out first — each cancelled."""
        for sid in self.s.sides:
            for cid in self.subs.get(sid, {}).get("plans", {}):
                c = self.s.characters[cid]
                reason = self.gone(c) or "no_turn_slot"
                for n, plan in enumerate(self.plans(c)[self.slots[cid]:], start=self.slots[cid] + 1):
                    self.cancel_plan(c, plan, reason, slot=n)

    def act(self, c: Character, slot: str, action: dict) -> bool:
        """One sub or main action; False when it was refused (a ``cancel`` event says why)."""
        if "move" in action:
            return self.move(c, slot, Square.parse(action["move"]["to"]))
        if "escape" in action:
            return self.escape(c)
        return self.use(c, slot, c.skill(action["skill"]), action.get("targets", []), action.get("to"),
                        tuple(action.get("before_damage", [])), tuple(action.get("cards", [])))

    def cancel(self, c: Character, action: str, reason: str, **fields: Any) -> bool:
        self.ctx.emit("cancel", character=c.id, action=action, reason=reason, **fields)
        return False

    def move(self, c: Character, slot: str, to: Square) -> bool:
        """COUNT-3.3 / 3.4."""
        s, opts = self.s, self.opts
        assert c.at is not None
        squares = c.at.distance(to, opts["grid_metric"])
        limit, move_cost = s.value(c, "move_limit"), s.value(c, "move_cost")  # COUNT-7.11
        about = {"to": to.label, "squares": squares, "move_limit": limit}
        if squares == 0:
            return self.cancel(c, slot, "same_square", **about)
        if squares > limit or (opts["move_limit_scope"] == "per_turn" and self.moved + squares > limit):
            return self.cancel(c, slot, "move_limit", moved=self.moved, **about)
        other = s.occupant(to)
        if other is not None and opts["occupied_squares"] == "refuse":
            return self.cancel(c, slot, "occupied", by=other.id, **about)
        cost = squares * move_cost if slot == "sub_action" else 0
        if slot == "sub_action" and c.count - cost <= 0:
            return self.cancel(c, slot, "count_zero", count=c.count, cost=cost, move_cost=move_cost, **about)
        before = c.count
        c.count -= cost
        self.ctx.emit("move", character=c.id, action=slot, **{"from": c.at.label}, to=to.label, squares=squares,
                      move_cost=move_cost if slot == "sub_action" else 0, cost=cost, count_before=before,
                      count_after=c.count)
        c.at = to
        self.moved += squares
        return True

    def escape(self, c: Character) -> bool:
        """COUNT-3.6."""
        opts = self.opts
        assert c.at is not None
        if opts["escape_by"] == "none" or (opts["escape_by"] == "pc_only" and not c.is_pc):
            return self.cancel(c, "main_action", "escape_forbidden", escape_by=opts["escape_by"])
        if opts["escape_squares"] == "edge" and not c.at.on_edge:
            return self.cancel(c, "main_action", "not_edge", at=c.at.label)
        spent: list[int] = []
        while True:
            face = self.ctx.roll(6, "escape", actor=c.id)
            success = rolls.escapes(face)
            source = self.reroll_source(c, "escape", spent) if not success and self.reaction(c, "reroll_escape") \
                else None  # COUNT-3.12
            self.ctx.emit("escape", character=c.id, at=c.at.label, face=face, success=success,
                          **({"rerolled": True} if source is not None else {}))
            if source is None:
                break
            self.spend_reroll(c, source, "escape", spent)
        if success:
            c.escaped, c.at = True, None
            self.judge()
        return True

    # ------------------------------------------------------------------ skills

    def use(self, c: Character, slot: str, sk: Skill | None, chosen: list[str], to: str | None = None,
            declared: tuple[str, ...] = (), cards: tuple[str, ...] = ()) -> bool:
        s = self.s
        assert sk is not None  # the checks refuse unknown skills
        if used_up(c, sk):
            return self.cancel(c, slot, "no_uses", skill=sk.name)
        unready = self.unready(c, sk)  # COUNT-1.9 / 1.10
        if unready is not None:
            return self.cancel(c, slot, **unready, skill=sk.name, targets=list(chosen))
        if sk.after_move_forbidden and self.moved > 0:  # COUNT-3.5
            return self.cancel(c, slot, "moved", skill=sk.name, skill_kind=sk.kind, moved=self.moved)
        square = Square.parse(to) if to is not None and sk.places else None
        if square is not None and sk.target_side == "self":  # COUNT-3.10: where it places its user
            refused = self.place_refusal(c, c, sk, square)
            if refused is not None:
                return self.cancel(c, slot, **refused)
        aim = self.aim(c, sk, [s.characters[t] for t in chosen])
        if aim.reason is not None:
            return self.cancel(c, slot, aim.reason, skill=sk.name, targets=chosen)
        if square is not None and sk.target_side != "self":  # COUNT-3.11: where it places its target
            refused = self.place_refusal(c, aim.targets[0], sk, square)
            if refused is not None:
                return self.cancel(c, slot, **refused, targets=chosen)
        self.spend(c, sk, cards=cards)
        self.ctx.emit("use", character=c.id, skill=sk.name, action=slot, targets=[t.id for t in aim.targets],
                      forced=[t.id for t in aim.forced])
        reached = aim.targets + aim.forced
        if not sk.is_attack:
            for t in reached:
                for r in sk.effects:
                    if r.op == "place":
                        self.place(t, sk, square, by=c)
                    else:
                        self.apply_rider(t, r, c, sk, step=None)
            return True
        grants = self.attack(c, sk, reached, declared=declared)
        self.run_cas(grants)
        return True

    def place_refusal(self, c: Character, who: Character, sk: Skill, square: Square) -> dict[str, Any] | None:
        """COUNT-3.10 / 3.11: the square ``who`` would be placed on must be another than its own,
        free, and within the skill's 射程 of its user ``c``; else the cancel's reason and fields."""
        assert c.at is not None and who.at is not None
        about = {"skill": sk.name, "to": square.label, "squares": c.at.distance(square, self.opts["grid_metric"])}
        if square == who.at:
            return {"reason": "same_square", **about}
        if about["squares"] > sk.range:
            return {"reason": "out_of_range", **about}
        other = self.s.occupant(square)
        if other is not None and self.opts["occupied_squares"] == "refuse":
            return {"reason": "occupied", "by": other.id, **about}
        return None

    def place(self, t: Character, sk: Skill, square: Square | None, *, by: Character) -> None:
        """COUNT-3.10 / 3.11: 「～に配置する」 is not a move: no count, no 移動限界, and 射/魔 stay
        allowed (for the user, and for a target placed elsewhere)."""
        assert t.at is not None and square is not None
        self.ctx.emit("place", character=t.id, skill=sk.name, **{"from": t.at.label}, to=square.label,
                      **({"by": by.id} if by is not t else {}))
        t.at = square

    def spend(self, c: Character, sk: Skill, *, cards: tuple[str, ...] = ()) -> None:
        """One use of ``sk``, at whatever timing: an item's use (COUNT-1.11), a use of its limit
        (COUNT-1.9), its cost (COUNT-1.10)."""
        left = c.uses.get(sk.index)
        if left is not None:
            c.uses[sk.index] = left - 1
        self.s.uses.record((c.id, sk.index), sk.limit, self.s.limit_period(sk))
        if sk.cost:
            self.pay(c, sk, cards)

    def unready(self, c: Character, sk: Skill) -> dict[str, Any] | None:
        """Why ``sk`` cannot be used now — its use limit is reached (COUNT-1.9) or its user cannot
        pay its cost (COUNT-1.10) — as a cancel's reason and fields; None when it can."""
        if not self.s.within_limit(c, sk):
            assert sk.limit is not None
            return {"reason": "limit", "limit": sk.limit.to_json()}
        for what, need in sk.cost:
            have = {"hp": c.hp_now, "hand": len(c.hand), "count": c.count, "ca": c.ca_left}[what]
            if (have < need) if what in ("hand", "ca") else (have - need <= 0):
                return {"reason": "cost", "paying": what, "need": need, "have": have}
        return None

    @staticmethod
    def cards_paid(hand: list[str], named: tuple[str, ...], n: int) -> list[str]:
        """COUNT-1.10: the ``n`` cards a hand cost takes: those named that the hand holds (a name
        twice takes two such cards), then the first others in hand order."""
        left, out = list(hand), []
        for card in named:
            if card in left and len(out) < n:
                left.remove(card)
                out.append(card)
        return out + left[:n - len(out)]

    def refusal(self, c: Character, sk: Skill) -> dict[str, Any] | None:
        """Why a skill that fires by itself cannot be used now: an item with no use left
        (COUNT-1.11), or as :meth:`unready` says; None when it can."""
        return {"reason": "no_uses"} if used_up(c, sk) else self.unready(c, sk)

    def ready(self, c: Character, sk: Skill, action: str) -> bool:
        """For a skill that fires by itself (カウント開始時, ダメージロール前/後): whether it can, else a
        ``cancel`` says why (COUNT-1.9 / 1.10 / 1.11)."""
        unready = self.refusal(c, sk)
        if unready is not None:
            self.ctx.emit("cancel", character=c.id, action=action, **unready, skill=sk.name)
        return unready is None

    def pay(self, c: Character, sk: Skill, cards: tuple[str, ...] = ()) -> None:
        """COUNT-1.10: HP, then cards — those the action names, then from the front of the hand —,
        then 配置カウント, then 残りCA回数."""
        paid: dict[str, Any] = {}
        for what, n in sk.cost:
            if what == "hp":
                paid["hp_before"], c.hp_now = c.hp_now, c.hp_now - n
                paid["hp_after"] = c.hp_now
            elif what == "hand":
                paid["cards"] = self.cards_paid(c.hand, cards, n)
                for card in paid["cards"]:
                    c.hand.remove(card)
                paid["hand_left"] = len(c.hand)
            elif what == "count":
                paid["count_before"], c.count = c.count, c.count - n
                paid["count_after"] = c.count
            else:
                paid["ca_before"], c.ca_left = c.ca_left, c.ca_left - n
                paid["ca_after"] = c.ca_left
        self.ctx.emit("pay", character=c.id, skill=sk.name, **paid)

    def aim(self, c: Character, sk: Skill, chosen: list[Character]) -> Aim:
        """COUNT-3.8: chosen targets within range of the right side; 貫通 adds the rest of the line."""
        metric = self.opts["grid_metric"]
        if sk.target_side == "self":
            return Aim([c])
        if not chosen:
            return Aim(reason="no_target")
        if len(chosen) > sk.target_count:
            return Aim(reason="too_many_targets")
        if len({t.id for t in chosen}) != len(chosen):
            return Aim(reason="target_twice")
        assert c.at is not None
        for t in chosen:
            if not t.standing or t.at is None:
                return Aim(reason="target_gone")
            if not self.side_fits(c, t, sk.target_side):
                return Aim(reason="wrong_side")
            if c.at.distance(t.at, metric) > sk.range:
                return Aim(reason="out_of_range")
        if not sk.pierce:
            return Aim(list(chosen))
        line = self.line(c, chosen[0].at, sk.range)
        if line is None:
            return Aim(reason="not_in_line")
        forced = [x for x in line if x is not chosen[0]]  # a 貫通 skill has one chosen target (count.pierce_one)
        return Aim(list(chosen), forced)

    def line(self, user: Character, through: Square | None, reach: int) -> list[Character] | None:
        """Everyone standing on the straight line (row or column) from ``user``'s square through
        ``through``, nearest square first (those sharing a square, COUNT-3.4's ``allow``, in setup
        order), up to ``reach`` squares; None when ``through`` is not on such a line. A ``through``
        on the user's own square gives no direction (option ``pierce_own_square``, COUNT-3.8): the
        line is that square alone, everyone else standing on it, or there is none."""
        assert through is not None and user.at is not None
        origin = user.at
        if through == origin:
            if self.opts["pierce_own_square"] == "no_line":
                return None
            return [x for x in self.s.occupants(origin) if x is not user]
        dc, dr = through.col - origin.col, through.row - origin.row
        if dc != 0 and dr != 0:
            return None
        step = ((dc > 0) - (dc < 0), (dr > 0) - (dr < 0))
        out = []
        for k in range(1, reach + 1):
            col, row = origin.col + step[0] * k, origin.row + step[1] * k
            if not (0 <= col <= 8 and 0 <= row <= 8):
                break
            out += self.s.occupants(Square(col, row))
        return out

    # ------------------------------------------------------------------ 3-3-3 checks

    def reaction(self, c: Character, key: str, default: Any = False) -> Any:
        return self.subs.get(c.side, {}).get("reactions", {}).get(c.id, {}).get(key, default)

    def attack(self, a: Character, sk: Skill, targets: list[Character], ca_of: str | None = None,
               declared: tuple[str, ...] = ()) -> list[Grant]:
        """COUNT-4, 5, 6, 7 for one attack; returns the CAs it gave, in 敏捷 order (COUNT-8.3)."""
        ctx = self.ctx
        self.declared = declared  # its damage is worked out before any CA it gives attacks
        ctx.emit("attack", actor=a.id, skill=sk.name, check=sk.check, skill_kind=sk.kind,
                 targets=[t.id for t in targets], ca_against=ca_of)
        hit = self.hit_check(a, sk) if sk.check != "none" else None
        hits: list[tuple[Character, bool]] = []
        takers: list[Character] = []
        if hit is not None and hit.fumble:  # COUNT-4.4
            ctx.emit("miss_all", actor=a.id, skill=sk.name, reason="hit_fumble")
        else:
            for t in targets:
                if hit is None:
                    hits.append((t, False))
                    continue
                if self.s.stopped(t):  # COUNT-5.8: 行動できない: no 回避判定, so no CA check; it is hit
                    ctx.emit("no_evasion", actor=t.id, attacker=a.id, skill=sk.name, reason="stopped")
                    hits.append((t, False))
                    continue
                landed, no_reduction, takes_ca = self.evasion(a, sk, t, hit)
                if landed:
                    hits.append((t, no_reduction))
                if takes_ca:
                    takers.append(t)
        if hits:
            self.damage_and_riders(a, sk, hits, hit.critical if hit else False)
        return [Grant(t.id, a.id) for t in ordered(takers, key=self.agility_key)]

    def hit_check(self, a: Character, sk: Skill) -> HitCheck:
        """COUNT-4.1–4.5."""
        s, ctx = self.s, self.ctx
        stat = CHECK_STAT[sk.check]
        value = s.stat(a, stat)
        attempt = 0
        spent: list[int] = []  # the 振り直し skills already used on this check (COUNT-4.5: once each)
        while True:
            attempt += 1
            d1 = ctx.roll(10, "hit_check", actor=a.id, skill=sk.name, die=1)
            d2 = ctx.roll(10, "hit_check", actor=a.id, skill=sk.name, die=2)
            crit, fumble = s.value(a, "hit_crit"), s.value(a, "hit_fumble")  # COUNT-7.11
            check = rolls.hit_check(value, d1, d2, crit, fumble)
            ctx.emit("hit_check", actor=a.id, skill=sk.name, stat=stat, value=value, dice=[d1, d2], sum=d1 + d2,
                     total=check.total, critical=check.critical, fumble=check.fumble, hit_crit=crit,
                     hit_fumble=fumble, attempt=attempt)
            if check.fumble:
                self.discard(a)
            if self.wants_hit_reroll(a, check):
                source = self.reroll_source(a, "hit", spent)
                if source is not None:
                    self.spend_reroll(a, source, "hit_check", spent)
                    continue
            return check

    def wants_hit_reroll(self, a: Character, check: HitCheck) -> bool:
        """COUNT-4.5 / 4.6: a fumble its side re-rolls, or a 達成値 below the one its side asks for."""
        if check.fumble:
            return bool(self.reaction(a, "reroll_hit_fumble"))
        below = self.reaction(a, "reroll_hit_below", None)
        return below is not None and not check.critical and check.total < below

    def reroll_source(self, c: Character, roll: str, spent: list[int]) -> Skill | str | None:
        """COUNT-4.5 / 5.7: what pays for a re-roll of ``roll`` (hit or evasion): a 振り直し skill
        or item with a use left and not yet used on this check (``spent``), or one of the
        character's ``rerolls`` (option ``reroll_order``). Each source is finite, so a check that
        cannot succeed (回避率 0%) ends."""
        skill = next((x for x in c.skills if x.timing == "reroll" and x.roll == roll and c.uses.get(x.index) != 0
                      and x.index not in spent and self.unready(c, x) is None), None)
        plain = "rerolls" if c.rerolls > 0 else None
        first, second = (skill, plain) if self.opts["reroll_order"] == "skill_first" else (plain, skill)
        return first if first is not None else second

    def spend_reroll(self, c: Character, source: Skill | str, roll: str, spent: list[int]) -> None:
        if isinstance(source, Skill):
            spent.append(source.index)
            self.spend(c, source)
            self.ctx.emit("reroll", character=c.id, roll=roll, rerolls_left=c.rerolls, skill=source.name)
            return
        c.rerolls -= 1
        self.ctx.emit("reroll", character=c.id, roll=roll, rerolls_left=c.rerolls)

    def discard(self, a: Character) -> None:
        """COUNT-4.3: a PC loses one card at random from its hand at once."""
        if not a.is_pc:
            return
        if not a.hand:
            self.ctx.emit("discard", character=a.id, card=None, hand_left=0)
            return
        face = self.ctx.roll(len(a.hand), "hand_discard", actor=a.id, cards=len(a.hand))
        card = a.hand.pop(face - 1)
        self.ctx.emit("discard", character=a.id, card=card, position=face, hand_left=len(a.hand))

    def evasion(self, a: Character, sk: Skill, t: Character, hit: HitCheck) -> tuple[bool, bool, bool]:
        """COUNT-5 and the CA check of COUNT-6; returns (hit, no_reduction, CA taken)."""
        s, ctx, opts = self.s, self.ctx, self.opts
        stat = DEFENCE_STAT[sk.check]
        b = s.stat(t, stat)
        rate = rolls.evasion_rate(hit.total, b)  # COUNT-5.2
        ecrit, efumble, ca_value = s.value(t, "evasion_crit"), s.value(t, "evasion_fumble"), s.value(t, "ca_value")
        fumbled = False
        attempt = 0
        spent: list[int] = []  # the 振り直し skills already used on this check (COUNT-5.7: once each)
        while True:
            attempt += 1
            face = ctx.roll(100, "evasion", actor=t.id, attacker=a.id, skill=sk.name)
            ev = rolls.evasion(face, rate, hit_critical=hit.critical, evasion_crit=ecrit, evasion_fumble=efumble,
                               crit_evades=opts["evasion_crit_evades"])
            crit, fumble, evaded, why = ev.critical, ev.fumble, ev.evaded, ev.why
            fumbled = fumbled or fumble
            tens, ones, reading = rolls.ca_reading(face)  # COUNT-6.1
            for_ca = evaded and t.ca_left >= 1 and not rolls.ca_eligible(reading, ca_value, t.ca_left) \
                and self.reaction(t, "reroll_evasion_for_ca")
            retry = self.reroll_source(t, "evasion", spent) \
                if (not evaded and self.reaction(t, "reroll_evasion_failure")) or for_ca else None  # COUNT-5.7, 5.9
            fields = dict(actor=t.id, attacker=a.id, skill=sk.name, stat=stat, defence=b, total=hit.total,
                          evasion_rate=rate, face=face, critical=crit, fumble=fumble, evasion_crit=ecrit,
                          evasion_fumble=efumble, evaded=evaded, why=why, attempt=attempt)
            if retry is not None:
                ctx.emit("evasion", **fields, final=False)
                self.spend_reroll(t, retry, "evasion", spent)
                continue
            no_reduction = fumbled and not evaded  # COUNT-5.5
            eligible = rolls.ca_eligible(reading, ca_value, t.ca_left)  # COUNT-6.2
            wants = bool(self.reaction(t, "ca"))
            reach = self.ca_attack(t, a)[1].reason if eligible and wants and opts["ca_needs_attack"] else None
            taken = eligible and wants and reach is None
            ca_before = t.ca_left
            if taken:
                t.ca_left -= 1
            ctx.emit("evasion", **fields, final=True, no_reduction=no_reduction, tens=tens, ones=ones,
                     reading=reading, ca_value=ca_value, ca_before=ca_before, ca_eligible=eligible,
                     ca_wanted=wants, ca_unreachable=reach, ca_taken=taken, ca_left=t.ca_left)
            return not evaded, no_reduction, taken

    # ------------------------------------------------------------------ 3-3-4 damage

    def damage_and_riders(self, a: Character, sk: Skill, hits: list[tuple[Character, bool]], critical: bool) -> None:
        """COUNT-7: steps 1–3 (shared or per receiver), 4–8 per receiver, 9 per target hit."""
        receivers: list[Character] = []
        if sk.damage is not None:
            shares = self.covered_shares(hits)
            planned = self.planned(a, sk, critical, None) if self.opts["shared_damage_roll"] else None
            for receiver, taken in shares:
                own = planned if planned is not None else self.planned(a, sk, critical, receiver)
                self.apply_damage(a, sk, receiver, taken, own)
                receivers.append(receiver)
                if self.s.outcome is not None:
                    return
        for t, _ in hits:  # step 9
            if t.standing:
                for r in sk.riders:
                    self.apply_rider(t, r, a, sk, step=9)
        if receivers and self.s.outcome is None:
            self.after_damage(a, receivers)

    def after_damage(self, a: Character, receivers: list[Character]) -> None:
        """COUNT-7.10: ダメージロール後 effects, once the damage is worked out: the attacker's when
        it deals damage, each receiver's when it takes some; owners in 敏捷 order (option
        ``after_damage_order``). ``targets.side: enemy`` reaches the other party of the damage."""
        first = self.opts["after_damage_order"] == "attacker_first"
        fired = [(c, sk) for c in self.s.standing() for sk in c.skills if sk.timing == "after_damage"
                 and ((sk.when == "dealt" and c is a) or (sk.when == "taken" and c in receivers))]
        for c, sk in ordered(fired, key=lambda p: ((0 if first and p[0] is a else 1,) + self.agility_key(p[0])
                                                   + (p[1].index,))):
            if not c.standing or not self.ready(c, sk, "after_damage"):
                continue
            if sk.target_side == "self":
                reached = [c]
            else:
                reached = [t for t in (receivers if sk.when == "dealt" else [a]) if t.standing]
            if not reached or (reached := self.chosen(c, sk, reached, "after_damage")) is None:
                continue
            self.spend(c, sk)
            self.ctx.emit("use", character=c.id, skill=sk.name, action="after_damage", targets=[t.id for t in reached],
                          forced=[])
            for t in reached:
                for r in sk.effects:
                    self.apply_rider(t, r, c, sk, step=None)

    def covered_shares(self, hits: list[tuple[Character, bool]]) -> list[tuple[Character, list[tuple[Character, bool]]]]:
        """COUNT-7.5: who takes which target's share; a coverer's own share and those it covers."""
        s, metric = self.s, self.opts["grid_metric"]
        receivers: dict[str, list[tuple[Character, bool]]] = {}
        for t, nr in hits:
            cover = None
            for k in ordered(s.standing(t.side), key=self.agility_key):
                skill = next((x for x in k.skills if x.op == "cover"), None)
                if k is t or skill is None or t.id not in self.reaction(k, "cover", []) or s.stopped(k) \
                        or used_up(k, skill) or not s.within_limit(k, skill):
                    continue  # COUNT-3.9: a character that cannot act covers nobody; COUNT-1.11 / 1.9: nor a
                    # spent item or a skill whose use limit is reached
                if k.at is not None and t.at is not None and k.at.distance(t.at, metric) <= skill.range:
                    cover = k
                    break
            who = cover or t
            if cover is not None:
                skill = next(x for x in cover.skills if x.op == "cover")
                self.spend(cover, skill)
                self.ctx.emit("cover", character=cover.id, covers=t.id, skill=skill.name)
            receivers.setdefault(who.id, []).append((t, nr))
        return [(s.characters[cid], shares) for cid, shares in receivers.items()]

    def planned(self, a: Character, sk: Skill, critical: bool, receiver: Character | None) -> int:
        """Steps 1–3: fixed, increases, dice (+1D10 critical, +2D10 近/射) → 予定ダメージ."""
        ctx = self.ctx
        dmg = sk.damage
        assert dmg is not None
        about = {"actor": a.id, "skill": sk.name}
        increases = self.changes(a, "increase", self.declared)
        spent: list[int] = []
        while True:
            dice = [ctx.roll(dmg.dice_sides, "damage", **about, die=i + 1) for i in range(dmg.dice_count)]
            crit_dice = [ctx.roll(10, "damage_critical", **about, die=1)] if critical else []
            kind_dice = [ctx.roll(10, "damage_kind", **about, die=i + 1) for i in range(2)] \
                if sk.kind in ("melee", "ranged") else []
            increases = [self.with_dice(a, x) for x in increases]  # COUNT-7.15: their dice, at step 3
            planned = rolls.planned_damage(dmg.fixed, [x["value"] for x in increases], dice, crit_dice, kind_dice,
                                           increase_dice=[f for x in increases for f in x.get("dice", [])])
            below = self.reaction(a, "reroll_damage_below", None)  # COUNT-7.14: the dice of step 3 again
            rolled = dice or crit_dice or kind_dice or any(x.get("dice") for x in increases)
            source = self.reroll_source(a, "damage", spent) if rolls.damage_reroll_wanted(planned, below, bool(rolled)) \
                else None
            ctx.emit("damage_roll", actor=a.id, skill=sk.name, receiver=receiver.id if receiver else None,
                     fixed=dmg.fixed, increases=increases, dice=dice, sides=dmg.dice_sides, critical_dice=crit_dice,
                     kind_dice=kind_dice, planned=planned, attributes=list(dmg.attributes),
                     **({"rerolled": True} if source is not None else {}))
            if source is None:
                return planned
            self.spend_reroll(a, source, "damage", spent)

    def with_dice(self, a: Character, change: dict[str, Any]) -> dict[str, Any]:
        """COUNT-7.15: an increase with dice (「ダメージ+1D10」) rolls them with the damage dice."""
        sk = a.skill(change["skill"])
        if sk is None or sk.dice is None:
            return change
        count, sides = sk.dice
        faces = [self.ctx.roll(sides, "damage_increase", actor=a.id, skill=sk.name, die=i + 1) for i in range(count)]
        return {"skill": change["skill"], "value": change["value"], "dice": faces, "sides": sides}

    def changes(self, owner: Character, step: str, declared: tuple[str, ...], *, pay: bool = True
                ) -> list[dict[str, Any]]:
        """The ダメージロール前 changes ``owner`` makes at ``step`` (COUNT-7.13); one with a limit or
        a cost counts a use and pays for each damage figure it changes, or is a ``cancel`` when it
        cannot. With ``pay`` false (the odds), nothing is paid: such a change counts when it could
        be paid now."""
        take = (lambda x: self.take_change(owner, x)) if pay else (lambda x: self.refusal(owner, x) is None)
        return [change_entry(x) for x in damage_changes(owner, step, declared, take)]

    def take_change(self, owner: Character, x: Skill) -> bool:
        """COUNT-1.9 / 1.10 / 1.11: a limited or costly damage change, or an item's, applies only when
        it can be paid for now."""
        if not self.ready(owner, x, "before_damage"):
            return False
        self.spend(owner, x)
        return True

    def taken_declared(self, r: Character) -> tuple[str, ...]:
        """A receiver's declared ダメージロール前 skills, from its side's reactions (COUNT-7.13)."""
        return tuple(self.reaction(r, "before_damage", []))

    def apply_damage(self, a: Character, sk: Skill, r: Character, shares: list[tuple[Character, bool]],
                     planned: int) -> None:
        """Steps 4–8 for one receiver."""
        opts = self.opts
        dmg = sk.damage
        assert dmg is not None
        attrs = dmg.attributes
        void = rolls.is_void(attrs, opts["void_in_composite"])
        own = next((nr for t, nr in shares if t is r), False)
        marked = any(nr for _, nr in shares) if opts["cover_no_reduction"] == "any_share" else own
        unreducible = void or marked
        # step 4: the lowest 耐性 among the 属性 (COUNT-7.3)
        resist_attr, resist = rolls.lowest_resist(attrs, {x: self.s.resist(r, x) for x in attrs})
        # step 5: ×X for X shares (COUNT-7.5); step 6: reductions → 実ダメージ; step 7: effects on
        # 実ダメージ, the attacker's then the receiver's
        multiplier = len(shares)
        reductions = self.changes(r, "reduce", self.taken_declared(r))
        reals = real_changes(a, r, lambda c: self.changes(c, "real", self.declared if c is a else self.taken_declared(c)))
        steps = rolls.damage_steps(planned, resist=resist, resist_mode=opts["resist_mode"], multiplier=multiplier,
                                   reductions=[x["value"] for x in reductions],
                                   real_changes=[x["value"] for x in reals], unreducible=unreducible)
        change, resist_blocked, after_resist = steps.resist_change, steps.resist_blocked, steps.after_resist
        after_multiply, reduce_blocked, real, final = steps.after_multiply, steps.reduce_blocked, steps.real, steps.final
        applied = [x for x, ok in zip(reals, steps.applied) if ok]
        # step 8
        hp_before = r.hp_now
        r.hp_now = max(0, r.hp_now - final)
        self.ctx.emit("damage", actor=a.id, skill=sk.name, target=r.id, covers=[t.id for t, _ in shares if t is not r],
                      planned=planned, attributes=list(attrs), void=void, no_reduction=marked,
                      resist_attribute=resist_attr, resist=resist, resist_mode=opts["resist_mode"],
                      resist_change=change, resist_blocked=resist_blocked, after_resist=after_resist,
                      multiplier=multiplier, after_multiply=after_multiply, reductions=reductions,
                      reduce_blocked=reduce_blocked, real=real, real_changes=reals,
                      real_applied=[x["skill"] for x in applied], final=final, hp_before=hp_before,
                      hp_after=r.hp_now)
        if rolls.knocks_out(hp_before, final, opts["knocked_out_at"]):  # COUNT-7.8
            r.knocked_out = True
            self.ctx.emit("knocked_out", character=r.id, by=a.id)
            self.judge()

    def apply_rider(self, t: Character, rider: Rider, by: Character, sk: Skill, *, step: int | None) -> None:
        """COUNT-7.9 (step 9), and the effects of skills that do not attack (no step)."""
        s, ctx = self.s, self.ctx
        src = {"by": by.id, "skill": sk.name, "step": step}
        if rider.op == "count":
            before = t.count
            t.count = max(0, t.count + rider.value)
            if t.count == 0 and not t.done:
                t.done = True
            ctx.emit("effect", **src, target=t.id, op="count", value=rider.value, before=before, after=t.count,
                     done=t.done)
        elif rider.op == "stat":
            assert rider.stat is not None
            before = self.current(t, rider.stat, rider.attribute)
            about = {"stat": rider.stat, **({"attribute": rider.attribute} if rider.attribute else {})}
            clock = own_clock(t) if rider.until == "own_turn" else LASTING_CLOCK[rider.until]  # COUNT-7.12
            lasts = {"until": rider.until, **({"counts": rider.counts} if rider.until == "counts" else {})} \
                if rider.until != "end_phase" else {}
            e = s.effects.add("stat", bearer=t.id, data={**about, "value": rider.value}, clock=clock,
                              clocks=s.clocks, duration=rider.counts if rider.until == "counts" else 1, source=src)
            ctx.emit("effect", **src, target=t.id, op="stat", **about, value=rider.value, before=before,
                     after=self.current(t, rider.stat, rider.attribute), effect_id=e.seq, **lasts)
        elif rider.op == "stop":  # COUNT-3.9
            e = s.effects.add("stop", bearer=t.id, data={}, clock="round", clocks=s.clocks, duration=1, source=src)
            ctx.emit("effect", **src, target=t.id, op="stop", effect_id=e.seq)
        else:  # heal
            before = t.hp_now
            t.hp_now = min(t.hp, t.hp_now + rider.value)
            ctx.emit("effect", **src, target=t.id, op="heal", value=rider.value, before=before, after=t.hp_now)

    def current(self, t: Character, stat: str, attribute: str | None = None) -> int:
        """A value a stat effect changes, now (COUNT-7.11)."""
        if stat == RESIST:
            assert attribute is not None
            return self.s.resist(t, attribute)
        return self.s.value(t, stat) if stat in VALUES else self.s.stat(t, stat)

    def tick(self, clock: str) -> None:
        """COUNT-7.12: advance ``clock`` and end the effects it has run out. Only a clock some live
        effect is read on moves, so a battle without such effects keeps the clocks it always had."""
        s = self.s
        if not any(e.clock == clock for e in s.effects):
            return
        s.clocks.advance(clock)
        for e in s.effects.expire(s.clocks):
            self.expired(e)

    def expired(self, e: Any) -> None:
        if e.kind == "stop":
            self.ctx.emit("stop_ends", effect_id=e.seq, character=e.bearer)
        else:
            self.ctx.emit("expire", effect_id=e.seq, character=e.bearer, stat=e.data["stat"], value=e.data["value"],
                          **({"attribute": e.data["attribute"]} if "attribute" in e.data else {}))

    # ------------------------------------------------------------------ 3-4 CA

    def ca_attack(self, t: Character, against: Character) -> tuple[Skill | None, Aim]:
        """COUNT-8.2: the CA's attack, narrowed to the attacker; a 貫通 that forces others is refused."""
        name = self.reaction(t, "ca_skill", None)
        sk = t.skill(name) if name else t.normal_attack
        if sk is None:
            return None, Aim(reason="no_ca_attack")
        if used_up(t, sk):
            return sk, Aim(reason="no_uses")
        unready = self.unready(t, sk)  # COUNT-1.9 / 1.10
        if unready is not None:
            return sk, Aim(reason=unready.pop("reason"), detail=unready)
        if not t.standing or t.at is None:
            return sk, Aim(reason="knocked_out")
        if sk.after_move_forbidden and t is self.mover and self.moved > 0 \
                and self.opts["ca_in_own_turn"] == "part_of_turn":  # COUNT-8.2: a CA in its own 行動手番
            return sk, Aim(reason="moved_in_own_turn")
        aim = self.aim(t, sk, [against])
        if aim.reason is None and aim.forced:
            return sk, Aim(reason="pierce_forces_others")
        return sk, aim

    def run_cas(self, grants: list[Grant]) -> None:
        """COUNT-8.1–8.5: CAs after the attack, depth first, each CA attack able to give more."""
        if not grants:
            return
        try:
            Cascade(DEPTH_FIRST, self.opts["ca_chain_cap"]).run(grants, lambda g: [g], self.fire_ca)
        except CascadeLimit as exc:
            raise ResolutionError([self.turn.problem(("turn",), say("count.ca_chain", round=self.s.round,
                                                                    detail=exc))]) from None

    def fire_ca(self, grant: Grant, _: Grant) -> list[Grant]:
        s = self.s
        if s.outcome is not None:
            return []
        t, against = s.characters[grant.taker], s.characters[grant.against]
        if not t.standing:  # COUNT-8.5
            self.ctx.emit("cancel", character=t.id, action="ca", reason="knocked_out", against=against.id)
            return []
        if s.stopped(t):  # COUNT-3.9: a CA is an action
            self.ctx.emit("cancel", character=t.id, action="ca", reason="stopped", against=against.id)
            return []
        sk, aim = self.ca_attack(t, against)
        if aim.reason is not None or sk is None:
            self.ctx.emit("cancel", character=t.id, action="ca", reason=aim.reason, against=against.id,
                          skill=sk.name if sk else None, **aim.detail)
            return []
        self.spend(t, sk)
        self.ctx.emit("ca", character=t.id, against=against.id, skill=sk.name)
        return self.attack(t, sk, aim.targets, ca_of=against.id,
                           declared=tuple(self.reaction(t, "before_damage", [])))  # COUNT-7.13

    # ------------------------------------------------------------------ 4. and the outcome

    def end_phase(self) -> None:
        """COUNT-9.1 / 9.3."""
        s, ctx, opts = self.s, self.ctx, self.opts
        s.clocks.advance("round")
        for e in s.effects.expire(s.clocks):
            self.expired(e)
        # COUNT-7.12: an effect read on another clock ends at the エンドフェイズ at the latest
        for e in s.effects.remove(s.effects.select(kind="stat", where=lambda e: e.clock != "round"), force=True):
            self.expired(e)
        if opts["end_phase"] == "reset":
            for c in s.standing():
                c.count, c.done = c.setup_count, False
        if opts["ca_reset"] == "round":
            for c in s.standing():
                c.ca_left = c.ca_start
        ctx.emit("end_phase", round=s.round, counts=self.counts(), ca_left={c.id: c.ca_left for c in s.standing()})

    def unstop(self, c: Character) -> None:
        """``stop_ends: own_turn``: the 行動不能 ends once it has cost its bearer one 行動手番."""
        for e in self.s.effects.remove(self.s.effects.select(bearer=c.id, kind="stop"), force=True):
            self.ctx.emit("stop_ends", effect_id=e.seq, character=c.id)

    def judge(self) -> None:
        """COUNT-9.2: decided when at most one side still stands."""
        s = self.s
        if s.outcome is not None:
            return
        standing = [sid for sid in s.sides if s.standing(sid)]
        if len(standing) > 1:
            return
        winner = standing[0] if standing else None
        s.outcome = {"result": "win" if winner else "draw", "winner": winner,
                     "reason": "last_side_standing" if winner else "nobody_standing"}
        self.ctx.emit("outcome", **s.outcome, round=s.round)
