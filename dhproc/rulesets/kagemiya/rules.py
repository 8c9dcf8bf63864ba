"""Resolution of one 巡 of a kagemiya 戦闘フェイズ: 先手判定, each 陣営's 手番, attacks, 援護, 逃走, 脱落.

Every rule cites its clause in docs/rules/kagemiya.md. A pool is rolled by the platform's dice
expressions (:mod:`dhproc.dice.expr`), each die drawn from the turn's dice with its purpose, so the
log shows every face. Events are flat records carrying the numbers their report lines show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...dice.expr import MAX_COUNT, Dice, DiceExpr, Num, Sum, evaluate
from ...engine.conditions import evaluate as holds
from ...engine.conditions import parse as parse_condition
from ...engine.context import TurnContext
from ...engine.ruleset import TurnStatus
from . import rolls, standing
from .checks import condition_vocabulary
from .model import (ATTACKS, CHECK_STAT, FIRST_MOVE_KIND, Character, Declared, KagemiyaState, Pool, payer_of,
                    servant_of, targets_of)


@dataclass
class SideRoll:
    """One 陣営's roll in a 先手判定 or 逃走判定 (KAGEMIYA-3, 4)."""

    side: str
    index: int  # position among the rollers: the last ordering key
    actor: str | None
    pool: Pool | None
    claim: tuple[int, int] = (0, 0)  # KAGEMIYA-3.2: (宝具 2 / skill 1 / none 0, rank)
    total: int = -1  # -1: nobody could roll
    rerolls: list[int] = field(default_factory=list)


def resolve_turn(state: KagemiyaState, turn: Any, ctx: TurnContext) -> TurnStatus:
    return Battle(state, ctx).run(turn)


def take_orders(state: KagemiyaState, submissions: dict[str, dict], rule: str) -> None:
    """KAGEMIYA-5.12: a 巡 under way folds each 陣営's submission into its standing orders."""
    if rule != "until_withdrawn":
        return
    for sid, sub in submissions.items():
        if sid in state.sides:
            standing.merge(state.sides[sid].standing, sub)


class Battle:
    def __init__(self, state: KagemiyaState, ctx: TurnContext):
        self.s = state
        self.ctx = ctx
        self.opts = ctx.options
        self.subs: dict[str, dict] = {}
        self.actions_left: dict[str, int] = {}
        self.round_no = 0
        self.supporters: dict[str, bool] = {}  # who gave 援護 in this 巡 (KAGEMIYA-6.4)

    # ------------------------------------------------------------------ the 巡

    def run(self, turn: Any) -> TurnStatus:
        s, ctx = self.s, self.ctx
        self.subs = turn.submissions
        round_no = self.round_no = s.rounds_played + 1
        missing = [sid for sid in s.sides_fighting() if sid not in self.subs]
        if missing:  # KAGEMIYA-1.9
            for sid in missing:
                ctx.emit("awaiting", side=sid)
            return TurnStatus(False, missing[0])
        ctx.emit("round_start", round=round_no, rounds=s.rounds, phase=s.phase)
        take_orders(s, self.subs, self.opts["standing_orders"])
        for c in s.characters.values():
            self.actions_left[c.id] = c.actions if c.actions is not None else self.opts["actions_per_round"]
        if s.phase == "ambush":  # KAGEMIYA-7.1
            order = [s.ambusher]
            ctx.emit("ambush_phase", side=s.ambusher)
        else:
            if s.order is None or self.opts["initiative_each_round"]:
                self.initiative()
            order = list(s.order or [])
        for sid in order:
            if s.outcome is None and sid in s.sides_fighting():
                self.side_turn(sid, round_no)
            else:  # KAGEMIYA-5.13: the battle was decided, or the 陣営 left it, before its 手番
                self.cancel_actions(sid, 0, self.why_no_turn(sid))
        for sid in self.subs:  # KAGEMIYA-5.13: a 陣営 out of the battle since an earlier 巡 has no 手番
            if sid not in order:
                self.cancel_actions(sid, 0, self.why_no_turn(sid))
        s.rounds_played = round_no
        if s.outcome is None and (s.phase == "ambush" or s.rounds_played >= s.rounds):
            self.finish()  # KAGEMIYA-9.1
        ctx.emit("round_end", round=round_no,
                 hp={c.id: c.hp for c in s.characters.values() if s.in_battle(c)})
        return TurnStatus(True)

    def orders(self, sid: str) -> dict:
        """KAGEMIYA-5.12: the 陣営's orders that hold in this 巡."""
        return standing.of_round(self.s.sides[sid].standing, self.subs.get(sid, {}), self.opts["standing_orders"])

    # ------------------------------------------------------------------ 先手判定

    def initiative(self) -> None:
        """KAGEMIYA-3.1-3.3, 4.1-4.2."""
        s, ctx = self.s, self.ctx
        ctx.begin_step("initiative")
        rolls, escaping = [], []
        for sid in s.sides_fighting():
            decl = self.subs[sid].get("initiative", {})
            check = "escape" if decl.get("escape") else "initiative"
            if check == "escape":
                escaping.append(sid)
            rolls.append(self.side_roll(sid, len(rolls), decl.get("roller"), Declared.of(decl), check, check))
        ranked = self.rank(rolls, tie_rule=self.opts["initiative_tie"], full=True)
        s.order = [r.side for r in ranked]
        ctx.emit("order", order=list(s.order), totals={r.side: r.total for r in rolls},
                 claims={r.side: list(r.claim) for r in rolls}, rerolls={r.side: list(r.rerolls) for r in rolls})
        for sid in escaping:  # KAGEMIYA-4.2
            if s.order[0] == sid:
                self.escape_success(sid, when="initiative")
            else:
                ctx.emit("escape_failed", side=sid, when="initiative", first=s.order[0])
        if escaping:
            self.check_end()

    def roller_for(self, sid: str, wanted: str | None, check: str) -> Character | None:
        """The named front-row roller, or (KAGEMIYA-4.3's default) the 陣営's best front-row character."""
        s = self.s
        c = s.characters.get(wanted) if wanted else None
        if c is not None and s.in_battle(c) and c.row == "front":
            return c
        if c is not None:
            self.ctx.emit("cancel", side=sid, actor=c.id, what=check,
                          reason="out_of_battle" if not s.in_battle(c) else "back_row")
        front = [x for x in s.fighting(sid) if x.row == "front"]
        if not front:
            return None
        if self.opts["escape_roller"] == "first_listed":
            return front[0]
        return max(front, key=lambda x: (x.stats["agility"], -x.index))

    def side_roll(self, sid: str, index: int, wanted: str | None, declared: Declared, check: str,
                  purpose: str) -> SideRoll:
        roller = self.roller_for(sid, wanted, check)
        if roller is None:
            self.ctx.emit("cancel", side=sid, what=check, reason="no_front")
            return SideRoll(sid, index, None, None)
        if wanted and roller.id != wanted:
            declared = Declared()  # a stand-in roller declares nothing
        pool = self.build_pool(roller, check, declared)
        claims = [(FIRST_MOVE_KIND[p["part"]], p.get("rank") or 0) for p in pool.parts if p.get("first_move")]
        out = SideRoll(sid, index, roller.id, pool, max(claims, default=(0, 0)))
        out.total = self.roll(pool, roller, purpose)
        return out

    def rank(self, rolls: list[SideRoll], *, tie_rule: str, full: bool, escaper: str | None = None
             ) -> list[SideRoll]:
        """KAGEMIYA-3.2-3.3 / 4.4: claims, then totals, then re-rolls of the tied (or a fixed rule)."""
        def base(r: SideRoll) -> tuple:
            favour = 0
            if tie_rule in ("escaper", "others") and escaper is not None:
                favour = (0 if r.side == escaper else 1) if tie_rule == "escaper" else (1 if r.side == escaper else 0)
            return (-r.claim[0], -r.claim[1], -r.total, favour) + tuple(-t for t in r.rerolls)

        if tie_rule == "reroll":
            for _ in range(self.opts["reroll_cap"]):
                ranked = sorted(rolls, key=lambda r: (base(r), r.index))
                groups: dict[tuple, list[SideRoll]] = {}
                for r in ranked:
                    if r.pool is not None:
                        groups.setdefault(base(r), []).append(r)
                tied = [g for g in groups.values() if len(g) > 1 and (full or g[0] is ranked[0])]
                if not tied:
                    break
                for group in tied:
                    for r in group:
                        r.rerolls.append(self.roll(r.pool, self.s.characters[r.actor], "reroll"))
        return sorted(rolls, key=lambda r: (base(r), r.index))

    # ------------------------------------------------------------------ a 陣営's 手番

    def side_turn(self, sid: str, round_no: int) -> None:
        """KAGEMIYA-5.1: the 陣営's actions in the order submitted."""
        s, ctx = self.s, self.ctx
        ctx.begin_step(sid)
        ctx.emit("side_turn", side=sid, round=round_no)
        ended = False
        for i, act in enumerate(self.subs[sid].get("actions", [])):
            if s.outcome is not None or sid not in s.sides_fighting():
                self.cancel_actions(sid, i, self.why_no_turn(sid))  # KAGEMIYA-5.13
                return
            actor = s.characters[act["actor"]]
            if ended:  # KAGEMIYA-4.3: a failed escape ends the 手番
                ctx.emit("cancel", side=sid, actor=actor.id, action=i, do=act["do"], reason="turn_ended")
                continue
            if act["do"] == "command_spell":  # KAGEMIYA-11.1: not an action, and from the back row too
                self.command_spell(sid, actor, act, i)
                continue
            why = self.cannot_act(actor)
            if why:
                ctx.emit("cancel", side=sid, actor=actor.id, action=i, do=act["do"], reason=why)
                continue
            self.actions_left[actor.id] -= 1
            if act["do"] == "pass":
                ctx.emit("pass", side=sid, actor=actor.id, action=i)
            elif act["do"] == "escape":
                ended = not self.escape(sid, actor, act, i)
            else:
                self.attack(sid, actor, act, i)
            self.check_end()

    def why_no_turn(self, sid: str) -> str:
        """Why the 陣営's actions are not taken: the battle is decided, or the 陣営 has left it."""
        if self.s.outcome is not None:
            return "battle_over"
        return "side_escaped" if self.s.sides[sid].escaped else "side_out"

    def cancel_actions(self, sid: str, start: int, reason: str) -> None:
        """KAGEMIYA-5.13: each submitted action from ``start`` on, cancelled with ``reason``."""
        for i, act in enumerate(self.subs.get(sid, {}).get("actions", [])[start:], start=start):
            self.ctx.emit("cancel", side=sid, actor=act["actor"], action=i, do=act["do"], reason=reason)

    def command_spell(self, sid: str, m: Character, act: dict, index: int) -> None:
        """KAGEMIYA-11.1-11.4: each 令呪 named, in order, on the master's own servant."""
        s, ctx = self.s, self.ctx
        sv = s.characters[act["target"]] if "target" in act else servant_of(m, s.characters)
        for kid in act["command_spells"]:
            k = s.spell_kinds[kid]
            head = {"side": sid, "actor": m.id, "action": index, "command_spell": kid, "target": sv.id}
            reason = ("out_of_battle" if not s.in_battle(m) else "no_command_spells_left" if m.command_spells < k.cost
                      else "target_out_of_battle" if not s.in_battle(sv) else None)
            what: dict[str, Any] = {}
            if reason is None and k.effect == "suicide":
                pass  # KAGEMIYA-11.7: nothing to weigh; the servant drops out below
            elif reason is None and k.effect == "heal":
                what = {"before": sv.hp, "after": min(sv.max_hp, sv.hp + k.amount)}
            elif reason is None and k.effect == "swap_row":
                row = "back" if sv.row == "front" else "front"
                if row == "back" and not any(c.row == "front" for c in s.fighting(sid) if c is not sv):
                    reason = "front_would_empty"  # the parent: not if it leaves no front row
                what = {"row": row}
            elif reason is None:  # restore_noble_phantasm
                wanted = act.get("use") or [r.id for r in sv.resources.values() if r.kind == "noble_phantasm"]
                rid = next((r for r in wanted if sv.used.get(r, 0) > 0), None)
                reason = "nothing_to_restore" if rid is None else None
                what = {"resource": rid} if rid else {}
            if reason:
                ctx.emit("cancel", **head, reason=reason)
                continue
            m.command_spells -= k.cost
            ctx.emit("command_spell", **head, effect=k.effect, cost=k.cost, left=m.command_spells, **what)
            if k.effect == "suicide":
                self.drop(sv, "command_spell")
                self.check_end()
            elif k.effect == "heal":
                sv.hp = what["after"]
            elif k.effect == "swap_row":
                sv.row = what["row"]
                self.settle(sid)
            else:
                sv.used[what["resource"]] -= 1

    def cannot_act(self, c: Character) -> str | None:
        if not self.s.in_battle(c):
            return "out_of_battle"
        if c.row != "front" and not self.opts["back_row_acts"]:
            return "back_row"
        if self.actions_left[c.id] <= 0:
            return "no_action_left"
        return None

    # ------------------------------------------------------------------ 逃走判定 on a 手番

    def escape(self, sid: str, actor: Character, act: dict, index: int) -> bool:
        """KAGEMIYA-4.3-4.5: True when the 陣営 escaped."""
        s, ctx = self.s, self.ctx
        ctx.emit("escape", side=sid, actor=actor.id, action=index)
        rolls = [self.side_roll(sid, 0, actor.id, Declared.of(act), "escape", "escape")]
        for other in s.sides_fighting():
            if other != sid:
                er = self.orders(other).get("escape_roller", {})
                rolls.append(self.side_roll(other, len(rolls), er.get("roller"), Declared.of(er), "escape",
                                            "escape"))
        ranked = self.rank(rolls, tie_rule=self.opts["escape_tie"], full=False, escaper=sid)
        if ranked[0].side == sid:
            self.escape_success(sid, when="own_turn")
            return True
        ctx.emit("escape_failed", side=sid, when="own_turn", first=ranked[0].side,
                 totals={r.side: r.total for r in rolls}, rerolls={r.side: list(r.rerolls) for r in rolls})
        return False

    def escape_success(self, sid: str, *, when: str) -> None:
        s = self.s
        side = s.sides[sid]
        side.escaped = True
        side.escaped_to = self.destination()
        self.ctx.emit("escaped", side=sid, when=when, to=side.escaped_to,
                      characters=[c.id for c in s.members(sid) if not (c.eliminated or c.protected)])

    def destination(self) -> str | None:
        """KAGEMIYA-4.5: the first empty area after the battle's, round the map."""
        s = self.s
        if self.opts["escape_destination"] != "next_empty" or not s.areas or s.area not in s.areas:
            return None
        taken = (*s.occupied, s.area, *(x.escaped_to for x in s.sides.values() if x.escaped_to))
        start = s.areas.index(s.area)
        for step in range(1, len(s.areas)):
            a = s.areas[(start + step) % len(s.areas)]
            if a not in taken:
                return a
        return None

    # ------------------------------------------------------------------ attacks

    def attack(self, sid: str, a: Character, act: dict, index: int) -> None:
        """KAGEMIYA-5.2-5.8 and 6; several targets (KAGEMIYA-5.11): one attack roll, then each
        target in the order named defends on its own."""
        s, ctx = self.s, self.ctx
        kind = act["do"]
        named = [s.characters[tid] for tid in targets_of(act)]
        several = {"of_targets": [t.id for t in named]} if len(named) > 1 else {}
        why_not = {t.id: self.out_of_reach(t) for t in named}
        targets = [t for t in named if why_not[t.id] is None]

        def cancel(t: Character) -> None:
            ctx.emit("cancel", side=sid, actor=a.id, action=index, do=kind, target=t.id, reason=why_not[t.id],
                     **several)

        if not targets:
            for t in named:
                cancel(t)
            return
        ctx.emit("attack", side=sid, actor=a.id, action=index, type=kind, target=targets[0].id,
                 **({"targets": [t.id for t in targets]} if several else {}))
        for t in named:
            if why_not[t.id] is not None:
                cancel(t)
        pool = self.build_pool(a, ATTACKS[kind][0], Declared.of(act), self.supporters_of(sid, a, act))
        atk = self.roll(pool, a, "attack", target=targets[0].id)
        for t in targets:
            why_not[t.id] = self.out_of_reach(t)
            if why_not[t.id] is not None:  # fell, with an earlier target, before its turn came
                cancel(t)
                continue
            self.defend(sid, a, t, kind, atk, pool, alone=not several, react=act.get("react", []))

    def out_of_reach(self, t: Character) -> str | None:
        """KAGEMIYA-5.2: why ``t`` cannot be attacked now (out of the battle, or in the back row in a
        戦闘フェイズ), or None."""
        if not self.s.in_battle(t):
            return "target_out_of_battle"
        if self.s.phase == "battle" and t.row != "front":
            return "target_in_back_row"
        return None

    def supporters_of(self, sid: str, a: Character, act: dict) -> list[dict]:
        """KAGEMIYA-6.1-6.3: each supporter able to act gives its stat as dice and spends its action."""
        s, ctx = self.s, self.ctx
        support = []
        stat = CHECK_STAT[ATTACKS[act["do"]][0]]
        for sup_id in act.get("support", []):
            sup = s.characters[sup_id]
            why = self.cannot_act(sup)
            if why is None and sup.row != "front":
                why = "back_row"
            if why:
                ctx.emit("cancel", side=sid, actor=sup.id, what="support", reason=why)
                continue
            self.actions_left[sup.id] -= 1
            self.supporters[sup.id] = True
            support.append({"part": "support", "id": sup.id, "name": sup.name, "stat": stat,
                            "dice": sup.stats[stat]})
            ctx.emit("support", side=sid, actor=sup.id, to=a.id, stat=stat, dice=sup.stats[stat])
        return support

    def defend(self, sid: str, a: Character, t: Character, kind: str, atk: int, pool: Pool, *, alone: bool,
               react: list[dict] = ()) -> None:
        """KAGEMIYA-5.3-5.7, 5.9: the target's standing orders, its defence roll, the damage;
        KAGEMIYA-11.5: a master's 令呪 may turn a single-target attack to its servant first;
        KAGEMIYA-11.6: after the defence roll, the defender's and then the attacker's re-roll."""
        t, orders = self.defender(a, t, kind, atk, pool, alone=alone)
        dpool = self.defence_pool(t, kind, orders)
        dfn = self.roll(dpool, t, "defense", attacker=a.id)
        facts = self.facts(t, a, kind, atk, pool, dfn)
        again = self.reroll_by(t, self.after_roll_orders(t), facts, dpool, stage="after_roll", attacker=a.id)
        dfn = dfn if again is None else again
        entries = reactions(react, alone)
        if entries:  # the attacker sees the defence
            facts = self.facts(a, a, kind, atk, pool, dfn)
            again = self.reroll_by(a, entries, facts, pool, stage="react", target=t.id)
            atk = atk if again is None else again
        damage = rolls.attack_damage(atk, dfn)  # KAGEMIYA-5.6
        self.ctx.emit("attack_result", side=sid, actor=a.id, target=t.id, type=kind, attack=atk, defense=dfn,
                      damage=damage)
        if damage:
            self.harm(t, damage, by=a.id)

    def defender(self, a: Character, t: Character, kind: str, atk: int, pool: Pool, *, alone: bool
                 ) -> tuple[Character, Declared]:
        """KAGEMIYA-5.7 / 11.5: who answers an attack of total ``atk`` on ``t``, with the standing
        orders that hold for it: a master's redirect (an attack on it alone) turns it to its
        servant, the 令呪 paid, and the servant's own orders answer."""
        orders = self.standing_orders(t, kind, atk, pool, a)
        redirect = next((kid for kid in orders.command_spells if self.s.spell_kinds[kid].effect == "redirect"), None)
        if redirect is not None and alone:
            to = self.redirected(t, redirect)
            if to is not None:
                return to, self.standing_orders(to, kind, atk, pool, a)
        return t, orders

    def defence_pool(self, t: Character, kind: str, orders: Declared) -> Pool:
        """KAGEMIYA-5.3 / 5.9: the pool ``t`` defends with (what it declares is spent); 物理防御 is
        only 基本的に: a declared resource may defend a physical attack with another check."""
        check_d = ATTACKS[kind][1]
        if kind == "physical":
            check_d = next((r.physical_defense_as for rid in orders.use if (r := t.resources[rid]).physical_defense_as
                            and t.left(r) != 0), check_d)
        return self.build_pool(t, check_d, orders)

    def after_roll_orders(self, t: Character) -> list[tuple[int, dict]]:
        """KAGEMIYA-11.6: ``t``'s standing orders read after its defence roll, with their places."""
        return [(j, e) for j, e in enumerate(self.orders(t.side).get("defense", {}).get(t.id, [])) if e.get("after_roll")]

    def redirected(self, m: Character, kid: str) -> Character | None:
        """KAGEMIYA-11.5: the servant the attack on ``m`` goes to, its 令呪 paid; None if it cannot."""
        s, k = self.s, self.s.spell_kinds[kid]
        sv = servant_of(m, s.characters)
        reason = ("no_servant" if sv is None or not s.in_battle(sv)
                  else "no_command_spells_left" if m.command_spells < k.cost else None)
        if reason:
            self.ctx.emit("cancel", character=m.id, command_spell=kid, reason=reason)
            return None
        m.command_spells -= k.cost
        self.ctx.emit("redirect", character=m.id, to=sv.id, command_spell=kid, cost=k.cost, left=m.command_spells)
        return sv

    def standing_orders(self, t: Character, kind: str, atk: int, pool: Pool, a: Character) -> Declared:
        """KAGEMIYA-5.7, 5.14: the defender's standing orders whose condition holds, merged in order
        (those read after the roll wait for it, KAGEMIYA-11.6)."""
        entries = self.orders(t.side).get("defense", {}).get(t.id, [])
        facts = self.facts(t, a, kind, atk, pool)
        merged: dict[str, list[str]] = {"use": [], "command_spells": [], "doubling": []}
        for j, entry in enumerate(entries):
            if entry.get("after_roll") or not self.order_holds(t, j, entry, facts):
                continue
            for key in merged:
                merged[key] += entry.get(key, [])
        return Declared.of(merged)

    def facts(self, c: Character, a: Character, kind: str, atk: int, pool: Pool, dfn: int | None = None
              ) -> dict[str, dict[str, Any]]:
        """What a condition of ``c``'s order reads (KAGEMIYA-5.7, 5.14; after the roll, 11.6)."""
        payer = payer_of(c, self.s.characters)
        out: dict[str, dict[str, Any]] = {
            "attack": {"total": atk, "dice": pool.dice, "type": kind},
            "self": {"hp": c.hp, "max_hp": c.max_hp,
                     "command_spells": payer.command_spells if payer is not None and not payer.eliminated else 0},
            "attacker": {**a.stats, "hp": a.hp, "max_hp": a.max_hp, "kind": a.kind},
            "uses_left": {rid: c.left(r) for rid, r in c.resources.items() if r.uses is not None}}
        if dfn is not None:
            out.update(defense={"total": dfn}, damage={"amount": max(0, atk - dfn)})
        return out

    def order_holds(self, c: Character, j: int, entry: dict, facts: dict, stage: str | None = None) -> bool:
        """Whether entry ``j`` of ``c``'s orders applies; its condition's facts are logged."""
        if "if" not in entry:
            return True
        cond, _ = parse_condition(entry["if"], condition_vocabulary(c, after_roll=stage is not None))
        verdict = holds(cond, lambda subj, attr: facts.get(subj, {}).get(attr))
        self.ctx.emit("standing_order", character=c.id, entry=j, holds=verdict.holds,
                      facts=[f.to_json() for f in verdict.facts], **({"stage": stage} if stage else {}))
        return verdict.holds

    def reroll_by(self, c: Character, entries: list[tuple[int, dict]], facts: dict, pool: Pool, *, stage: str,
                  **about: Any) -> int | None:
        """KAGEMIYA-11.6: the first of ``entries`` that holds re-rolls ``pool`` once with its re-roll
        令呪 (paid as any 令呪, KAGEMIYA-1.6; its modifier added); the new total, or None."""
        kid = self.reroll_choice(c, entries, facts, pool, stage=stage)
        if kid is None:
            return None
        s = self.s
        k, payer = s.spell_kinds[kid], payer_of(c, s.characters)
        payer.command_spells -= k.cost
        self.ctx.emit("reroll", character=c.id, command_spell=kid, check=pool.check, payer=payer.id, cost=k.cost,
                      left=payer.command_spells, stage=stage)
        return self.roll(rerolled(pool, kid, k, payer), c, "reroll", **about)

    def reroll_choice(self, c: Character, entries: list[tuple[int, dict]], facts: dict, pool: Pool, *,
                      stage: str) -> str | None:
        """KAGEMIYA-11.6: the re-roll 令呪 ``c``'s side chooses on seeing the roll (``facts``): the
        first of ``entries`` that holds with a 令呪 its payer can pay for (one it cannot is a
        ``cancel``); None: the roll stands. Nothing is paid here."""
        s, ctx = self.s, self.ctx
        for j, entry in entries:
            if not self.order_holds(c, j, entry, facts, stage):
                continue
            for kid in entry.get("command_spells", []):
                k, payer = s.spell_kinds[kid], payer_of(c, s.characters)
                if payer is None or payer.eliminated or payer.command_spells < k.cost:
                    ctx.emit("cancel", character=c.id, command_spell=kid, check=pool.check,
                             reason="no_master" if payer is None or payer.eliminated else "no_command_spells_left")
                    continue
                return kid
        return None

    # ------------------------------------------------------------------ pools

    def build_pool(self, c: Character, check: str, declared: Declared, extra: list[dict] = ()) -> Pool:
        """KAGEMIYA-2.1-2.4: the pool of ``c`` for ``check``; what is declared is spent."""
        s, ctx = self.s, self.ctx
        stat = CHECK_STAT[check]
        pool = Pool(check, stat, c.stats[stat])
        if c.id in self.supporters and self.opts["supporter_resources"] == "whole_round":  # KAGEMIYA-6.4
            for rid in declared.use:
                ctx.emit("cancel", character=c.id, resource=rid, check=check, reason="supported_this_round")
            for kid in declared.command_spells:
                ctx.emit("cancel", character=c.id, command_spell=kid, check=check, reason="supported_this_round")
            declared = Declared((), (), declared.doubling)
        for rid in declared.use:
            r = c.resources[rid]
            if check not in r.on:
                ctx.emit("passed_over", character=c.id, resource=rid, check=check)
                continue
            if r.kind == "noble_phantasm" and self.opts["noble_phantasms_per_check"] == "one" and any(
                    p["part"] == "noble_phantasm" for p in pool.parts):  # KAGEMIYA-2.6
                ctx.emit("cancel", character=c.id, resource=rid, check=check, reason="one_noble_phantasm")
                continue
            if not self.spend(c, r.id, check):
                continue
            part = {"part": r.kind, "id": r.id, "name": r.name, **_grant(r.grant)}
            if r.first_move:
                part.update(first_move=True, rank=r.rank)
            pool.parts.append(part)
        for rid in declared.doubling:
            r = c.resources[rid]
            if r.stat != stat:
                ctx.emit("passed_over", character=c.id, resource=rid, check=check)
                continue
            if not self.spend(c, r.id, check):
                continue
            pool.multiplier *= r.multiplier
            pool.parts.append({"part": "doubling", "id": r.id, "name": r.name, "stat": stat,
                               "multiplier": r.multiplier, **_grant(r.grant)})
        for kid in declared.command_spells:
            k = s.spell_kinds[kid]
            if check not in k.on:
                ctx.emit("passed_over", character=c.id, command_spell=kid, check=check)
                continue
            payer = payer_of(c, s.characters)
            if payer is None or payer.eliminated or payer.command_spells < k.cost:
                ctx.emit("cancel", character=c.id, command_spell=kid, check=check,
                         reason="no_master" if payer is None or payer.eliminated else "no_command_spells_left")
                continue
            payer.command_spells -= k.cost
            pool.parts.append({"part": "command_spell", "id": kid, "name": k.name, "payer": payer.id,
                               "cost": k.cost, "left": payer.command_spells, **_grant(k.grant)})
        pool.parts.extend(extra)
        return pool

    def spend(self, c: Character, rid: str, check: str) -> bool:
        r = c.resources[rid]
        left = c.left(r)
        if left is not None and left <= 0:
            self.ctx.emit("cancel", character=c.id, resource=rid, check=check, reason="no_uses_left")
            return False
        if r.uses is not None:
            c.used[rid] = c.used.get(rid, 0) + 1
        return True

    def roll(self, pool: Pool, c: Character, purpose: str, **about: Any) -> int:
        """Roll ``pool`` through a dice expression: its faces in order, one logged die each."""
        count = rolls.pool_dice(pool.dice)  # KAGEMIYA-2.3
        sides = rolls.declared_sides(pool.check, pool.sides, self.opts["magical_faces"])  # KAGEMIYA-2.5
        faces = rolls.pool_faces(sides, self.opts["min_faces"])
        mod = pool.modifier
        dice = Dice(count, faces, 1) if count else None
        if dice is None:
            left: Any = Num(mod, 1)
        elif mod:
            left = Sum(dice, (("+" if mod > 0 else "-", Num(abs(mod), 1)),))
        else:
            left = dice
        expr = DiceExpr(f"{count}D{faces}{mod:+d}", left)
        result = evaluate(expr, lambda sides: self.ctx.roll(sides, purpose, actor=c.id, side=c.side, **about))
        drawn = list(result.rolls[0].faces) if result.rolls else []
        total = rolls.pool_total(drawn, mod)
        self.ctx.emit("check", check=pool.check, purpose=purpose, actor=c.id, side=c.side, stat=pool.stat,
                      stat_value=pool.stat_value, multiplier=pool.multiplier, parts=pool.parts, dice=count,
                      sides=sides, faces_per_die=faces, modifier=mod, faces=drawn, total=total, **about)
        return total

    # ------------------------------------------------------------------ 脱落 (KAGEMIYA-8)

    def harm(self, t: Character, amount: int, *, by: str) -> None:
        before = t.hp
        t.hp = rolls.hp_after(t.hp, amount)
        self.ctx.emit("damage", target=t.id, amount=amount, before=before, after=t.hp, by=by)
        if t.hp == 0:
            self.drop(t, "hp_zero")

    def drop(self, c: Character, cause: str) -> None:
        s = self.s
        if c.eliminated:
            return
        c.eliminated = True
        self.ctx.emit("eliminated", character=c.id, side=c.side, cause=cause)
        if c.kind == "master" and self.opts["master_loss"] == "servant_vanishes":
            for sv in s.members(c.side):
                if sv.master == c.id and s.in_battle(sv):
                    self.drop(sv, "master_lost")
        if c.kind == "servant" and c.master is not None:
            m = s.characters[c.master]
            if s.in_battle(m) and self.orders(c.side).get("on_servant_loss", "fight") == "protect":
                m.protected = True
                self.ctx.emit("protected", character=m.id, side=m.side)
        self.settle(c.side)

    def settle(self, sid: str) -> None:
        """KAGEMIYA-8.4 / 8.5."""
        s = self.s
        side = s.sides[sid]
        if side.out or side.escaped:
            return
        left = s.fighting(sid)
        if not left:
            side.out = True
            self.ctx.emit("side_out", side=sid)
            return
        if not any(c.row == "front" for c in left) and self.opts["front_refill"] == "first_back":
            left[0].row = "front"
            self.ctx.emit("row_change", character=left[0].id, side=sid, row="front", reason="front_refill")

    # ------------------------------------------------------------------ the end (KAGEMIYA-9)

    def check_end(self) -> None:
        if self.s.outcome is None and len(self.s.sides_fighting()) < 2:
            self.finish()

    def finish(self) -> None:
        s = self.s
        left = s.sides_fighting()
        escaped = [sid for sid, x in s.sides.items() if x.escaped]
        if len(left) == 1 and not escaped:
            result, winner, reason = "win", left[0], "eliminated"
        elif len(left) < 2:
            result, winner, reason = "draw", None, "escaped" if escaped else "eliminated"
        else:
            result, winner, reason = "draw", None, "ambush_over" if s.phase == "ambush" else "rounds_over"
        s.outcome = {"result": result, "winner": winner, "reason": reason}
        self.ctx.emit("outcome", result=result, winner=winner, reason=reason, round=self.round_no,
                      left=left, escaped=escaped)


def reactions(react: list[dict], alone: bool) -> list[tuple[int, dict]]:
    """KAGEMIYA-11.6: an attack's ``react`` entries with their places; none for an attack on
    several targets, whose one roll faces every defence."""
    return list(enumerate(react)) if alone else []


def rerolled(pool: Pool, kid: str, k: Any, payer: Character) -> Pool:
    """KAGEMIYA-11.6: the same pool with the re-roll 令呪 ``kid`` (kind ``k``) added, ``payer``
    having paid for it: new dice, nothing else spent again, the kind's modifier added."""
    return Pool(pool.check, pool.stat, pool.stat_value, pool.multiplier, pool.parts + [
        {"part": "command_spell", "id": kid, "name": k.name, "payer": payer.id, "cost": k.cost,
         "left": payer.command_spells, **_grant(k.grant)}])


def _grant(g) -> dict[str, int]:
    return {k: v for k, v in (("dice", g.dice), ("sides", g.sides), ("modifier", g.modifier)) if v}
