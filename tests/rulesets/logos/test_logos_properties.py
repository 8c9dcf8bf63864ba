"""Property tests for logos: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from dhproc import api
from dhproc.rulesets.logos.model import COLORS
from dhproc.rulesets.logos.options import OPTIONS

from ... import coverage, fuzz

ROOT = Path(__file__).resolve().parents[3]
TARGETS = ["self", "facing_enemy", "ally_active", "bench_allies", "all_allies", "all_enemies"]  # attack: not self
TIMINGS = ["turn_start", "before_action", "action", "after_action", "counter"]
TRIGGERS = ["stat_up", "stat_down", "knocked_out", "attack", "attacked",
            # LOGOS-5.13
            "attack_hit", "attack_miss", "critical", "skill_success", "skill_failure", "became_active", "turn_end",
            "order_changed", "charged", "charge_spent", "color_changed", "weakness_changed", "revived"]
# LOGOS-6.8: a value read from the state
AMOUNTS = st.fixed_dictionaries({"of": st.sampled_from(["self", "facing_enemy", "own_side", "round"]),
                                 "attr": st.just("x")},
                                optional={"times": st.integers(-2, 2), "divide": st.integers(1, 3),
                                          "plus": st.integers(-2, 2)})


def amount_attr(a: dict) -> dict:
    a["attr"] = {"own_side": "dp", "round": "bout"}.get(a["of"], "defense")
    return a


@st.composite
def effects(draw) -> dict:
    kind = draw(st.sampled_from(["stat", "stat", "add_weakness", "knock_out", "attack", "order", "field", "charge",
                                 "remove_effects", "set_stat", "dp", "revive", "enter", "remove_color",
                                 "remove_weakness", "add_keyword", "rate"]))
    target = draw(st.sampled_from(TARGETS[1:] if kind == "attack" else TARGETS))
    turns = draw(st.one_of(st.none(), st.integers(1, 3)))
    e: dict = {"op": kind}
    if kind == "field":
        e.update(name="場", applies_to=draw(st.sampled_from(["all", "allies", "enemies"])),
                 stat=draw(st.sampled_from(["attack", "defense", "reaction"])), value=draw(st.integers(-3, 3)))
    elif kind == "dp":
        e.update(value=draw(st.one_of(st.integers(-2, 2), AMOUNTS.map(amount_attr))))
        if draw(st.booleans()):
            e["side"] = draw(st.sampled_from(["own", "enemy"]))
    elif kind in ("remove_color", "remove_weakness", "add_keyword", "rate"):  # LOGOS-6.12-6.14
        e["target"] = target
        if kind == "add_keyword":
            e["keyword"] = draw(st.sampled_from(["jinrai", "fukutsu", "moukou"]))
        elif kind == "rate":
            e["value"] = draw(st.one_of(st.integers(-60, 60), AMOUNTS.map(amount_attr)))
        else:
            e["color"] = draw(st.sampled_from(COLORS))
    elif kind == "revive":
        e["target"] = draw(st.sampled_from(["self", "ally_active", "knocked_out_allies"]))
    elif kind == "enter":
        e.update(target="chosen_member", to=draw(st.one_of(st.just("slowest"), st.integers(1, 7))))
    elif kind == "order":
        e.update(target=draw(st.sampled_from(["self", "ally_active", "facing_enemy"])),
                 to=draw(st.one_of(st.just("slowest"), st.integers(1, 7))))
    else:
        e["target"] = target
        if kind in ("stat", "set_stat"):
            e.update(stat=draw(st.sampled_from(["attack", "defense", "reaction"])),
                     value=draw(st.one_of(st.integers(-4, 4), AMOUNTS.map(amount_attr))))
        elif kind == "add_weakness":
            e["color"] = draw(st.sampled_from(COLORS))
        elif kind == "charge" and draw(st.booleans()):  # LOGOS-7.3: levels
            e["value"] = draw(st.integers(1, 3))
    if turns is not None and kind in ("stat", "set_stat", "add_weakness", "field", "remove_color", "remove_weakness",
                                      "add_keyword", "rate"):
        e["turns"] = turns
    if kind == "field" and draw(st.booleans()):  # LOGOS-6.4: several stats at once
        e.pop("stat"), e.pop("value")
        e["stats"] = draw(st.dictionaries(st.sampled_from(["attack", "defense", "reaction"]), st.integers(-3, 3),
                                          min_size=1, max_size=3))
    if kind not in ("field", "dp", "enter", "order") and draw(st.integers(0, 3)) == 0:  # LOGOS-6.15
        e["condition"] = {"of": "target", "attr": "defense", "at_most": draw(st.integers(0, 12))}
    return e


@st.composite
def skills(draw, i: int) -> dict:
    timing = draw(st.sampled_from(TIMINGS))
    s: dict = {"name": f"技{i}", "timing": timing, "rate": draw(st.sampled_from([30, 50, 80, 100])),
               "effects": draw(st.lists(effects(), min_size=1, max_size=2))}
    if timing == "counter":
        s["trigger"] = {"event": draw(st.sampled_from(TRIGGERS)),
                        "who": draw(st.sampled_from(["self", "ally", "other_ally", "enemy", "any"]))}
    if draw(st.booleans()):
        s["condition"] = {"of": draw(st.sampled_from(["self", "facing_enemy"])),
                          "attr": draw(st.sampled_from(["defense", "defense", "charge"])),
                          "at_least": draw(st.integers(0, 12))}
    if draw(st.booleans()):
        s["charge"] = True
    if draw(st.booleans()):  # LOGOS-5.12
        s["uses"] = {"count": draw(st.integers(1, 2)), "per": draw(st.sampled_from(["round", "turn"]))}
    if any(e["op"] == "enter" for e in s["effects"]):  # one chosen character per skill (LOGOS-1.8)
        s["effects"] = [e for e in s["effects"] if e["op"] == "enter" or "chosen" not in e.get("target", "")]
    return s


@st.composite
def logos_matches(draw) -> dict:
    chars = {}
    n = 0
    for side in ("red", "blue"):
        for i in range(6):
            n += 1
            kw = draw(st.lists(st.sampled_from(["jinrai", "fukutsu", "moukou"]), unique=True, max_size=2))
            colors = draw(st.lists(st.sampled_from(COLORS), unique=True, min_size=1,
                                   max_size=2 if "moukou" in kw else 1))
            chars[f"{side}{i}"] = {
                "name": f"{side}{i}", "side": side, "colors": colors,
                "weaknesses": draw(st.lists(st.sampled_from(COLORS), unique=True, min_size=1, max_size=2)),
                "attack": draw(st.integers(0, 12)), "defense": draw(st.integers(0, 12)),
                "reaction": draw(st.integers(0, 10)), "keywords": kw, "secret": draw(st.booleans()),
                "skills": [draw(skills(n * 10 + k)) for k in range(draw(st.integers(0, 2)))]}
    options = {o.id: draw(st.sampled_from(o.choices)) for o in OPTIONS if o.choices and draw(st.booleans())}
    options["team_size"] = 6
    subs = {side: {"starters": draw(st.permutations([f"{side}{i}" for i in range(6)]))[:5]} for side in ("red", "blue")}
    for side, sub in subs.items():  # LOGOS-8.5: a skill that places a member names the one left out
        left_out = next(f"{side}{i}" for i in range(6) if f"{side}{i}" not in sub["starters"])
        choices = [{"who": cid, "skill": sk["name"], "target": left_out} for cid in sub["starters"]
                   for sk in chars[cid]["skills"] if any(e["op"] == "enter" for e in sk["effects"])]
        if choices:
            sub["choices"] = choices
    return {"dhproc": 1, "ruleset": "logos", "seed": draw(st.integers(0, 2**32)), "options": options,
            "setup": {"stage": draw(st.sampled_from(["league", "final"])),
                      "sides": {"red": {"name": "赤"}, "blue": {"name": "青"}}, "characters": chars},
            "turns": [{"turn": 1, "submissions": subs}]}


def resolve_text(text: str) -> dict:
    return api.resolve(api.loads(text, name="m.yaml"))


@given(match=logos_matches())
def test_logos_rounds_are_deterministic_replay_and_keep_their_invariants(match: dict, tmp_path_factory) -> None:
    from dhproc.errors import ResolutionError

    text = json.dumps(match, ensure_ascii=False)
    skills_ = [sk for c in match["setup"]["characters"].values() for sk in c["skills"]]
    coverage.note("logos effect kinds", [e["op"] for sk in skills_ for e in sk["effects"]])
    coverage.note("logos triggers", [sk["trigger"]["event"] for sk in skills_ if "trigger" in sk])
    coverage.note("logos values read", ["derived" for sk in skills_ for e in sk["effects"]
                                        if isinstance(e.get("value"), dict)])
    coverage.note("logos usage limits", [sk["uses"]["per"] for sk in skills_ if "uses" in sk])
    coverage.note("logos effect conditions", ["condition" for sk in skills_ for e in sk["effects"] if "condition" in e])
    coverage.note("logos fields of several stats", ["stats" for sk in skills_ for e in sk["effects"] if "stats" in e])
    try:
        log = resolve_text(text)
    except ResolutionError as exc:  # only a counter loop may stop a round (LOGOS-5.8)
        assert "triggered handlers in one chain" in str(exc)
        return
    assert api.dumps(resolve_text(text)) == api.dumps(log)
    path = tmp_path_factory.mktemp("log") / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(path) is None
    assert log["outcome"]["result"] in ("win", "draw")
    knocked: list[str] = []
    dp = {"red": 0, "blue": 0}
    for e in log["turns"][0]["events"]:
        if e["kind"] == "knocked_out":
            assert e["character"] not in knocked
            knocked.append(e["character"])
        elif e["kind"] == "revived":  # LOGOS-6.11: only the knocked out stand up again
            assert e["target"] in knocked
            knocked.remove(e["target"])
        elif e["kind"] == "attack":
            assert e["actor"] not in knocked  # the knocked out never act
            assert e["success"] == (e["color_hit"] or e["power_hit"])
        elif e["kind"] == "skill" and e["result"] in ("success", "failure") and e["timing"] != "passive":
            # LOGOS-5.9: only a counter on its owner's own knock-out fires from a knocked-out owner
            last_gasp = e.get("trigger", {}).get("event") == "knocked_out" and \
                e["trigger"]["character"] == e["character"]
            assert e["character"] not in knocked or last_gasp
        elif e["kind"] == "dp":
            assert e["reason"] in ("critical", "effect")
            assert e["amount"] == 1 or e["reason"] == "effect"
            dp[e["side"]] += e["amount"]
            assert e["total"] == dp[e["side"]]
            assert e["total"] >= 0 or log["options"]["dp_below_zero"]  # LOGOS-6.10
    assert {s: v["dp"] for s, v in log["state"]["sides"].items()} == dp
    for lang in ("ja", "en"):
        for view in ("gk", "public"):
            assert api.render(log, lang=lang, view=view)


EXAMPLE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples" / "logos").glob("*.yaml")}


@given(name=st.sampled_from(sorted(EXAMPLE)), mutations=fuzz.edits(["赤", "counter", "slowest"]))
def test_logos_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path)
