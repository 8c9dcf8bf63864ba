"""dhproc.engine.effects: lasting effects with absolute end points on named clocks."""

from __future__ import annotations

import pytest

from dhproc.engine.effects import Clocks, EffectStore


def test_clocks_start_at_zero_and_only_move_forward() -> None:
    clocks = Clocks()
    assert clocks.now("turn") == 0
    assert clocks.advance("turn") == 1
    assert clocks.advance("turn", 2) == 3
    with pytest.raises(ValueError):
        clocks.advance("turn", -1)
    assert clocks.to_json() == {"turn": 3}


def test_end_point_is_absolute_and_expiry_reads_its_own_clock() -> None:
    clocks, store = Clocks(), EffectStore()
    clocks.advance("active:a", 2)
    e = store.add("stat", bearer="a", data={"stat": "attack", "value": 2}, clock="active:a", clocks=clocks,
                  duration=1)
    assert (e.start, e.end) == (2, 3)
    clocks.advance("turn")  # another clock moving changes nothing
    assert store.expire(clocks) == []
    assert e.remaining(clocks) == 1
    clocks.advance("active:a")
    assert store.expire(clocks) == [e]
    assert len(store) == 0


def test_no_duration_never_expires() -> None:
    clocks, store = Clocks(), EffectStore()
    e = store.add("stat", bearer="a", data={}, clock="turn", clocks=clocks, duration=None)
    clocks.advance("turn", 100)
    assert store.expire(clocks) == [] and e.remaining(clocks) is None


def test_zero_duration_expires_at_the_next_look() -> None:
    clocks, store = Clocks(), EffectStore()
    store.add("stat", bearer="a", data={}, clock="turn", clocks=clocks, duration=0)
    assert len(store.expire(clocks)) == 1


def test_negative_duration_is_refused() -> None:
    with pytest.raises(ValueError):
        EffectStore().add("stat", bearer="a", data={}, clock="turn", clocks=Clocks(), duration=-1)


def test_select_lists_in_creation_order_and_filters() -> None:
    clocks, store = Clocks(), EffectStore()
    a1 = store.add("stat", bearer="a", data={"v": 1}, clock="turn", clocks=clocks, duration=None)
    f = store.add("field", bearer=None, data={}, clock="turn", clocks=clocks, duration=2)
    a2 = store.add("color", bearer="a", data={}, clock="turn", clocks=clocks, duration=None)
    assert store.select(bearer="a") == [a1, a2]
    assert store.select(bearer=None) == [f]
    assert store.select(kind="stat") == [a1]
    assert store.select() == [a1, f, a2]
    assert store.select(where=lambda e: e.data.get("v") == 1) == [a1]
    assert [e.seq for e in store] == [1, 2, 3]


def test_remove_leaves_unremovable_effects_unless_forced() -> None:
    clocks, store = Clocks(), EffectStore()
    keep = store.add("stat", bearer="a", data={}, clock="turn", clocks=clocks, duration=None, removable=False)
    go = store.add("stat", bearer="a", data={}, clock="turn", clocks=clocks, duration=None)
    assert store.remove(store.select(bearer="a")) == [go]
    assert store.select() == [keep]
    assert store.remove([keep], force=True) == [keep]


def test_to_json_has_the_end_point_and_what_remains() -> None:
    clocks, store = Clocks(), EffectStore()
    e = store.add("stat", bearer="a", data={"stat": "defense", "value": -4}, clock="turn", clocks=clocks,
                  duration=2, source={"skill": "威圧"})
    clocks.advance("turn")
    assert e.to_json(clocks) == {"seq": 1, "kind": "stat", "bearer": "a", "stat": "defense", "value": -4,
                                 "clock": "turn", "end": 2, "remaining": 1, "source": {"skill": "威圧"}}
