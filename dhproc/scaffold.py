"""``dhproc new``: a match folder that resolves as written, from the ruleset's template files."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from .errors import UsageError
from .report.atomic import write_atomic


def scaffold(ruleset_id: str, directory: Path) -> list[Path]:
    template = files(f"dhproc.rulesets.{ruleset_id}").joinpath("template")
    names = sorted(p.name for p in template.iterdir() if p.name.endswith(".yaml"))
    if directory.exists() and any(directory.iterdir()):
        raise UsageError("folder is not empty; dhproc new never overwrites files")
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names:
        target = directory / name
        write_atomic(target, template.joinpath(name).read_text(encoding="utf-8"))
        written.append(target)
    return written
