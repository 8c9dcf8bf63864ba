"""Every bundled example resolves as written; the dh example's log is a golden file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dhproc import api
from dhproc.inputs.validation import schema_names

ROOT = Path(__file__).resolve().parent.parent
MATCHES = sorted((ROOT / "examples").rglob("match.yaml"))


def example_id(path: Path) -> str:
    """examples/dh/match.yaml -> dh; examples/dh/abilities/match.yaml -> dh-abilities"""
    return "-".join(path.parent.relative_to(ROOT / "examples").parts)
GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("path", MATCHES, ids=example_id)
def test_example_resolves_and_replays(path: Path, tmp_path: Path) -> None:
    log = api.resolve(api.load(path))
    text = api.dumps(log)
    assert api.dumps(api.resolve(api.load(path))) == text  # determinism
    (tmp_path / "log.json").write_text(text, encoding="utf-8")
    assert api.replay(tmp_path / "log.json") is None
    for lang in ("ja", "en"):
        for view in ("gk", "public"):
            assert api.render(log, lang=lang, view=view).strip()


@pytest.mark.parametrize("path", MATCHES, ids=example_id)
def test_example_log_is_golden(path: Path) -> None:
    """Produced by dhproc and read against docs/rules/<id>.md before it was checked in; a change
    here is a change of behaviour. Regenerate with `dhproc resolve --json tests/golden/<id>.json`."""
    golden = GOLDEN / f"{example_id(path)}.json"
    assert golden.exists(), f"no golden log for {example_id(path)}"
    assert api.dumps(api.resolve(api.load(path))) == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", sorted((ROOT / "examples").rglob("*.yaml")),
                         ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_examples_match_their_editor_schema(path: Path) -> None:
    """The `# yaml-language-server: $schema=` line of each example names a schema that accepts it."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    from dhproc.documents.loading import load_file
    from dhproc.inputs.validation import schema

    first = path.read_text(encoding="utf-8").splitlines()[0]
    depth = len(path.parent.relative_to(ROOT).parts)
    assert first.startswith(f"# yaml-language-server: $schema={'../' * depth}schemas/"), first
    name = first.rsplit("/", 1)[1].removesuffix(".schema.json")
    registry = Registry().with_resources(
        (f"{n}.schema.json", Resource.from_contents(schema(n))) for n in schema_names())
    validator = Draft202012Validator(schema(name), registry=registry)
    errors = list(validator.iter_errors(load_file(path).data))
    assert not errors, [e.message for e in errors]


def test_every_schema_is_valid_2020_12() -> None:
    from jsonschema import Draft202012Validator

    from dhproc.inputs.validation import schema

    for name in schema_names():
        Draft202012Validator.check_schema(schema(name))
    assert {"match", "turn", "log", "dh.setup", "dh.submissions"} <= set(schema_names())


def test_logs_match_the_log_schema() -> None:
    from jsonschema import Draft202012Validator

    from dhproc.inputs.validation import schema

    validator = Draft202012Validator(schema("log"))
    for path in MATCHES:
        log = json.loads(api.dumps(api.resolve(api.load(path))))
        assert not list(validator.iter_errors(log))
