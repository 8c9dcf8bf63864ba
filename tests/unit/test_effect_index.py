"""The effect store's indexes and the dh counters a trigger looks at (docs/performance.md)."""

from __future__ import annotations

import random
import sys

from dhproc import api
from dhproc.engine.effects import Clocks, EffectStore
from dhproc.rulesets.dh import ability_rules


def _naive(store: EffectStore, bearer, kind) -> list[int]:
    return [e.seq for e in store if (bearer is ... or e.bearer == bearer) and (kind is None or e.kind == kind)]


def test_every_select_reads_as_a_scan_of_the_list_through_adds_removals_and_expiry() -> None:
    rng = random.Random(7)
    clocks, store = Clocks(), EffectStore()
    bearers, kinds = ["a", "b", "c", None], ["stat", "counter", "field"]
    for step in range(600):
        roll = rng.random()
        if roll < 0.6:
            store.add(rng.choice(kinds), bearer=rng.choice(bearers), data={}, clock="phase", clocks=clocks,
                      duration=rng.choice([None, 1, 2, 5]), removable=rng.random() < 0.8)
        elif roll < 0.8:
            store.remove(rng.sample(list(store), min(len(store), 3)), force=rng.random() < 0.3)
        else:
            clocks.advance("phase")
            store.expire(clocks)
        for bearer in bearers + [...]:
            for kind in kinds + [None]:
                assert [e.seq for e in store.select(bearer=bearer, kind=kind)] == _naive(store, bearer, kind), step
                if bearer is not ... and kind is not None:  # the index itself, read without a copy
                    assert [e.seq for e in store.held(bearer, kind)] == _naive(store, bearer, kind), step
                    assert [e.seq for e in store.lookup((bearer, kind)) or ()] == _naive(store, bearer, kind), step
        for kind in kinds:  # whether any effect of the kind is there, as a settling asks of counters
            assert store.any_of(kind) == bool(_naive(store, ..., kind)), step
        for bearer in bearers:  # what the rules read to skip every lookup of one who bears nothing
            assert [e.seq for e in store.bearing(bearer) or ()] == _naive(store, bearer, None), step
            assert bool(store.bearing(bearer)) == any(store.lookup((bearer, kind)) for kind in kinds), step


def test_a_selection_is_a_copy_the_caller_may_change() -> None:
    clocks, store = Clocks(), EffectStore()
    store.add("stat", bearer="a", data={}, clock="phase", clocks=clocks, duration=None)
    store.select(bearer="a", kind="stat").clear()
    store.select(kind="stat").clear()
    assert len(store.select(bearer="a", kind="stat")) == 1


RANGE_COUNTERS = """\
dhproc: 1
ruleset: dh
seed: 3
setup:
  first: r
  sides: {r: {name: 赤}, b: {name: 青}}
  map: {rows: 5, cols: 9}
  characters:
    r0: {name: r0, side: r, attack: 8, defense: 8, hp: 99, spirit: 5, fs: 5, at: Ａ１}
    b0: {name: b0, side: b, attack: 8, defense: 8, hp: 99, spirit: 5, fs: 5, at: Ａ２}
    r1: {name: r1, side: r, attack: 8, defense: 8, hp: 99, spirit: 5, fs: 5, at: Ｅ８,
         ability: {name: 縄張り, style: counter, activation: 100, duration: 9, range: {shape: adjacent, size: 1},
                   targets: {side: enemy}, counter: {when: enemy_enters_range}, effects: [{kind: damage, amount: 1}]}}
    b1: {name: b1, side: b, attack: 8, defense: 8, hp: 99, spirit: 5, fs: 5, at: Ｅ９,
         ability: {name: 縄張り, style: counter, activation: 100, duration: 9, range: {shape: adjacent, size: 1},
                   targets: {side: enemy}, counter: {when: enemy_enters_range}, effects: [{kind: damage, amount: 1}]}}
turns:
  - {turn: 1, submissions: {r: [{who: r0, to: Ａ２, attack: b0}, {who: r1, ability: {}}],
                            b: [{who: b1, ability: {}}, {who: b0, attack: r0}]}}
  - {turn: 2, submissions: {r: [{who: r0, attack: b0}], b: [{who: b0, attack: r0}]}}
"""


def test_an_attack_does_not_measure_the_range_of_counters_that_wait_for_an_entry(monkeypatch) -> None:
    """DH-8.6: a counter waiting for an enemy to enter its range cannot answer an attack, so an
    attack (or an action's end) never works out that counter's range; only moves would."""
    asked_by: list[str] = []
    real = ability_rules.reach

    def counted(*args, **kwargs):
        asked_by.append(sys._getframe(1).f_code.co_name)
        return real(*args, **kwargs)

    monkeypatch.setattr(ability_rules, "reach", counted)
    log = api.resolve(api.loads(RANGE_COUNTERS, name="range-counters.yaml"))
    kinds = [e["kind"] for t in log["turns"] for e in t["events"]]
    assert kinds.count("counter_armed") == 2 and kinds.count("attack") == 4
    assert [who for who in asked_by if who in ("in_range", "_counter_target")] == []


def test_a_copied_store_looks_up_its_own_effects() -> None:
    # ``lookup`` is the index's own get: a copy (dh's odds deep-copy the state; a Dask run
    # pickles it) must look in its own index, not in the one it was copied from.
    import copy
    import pickle

    clocks, store = Clocks(), EffectStore()
    store.add("stat", bearer="a", data={}, clock="phase", clocks=clocks, duration=None)
    for other in (copy.deepcopy(store), pickle.loads(pickle.dumps(store))):
        other.add("seal", bearer="a", data={}, clock="phase", clocks=clocks, duration=None)
        assert [e.kind for e in other.lookup(("a", "seal"))] == ["seal"]
        assert store.lookup(("a", "seal")) is None and len(other.lookup(("a", "stat"))) == 1
        other.add("seal", bearer="b", data={}, clock="phase", clocks=clocks, duration=None)
        assert [e.kind for e in other.bearing("b")] == ["seal"] and store.bearing("b") is None


def test_the_version_moves_when_an_effect_starts_or_ends_and_only_then() -> None:
    clocks, store = Clocks(), EffectStore()
    seen = [store.version]
    e = store.add("counter", bearer="a", data={}, clock="phase", clocks=clocks, duration=1)
    seen.append(store.version)
    store.select(kind="counter")
    store.expire(clocks)  # nothing has expired yet
    store.remove([e])
    seen.append(store.version)
    store.add("counter", bearer="a", data={}, clock="phase", clocks=clocks, duration=1)
    clocks.advance("phase")
    before = store.version
    store.expire(clocks)
    assert len(set(seen)) == 3 and store.version != before


def test_a_plain_rate_is_the_rate_made_afresh_and_an_int_is_never_taken_for_a_bool() -> None:
    from dhproc.engine.rates import Rate, RateChange, modified

    for base in (-40, 0, 1, 50, 100, 250):
        assert modified(base, [], 0) == Rate(base, (), 0, base)
        assert modified(base, [], 0).value == base
    assert modified(50, [RateChange("add", 10)], 0).value == 60  # a changed rate is still worked out
    assert type(modified(True, [], 0).base) is bool and type(modified(1, [], 0).base) is int
