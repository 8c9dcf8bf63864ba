"""Mutation fuzzing shared by every ruleset: broken copies of an example never give a traceback."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hypothesis import strategies as st

from dhproc.cli import cli

# Characters and words that break YAML or our data in interesting ways.
NOISE_BASE = list(":-[]{},#&*!|>'\"%@` \n\t?ab01") + ["\u3000", "\ufeff", "\x00", "yes", "*a", "&a", "-4", "999"]


def edits(extra: list[str] = ()):
    noise = st.sampled_from(NOISE_BASE + list(extra))
    return st.lists(st.tuples(st.floats(0, 1), st.integers(0, 3), noise), min_size=1, max_size=4)


def assert_broken_copy_is_handled(example: dict[str, str], name: str, mutations, tmp_path: Path,
                                  entry: str = "match.yaml") -> None:
    """Write the example with ``name`` mutated, resolve ``entry``: exit 0 or 1, never a traceback."""
    folder = tmp_path / "m"
    folder.mkdir(exist_ok=True)
    for fname, text in example.items():
        (folder / fname).write_text(text, encoding="utf-8")
    text = example[name]
    for where, cut, noise in mutations:
        i = int(where * len(text))
        text = text[:i] + noise + text[i + cut:]
    (folder / name).write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["resolve", str(folder / entry)], catch_exceptions=True)
    assert result.exit_code in (0, 1), (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and "internal error" not in result.output
    if result.exit_code == 1:
        assert ": " in result.output
