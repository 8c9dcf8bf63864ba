"""What the dh resolution works out once instead of on every event (docs/performance.md): the
parsed setup across the runs of one match, the squares' names, and the look for the waiting
counters of the dead. The results themselves are held by the golden logs and the replay corpus."""

from __future__ import annotations

import sys
from pathlib import Path

from dhproc import api
from dhproc.engine.effects import EffectStore
from dhproc.rulesets import dh
from dhproc.rulesets.dh.model import Square, parse_square

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from matches import dh_battle  # noqa: E402


def test_the_runs_of_one_match_parse_its_abilities_once(monkeypatch) -> None:
    match = api.load(ROOT / "examples" / "dh" / "abilities" / "match.yaml")
    parsed: list[object] = []
    real = dh.parse_ability
    monkeypatch.setattr(dh, "parse_ability", lambda data: parsed.append(data) or real(data))
    dh._parsed.clear()
    first = [api.outcome(match, seed=seed) for seed in (1, 2, 3)]
    assert len(parsed) == len(match.setup["characters"])
    assert [api.outcome(match, seed=seed) for seed in (1, 2, 3)] == first  # the same figures from the kept parse
    again = api.load(ROOT / "examples" / "dh" / "abilities" / "match.yaml")  # another setup: parsed anew
    api.outcome(again, seed=1)
    assert len(parsed) == 2 * len(match.setup["characters"])


def test_a_square_name_is_read_once_and_still_refuses_what_is_no_square() -> None:
    assert parse_square("Ｂ３") is parse_square("Ｂ３") == Square(1, 2)
    assert parse_square("b3") == Square(1, 2) and parse_square("Ｂ３").label == "Ｂ３"
    assert parse_square("３Ｂ") is None and parse_square(3) is None and parse_square("Ａ０") is None
    assert Square(0, 0).neighbours() == (Square(-1, 0), Square(1, 0), Square(0, -1), Square(0, 1))
    assert sorted([Square(1, 0), Square(0, 5), Square(0, 1)]) == [Square(0, 1), Square(0, 5), Square(1, 0)]


def test_the_dead_are_looked_for_counters_only_after_a_death_or_a_change_of_effects(monkeypatch) -> None:
    """DH-8.6: the waiting counters of the dead end once the death's triggers are settled. After a
    look that leaves none, another finds none until someone dies or an effect starts or ends."""
    looks: list[tuple[int, int]] = []
    real = EffectStore.select

    def counted(self, **how):
        if sys._getframe(1).f_code.co_name == "end_dead_counters":
            state = sys._getframe(1).f_locals["state"]
            looks.append((state.effects.version, state.deaths))
        return real(self, **how)

    monkeypatch.setattr(EffectStore, "select", counted)
    text = dh_battle(8, 4, attack=12, defense=4).replace("hp: 999", "hp: 20")  # some fall on turn 3
    log = api.resolve(api.loads(text, name="battle.yaml"))
    kinds = [e["kind"] for t in log["turns"] for e in t["events"]]
    assert kinds.count("death") >= 2 and kinds.count("counter_armed") >= 2
    settles = kinds.count("action")  # every action settles its triggers at least once
    assert 0 < len(looks) < settles
    assert len(set(looks)) == len(looks)  # never twice at the same deaths and effects


def test_the_logs_input_is_a_copy_of_the_match_sharing_no_mapping_or_list() -> None:
    match = api.load(ROOT / "examples" / "dh" / "abilities" / "match.yaml")
    copied = api.resolve(match)["input"]["match"]
    assert copied == match.data

    def containers(node):
        if isinstance(node, dict):
            yield node
            for v in node.values():
                yield from containers(v)
        elif isinstance(node, list):
            yield node
            for v in node:
                yield from containers(v)

    theirs = {id(n) for n in containers(match.data)}
    assert not any(id(n) in theirs for n in containers(copied))
