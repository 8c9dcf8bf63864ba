"""Property tests for logos: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.drawing import made_once, pick

from dhproc import api
from dhproc.rulesets.logos.model import COLORS
from dhproc.rulesets.logos.options import OPTIONS

from ... import continuation, coverage, fuzz

ROOT = Path(__file__).resolve().parents[3]
TIMINGS = ["passive", "turn_start", "before_action", "action", "after_action", "counter"]
TRIGGERS = ["stat_up", "stat_down", "knocked_out", "attack", "attacked",
            # LOGOS-5.13
            "attack_hit", "attack_miss", "critical", "skill_success", "skill_failure", "became_active", "turn_end",
            "order_changed", "charged", "charge_spent", "color_changed", "weakness_changed", "revived"]
STATS3 = ["attack", "defense", "reaction"]
NUMBER_ATTRS = {"self": ["attack", "defense", "reaction", "order", "charge", "spent_charge"], "own_side": ["standing", "knocked_out", "dp"],
                "round": ["bout"]}
LIST_ATTRS = {"colors": COLORS, "weaknesses": COLORS, "keywords": ["jinrai", "fukutsu", "moukou"],
              "states": ["charged", "hidden", "knocked_out", "active", "bench"]}
CHARACTER_SUBJECTS = ["self", "facing_enemy", "ally_active", "trigger"]


@made_once
def huge(lo: int, hi: int):
    """Whole numbers anywhere the schema allows, its edges drawn often."""
    return st.one_of(st.integers(lo, hi), pick([lo, hi]), st.integers(max(lo, -3), min(hi, 3)))


@made_once
@st.composite
def conditions(draw, timing: str, depth: int = 0, effect: bool = False) -> dict:
    """LOGOS-5.11: comparisons of every subject and attribute kind, and all/any/not around them; an
    effect's own condition (LOGOS-6.15) may also read ``target``."""
    shape = draw(pick(["compare"] * 4 + (["all", "any", "not"] if depth < 2 else [])))
    if shape in ("all", "any"):
        return {shape: draw(st.lists(conditions(timing, depth + 1, effect), min_size=1, max_size=3))}
    if shape == "not":
        return {"not": draw(conditions(timing, depth + 1, effect))}
    subjects = CHARACTER_SUBJECTS[:3] + (["trigger"] if timing == "counter" else []) + \
        ["own_side", "enemy_side", "round"] + (["target"] * 3 if effect else [])
    subject = draw(pick(subjects))
    if subject in ("own_side", "enemy_side", "round"):
        attr = draw(pick(NUMBER_ATTRS["own_side" if subject != "round" else "round"]))
        listed = False
    else:
        attr = draw(pick(NUMBER_ATTRS["self"] + list(LIST_ATTRS)))
        listed = attr in LIST_ATTRS
    if listed:
        return {"of": subject, "attr": attr, draw(pick(["includes", "excludes"])):
                draw(pick(LIST_ATTRS[attr]))}
    op = draw(pick(["at_least", "at_most", "above", "below", "equals", "not_equals"]))
    if subject in CHARACTER_SUBJECTS + ["target"] and draw(st.booleans()):
        other = draw(pick([x for x in CHARACTER_SUBJECTS if x != "trigger" or timing == "counter"]
                                     + (["target"] if effect else [])))
        return {"of": subject, "attr": attr, op: {"of": other, "attr": draw(pick(STATS3))}}
    return {"of": subject, "attr": attr, op: draw(huge(-9999, 9999))}


# LOGOS-6.13: the grants that run (each keyword the sources define that can be granted) ...
GRANTS = [{"keyword": "fukutsu"}] + [{"keyword": "moukou", "color": c} for c in COLORS]
# ... and those refused as input errors: 《迅雷》, 《猛攻》 without its colour, a colour with another keyword
REFUSED_GRANTS = [{"keyword": "jinrai"}, {"keyword": "moukou"}, {"keyword": "fukutsu", "color": "赤"}]

SINGLE = ["self", "facing_enemy", "ally_active", "chosen_ally", "chosen_enemy"]
GROUPS = ["bench_allies", "all_allies", "all_enemies"]


@made_once
@st.composite
def values(draw, timing: str, lo: int = -99, hi: int = 99):
    """LOGOS-6.8: a whole number, or a value read from the state (``trigger`` on a counter)."""
    if draw(st.integers(0, 3)):
        return draw(huge(lo, hi))
    subject = draw(pick(["self", "facing_enemy", "ally_active", "own_side", "enemy_side", "round"]
                                   + (["trigger"] if timing == "counter" else [])))
    attrs = NUMBER_ATTRS["self" if subject in CHARACTER_SUBJECTS else "own_side" if subject != "round" else "round"]
    out = {"of": subject, "attr": draw(pick(attrs))}
    for key, lo_, hi_ in (("times", -99, 99), ("divide", 1, 99), ("plus", -99, 99)):
        if draw(st.booleans()):
            out[key] = draw(huge(lo_, hi_))
    return out


@made_once
@st.composite
def effects(draw, timing: str, chosen: str) -> dict:
    """Every op the schema has, with every field it takes; targets fit the timing (LOGOS-5.3, 6.5)."""
    passive = timing == "passive"
    ops = ["stat", "add_color", "add_weakness", "field", "charge", "set_stat", "remove_color", "remove_weakness",
           "add_keyword", "rate"] if passive else \
        ["stat", "stat", "add_color", "add_weakness", "field", "order", "swap_order", "knock_out", "attack",
         "remove_effects", "charge",
         # the skill kinds real teams write (LOGOS-5.12-6.15, 7.3, 8.5)
         "set_stat", "dp", "revive", "enter", "remove_color", "remove_weakness", "add_keyword", "rate"]
    if chosen != "chosen_member" and draw(st.integers(0, 19)):  # LOGOS-8.5: one chosen character a skill,
        ops = [o for o in ops if o != "enter"]  # so enter (chosen_member) mostly goes without the others
    op = draw(pick(ops))
    single = [t for t in SINGLE if not t.startswith("chosen") or t == chosen] + (["trigger"] if timing == "counter"
                                                                                 else [])
    targets = ["self", "all_allies", "all_enemies"] if passive else single + GROUPS
    e: dict = {"op": op}
    if op == "field":
        e.update(name=draw(pick(["場", "砂嵐", "x" * 100])),
                 applies_to=draw(pick(["all", "allies", "enemies"])))
        if draw(st.booleans()):
            e.update(stat=draw(pick(STATS3)), value=draw(values(timing)))
        else:  # LOGOS-6.4: several stats at once
            e["stats"] = draw(st.dictionaries(pick(STATS3), values(timing), min_size=1, max_size=3))
    elif op == "dp":  # LOGOS-6.10
        e["value"] = draw(values(timing))
        if draw(st.booleans()):
            e["side"] = draw(pick(["own", "enemy"]))
    elif op == "revive":  # LOGOS-6.11
        e["target"] = draw(pick([t for t in single if t != "facing_enemy" and t != "chosen_enemy"]
                                           + ["knocked_out_allies"]))
    elif op == "enter":  # LOGOS-8.5
        e["target"] = "chosen_member"
        if draw(st.booleans()):
            e["to"] = draw(st.one_of(st.just("slowest"), huge(1, 99)))
    elif op == "order":
        e.update(target=draw(pick(single)), to=draw(st.one_of(st.just("slowest"), huge(1, 99))))
    elif op == "swap_order":
        own = [t for t in single if t in ("self", "ally_active", "chosen_ally", "trigger")]
        enemy = [t for t in single if t in ("facing_enemy", "chosen_enemy", "trigger")]
        pool = draw(pick([own, enemy]))
        e.update(target=draw(pick(pool)), **{"with": draw(pick(pool))})
    else:
        e["target"] = draw(pick([t for t in targets if t != "self"] if op == "attack" else targets))
        if op in ("stat", "set_stat"):
            e.update(stat=draw(pick(STATS3)), value=draw(values(timing)))
        elif op in ("add_color", "add_weakness", "remove_color", "remove_weakness"):
            e["color"] = draw(pick(COLORS))
        elif op == "add_keyword":  # LOGOS-6.13: 《不屈》, 《猛攻》 with its colour; rarely what is refused
            e.update(draw(pick(GRANTS if draw(st.integers(0, 39)) else REFUSED_GRANTS)))
        elif op == "rate":  # LOGOS-6.14
            e["value"] = draw(values(timing))
            if draw(st.booleans()):
                e["skill"] = draw(pick(["技1", "技11", "x"]))
        elif op == "charge" and draw(st.booleans()):  # LOGOS-7.3: levels
            e["value"] = draw(values(timing, 1, 99))
    if op in ("stat", "add_color", "add_weakness", "field", "set_stat", "remove_color", "remove_weakness",
              "add_keyword", "rate") and draw(st.booleans()):
        e["turns"] = draw(st.one_of(st.none(), huge(1, 99)))
    if op not in ("field", "dp", "order", "swap_order") and draw(st.integers(0, 3)) == 0:  # LOGOS-6.15
        e["condition"] = draw(conditions(timing, effect=True))
    return e


@made_once
@st.composite
def skills(draw, i: int) -> dict:
    timing = draw(pick(TIMINGS))
    chosen = draw(pick(["chosen_ally", "chosen_enemy", "chosen_member"]))
    s: dict = {"name": f"技{i}", "timing": timing}
    if draw(st.booleans()):
        s["rate"] = draw(st.one_of(pick([0, 30, 50, 80, 100]), st.integers(0, 100)))
    s["effects"] = draw(st.lists(effects(timing, chosen), min_size=1, max_size=3))
    if timing == "counter":
        t = {"event": draw(pick(TRIGGERS))}
        if draw(st.booleans()):
            t["who"] = draw(pick(["self", "ally", "other_ally", "enemy", "any"]))
        if t["event"] in ("stat_up", "stat_down") and draw(st.booleans()):
            t["stat"] = draw(pick(STATS3))
        s["trigger"] = t
    if draw(st.booleans()):
        s["condition"] = draw(conditions(timing))
    if draw(st.booleans()):
        s["charge"] = True
    if timing != "passive" and draw(st.booleans()):  # LOGOS-5.12
        s["uses"] = {"count": draw(huge(1, 99))}
        if draw(st.booleans()):
            s["uses"]["per"] = draw(pick(["round", "turn"]))
    return s


@st.composite
def logos_matches(draw) -> dict:
    chars = {}
    n = 0
    for side in ("red", "blue"):
        for i in range(6):
            n += 1
            kw = draw(st.lists(pick(["jinrai", "fukutsu", "moukou"]), unique=True, max_size=3))
            colors = draw(st.lists(pick(COLORS), unique=True, min_size=1,
                                   max_size=2 if "moukou" in kw else 1))
            secret = draw(st.booleans())
            chars[f"{side}{i}"] = {
                "name": f"{side}{i}", "side": side, "colors": colors,
                "weaknesses": draw(st.lists(pick(COLORS), unique=True, min_size=1, max_size=6)),
                "attack": draw(huge(0, 999) if i == 5 else st.integers(0, 12)),
                "defense": draw(huge(0, 999) if i == 5 else st.integers(0, 12)),
                "reaction": draw(huge(0, 999) if i == 5 else st.integers(0, 10)), "keywords": kw,
                "secret": secret, "skills": [draw(skills(n * 10 + k)) for k in range(draw(st.integers(0, 3)))]}
            if secret and draw(st.booleans()):
                chars[f"{side}{i}"]["revealed"] = True
            if draw(st.integers(0, 9)) == 0:
                chars[f"{side}{i}"]["fs"] = draw(huge(0, 999))
    options = {o.id: draw(pick(o.choices)) for o in OPTIONS if o.choices and draw(st.booleans())}
    if draw(st.integers(0, 9)) == 0:
        options["counter_chain_cap"] = draw(st.integers(1, 30))
    if draw(st.integers(0, 9)) == 0:
        options["turn_cap"] = draw(st.integers(1, 8))
    options["team_size"] = 6
    subs: dict = {}
    for side in ("red", "blue"):
        starters = draw(st.permutations([f"{side}{i}" for i in range(6)]))[:5]
        choices = []
        for who in starters:
            for sk in chars[who]["skills"]:
                used = [t for e in sk["effects"] for t in (e.get("target"), e.get("with"))]
                if "chosen_member" in used:  # LOGOS-8.5: the member left out, or (rarely, an input error) a starter
                    members = [f"{side}{i}" for i in range(6)]
                    left_out = [m for m in members if m not in starters]
                    choices.append({"who": who, "skill": sk["name"],
                                    "target": draw(pick(members if draw(st.integers(0, 9)) == 0
                                                                   else left_out))})
                elif "chosen_ally" in used:
                    choices.append({"who": who, "skill": sk["name"], "target": draw(pick(starters))})
                elif "chosen_enemy" in used:
                    other = "blue" if side == "red" else "red"
                    choices.append({"who": who, "skill": sk["name"],
                                    "target": draw(pick([f"{other}{i}" for i in range(6)]))})
        subs[side] = {"starters": starters, **({"choices": choices} if choices else {})}
    setup: dict = {"stage": draw(pick(["league", "final"])),
                   "sides": {"red": {"name": "赤"}, "blue": {"name": "青"}}, "characters": chars}
    if draw(st.integers(0, 4)) == 0:
        setup["first"] = draw(pick(["red", "blue"]))
    return {"dhproc": 1, "ruleset": "logos", "seed": draw(st.integers(0, 2**32)), "options": options,
            "setup": setup, "turns": [{"turn": 1, "submissions": subs}]}


def note_generated(match: dict, log: dict | None) -> None:
    """What a generated logos match used (printed by the deep profile, tests/coverage.py)."""
    skills_ = [sk for c in match["setup"]["characters"].values() for sk in c["skills"]]
    effects_ = [e for sk in skills_ for e in sk["effects"]]
    coverage.note("logos effect ops", [e["op"] for e in effects_])
    coverage.note("logos targets", [f"{k}:{e[k]}" for e in effects_ for k in ("target", "with") if k in e])
    coverage.note("logos timings", [sk["timing"] for sk in skills_])
    coverage.note("logos triggers", [f"{sk['trigger']['event']}/{sk['trigger'].get('who', 'any')}"
                                     for sk in skills_ if "trigger" in sk])
    conds = [sk.get("condition") for sk in skills_] + [e.get("condition") for e in effects_]
    coverage.note("logos trigger events", [sk["trigger"]["event"] for sk in skills_ if "trigger" in sk])
    coverage.note("logos trigger who", [sk["trigger"].get("who", "any (default)") for sk in skills_ if "trigger" in sk]
                  + [f"stat {sk['trigger']['stat']}" for sk in skills_ if "stat" in sk.get("trigger", {})])
    coverage.note("logos condition subjects", [c for sk in skills_ for c in _subjects(sk.get("condition"))]
                  + [f"effect {c}" for e in effects_ for c in _subjects(e.get("condition"))])
    coverage.note("logos condition ops", [op for c in conds for op in _ops(c)])
    coverage.note("logos condition attrs", [a for c in conds for a in _attrs(c)])
    coverage.note("logos keywords granted", [_grant(e) for e in effects_ if e["op"] == "add_keyword"])
    coverage.note("logos skill fields", [k for sk in skills_ for k in sk if k not in ("name", "effects")])
    coverage.note("logos fields", [k for e in effects_ for k in e if k != "op"]
                  + [k for c in match["setup"]["characters"].values() for k in c if k in ("secret", "revealed", "fs")])
    coverage.note("logos huge numbers", [f"{k} {v}" for e in effects_ for k, v in e.items()
                                         if k in ("value", "turns", "to") and isinstance(v, int) and abs(v) == 99]
                  + [f"stat {v}" for c in match["setup"]["characters"].values() for k, v in c.items()
                     if k in STATS3 and v == 999])
    coverage.note("logos matches", ["input error" if log is None else log["outcome"]["result"]])
    coverage.note("logos values read", [k for e in effects_ for k, v in e.items() if isinstance(v, dict) and "of" in v]
                  + ["stats" for e in effects_ if "stats" in e]
                  + [f"of {v['of']}" for e in effects_ for v in [e.get("value"), *(e.get("stats") or {}).values()]
                     if isinstance(v, dict)])
    coverage.note("logos usage limits", [sk["uses"].get("per", "round") for sk in skills_ if "uses" in sk])
    note_drawn_and_fired(skills_, effects_, log)
    if log is not None:
        evs = [e for t in log["turns"] for e in t["events"]]
        coverage.note("logos ops fired", [e.get("op", e["kind"]) for e in evs
                                          if e["kind"] in ("effect", "field", "order", "knocked_out", "attack",
                                                           "effects_removed", "state", "revived", "dp")])
        coverage.note("logos skill results", [e["result"] for e in evs if e["kind"] == "skill"])
        coverage.note("logos keywords fired", [e["keyword"] for e in evs if e["kind"] == "effect" and e["op"] == "add_keyword"]
                      + [f"{e['via']} colour" for e in evs if e["kind"] == "effect" and e.get("via")])
        coverage.note("logos triggers fired", [e["trigger"]["event"] for e in evs
                                               if e["kind"] == "skill" and "trigger" in e])
        coverage.note("logos cancel reasons", [e["reason"] for e in evs if e["kind"] == "cancel"])
        coverage.note("logos outcome reasons", [log["outcome"]["reason"]])


def note_drawn_and_fired(skills_: list[dict], effects_: list[dict], log: dict | None) -> None:
    """python tests/coverage.py: the effect ops and triggers drawn against those a log shows at work."""
    coverage.generated("logos")
    evs = [e for t in (log or {}).get("turns", []) for e in t["events"]]
    ops = EFFECT_PROPS["op"]["enum"]
    coverage.drawn_and_fired("logos", "effect op", [e["op"] for e in effects_],
                             [e["op"] for e in evs if e.get("op") in ops], expected=ops)
    coverage.drawn_and_fired("logos", "trigger", [sk["trigger"]["event"] for sk in skills_ if "trigger" in sk],
                             [e["trigger"]["event"] for e in evs if e["kind"] == "skill" and "trigger" in e])
    coverage.drawn_and_fired("logos", "match", ["resolved, not refused as input"],
                             ["resolved, not refused as input"] * bool(log))


def _grant(e: dict) -> str:
    """LOGOS-6.13: a keyword granted, as drawn (with a colour, or one of the refused forms)."""
    if e["keyword"] == "moukou":
        return "moukou + color" if "color" in e else "moukou without color (refused)"
    if e["keyword"] == "jinrai":
        return "jinrai (refused)"
    return "fukutsu + color (refused)" if "color" in e else "fukutsu"


def _comparisons(cond) -> list[dict]:
    """Every comparison of a condition, inside all / any / not."""
    if not isinstance(cond, dict):
        return []
    if "of" in cond:
        return [cond]
    return [x for v in cond.values() for c in (v if isinstance(v, list) else [v]) for x in _comparisons(c)]


def _ops(cond) -> list[str]:
    """The comparison operators and the all / any / not around them."""
    if not isinstance(cond, dict):
        return []
    if "of" in cond:
        return [k for k in cond if k not in ("of", "attr")]
    return [k for k in cond] + [op for v in cond.values() for c in (v if isinstance(v, list) else [v])
                                for op in _ops(c)]


def _attrs(cond) -> list[str]:
    return [f"{'side' if c['of'] in ('own_side', 'enemy_side') else c['of'] if c['of'] == 'round' else 'character'}"
            f".{c['attr']}" for c in _comparisons(cond)]


def _subjects(cond) -> list[str]:
    if not isinstance(cond, dict):
        return []
    out = [cond["of"]] if "of" in cond else []
    for v in cond.values():
        if isinstance(v, dict):
            out += _subjects(v)
        elif isinstance(v, list):
            out += [x for c in v for x in _subjects(c)]
    return out


SCHEMA = json.loads((ROOT / "schemas" / "logos.setup.schema.json").read_text(encoding="utf-8"))["$defs"]
EFFECT_PROPS = SCHEMA["effect"]["properties"]
SKILL_PROPS = SCHEMA["skill"]["properties"]
TARGETS = SCHEMA["target"]["enum"]


def _grant_labels() -> list[str]:
    return sorted({_grant({"op": "add_keyword", **g}) for g in GRANTS + REFUSED_GRANTS})


def test_the_generators_draw_everything_the_logos_schema_allows() -> None:
    """Every skill kind, timing, trigger, condition operator and subject, target and keyword the schema
    allows is among what the generators above draw (the deep profile prints which were reached)."""
    assert sorted(TIMINGS) == sorted(SKILL_PROPS["timing"]["enum"])
    assert sorted(TRIGGERS) == sorted(SCHEMA["trigger"]["properties"]["event"]["enum"])
    assert {g["keyword"] for g in GRANTS + REFUSED_GRANTS} == set(EFFECT_PROPS["keyword"]["enum"])
    assert set(SINGLE + GROUPS + ["trigger", "chosen_member", "knocked_out_allies"]) == set(TARGETS)
    assert set(LIST_ATTRS["keywords"]) == set(SCHEMA["character"]["properties"]["keywords"]["items"]["enum"])
    assert set(CHARACTER_SUBJECTS + ["own_side", "enemy_side", "round", "target"]) == \
        set(SCHEMA["effect_condition"]["properties"]["of"]["enum"])


# What the deep profile should see reached: every value the schema allows (tests/coverage.py).
coverage.expect("logos effect ops", EFFECT_PROPS["op"]["enum"])
coverage.expect("logos timings", SKILL_PROPS["timing"]["enum"])
coverage.expect("logos trigger events", SCHEMA["trigger"]["properties"]["event"]["enum"])
coverage.expect("logos triggers fired", SCHEMA["trigger"]["properties"]["event"]["enum"])
coverage.expect("logos trigger who", SCHEMA["trigger"]["properties"]["who"]["enum"]
                + [f"stat {x}" for x in SCHEMA["trigger"]["properties"]["stat"]["enum"]])
coverage.expect("logos condition ops", [k for k in SCHEMA["condition"]["properties"] if k not in ("of", "attr")])
coverage.expect("logos condition subjects", SCHEMA["condition"]["properties"]["of"]["enum"]
                + [f"effect {x}" for x in SCHEMA["effect_condition"]["properties"]["of"]["enum"]])
coverage.expect("logos targets", [f"target:{t}" for t in TARGETS]
                + [f"with:{t}" for t in EFFECT_PROPS["with"]["enum"] if t != "chosen_member"])
coverage.expect("logos keywords granted", _grant_labels())
coverage.expect("logos keywords fired", ["fukutsu", "moukou", "moukou colour"])
coverage.expect("logos skill fields", [k for k in SKILL_PROPS if k not in ("name", "effects")])
coverage.expect("logos fields", [k for k in EFFECT_PROPS if k != "op"])


def resolve_text(text: str) -> dict:
    return api.resolve(api.loads(text, name="m.yaml"))


@given(match=logos_matches())
def test_logos_rounds_are_deterministic_replay_and_keep_their_invariants(match: dict, tmp_path_factory) -> None:
    from dhproc.errors import ResolutionError

    from dhproc.errors import InputError

    text = json.dumps(match, ensure_ascii=False)
    try:
        log = resolve_text(text)
    except InputError as exc:  # wrong whatever happens: every problem located, never a crash
        assert exc.problems and all(p.line is not None and p.col is not None for p in exc.problems)
        note_generated(match, None)
        return
    except ResolutionError as exc:  # only a counter loop may stop a round (LOGOS-5.8)
        assert "カウンターが互いに誘発し合っています" in str(exc)
        return
    note_generated(match, log)
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
            assert 0 <= e["rate"] <= 100  # LOGOS-6.14
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


@given(name=pick(sorted(EXAMPLE)), mutations=fuzz.edits(["赤", "counter", "slowest"]))
def test_logos_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path)


@given(match=logos_matches(), stop=st.integers(0, 6))
def test_logos_11_5_any_round_stopped_anywhere_continues_to_the_same_events(match: dict, stop: int,
                                                                          tmp_path_factory) -> None:
    """LOGOS-11.4 / 11.5 over generated rounds: stopped after ターン ``stop`` and continued from the log,
    the rest of the round is event for event the round resolved in one go."""
    from dhproc.errors import InputError, ResolutionError

    try:
        whole = resolve_text(json.dumps(match, ensure_ascii=False))
    except (InputError, ResolutionError):
        return  # the property above covers what such matches must do
    match["setup"]["stop_after_bout"] = stop
    first = resolve_text(json.dumps(match, ensure_ascii=False))
    evs = first["turns"][0]["events"]
    if evs[-1]["kind"] != "stopped":  # decided by ターン ``stop``: the same round
        coverage.note("logos stop points", ["decided before the stop"])
        assert evs == whole["turns"][0]["events"]
        return
    continuation.note_stop("logos", f"after ターン {stop}", first)
    later = continuation.continue_log(first, [{"turn": 1, "submissions": {}}], tmp_path_factory.mktemp("cont"))
    n = len(evs) - 1
    assert _without_seq(later["turns"][0]["events"][1:]) == _without_seq(whole["turns"][0]["events"][n:])
    assert later["state"] == whole["state"] and later["outcome"] == whole["outcome"]


def _without_seq(evs: list[dict]) -> list[dict]:
    """``seq`` counts from 1 in each turn; the continued round is a turn of its own."""
    return [{k: v for k, v in e.items() if k != "seq"} for e in evs]
