"""Resolution of a ダンゲロス・ロゴス2 戦闘ラウンド: the seed's steps (0)-(10), skills, counters.

One dhproc turn is the whole round (LOGOS-1.1): both players' submissions arrive, then every ターン
of the round (``bout`` in the log) is resolved until (10) decides it. Every rule cites its clause in
docs/rules/logos.md. Events are flat records carrying the numbers their report lines show.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from ...engine import amounts
from ...engine.conditions import ALWAYS, evaluate
from ...engine.context import TurnContext
from ...engine.relations import relates
from ...engine.ruleset import TurnStatus
from ...engine.timing import Cascade, CascadeLimit, ordered
from ...errors import ResolutionError
from .messages import say
from .model import STATS, Character, EffectSpec, LogosState, Skill
from .rolls import activation_rolled, attack_result, coin_winner, succeeds

# LOGOS-6.12 / 6.13: op -> (the list it changes, whether it takes away)
LISTED = {"add_color": ("color", False), "add_weakness": ("weakness", False), "remove_color": ("color", True),
          "remove_weakness": ("weakness", True), "add_keyword": ("keyword", False)}


class Happening(NamedTuple):
    """A trigger event (LOGOS-5.4): something that happened to ``character``. A named tuple: a
    round makes several for every attack, most of which no counter waits for."""

    event: str  # stat_up, stat_down, knocked_out, attack, attacked
    character: str
    stat: str | None = None


class Handler(NamedTuple):
    owner: str
    skill: Skill


def resolve_turn(state: LogosState, turn: Any, ctx: TurnContext) -> TurnStatus:
    return Round(state, ctx).run(turn)


class Round:
    def __init__(self, state: LogosState, ctx: TurnContext):
        self.s = state
        self.ctx = ctx
        self.opts = ctx.options
        self.turn: Any = None  # the turn being resolved: where a chain-cap error is located
        # The skills in play, each in the order filed: the パッシブ, to be put in order once (LOGOS-5.3);
        # every skill by timing and owner, since a step asks for one or two characters' skills; and
        # the counters by the happening they wait for (LOGOS-5.4), since a happening asks for the
        # counters of its kind (most happenings: none).
        self.passives: list[Handler] = []
        self.owned: dict[tuple[str, str], list[Handler]] = {}
        self.counters: dict[str, list[Handler]] = {}
        self.chain = Cascade(self.opts["counter_chain"], self.opts["counter_chain_cap"])

    # ------------------------------------------------------------------ the round

    def run(self, turn: Any) -> TurnStatus:
        """LOGOS-1.1 / 1.9: (0), then wait for both submissions, then ターン after ターン."""
        s, ctx = self.s, self.ctx
        self.turn = turn
        ctx.begin_step("round")
        if s.under_way is not None:
            self.resume()
        else:
            subs = turn.submissions
            missing = [sid for sid in s.sides if sid not in subs]
            needs_starters = self.opts["jinrai_scope"] == "starters" or self.opts["reaction_sum_scope"] == "starters"
            if not (missing and needs_starters):
                self.decide_first(subs)
            if missing:
                for sid in missing:
                    ctx.emit("awaiting", side=sid)
                return TurnStatus(False, missing[0])
            self.line_up(subs)
            self.start_of_round()
        while s.outcome is None:
            if s.stop_after is not None and s.bout >= s.stop_after:
                ctx.emit("stopped", bout=s.bout)  # LOGOS-11.4: the rest of the round is played elsewhere
                break
            s.bout += 1
            self.bout()
            standing = self.judge()
            if s.outcome is None and s.bout >= self.opts["turn_cap"]:
                self.draw_outcome("turn_cap")  # LOGOS-3.11
            elif s.outcome is None:  # LOGOS-9.4: back to (1)
                ctx.emit("judge", bout=s.bout, standing=standing)
        return TurnStatus(True)

    def resume(self) -> None:
        """LOGOS-11.1: a round under way picks up after its last ターン: the same dice stream from
        where it stood, and every starter's skills waiting at their timings. Its passives already
        applied (their effects are in the setup) and starters already left 秘匿状態."""
        s, ctx = self.s, self.ctx
        r = s.under_way or {}
        ctx.dice.carry_over(r.get("draws", 0), list(r.get("seeded_dice", [])))
        self.register_skills()
        ctx.emit("resume", bout=s.bout + 1, first=s.first, dp={sid: s.sides[sid].dp for sid in s.side_order()})

    # ------------------------------------------------------------------ (0) 先攻

    def decide_first(self, subs: dict) -> None:
        """LOGOS-2.1-2.4."""
        s, ctx = self.s, self.ctx
        ids = list(s.sides)

        def pool(sid: str, scope: str) -> list[Character]:
            if scope == "starters":
                return [s.characters[c] for c in subs[sid]["starters"]]
            return [c for c in s.characters.values() if c.side == sid]

        # each side's 《迅雷》 (shown and hidden), its 反応 summed and its シークレット left out of the sum
        jinrai: dict[str, list[str]] = {}
        jinrai_hidden: dict[str, list[str]] = {}
        sums: dict[str, int] = {}
        secret_excluded: dict[str, list[str]] = {}
        for sid in ids:
            jinrai[sid], jinrai_hidden[sid], sums[sid], secret_excluded[sid] = [], [], 0, []
            for c in pool(sid, self.opts["jinrai_scope"]):
                if "jinrai" in c.keywords:
                    (jinrai_hidden if c.hidden else jinrai)[sid].append(c.id)
            for c in pool(sid, self.opts["reaction_sum_scope"]):
                if c.secret:
                    secret_excluded[sid].append(c.id)
                else:
                    sums[sid] += c.reaction
        a, b = ids
        by_rule: str | None
        if len(jinrai[a]) != len(jinrai[b]):
            method, by_rule = "jinrai", (a if len(jinrai[a]) > len(jinrai[b]) else b)
        elif sums[a] != sums[b]:
            method, by_rule = "reaction", (a if sums[a] > sums[b] else b)
        else:
            method, by_rule = "coin", None
        face = None
        if s.announced_first is not None:
            first = s.announced_first  # LOGOS-2.4: the announcement stands
            method_used = "announced"
        elif by_rule is not None:
            first, method_used = by_rule, method
        else:
            face = ctx.roll(2, "coin", decides="first_player")  # LOGOS-2.3: 1 = the side listed first
            first, method_used = coin_winner(face, a, b), "coin"
        s.first = first
        ctx.emit("first_player", first=first, second=s.opponent(first), method=method_used, rule_method=method,
                 rule_first=by_rule, coin=face, jinrai=jinrai, jinrai_hidden=jinrai_hidden, reaction_sum=sums,
                 secret_excluded=secret_excluded, jinrai_scope=self.opts["jinrai_scope"],
                 reaction_sum_scope=self.opts["reaction_sum_scope"])

    # ------------------------------------------------------------------ starters, passives

    def line_up(self, subs: dict) -> None:
        """LOGOS-1.7, 1.8, 2.6: 行動順 1..5 as submitted; secret starters leave 秘匿状態."""
        s, ctx = self.s, self.ctx
        for sid in s.side_order():
            sub = subs[sid]
            s.sides[sid].starters = list(sub["starters"])
            for n, cid in enumerate(sub["starters"], 1):
                c = s.characters[cid]
                c.starter, c.order = True, n
            ctx.emit("lineup", side=sid, starters=list(sub["starters"]))
            for ch in sub.get("choices", []):
                s.choices[(ch["who"], ch["skill"])] = ch["target"]
        for sid in s.side_order():
            for c in s.starters(sid):
                if c.hidden:
                    c.revealed = True
                    ctx.emit("reveal", character=c.id)

    def start_of_round(self) -> None:
        """LOGOS-7.2 (チャージ状態 from the start) and LOGOS-5.3 (パッシブ)."""
        s, ctx = self.s, self.ctx
        in_play = [c for sid in s.side_order() for c in s.starters(sid)]
        if self.opts["charge_start"] == "round_start":
            for c in in_play:
                if any(sk.charge for sk in c.skills):
                    c.charged, c.charge_level = True, 1
                    ctx.emit("state", character=c.id, state="charged", on=True, reason="round_start")
        self.register_skills()
        passives = ordered(self.passives, key=self.passive_key)
        if passives:
            ctx.emit("timing", timing="passive")
        for h in passives:
            self.activate(h, "passive", None)  # a passive causes no triggers (LOGOS-5.3)

    def register_skills(self) -> None:
        """Every starter's skills (and the team's, option passive_scope: team) wait at their timings."""
        s = self.s
        holders = [c for sid in s.side_order() for c in s.starters(sid)]
        if self.opts["passive_scope"] == "team":
            holders += [c for c in s.characters.values() if not c.starter]
        for c in holders:
            self.listen(c)

    def listen(self, c: Character) -> None:
        """``c``'s skills wait at their timings from now on."""
        for sk in c.skills:
            h = Handler(c.id, sk)
            if sk.timing == "passive":
                self.passives.append(h)
            self.owned.setdefault((sk.timing, c.id), []).append(h)
            if sk.timing == "counter" and sk.trigger is not None:
                self.counters.setdefault(sk.trigger.event, []).append(h)

    def passive_key(self, h: Handler) -> tuple:
        c = self.s.characters[h.owner]
        return (-c.reaction, self.s.side_rank(c.side), 0 if c.starter else 1, c.order or c.index, h.skill.index)

    # ------------------------------------------------------------------ (1)-(9) one ターン

    def bout(self) -> None:
        s, ctx = self.s, self.ctx
        # (1) LOGOS-3.1
        first_side, second_side = s.side_order()
        a, b = s.first_standing(first_side), s.first_standing(second_side)
        s.actives = {first_side: a.id, second_side: b.id}
        actives = [a, b]
        if self.records("bout_start"):
            ctx.emit("bout_start", bout=s.bout, actives=dict(s.actives),
                     stats={a.id: self.snapshot(a), b.id: self.snapshot(b)})
        # LOGOS-5.13: both become active, in initiative order
        self.happen_to("became_active", actives)
        # (2) LOGOS-3.2: both actives' ターン開始時 skills, in initiative order
        self.timing("turn_start", (a.id, b.id))
        # (3) LOGOS-3.3
        first, second = self.initiative_order(actives)
        if self.records("initiative"):
            reaction = {first.id: s.stat(first, "reaction"), second.id: s.stat(second, "reaction")}
            ctx.emit("initiative", bout=s.bout, order=[first.id, second.id], reaction=reaction,
                     tie=reaction[first.id] == reaction[second.id])
        # (4)-(6), (7) LOGOS-3.4-3.8
        self.act(first, "first")
        self.act(second, "second")
        movers = [first, second]
        # (8) LOGOS-3.9
        if not (a.knocked_out or b.knocked_out):
            ctx.emit("bout_draw", bout=s.bout, characters=[c.id for c in movers])
            caused = []
            for c in movers:
                caused += self.knock_out(c, cause="draw", by=None)
            if self.opts["draw_triggers"]:
                self.cascade(caused)
        # (9) LOGOS-5.13: the ターン ends for both actives (in initiative order), then LOGOS-3.10, 6.2
        self.happen_to("turn_end", actives)
        self.end_of_bout(actives)

    def happen_to(self, event: str, characters: list[Character]) -> None:
        """LOGOS-5.13: ``event`` happens to each of ``characters`` in initiative order, and the
        counters waiting for it run. When none waits for it there is nothing to order: the order
        is of the happenings alone (two actives of two sides never tie)."""
        if event in self.counters:
            self.cascade([Happening(event, c.id) for c in self.initiative_order(characters)])

    def records(self, kind: str) -> bool:
        """Whether an event of ``kind`` is recorded. When it is not (a lean run keeps a few kinds),
        it is emitted bare here, numbered all the same, and nothing only its fields show is read."""
        keep = self.ctx.keep  # ctx.keeps(kind), without its call: asked for most events of a ターン
        if keep is None or kind in keep:
            return True
        self.ctx.emit(kind)
        return False

    def snapshot(self, c: Character) -> dict:
        s = self.s
        return {"attack": s.stat(c, "attack"), "defense": s.stat(c, "defense"), "reaction": s.stat(c, "reaction"),
                "colors": list(s.colors(c)), "weaknesses": list(s.weaknesses(c)), "order": c.order}

    def initiative_key(self, c: Character) -> tuple:
        """LOGOS-3.3 / 5.5: higher 反応 first; equal 反応: 先攻's character; then 行動順."""
        s = self.s
        return (-s.stat(c, "reaction"), s.side_rank(c.side), c.order or 0)

    def initiative_order(self, actives: list[Character]) -> list[Character]:
        """The two actives in initiative order (LOGOS-3.3): of two sides, they never tie."""
        a, b = actives
        return [a, b] if self.initiative_key(a) < self.initiative_key(b) else [b, a]

    def skills_of(self, timing: str, owners: tuple[str, ...]) -> list[Handler]:
        """The skills ``owners`` hold at ``timing``, in the order filed (to be put in order:
        LOGOS-5.5); the list filed for a single owner is given as it is, to be read, not changed."""
        owned = self.owned
        if len(owners) == 1:
            return owned.get((timing, owners[0]), _NONE)
        return [h for o in owners for h in owned.get((timing, o), _NONE)]

    def skill_key(self, h: Handler) -> tuple:
        return self.initiative_key(self.s.characters[h.owner]) + (h.skill.index,)

    def timing(self, timing: str, owners: tuple[str, ...]) -> None:
        """Fire ``timing``'s skills of ``owners`` in order, each with the counters it triggers."""
        handlers = self.skills_of(timing, owners)
        if not handlers:  # most steps of most ターン
            return
        if len(handlers) > 1:
            handlers = ordered(handlers, key=self.skill_key)
        if timing == "turn_start":
            self.ctx.emit("timing", timing=timing, bout=self.s.bout)
        for h in handlers:
            if self.s.characters[h.owner].knocked_out:
                # LOGOS-5.9: a character knocked out before its turn comes fires nothing
                self.ctx.emit("skill", **_about(h, timing, None), result="knocked_out")
                continue
            _, caused = self.activate(h, timing, None)
            self.cascade(caused)

    def act(self, c: Character, mover: str) -> None:
        """(4) アクション前, (5) アクション or アタック, (6) アクション後 of one active character.

        LOGOS-3.8: a character knocked out at any point takes no further step."""
        ctx = self.ctx
        ctx.emit("act", actor=c.id, bout=self.s.bout, mover=mover)
        owned = self.owned
        for step in ("before_action", "action", "after_action"):
            if c.knocked_out:
                ctx.emit("no_action", actor=c.id, reason="knocked_out")
                return
            if step == "action":
                self.action(c)
            elif (step, c.id) in owned:  # most characters have no skill at most steps
                self.timing(step, (c.id,))

    def action(self, c: Character) -> None:
        """(5) LOGOS-3.5 / 3.6: アクション skills in listed order, else the アタック."""
        s = self.s
        handlers = self.skills_of("action", (c.id,))
        if len(handlers) > 1:
            handlers = ordered(handlers, key=self.skill_key)
        for h in handlers:
            result, caused = self.activate(h, "action", None)
            self.cascade(caused)
            if result == "success" or c.knocked_out:
                return
            if result == "failure":
                if self.opts["failed_action_skill"] == "nothing":
                    self.ctx.emit("no_attack", actor=c.id, reason="action_skill_failed", skill=h.skill.name)
                    return
                if self.opts["action_skills"] == "first_eligible":
                    break
        target = s.characters[s.actives[s.opponent(c.side)]]
        self.cascade(self.attack(c, target, via="action"))

    def end_of_bout(self, actives: list[Character]) -> None:
        """(9) LOGOS-3.10 and 6.2: count down, expire, and the actives stop being active."""
        s, ctx = self.s, self.ctx
        for c in actives:
            s.clocks.advance(f"active:{c.id}")
        s.clocks.advance("turn")
        if s.effects:
            for e in s.effects.expire(s.clocks):
                if self.records("expire"):
                    ctx.emit("expire", effect_id=e.seq, effect=e.kind, character=e.bearer, **_effect_fields(e.data))
        s.actives = {}
        if self.records("bout_end"):
            first, second = s.side_order()
            ctx.emit("bout_end", bout=s.bout, dp={first: s.sides[first].dp, second: s.sides[second].dp})

    # ------------------------------------------------------------------ (10)

    def judge(self) -> dict[str, int]:
        """LOGOS-9.1-9.4; returns how many of each side still stand, 先攻 first."""
        s = self.s
        first, second = s.side_order()
        standing = {first: s.standing_count(first), second: s.standing_count(second)}
        if standing[first] and standing[second]:
            return standing
        wiped = [sid for sid, n in standing.items() if not n]
        if len(wiped) == 1:
            self.decide("win", s.opponent(wiped[0]), "wipeout", wiped=wiped)
            return standing
        fukutsu = {sid: sum(1 for c in s.starters(sid) if "fukutsu" in s.keywords(c)) for sid in s.side_order()}
        a, b = s.side_order()
        if fukutsu[a] != fukutsu[b]:
            self.decide("win", a if fukutsu[a] > fukutsu[b] else b, "fukutsu", wiped=wiped, fukutsu=fukutsu)
        else:
            self.draw_outcome("fukutsu_tie", wiped=wiped, fukutsu=fukutsu)
        return standing

    def draw_outcome(self, reason: str, **extra: Any) -> None:
        """A draw, or in the 決勝トーナメント more DP, then a coin (LOGOS-9.3)."""
        s = self.s
        if s.stage != "final":
            self.decide("draw", None, reason, **extra)
            return
        a, b = s.side_order()
        da, db = s.sides[a].dp, s.sides[b].dp
        if da != db:
            self.decide("win", a if da > db else b, "final_dp", draw_reason=reason, **extra)
            return
        face = self.ctx.roll(2, "coin", decides="final_draw")  # 1 = 先攻
        self.decide("win", coin_winner(face, a, b), "final_coin", draw_reason=reason, coin=face, **extra)

    def decide(self, result: str, winner: str | None, reason: str, **extra: Any) -> None:
        s = self.s
        s.outcome = {"result": result, "winner": winner, "reason": reason}
        self.ctx.emit("outcome", result=result, winner=winner, reason=reason,
                      dp={sid: s.sides[sid].dp for sid in s.side_order()}, **extra)

    # ------------------------------------------------------------------ skills

    def accessor(self, owner: Character, trigger: Character | None, target: Character | None = None):
        """LOGOS-5.11: what a condition reads, seen from the skill's owner (and, for an effect's own
        condition, LOGOS-6.15, the character the effect is about to reach)."""
        s = self.s

        def character(subject: str) -> Character | None:
            if subject == "self":
                return owner
            if subject == "trigger":
                return trigger
            if subject == "target":
                return target
            side = s.opponent(owner.side) if subject == "facing_enemy" else owner.side
            cid = s.actives.get(side)
            return s.characters[cid] if cid else None

        def get(subject: str, attr: str) -> Any:
            if subject == "round":
                return s.bout
            if subject in ("own_side", "enemy_side"):
                sid = owner.side if subject == "own_side" else s.opponent(owner.side)
                if attr == "dp":
                    return s.sides[sid].dp
                standing = s.standing_count(sid)
                return standing if attr == "standing" else len(s.sides[sid].starters) - standing
            c = character(subject)
            if c is None:
                return None
            if attr in STATS:
                return s.stat(c, attr)
            return {"order": lambda: c.order, "colors": lambda: s.colors(c), "weaknesses": lambda: s.weaknesses(c),
                    "keywords": lambda: s.keywords(c), "states": lambda: s.states(c),
                    "charge": lambda: c.charge_level, "spent_charge": lambda: c.spent_charge}[attr]()

        return get

    def activate(self, h: Handler, timing: str, happening: Happening | None) -> tuple[str, list[Happening]]:
        """LOGOS-5.1: condition, then 発動判定; on success チャージ is lifted and the effects apply.

        Returns the result and the trigger events the effects caused (not yet processed)."""
        s, ctx, opts = self.s, self.ctx, self.opts
        owner, skill = s.characters[h.owner], h.skill
        trigger_char = s.characters[happening.character] if happening else None
        about = _about(h, timing, happening)
        limit = skill.uses  # most skills have none: nothing to count
        if limit is not None:
            thing, period = (owner.id, skill.index), self.use_period(skill)
            if not s.uses.allows(thing, limit, period):  # LOGOS-5.12: used up, 発動しない
                ctx.emit("skill", **about, result="used_up", uses=limit.to_json())
                return "used_up", []
        if skill.condition is ALWAYS:  # most skills: it holds, with nothing read
            facts = []
        else:
            verdict = evaluate(skill.condition, self.accessor(owner, trigger_char))
            facts = [f.to_json() for f in verdict.facts]
            if not verdict.holds:
                ctx.emit("skill", **about, result="condition_not_met", facts=facts)  # 発動しない: no check
                return "condition_not_met", []
        if timing == "counter":
            s.used[(owner.id, skill.index)] = s.bout
        if limit is not None and opts["use_counts"] == "check":
            s.uses.record(thing, limit, period)
        face = None
        checked = timing != "passive" or opts["passive_check"] == "roll"  # LOGOS-5.3: no 発動判定 otherwise
        rate = s.rate(owner, skill)  # LOGOS-6.14
        if activation_rolled(checked, opts["activation_check"], rate, opts["roll_at_100"]):
            face = ctx.roll(100, "activation_check", actor=owner.id, skill=skill.name, rate=rate)
            success = succeeds(face, rate)
        else:
            success = True
        extra: dict[str, Any] = {"uses": skill.uses.to_json()} if skill.uses else {}
        if rate != skill.rate:
            extra["written_rate"] = skill.rate
        ctx.emit("skill", **about, result="success" if success else "failure", facts=facts, rate=rate,
                 face=face, checked=checked, **extra)
        if not success:
            return "failure", ([Happening("skill_failure", owner.id)] if timing != "passive" else [])
        if limit is not None and opts["use_counts"] == "success":
            s.uses.record(thing, limit, period)
        # LOGOS-5.13: the activation itself happens before its effects
        caused: list[Happening] = [Happening("skill_success", owner.id)]
        if owner.charged and checked:  # LOGOS-7.2, 7.3: every level is lifted at once
            owner.charged, owner.spent_charge, owner.charge_level = False, owner.charge_level, 0
            ctx.emit("state", character=owner.id, state="charged", on=False, reason="activation_success")
            caused.append(Happening("charge_spent", owner.id))
        for spec in skill.effects:  # LOGOS-5.7: every change first, triggers in the order written
            caused += self.apply(spec, owner, skill, trigger_char, timing)
        return "success", ([] if timing == "passive" else caused)

    def use_period(self, skill: Skill) -> int:
        """LOGOS-5.12: the key of the period a skill's uses are counted in (the round: 0; a ターン: its number)."""
        return self.s.bout if skill.uses is not None and skill.uses.per == "turn" else 0

    def cascade(self, caused: list[Happening]) -> None:
        """LOGOS-5.4-5.8: run the counters that ``caused`` triggers, and what those cause."""
        waiting = self.counters
        if not waiting:
            return
        for h in caused:
            if h.event in waiting:
                break
        else:  # no counter waits for any of them
            return
        try:
            self.chain.run(caused, self.counters_for, self.fire_counter)
        except CascadeLimit as exc:
            raise ResolutionError([self.turn.problem(
                ("turn",), say("logos.counter_loop", bout=self.s.bout, limit=exc.limit))]) from None

    def counters_for(self, happening: Happening) -> list[Handler]:
        waiting = self.counters.get(happening.event)
        if not waiting:  # most happenings: no counter waits for one
            return []
        s, opts = self.s, self.opts
        chars, subject = s.characters, s.characters[happening.character]
        from_bench, once_per_turn = opts["counter_from_bench"], opts["counter_limit"] == "once_per_turn"
        fired = []
        for h in waiting:
            owner, trig = chars[h.owner], h.skill.trigger
            if (owner.knocked_out and not self.last_gasp(owner, happening)) or not owner.starter:
                continue
            if not from_bench and s.actives.get(owner.side) != owner.id:
                continue
            if once_per_turn and s.used.get((owner.id, h.skill.index)) == s.bout:
                continue
            if trig is None or trig.event != happening.event:
                continue
            if trig.stat is not None and trig.stat != happening.stat:
                continue
            if relates(trig.who, owner, subject, ally_includes_self=opts["ally_includes_self"]):
                fired.append(h)
        return ordered(fired, key=self.skill_key) if len(fired) > 1 else fired

    def last_gasp(self, owner: Character, happening: Happening) -> bool:
        """LOGOS-5.9 (option own_knockout_fires): a counter triggered by its owner's own 戦闘不能
        fires although the owner is now 戦闘不能 — otherwise ［自身が戦闘不能になったとき］ never could."""
        return (self.opts["own_knockout_fires"] and happening.event == "knocked_out"
                and happening.character == owner.id)

    def fire_counter(self, h: Handler, happening: Happening) -> list[Happening]:
        s = self.s
        owner = s.characters[h.owner]
        if owner.knocked_out and not self.last_gasp(owner, happening):  # LOGOS-5.9: knocked out by an earlier counter
            self.ctx.emit("skill", **_about(h, "counter", happening), result="knocked_out")
            return []
        if self.opts["counter_limit"] == "once_per_turn" and s.used.get((owner.id, h.skill.index)) == s.bout:
            return []  # already fired for an earlier event of this same chain
        _, caused = self.activate(h, "counter", happening)
        return caused

    # ------------------------------------------------------------------ effects

    def targets(self, target: str, owner: Character, skill: Skill, trigger: Character | None) -> list[Character]:
        """LOGOS-5.10: who an effect reaches; a group in initiative order."""
        s = self.s
        own, enemy = owner.side, s.opponent(owner.side)
        if target == "self":
            return [owner]
        if target == "trigger":
            return [trigger] if trigger else []
        if target in ("facing_enemy", "ally_active"):
            cid = s.actives.get(enemy if target == "facing_enemy" else own)
            return [s.characters[cid]] if cid else []
        if target in ("chosen_ally", "chosen_enemy", "chosen_member"):
            cid = s.choices.get((owner.id, skill.name))
            return [s.characters[cid]] if cid else []
        if target == "bench_allies":
            group = [c for c in s.standing(own) if s.actives.get(own) != c.id]
        elif target == "knocked_out_allies":  # LOGOS-6.11
            group = [c for c in s.starters(own) if c.knocked_out]
        elif target == "all_allies":
            group = s.standing(own)
        else:
            group = s.standing(enemy)
        return ordered(group, key=self.initiative_key)

    def apply(self, spec: EffectSpec, owner: Character, skill: Skill, trigger: Character | None,
              timing: str) -> list[Happening]:
        ctx = self.ctx
        src = {"character": owner.id, "skill": skill.name}
        if spec.op == "field":
            return self.add_field(spec, owner, src, timing, trigger)
        if spec.op == "dp":
            return self.change_dp(spec, owner, src, trigger)
        reached = self.targets(spec.target or "self", owner, skill, trigger)
        caused: list[Happening] = []
        if not reached:
            ctx.emit("cancel", **src, op=spec.op, target=spec.target, reason="no_target")
            return []
        for t in reached:
            if spec.op == "revive" and not t.knocked_out:  # LOGOS-6.11: only the 戦闘不能 stand up again
                ctx.emit("cancel", **src, op=spec.op, target=t.id, reason="not_knocked_out")
                continue
            if t.knocked_out and timing != "passive" and spec.op not in ("attack", "revive"):  # attack: LOGOS-3.6
                ctx.emit("cancel", **src, op=spec.op, target=t.id, reason="target_knocked_out")
                continue
            if spec.target in ("chosen_ally", "chosen_enemy") and not t.starter:
                ctx.emit("cancel", **src, op=spec.op, target=t.id, reason="target_not_starter")
                continue
            if spec.condition is not None:  # LOGOS-6.15: read for this target, when its turn comes
                verdict = evaluate(spec.condition, self.accessor(owner, trigger, t))
                if not verdict.holds:
                    ctx.emit("cancel", **src, op=spec.op, target=t.id, reason="condition_not_met",
                             facts=[f.to_json() for f in verdict.facts])
                    continue
            caused += self.apply_to(spec, owner, skill, t, src, trigger, timing)
        return caused

    def apply_to(self, spec: EffectSpec, owner: Character, skill: Skill, t: Character, src: dict,
                 trigger: Character | None, timing: str) -> list[Happening]:
        s, ctx = self.s, self.ctx
        op = spec.op
        if op in LISTED:  # LOGOS-6.5, 6.12, 6.13: colours, 弱点 and keywords added or taken away
            caused = self.change_list(spec, t, src, timing)
            if op == "add_keyword" and spec.keyword == "moukou":  # LOGOS-6.13: 《猛攻》 is a second colour
                caused += self.change_list(replace(spec, op="add_color"), t, src, timing, via="moukou")
            return caused
        if op == "rate":  # LOGOS-6.14
            reading = self.amount(spec, owner, trigger, src)
            if reading is None:
                return []
            data = {"value": reading.value, **({"for_skill": spec.skill} if spec.skill else {})}
            e = self.add_effect("rate", t, data, src, spec, timing)
            shown = {"amount": reading.to_json()} if reading.amount is not None else {}
            ctx.emit("effect", **src, op=op, target=t.id, **data, **shown, turns=self.turns_shown(spec, timing),
                     effect_id=e.seq, end=e.end, clock=e.clock)
            return []
        if op in ("stat", "set_stat"):
            reading = self.amount(spec, owner, trigger, src)
            if reading is None:
                return []
            before = s.stat(t, spec.stat)
            shown: dict[str, Any] = {}
            if op == "stat":
                data: dict[str, Any] = {"stat": spec.stat, "value": reading.value}
            else:  # LOGOS-6.9
                shown = {"to": reading.value, "mode": self.opts["set_stat"]}
                # the change it makes now is kept as value; with override, set decides (LOGOS-6.9)
                data = {"stat": spec.stat, "value": reading.value - before}
                if self.opts["set_stat"] == "override":
                    data["set"] = reading.value
            e = self.add_effect("stat", t, data, src, spec, timing)
            after = s.stat(t, spec.stat)
            if self.records("effect"):
                if reading.amount is not None:
                    shown["amount"] = reading.to_json()
                ctx.emit("effect", **src, op=op, target=t.id, **data, **shown, before=before, after=after,
                         turns=self.turns_shown(spec, timing), effect_id=e.seq, end=e.end, clock=e.clock)
            if after == before:
                return []
            # a change is a trigger (LOGOS-6.1); a set stat as the change it makes (6.9)
            return [Happening("stat_up" if after > before else "stat_down", t.id, spec.stat)]
        if op == "charge":
            if spec.has_value:  # LOGOS-7.3: levels of チャージ
                reading = self.amount(spec, owner, trigger, src)
                if reading is None or reading.value < 1:
                    return []
                t.charged, t.charge_level = True, t.charge_level + reading.value
                ctx.emit("state", character=t.id, state="charged", on=True, reason="effect", **_src(src),
                         level=t.charge_level, added=reading.value)
                return [Happening("charged", t.id)]
            if not t.charged:
                t.charged, t.charge_level = True, 1
                ctx.emit("state", character=t.id, state="charged", on=True, reason="effect", **_src(src))
                return [Happening("charged", t.id)]  # LOGOS-5.13
            return []
        if op == "revive":  # LOGOS-6.11
            t.knocked_out = False
            ctx.emit("revived", **src, target=t.id)
            return [Happening("revived", t.id)]
        if op == "enter":  # LOGOS-8.5
            return self.enter(t, spec.to, src)
        if op == "knock_out":
            return self.knock_out(t, cause="effect", by=owner.id, skill=src["skill"])
        if op == "attack":
            if t is owner:  # LOGOS-6.6: a character never attacks itself
                ctx.emit("cancel", **src, op=op, target=t.id, reason="self_target")
                return []
            return self.attack(owner, t, via="effect", skill=src["skill"])
        if op == "remove_effects":
            gone = s.effects.remove(s.effects.select(bearer=t.id))  # LOGOS-6.7: special states stay
            ctx.emit("effects_removed", **src, target=t.id, removed=[e.seq for e in gone])
            return []
        if op == "order":
            return self.place(t, spec.to, src)
        if op == "swap_order":
            other = self.targets(spec.with_ or "self", owner, skill, trigger)
            if not other or other[0].side != t.side or not other[0].starter:
                ctx.emit("cancel", **src, op=op, target=t.id, reason="no_swap_partner")
                return []
            return self.swap(t, other[0], src)
        raise AssertionError(op)

    def change_list(self, spec: EffectSpec, t: Character, src: dict, timing: str,
                    via: str | None = None) -> list[Happening]:
        """LOGOS-6.5, 6.12, 6.13: a colour, 弱点 or keyword given or taken away for a duration; ``via``
        names the keyword a colour comes with (《猛攻》's second colour)."""
        s, ctx = self.s, self.ctx
        kind, removed = LISTED[spec.op]
        read = {"color": s.colors, "weakness": s.weaknesses, "keyword": s.keywords}[kind]
        item = spec.keyword if kind == "keyword" else spec.color
        key = "keyword" if kind == "keyword" else "color"
        data: dict[str, Any] = {key: item, **({"removed": True} if removed else {})}
        before = list(read(t))
        e = self.add_effect(kind, t, data, src, spec, timing)
        after = list(read(t))
        if self.records("effect"):
            ctx.emit("effect", **src, op=spec.op, target=t.id, **data, **({"via": via} if via else {}),
                     before=before, after=after, turns=self.turns_shown(spec, timing), effect_id=e.seq, end=e.end,
                     clock=e.clock)
        if kind == "keyword" or before == after:
            return []
        return [Happening("color_changed" if kind == "color" else "weakness_changed", t.id)]  # LOGOS-5.13

    def amount(self, spec: EffectSpec, owner: Character, trigger: Character | None,
               src: dict, written: amounts.Amount | None = None) -> amounts.Reading | None:
        """LOGOS-6.8: an effect's value (``written``, or the spec's own), read from the state when
        it is written so; None (with a ``cancel``) when what it reads is absent."""
        amount = spec.amount if written is None else written
        if not isinstance(amount, amounts.Derived):  # a number as written: nothing to read
            return amounts.Reading(amount)
        reading = amounts.evaluate(amount, self.accessor(owner, trigger), self.opts["derived_rounding"])
        if reading.value is None:
            self.ctx.emit("cancel", **src, op=spec.op, target=spec.target, reason="no_value",
                          amount=reading.to_json())
        return None if reading.value is None else reading

    def turns_shown(self, spec: EffectSpec, timing: str) -> int | None:
        """The duration in ターン (None: no end): as written, else LOGOS-6.3's default; パッシブ: none."""
        if timing == "passive":
            return None
        if spec.has_turns:
            return spec.turns
        return None if self.opts["default_duration"] == "round" else 1

    def duration(self, turns: int | None, ticks_this_turn: bool) -> int | None:
        """LOGOS-6.2: ticks of the clock until the end point. With ``full_turns`` a ターン already under
        way does not count, when its (9) will tick that clock."""
        if turns is not None and self.opts["duration_count"] == "full_turns" and ticks_this_turn:
            return turns + 1
        return turns

    def add_effect(self, kind: str, t: Character, data: dict, src: dict, spec: EffectSpec, timing: str):
        """LOGOS-6.1-6.3: a 継続効果 with an absolute end point on the clock that counts it down."""
        s = self.s
        by_bearer = self.opts["tick_scope"] == "active"
        clock = f"active:{t.id}" if by_bearer else "turn"
        ticks = bool(s.actives) and (not by_bearer or s.actives.get(t.side) == t.id)
        return s.effects.add(kind, bearer=t.id, data=data, clock=clock, clocks=s.clocks,
                             duration=self.duration(self.turns_shown(spec, timing), ticks),
                             removable=timing != "passive", source=src)

    def add_field(self, spec: EffectSpec, owner: Character, src: dict, timing: str,
                  trigger: Character | None) -> list[Happening]:
        """LOGOS-6.4: a フィールド counts down at every (9)."""
        s = self.s
        changes = spec.stats or ((spec.stat, spec.amount),)  # LOGOS-6.4: one field, one or several stats
        readings = []
        for stat_name, amount in changes:
            reading = self.amount(spec, owner, trigger, src, amount)
            if reading is None:
                return []
            readings.append((stat_name, reading))
        turns = self.turns_shown(spec, timing) if timing != "passive" else None
        duration = self.duration(turns, bool(s.actives))
        if self.opts["field_stacking"] == "replace":
            for old in s.effects.remove(s.effects.select(bearer=None, kind="field")):
                self.ctx.emit("expire", effect_id=old.seq, effect="field", character=None, replaced=True,
                              **_effect_fields(old.data))
        for stat_name, reading in readings:
            data = {"name": spec.name, "applies_to": spec.applies_to, "owner_side": owner.side,
                    "stat": stat_name, "value": reading.value}
            e = s.effects.add("field", bearer=None, data=data, clock="turn", clocks=s.clocks, duration=duration,
                              source=src)
            shown = {"amount": reading.to_json()} if reading.amount is not None else {}
            self.ctx.emit("field", **src, **data, **shown, turns=turns, effect_id=e.seq, end=e.end)
        return []

    def change_dp(self, spec: EffectSpec, owner: Character, src: dict, trigger: Character | None) -> list[Happening]:
        """LOGOS-6.10: a player's DP change by a skill; DP never go below 0 unless dp_below_zero."""
        s = self.s
        reading = self.amount(spec, owner, trigger, src)
        if reading is None:
            return []
        sid = owner.side if spec.side in (None, "own") else s.opponent(owner.side)
        side = s.sides[sid]
        before = side.dp
        side.dp = before + reading.value
        if not self.opts["dp_below_zero"]:
            side.dp = max(0, side.dp)
        shown = {"amount_read": reading.to_json()} if reading.amount is not None else {}
        self.ctx.emit("dp", side=sid, amount=side.dp - before, total=side.dp, reason="effect", **_src(src),
                      value=reading.value, **shown)
        return []

    def knock_out(self, c: Character, *, cause: str, by: str | None, skill: str | None = None) -> list[Happening]:
        if c.knocked_out:
            return []
        c.knocked_out = True
        fields: dict[str, Any] = {"character": c.id, "cause": cause, "by": by}
        if skill:
            fields["skill"] = skill
        self.ctx.emit("knocked_out", **fields)
        return [Happening("knocked_out", c.id)]

    def attack(self, a: Character, t: Character, *, via: str, skill: str | None = None) -> list[Happening]:
        """LOGOS-3.6 and LOGOS-4: 攻撃 1 or more attacks; 色=弱点 or 攻撃≥防御 knocks out; both: DP."""
        s, ctx = self.s, self.ctx
        atk = s.stat(a, "attack")
        extra = {"skill": skill} if skill else {}
        if a.knocked_out:  # LOGOS-3.8: e.g. knocked out by its own skill's earlier attack
            ctx.emit("no_attack", actor=a.id, target=t.id, reason="attacker_knocked_out", attack=atk, **extra)
            return []
        if atk < 1:
            ctx.emit("no_attack", actor=a.id, target=t.id, reason="attack_zero", attack=atk, **extra)
            return []
        if t.knocked_out and self.opts["attack_knocked_out_target"] == "skip":
            ctx.emit("no_attack", actor=a.id, target=t.id, reason="target_knocked_out", attack=atk, **extra)
            return []
        colors, weak = s.colors(a), s.weaknesses(t)
        dfn = s.stat(t, "defense")
        matched, color_hit, power_hit = attack_result(colors, weak, atk, dfn)
        success, critical = color_hit or power_hit, color_hit and power_hit
        if self.records("attack"):
            ctx.emit("attack", actor=a.id, target=t.id, via=via, colors=list(colors), weaknesses=list(weak),
                     matched=list(matched), color_hit=color_hit, attack=atk, defense=dfn, power_hit=power_hit,
                     success=success, critical=critical, **extra)
        caused = [Happening("attack", a.id), Happening("attacked", t.id),
                  Happening("attack_hit" if success else "attack_miss", a.id)]  # LOGOS-5.13
        if critical:
            caused.append(Happening("critical", a.id))
        if success:
            caused += self.knock_out(t, cause="attack", by=a.id)
        if critical:
            side = s.sides[a.side]
            side.dp += 1
            ctx.emit("dp", side=a.side, amount=1, total=side.dp, reason="critical", by=a.id)
        return caused

    # ------------------------------------------------------------------ 行動順 (LOGOS-8)

    def place(self, c: Character, to: int | str | None, src: dict) -> list[Happening]:
        team = self.s.starters(c.side)
        before = {x.id: x.order or 0 for x in team}
        counted = [x.id for x in team if self.opts["slowest_counts_knocked_out"] or not x.knocked_out or x is c]
        self.set_orders(team, place_order(before, c.id, to, counted=counted,
                                          close_gap=self.opts["order_gap"] == "close"))
        return self.emit_order("place", c, to, before, src)

    def swap(self, a: Character, b: Character, src: dict) -> list[Happening]:
        team = self.s.starters(a.side)
        before = {x.id: x.order or 0 for x in team}
        self.set_orders(team, swap_order(before, a.id, b.id))
        return self.emit_order("swap", a, b.id, before, src)

    def enter(self, c: Character, to: int | str | None, src: dict) -> list[Happening]:
        """LOGOS-8.5: a team member who is not a starter is placed into the 行動順 (「行動順6に配置」)
        and from then on is a starter: it leaves 秘匿状態, its skills join the round, its パッシブ
        apply (option entered_passives) and it counts for (10)."""
        s, ctx = self.s, self.ctx
        if c.starter:
            ctx.emit("cancel", **src, op="enter", target=c.id, reason="already_starter")
            return []
        team = s.starters(c.side)
        before: dict[str, int | None] = {x.id: x.order or 0 for x in team}
        counted = [x.id for x in team if self.opts["slowest_counts_knocked_out"] or not x.knocked_out]
        orders = place_order({**before, c.id: 0}, c.id, to, counted=counted)
        before[c.id] = None
        c.starter = True
        s.sides[c.side].starters.append(c.id)
        self.set_orders(s.starters(c.side), orders)
        caused = self.emit_order("enter", c, to, before, src)
        if c.hidden:  # LOGOS-2.6: picked to play, it is shown
            c.revealed = True
            ctx.emit("reveal", character=c.id)
        if self.opts["passive_scope"] != "team":  # with team, its skills are in the round already
            self.listen(c)
        if self.opts["charge_start"] == "round_start" and any(sk.charge for sk in c.skills) and not c.charged:
            c.charged, c.charge_level = True, 1
            ctx.emit("state", character=c.id, state="charged", on=True, reason="enter")
            caused.append(Happening("charged", c.id))
        if self.opts["entered_passives"] == "apply" and self.opts["passive_scope"] != "team":
            for h in ordered([h for h in self.passives if h.owner == c.id], key=self.passive_key):
                self.activate(h, "passive", None)
        return caused

    @staticmethod
    def set_orders(team: list[Character], orders: dict[str, int]) -> None:
        for x in team:
            x.order = orders[x.id]

    def emit_order(self, how: str, c: Character, to: Any, before: dict, src: dict) -> list[Happening]:
        team = self.s.starters(c.side)
        moved = [x for x in team if before[x.id] != x.order]
        if self.records("order"):
            changes = [{"character": x.id, "from": before[x.id], "to": x.order} for x in moved]
            self.ctx.emit("order", **src, how=how, target=c.id, to=to, side=c.side, changes=changes,
                          orders={x.id: x.order for x in team})
        return [Happening("order_changed", x.id) for x in moved]  # LOGOS-5.13, in 行動順


def place_order(orders: dict[str, int], who: str, to: int | str | None, *, counted: list[str] | None = None,
                close_gap: bool = False) -> dict[str, int]:
    """LOGOS-8.1 / 8.2: the 行動順 after ``who`` is placed at ``to`` (a position, or "slowest").

    "The slowest" is the largest 行動順 among ``counted`` (default: everyone, ``who`` included).
    Placing at the slowest gives "current slowest + 1" (5 -> 6 at first). Any other position pushes
    the character there and every later one back by one; a position past the slowest counts as the
    slowest. ``close_gap`` (option order_gap: close) first moves up everyone behind ``who``'s old
    position, and the slowest is then read among the others."""
    counted = list(orders) if counted is None else counted
    out = dict(orders)
    old = out.pop(who)
    if close_gap:
        out = {k: (v - 1 if v > old else v) for k, v in out.items()}
    # Nobody counted (a member entering while every other is knocked out and the option
    # slowest_counts_knocked_out is false): the slowest is read among all the others, so the
    # newcomer still goes last and no two share a 行動順.
    anyone = max(out.values(), default=0)
    if close_gap:
        slowest = max((out[k] for k in counted if k in out), default=anyone)
    else:
        slowest = max((orders[k] for k in counted), default=anyone)
    if to == "slowest" or not isinstance(to, int) or to > slowest:
        out[who] = slowest + 1
        return out
    out = {k: (v + 1 if v >= to else v) for k, v in out.items()}
    out[who] = to
    return out


def swap_order(orders: dict[str, int], a: str, b: str) -> dict[str, int]:
    """LOGOS-8.3: the two exchange their 行動順; nobody else moves."""
    out = dict(orders)
    out[a], out[b] = orders[b], orders[a]
    return out


_NONE: list = []  # what no owner files at a timing: read, never changed


def _about(h: Handler, timing: str, happening: Happening | None) -> dict[str, Any]:
    """Who fires which skill at what timing, and for which trigger: the head of a skill event."""
    about: dict[str, Any] = {"character": h.owner, "skill": h.skill.name, "timing": timing}
    if happening is not None:
        about["trigger"] = {"event": happening.event, "character": happening.character}
        if happening.stat:
            about["trigger"]["stat"] = happening.stat
    return about


def _src(src: dict) -> dict:
    return {"by": src["character"], "skill": src["skill"]}


def _effect_fields(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "owner_side"}
