"""A Problem behaves as the frozen, ordered dataclass it replaces: compared, ordered and hashed by
file, line, column and message (not its JSON path), shown by the same repr, immutable, copied
and pickled whole."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import pickle

import pytest

from dhproc.errors import Problem, clip


@dataclasses.dataclass(frozen=True, order=True)
class AsDataclass:
    file: str
    line: int | None
    col: int | None
    message: str
    path: tuple = dataclasses.field(default=(), compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", clip(self.message))


CASES = [("a.yaml", 1, 2, "m", ()), ("a.yaml", 1, 2, "m", ("setup", 0)), ("a.yaml", 1, 3, "m", ()),
         ("a.yaml", 2, None, "m", ()), ("b.yaml", None, None, "n", ("x",)), ("a.yaml", 1, 2, "'" + "q" * 80 + "'", ()),
         ("a.yaml", 1, 2, "z" * 1200, ())]


def _pairs():
    return [(Problem(*c), AsDataclass(*c)) for c in CASES]


def test_fields_repr_and_hash_are_the_dataclass_s() -> None:
    for mine, theirs in _pairs():
        assert (mine.file, mine.line, mine.col, mine.message, mine.path) == dataclasses.astuple(theirs)
        assert repr(mine) == repr(theirs).replace("AsDataclass(", "Problem(")
        assert hash(mine) == hash(theirs)


def test_compared_and_ordered_as_the_dataclass() -> None:
    for (a, da), (b, db) in itertools.product(_pairs(), repeat=2):
        for op in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"):
            try:
                expected = getattr(da, op)(db)
            except TypeError:  # None against a number, as in the dataclass
                with pytest.raises(TypeError):
                    getattr(a, op)(b)
                continue
            assert getattr(a, op)(b) == expected, (a, op, b)
    assert Problem("a", 1, 2, "m") != ("a", 1, 2, "m")


def test_immutable_copied_and_pickled_whole() -> None:
    long = Problem("a.yaml", 1, 2, "z" * 1200, ("setup",))
    with pytest.raises(AttributeError):
        long.message = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del long.file
    for copied in (copy.copy(long), copy.deepcopy(long), pickle.loads(pickle.dumps(long))):
        assert (copied, copied.message, copied.path) == (long, long.message, long.path)
    assert long.with_message("n") == Problem("a.yaml", 1, 2, "n") and long.with_message("n").path == ("setup",)
