"""dhproc.lazy_re: a pattern compiled on first use behaves as the compiled pattern."""

from __future__ import annotations

import re

from dhproc.lazy_re import lazy


def test_a_lazy_pattern_is_compiled_only_when_first_used() -> None:
    pattern = lazy(r"^(\d+)D(\d+)$", re.IGNORECASE)
    assert "_compiled" not in pattern.__dict__
    assert pattern.pattern == r"^(\d+)D(\d+)$"  # read without compiling
    assert "_compiled" not in pattern.__dict__
    assert pattern.match("2d6").groups() == ("2", "6")
    assert pattern.compiled is re.compile(r"^(\d+)D(\d+)$", re.IGNORECASE)
    assert pattern.flags == re.compile(r"^(\d+)D(\d+)$", re.IGNORECASE).flags


def test_a_lazy_pattern_answers_as_the_compiled_one() -> None:
    source = r"(?P<n>\d+)"
    pattern, compiled = lazy(source), re.compile(source)
    text = "a1b22c333"
    assert pattern.sub("#", text) == compiled.sub("#", text)
    assert pattern.split(text) == compiled.split(text)
    assert pattern.findall(text) == compiled.findall(text)
    assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert pattern.groupindex == compiled.groupindex
    assert pattern.search(text, 3).group() == "22"
    assert lazy(rb"<(.*?)>", re.S).search(b"x<y\nz>").group(1) == b"y\nz"


def test_a_used_method_is_the_compiled_patterns_own() -> None:
    pattern = lazy("x+")
    pattern.match("xx")
    assert pattern.__dict__["match"] == pattern.compiled.match  # no lookup through __getattr__ again
