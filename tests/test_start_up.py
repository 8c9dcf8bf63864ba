"""What a command imports: nothing it does not use (docs/performance.md, "Cold start").

Each command runs in a fresh interpreter, as a GK runs it, and the modules it imported (and the
dataclasses they define, each of which compiled code at import) are read from ``sys.modules``
when it ends. A structural check, not a timing: the start-up time these
imports cost is measured by ``make bench``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

_RUN = """
import json, sys
sys.argv = ["dhproc", *json.loads(sys.argv[1])]
from dhproc.cli import main
try:
    main()
except SystemExit:
    pass
import os
modules = sorted(sys.modules)
import dataclasses
defined = sorted(f"{name}.{value.__qualname__}" for name, module in list(sys.modules.items()) if name.startswith("dhproc.")
                 for value in vars(module).values()
                 if isinstance(value, type) and value.__module__ == name and dataclasses.is_dataclass(value))
with open(os.environ["DHPROC_MODULES_OUT"], "w") as f:
    json.dump({"modules": modules, "dataclasses": defined}, f)
"""


def _run(tmp_path: Path, *args: str) -> dict[str, list[str]]:
    """The modules a command imported, and the dataclasses dhproc's modules among them define."""
    out = tmp_path / "modules.json"
    env = {"PATH": "", "DHPROC_MODULES_OUT": str(out), "DHPROC_LANG": "ja"}
    subprocess.run([sys.executable, "-c", _RUN, json.dumps(args)], cwd=REPO, env=env, check=True,
                   capture_output=True, timeout=120)
    return json.loads(out.read_text(encoding="utf-8"))


def imported_by(tmp_path: Path, *args: str) -> set[str]:
    return set(_run(tmp_path, *args)["modules"])


def dataclasses_defined_by(tmp_path: Path, *args: str) -> set[str]:
    return set(_run(tmp_path, *args)["dataclasses"])


# Drawing a table, measuring Japanese text and reading installed metadata: none is needed by the
# usual table of a report (dhproc/report/layout.py), and together they were 40 ms of every run.
HEAVY = {"tabulate", "wcwidth", "importlib.metadata", "email", "csv"}
RESOLUTION = {"dhproc.api", "dhproc.engine.resolution", "dhproc.inputs.assembly", "dhproc.documents.loading", "yaml"}


def _found(modules: set[str], names: set[str]) -> list[str]:
    return sorted(m for m in modules if m in names or any(m.startswith(n + ".") for n in names))


# The modules of cli/ that define commands (cli/root.py's COMMAND_MODULES): each is imported by
# its own commands alone.
COMMAND_MODULES = {f"dhproc.cli.{m}" for m in ("matches", "logs", "reference", "roll", "simulate", "posts", "new")}


def test_help_imports_no_resolution_nor_ruleset_nor_table_drawing(tmp_path: Path) -> None:
    modules = imported_by(tmp_path, "--help")
    assert "dhproc.cli.root" in modules  # the command ran
    assert _found(modules, HEAVY | RESOLUTION | {"dhproc.rulesets"}) == []


def test_help_lists_every_command_without_importing_one(tmp_path: Path) -> None:
    modules = imported_by(tmp_path, "--help")
    assert _found(modules, COMMAND_MODULES) == []
    # string.Formatter words English plurals only: imported by the first message that has one
    assert "string" not in modules
    # the rulesets' commands are listed from their entry points, without the ruleset registry
    assert "dhproc.engine.entry_points" in modules and "dhproc.engine.ruleset" not in modules


@pytest.mark.parametrize("args", [("--help",), ("roll", "--help"), ("resolve", "--help", "--lang", "en")])
def test_help_asks_no_shutil_for_the_width_nor_textwrap_for_the_usage(tmp_path: Path, args: tuple[str, ...]) -> None:
    """click's help formatter imports shutil (zlib, bz2, lzma, fnmatch behind it) for the
    terminal's width, and textwrap to wrap the usage line: dhproc's asks the width itself and
    writes a usage line that fits itself (cli/click_layout.py)."""
    assert _found(imported_by(tmp_path, *args), {"shutil", "textwrap", "click._textwrap", "bz2", "lzma", "zlib"}) == []


def test_roll_reads_no_yaml_and_resolves_nothing(tmp_path: Path) -> None:
    modules = imported_by(tmp_path, "roll", "1D100", "--seed", "1")
    assert "dhproc.dice.bcdice" in modules
    assert _found(modules, HEAVY | RESOLUTION | {"dhproc.rulesets"}) == []
    assert _found(modules, COMMAND_MODULES) == ["dhproc.cli.roll"]
    # a seeded die's stream key is hashed by CPython's own SHA-256, not OpenSSL's
    assert _found(modules, {"hashlib", "_hashlib"}) == []


@pytest.mark.parametrize("example", ["dh", "logos", "kagemiya"])
def test_resolve_imports_neither_the_replay_nor_chat_posts_nor_the_odds(tmp_path: Path, example: str) -> None:
    modules = imported_by(tmp_path, "resolve", f"examples/{example}/match.yaml")
    assert f"dhproc.rulesets.{example}" in modules
    assert _found(modules, HEAVY | {"dhproc.replay", "dhproc.logs", "dhproc.inputs.posts", "dhproc.words.textimport",
                                    "dhproc.odds.query", "dhproc.simulate", "dhproc.render"}) == []
    # the schemas are read from their folder, the terminal's width asked only by `options`
    assert _found(modules, {"importlib.resources", "zipfile", "tempfile", "shutil"}) == []


def test_a_dh_resolve_does_without_fractions(tmp_path: Path) -> None:
    """A derived amount (DH's 「自身の防御と同じだけ」) is divided in whole numbers."""
    assert _found(imported_by(tmp_path, "resolve", "examples/dh/abilities/match.yaml"), {"fractions", "decimal"}) == []


@pytest.mark.parametrize("example", ["dh", "logos", "count", "nicosw", "kagemiya"])
def test_validate_draws_no_report_so_imports_none(tmp_path: Path, example: str) -> None:
    modules = imported_by(tmp_path, "validate", f"examples/{example}/match.yaml")
    assert f"dhproc.rulesets.{example}.checks" in modules
    assert _found(modules, {f"dhproc.rulesets.{example}.report", f"dhproc.rulesets.{example}.grammar",
                            "dhproc.report.document"}) == []


# The records a resolve defines below the rulesets that stay dataclasses, each for a reason: an
# option and a rate change check their values when made, an effect, a match and its documents
# change or are copied with dataclasses.replace.
KEPT_DATACLASSES = {"dhproc.engine.options.Option", "dhproc.engine.rates.RateChange", "dhproc.engine.effects.Effect",
                    "dhproc.match.Match", "dhproc.match.Turn",
                    "dhproc.documents.loading.Document", "dhproc.documents.loading.Anchor",
                    "dhproc.inputs.assembly.RemappedAnchor", "dhproc.words.names.NameIndex"}


@pytest.mark.parametrize("args", [("--help",), ("roll", "1D100", "--seed", "1")])
def test_help_and_roll_define_no_dataclass(tmp_path: Path, args: tuple[str, ...]) -> None:
    """A dataclass generates and compiles its methods when its module is imported (0.3-0.7 ms
    each, a frozen and ordered one like the old Problem some 3 ms): the records every command
    imports are named tuples or plain classes, and the dataclasses module is not imported."""
    run = _run(tmp_path, *args)
    assert run["dataclasses"] == []
    assert _found(set(run["modules"]), {"dataclasses", "copy"}) == []


@pytest.mark.parametrize("example", ["dh", "logos", "count", "nicosw", "kagemiya"])
def test_a_resolve_defines_no_dataclass_below_the_rulesets_but_those_kept(tmp_path: Path, example: str) -> None:
    below = {name for name in dataclasses_defined_by(tmp_path, "resolve", f"examples/{example}/match.yaml")
             if not name.startswith("dhproc.rulesets.")}
    assert below <= KEPT_DATACLASSES


def test_a_dh_resolve_defines_only_its_mutable_records_as_dataclasses(tmp_path: Path) -> None:
    """dh's read-only records (its abilities among them, 17 fields) are named tuples; what stays a
    dataclass is what resolution changes: the state, its characters and sides, the report's board."""
    dh = {name for name in dataclasses_defined_by(tmp_path, "resolve", "examples/dh/match.yaml")
          if name.startswith("dhproc.rulesets.dh.")}
    assert dh <= {"dhproc.rulesets.dh.model.DhState", "dhproc.rulesets.dh.model.Character", "dhproc.rulesets.dh.model.Side",
                  "dhproc.rulesets.dh.effect_kinds.Use", "dhproc.rulesets.dh.report._Char", "dhproc.rulesets.dh.report.Board"}
