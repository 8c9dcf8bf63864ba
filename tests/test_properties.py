"""Property tests: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from dhproc import api
from dhproc.cli import cli
from dhproc.errors import ResolutionError
from dhproc.rulesets.dh.model import Square
from dhproc.rulesets.dh.options import OPTIONS

ROOT = Path(__file__).resolve().parent.parent


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
                          "spirit": draw(st.integers(0, 5)), "fs": 5, "at": sq.label}
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
                if draw(st.booleans()):
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
            if e["kind"] in ("move", "attack", "roll") and actor is not None:
                assert actor not in dead, f"{actor} acted after its death: {e}"
            if e["kind"] == "damage":
                assert e["after"] >= 0 and e["after"] == max(0, e["before"] - e["amount"])
            if e["kind"] == "death":
                dead.add(e["character"])
            if e["kind"] == "dp":
                dp[e["side"]] += e["amount"]
                assert e["total"] == dp[e["side"]]
    for cid, c in log["state"]["characters"].items():
        assert c["hp"] >= 0 and c["spirit"] >= 0
        assert ("dead" in c["states"]) == (cid in dead) == (c["hp"] == 0)
    assert {s: v["dp"] for s, v in log["state"]["sides"].items()} == dp
    for lang in ("ja", "en"):
        assert api.render(log, lang=lang)


EXAMPLE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples" / "dh").glob("*.yaml")}
NOISE = st.sampled_from(list(":-[]{},#&*!|>'\"%@` \n\tＢ３ab01?") + ["\u3000", "\ufeff", "\x00", "yes", "*a", "&a"])


@given(name=st.sampled_from(sorted(EXAMPLE)), edits=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 3), NOISE),
                                                            min_size=1, max_size=4))
def test_broken_input_never_gives_a_traceback(name: str, edits, tmp_path) -> None:
    folder = tmp_path / "m"
    folder.mkdir(exist_ok=True)
    for fname, text in EXAMPLE.items():
        (folder / fname).write_text(text, encoding="utf-8")
    text = EXAMPLE[name]
    for where, cut, noise in edits:
        i = int(where * len(text))
        text = text[:i] + noise + text[i + cut:]
    (folder / name).write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["resolve", str(folder / name)], catch_exceptions=True)
    assert result.exit_code in (0, 1), (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    if result.exit_code == 1:
        assert ": " in result.output
