"""Property tests for nicosw: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.drawing import made_once, pick

from dhproc import api
from tests.rulesets.common import said
from dhproc.errors import ResolutionError
from dhproc.rulesets.nicosw.options import OPTIONS

from ... import coverage, fuzz
import pytest

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

ROOT = Path(__file__).resolve().parents[3]
LENGTH = 8
CHECK_NAMES = ["initiative", "attack_check", "defense_check", "sprint", "retreat", "death_check", "willpower"]


CHECKS_ALL = CHECK_NAMES + ["monster_lore"]
OPS = ["mul", "div", "add", "sub"]


def mods(draw, max_size: int = 2) -> list[dict]:
    out = draw(st.lists(st.fixed_dictionaries({"op": pick(OPS), "value": st.integers(0, 3)}),
                        max_size=max_size))
    for m in out:
        if m["op"] == "div":
            m["value"] = max(1, m["value"])  # the schema refuses a division by 0
    return out


def lasting(draw) -> dict:
    """Every lasting payload the schema allows (NICOSW-3.6)."""
    kind = draw(pick(["check_mod", "damage_mod", "periodic_damage", "periodic_heal", "periodic_check"]))
    out: dict = {"kind": "lasting", "rounds": draw(st.integers(1, 3))}
    if kind == "check_mod":
        out.update(effect="check_mod", check=draw(pick(CHECKS_ALL)), value=draw(st.integers(-3, 3)))
    elif kind == "damage_mod":
        op = draw(pick(OPS))
        out.update(effect="damage_mod", op=op, value=draw(st.integers(1 if op == "div" else 0, 3)),
                   **{"as": draw(pick(["giver", "receiver"]))})
    elif kind == "periodic_check":
        out.update(effect="periodic", check=draw(pick(CHECKS_ALL)), target_number=draw(st.integers(0, 14)))
        if draw(st.booleans()):
            out["end_on"] = draw(pick(["success", "failure"]))
        for result in ("on_success", "on_failure"):  # NICOSW-3.9: what a result does besides ending it
            if draw(st.integers(0, 2)) == 1:
                out[result] = draw(pick([{"damage": draw(st.integers(0, 3)),
                                                     "type": draw(pick(["physical", "magic"]))},
                                                    {"heal": draw(st.integers(0, 3))}, {"prone": True}]))
    else:
        out.update(effect="periodic", **{kind.split("_")[1]: draw(st.integers(0, 3))})
        if kind == "periodic_damage":
            out["type"] = draw(pick(["physical", "magic"]))
    if draw(st.integers(0, 2)) == 1:  # NICOSW-3.10: it ends when a condition on its bearer or user holds
        who = draw(pick(["bearer", "user"]))
        out["end_if"] = draw(pick([
            {"of": who, "attr": "states", draw(pick(["includes", "excludes"])):
             draw(pick(["prone", "knocked_out", "engaged", "dead"]))},
            {"of": who, "attr": "hp", "at_most": draw(st.integers(-2, 6))},
            {"of": who, "attr": "mp", "below": draw(st.integers(0, 5))},
            {"any": [{"of": "bearer", "attr": "side", "equals": "a"}, {"of": "user", "attr": "hp", "below": 3}]}]))
    return out


def skill_effect(draw) -> dict:
    kind = draw(pick(["damage", "heal", "prone", "stand", "lasting"]))
    if kind == "lasting":
        return lasting(draw)
    out: dict = {"kind": kind}
    if kind == "damage":
        out.update(amount=draw(st.integers(0, 4)), type=draw(pick(["physical", "magic"])), mods=mods(draw, 1))
        if draw(st.integers(0, 2)) == 1:
            out["dice"] = draw(st.integers(1, 3))  # NICOSW-8.11
    elif kind == "heal":
        out["amount"] = draw(st.integers(0, 4))
    return out


ATTRIBUTES = ["炎", "水・氷"]


def skill(draw, i: int, mp: bool) -> dict:
    target = draw(pick(["self", "ally", "ally_part", "enemy", "enemy_part"]))
    s: dict = {"id": f"s{i}", "name": f"技{i}", "timing": draw(pick(["minor_action", "major_action"])),
               "range": 0 if target == "self" else draw(st.one_of(st.integers(1, 5), st.integers(5, 8))), "target": target,
               "effects": [skill_effect(draw) for _ in range(draw(st.integers(1, 2)))]}
    if draw(st.booleans()):
        s["resist"] = draw(st.one_of(st.integers(0, 14), st.fixed_dictionaries(  # NICOSW-8.8
            {"against": pick(CHECKS_ALL + ["casting"])}, optional={"on_success": pick(["none", "half"])})))
    if mp and draw(st.booleans()):
        s["cost"] = draw(st.integers(0, 6))  # NICOSW-8.7
    if draw(st.integers(0, 2)) == 1:
        s["attribute"] = draw(pick(ATTRIBUTES))  # NICOSW-8.12
    if target in ("enemy", "ally") and draw(st.integers(0, 2)) == 1:  # NICOSW-8.9
        s.update(draw(pick([{"targets": draw(st.integers(2, 3))}, {"area": draw(st.integers(0, 2))}])))
    return s


def weapon(draw, i: int) -> dict:
    """Melee, or ranged with every range 1..8; physical or magic; damage modifiers."""
    kind = draw(pick(["melee", "ranged"]))
    w: dict = {"id": f"w{i}", "name": f"武器{i}", "kind": kind, "type": draw(pick(["physical", "magic"])),
               "mods": mods(draw)}
    if kind == "ranged":
        w["range"] = draw(st.integers(1, 8))
    return w


@made_once
@st.composite
def characters(draw, side: str, i: int) -> dict:
    c: dict = {"name": f"{side}{i}", "side": side, "level": draw(st.integers(0, 6)), "agility": draw(st.integers(0, 4)),
               "checks": {k: draw(st.integers(-2, 8)) for k in CHECK_NAMES},
               "weapons": [weapon(draw, k) for k in range(draw(st.integers(1, 2)))],
               "skills": []}
    if draw(st.booleans()):  # NICOSW-8.7
        c["mp"] = draw(st.integers(0, 10))
    c["skills"] = [skill(draw, k, "mp" in c) for k in range(draw(pick([1, 2, 0, 1])))]
    if any("resist" in s and isinstance(s["resist"], dict) for s in c["skills"]) or draw(st.booleans()):
        c["checks"]["casting"] = draw(st.integers(-2, 8))
    if draw(st.integers(0, 2)) == 1:  # NICOSW-8.12
        op = draw(pick(OPS))
        c["attribute_mods"] = [{"attribute": draw(pick(ATTRIBUTES)), "op": op,
                                "value": draw(st.integers(1 if op == "div" else 0, 3))}]
    if len(c["weapons"]) == 2 and draw(st.booleans()):
        c["equipped"] = "w1"
    if draw(st.booleans()):
        c["parts"] = [{"id": f"p{k}", "name": f"部位{k}", "hp": draw(st.integers(1, 6)), "armor": draw(st.integers(0, 2)),
                       "magic_armor": draw(st.integers(0, 2)), "core": draw(st.booleans())}
                      for k in range(1, draw(st.integers(2, 3)) + 1)]
        if draw(st.booleans()):
            c["parts"][0]["willpower"] = draw(st.integers(-1, 6))
    else:
        c.update(hp=draw(st.integers(1, 8)), armor=draw(st.integers(0, 2)), magic_armor=draw(st.integers(0, 2)))
    if draw(st.booleans()):
        c["known"], c["fame"] = False, draw(st.integers(0, 12))
        c["checks"]["monster_lore"] = draw(st.integers(0, 4))
    return c


def square(draw, grid: bool, xs: range):
    x = draw(pick(list(xs)))
    return [x, draw(st.integers(0, WIDTH - 1))] if grid else x


@st.composite
def actions(draw, me: str, names: list[str], chars: dict, grid: bool, wrong: bool = True) -> list[dict]:
    """A go of up to two actions, plus sometimes a free one: every action kind the schema allows.
    Unless ``wrong`` (a match that may break a static rule of a go), the go keeps to them: a skill
    in the slot its timing names, on a target of the side it aims at, leaving the map alone."""
    out = []
    c = chars[me]
    for slot in ("minor_action", "major_action")[: draw(st.integers(1, 2))]:
        kinds = ["move", "move", "stand", "switch_weapon", "other"] if slot == "minor_action" else \
            ["full_move", "retreat", "melee", "melee", "ranged", "check", "move"]
        # a skill in one slot in three of a character that has one, so that skills resolve in many matches
        kind = "skill" if c["skills"] and draw(st.integers(0, 2)) == 0 else draw(pick(kinds + ["skill"]))
        a: dict = {"do": kind}
        if draw(st.integers(0, 3)) == 2:  # named now and then (a wrong one is an input error)
            a["slot"] = slot
        if kind in ("move", "full_move"):
            a["to"] = "off" if draw(st.integers(0, 4)) == 2 else square(draw, grid, range(LENGTH))
            if a["to"] == "off" and draw(st.booleans()):
                a["edge"] = draw(pick(["low", "high"]))
            if kind == "move" and draw(st.booleans()):
                a["mode"] = draw(pick(["careful_move", "normal_move"]))
        if kind == "switch_weapon":
            a["weapon"] = draw(pick([w["id"] for w in c["weapons"]]))
        if kind == "skill":
            fitting = [s["id"] for s in c["skills"] if wrong or s["timing"] == slot]
            if not fitting:
                continue
            a["skill"] = draw(pick(fitting))
        if kind == "check":
            a.update(check=draw(pick(CHECKS_ALL)), target_number=draw(st.integers(0, 14)))
        if kind == "other":
            a["note"] = "合言葉"
        if kind in ("melee", "ranged") or (kind == "skill" and next(s for s in c["skills"] if s["id"] == a["skill"])
                                           ["target"] != "self"):
            aim = next((s["target"] for s in c["skills"] if s["id"] == a.get("skill")), "enemy")
            others = [n for n in names if (chars[n]["side"] == c["side"]) == aim.startswith("ally")
                      and n != me]  # mostly one its aim allows, sometimes anyone
            others = others or [n for n in names if chars[n]["side"] != c["side"]]
            a["target"] = draw(pick(others if draw(st.integers(0, 3 if wrong else 9))
                                               else [n for n in names if n != me]))
            if "parts" in chars[a["target"]]:
                a["part"] = draw(pick([p["id"] for p in chars[a["target"]]["parts"]]))
            sk = next((s for s in c["skills"] if s["id"] == a.get("skill")), {})
            if sk.get("targets") and draw(st.booleans()):  # NICOSW-8.9: several named (parts aside)
                a["target"] = draw(st.lists(pick(others if not wrong else [n for n in names if n != me]),
                                            unique=True, min_size=1, max_size=sk["targets"]))
                a.pop("part", None)
        out.append(a)
    if not wrong and len(out) > 1 and any(a.get("to") == "off" for a in out):
        out = [a for a in out if a.get("to") == "off"][:1]  # leaving the map takes the whole go
    out = list(draw(st.permutations(out)))  # either order (NICOSW-5.1): a 退却判定 before the move
    if draw(st.integers(0, 3)) == 2 and (wrong or c["skills"] == [] or draw(st.booleans())):
        # leaving an engagement: 退却判定, then a move that draws 機会攻撃
        at = c.get("at")  # a battle under way: a step or two from where it stands, so the move is not too far
        near = range(LENGTH) if at is None else range(max(0, (at[0] if grid else at) - 2),
                                                       min(LENGTH, (at[0] if grid else at) + 3))
        out = [{"do": "retreat"}, {"do": "move", "to": square(draw, grid, near)}]
    if draw(st.integers(0, 4)) == 2:
        out.insert(draw(st.integers(0, len(out))), {"do": "free", "note": "「行くぞ！」"})
    return out


LENGTH, WIDTH = 8, 3


@st.composite
def nicosw_matches(draw) -> dict:
    wrong = draw(st.integers(0, 4)) == 0  # a match whose goes may break a static rule (an input error)
    chars = {}
    for side in ("a", "b"):
        for i in range(draw(st.integers(1, 3))):
            chars[f"{side}{i}"] = draw(characters(side, i))
    names = list(chars)
    grid = draw(st.booleans())
    options = {o.id: draw(pick(o.choices)) for o in OPTIONS
               if o.choices and o.id != "map_model" and draw(st.booleans())}
    if draw(st.booleans()):
        options["prone_penalty"] = draw(st.integers(-10, 0))
    if grid:
        options["map_model"] = "grid"
    sides = {"a": {"name": "A", "deploy": [0, 3]}, "b": {"name": "B", "deploy": [4, 7]}}
    setup: dict = {"map": {"length": LENGTH, "width": WIDTH} if grid else {"length": LENGTH}, "sides": sides,
                   "characters": chars}
    under_way = draw(st.integers(0, 3)) == 0  # a battle under way (NICOSW-1.9): squares and states given
    order_in_setup = under_way or draw(st.booleans())
    if order_in_setup:
        for side in ("a", "b"):
            sides[side]["order"] = draw(st.permutations([c for c in names if chars[c]["side"] == side]))
    if under_way:
        first = draw(pick(["a", "b"]))
        setup["start"] = {"round": draw(st.integers(1, 3)), "half": draw(pick(["top", "bottom"])),
                          "first": first}
        # close together, so that attacks, 接敵 and 機会攻撃 happen (the ends are for re-entry)
        cells = draw(st.permutations([(x, y) for x in range(1, LENGTH - 1) for y in range(WIDTH if grid else 1)]))
        for k, cid in enumerate(names):
            c = chars[cid]
            if draw(st.integers(0, 3)) == 2:  # not 0: hypothesis draws the bounds most often
                c["off_map"] = True  # escaped earlier: it may re-enter
            else:
                c["at"] = list(cells[k]) if grid else cells[k][0]
                c["prone"] = draw(st.booleans())
                if "mp" in c and draw(st.booleans()):
                    c["current_mp"] = draw(st.integers(0, c["mp"]))  # MP already spent (NICOSW-1.9, 8.7)
                if "parts" not in c and draw(st.integers(0, 4)) == 1:  # fell earlier: a body (NICOSW-8.3)
                    c["current_hp"] = draw(st.integers(-3, 0))
                    c[draw(pick(["knocked_out", "dead"]))] = True
    turns = []
    first_turn = setup["start"]["round"] if under_way else 1
    for n in range(first_turn, first_turn + draw(st.integers(1, 4))):
        subs = {}
        for side in ("a", "b"):
            mine = [c for c in names if chars[c]["side"] == side]
            sub: dict = {"goes": {c: draw(actions(c, names, chars, grid, wrong)) for c in mine}}
            if n == 1 and not under_way:
                lo = 0 if side == "a" else 4
                cells = draw(st.permutations([(x, y) for x in range(lo, lo + 4) for y in range(WIDTH if grid else 1)]))
                if not order_in_setup:
                    sub["order"] = draw(st.permutations(mine))
                sub["placement"] = {c: list(cells[k]) if grid else cells[k][0] for k, c in enumerate(mine)}
            away = [c for c in mine if chars[c].get("off_map")]
            if draw(st.integers(0, 5)) == 3 or (away and draw(st.booleans())):
                who = draw(pick(away or mine))
                own = 0 if side == "a" else LENGTH - 1
                edge = own if draw(st.integers(0, 3)) else LENGTH - 1 - own
                sub["reenter"] = {who: [edge, draw(st.integers(0, WIDTH - 1))] if grid else edge}
            if draw(st.integers(0, 19)) == 7:
                sub["surrender"] = True
            subs[side] = sub
        turns.append({"turn": n, "submissions": subs})
    options["round_cap"] = turns[-1]["turn"] + draw(st.integers(0, 2))  # at the last turn now and then (NICOSW-3.8)
    coverage.note("nicosw: setups", ["grid" if grid else "line", "under way" if under_way else "fresh",
                                     "order in setup" if order_in_setup else "order in turn 1"]
                  + ["parts" for c in chars.values() if "parts" in c] + ["unknown identity" for c in chars.values()
                                                                          if c.get("known") is False]
                  + ["off map" for c in chars.values() if c.get("off_map")]
                  + ["fallen" for c in chars.values() if c.get("knocked_out") or c.get("dead")])
    skills = [s for c in chars.values() for s in c["skills"]]
    coverage.note("nicosw: new skill elements",  # NICOSW-3.9, 8.7-8.12
                  [k for s in skills for k in ("cost", "attribute", "targets", "area") if k in s]
                  + [f"resist against {'half' if s['resist'].get('on_success') == 'half' else 'none'}" for s in skills
                     if isinstance(s.get("resist"), dict)]
                  + [f"target {s['target']}" for s in skills if s["target"] in ("ally_part", "enemy_part")]
                  + ["damage dice" for s in skills for e in s["effects"] if e.get("dice")]
                  + [f"check {r}" for s in skills for e in s["effects"] for r in ("on_success", "on_failure") if r in e]
                  + ["end_if" for s in skills for e in s["effects"] if "end_if" in e]
                  + ["attribute_mods" for c in chars.values() if "attribute_mods" in c]
                  + ["list target" for t in turns for sub in t["submissions"].values() for go in sub["goes"].values()
                     for a in go if isinstance(a.get("target"), list)])
    coverage.note("nicosw: weapons", [f"{w['kind']} {w.get('range', 1)}" for c in chars.values() for w in c["weapons"]])
    coverage.note("nicosw: skill effects", [e.get("effect", e["kind"]) + ("_check" if "check" in e and
                                                                         e.get("effect") == "periodic" else "")
                                            for c in chars.values() for s in c["skills"] for e in s["effects"]])
    coverage.note("nicosw: actions", [a["do"] + (" off" if a.get("to") == "off" else "") for t in turns
                                      for sub in t["submissions"].values() for go in sub["goes"].values() for a in go]
                  + ["reenter" for t in turns for sub in t["submissions"].values() if "reenter" in sub]
                  + ["surrender" for t in turns for sub in t["submissions"].values() if sub.get("surrender")])
    return {"dhproc": 1, "ruleset": "nicosw", "seed": draw(st.integers(0, 2**32)), "options": options,
            "setup": setup, "turns": turns}


def _resolve_playable(match: dict) -> dict | None:
    """Resolve, dropping turns after the battle was decided; None when the input is refused as input."""
    from dhproc.errors import InputError

    while True:
        try:
            return api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
        except ResolutionError as exc:
            assert said(str(exc), "turn.after_end"), str(exc)
            match = dict(match, turns=match["turns"][:-1])
        except InputError as exc:  # a generated go may break a static rule (two 主動作, leaving without one)
            assert all(p.line for p in exc.problems)
            return None


def _effect_label(e: dict) -> str:
    return e.get("effect", e["kind"]) + ("_check" if "check" in e and e.get("effect") == "periodic" else "")


def _skill_elements(sk: dict) -> list[str]:
    resist = sk.get("resist")
    return ([k for k in ("cost", "attribute", "targets", "area") if k in sk]
            + (["resist number"] if isinstance(resist, int) else ["resist against"] if resist else [])
            + (["one part"] if sk["target"].endswith("_part") else []))


def _fired_elements(events: list[dict]) -> list[str]:
    """The skill elements a log shows at work (NICOSW-8.7-8.12)."""
    return (["cost"] * any(e["kind"] == "mp" for e in events)
            + ["resist against"] * any(e["kind"] == "casting" for e in events)
            + ["resist number" for e in events if e["kind"] == "skill" and e["resist"] is not None][:1]
            + ["attribute" for e in events if e["kind"] == "damage" and e.get("attribute")][:1]
            + ["targets" for e in events if e["kind"] == "skill" and e.get("of_targets")][:1]
            + ["area" for e in events if e["kind"] == "skill" and e.get("area_of")][:1]
            + ["one part" for e in events if e["kind"] == "skill" and e.get("part")][:1])


def note_drawn_and_fired(match: dict, log: dict | None) -> None:
    """python tests/coverage.py: what this match drew against what took effect in its log."""
    coverage.generated("nicosw")
    chars = match["setup"]["characters"]
    used = [(cid, a) for t in match["turns"] for sub in t["submissions"].values()
            for cid, go in sub["goes"].items() for a in go]
    skills = [next(s for s in chars[cid]["skills"] if s["id"] == a["skill"]) for cid, a in used if a["do"] == "skill"]
    events = [e for t in (log or {}).get("turns", []) for e in t["events"]]
    action_events = {"attack": lambda e: e["action"], "skill": lambda e: "skill"}
    coverage.drawn_and_fired("nicosw", "action", [a["do"].replace("free", "other") for _, a in used],
                             [action_events.get(e["kind"], lambda e: e["kind"])(e) for e in events
                              if e["kind"] in ("move", "full_move", "retreat", "attack", "skill", "check", "stand",
                                               "switch_weapon", "other") and not e.get("opportunity_attack")])
    coverage.drawn_and_fired("nicosw", "skill used", ["skill"] * bool(skills),
                             ["skill"] * any(e["kind"] == "skill" for e in events))
    state = {True: "prone", False: "stand"}
    coverage.drawn_and_fired("nicosw", "skill effect", [_effect_label(e) for sk in skills for e in sk["effects"]],
                             [{"state": lambda e: state[e["on"]] if e["state"] == "prone" else e["state"],
                               "lasting": _effect_label, "continuous_check": lambda e: "periodic_check"}
                              .get(e["kind"], lambda e: e["kind"])(e) for e in events
                              if e["kind"] in ("damage", "heal", "state", "lasting") and e.get("skill")
                              or e["kind"] == "continuous_check"])
    coverage.drawn_and_fired("nicosw", "skill element", [k for sk in skills for k in _skill_elements(sk)],
                             _fired_elements(events))
    coverage.drawn_and_fired("nicosw", "match", ["resolved, not refused as input"], ["resolved, not refused as input"] * bool(log))


@given(match=nicosw_matches())
def test_nicosw_battles_are_deterministic_replay_and_keep_their_invariants(match: dict, tmp_path_factory) -> None:
    log = _resolve_playable(match)
    note_drawn_and_fired(match, log)
    coverage.note("nicosw: matches", ["input error" if log is None else "resolved"])
    if log is None:
        return
    reached = [e["kind"] for t in log["turns"] for e in t["events"]]
    coverage.note("nicosw: events", [k for k in reached if k not in ("roll", "go", "half_start", "half_end")])
    coverage.note("nicosw: cancel reasons", [e["reason"] for t in log["turns"] for e in t["events"]
                                             if e["kind"] == "cancel"])
    coverage.note("nicosw: outcomes", [log["outcome"]["result"] + " " + log["outcome"]["reason"]])
    text = json.dumps(log["input"]["match"] | {"turns": log["input"]["turns"]}, ensure_ascii=False)
    assert api.dumps(api.resolve(api.loads(text, name="m.yaml"))) == api.dumps(log)
    path = tmp_path_factory.mktemp("log") / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(path) is None
    out: set[str] = set()
    for t in log["turns"]:
        for e in t["events"]:
            if e["kind"] in ("move", "attack", "skill", "retreat") and not e.get("opportunity_attack"):
                assert e["actor"] not in out, f"{e['actor']} acted after falling: {e}"
            if e["kind"] == "damage":
                assert e["amount"] >= 0 and e["after"] == e["before"] - e["amount"]
            if e["kind"] == "heal":
                assert e["after"] <= e["before"] + e["amount"]
            if e["kind"] == "death_check" and not e["success"] or e["kind"] == "removed":
                out.add(e["character"])
    state = log["state"]["characters"]
    vanish = log["options"]["bodies"] == "vanish"  # NICOSW-8.3: who holds a square
    holding = [c for c in state.values() if c["at"] is not None and not {"off_map", "removed"} & set(c["states"])
               and not (vanish and {"knocked_out", "dead"} & set(c["states"]))]
    on_map = [json.dumps(c["at"]) for c in holding]  # grid squares are lists
    assert len(on_map) == len(set(on_map)), "two characters on one square"
    for c in state.values():
        if "hp" in c:
            assert c["hp"] <= c["max_hp"]
    assert log["outcome"]["result"] in ("win", "draw", "ongoing")
    for lang in ("ja", "en"):
        for view in ("gk", "public"):
            assert api.render(log, lang=lang, view=view, turns=[t["turn"] for t in log["turns"]])


EXAMPLE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples" / "nicosw").glob("*.yaml")}


@given(name=pick(sorted(EXAMPLE)), mutations=fuzz.edits(["off", "ogre", "-1", "[3, 4]"]))
def test_nicosw_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path)
