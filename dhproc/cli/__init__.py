"""The ``dhproc`` command: parse options, call :mod:`dhproc.api`, print. No rules live here.

One module per command group, each registering its commands on the group in root.py:
matches (resolve, validate, odds), logs (summary, replay, render), reference (schema, rulesets,
options), roll, simulate, posts (import), new; a ruleset's own commands (dh's ``ability``) are
mounted from the ruleset. Each is imported when its command runs (root.py's
``COMMAND_MODULES``). Only click, the catalogue and the few standard modules click itself loads
are imported at start-up; everything else, pathlib and shutil included, is imported by the
command that needs it (a GK runs dhproc many times an evening, and ``--help`` or ``roll`` takes
no path: tests/test_start_up.py).
"""

from __future__ import annotations

from .root import cli, main, subcommands

__all__ = ["cli", "main", "subcommands"]
