"""Property tests for count: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from dhproc import api
from dhproc.errors import ResolutionError
from dhproc.rulesets.count.model import COLUMNS, ROWS
from dhproc.rulesets.count.options import OPTIONS

from ... import fuzz

ROOT = Path(__file__).resolve().parents[3]
SQUARES = [c + r for c in COLUMNS for r in ROWS]
ATTRS = ["斬", "火", "無"]


@st.composite
def attacks(draw, i: int) -> dict:
    s = {"name": f"技{i}", "timing": draw(st.sampled_from(["main_action", "counter"])),
         "check": draw(st.sampled_from(["hit", "magic", "none"])),
         "kind": draw(st.sampled_from(["melee", "ranged", "magic", "none"])), "range": draw(st.integers(0, 5)),
         "pierce": draw(st.booleans()), "targets": {"count": 1, "side": draw(st.sampled_from(["enemy", "any"]))},
         "damage": {"fixed": draw(st.integers(0, 12)), "attributes": draw(st.lists(st.sampled_from(ATTRS), min_size=1,
                                                                                    max_size=2, unique=True))}}
    if draw(st.booleans()):
        s["damage"]["dice"] = {"count": draw(st.integers(0, 2)), "sides": draw(st.sampled_from([4, 6, 10]))}
    if draw(st.booleans()):
        s["riders"] = [draw(st.sampled_from([{"op": "count", "value": -3}, {"op": "heal", "value": 2},
                                             {"op": "stat", "stat": "evasion", "value": -2}]))]
    return s


@st.composite
def count_matches(draw) -> dict:
    squares = draw(st.permutations(SQUARES))
    chars: dict = {}
    for n, side in enumerate(["pc", "pc", "enemy", "enemy", draw(st.sampled_from(["pc", "enemy"]))]):
        fumble, crit = sorted(draw(st.lists(st.integers(1, 21), min_size=2, max_size=2, unique=True)))
        ecrit, efumble = sorted(draw(st.lists(st.integers(0, 101), min_size=2, max_size=2, unique=True)))
        skills = [dict(draw(attacks(n * 10)), name="通常", timing="main_action", normal=True)]
        skills += [draw(attacks(n * 10 + 1))]
        if draw(st.booleans()):
            skills.append({"name": "守り", "timing": "before_damage", "step": draw(st.sampled_from(
                ["increase", "reduce", "real"])), "value": draw(st.integers(-3, 3))})
        if draw(st.booleans()):
            skills.append({"name": "かばう", "timing": "before_damage", "op": "cover", "range": draw(st.integers(0, 2))})
        c = {"name": f"ユニット{n}", "side": side, "kind": "pc" if side == "pc" else "enemy", "at": squares[n],
             "count": draw(st.integers(0, 30)), "hit": draw(st.integers(0, 20)), "evasion": draw(st.integers(0, 20)),
             "magic": draw(st.integers(0, 20)), "resistance": draw(st.integers(0, 20)),
             "agility": draw(st.integers(0, 9)), "move_cost": draw(st.integers(0, 3)),
             "move_limit": draw(st.integers(0, 4)), "hit_crit": crit, "hit_fumble": fumble, "evasion_crit": ecrit,
             "evasion_fumble": efumble, "ca_value": draw(st.integers(0, 18)), "ca_left": draw(st.integers(0, 3)),
             "resist": {a: draw(st.integers(-3, 5)) for a in ATTRS if draw(st.booleans())},
             "hp": draw(st.integers(1, 40)), "rerolls": draw(st.integers(0, 2)), "skills": skills}
        if side == "pc":
            c["hand"] = ["札1", "札2", "札3"][: draw(st.integers(0, 3))]
        chars[f"u{n}"] = c
    ids = list(chars)

    def action(who: str) -> dict:
        kind = draw(st.sampled_from(["move", "skill", "skill", "escape"]))
        if kind == "move":
            return {"move": {"to": draw(st.sampled_from(SQUARES))}}
        if kind == "escape":
            return {"escape": True}
        return {"skill": draw(st.sampled_from(["通常", f"技{int(who[1:]) * 10 + 1}"])),
                "targets": [draw(st.sampled_from(ids))]}

    def submissions() -> dict:
        subs = {}
        for side in ("pc", "enemy"):
            mine = [c for c in ids if chars[c]["side"] == side]
            plans = {}
            for c in mine:
                plan_list = []
                for _ in range(draw(st.integers(0, 3))):
                    plan = {}
                    if draw(st.booleans()):
                        plan["sub_action"] = {"move": {"to": draw(st.sampled_from(SQUARES))}}
                    if draw(st.booleans()):
                        main = action(c)
                        if "skill" in main and chars[c]["skills"][0 if main["skill"] == "通常" else 1]["timing"] \
                                != "main_action":
                            main = {"skill": "通常", "targets": main["targets"]}
                        plan["main_action"] = main
                    plan_list.append(plan)
                plans[c] = plan_list
            reactions = {c: {"ca": draw(st.booleans()), "reroll_hit_fumble": draw(st.booleans()),
                             "reroll_evasion_failure": draw(st.booleans())} for c in mine}
            for c in mine:
                if any(s.get("op") == "cover" for s in chars[c]["skills"]):
                    others = [o for o in mine if o != c]
                    if others:
                        reactions[c]["cover"] = others[:1]
            subs[side] = {"plans": plans, "reactions": reactions,
                          "fallback": {c: {"main_action": {"move": {"to": draw(st.sampled_from(SQUARES))}}}
                                       for c in mine if draw(st.booleans())}}
        return subs

    options = {o.id: draw(st.sampled_from(o.choices)) for o in OPTIONS if o.choices and draw(st.booleans())}
    turns = [{"turn": t, "submissions": submissions()} for t in range(1, draw(st.integers(1, 2)) + 1)]
    return {"dhproc": 1, "ruleset": "count", "seed": draw(st.integers(0, 2**32)), "options": options,
            "setup": {"sides": {"pc": {"name": "PC"}, "enemy": {"name": "敵"}}, "characters": chars}, "turns": turns}


def resolve_playable(match: dict) -> tuple[dict, str]:
    """Resolve, dropping turns after the battle was decided (those are an input error by design)."""
    while True:
        text = json.dumps(match, ensure_ascii=False)
        try:
            return api.resolve(api.loads(text, name="m.yaml")), text
        except ResolutionError as exc:
            assert "never played" in str(exc), str(exc)
            match["turns"] = match["turns"][:-1]


@given(match=count_matches())
def test_count_battles_are_deterministic_replay_and_keep_their_invariants(match: dict, tmp_path_factory) -> None:
    log, text = resolve_playable(match)
    assert api.dumps(api.resolve(api.loads(text, name="m.yaml"))) == api.dumps(log)
    path = tmp_path_factory.mktemp("log") / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(path) is None
    setup = log["input"]["match"]["setup"]["characters"]
    down: set[str] = set()
    ca_left = {cid: c["ca_left"] for cid, c in setup.items()}
    for e in (e for t in log["turns"] for e in t["events"]):
        if e["kind"] in ("turn_slot", "attack", "move"):
            who = e.get("character", e.get("actor"))
            assert who not in down, f"{who} acted after falling or escaping: {e}"
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


@given(name=st.sampled_from(sorted(EXAMPLE)), mutations=fuzz.edits(["E5", "main_action", "ca_left", "無"]))
def test_count_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path)
