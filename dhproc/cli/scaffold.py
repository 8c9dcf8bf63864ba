"""``dhproc new``: a match folder that resolves as written, from the ruleset's template files."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from ..engine.ruleset import get_ruleset
from ..errors import UsageError
from ..words.messages import say
from ..report.atomic import write_atomic


def scaffold(ruleset_id: str, directory: Path) -> list[Path]:
    template = files(f"dhproc.rulesets.{ruleset_id}").joinpath("template")
    names = sorted(p.name for p in template.iterdir() if p.name.endswith(".yaml"))
    if directory.exists() and any(directory.iterdir()):
        raise UsageError(say("cli.folder_not_empty"))
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names:
        target = directory / name
        write_atomic(target, template.joinpath(name).read_text(encoding="utf-8"))
        written.append(target)
    return written


def scaffold_from_log(directory: Path, match: dict, log_name: str) -> list[Path]:
    """A match folder whose match.yaml continues a log (see :func:`dhproc.api.continuation`)."""
    if directory.exists() and any(directory.iterdir()):
        raise UsageError(say("cli.folder_not_empty"))
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / "match.yaml"
    write_atomic(target, continuation_text(match, log_name))
    return [target]


def continuation_text(match: dict, log_name: str) -> str:
    """The match.yaml ``dhproc new --from`` writes: a head saying where it starts, then the match."""
    import yaml

    first = get_ruleset(match["ruleset"]).first_turn(match["setup"])  # each ruleset says where it starts
    head = (f"# Continues {log_name} from turn {first}: the setup is that log's final\n"
            f"# state. Write the next turns (turn: {first}, ...) as turn-NN.yaml beside it:\n"
            f"# they are read whether 'turns:' lists them or not.\n")
    return head + yaml.safe_dump(match, allow_unicode=True, sort_keys=False, width=100)
