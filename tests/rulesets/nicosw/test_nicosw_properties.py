"""Property tests for nicosw: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from dhproc import api
from dhproc.errors import ResolutionError
from dhproc.rulesets.nicosw.options import OPTIONS

from ... import fuzz
import pytest

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

ROOT = Path(__file__).resolve().parents[3]
LENGTH = 8
CHECK_NAMES = ["initiative", "attack_check", "defense_check", "sprint", "retreat", "death_check", "willpower"]


@st.composite
def characters(draw, side: str, i: int) -> dict:
    c: dict = {"name": f"{side}{i}", "side": side, "level": draw(st.integers(0, 6)), "agility": draw(st.integers(0, 4)),
               "checks": {k: draw(st.integers(-2, 8)) for k in CHECK_NAMES},
               "weapons": [{"id": "w", "kind": draw(st.sampled_from(["melee", "ranged"])), "range": 1,
                            "mods": draw(st.lists(st.fixed_dictionaries({"op": st.sampled_from(["mul", "add", "sub"]),
                                                                        "value": st.integers(0, 3)}), max_size=2))}],
               "skills": [{"id": "s", "timing": draw(st.sampled_from(["minor_action", "major_action"])), "range": draw(st.integers(1, 4)),
                           "target": draw(st.sampled_from(["enemy", "ally"])),
                           "effects": [draw(st.sampled_from([
                               {"kind": "damage", "type": "magic", "amount": 2}, {"kind": "heal", "amount": 3},
                               {"kind": "prone"},
                               {"kind": "lasting", "effect": "periodic", "damage": 1, "rounds": 2},
                               {"kind": "lasting", "effect": "damage_mod", "as": "receiver", "op": "add", "value": 1,
                                "rounds": 1}]))]}]}
    if c["weapons"][0]["kind"] == "ranged":
        c["weapons"][0]["range"] = draw(st.integers(1, 6))
    if draw(st.booleans()):
        c["parts"] = [{"id": "p1", "hp": draw(st.integers(1, 6))}, {"id": "p2", "hp": draw(st.integers(1, 6)),
                                                                     "core": draw(st.booleans())}]
    else:
        c.update(hp=draw(st.integers(1, 8)), armor=draw(st.integers(0, 2)), magic_armor=draw(st.integers(0, 2)))
    if draw(st.booleans()):
        c["known"], c["fame"] = False, draw(st.integers(0, 12))
        c["checks"]["monster_lore"] = 2
    return c


@st.composite
def actions(draw, me: str, names: list[str], chars: dict) -> list[dict]:
    out = []
    for slot in ("minor_action", "major_action")[: draw(st.integers(1, 2))]:
        kinds = ["move", "move", "move", "stand"] if slot == "minor_action" else ["full_move", "retreat", "melee", "melee", "ranged", "skill"]
        kind = draw(st.sampled_from(kinds))
        a: dict = {"do": kind}
        if kind in ("move", "full_move"):
            a["to"] = draw(st.integers(0, LENGTH - 1) if kind == "move" else st.one_of(st.integers(0, LENGTH - 1),
                                                                                        st.just("off")))
            if kind == "move":
                a["mode"] = draw(st.sampled_from(["careful_move", "normal_move"]))
                a["slot"] = slot
        if kind in ("melee", "ranged", "skill"):
            a["target"] = draw(st.sampled_from([n for n in names if n != me]))
            if kind == "skill":
                a["skill"] = "s"
            if "parts" in chars[a["target"]]:
                a["part"] = draw(st.sampled_from(["p1", "p2"]))
        out.append(a)
    return out


@st.composite
def nicosw_matches(draw) -> dict:
    chars = {}
    for side in ("a", "b"):
        for i in range(draw(st.integers(1, 3))):
            chars[f"{side}{i}"] = draw(characters(side, i))
    names = list(chars)
    options = {o.id: draw(st.sampled_from(o.choices)) for o in OPTIONS
               if o.choices and o.id != "map_model" and draw(st.booleans())}
    options["round_cap"] = draw(st.integers(2, 6))
    sides = {"a": {"name": "A", "deploy": [0, 3]}, "b": {"name": "B", "deploy": [4, 7]}}
    turns = []
    for n in range(1, draw(st.integers(1, 4)) + 1):
        subs = {}
        for side in ("a", "b"):
            mine = [c for c in names if chars[c]["side"] == side]
            sub: dict = {"goes": {c: draw(actions(c, names, chars)) for c in mine}}
            if n == 1:
                lo = 0 if side == "a" else 4
                squares = draw(st.permutations(list(range(lo, lo + 4))))
                sub["order"] = draw(st.permutations(mine))
                sub["placement"] = {c: squares[k] for k, c in enumerate(mine)}
            if draw(st.integers(0, 19)) == 0:
                sub["surrender"] = True
            subs[side] = sub
        turns.append({"turn": n, "submissions": subs})
    return {"dhproc": 1, "ruleset": "nicosw", "seed": draw(st.integers(0, 2**32)), "options": options,
            "setup": {"map": {"length": LENGTH}, "sides": sides, "characters": chars}, "turns": turns}


def _resolve_playable(match: dict) -> dict | None:
    """Resolve, dropping turns after the battle was decided; None when the input is refused as input."""
    from dhproc.errors import InputError

    while True:
        try:
            return api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
        except ResolutionError as exc:
            assert "never played" in str(exc), str(exc)
            match = dict(match, turns=match["turns"][:-1])
        except InputError as exc:  # a generated go may break a static rule (two 主動作, leaving without one)
            assert all(p.line for p in exc.problems)
            return None


@given(match=nicosw_matches())
def test_nicosw_battles_are_deterministic_replay_and_keep_their_invariants(match: dict, tmp_path_factory) -> None:
    log = _resolve_playable(match)
    if log is None:
        return
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
    on_map = [c["at"] for c in state.values() if c["at"] is not None]
    assert len(on_map) == len(set(on_map)), "two characters on one square"
    for c in state.values():
        if "hp" in c:
            assert c["hp"] <= c["max_hp"]
    assert log["outcome"]["result"] in ("win", "draw", "ongoing")
    for lang in ("ja", "en"):
        for view in ("gk", "public"):
            assert api.render(log, lang=lang, view=view, turns=[t["turn"] for t in log["turns"]])


EXAMPLE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples" / "nicosw").glob("*.yaml")}


@given(name=st.sampled_from(sorted(EXAMPLE)), mutations=fuzz.edits(["off", "ogre", "-1", "[3, 4]"]))
def test_nicosw_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path)
