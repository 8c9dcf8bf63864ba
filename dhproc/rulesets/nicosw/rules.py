"""Resolution of a nicosw3 map battle: the seed's steps 1–13, one round per dhproc turn.

Every rule cites its clause in docs/rules/nicosw.md. Events are flat records carrying the numbers
their report lines show; the report is rendered from them alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...engine.conditions import evaluate as holds
from ...engine.conditions import parse as parse_condition
from ...engine.context import TurnContext
from ...engine.ruleset import TurnStatus
from . import rolls
from .checks import assign_slots
from .model import (END_VOCABULARY, HALVES, Character, Mod, NicoswState, Part, Skill, Square, Weapon, BARE_HANDS, between,
                    distance, square_json, square_of, walk)
from .rolls import Roll2


@dataclass
class Go:
    """What one character's go has done so far."""

    retreated: bool = False
    main_spent_by_escape: bool = False


def resolve_turn(state: NicoswState, turn: Any, ctx: TurnContext) -> TurnStatus:
    return Battle(state, ctx).run(turn)


def check_numbers(s: NicoswState, opts: dict, c: Character, check: str, part: Part | None = None) -> tuple[int, int]:
    """NICOSW-3.1 / 8.1: the base and the modifier of ``c``'s ``check`` in the current state."""
    base = c.checks.get(check, 0)
    if check == "willpower" and part is not None and part.willpower is not None:
        base = part.willpower
    mod = sum(e.data["value"] for e in s.effects.select(bearer=c.id, kind="check_mod") if e.data["check"] == check)
    if c.prone:
        mod += opts["prone_penalty"]  # NICOSW-8.1
    return base, mod


class Battle:
    def __init__(self, state: NicoswState, ctx: TurnContext):
        self.s = state
        self.ctx = ctx
        self.opts = ctx.options

    # ------------------------------------------------------------------ a round (NICOSW-1.8, 3.3)

    def run(self, turn: Any) -> TurnStatus:
        s, ctx = self.s, self.ctx
        subs = turn.submissions
        rnd = turn.number  # NICOSW-1.8: the turn is the round
        halves = list(HALVES)
        if turn.number == s.start_round and not s.fresh and s.start_half == "bottom":
            halves = ["bottom"]  # NICOSW-1.9: the 表 was played before the setup; what its side sent for it is not
            self.cancel_unplayed(subs.get(s.side_of_half("top"), {}), reason="half_played")
        if turn.number == 1 and s.fresh:
            waiting = self.prepare(subs)
            if waiting:
                return waiting
        for half in halves:
            side = s.side_of_half(half)
            if side not in subs:
                ctx.emit("awaiting", side=side, round=rnd, half=half)
                return TurnStatus(False, side)
            self.half(rnd, half, side, subs[side])
            if s.outcome is not None:  # NICOSW-5.6: the halves left are not played
                for later in halves[halves.index(half) + 1:]:
                    self.cancel_unplayed(subs.get(s.side_of_half(later), {}))
                return TurnStatus(True)
        ctx.emit("round_end", round=rnd)
        if rnd >= self.opts["round_cap"]:
            self.decide("draw", None, "round_cap")  # NICOSW-3.8
        return TurnStatus(True)

    # ------------------------------------------------------------------ preparations (NICOSW-2)

    def prepare(self, subs: dict) -> TurnStatus | None:
        s, ctx = self.s, self.ctx
        ctx.begin_step("start")
        for sid, side in s.sides.items():
            if not side.order:
                if sid not in subs:
                    ctx.emit("awaiting", side=sid, round=0, half=None)
                    return TurnStatus(False, sid)
                side.order = list(subs[sid]["order"])
        for sid, side in s.sides.items():
            ctx.emit("order", side=sid, order=list(side.order))  # NICOSW-2.1
        self.lore()
        ctx.emit("battle_start")
        self.initiative()
        for sid in (s.first, s.second()):
            if sid not in subs:
                ctx.emit("awaiting", side=sid, round=0, half=None)
                return TurnStatus(False, sid)
            sub = subs[sid]
            placement = sub["placement"] if "placement" in sub else \
                sub["placement_if_first" if sid == s.first else "placement_if_second"]
            for cid, value in placement.items():  # NICOSW-2.4: squares already checked
                s.characters[cid].at = square_of(value, s.map.model)
            ctx.emit("placement", side=sid, role="first" if sid == s.first else "second",
                     squares={cid: value for cid, value in placement.items()})
        return None

    def lore(self) -> None:
        """NICOSW-2.2."""
        s, ctx = self.s, self.ctx
        for t in s.characters.values():
            if t.known or t.identified:
                continue
            rolls = []
            for c in s.members(s.opponent(t.side)):
                if "monster_lore" not in c.checks:
                    continue
                r = self.roll_check(c, "monster_lore", purpose="lore")
                ok = self.meets(r, t.fame or 0)
                rolls.append({"actor": c.id, **r.json(), "success": ok})
                if ok:
                    t.identified = True
            ctx.emit("lore", target=t.id, fame=t.fame, rolls=rolls, identified=t.identified)

    def initiative(self) -> None:
        """NICOSW-2.3: the side of the single highest 達成値 is 先手; top ties across sides re-roll."""
        s, ctx = self.s, self.ctx
        rolling = [c for sid in s.sides for c in s.members(sid) if not (c.dead or c.removed)]
        attempt = 0
        while True:
            attempt += 1
            results = [(c, self.roll_check(c, "initiative", purpose="initiative")) for c in rolling]
            tied = [results[i][0] for i in rolls.initiative_tied([r.total for _, r in results])]
            ctx.emit("initiative", attempt=attempt, rolls=[{"actor": c.id, **r.json()} for c, r in results],
                     top=max(r.total for _, r in results), tied=[c.id for c in tied])
            first = rolls.first_side([c.side for c in tied])
            if first is not None:
                s.first = first
                ctx.emit("first_side", first=s.first, second=s.second())
                return
            rolling = tied

    # ------------------------------------------------------------------ a half (NICOSW-3.3-3.5)

    def half(self, rnd: int, half: str, side: str, sub: dict) -> None:
        s, ctx = self.s, self.ctx
        ctx.begin_step(half)
        s.round, s.half = rnd, half
        ctx.emit("half_start", round=rnd, half=half, side=side)
        if sub.get("surrender"):
            ctx.emit("surrender", side=side)
            self.decide("win", s.opponent(side), "surrender", surrendered=side)  # NICOSW-3.7
            self.cancel_unplayed(sub)
            return
        clock = f"round:{side}"
        s.clocks.advance(clock, rnd - s.clocks.now(clock))
        if self.opts["continuous_order"] == "tick_then_expire":
            self.tick(side)
            self.expire()
        else:
            self.expire()
            self.tick(side)
        self.end_by_condition()
        if self.judge():
            self.cancel_unplayed(sub)
            return
        goes = sub.get("goes", {})
        members = s.members(side)
        for n, c in enumerate(members):
            if not c.able:
                ctx.emit("no_go", actor=c.id, reason=self.unable_reason(c))  # NICOSW-3.4
                self.cancel_actions(c, goes.get(c.id, []), self.unable_reason(c))
                continue
            if c.id not in goes:
                ctx.emit("idle", actor=c.id)
                continue
            self.go(c, goes[c.id])
            self.end_by_condition()
            if s.outcome is not None:
                self.cancel_unplayed(sub, after=[m.id for m in members[:n + 1]])
                return
        for cid, value in sub.get("reenter", {}).items():
            self.reenter(s.characters[cid], square_of(value, s.map.model))
        ctx.emit("half_end", round=rnd, half=half, side=side, board=self.snapshot())

    def slots_of(self, c: Character, actions: list[dict]) -> list[str | None]:
        return assign_slots(actions, lambda sid: (c.skill(sid).timing if sid and c.skill(sid) else None))[0]

    def cancel_actions(self, c: Character, actions: list[dict], reason: str, start: int = 0) -> None:
        """NICOSW-5.6: the actions of a go from ``start`` on, each cancelled with ``reason``."""
        for a, slot in list(zip(actions, self.slots_of(c, actions)))[start:]:
            self.ctx.emit("cancel", actor=c.id, action=a["do"], slot=slot, reason=reason)

    def cancel_unplayed(self, sub: dict, *, after: list[str] = (), reason: str = "battle_over") -> None:
        """NICOSW-5.6: the goes of a side's submission that will not be played (those of characters
        other than ``after``) and its re-entries, each cancelled: the battle is decided
        (``battle_over``), or their half was played before a continued setup (``half_played``)."""
        for cid, actions in sub.get("goes", {}).items():
            if cid not in after:
                self.ctx.emit("no_go", actor=cid, reason=reason)
                self.cancel_actions(self.s.characters[cid], actions, reason)
        for cid, value in sub.get("reenter", {}).items():
            self.ctx.emit("cancel", actor=cid, action="reenter", to=value, reason=reason)

    def unable_reason(self, c: Character) -> str:
        for reason in ("dead", "removed", "knocked_out", "off_map"):
            if getattr(c, reason):
                return reason
        return "not_placed"

    def snapshot(self) -> dict:
        """The state every report table of the half is drawn from (NICOSW-10.1)."""
        return {c.id: self.standing(c) for c in self.s.characters.values()}

    def standing(self, c: Character) -> dict:
        """One character's row: its square, HP per part, states, and the lasting effects it bears by
        name, in the order they were made (the key only when it bears one, so a battle without
        lasting effects logs its tables as before)."""
        row = {"at": square_json(c.at), "hp": {p.id: p.hp for p in c.parts},
               "states": c.states() + (["engaged"] if c.able and self.engagers(c) else []),
               "identified": c.known or c.identified}
        effects = [e.data["name"] for e in self.s.effects.select(bearer=c.id)]
        if effects:
            row["effects"] = effects
        if c.max_mp is not None:  # NICOSW-8.7: only a character with MP has the key
            row["mp"] = c.mp
        return row

    def tick(self, side: str) -> None:
        """NICOSW-3.5 / 3.6: continuous damage, healing and checks of ``side``'s half, in creation order."""
        s = self.s
        key = "bearer_side" if self.opts["periodic_side"] == "bearer" else "user_side"
        for e in s.effects.select(kind="periodic", where=lambda e: e.data[key] == side):
            c = s.characters[e.bearer]
            if c.dead or c.removed or c.off_map:
                continue
            self.ctx.emit("continuous", effect_id=e.seq, character=c.id, name=e.data["name"])
            parts = [p for p in c.live_parts() if e.data.get("part") in (None, p.id)]  # NICOSW-8.10
            if "check" not in e.data:
                self.payload(c, parts, e.data, e.seq)
            else:  # a continuous check (継続的な…判定): rolled by the bearer; its end_on result ends it
                r = self.roll_check(c, e.data["check"], purpose="continuous_check")
                success = self.meets(r, e.data["target_number"])
                self.ctx.emit("continuous_check", actor=c.id, effect_id=e.seq, **r.json(), target=e.data["target_number"],
                              success=success)
                then = e.data.get("on_success" if success else "on_failure")
                if then:  # NICOSW-3.9: what the result does besides ending the effect
                    self.payload(c, parts, then, e.seq)
                if e.data.get("end_on") == ("success" if success else "failure"):
                    for gone in s.effects.remove([e], force=True):
                        self.ctx.emit("expire", effect_id=gone.seq, character=gone.bearer, name=gone.data["name"],
                                      clock=gone.clock, end=gone.end, by_check=True)

    def payload(self, c: Character, parts: list[Part], data: dict, effect_id: int) -> None:
        """NICOSW-3.6, 3.9: a continuous effect's (or a continuous check's result's) damage, healing
        or 転倒 on its bearer."""
        source = {"effect_id": effect_id}
        if "heal" in data:
            self.heal(c, parts, data["heal"], source=source)
        elif "damage" in data:
            for p in parts:
                self.damage(c, p, data["damage"], data.get("type", "physical"), (), source=source)
        elif data.get("prone") and not c.prone and c.able:
            c.prone = True
            self.ctx.emit("state", character=c.id, state="prone", on=True, **source)

    def end_by_condition(self) -> None:
        """NICOSW-3.10: each lasting effect whose ``end_if`` holds ends, read at each half's start and
        after each go, against its bearer and its user."""
        s = self.s
        for e in s.effects.select(where=lambda e: "end_if" in e.data):
            cond, _ = parse_condition(e.data["end_if"], END_VOCABULARY)
            user = s.characters.get((e.source or {}).get("by", ""))
            verdict = holds(cond, lambda who, attr: self.fact(s.characters[e.bearer] if who == "bearer" else user, attr))
            if verdict.holds:
                for gone in s.effects.remove([e], force=True):
                    self.ctx.emit("expire", effect_id=gone.seq, character=gone.bearer, name=gone.data["name"],
                                  clock=gone.clock, end=gone.end, by_condition=True,
                                  facts=[f.to_json() for f in verdict.facts])

    def fact(self, c: Character | None, attr: str) -> Any:
        """One value an ``end_if`` reads of a character (None when there is none)."""
        if c is None:
            return None
        if attr == "hp":
            return sum(p.hp for p in c.live_parts()) if c.multi else c.parts[0].hp
        if attr == "states":
            return tuple(c.states() + (["engaged"] if c.able and self.engagers(c) else []))
        return c.mp if attr == "mp" else c.side

    def expire(self) -> None:
        for e in self.s.effects.expire(self.s.clocks):
            self.ctx.emit("expire", effect_id=e.seq, character=e.bearer, name=e.data["name"], clock=e.clock, end=e.end)

    def reenter(self, c: Character, sq: Square) -> None:
        """NICOSW-9.4."""
        ctx = self.ctx
        reason = None
        edges = self.edges(c.side)
        if not c.off_map:
            reason = "not_off_map"
        elif sq[0] not in edges:
            reason = "not_an_edge"
        elif self.occupant(sq) is not None:
            reason = "occupied"
        if reason:
            ctx.emit("cancel", actor=c.id, action="reenter", to=square_json(sq), reason=reason)
            return
        c.off_map, c.at = False, sq
        ctx.emit("reenter", actor=c.id, to=square_json(sq))

    def edges(self, side: str) -> tuple[int, ...]:
        last = self.s.map.length - 1
        dep = self.s.sides[side].deploy
        if self.opts["reenter_edge"] == "any" or dep is None:
            return (0, last)
        return (0,) if dep[0] + dep[1] <= last else (last,)

    # ------------------------------------------------------------------ a go (NICOSW-5)

    def go(self, c: Character, actions: list[dict]) -> None:
        ctx = self.ctx
        slots = self.slots_of(c, actions)
        ctx.emit("go", actor=c.id, round=self.s.round, half=self.s.half,
                 plan=[{"do": a["do"], "slot": slot} for a, slot in zip(actions, slots)])
        g = Go()
        for n, (a, slot) in enumerate(zip(actions, slots)):
            if not c.able:
                ctx.emit("no_action", actor=c.id, do=a["do"], reason=self.unable_reason(c))
                self.cancel_actions(c, actions, self.unable_reason(c), start=n)  # NICOSW-5.6
                return
            if slot == "major_action" and g.main_spent_by_escape:
                ctx.emit("cancel", actor=c.id, action=a["do"], slot=slot, reason="main_used_by_escape")
                continue
            self.action(c, a, slot, g)
            if self.s.outcome is not None:
                self.cancel_actions(c, actions, "battle_over", start=n + 1)  # NICOSW-5.6
                return

    def action(self, c: Character, a: dict, slot: str | None, g: Go) -> None:
        do, ctx = a["do"], self.ctx
        if do in ("move", "full_move"):
            self.move(c, a, slot, g)
        elif do == "retreat":
            self.retreat(c, g)
        elif do in ("melee", "ranged"):
            self.attack(c, do, self.s.characters[a["target"]], a.get("part"), slot=slot)
        elif do == "skill":
            self.skill(c, c.skill(a["skill"]), a.get("target"), a.get("part"), slot)
        elif do == "stand":
            if c.prone:
                c.prone = False
                ctx.emit("stand", actor=c.id, slot=slot)
            else:
                ctx.emit("cancel", actor=c.id, action="stand", slot=slot, reason="not_prone")
        elif do == "switch_weapon":
            before, c.equipped = c.equipped, a["weapon"]
            ctx.emit("switch_weapon", actor=c.id, slot=slot, before=before, after=c.equipped)
        elif do == "check":
            r = self.roll_check(c, a["check"], purpose="check")
            ctx.emit("check", actor=c.id, slot=slot, **r.json(), target=a["target_number"],
                     success=self.meets(r, a["target_number"]), note=a.get("note", ""))
        else:  # other, free
            ctx.emit("other", actor=c.id, slot=slot, note=a.get("note", ""))

    # ------------------------------------------------------------------ checks (NICOSW-3.1 / 3.2)

    def roll_check(self, c: Character, check: str, *, purpose: str, part: Part | None = None) -> Roll2:
        d1 = self.ctx.roll(6, purpose, actor=c.id, check=check, die=1)
        d2 = self.ctx.roll(6, purpose, actor=c.id, check=check, die=2)
        base, mod = check_numbers(self.s, self.opts, c, check, part)
        return rolls.roll2(check, d1, d2, base, mod, auto_results=self.opts["auto_results"])

    def meets(self, r: Roll2, target: int) -> bool:
        return rolls.meets(r, target)

    def beats(self, active: Roll2, passive: Roll2) -> bool:
        """NICOSW-3.2: strictly higher wins; the defender wins ties."""
        return rolls.beats(active, passive, auto_in_opposed=self.opts["auto_in_opposed"])

    # ------------------------------------------------------------------ movement (NICOSW-4, 9)

    def engagers(self, c: Character) -> list[Character]:
        if c.at is None:
            return []
        return [o for o in self.s.members(self.s.opponent(c.side)) if o.able and distance(o.at, c.at) <= 1]

    def occupant(self, sq: Square) -> Character | None:
        """Who stands on ``sq`` (bodies too, unless ``bodies: vanish``)."""
        return next((o for o in self.s.characters.values() if o.at == sq and o.holds_square(self.opts["bodies"])),
                    None)

    def move(self, c: Character, a: dict, slot: str | None, g: Go) -> None:
        s, ctx = self.s, self.ctx
        mode = "full_move" if a["do"] == "full_move" else a.get("mode", "normal_move")
        head = {"actor": c.id, "action": a["do"], "mode": mode, "slot": slot}
        if c.prone and self.opts["prone_no_move"]:
            ctx.emit("cancel", **head, reason="prone")
            return
        engaged = self.engagers(c)
        dash_away = mode == "full_move" and self.opts["engaged_full_move"] == "opportunity_only"  # NICOSW-4.8
        if engaged and not g.retreated and not dash_away:  # NICOSW-4.4
            ctx.emit("cancel", **head, reason="engaged", engaged_with=[o.id for o in engaged])
            return
        off = a["to"] == "off"
        dest = self.edge_square(c, a.get("edge")) if off else square_of(a["to"], s.map.model)
        run = None
        if mode == "full_move":  # NICOSW-4.1: 全力移動 rolls its distance
            run = self.roll_check(c, "sprint", purpose="full_move")
            allowance = max(0, run.total)
            ctx.emit("full_move", actor=c.id, **run.json(), allowance=allowance)
        else:
            allowance = 1 if mode == "careful_move" else c.agility + 2
        need = distance(c.at, dest) + (1 if off else 0)
        if need > allowance:
            ctx.emit("cancel", **head, reason="too_far", to=a["to"], distance=need, allowance=allowance)
            return
        if self.occupant(dest) is not None and self.occupant(dest) is not c:  # off: the edge square too
            ctx.emit("cancel", **head, reason="occupied", to=a["to"], by=self.occupant(dest).id)
            return
        if off and slot == "minor_action":
            g.main_spent_by_escape = True  # NICOSW-9.1: the 主動作 goes to the 疾走判定
        if engaged and mode != "careful_move" and not (g.retreated and self.opts["retreat_suppresses_aoo"]):
            self.opportunity_attacks(c, engaged)  # NICOSW-4.6
            if not c.able:
                ctx.emit("cancel", **head, reason="knocked_down_before_moving")
                return
        start = c.at
        end, stop, by = self.walk(c, dest)
        c.at = end
        ctx.emit("move", **head, start=square_json(start), to=square_json(end), wanted=a["to"],
                 stop=stop, by=by, engaged_with=[o.id for o in self.engagers(c)])
        if off and end == dest and stop is None:
            self.escape(c, run)

    def walk(self, c: Character, dest: Square) -> tuple[Square, str | None, str | None]:
        """NICOSW-4.2 / 4.3: where the move ends, why it stopped early (blocked / engaged), and by whom."""
        s = self.s
        last_free = c.at
        for sq in walk(c.at, dest):
            o = self.occupant(sq)
            if o is not None and o.side != c.side and o.able:
                return last_free, "blocked", o.id
            near = [e for e in self.s.members(s.opponent(c.side)) if e.able and distance(e.at, sq) <= 1]
            if near:
                return (sq if o is None else last_free), "engaged", near[0].id
            if o is None:
                last_free = sq
        return dest, None, None

    def edge_square(self, c: Character, edge: str | None) -> Square:
        last = self.s.map.length - 1
        if edge is None:
            edge = "low" if c.at[0] <= last - c.at[0] else "high"
        x = 0 if edge == "low" else last
        return (x,) + tuple(c.at[1:])

    def escape(self, c: Character, run: Roll2 | None) -> None:
        """NICOSW-9.1 / 9.2: 疾走判定 against the enemy side's highest level + 7."""
        s, ctx = self.s, self.ctx
        foes = [o for o in s.characters.values() if o.side != c.side]
        target = max(o.level for o in foes) + 7
        if run is None:
            run = self.roll_check(c, "sprint", purpose="escape")
        ok = self.meets(run, target)
        ctx.emit("escape", actor=c.id, **run.json(), target=target, highest_level=target - 7, success=ok)
        if ok:
            c.at, c.off_map = None, True
            self.judge()

    def retreat(self, c: Character, g: Go) -> None:
        """NICOSW-4.4 / 4.5."""
        ctx = self.ctx
        engaged = self.engagers(c)
        if not engaged:
            ctx.emit("cancel", actor=c.id, action="retreat", slot="major_action", reason="not_engaged")
            return
        r = self.roll_check(c, "retreat", purpose="retreat")
        if self.opts["retreat_target"] == "levels":
            target = max(o.level for o in engaged) + 7
            ok = self.meets(r, target)
            ctx.emit("retreat", actor=c.id, **r.json(), target=target, engaged_with=[o.id for o in engaged],
                     success=ok)
        else:
            against = []
            ok = True
            for o in engaged:
                d = self.roll_check(o, "defense_check", purpose="retreat_defense")
                won = self.beats(r, d)
                ok = ok and won
                against.append({"actor": o.id, **d.json(), "beaten": won})
            ctx.emit("retreat", actor=c.id, **r.json(), against=against, engaged_with=[o.id for o in engaged],
                     success=ok)
        g.retreated = g.retreated or ok

    def opportunity_attacks(self, c: Character, engaged: list[Character]) -> None:
        self.ctx.emit("opportunity_attack", target=c.id, attackers=[o.id for o in engaged])
        for o in engaged:
            if not (o.able and c.able):
                continue
            part = c.live_parts()[0]
            self.attack(o, "melee", c, part.id if c.multi else None, slot=None, opportunity_attack=True)

    # ------------------------------------------------------------------ attacks (NICOSW-6)

    def attack(self, a: Character, kind: str, t: Character, part_id: str | None, *, slot: str | None,
               opportunity_attack: bool = False) -> None:
        ctx = self.ctx
        head: dict[str, Any] = {"actor": a.id, "action": kind, "target": t.id, "slot": slot}
        if part_id:
            head["part"] = part_id
        if opportunity_attack:
            head["opportunity_attack"] = True
        reason = target_problem(t)
        part = aimed_part(t, part_id)
        weapon = self.weapon_for(a, kind)
        if reason is None and part is None:
            reason = "part_removed"
        if reason is None and weapon is None:
            reason = "no_ranged_weapon"
        if reason is None:
            reach = 1 if kind == "melee" else weapon.range
            if distance(a.at, t.at) > reach:
                reason = "out_of_range"
        if reason is None and kind == "ranged":
            blocker = self.cover(a, t)
            if blocker:
                reason = "cover"
                head["cover_by"] = blocker.id
        if reason:
            ctx.emit("cancel", **head, reason=reason)
            return
        if kind == "ranged" and t.prone:  # NICOSW-6.3
            face = ctx.roll(6, "prone_check", actor=a.id, target=t.id)
            if rolls.prone_fails(face):
                ctx.emit("attack", **head, weapon=weapon.id, prone_die=face, hit=False, auto_fail="prone")
                return
            head["prone_die"] = face
        ar = self.roll_check(a, "attack_check", purpose="attack")
        dr = self.roll_check(t, "defense_check", purpose="defense")
        hit = self.beats(ar, dr)
        ctx.emit("attack", **head, weapon=weapon.id, attack=ar.json(), defense=dr.json(), hit=hit)
        if hit:
            self.damage(t, part, 1, weapon.type, weapon.mods, giver=a, source={"attack": a.id})

    def weapon_for(self, a: Character, kind: str) -> Weapon | None:
        return weapon_for(a, kind)

    def cover(self, a: Character, t: Character) -> Character | None:
        """NICOSW-6.5: the first enemy of ``a`` between them that gives cover. Parts are counted
        among those still in the battle: a removed part has left it (NICOSW-8.4)."""
        ref = len((a if self.opts["cover_parts"] == "actor" else t).live_parts())
        for sq in between(a.at, t.at):
            o = next((x for x in self.s.characters.values() if x.at == sq), None)
            if o is not None and o.side != a.side and o.able and len(o.live_parts()) >= ref:
                return o
        return None

    # ------------------------------------------------------------------ damage and healing (NICOSW-7, 8)

    def damage(self, t: Character, part: Part, base: int, dtype: str, mods: tuple[Mod, ...], *,
               giver: Character | None = None, source: dict | None = None, dice: int = 0,
               attribute: str | None = None, halve: bool = False) -> None:
        ctx = self.ctx
        extra: dict[str, Any] = {}
        if dice:  # NICOSW-8.11: the dice are rolled for each part hit and added to the amount
            faces = [ctx.roll(6, "damage_dice", actor=giver.id if giver else t.id, target=t.id, die=i + 1)
                     for i in range(dice)]
            extra.update(fixed=base, dice=faces)
            base = rolls.damage_base(base, faces)
        giver_mods, receiver_mods = damage_mods(self.s, giver, mods, t, part, halve=halve, attribute=attribute)
        if attribute is not None:
            extra["attribute"] = attribute
        if halve:
            extra["halved"] = True
        armor = part.armor if dtype == "physical" else part.magic_armor
        steps, amount = compute_damage(base, giver_mods, receiver_mods, armor, self.opts["division_rounding"],
                                       self.opts["rounding_point"])
        before = part.hp
        part.hp -= amount
        ctx.emit("damage", character=t.id, part=part.id, type=dtype, base=base, steps=steps, armor=armor,
                 amount=amount, before=before, after=part.hp, **(source or {}), **extra)
        if amount <= 0:
            return
        if t.multi:
            if part.hp <= 0 and not part.removed:  # NICOSW-8.4
                part.removed = True
                ctx.emit("part_removed", character=t.id, part=part.id, core=part.core)
                if all(p.removed for p in t.parts) or part.core:
                    t.removed, t.at = True, None
                    ctx.emit("removed", character=t.id)
        elif rolls.death_check_due(amount, before, part.hp, repeat=self.opts["repeat_death_check"], dead=t.dead):
            self.death_check(t, part)
        self.judge()

    def death_check(self, t: Character, part: Part) -> None:
        """NICOSW-8.2: 生死判定 against the negative amount."""
        target = -part.hp
        r = self.roll_check(t, "death_check", purpose="death_check")
        ok = self.meets(r, target)
        self.ctx.emit("death_check", character=t.id, **r.json(), target=target, success=ok)
        if ok:
            t.knocked_out = True
        else:
            t.knocked_out, t.dead = False, True
        if self.opts["bodies"] == "vanish":
            t.at = None

    def heal(self, t: Character, parts: list[Part], amount: int, *, source: dict) -> None:
        """NICOSW-7.3."""
        ctx = self.ctx
        if t.dead:
            ctx.emit("cancel", action="heal", target=t.id, reason="target_dead", **source)
            return
        for p in parts:
            before = p.hp
            p.hp = min(p.max_hp, p.hp + amount)
            ctx.emit("heal", character=t.id, part=p.id, amount=amount, before=before, after=p.hp,
                     capped=before + amount > p.max_hp, **source)
        if t.knocked_out and all(p.hp >= 1 for p in t.live_parts()):
            t.knocked_out = False
            ctx.emit("stands_again", character=t.id)

    # ------------------------------------------------------------------ skills (NICOSW-8.5 / 8.6)

    def skill(self, c: Character, sk: Skill, target: str | list | None, part_id: str | None, slot: str | None) -> None:
        """NICOSW-8.5-8.12: each target checked, then the MP paid and the caster's roll made once,
        then each target in turn resists and takes the effects."""
        s, ctx = self.s, self.ctx
        names = target if isinstance(target, list) else [target]
        several = len(names) > 1
        chosen: list[tuple[Character, list[Part], dict]] = []
        for name in names:
            head: dict[str, Any] = {"actor": c.id, "skill": sk.id, "name": sk.name, "slot": slot}
            if several:
                head["of_targets"] = list(names)
            t, parts, reason = self.skill_target(c, sk, name, part_id, head)
            if reason:
                ctx.emit("cancel", action="skill", **head, reason=reason)
            else:
                chosen.append((t, parts, head))
        if not chosen:
            return
        if sk.area is not None:  # NICOSW-8.9: every other able enemy of the caster near the named target
            center = chosen[0][0]
            for o in s.characters.values():
                if (o.able and o.side != c.side and o is not center and o.at is not None
                        and distance(o.at, center.at) <= sk.area):
                    chosen.append((o, o.live_parts(), {"actor": c.id, "skill": sk.id, "name": sk.name, "slot": slot,
                                                       "area_of": center.id}))
        if sk.cost:  # NICOSW-8.7
            if c.mp < sk.cost:
                for t, _, head in chosen:
                    ctx.emit("cancel", action="skill", **{**head, "target": t.id}, reason="no_mp", mp=c.mp, cost=sk.cost)
                return
            before, c.mp = c.mp, c.mp - sk.cost
            ctx.emit("mp", character=c.id, skill=sk.id, name=sk.name, slot=slot, cost=sk.cost, before=before, after=c.mp)
        casting = None
        if sk.resist_against is not None:  # NICOSW-8.8: the caster rolls once, every target resists it
            casting = self.roll_check(c, sk.resist_against, purpose="casting")
            ctx.emit("casting", actor=c.id, skill=sk.id, name=sk.name, slot=slot, **casting.json())
        for t, parts, head in chosen:
            if s.outcome is not None or t.dead or t.removed:
                break
            self.skill_on(c, sk, t, parts, {**head, "target": t.id}, casting)

    def skill_target(self, c: Character, sk: Skill, target: str | None, part_id: str | None, head: dict
                     ) -> tuple[Character | None, list[Part], str | None]:
        """NICOSW-5.5, 6.5, 8.6, 8.10: the target, the parts reached, or why it cannot be chosen."""
        t = c if sk.target == "self" else self.s.characters.get(target or "")
        head["target"] = t.id if t else target
        reason = target_problem(t) if t else "no_target"
        if reason is None and t is not c:
            if (sk.target in ("ally", "ally_part")) != (t.side == c.side):
                reason = "wrong_side"
            elif distance(c.at, t.at) > sk.range:
                reason = "out_of_range"
            elif t.side != c.side and self.cover(c, t):
                reason, head["cover_by"] = "cover", self.cover(c, t).id
        parts = t.live_parts() if t else []
        if reason is None and sk.one_part:
            p = aimed_part(t, part_id)
            parts = [p] if p is not None else []
            if not parts:
                reason = "part_removed"
            elif t.multi:
                head["part"] = p.id
        return t, parts, reason

    def skill_on(self, c: Character, sk: Skill, t: Character, parts: list[Part], head: dict,
                 casting: Roll2 | None) -> None:
        """NICOSW-8.5, 8.8: one target's resistance, then the skill's effects on it."""
        s, ctx = self.s, self.ctx
        resisted = False
        resist_rolls = []
        if sk.resisted:
            for p in parts:  # NICOSW-8.5: every part rolls; one success resists for all
                r = self.roll_check(t, "willpower", purpose="resist", part=p)
                ok = rolls.resists(r, casting, sk.resist, auto_in_opposed=self.opts["auto_in_opposed"])
                resist_rolls.append({"part": p.id, **r.json(), "success": ok})
                resisted = resisted or ok
        extra = {}
        if casting is not None:
            extra = {"against": sk.resist_against, "on_success": sk.resist_success}
        ctx.emit("skill", **head, parts=[p.id for p in parts],
                 resist=casting.total if casting is not None else sk.resist, resist_rolls=resist_rolls, resisted=resisted,
                 **extra)
        leaves = rolls.resistance_leaves(resisted, sk.resist_success)
        if leaves == "none":
            return
        halve = leaves == "half"  # 半減: only the damage, halved (NICOSW-8.8)
        for e in sk.effects:
            if t.dead or t.removed:
                break
            if e.kind == "damage":
                for p in parts:
                    if not p.removed and not t.dead:
                        self.damage(t, p, e.amount, e.type, e.mods, giver=c, source={"skill": sk.id},
                                    dice=e.dice, attribute=sk.attribute, halve=halve)
            elif halve:
                continue
            elif e.kind == "heal":
                self.heal(t, parts, e.amount, source={"skill": sk.id})
            elif e.kind in ("prone", "stand"):
                t.prone = e.kind == "prone"
                ctx.emit("state", character=t.id, state="prone", on=t.prone, skill=sk.id)
            elif e.kind == "lasting":
                spec = dict(e.lasting or {})
                if sk.one_part and t.multi:
                    spec["part"] = parts[0].id  # NICOSW-8.10: it bears on that part only
                self.add_lasting(c, t, spec, sk.name, source={"skill": sk.id, "by": c.id})
            if s.outcome is not None:
                return

    def add_lasting(self, user: Character, t: Character, spec: dict, skill_name: str, *, source: dict) -> None:
        """NICOSW-3.5 / 3.6: an effect with an absolute end point on its owning side's clock, named as
        the skill that made it unless the effect has a name of its own."""
        s = self.s
        owner = user.side if self.opts["duration_side"] == "user" else t.side
        data = {k: v for k, v in spec.items() if k not in ("effect", "rounds")}
        data.update(name=spec.get("name", skill_name), user_side=user.side, bearer_side=t.side)
        e = s.effects.add(spec["effect"], bearer=t.id, data=data, clock=f"round:{owner}", clocks=s.clocks,
                          duration=spec["rounds"], source=source)
        self.ctx.emit("lasting", effect_id=e.seq, character=t.id, effect=e.kind, rounds=spec["rounds"], clock=e.clock,
                      start=e.start, end=e.end, **{k: v for k, v in data.items() if k not in ("user_side", "bearer_side")},
                      **source)

    # ------------------------------------------------------------------ the end (NICOSW-3.7)

    def side_down(self, side: str) -> bool:
        return all(c.out or (c.off_map and self.opts["offmap_counts_down"]) for c in self.s.members(side))

    def judge(self) -> bool:
        s = self.s
        if s.outcome is not None:
            return True
        down = [sid for sid in s.sides if self.side_down(sid)]
        if not down:
            return False
        if len(down) == 2:
            self.decide("draw", None, "both_down")
        else:
            self.decide("win", s.opponent(down[0]), "down", down=down[0])
        return True

    def decide(self, result: str, winner: str | None, reason: str, **extra: Any) -> None:
        self.s.outcome = {"result": result, "winner": winner, "reason": reason}
        self.ctx.emit("outcome", result=result, winner=winner, reason=reason, round=self.s.round,
                      half=self.s.half, **extra)


def target_problem(t: Character) -> str | None:
    """Why ``t`` cannot be the target of an attack or a skill now (the ``cancel`` reason), or None."""
    if t.dead:
        return "target_dead"
    if t.removed:
        return "target_removed"
    if t.off_map or t.at is None:
        return "target_off_map"
    return None


def aimed_part(t: Character, part_id: str | None) -> Part | None:
    """The part of ``t`` an attack or a one-part skill aims at, or None when it is gone (NICOSW-8.4,
    8.10): removed, or not named on a multi-part character."""
    part = t.part(part_id)
    return part if part is not None and not part.removed else None


def weapon_for(a: Character, kind: str) -> Weapon | None:
    """NICOSW-6.1 / 6.2: a melee attack uses the melee weapon in hand (or bare hands); a ranged one
    needs a ranged weapon in hand."""
    w = a.weapon()
    if kind == "melee":
        return w if w is not None and w.kind == "melee" else BARE_HANDS
    return w if w is not None and w.kind == "ranged" else None


def lasting_mods(s: NicoswState, c: Character, role: str, part: Part | None = None) -> list[Mod]:
    """NICOSW-7.2: the lasting damage modifiers ``c`` bears as ``role`` (giver or receiver); one
    borne by a part (NICOSW-8.10) counts only when that part takes the damage."""
    return [Mod(e.data["op"], e.data["value"]) for e in s.effects.select(bearer=c.id, kind="damage_mod")
            if e.data["as"] == role and e.data.get("part") in (None, part.id if part else None)]


def damage_mods(s: NicoswState, giver: Character | None, mods: tuple[Mod, ...] | list[Mod], t: Character, part: Part,
                *, halve: bool = False, attribute: str | None = None) -> tuple[list[Mod], list[Mod]]:
    """NICOSW-7.1, 8.8, 8.12: the giver's operations (the weapon's or skill's, then its lasting ones)
    and the receiver's (半減's ÷2 first, its lasting ones on ``part``, then those for the 属性)."""
    giver_mods = list(mods) + (lasting_mods(s, giver, "giver") if giver else [])
    receiver_mods = ([Mod("div", 2)] if halve else []) + lasting_mods(s, t, "receiver", part)
    if attribute is not None:  # NICOSW-8.12: the receiver's operations for that 属性
        receiver_mods += [m for a, m in t.attribute_mods if a == attribute]
    return giver_mods, receiver_mods


def compute_damage(base: int, giver: list[Mod], receiver: list[Mod], armor: int, rounding: str,
                   point: str = "step") -> tuple[list[dict], int]:
    """NICOSW-7.1 / 7.2: the four steps, each operation as {step, op, value, result}; the final amount (≥ 0).

    A division's remainder is rounded (``rounding``: down or up) at the end of its step
    (``point: step``: 7÷3×3 = 7) or at once (``point: division``: ⌊7÷3⌋×3 = 6). The operation where
    it rounded carries ``rounded`` (the direction), so the report shows it; while a step's value is
    not whole, its operations carry no ``result``."""
    steps: list[dict] = []
    value: Fraction = Fraction(base)
    stages = ((1, [m for m in giver if m.op in ("mul", "div")]), (2, [m for m in giver if m.op in ("add", "sub")]),
              (3, [m for m in receiver if m.op in ("mul", "div")]),
              (4, [m for m in receiver if m.op in ("add", "sub")] + ([Mod("sub", armor)] if armor else [])))
    for step, mods in stages:
        for i, m in enumerate(mods):
            value = _apply(value, m)
            if value.denominator != 1 and (point == "division" or i == len(mods) - 1):
                value = Fraction(math.floor(value) if rounding == "down" else math.ceil(value))
                steps.append({"step": step, "op": m.op, "value": m.value, "result": int(value), "rounded": rounding})
            elif value.denominator != 1:
                steps.append({"step": step, "op": m.op, "value": m.value})
            else:
                steps.append({"step": step, "op": m.op, "value": m.value, "result": int(value)})
    return steps, max(0, int(value))


def _apply(value: Fraction, m: Mod) -> Fraction:
    if m.op == "mul":
        return value * m.value
    if m.op == "div":
        return value / m.value
    return value + m.value if m.op == "add" else value - m.value
