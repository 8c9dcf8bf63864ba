"""dhproc reads entry points from the installed metadata itself (dhproc/engine/entry_points.py),
and finds what importlib.metadata finds."""

from __future__ import annotations

import sys
from importlib import metadata

from dhproc.engine.entry_points import entry_points


def test_the_reader_finds_what_importlib_metadata_finds() -> None:
    for group in ("dhproc.rulesets", "dhproc.commands", "console_scripts"):
        ours = sorted((ep.name, ep.value) for ep in entry_points(group))
        theirs = sorted({(ep.name, ep.value) for ep in metadata.entry_points(group=group)})
        assert ours == theirs, group
    assert ("ability", "dhproc.rulesets.dh:RULESET") in [(ep.name, ep.value) for ep in entry_points("dhproc.commands")]


def test_the_first_distribution_of_a_name_on_the_path_wins(tmp_path, monkeypatch) -> None:
    for folder, value in (("first", "a:ONE"), ("second", "b:TWO")):
        info = tmp_path / folder / "some_plugin-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "entry_points.txt").write_text(
            f"# comment\n[other]\nx = c:X\n\n[dhproc.rulesets]\n; another\nduel = {value} [extra]\n", encoding="utf-8")
    egg = tmp_path / "second" / "Other.Plugin.egg-info"
    egg.mkdir()
    (egg / "entry_points.txt").write_text("[dhproc.rulesets]\nthird = d:THREE\n", encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "first"), str(tmp_path / "missing"), str(tmp_path / "second")])
    found = [(ep.name, ep.value, ep.distribution) for ep in entry_points("dhproc.rulesets") if ep.distribution != "dhproc"]
    assert found == [("duel", "a:ONE", "some_plugin"), ("third", "d:THREE", "other_plugin")]


def test_a_source_checkout_not_installed_reads_dhprocs_own_from_its_pyproject(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(sys, "path", [str(tmp_path)])  # no dhproc metadata anywhere on the path
    found = [(ep.name, ep.value, ep.distribution) for ep in entry_points("dhproc.rulesets")]
    assert [name for name, _, _ in found] == ["dh", "logos", "count", "nicosw", "kagemiya"]
    assert found[0] == ("dh", "dhproc.rulesets.dh:RULESET", "dhproc")
    assert [(ep.name, ep.value) for ep in entry_points("dhproc.commands")] == [("ability", "dhproc.rulesets.dh:RULESET")]
