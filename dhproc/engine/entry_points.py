"""The entry points installed distributions declare (``entry_points.txt`` in their metadata), read
without :mod:`importlib.metadata`.

importlib.metadata costs some 50-70 ms of imports (email, zipfile, csv, ...) before it reads a
single file, and every dhproc command that names a ruleset reads the ``dhproc.rulesets`` group:
this reader lists the metadata folders on ``sys.path`` and reads the one small file it needs.
The groups dhproc reads (rulesets and the commands they offer) are read here, once each, so
that ``dhproc --help`` lists the rulesets' commands without importing the registry
(engine/ruleset.py).
It sees what importlib.metadata sees for installed and editable packages (``*.dist-info`` and
``*.egg-info`` folders); the first distribution of a name on the path wins, as there.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from functools import lru_cache
from typing import Any, Iterator, NamedTuple


class EntryPoint(NamedTuple):
    name: str
    value: str  # "package.module:attribute"
    distribution: str  # the declaring distribution's name, normalised: "dhproc", "dhproc_duel"

    def load(self) -> Any:
        """Import the module and return the attribute the entry point names."""
        module, _, attribute = self.value.partition(":")
        found = importlib.import_module(module.strip())
        for part in attribute.strip().split(".") if attribute.strip() else ():
            found = getattr(found, part)
        return found


def entry_points(group: str) -> list[EntryPoint]:
    """The entry points of ``group``, in the order their distributions stand on ``sys.path``;
    dhproc's own from its pyproject.toml when it runs from a source checkout not installed."""
    found = list(_metadata())
    points = [ep for dist, text in found for ep in _parse(text, group, dist)]
    if not any(dist == "dhproc" for dist, _ in found):
        points += _source_checkout(group)
    return points


def _source_checkout(group: str) -> list[EntryPoint]:
    """The ``[project.entry-points."<group>"]`` table of the pyproject.toml beside the package."""
    pyproject = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "pyproject.toml")
    try:
        with open(pyproject, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return []
    # the TOML table's lines are INI lines once the header and the quotes are read as INI's
    ini = re.sub(r'^\[project\.entry-points\."([^"]+)"\]', r"[\1]", text, flags=re.M)
    return [EntryPoint(ep.name, ep.value.strip('"'), "dhproc") for ep in _parse(ini, group, "dhproc")]


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _metadata() -> Iterator[tuple[str, str]]:
    """(distribution name, entry_points.txt text) of every distribution on the path, once each."""
    seen: dict[str, None] = {}  # the distributions met so far (a dict: dhproc keeps no sets)
    for folder in sys.path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:  # a zip file or a folder that is gone: no metadata of ours there
            continue
        for name in names:
            stem, dot, kind = name.rpartition(".")
            if kind not in ("dist-info", "egg-info"):
                continue
            dist = normalise(stem.split("-", 1)[0])
            if dist in seen:
                continue
            seen[dist] = None
            try:
                with open(os.path.join(folder or ".", name, "entry_points.txt"), encoding="utf-8") as f:
                    yield dist, f.read()
            except OSError:  # a distribution that declares no entry point
                continue


def _parse(text: str, group: str, dist: str) -> Iterator[EntryPoint]:
    """The entries of one ``[group]`` section of an entry_points.txt (an INI file)."""
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            name, _, value = line.partition("=")
            yield EntryPoint(name.strip(), value.split("[", 1)[0].strip(), dist)


# Rulesets are found through this entry-point group: the five built-ins are declared in dhproc's
# own pyproject.toml, and a package of its own declares another the same way:
#
#     [project.entry-points."dhproc.rulesets"]
#     duel = "dhproc_duel:RULESET"
#
# The group is read on the first call that needs a ruleset (never at start-up), and a ruleset's
# module is imported only when that ruleset is used.
ENTRY_POINT_GROUP = "dhproc.rulesets"
# The order dhproc has always listed its own rulesets in (`dhproc rulesets`, the "known: ..." of a
# message): installed metadata keeps entry points sorted by name, so the order is said here. Any
# other ruleset follows, by id.
_LISTED_FIRST = ("dh", "logos", "count", "nicosw", "kagemiya")
# A ruleset that offers commands of its own (Ruleset.commands) names each in this group, pointing
# at the ruleset, so that `dhproc --help` lists them and `dhproc ability` finds dh's without
# importing any other ruleset:
#
#     [project.entry-points."dhproc.commands"]
#     ability = "dhproc.rulesets.dh:RULESET"
COMMANDS_GROUP = "dhproc.commands"


@lru_cache(maxsize=None)
def declared(group: str = ENTRY_POINT_GROUP) -> dict[str, EntryPoint]:
    """name -> entry point: dhproc's own first, then the others by name (the first of a name wins:
    a plug-in cannot replace a built-in)."""

    def rank(ep: EntryPoint) -> tuple:
        own = ep.distribution == "dhproc"
        listed = _LISTED_FIRST.index(ep.name) if own and ep.name in _LISTED_FIRST else len(_LISTED_FIRST)
        return (not own, listed, ep.name)

    by_name: dict[str, EntryPoint] = {}
    for ep in sorted(entry_points(group), key=rank):
        by_name.setdefault(ep.name, ep)
    return by_name


def command_names() -> list[str]:
    """The commands the rulesets offer, as declared (no ruleset is imported to list them, nor
    the registry: ``dhproc --help`` lists them)."""
    return list(declared(COMMANDS_GROUP))
