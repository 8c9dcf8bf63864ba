"""Property tests for kagemiya: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from dhproc import api
from dhproc.errors import ResolutionError
from dhproc.rulesets.kagemiya.model import ATTACKS, CHECKS, RANKS
from dhproc.rulesets.kagemiya.options import OPTIONS

from ... import fuzz
import pytest

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

ROOT = Path(__file__).resolve().parents[3]
STAT_KEYS = ("strength", "endurance", "agility", "mana", "luck")


def stat():
    return st.one_of(st.integers(0, 6), st.sampled_from(sorted(RANKS)))


@st.composite
def resource(draw, rid: str) -> dict:
    r = {"id": rid, "on": draw(st.lists(st.sampled_from(CHECKS), min_size=1, max_size=3, unique=True)),
         "dice": draw(st.integers(-2, 3)), "sides": draw(st.integers(-4, 2)), "modifier": draw(st.integers(-3, 5))}
    if draw(st.booleans()):
        r["uses"] = draw(st.integers(1, 2))
    for flag in ("first_move", "ambush", "secret"):
        if draw(st.booleans()):
            r[flag] = True
    if draw(st.booleans()):
        r["rank"] = draw(stat())
    return r


@st.composite
def kagemiya_matches(draw) -> dict:
    sides = ["red", "blue", "green"][: draw(st.integers(2, 3))]
    chars: dict[str, dict] = {}
    for sid in sides:
        for n in range(draw(st.integers(1, 2))):
            sv, ms = f"{sid}_s{n}", f"{sid}_m{n}"
            chars[sv] = {"name": sv, "side": sid, "kind": "servant", "master": ms, "row": "front",
                         **{k: draw(stat()) for k in STAT_KEYS}, "max_hp": draw(st.integers(1, 30)),
                         "skills": [draw(resource(f"{sv}_k{i}")) for i in range(draw(st.integers(0, 2)))],
                         "noble_phantasms": [draw(resource(f"{sv}_n{i}")) for i in range(draw(st.integers(0, 1)))]}
            if draw(st.booleans()):
                chars[sv]["doubling"] = [{"id": f"{sv}_d", "stat": draw(st.sampled_from(STAT_KEYS)),
                                          "multiplier": draw(st.integers(1, 3))}]
            chars[ms] = {"name": ms, "side": sid, "kind": "master", "row": draw(st.sampled_from(["front", "back"])),
                         **{k: draw(stat()) for k in STAT_KEYS}, "endurance": draw(st.integers(1, 4)),
                         "command_spells": draw(st.integers(0, 3))}
    rounds = draw(st.integers(1, 3))
    options = {o.id: draw(st.sampled_from(o.choices)) for o in OPTIONS if o.choices and draw(st.booleans())}
    turns = []
    for t in range(1, rounds + 1):
        subs = {}
        for sid in sides:
            mine = [c for c, v in chars.items() if v["side"] == sid]
            enemies = [c for c, v in chars.items() if v["side"] != sid]
            sub: dict = {}
            if t == 1 or options.get("initiative_each_round"):
                sub["initiative"] = {"roller": draw(st.sampled_from(mine)), "escape": draw(st.booleans())}
                sub["initiative"].update(declared(draw, chars[sub["initiative"]["roller"]],
                                                  "escape" if sub["initiative"]["escape"] else "initiative"))
            acts = []
            for _ in range(draw(st.integers(0, 3))):
                actor = draw(st.sampled_from(mine))
                kinds = ["physical", "magical", "escape", "pass"]
                if any(r.get("ambush") for r in chars[actor].get("skills", [])):
                    kinds.append("ambush")
                do = draw(st.sampled_from(kinds))
                act: dict = {"actor": actor, "do": do}
                if do in ATTACKS:
                    act["target"] = draw(st.sampled_from(enemies))
                    others = [c for c in mine if c != actor]
                    act["support"] = draw(st.lists(st.sampled_from(others), unique=True, max_size=2)) if others else []
                    act.update(declared(draw, chars[actor], ATTACKS[do][0]))
                elif do == "escape":
                    act.update(declared(draw, chars[actor], "escape"))
                acts.append(act)
            sub["actions"] = acts
            sub["defense"] = {c: [{"use": [r["id"] for r in res(chars[c])], "command_spells": ["boost"],
                                   "if": {"of": "attack", "attr": "total", "at_least": draw(st.integers(0, 30))}}]
                              for c in mine if draw(st.booleans())}
            sub["on_servant_loss"] = draw(st.sampled_from(["fight", "protect"]))
            subs[sid] = sub
        turns.append({"turn": t, "submissions": subs})
    return {"dhproc": 1, "ruleset": "kagemiya", "seed": draw(st.integers(0, 2**32)), "options": options,
            "setup": {"rounds": rounds, "area": "A", "areas": ["A", "B", "C"],
                      "sides": {s: {"name": s} for s in sides}, "characters": chars},
            "turns": turns}


def res(c: dict) -> list[dict]:
    return c.get("skills", []) + c.get("noble_phantasms", [])


def declared(draw, c: dict, check: str) -> dict:
    """Skills and 宝具 that apply to ``check``, and 令呪 for a servant (its master pays)."""
    usable = [r["id"] for r in res(c) if check in r["on"]]
    out = {"use": draw(st.lists(st.sampled_from(usable), unique=True)) if usable else []}
    if c["kind"] == "servant" and draw(st.booleans()):
        out["command_spells"] = [draw(st.sampled_from(["boost", "sides"]))]
    return out


def resolve_playable(match: dict) -> dict:
    """Resolve, dropping turns after the battle ended (those are an input error by design)."""
    while True:
        try:
            return api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
        except ResolutionError as exc:
            assert "never played" in str(exc), str(exc)
            match["turns"] = match["turns"][:-1]


@given(match=kagemiya_matches())
def test_kagemiya_battles_are_deterministic_replay_and_keep_their_invariants(match: dict, tmp_path_factory) -> None:
    log = resolve_playable(match)
    text = json.dumps(match, ensure_ascii=False)
    assert api.dumps(api.resolve(api.loads(text, name="m.yaml"))) == api.dumps(log)
    path = tmp_path_factory.mktemp("log") / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(path) is None
    out: set[str] = set()
    for e in (e for t in log["turns"] for e in t["events"]):
        if e["kind"] == "check":
            assert len(e["faces"]) == e["dice"] and e["total"] == sum(e["faces"]) + e["modifier"]
            assert all(1 <= f <= e["faces_per_die"] for f in e["faces"])
        elif e["kind"] == "attack":
            assert e["actor"] not in out and e["target"] not in out
        elif e["kind"] == "attack_result":
            assert e["damage"] == max(0, e["attack"] - e["defense"])
        elif e["kind"] == "damage":
            assert e["after"] == max(0, e["before"] - e["amount"]) and e["amount"] > 0
        elif e["kind"] in ("eliminated", "protected"):
            assert e["character"] not in out
            out.add(e["character"])
    for cid, c in log["state"]["characters"].items():
        assert 0 <= c["hp"] <= c["max_hp"]
        assert c["hp"] > 0 or c["eliminated"]
        assert c.get("command_spells", 0) >= 0
    if all(t["status"] == "complete" for t in log["turns"]) and \
            log["state"]["progress"]["rounds_played"] == log["state"]["rounds"]:
        assert log["outcome"]["result"] in ("win", "draw")
    for lang in ("ja", "en"):
        for view in ("gk", "public"):
            assert api.render(log, lang=lang, view=view)


EXAMPLE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples" / "kagemiya").glob("*.yaml")}


@given(name=st.sampled_from(sorted(EXAMPLE)), mutations=fuzz.edits(["A++", "EX", "front", "ambush", "boost"]))
def test_kagemiya_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path)
