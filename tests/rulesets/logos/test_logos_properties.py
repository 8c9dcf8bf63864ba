"""Property tests for logos: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from dhproc import api
from dhproc.rulesets.logos.model import COLORS
from dhproc.rulesets.logos.options import OPTIONS

from ... import fuzz

ROOT = Path(__file__).resolve().parents[3]
TARGETS = ["self", "facing_enemy", "ally_active", "bench_allies", "all_allies", "all_enemies"]  # attack: not self
TIMINGS = ["turn_start", "before_action", "action", "after_action", "counter"]
TRIGGERS = ["stat_up", "stat_down", "knocked_out", "attack", "attacked"]


@st.composite
def effects(draw) -> dict:
    kind = draw(st.sampled_from(["stat", "stat", "add_weakness", "knock_out", "attack", "order", "field", "charge",
                                 "remove_effects"]))
    target = draw(st.sampled_from(TARGETS[1:] if kind == "attack" else TARGETS))
    turns = draw(st.one_of(st.none(), st.integers(1, 3)))
    e: dict = {"op": kind}
    if kind == "field":
        e.update(name="場", applies_to=draw(st.sampled_from(["all", "allies", "enemies"])),
                 stat=draw(st.sampled_from(["attack", "defense", "reaction"])), value=draw(st.integers(-3, 3)))
    elif kind == "order":
        e.update(target=draw(st.sampled_from(["self", "ally_active", "facing_enemy"])),
                 to=draw(st.one_of(st.just("slowest"), st.integers(1, 7))))
    else:
        e["target"] = target
        if kind == "stat":
            e.update(stat=draw(st.sampled_from(["attack", "defense", "reaction"])), value=draw(st.integers(-4, 4)))
        elif kind == "add_weakness":
            e["color"] = draw(st.sampled_from(COLORS))
    if turns is not None and kind in ("stat", "add_weakness", "field"):
        e["turns"] = turns
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
        s["condition"] = {"of": draw(st.sampled_from(["self", "facing_enemy"])), "attr": "defense",
                          "at_least": draw(st.integers(0, 12))}
    if draw(st.booleans()):
        s["charge"] = True
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
    try:
        log = resolve_text(text)
    except ResolutionError as exc:  # only a counter loop may stop a round (LOGOS-5.8)
        assert "カウンターが互いに誘発し合っています" in str(exc)
        return
    assert api.dumps(resolve_text(text)) == api.dumps(log)
    path = tmp_path_factory.mktemp("log") / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(path) is None
    assert log["outcome"]["result"] in ("win", "draw")
    knocked: list[str] = []
    crits = {"red": 0, "blue": 0}
    for e in log["turns"][0]["events"]:
        if e["kind"] == "knocked_out":
            assert e["character"] not in knocked
            knocked.append(e["character"])
        elif e["kind"] == "attack":
            assert e["actor"] not in knocked  # the knocked out never act
            assert e["success"] == (e["color_hit"] or e["power_hit"])
            if e["critical"]:
                crits[log["input"]["match"]["setup"]["characters"][e["actor"]]["side"]] += 1
        elif e["kind"] == "skill" and e["result"] in ("success", "failure") and e["timing"] != "passive":
            assert e["character"] not in knocked
        elif e["kind"] == "dp":
            assert e["reason"] == "critical"
    assert {s: v["dp"] for s, v in log["state"]["sides"].items()} == crits
    for lang in ("ja", "en"):
        for view in ("gk", "public"):
            assert api.render(log, lang=lang, view=view)


EXAMPLE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples" / "logos").glob("*.yaml")}


@given(name=st.sampled_from(sorted(EXAMPLE)), mutations=fuzz.edits(["赤", "counter", "slowest"]))
def test_logos_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path)
