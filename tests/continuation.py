"""Continuing a match from its log, for every ruleset (DH-12.2, LOGOS-11.5, COUNT-1.5, NICOSW-1.10,
KAGEMIYA-1.8): the match.yaml ``dhproc new DIR --from LOG`` writes must validate on its own, and with
the original's later turns resolve to the same events, state and outcome as the match resolved in
one go. The properties and the example tests of each ruleset call :func:`assert_turn_split` (or, for
a logos round stopped inside its one turn, :func:`continue_log`), which also counts, per ruleset,
where the matches were stopped and who was down at the stop (tests/coverage.py prints the counts in
the deep profile)."""

from __future__ import annotations

import copy
import json
from pathlib import Path


from dhproc import api
from dhproc.errors import InputError, ResolutionError
from dhproc.cli.scaffold import continuation_text
from tests import coverage, yamltext
from tests.rulesets.common import said


def resolve(match: dict) -> dict:
    return api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))


def playable(match: dict) -> dict | None:
    """``match`` less its turns after the battle was decided (those are an input error by design);
    None when it is refused as input (the rulesets' own properties cover what that must do)."""
    match = copy.deepcopy(match)
    while match["turns"]:
        try:
            resolve(match)
            return match
        except ResolutionError as exc:
            assert said(str(exc), "turn.after_end"), str(exc)
            match["turns"] = match["turns"][:-1]
        except InputError:
            return None
    return None


# Where a ruleset caps the turns a match may have, and what a side submits in a battle's first turn
# only (nicosw's placement and order, kagemiya's 先手判定 unless every 巡 has one).
TURN_CAPS = {"dh": ("setup", "turn_limit"), "nicosw": ("options", "round_cap"), "kagemiya": ("setup", "rounds")}
FIRST_TURN_ONLY = ("placement", "placement_if_first", "placement_if_second", "order", "initiative")


def with_a_later_turn(match: dict) -> dict:
    """``match`` with its last turn's submissions once more as the next turn, the turn cap raised to
    take it (a generator that often draws one turn gives a continuation nothing to stop after)."""
    match = copy.deepcopy(match)
    last = copy.deepcopy(match["turns"][-1])
    where, key = TURN_CAPS.get(match["ruleset"], ("setup", None))
    holder = match.setdefault(where, {})
    if isinstance(holder.get(key), int):  # not decided by the cap before the new turn
        holder[key] = max(holder[key], last["turn"] + 1)
    keep = ("initiative",) if match.get("options", {}).get("initiative_each_round") else ()
    for sub in last["submissions"].values():
        if isinstance(sub, dict):
            for k in FIRST_TURN_ONLY:
                if k not in keep:
                    sub.pop(k, None)
    match["turns"].append({**last, "turn": last["turn"] + 1})
    return match


def continue_log(first: dict, later_turns: list[dict], tmp_path: Path) -> dict:
    """The log ``first`` continued as ``dhproc new DIR --from`` does (api.continuation, written as
    its match.yaml), checked on its own, then resolved with ``later_turns``."""
    path = tmp_path / "first.json"
    path.write_text(api.dumps(first), encoding="utf-8")
    text = continuation_text(api.continuation(path), path.name)
    api.loads(text, name="match.yaml")  # `dhproc validate DIR/match.yaml` before any turn is added
    cont = yamltext.load(text)
    cont["turns"] = later_turns
    return resolve(cont)


# the words of the rulesets' ``states`` for a character out of play (not prone, charged, resting...)
OUT_OF_PLAY = ("knocked_out", "dead", "dying", "withdrawn", "off_map", "removed", "bench")


def down_at_stop(state: dict) -> list[str]:
    """Who is out of play in a log's final state, by how (every ruleset's state says it its own
    way: ``states``, a flag, or no square), or ``none``."""
    labels = []
    for c in state["characters"].values():
        out = [s for s in c.get("states", []) if s in OUT_OF_PLAY]
        out += [flag for flag in ("knocked_out", "escaped", "eliminated") if c.get(flag) is True]
        if not out and "at" in c and c["at"] is None:
            out.append("no square")  # dh's bench and 転校生 still to come
        labels += out
    labels += [f"side {s['status']}" for s in state["sides"].values()
               if isinstance(s, dict) and s.get("status") not in (None, "fighting")]
    return sorted(set(labels)) or ["none"]


def note_stop(ruleset: str, point: str, first: dict) -> None:
    coverage.note(f"{ruleset} stop points", [point])
    coverage.note(f"{ruleset} down at the stop", down_at_stop(first["state"]))


def assert_turn_split(match: dict, k: int, tmp_path: Path) -> tuple[dict, dict, dict] | None:
    """``match`` resolved whole, its first ``k`` turns, and the rest continued from that log: the
    continued turns are the whole match's, event for event (``seq`` counts per turn), with the same
    final state and outcome. None when the first ``k`` turns do not make a log that continues (a
    turn awaits a side, or the battle is decided)."""
    ruleset = match["ruleset"]
    whole = resolve(match)
    first = resolve({**match, "turns": match["turns"][:k]})
    if first["outcome"]["result"] != "ongoing" or first["turns"][-1]["status"] != "complete":
        coverage.note(f"{ruleset} stop points", ["decided or awaited at the stop"])
        return None
    note_stop(ruleset, f"after {k} of {len(match['turns'])} turns", first)
    later = continue_log(first, match["turns"][k:], tmp_path)
    assert first["turns"] == whole["turns"][:k]
    assert len(later["turns"]) == len(match["turns"]) - k
    for original, continued in zip(whole["turns"][k:], later["turns"]):
        assert continued == original  # every event, status and die
    assert later["state"] == whole["state"]
    assert later["outcome"] == whole["outcome"]
    return whole, first, later


def example(folder: Path) -> dict:
    """An example folder as one match with its turns inline (as its log records them)."""
    log = api.resolve(api.load(folder / "match.yaml"))
    turns = [{k: v for k, v in t.items() if k not in ("dhproc", "match")} for t in log["input"]["turns"]]
    return {**log["input"]["match"], "turns": turns}
