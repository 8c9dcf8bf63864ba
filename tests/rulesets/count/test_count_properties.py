"""Property tests for count: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.drawing import made_once, pick

from dhproc import api
from tests.rulesets.common import said
from dhproc.errors import ResolutionError
from dhproc.rulesets.count.model import COLUMNS, ROWS
from dhproc.rulesets.count.options import OPTIONS

from ... import coverage, fuzz

ROOT = Path(__file__).resolve().parents[3]
SQUARES = [c + r for c in COLUMNS for r in ROWS]
ATTRS = ["斬", "火", "無"]
STATS = ["hit", "evasion", "magic", "resistance", "agility"]
VALUES = ["move_cost", "move_limit", "ca_value", "hit_crit", "hit_fumble", "evasion_crit", "evasion_fumble", "resist"]
SIDES = ["enemy", "ally", "any", "self"]


@made_once
@st.composite
def riders(draw, *, max_size: int = 2) -> list:
    """付与効果 / effects of every op the schema allows."""
    out = []
    ops = ["count", "stat", "heal"] * 3 + ["stop"]  # 行動不能 rarer: it silences whole 行動手番
    for op in draw(st.lists(pick(ops), min_size=1, max_size=max_size)):
        r: dict = {"op": op}
        if op == "stat":  # COUNT-7.11 / 7.12: any value a stat effect changes, for any span
            r["stat"] = draw(pick(STATS + VALUES))
            if r["stat"] == "resist":
                r["attribute"] = draw(pick(ATTRS))
            until = draw(pick(["end_phase", "end_phase", "own_turn", "counts", None]))
            if until is not None:
                r["until"] = until
            if until == "counts":
                r["counts"] = draw(st.integers(1, 12))
        if op != "stop":
            r["value"] = draw(st.integers(0 if op == "heal" else -4, 4))
        out.append(r)
    return out


@made_once
@st.composite
def attacks(draw, name: str, timing: str) -> dict:
    check = draw(pick(["hit", "magic", "none"]))
    s = {"name": name, "timing": timing, "check": check,
         "kind": draw(pick(["melee", "ranged", "magic", "none"])), "range": draw(st.integers(0, 5)),
         "pierce": draw(st.booleans())}
    s["targets"] = {"count": 1 if s["pierce"] else draw(st.integers(1, 2)), "side": draw(pick(["enemy", "any", "ally"]))}
    if check == "none" or draw(st.integers(0, 5)):  # an attack with a check may deal no damage
        s["damage"] = {"fixed": draw(st.integers(0, 12)),
                       "attributes": draw(st.lists(pick(ATTRS), min_size=1, max_size=2, unique=True))}
        if draw(st.booleans()):
            s["damage"]["dice"] = {"count": draw(st.integers(0, 2)), "sides": draw(pick([4, 6, 10]))}
    if draw(st.booleans()):
        s["riders"] = draw(riders())
    return s


@made_once
@st.composite
def other_skill(draw, name: str) -> dict:
    """A skill of any other timing the schema has, with the fields that timing takes."""
    timing = draw(pick(["main_action", "counter", "sub_action", "main_action_effect", "count_start",
                                   "before_damage", "after_damage", "reroll"]))
    if timing in ("main_action", "counter"):
        s = draw(attacks(name, timing))
    elif timing in ("sub_action", "main_action_effect"):
        s = {"name": name, "timing": timing.removesuffix("_effect"), "range": draw(st.integers(0, 4)),
             "targets": {"count": draw(st.integers(1, 2)), "side": draw(pick(SIDES))},
             "effects": draw(riders())}
        if (s["targets"]["side"] == "self" or s["targets"]["count"] == 1) and draw(st.booleans()):
            s["effects"].append({"op": "place"})  # 「～に配置する」: its user (COUNT-3.10) or its target (3.11)
    elif timing == "count_start":
        s = {"name": name, "timing": timing, "counts": draw(st.lists(st.integers(1, 20), min_size=1, max_size=3)),
             "range": draw(st.integers(0, 3)), "targets": {"side": draw(pick(SIDES))},
             "effects": draw(riders())}
    elif timing == "before_damage":
        if draw(st.booleans()):
            s = {"name": name, "timing": timing, "op": "cover", "range": draw(st.integers(0, 2))}
        else:
            s = {"name": name, "timing": timing, "step": draw(pick(["increase", "reduce", "real"])),
                 "value": draw(st.integers(-3, 3))}
    elif timing == "after_damage":
        s = {"name": name, "timing": timing, "when": draw(pick(["dealt", "taken"])),
             "targets": {"side": draw(pick(["self", "enemy"]))}, "effects": draw(riders())}
    else:
        s = {"name": name, "timing": timing, "roll": draw(pick(["hit", "evasion", "damage", "escape"]))}
    if timing in ("count_start", "after_damage") and s["targets"]["side"] != "self" and draw(st.integers(0, 3)) == 0:
        s["choose"] = True  # COUNT-2.6: the side names the targets
        s["targets"]["count"] = draw(st.integers(1, 2))
    if timing == "before_damage" and "step" in s and draw(st.booleans()):  # COUNT-7.13
        s["declared"] = True
    if s.get("step") == "increase" and draw(st.booleans()):  # COUNT-7.15: ダメージ+1D10
        s["dice"] = {"count": draw(st.integers(0, 2)), "sides": draw(pick([6, 10]))}
    if draw(st.integers(0, 3)) == 0:  # an item, with or without a count of uses
        s["item"] = True
        if draw(st.booleans()):
            s["uses"] = draw(st.integers(0, 2))
    limits_and_costs(draw, s, pays=timing != "before_damage" or s.get("declared", False))
    return s


def limits_and_costs(draw, s: dict, *, pays: bool) -> None:
    """COUNT-1.9 / 1.10: a use limit per round or battle (with uses made before), and a cost."""
    if draw(st.integers(0, 2)) == 0:
        s["limit"] = {"count": draw(st.integers(1, 2))}
        if draw(st.booleans()):
            s["limit"]["per"] = draw(pick(["round", "battle"]))
            if s["limit"]["per"] == "battle" and draw(st.booleans()):
                s["used"] = draw(st.integers(0, s["limit"]["count"]))
    if pays and draw(st.integers(0, 3)) == 0:
        s["cost"] = {k: draw(st.integers(0, 4)) for k in ("hp", "hand", "count", "ca") if draw(st.booleans())}


@st.composite
def count_matches(draw) -> dict:
    squares = draw(st.permutations(SQUARES))
    skirmish = draw(st.integers(0, 2)) > 0  # two matches in three
    if skirmish:  # a skirmish: all within a 3×3 block, so most attacks reach and land
        col, row = draw(st.integers(0, len(COLUMNS) - 3)), draw(st.integers(0, len(ROWS) - 3))
        squares = draw(st.permutations([c + r for c in COLUMNS[col:col + 3] for r in ROWS[row:row + 3]]))
    fallen = draw(pick([None, None, None, 0, 1, 2, 3, 4]))  # one unit may start down or gone
    chars: dict = {}
    for n, side in enumerate(["pc", "pc", "enemy", "enemy", draw(pick(["pc", "enemy"]))]):
        fumble, crit = sorted(draw(st.lists(st.integers(1, 21), min_size=2, max_size=2, unique=True)))
        ecrit, efumble = sorted(draw(st.lists(st.integers(0, 101), min_size=2, max_size=2, unique=True)))
        skills = [dict(draw(attacks("通常", "main_action")), normal=True)]
        if draw(st.integers(0, 3)) == 0:
            limits_and_costs(draw, skills[0], pays=True)
        skills += [draw(other_skill(f"技{n}{k}")) for k in range(draw(st.integers(1, 4)))]
        if draw(st.integers(0, 2)) == 0:  # a cover skill often enough for covers to happen
            skills.append({"name": f"かばう{n}", "timing": "before_damage", "op": "cover", "range": draw(st.integers(1, 3))})
        c = {"name": f"ユニット{n}", "side": side, "kind": "pc" if side == "pc" else "enemy", "at": squares[n],
             "count": draw(st.integers(1 if skirmish else 0, 30)), "hit": draw(st.integers(0, 20)), "evasion": draw(st.integers(0, 20)),
             "magic": draw(st.integers(0, 20)), "resistance": draw(st.integers(0, 20)),
             "agility": draw(st.integers(0, 9)), "move_cost": draw(st.integers(0, 3)),
             "move_limit": draw(st.integers(0, 4)), "hit_crit": crit, "hit_fumble": fumble, "evasion_crit": ecrit,
             "evasion_fumble": efumble, "ca_value": draw(st.integers(0, 18)), "ca_left": draw(st.integers(skirmish, 3)),
             "resist": {a: draw(st.integers(-3, 5)) for a in ATTRS if draw(st.booleans())},
             "hp": draw(st.integers(1, 40)), "rerolls": draw(st.integers(skirmish, 2)), "skills": skills}
        if side == "pc":
            c["hand"] = ["札1", "札2", "札3"][: draw(st.integers(0, 3))]
        else:  # COUNT-1.10: only a PC pays in cards
            for sk in skills:
                sk.get("cost", {}).pop("hand", None)
        # COUNT-1.5: a battle under way states where each character is now
        if draw(st.integers(0, 3)) == 0:
            c["hp_now"] = draw(st.integers(1, c["hp"]))
        if draw(st.integers(0, 3)) == 0:
            c["ca_now"] = draw(st.integers(0, c["ca_left"]))
        if not skirmish and draw(st.integers(0, 5)) == 0:  # a skirmish's attackers all get a 行動手番
            c["count_now"], c["done"] = 0, True
        elif draw(st.integers(0, 3)) == 0:
            c["count_now"] = draw(st.integers(0, 30))
        if n == fallen:
            if draw(st.booleans()):
                c["escaped"] = True
            else:
                c["hp_now"] = 0
        if draw(st.integers(0, 11)) == 0:
            c["stopped"] = True
        chars[f"u{n}"] = c
    ids = list(chars)
    setup: dict = {"sides": {"pc": {"name": "PC"}, "enemy": {"name": "敵"}}, "characters": chars}
    if draw(st.integers(0, 3)) == 0:
        setup["round"] = draw(st.integers(1, 4))
        if not skirmish and draw(st.booleans()):
            setup["count_now"] = draw(st.integers(1, 30))
        if draw(st.booleans()):
            setup["next_effect_id"] = draw(st.integers(1, 9))

    def timed(who: str, timing: str) -> list[dict]:
        return [s for s in chars[who]["skills"] if s["timing"] == timing]

    def near(who: str, reach: int, among) -> list:
        """What lies within ``reach`` squares of where ``who`` starts (mostly still true when it acts)."""
        c, r = COLUMNS.index(chars[who]["at"][0]), ROWS.index(chars[who]["at"][1])
        return [x for x in among if abs(COLUMNS.index(x[0]) - c) + abs(ROWS.index(x[1]) - r) <= reach]

    def action(who: str, slot: str, *, attack: bool = False) -> dict:
        usable = timed(who, slot)
        if attack:  # one with a check, whose 回避判定 may give a CA (COUNT-6)
            usable = [s for s in usable if s.get("check", "none") != "none"] or usable
        kind = "skill" if attack else \
            draw(pick(["move", "skill", "skill"] + (["escape"] if slot == "main_action" else [])))
        if kind == "move" or not usable:
            close = [q for q in near(who, chars[who]["move_limit"], SQUARES) if q != chars[who]["at"]]
            return {"move": {"to": draw(pick(close if close and draw(st.integers(0, 3)) else SQUARES))}}
        if kind == "escape":
            return {"escape": True}
        skill = draw(pick(usable))
        act: dict = {"skill": skill["name"]}
        if any(e["op"] == "place" for e in skill.get("effects", [])):
            act["to"] = draw(pick(near(who, skill["range"], SQUARES) or SQUARES))
        if skill.get("cost", {}).get("hand") and draw(st.booleans()):  # COUNT-1.10: the cards chosen
            act["cards"] = draw(st.lists(pick(["札1", "札2", "札3"]), max_size=2))
        declared = [s["name"] for s in chars[who]["skills"] if s.get("declared")]
        if declared and skill.get("check", "none") != "none" and draw(st.booleans()):  # COUNT-7.13
            act["before_damage"] = draw(st.lists(pick(declared), min_size=1, max_size=2, unique=True))
        if draw(st.integers(0, 4)):  # mostly aimed at who is in range; sometimes anyone (refused as an event)
            side = skill.get("targets", {}).get("side", "enemy")  # on the side the skill aims at
            aimed = [t for t in ids if side in ("any", "self") or (chars[t]["side"] == chars[who]["side"]) == (side == "ally")]
            reach = [t for t in aimed if chars[t]["at"] in near(who, skill.get("range", 1), [chars[t]["at"]])]
            pool = reach if reach and draw(st.integers(0, 3)) else ids
            most = skill.get("targets", {}).get("count", 1)
            act["targets"] = draw(st.lists(pick(pool), min_size=1, max_size=max(1, most), unique=True))
        return act

    def plan(who: str, *, attack: bool = False) -> dict:
        """One 行動手番's actions; ``attack``: its main action is an attack skill (a skirmish's opening)."""
        p = {}
        for slot in ("sub_action", "main_action"):
            if draw(st.booleans()) or (attack and slot == "main_action"):
                p[slot] = action(who, slot, attack=attack and slot == "main_action")
        return p

    def submissions() -> dict:
        subs = {}
        for side in ("pc", "enemy"):
            mine = [c for c in ids if chars[c]["side"] == side]
            plans = {c: [plan(c, attack=skirmish and n == 0) for n in range(draw(pick([0, 1, 2, 2, 3, 3][skirmish:])))]
                     for c in mine}
            reactions = {}
            for c in mine:
                r = {"ca": skirmish or draw(st.booleans()), "reroll_hit_fumble": draw(st.booleans()),
                     "reroll_evasion_failure": draw(st.booleans())}
                if draw(st.integers(0, 3)) == 0:  # COUNT-4.6: re-roll a 達成値 below this
                    r["reroll_hit_below"] = draw(st.integers(0, 35))
                if draw(st.integers(0, 3)) == 0:  # COUNT-5.9: re-roll an evasion for a CA
                    r["reroll_evasion_for_ca"] = True
                if skirmish or draw(st.integers(0, 3)) == 0:  # COUNT-7.14: re-roll the damage dice
                    r["reroll_damage_below"] = draw(st.integers(0, 25))
                if draw(st.integers(0, 3)) == 0:  # COUNT-3.12: re-roll a failed 逃走
                    r["reroll_escape"] = True
                ca_attacks = [s for s in chars[c]["skills"] if s["timing"] in ("main_action", "counter")
                              and (s.get("check", "none") != "none" or "damage" in s)]
                counters = [s for s in ca_attacks if s["timing"] == "counter" and s["targets"]["side"] != "ally"]
                if skirmish and counters and draw(st.integers(0, 3)):  # COUNT-8.2: a タイミング：CA skill at work
                    r["ca_skill"] = draw(pick(counters))["name"]
                elif ca_attacks and draw(st.booleans()):
                    r["ca_skill"] = draw(pick(ca_attacks))["name"]
                choosing = [s["name"] for s in chars[c]["skills"] if s.get("choose")]
                if choosing and draw(st.integers(0, 3)):  # COUNT-2.6
                    r["choose"] = {n: draw(st.lists(pick(ids), min_size=0, max_size=2, unique=True))
                                   for n in choosing if draw(st.integers(0, 3))}
                declared = [s["name"] for s in chars[c]["skills"] if s.get("declared")]
                if declared and draw(st.booleans()):  # COUNT-7.13
                    r["before_damage"] = draw(st.lists(pick(declared), min_size=1, max_size=2, unique=True))
                others = [o for o in mine if o != c]
                if others and any(s.get("op") == "cover" for s in chars[c]["skills"]):
                    r["cover"] = draw(st.lists(pick(others), min_size=1, max_size=2, unique=True))
                reactions[c] = r
            sub: dict = {"plans": plans, "reactions": reactions}
            fallback = {c: plan(c) for c in mine if draw(st.booleans())}
            if fallback:
                sub["fallback"] = fallback
            subs[side] = sub
        return subs

    options = {o.id: draw(pick(o.choices)) for o in OPTIONS if o.choices and draw(st.booleans())}
    for o in OPTIONS:
        if not o.choices and not (skirmish and o.id == "start_count") and draw(st.integers(0, 4)) == 0:  # the whole-number options, at their low end
            options[o.id] = draw(st.integers(o.minimum, min(o.maximum, 25)))
    first = setup.get("round", 1)
    if options.get("occupied_squares") == "allow" and first > 1 and draw(st.booleans()):
        # COUNT-1.2, 3.4: from round 2 on under `allow` a battle under way may have units sharing a
        # square (then a 貫通 line holds several on one square, or a target on the user's own, COUNT-3.8)
        for who in draw(st.lists(pick(ids), min_size=1, max_size=2, unique=True)):
            chars[who]["at"] = chars[draw(pick(ids))]["at"]
    turns = [{"turn": t, "submissions": submissions()} for t in range(first, first + draw(st.integers(1, 2)))]
    note_generated(setup, options)
    note_submitted(turns)
    return {"dhproc": 1, "ruleset": "count", "seed": draw(st.integers(0, 2**32)), "options": options,
            "setup": setup, "turns": turns}


def note_generated(setup: dict, options: dict) -> None:
    """tests/coverage.py: what the generator put in the matches (printed by the deep profile)."""
    chars = setup["characters"].values()
    skills = [s for c in chars for s in c["skills"]]
    coverage.note("count skill timings", [s["timing"] for s in skills])
    coverage.note("count skill fields", [k for s in skills for k in s] + [f"damage.{k}" for s in skills
                                                                          for k in s.get("damage", {})])
    coverage.note("count rider ops", [r["op"] for s in skills for r in s.get("riders", []) + s.get("effects", [])])
    coverage.note("count placements", [f"place {'self' if s['targets']['side'] == 'self' else 'another'}" for s in skills
                                       if any(r["op"] == "place" for r in s.get("effects", []))])  # COUNT-3.10 / 3.11
    lasting = [r for s in skills for r in s.get("riders", []) + s.get("effects", []) if r["op"] == "stat"]
    coverage.note("count stat values", [r["stat"] for r in lasting])  # COUNT-7.11
    coverage.note("count stat spans", [r.get("until", "end_phase (default)") for r in lasting])  # COUNT-7.12
    coverage.note("count limits and costs", [f"limit per {s['limit'].get('per', 'round')}" for s in skills if "limit" in s]
                  + ["used" for s in skills if "used" in s] + [f"cost {k}" for s in skills for k in s.get("cost", {})]
                  + ["declared before_damage" for s in skills if s.get("declared")]
                  + [f"choose {s['timing']}" for s in skills if s.get("choose")]
                  + ["increase dice" for s in skills if s.get("timing") == "before_damage" and "dice" in s])
    coverage.note("count skill shapes", [f"targets.side {s['targets']['side']}" for s in skills if "targets" in s]
                  + [f"check {s['check']}" for s in skills if "check" in s] + [f"kind {s['kind']}" for s in skills
                                                                               if "kind" in s]
                  + ["item" for s in skills if s.get("item")] + ["pierce" for s in skills if s.get("pierce")])
    coverage.note("count setup state", [k for c in chars for k in c if k in ("hp_now", "ca_now", "count_now", "done",
                                                                             "escaped", "stopped", "hand")]
                  + [k for k in setup if k in ("round", "count_now", "next_effect_id")]
                  + (["shared square"] if len({c["at"] for c in chars}) < len(setup["characters"]) else []))
    coverage.note("count options", [f"{k}={v}" for k, v in options.items()])


def note_submitted(turns: list[dict]) -> None:
    """The reaction and action keys the new skill elements read (COUNT-2.6, 3.11, 4.6, 5.9, 7.13)."""
    subs = [sub for t in turns for sub in t["submissions"].values()]
    reactions = [r for sub in subs for r in sub.get("reactions", {}).values()]
    actions = [a for sub in subs for plans in sub.get("plans", {}).values() for p in plans for a in p.values()]
    coverage.note("count submitted", [k for r in reactions for k in r if k in ("reroll_hit_below", "reroll_evasion_for_ca",
                                                                              "reroll_damage_below", "reroll_escape",
                                                                              "before_damage", "choose")]
                  + [f"action {k}" for a in actions for k in a if k in ("before_damage", "to", "cards")])


REROLLED = {"hit": "hit_check", "evasion": "evasion", "damage": "damage", "escape": "escape"}  # reaction -> roll
PAID = {"count": ("count_before", "count_after"), "hp": ("hp_before", "hp_after"), "ca": ("ca_before", "ca_after")}


def timing_of(match: dict, who: str, skill: str) -> str:
    return next(s["timing"] for s in match["setup"]["characters"][who]["skills"] if s["name"] == skill)


def note_drawn_and_fired(match: dict, log: dict) -> None:
    """python tests/coverage.py: the skill elements drawn against those a log shows at work (a use
    at each timing, a cost paid, a limit or an unpayable cost refusing a use, a re-roll made)."""
    coverage.generated("count")
    skills = [s for c in match["setup"]["characters"].values() for s in c["skills"]]
    events = [e for t in log["turns"] for e in t["events"]]
    coverage.drawn_and_fired("count", "skill timing", [s["timing"] for s in skills],
                             [e["action"] for e in events if e["kind"] == "use"]
                             + ["reroll" for e in events if e["kind"] == "reroll" and e.get("skill")]
                             + ["counter" for e in events if e["kind"] == "ca"  # a CA with a counter skill (COUNT-8.2)
                                and timing_of(match, e["character"], e["skill"]) == "counter"]
                             + ["before_damage" for e in events if e["kind"] == "cover"  # COUNT-7.3 - 7.5, 7.15
                                or e["kind"] == "damage" and (e.get("reductions") or e.get("real_changes"))
                                or e["kind"] == "damage_roll" and e.get("increases")])
    landed = any(e["kind"] in ("damage", "no_evasion") or e["kind"] == "evasion" and e["final"] and not e["evaded"]
                 for e in events)  # a target hit (COUNT-5), or damage dealt without a check
    coverage.drawn_and_fired("count", "attack", ["landed"], ["landed"] * landed)
    pays = [e for e in events if e["kind"] == "pay"]
    coverage.drawn_and_fired("count", "cost paid", [k for s in skills for k in s.get("cost", {})],
                             [k for e in pays for k, (before, after) in PAID.items() if e.get(before) != e.get(after)]
                             + ["hand" for e in pays if e.get("cards")])
    cancels = [e["reason"] for e in events if e["kind"] == "cancel"]
    coverage.drawn_and_fired("count", "refused", ["limit"] * any("limit" in s for s in skills)
                             + ["cost"] * any("cost" in s for s in skills),
                             [r for r in cancels if r in ("limit", "cost")])
    coverage.drawn_and_fired("count", "re-roll", [REROLLED[k.split("_")[1]] for t in match["turns"]
                                                  for sub in t["submissions"].values()
                                                  for r in sub.get("reactions", {}).values() for k in r
                                                  if k.startswith("reroll_") and r[k] is not False],
                             [e["roll"] for e in events if e["kind"] == "reroll"])


def note_resolved(log: dict) -> None:
    events = [e for t in log["turns"] for e in t["events"]]
    coverage.note("count events", [e["kind"] for e in events])
    coverage.note("count cancel reasons", [e["reason"] for e in events if e["kind"] == "cancel"])
    coverage.note("count actions used", [e["action"] for e in events if e["kind"] == "use"])
    coverage.note("count outcomes", [log["outcome"]["result"]] + [t["status"] for t in log["turns"]])


def resolve_playable(match: dict) -> tuple[dict | None, str]:
    """Resolve, dropping turns after the battle was decided (those are an input error by design);
    None for a CA chain longer than a low ``ca_chain_cap`` (COUNT-8.4), a located input error."""
    while True:
        text = json.dumps(match, ensure_ascii=False)
        try:
            return api.resolve(api.loads(text, name="m.yaml")), text
        except ResolutionError as exc:
            if "ca_chain_cap" in str(exc):
                assert re.match(r"m\.yaml:\d+:\d+: ", str(exc)) and match["options"].get("ca_chain_cap"), str(exc)
                return None, text
            assert said(str(exc), "turn.after_end"), str(exc)
            match["turns"] = match["turns"][:-1]


@given(match=count_matches())
def test_count_battles_are_deterministic_replay_and_keep_their_invariants(match: dict, tmp_path_factory) -> None:
    log, text = resolve_playable(match)
    if log is None:  # refused as input: nothing took effect
        note_drawn_and_fired(match, {"turns": []})
        return
    note_resolved(log)
    note_drawn_and_fired(match, log)
    assert api.dumps(api.resolve(api.loads(text, name="m.yaml"))) == api.dumps(log)
    path = tmp_path_factory.mktemp("log") / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(path) is None
    setup = log["input"]["match"]["setup"]["characters"]
    ko_at_zero = log["options"]["knocked_out_at"] == "zero"
    down: set[str] = {cid for cid, c in setup.items() if c.get("escaped") or (ko_at_zero and c.get("hp_now") == 0)}
    stopped: set[str] = {cid for cid, c in setup.items() if c.get("stopped")}
    ca_left = {cid: c.get("ca_now", c["ca_left"]) for cid, c in setup.items()}
    for e in (e for t in log["turns"] for e in t["events"]):
        if e["kind"] in ("turn_slot", "attack", "move"):
            who = e.get("character", e.get("actor"))
            assert who not in down, f"{who} acted after falling or escaping: {e}"
        if e["kind"] in ("attack", "move", "escape", "ca", "evasion", "cover"):  # COUNT-3.9, 5.8
            who = e.get("character", e.get("actor"))
            assert who not in stopped, f"{who} acted while 行動不能: {e}"
        if e["kind"] == "effect" and e["op"] == "stop":
            stopped.add(e["target"])
        elif e["kind"] == "stop_ends":
            stopped.discard(e["character"])
        if e["kind"] == "turn_slot":
            assert e["count_after"] == max(0, e["count_before"] - 10) and e["done"] == (e["count_after"] == 0)
        elif e["kind"] == "move":
            assert e["count_after"] == e["count_before"] - e["cost"] and (e["action"] == "main_action"
                                                                           or e["count_after"] > 0)
        elif e["kind"] == "evasion":
            assert e["evasion_rate"] == max(0, min(100, (20 - (e["total"] - e["defence"])) * 5))
            if e["final"]:
                assert e["reading"] == (0 if e["face"] == 100 else e["face"] // 10 + e["face"] % 10)
                assert e["ca_before"] - e["ca_left"] == (1 if e["ca_taken"] else 0)
                assert e["ca_before"] == ca_left[e["actor"]]
                ca_left[e["actor"]] = e["ca_left"]
                assert not e["ca_taken"] or e["reading"] <= e["ca_value"]
        elif e["kind"] == "pay":  # COUNT-1.10: paying never fells the user nor ends its count
            assert e.get("hp_after", 1) > 0 and e.get("count_after", 1) > 0, e
            if "ca_after" in e:  # a 残りCA回数 paid as a cost is gone before the next CA check
                assert e["ca_before"] == ca_left[e["character"]]
                ca_left[e["character"]] = e["ca_after"]
        elif e["kind"] == "damage":
            assert e["final"] >= 0 and e["hp_after"] == max(0, e["hp_before"] - e["final"])
            assert e["after_multiply"] == e["after_resist"] * e["multiplier"]
        elif e["kind"] in ("knocked_out",):
            down.add(e["character"])
        elif e["kind"] == "escape" and e["success"]:
            down.add(e["character"])
        elif e["kind"] == "end_phase":
            for cid, n in e["ca_left"].items():
                ca_left[cid] = n
    for cid, c in log["state"]["characters"].items():
        assert 0 <= c["hp_now"] <= c["hp"] and c["count"] >= 0 and c["ca_left"] >= 0
        assert c["knocked_out"] == (cid in down and not c["escaped"]) or c["escaped"]
    for lang in ("ja", "en"):
        for view in ("gk", "public"):
            assert api.render(log, lang=lang, view=view)


EXAMPLE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples" / "count").glob("*.yaml")}


@given(name=pick(sorted(EXAMPLE)), mutations=fuzz.edits(["E5", "main_action", "ca_left", "無"]))
def test_count_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path)
