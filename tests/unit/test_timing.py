"""dhproc.engine.timing: declared timings, explicit ordering keys, trigger cascades."""

from __future__ import annotations

import pytest

from dhproc.engine.timing import BREADTH_FIRST, DEPTH_FIRST, Cascade, CascadeLimit, Hooks, OrderTie, ordered


def test_ordered_sorts_by_key_and_refuses_ties() -> None:
    assert ordered(["b", "a", "c"], key=lambda x: (x,)) == ["a", "b", "c"]
    assert ordered([("x", 2), ("y", 1)], key=lambda p: (p[1],)) == [("y", 1), ("x", 2)]
    with pytest.raises(OrderTie):
        ordered(["a", "b"], key=lambda x: (0,))


def test_hooks_keep_declared_timings_and_order_each_moment_by_key() -> None:
    hooks: Hooks[tuple[str, int]] = Hooks(["start", "act", "end"])
    assert hooks.position("act") == 1
    hooks.add("act", ("slow", 3))
    hooks.add("act", ("fast", 9))
    hooks.add("end", ("other", 1))
    assert hooks.at("act", key=lambda h: (-h[1],)) == [("fast", 9), ("slow", 3)]
    assert hooks.at("act", key=lambda h: (-h[1],), accept=lambda h: h[0] == "slow") == [("slow", 3)]
    assert hooks.at("start", key=lambda h: ()) == []
    with pytest.raises(KeyError):
        hooks.add("never", ("x", 0))
    with pytest.raises(ValueError):
        Hooks(["a", "a"])


def test_a_moment_without_handlers_reads_no_key_and_an_undeclared_one_is_still_refused() -> None:
    """A round asks for every step's handlers; most steps have none, and none is asked about."""
    hooks: Hooks[str] = Hooks(["start", "act"])
    hooks.add("act", "only")

    def no_key(h: str) -> tuple:
        raise AssertionError("a key read where nothing is ordered")

    assert hooks.at("start", key=no_key, accept=lambda h: True) == []
    assert hooks.at("act", key=no_key) == ["only"]  # one handler: nothing to order either
    assert ordered(iter(["x"]), key=no_key) == ["x"]
    with pytest.raises(KeyError, match="undeclared timing 'never'"):
        hooks.at("never", key=no_key)


def chain(mode: str, limit: int = 100):
    """Handlers: event 'a' triggers h1 then h2; h1 causes 'b', which triggers h3."""
    fired: list[str] = []
    table = {"a": ["h1", "h2"], "b": ["h3"]}
    causes = {"h1": ["b"]}

    def fire(h: str, e: str) -> list[str]:
        fired.append(h)
        return causes.get(h, [])

    count = Cascade(mode, limit).run(["a"], lambda e: table.get(e, []), fire)
    return fired, count


def test_depth_first_settles_a_handler_before_the_next() -> None:
    assert chain(DEPTH_FIRST) == (["h1", "h3", "h2"], 3)


def test_breadth_first_finishes_each_moment_first() -> None:
    assert chain(BREADTH_FIRST) == (["h1", "h2", "h3"], 3)


@pytest.mark.parametrize("mode", [DEPTH_FIRST, BREADTH_FIRST])
def test_a_loop_stops_at_the_cap(mode: str) -> None:
    with pytest.raises(CascadeLimit) as info:
        Cascade(mode, 5).run(["x"], lambda e: ["loop"], lambda h, e: ["x"])
    assert info.value.limit == 5


def test_handlers_are_read_when_their_event_comes() -> None:
    """A handler list is asked for at the moment the event is processed, seeing earlier effects."""
    state = {"armed": False}
    fired: list[str] = []

    def handlers(e: str) -> list[str]:
        return ["late"] if (e == "second" and state["armed"]) else (["arm"] if e == "first" else [])

    def fire(h: str, e: str) -> list[str]:
        fired.append(h)
        state["armed"] = True
        return []

    Cascade(BREADTH_FIRST, 10).run(["first", "second"], handlers, fire)
    assert fired == ["arm", "late"]


def test_bad_construction() -> None:
    with pytest.raises(ValueError):
        Cascade("sideways", 3)
    with pytest.raises(ValueError):
        Cascade(DEPTH_FIRST, 0)
