"""Semantic checks of a kagemiya match that a schema cannot express, each located in its file
(KAGEMIYA-1.8, 1.10). What play makes impossible is not checked here: it is a ``cancel`` in play."""

from __future__ import annotations

import copy
from typing import Any

from ...engine.conditions import NUMBER, TEXT, Vocabulary, parse
from ...errors import Problem
from ...words.messages import default_lang, listed
from ...words.names import did_you_mean
from . import standing
from .messages import check_name, say, stat_name
from .model import (ATTACKS, CHECK_STAT, STATS, Character, KagemiyaState, Side, SpellKind, parse_character,
                    parse_spell_kinds, servant_of, targets_of)

# KAGEMIYA-5.7: what a standing defensive order's condition may read.
DEFENSE_VOCABULARY = Vocabulary({
    "attack": {"total": NUMBER, "dice": NUMBER, "type": TEXT},
    "self": {"hp": NUMBER, "max_hp": NUMBER},
})
# KAGEMIYA-5.14: the attacker, the 令呪 left to pay with, and each limited resource's uses left.
ATTACKER_ATTRS = {**{s: NUMBER for s in STATS}, "hp": NUMBER, "max_hp": NUMBER, "kind": TEXT}
# KAGEMIYA-11.6: after the defence roll, its total and the damage about to be taken are known too.
AFTER_ROLL_SUBJECTS = {"defense": {"total": NUMBER}, "damage": {"amount": NUMBER}}


def condition_vocabulary(c: Character | None, *, after_roll: bool = False) -> Vocabulary:
    """What a condition of ``c``'s standing order (or of its attack's reaction) may read."""
    subjects = {"attack": dict(DEFENSE_VOCABULARY.subjects["attack"]),
                "self": {**DEFENSE_VOCABULARY.subjects["self"], "command_spells": NUMBER},
                "attacker": ATTACKER_ATTRS,
                "uses_left": {rid: NUMBER for rid, r in (c.resources.items() if c else ()) if r.uses is not None}}
    if after_roll:
        subjects.update(AFTER_ROLL_SUBJECTS)
    return Vocabulary(subjects)


def characters_of(setup: dict[str, Any], hp_per_endurance: int) -> tuple[dict[str, Character], list]:
    """Every character typed, and (path below setup, message) for what is wrong with them."""
    chars: dict[str, Character] = {}
    bad: list[tuple[tuple, str]] = []
    sides = setup["sides"]
    for i, (cid, data) in enumerate(setup["characters"].items()):
        if data["side"] not in sides:
            bad.append((("characters", cid, "side"), say("kagemiya.not_a_side", side=data["side"], sides=_list(sides))))
            continue
        c, problems = parse_character(cid, data, i, hp_per_endurance)
        bad += [(("characters", cid) + rel, msg) for rel, msg in problems]
        chars[cid] = c
    for cid, c in chars.items():
        if c.master is None:
            continue
        m = chars.get(c.master)
        if m is None or m.kind != "master" or m.side != c.side:
            bad.append((("characters", cid, "master"), say("kagemiya.not_a_master", master=c.master, side=c.side)))
    return chars, bad


def _list(items) -> str:
    return listed(items)  # ids with their display names


def _hint(text: Any, names: dict[str, str]) -> str:
    return did_you_mean(text, names, default_lang())


def _has(own: dict[str, str]) -> str:
    return _list(own) or say("kagemiya.none")


def in_play_at_start(c: Character) -> bool:
    return not (c.eliminated or c.protected)


def start_state(setup: dict[str, Any], hp_per_endurance: int) -> KagemiyaState:
    """The battle as the setup starts it (KAGEMIYA-1.2, 1.8): for resolution, and for the report,
    which follows the log's events from it."""
    chars, _ = characters_of(setup, hp_per_endurance)
    sides = {sid: Side(sid, s["name"], i) for i, (sid, s) in enumerate(setup["sides"].items())}
    for sid, side in sides.items():
        side.escaped = bool(setup["sides"][sid].get("escaped", False))
        side.escaped_to = setup["sides"][sid].get("escaped_to")
        side.out = not side.escaped and not any(in_play_at_start(c) for c in chars.values() if c.side == sid)
        side.standing = copy.deepcopy(setup["sides"][sid].get("standing", {}))
    progress = setup.get("progress", {})
    return KagemiyaState(sides=sides, characters=chars,
                         spell_kinds=parse_spell_kinds(setup.get("command_spell_kinds")),
                         rounds=setup["rounds"], phase=setup.get("phase", "battle"),
                         ambusher=setup.get("ambusher"), area=setup.get("area"),
                         areas=tuple(setup.get("areas", [])), occupied=tuple(setup.get("occupied", [])),
                         rounds_played=progress.get("rounds_played", 0),
                         order=list(progress["order"]) if "order" in progress else None)


def check_match(match: Any) -> list[Problem]:
    setup, opts = match.setup, match.options
    problems: list[Problem] = []

    def at(rel: tuple, msg: str, key: bool = False) -> None:
        problems.append(match.problem(("setup",) + rel, msg, key=key))

    sides = setup["sides"]
    chars, bad = characters_of(setup, opts["hp_per_endurance"])
    for rel, msg in bad:
        at(rel, msg)
    phase = setup.get("phase", "battle")
    if phase == "ambush":
        if setup.get("ambusher") not in sides:
            at(("ambusher",) if "ambusher" in setup else ("phase",), say("kagemiya.ambusher_missing", sides=_list(sides)))
        if setup["rounds"] != 1:
            at(("rounds",), say("kagemiya.ambush_one_round"))  # KAGEMIYA-7.1
    elif "ambusher" in setup:
        at(("ambusher",), say("kagemiya.ambusher_outside_ambush"))
    areas = setup.get("areas", [])
    if areas and "area" in setup and setup["area"] not in areas:
        at(("area",), say("kagemiya.not_an_area", area=setup["area"]))
    for i, a in enumerate(setup.get("occupied", [])):
        if a not in areas:
            at(("occupied", i), say("kagemiya.not_an_area", area=a))
    # KAGEMIYA-1.2 / 1.8: a 陣営 in the battle has someone in front; two 陣営 are in it. Under way
    # with front_refill: none, a 陣営 whose front row emptied stays so (KAGEMIYA-8.4): play reaches it
    front_may_be_empty = setup.get("progress", {}).get("rounds_played", 0) > 0 and opts["front_refill"] == "none"
    fighting = []
    for sid in sides:
        if sides[sid].get("escaped"):
            continue
        mine = [c for c in chars.values() if c.side == sid and in_play_at_start(c)]
        if mine:
            fighting.append(sid)
            if not front_may_be_empty and not any(c.row == "front" for c in mine):
                at(("sides", sid), say("kagemiya.no_front", side=sid), key=True)
    if len(fighting) < 2 and not bad:
        at(("sides",), say("kagemiya.two_sides_needed", sides=_list(fighting) or say("kagemiya.nobody")), key=True)
    progress = setup.get("progress", {})
    played = progress.get("rounds_played", 0)
    if played >= setup["rounds"]:
        at(("progress", "rounds_played"), say("kagemiya.battle_over", played=played, rounds=setup["rounds"]))
    if "order" in progress:
        order = progress["order"]
        unknown = [sid for sid in order if sid not in sides]
        if unknown or any(order.count(sid) != 1 for sid in fighting) or len(dict.fromkeys(order)) != len(order):
            at(("progress", "order"), say("kagemiya.order_wrong", sides=_list(fighting)))
    elif played and phase == "battle" and not opts["initiative_each_round"]:
        at(("progress",), say("kagemiya.order_missing"))
    kinds = parse_spell_kinds(setup.get("command_spell_kinds"))
    for i, kd in enumerate(setup.get("command_spell_kinds", [])):  # KAGEMIYA-11
        grants = ("on", "dice", "sides") if kd.get("effect") == "reroll" else ("on", "dice", "sides", "modifier")
        mixed = [k for k in grants if "effect" in kd and k in kd]  # a re-roll may add a modifier (KAGEMIYA-11.6)
        if mixed:
            at(("command_spell_kinds", i, mixed[0]), say("kagemiya.spell_effect_and_grant", kid=kd["id"], key=mixed[0]))
        if "amount" in kd and kd.get("effect") != "heal":
            at(("command_spell_kinds", i, "amount"), say("kagemiya.spell_amount_not_heal", kid=kd["id"]))
    for sid, side in sides.items():  # KAGEMIYA-5.12: orders carried from the battle's earlier 巡
        if "standing" in side:
            checker = _TurnChecker(_Within(match, ("setup", "sides", sid, "standing")), setup, chars, kinds, opts)
            checker.standing_orders((), sid, side["standing"])
            problems += checker.problems
    for turn in match.turns:
        problems += _check_turn(turn, setup, chars, kinds, opts)
    return problems


class _Within:
    """Locates a checker's problems below ``prefix`` of the match file (the setup's standing orders
    are checked as a submission's are)."""

    def __init__(self, match: Any, prefix: tuple):
        self.match, self.prefix = match, prefix

    def problem(self, rel: tuple, message: str, *, key: bool = False) -> Problem:
        return self.match.problem(self.prefix + rel, message, key=key)


def needs_initiative(setup: dict, opts: dict, round_no: int) -> bool:
    """KAGEMIYA-3.4 / 7.1: whether the 先手判定 is made in this 巡."""
    if setup.get("phase", "battle") == "ambush":
        return False
    return round_no == 1 or opts["initiative_each_round"]


class _TurnChecker:
    def __init__(self, turn: Any, setup: dict, chars: dict[str, Character], kinds: dict[str, SpellKind],
                 opts: dict):
        self.turn, self.setup, self.chars, self.kinds, self.opts = turn, setup, chars, kinds, opts
        self.problems: list[Problem] = []

    def at(self, rel: tuple, msg: str, key: bool = False) -> None:
        self.problems.append(self.turn.problem(rel, msg, key=key))

    def own(self, where: tuple, cid: Any, sid: str) -> Character | None:
        c = self.chars.get(cid)
        if c is None:
            self.at(where, self.unknown(cid))
        elif c.side != sid:
            self.at(where, say("kagemiya.other_side", cid=cid, side=c.side, sid=sid))
        else:
            return c
        return None

    def unknown(self, cid: Any) -> str:
        names = {k: c.name for k, c in self.chars.items()}
        return say("kagemiya.unknown_character", cid=cid, hint=_hint(cid, names))

    def declared(self, where: tuple, c: Character, data: dict, checks: tuple[str, ...]) -> None:
        """KAGEMIYA-1.10: every declared id exists and applies to (one of) ``checks``."""
        for i, rid in enumerate(data.get("use", [])):
            r = c.resources.get(rid)
            if r is None or r.kind == "doubling":
                own = {k: v.name for k, v in c.resources.items() if v.kind != "doubling"}
                self.at(where + ("use", i), say("kagemiya.no_resource", cid=c.id, rid=rid, has=_has(own),
                                                hint=_hint(rid, own)))
            elif len(checks) == 1 and checks[0] not in r.on:
                self.at(where + ("use", i), say("kagemiya.not_for_check", rid=rid, check=check_name(checks[0]),
                                                on=_list(check_name(x) for x in r.on)))
        for i, rid in enumerate(data.get("doubling", [])):
            r = c.resources.get(rid)
            if r is None or r.kind != "doubling":
                own = {k: v.name for k, v in c.resources.items() if v.kind == "doubling"}
                self.at(where + ("doubling", i), say("kagemiya.no_doubling", cid=c.id, rid=rid, has=_has(own),
                                                     hint=_hint(rid, own)))
            elif len(checks) == 1 and CHECK_STAT[checks[0]] != r.stat:
                self.at(where + ("doubling", i), say("kagemiya.doubling_stat", rid=rid, stat=stat_name(r.stat),
                                                     check=check_name(checks[0]),
                                                     rolls=stat_name(CHECK_STAT[checks[0]])))
        for i, kid in enumerate(data.get("command_spells", [])):
            k = self.kinds.get(kid)
            if k is None:  # the kinds that add to checks (and, for a defence, the redirect)
                kinds = {k_id: k.name for k_id, k in self.kinds.items()
                         if k.effect is None or (k.effect == "redirect" and len(checks) > 1)}
                self.at(where + ("command_spells", i), say("kagemiya.unknown_spell_kind", kid=kid, kinds=_list(kinds),
                                                           hint=_hint(kid, kinds)))
            elif len(checks) == 1 and checks[0] not in k.on:
                self.at(where + ("command_spells", i), say("kagemiya.spell_not_for_check", kid=kid,
                                                           check=check_name(checks[0])))
            elif c.kind == "servant" and c.master is None:
                self.at(where + ("command_spells", i), say("kagemiya.no_master_to_pay", cid=c.id))

    def spell_action(self, where: tuple, c: Character, act: dict) -> None:
        """KAGEMIYA-11.1: a master's 令呪 outside a check, on its own servant."""
        for key in ("support", "doubling", "react"):
            if key in act:
                self.at(where + (key,), say("kagemiya.spell_action_has", key=key))
        if c.kind != "master":
            self.at(where + ("actor",), say("kagemiya.spell_action_not_master", cid=c.id))
            return
        if not act.get("command_spells"):
            self.at(where, say("kagemiya.spell_action_empty"))
        effects = []
        for i, kid in enumerate(act.get("command_spells", [])):
            k = self.kinds.get(kid)
            if k is None:
                kinds = {k_id: k.name for k_id, k in self.kinds.items() if k.effect not in (None, "redirect", "reroll")}
                self.at(where + ("command_spells", i), say("kagemiya.unknown_spell_kind", kid=kid, kinds=_list(kinds),
                                                           hint=_hint(kid, kinds)))
            elif k.effect in (None, "redirect", "reroll"):
                self.at(where + ("command_spells", i), say("kagemiya.spell_not_an_action", kid=kid))
            else:
                effects.append(k.effect)
        servant = None
        if isinstance(act.get("target"), str):
            servant = self.chars.get(act["target"])
            if servant is None or servant.kind != "servant" or servant.master != c.id:
                self.at(where + ("target",), say("kagemiya.spell_target_not_own", target=act["target"], cid=c.id))
                servant = None
        elif "target" in act:
            self.at(where + ("target",), say("kagemiya.spell_target_not_own", target=act["target"], cid=c.id))
        else:
            servant = servant_of(c, self.chars)
            if servant is None:
                self.at(where, say("kagemiya.spell_no_servant", cid=c.id))
        for i, rid in enumerate(act.get("use", [])):
            r = servant.resources.get(rid) if servant is not None else None
            if "restore_noble_phantasm" not in effects:
                self.at(where + ("use", i), say("kagemiya.spell_use_without_restore"))
            elif servant is not None and (r is None or r.kind != "noble_phantasm"):
                own = {k: v.name for k, v in servant.resources.items() if v.kind == "noble_phantasm"}
                self.at(where + ("use", i), say("kagemiya.no_resource", cid=servant.id, rid=rid, has=_has(own),
                                                hint=_hint(rid, own)))

    def side(self, sid: str, sub: dict, round_no: int) -> None:
        here = ("submissions", sid)
        setup = self.setup
        ambush = setup.get("phase", "battle") == "ambush"
        if "initiative" not in sub and needs_initiative(setup, self.opts, round_no):
            self.at(here, say("kagemiya.initiative_missing", n=round_no))
        if "initiative" in sub:
            if not needs_initiative(setup, self.opts, round_no):
                self.at(here + ("initiative",), say("kagemiya.no_initiative_ambush" if ambush
                                                    else "kagemiya.no_initiative_later", n=round_no))
            else:
                c = self.own(here + ("initiative", "roller"), sub["initiative"]["roller"], sid)
                if c is not None:
                    check = "escape" if sub["initiative"].get("escape") else "initiative"
                    self.declared(here + ("initiative",), c, sub["initiative"], (check,))
        self.standing_orders(here, sid, sub)
        acts = sub.get("actions", [])
        if acts and ambush and sid != setup.get("ambusher"):
            self.at(here + ("actions",), say("kagemiya.victims_act"))
        for i, act in enumerate(acts):
            self.action(here + ("actions", i), sid, act, ambush)

    def standing_orders(self, here: tuple, sid: str, sub: dict) -> None:
        """KAGEMIYA-4.3, 5.7: the escape roller and the defence orders name the 陣営's own characters
        and what they have."""
        if "escape_roller" in sub:
            c = self.own(here + ("escape_roller", "roller"), sub["escape_roller"]["roller"], sid)
            if c is not None:
                self.declared(here + ("escape_roller",), c, sub["escape_roller"], ("escape",))
        for cid, entries in sub.get("defense", {}).items():
            c = self.own(here + ("defense", cid), cid, sid)
            if c is None:
                continue
            for j, entry in enumerate(entries):
                where = here + ("defense", cid, j)
                if entry.get("after_roll"):  # KAGEMIYA-11.6: only a re-roll can follow the roll
                    self.rerolls(where, c, entry)
                    continue
                self.declared(where, c, entry, tuple(d for _, d in ATTACKS.values()))
                for k, kid in enumerate(entry.get("command_spells", [])):  # KAGEMIYA-11.5
                    kind = self.kinds.get(kid)
                    if kind is not None and kind.effect == "redirect" and c.kind != "master":
                        self.at(where + ("command_spells", k), say("kagemiya.redirect_not_master", kid=kid, cid=c.id))
                    elif kind is not None and kind.effect == "reroll":
                        self.at(where + ("command_spells", k), say("kagemiya.reroll_after_roll", kid=kid))
                    elif kind is not None and kind.effect not in (None, "redirect"):
                        self.at(where + ("command_spells", k), say("kagemiya.spell_is_an_action", kid=kid))
                self.condition(where, c, entry)

    def condition(self, where: tuple, c: Character, entry: dict) -> None:
        """KAGEMIYA-5.7, 5.14: a standing order's condition reads only what its vocabulary names."""
        if "if" in entry:
            _, cp = parse(entry["if"], condition_vocabulary(c, after_roll=bool(entry.get("after_roll"))))
            for p, m in cp:
                self.at(where + ("if",) + p, m)

    def rerolls(self, where: tuple, c: Character, entry: dict) -> None:
        """KAGEMIYA-11.6: an entry read after the roll (a defence's ``after_roll``, an attack's
        ``react``) declares only re-roll 令呪, paid by the character or its master."""
        for key in ("use", "doubling"):
            if key in entry:
                self.at(where + (key,), say("kagemiya.after_roll_declares", key=key))
        if not entry.get("command_spells"):
            self.at(where, say("kagemiya.after_roll_empty"))
        for k, kid in enumerate(entry.get("command_spells", [])):
            kind = self.kinds.get(kid)
            if kind is None or kind.effect != "reroll":
                kinds = {k_id: x.name for k_id, x in self.kinds.items() if x.effect == "reroll"}
                self.at(where + ("command_spells", k), say("kagemiya.not_a_reroll", kid=kid, kinds=_list(kinds)))
            elif c.kind == "servant" and c.master is None:
                self.at(where + ("command_spells", k), say("kagemiya.no_master_to_pay", cid=c.id))
        self.condition(where, c, {**entry, "after_roll": True})

    def action(self, where: tuple, sid: str, act: dict, ambush: bool) -> None:
        c = self.own(where + ("actor",), act["actor"], sid)
        if c is None:
            return
        do = act["do"]
        if do == "pass":
            for key in ("target", "support", "use", "command_spells", "doubling", "react"):
                if key in act:
                    self.at(where + (key,), say("kagemiya.pass_has", key=key))
            return
        if do == "command_spell":
            self.spell_action(where, c, act)
            return
        if do == "escape":
            if ambush:
                self.at(where + ("do",), say("kagemiya.escape_in_ambush"))
            for key in ("target", "support", "react"):
                if key in act:
                    self.at(where + (key,), say("kagemiya.escape_has", key=key))
            self.declared(where, c, act, ("escape",))
            return
        check = ATTACKS[do][0]
        if "target" not in act:
            self.at(where, say("kagemiya.target_missing", do=check_name(check)))
        else:
            named = targets_of(act)
            many = isinstance(act["target"], list)
            for j, tid in enumerate(named):
                at = where + ("target",) + ((j,) if many else ())
                t = self.chars.get(tid)
                if t is None:
                    self.at(at, self.unknown(tid))
                elif t.side == sid:
                    self.at(at, say("kagemiya.target_own_side", target=t.id, sid=sid))
            if len(named) > 1:  # KAGEMIYA-5.11: only a declared 対軍 resource names several
                room = max([r.targets for rid in act.get("use", []) if (r := c.resources.get(rid)) is not None
                            and check in r.on] + [1])
                if len(named) > room:
                    self.at(where + ("target",), say("kagemiya.too_many_targets", n=len(named), room=room))
                if "react" in act:  # KAGEMIYA-11.6: one roll faces every defence
                    self.at(where + ("react",), say("kagemiya.react_several_targets"))
        for j, sup in enumerate(act.get("support", [])):
            s = self.own(where + ("support", j), sup, sid)
            if s is not None and s.id == c.id:
                self.at(where + ("support", j), say("kagemiya.self_support"))
        self.declared(where, c, act, (check,))
        for j, entry in enumerate(act.get("react", [])):  # KAGEMIYA-11.6: the attacker's re-roll
            self.rerolls(where + ("react", j), c, entry)
        # KAGEMIYA-5.5 / 7.2
        if ambush and do != "ambush" and self.opts["ambush_phase_attacks"] == "ambush_only":
            self.at(where + ("do",), say("kagemiya.ambush_phase_only_ambush"))
        if do == "ambush" and not ambush:
            enabled = any(r.ambush and r.kind == "skill" for r in c.resources.values()) or any(
                c.resources.get(rid) is not None and c.resources[rid].ambush for rid in act.get("use", []))
            if not enabled:
                self.at(where + ("do",), say("kagemiya.ambush_not_allowed", cid=c.id))


def _check_turn(turn: Any, setup: dict, chars: dict[str, Character], kinds: dict[str, SpellKind], opts: dict
                ) -> list[Problem]:
    checker = _TurnChecker(turn, setup, chars, kinds, opts)
    round_no = turn.number  # KAGEMIYA-1.1: turn N is 巡 N (first_turn: played + 1)
    sides = setup["sides"]
    for sid, sub in turn.submissions.items():
        if sid not in sides:
            checker.at(("submissions", sid), say("kagemiya.not_a_side", side=sid, sides=_list(sides)), key=True)
            continue
        checker.side(sid, sub, round_no)
    return checker.problems


def _lapsed_orders(match: Any) -> list[Problem]:
    problems = []
    for earlier, turn in zip(match.turns, match.turns[1:]):
        for sid, sub in turn.submissions.items():
            for path in standing.dropped(earlier.submissions.get(sid, {}), sub):
                what = say(f"kagemiya.order_word.{path[0]}", cid=path[1] if len(path) > 1 else "")
                problems.append(turn.problem(("submissions", sid), say("kagemiya.order_lapses", what=what,
                                                                      n=earlier.number)))
    return problems


def setup_from_log(log: dict) -> dict:
    """KAGEMIYA-1.8: the log's setup with its final state: HP, rows, 令呪 and uses left, who dropped
    out, the 巡 played, the 行動順, which 陣営 escaped (and where), and the orders that stand
    (KAGEMIYA-5.12)."""
    setup = copy.deepcopy(log["input"]["match"]["setup"])
    state = log["state"]
    for sid, side in setup["sides"].items():
        side.pop("standing", None)
        if state["sides"][sid].get("standing"):
            side["standing"] = copy.deepcopy(state["sides"][sid]["standing"])
        if state["sides"][sid]["status"] == "escaped":
            side["escaped"] = True
            if state["sides"][sid]["escaped_to"] is not None:
                side["escaped_to"] = state["sides"][sid]["escaped_to"]
    chars = {}
    for cid, data in setup["characters"].items():
        now = state["characters"][cid]
        data.update(hp=now["hp"], max_hp=now["max_hp"], row=now["row"])
        if data["kind"] == "master":
            data["command_spells"] = now["command_spells"]
        for key in ("skills", "noble_phantasms", "doubling"):
            for r in data.get(key, []):  # a 令呪 may have restored what the old setup had used
                if r["id"] in now["used"]:
                    r["used"] = now["used"][r["id"]]
                else:
                    r.pop("used", None)
        for flag in ("eliminated", "protected"):
            if now[flag]:
                data[flag] = True
            else:
                data.pop(flag, None)
        chars[cid] = data
    setup["characters"] = chars
    progress = state["progress"]
    setup["progress"] = {"rounds_played": progress["rounds_played"]}
    if progress["order"] is not None:
        setup["progress"]["order"] = list(progress["order"])
    return setup


def play_warnings(match: Any, log: dict) -> list[Problem]:
    """Doubtful but legal turn files, found in what resolution did with them (``validate``).

    KAGEMIYA-3.1 / 4.3: a named 先手判定 or 逃走判定 roller that cannot roll when the roll is made (in
    the back row, or out of the battle) is replaced; the warning says by whom, at the roller's line.
    KAGEMIYA-5.12: with ``standing_orders: one_round``, orders a 陣営 gave in one 巡 and not in the
    next lapse; the warning names them."""
    problems = _lapsed_orders(match) if match.options["standing_orders"] == "one_round" else []
    rule = say(f"kagemiya.stand_in_rule.{log['options'].get('escape_roller', 'highest_agility')}")
    for turn, logged in zip(match.turns, log["turns"]):
        events = logged["events"]
        ordered = next((i for i, e in enumerate(events) if e["kind"] == "order"), len(events))
        for i, e in enumerate(events):
            if e["kind"] != "cancel" or e.get("what") not in ("initiative", "escape") or "actor" not in e:
                continue
            key = "initiative" if i < ordered and "initiative" in turn.submissions.get(e["side"], {}) \
                else "escape_roller"
            instead = next((x["actor"] for x in events[i + 1:] if x["kind"] == "check" and x["side"] == e["side"]),
                           None)
            where = ("submissions", e["side"], key, "roller")
            what = {"cid": e["actor"], "check": check_name(e["what"]), "why": say(f"kagemiya.not_rolling.{e['reason']}")}
            if instead:
                problems.append(turn.problem(where, say("kagemiya.roller_stands_in", **what, instead=instead, rule=rule)))
            else:
                problems.append(turn.problem(where, say("kagemiya.roller_nobody", **what)))
    return problems

