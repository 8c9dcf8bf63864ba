"""Property tests: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import given
from hypothesis import strategies as st

from dhproc import api
from dhproc.errors import ResolutionError
from dhproc.rulesets.dh.model import Square
from dhproc.rulesets.dh.options import OPTIONS

from . import fuzz

ROOT = Path(__file__).resolve().parent.parent


EFFECTS = [{"kind": "damage", "amount": 2}, {"kind": "damage", "stat": "spirit", "amount": "half"},
           {"kind": "heal", "amount": 2}, {"kind": "instant_death"}, {"kind": "dying"},
           {"kind": "stat_change", "stat": "attack", "amount": 2}, {"kind": "barrier"}, {"kind": "incapacitate"},
           {"kind": "movement_change", "amount": -1}, {"kind": "zoc_ignore"}, {"kind": "extra_action"},
           {"kind": "dp_gain", "amount": 1}, {"kind": "rest_release"}, {"kind": "effect_removal"},
           {"kind": "withdraw"}, {"kind": "forced_move", "squares": 2}, {"kind": "revive"},
           {"kind": "wall_build"}, {"kind": "wall_break"}, {"kind": "normal_attack"}]
COUNTER_WHEN = ["attacked_by_enemy", "targeted_by_enemy", "killed", "enemy_enters_range",
                "enemy_ends_action_in_range", "ally_ends_action_in_range", "self_hits", "self_kills_enemy"]


@st.composite
def abilities(draw) -> dict:
    style = draw(st.sampled_from(["active", "passive", "counter"]))
    typ = draw(st.sampled_from(["instant", "granted", "field"]))
    ab = {"name": "能力", "style": style, "type": typ, "activation": draw(st.integers(0, 100)),
          "success": draw(st.integers(0, 100)), "duration": draw(st.integers(1, 3)),
          "range": {"shape": draw(st.sampled_from(["same_square", "adjacent", "diagonal", "radius", "around", "map"])),
                    "size": draw(st.integers(0, 2))},
          "targets": {"side": draw(st.sampled_from(["enemy", "ally", "any", "self"])),
                      "count": draw(st.sampled_from(["single", "multi"]))},
          "effects": draw(st.lists(st.sampled_from(EFFECTS), min_size=1, max_size=2)),
          "riders": draw(st.lists(st.sampled_from(["wall_piercing", "barrier_piercing", "counter_silence",
                                                    "gruesome_death", "survives_death", "no_rest", "empty_fire",
                                                    "delayed"]), max_size=2, unique=True))}
    if draw(st.booleans()):
        ab["costs"] = [draw(st.sampled_from([{"kind": "stat", "stat": "hp", "amount": 1}, {"kind": "dp", "amount": 1},
                                             {"kind": "self_death"}, {"kind": "extra_rest", "turns": 1},
                                             {"kind": "dp_gift", "amount": 1}]))]
    if draw(st.booleans()):
        ab["restrictions"] = [draw(st.sampled_from([
            {"kind": "mental_attack"}, {"kind": "once_per_game"},
            {"kind": "condition", "when": {"of": "self", "attr": "hp", "at_most": 3}},
            {"kind": "condition", "when": {"of": "match", "attr": "deaths_last_phase", "at_least": 1}}]))]
    if draw(st.booleans()):
        ab["targets"]["only"] = draw(st.sampled_from([{"of": "target", "attr": "gender", "equals": "female"},
                                                      {"of": "target", "attr": "grade", "at_most": 2},
                                                      {"of": "target", "attr": "states", "includes": "secret"}]))
    if style == "counter":
        ab["counter"] = {"when": draw(st.sampled_from(COUNTER_WHEN))}
    return ab


@st.composite
def dh_matches(draw) -> str:
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 6))
    squares = [Square(r, c) for r in range(rows) for c in range(cols)]
    walls = draw(st.lists(st.sampled_from(squares), max_size=min(3, len(squares) - 2), unique=True))
    free = [s for s in squares if s not in walls]
    n = draw(st.integers(2, min(8, len(free))))
    places = draw(st.permutations(free))[:n]
    sides = ["red", "blue"]
    chars = {}
    for i, sq in enumerate(places):
        side = sides[i % 2]
        chars[f"c{i}"] = {"name": f"キャラ{i}", "side": side, "attack": draw(st.integers(0, 20)),
                          "defense": draw(st.integers(0, 20)), "hp": draw(st.integers(1, 8)),
                          "spirit": draw(st.integers(0, 5)), "fs": 5, "at": sq.label,
                          "gender": draw(st.sampled_from(["female", "male", "both", "none"])),
                          "grade": draw(st.integers(1, 3))}
    for cid in list(chars):
        if draw(st.booleans()):
            chars[cid]["ability"] = draw(abilities())
    leaders = {s: next(c for c, v in chars.items() if v["side"] == s) for s in sides}
    options = {o.id: draw(st.sampled_from(o.choices)) if o.choices else o.default
               for o in OPTIONS if draw(st.booleans())}
    turns = []
    for t in range(1, draw(st.integers(1, 3)) + 1):
        subs = {}
        for side in sides:
            mine = [c for c, v in chars.items() if v["side"] == side]
            acts = []
            for who in draw(st.permutations(mine))[: draw(st.integers(0, len(mine)))]:
                act = {"who": who}
                if draw(st.booleans()):
                    act["to"] = draw(st.sampled_from(squares)).label
                if "ability" in chars[who] and draw(st.booleans()):
                    use = {}
                    if draw(st.booleans()):
                        use["targets"] = [draw(st.sampled_from(sorted(chars)))]
                    if draw(st.booleans()):
                        use["at"] = draw(st.sampled_from(squares)).label
                    act["ability"] = use
                elif draw(st.booleans()):
                    act["attack"] = draw(st.sampled_from(sorted(chars)))
                acts.append(act)
            subs[side] = acts
        turns.append({"turn": t, "submissions": subs})
    match = {"dhproc": 1, "ruleset": "dh", "seed": draw(st.integers(0, 2**40)), "options": options,
             "setup": {"map": {"rows": rows, "cols": cols, "walls": [w.label for w in walls]},
                       "first": draw(st.sampled_from(sides)), "turn_limit": draw(st.integers(1, 4)),
                       "sides": {s: {"name": s, "leader": leaders[s]} for s in sides}, "characters": chars},
             "turns": turns}
    return yaml.safe_dump(match, allow_unicode=True, sort_keys=False)


def _resolve_playable(text: str) -> tuple[dict, str]:
    """Resolve, dropping turns after the match was decided (those are an input error by design)."""
    data = yaml.safe_load(text)
    while True:
        try:
            return api.resolve(api.loads(text, name="m.yaml")), text
        except ResolutionError as exc:
            assert "never played" in str(exc), str(exc)
            data["turns"] = data["turns"][:-1]
            text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@given(text=dh_matches())
def test_determinism_replay_and_invariants(text: str, tmp_path_factory) -> None:
    log, text = _resolve_playable(text)
    again = api.resolve(api.loads(text, name="m.yaml"))
    assert api.dumps(again) == api.dumps(log)

    path = tmp_path_factory.mktemp("replay") / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(path) is None

    dead: set[str] = set()
    dp = {"red": 0, "blue": 0}
    for turn in log["turns"]:
        for e in turn["events"]:
            actor = e.get("actor")
            # a forced move, or an ability's attack (a `killed` counter strikes as its user dies), is not a 行動
            if e["kind"] in ("move", "attack") and actor is not None and not e.get("forced_by") \
                    and "ability" not in e:
                assert actor not in dead, f"{actor} acted after its death: {e}"
            if e["kind"] == "revive":
                dead.discard(e["character"])
            if e["kind"] == "damage":
                assert e["after"] >= 0 and e["after"] == max(0, e["before"] - e["amount"])
            if e["kind"] == "death":
                dead.add(e["character"])
            if e["kind"] == "dp":
                dp[e["side"]] += e["amount"]
                assert e["total"] == dp[e["side"]]
            if e["kind"] == "cost" and "total" in e:  # DP消費 and 献上 move the totals too
                assert e["total"] == dp[e["side"]] + (e["paid"] if e["cost"] == "dp_gift" else -e["paid"])
                dp[e["side"]] = e["total"]
    for cid, c in log["state"]["characters"].items():
        assert c["hp"] >= 0 and c["spirit"] >= 0
        assert ("dead" in c["states"]) == (cid in dead)
        assert "dead" not in c["states"] or c["hp"] == 0
    assert {s: v["dp"] for s, v in log["state"]["sides"].items()} == dp
    for lang in ("ja", "en"):
        assert api.render(log, lang=lang)


EXAMPLE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples" / "dh").glob("*.yaml")}


@given(name=st.sampled_from(sorted(EXAMPLE)), mutations=fuzz.edits(["Ｂ３"]))
def test_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path, entry=name)
