"""dhproc/engine/relations.py: the 味方 / 敵 / 自身 words dh's 種別 and logos's trigger ``who`` share."""

from __future__ import annotations

from types import SimpleNamespace

from dhproc.engine.relations import RELATIONS, relates

OWNER = SimpleNamespace(id="a", side="red")
MATE = SimpleNamespace(id="b", side="red")
FOE = SimpleNamespace(id="x", side="blue")


def test_each_relation_over_owner_mate_and_foe() -> None:
    table = {(r, inc): [relates(r, OWNER, c, ally_includes_self=inc) for c in (OWNER, MATE, FOE)]
             for r in RELATIONS for inc in (True, False)}
    assert table[("self", True)] == table[("self", False)] == [True, False, False]
    assert table[("ally", True)] == [True, True, False]
    assert table[("ally", False)] == [False, True, False]  # the option decides only the owner itself
    assert table[("other_ally", True)] == table[("other_ally", False)] == [False, True, False]
    assert table[("enemy", True)] == [False, False, True]
    assert table[("any", False)] == [True, True, True]
