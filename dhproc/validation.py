"""JSON Schema validation whose every error is located in the YAML it came from.

jsonschema is imported here, lazily, on the first validation: it costs ~80 ms of start-up that
``dhproc rulesets`` or ``dhproc roll`` should not pay. Schemas are read once per process.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import Problem, quote
from .loading import Anchor

_SOURCE_SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"


def schema_names() -> list[str]:
    """Schema names as the ``dhproc schema`` command takes them (file name without .schema.json)."""
    return sorted(p.name[: -len(".schema.json")] for p in _schema_files())


def _schema_files() -> list[Path]:
    try:
        from importlib.resources import files

        root = files("dhproc.schemas")
        return [Path(str(p)) for p in root.iterdir() if p.name.endswith(".schema.json")]
    except ModuleNotFoundError:  # running from a source checkout: schemas/ at the top
        return list(_SOURCE_SCHEMAS.glob("*.schema.json"))


@lru_cache(maxsize=None)
def schema_text(name: str) -> str:
    for p in _schema_files():
        if p.name == f"{name}.schema.json":
            return p.read_text(encoding="utf-8")
    raise KeyError(name)


@lru_cache(maxsize=None)
def schema(name: str) -> dict:
    if name == "turn-inline":
        # A turn written inside a match (or a log's input) has no envelope of its own.
        turn = json.loads(schema_text("turn"))
        props = {k: v for k, v in turn["properties"].items() if k not in ("dhproc", "match")}
        return {**turn, "required": ["turn"], "properties": props}
    if "#" in name:
        # "file#def": one definition of a schema file, e.g. the 発動率 design inside a setup
        file, definition = name.split("#", 1)
        defs = json.loads(schema_text(file))["$defs"]
        return {"$ref": f"#/$defs/{definition}", "$defs": defs}
    return json.loads(schema_text(name))


@lru_cache(maxsize=None)
def _validator_class():
    """Draft 2020-12 where an integer is an integer: JSON Schema counts ``3.0`` as one, dhproc
    does not (a float would be printed as ``3.0`` in a report and a log). Every schema of every
    ruleset is checked with this class, and fastcheck agrees with it."""
    from jsonschema import Draft202012Validator, validators

    def is_integer(_checker, value) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer)
    return validators.extend(Draft202012Validator, type_checker=checker)


@lru_cache(maxsize=None)
def _validator(name: str):
    return _validator_class()(schema(name))


def validate(data: Any, name: str, anchor: Anchor) -> list[Problem]:
    """Every schema problem of ``data`` (which sits at ``anchor``), located and worded for GKs.

    A document the quick check finds certainly valid needs no jsonschema (nor its import)."""
    from .fastcheck import certainly_valid

    if certainly_valid(schema(name), data):
        return []
    problems = []
    for error in _validator(name).iter_errors(data):
        problems.append(_located(error, anchor))
    return problems


def _located(error, anchor: Anchor) -> Problem:
    while error.context:
        # anyOf / oneOf: complain in the words of the branch that got furthest. A branch whose
        # type does not even match says nothing useful ("[...] is not of type 'object'").
        deeper = [e for e in error.context if not (e.validator == "type" and not e.relative_path)]
        error = max(deeper or error.context, key=lambda e: len(e.relative_path))
    path = tuple(error.absolute_path)
    message = _worded(error)
    key = False
    if error.validator == "additionalProperties":
        extra = sorted((k for k in error.instance if k not in error.schema.get("properties", {})), key=str)
        if extra:
            path = path + (extra[0],)
            key = True
            message = f"unknown key {quote(extra[0])}"
            allowed = sorted(error.schema.get("properties", {}))
            if allowed:
                message += f" (allowed: {', '.join(allowed)})"
    elif error.validator == "required":
        message = message.replace(" is a required property", "")
        message = f"missing key {message}"
    elif "x-message" in error.schema and error.validator != "type":
        message = error.schema["x-message"]  # the schema's own wording (JSON Schema ignores the key)
    elif error.validator == "const":
        message = f"must be {json.dumps(error.validator_value, ensure_ascii=False)}"
    return anchor.problem(path, message, key=key)


def _worded(error) -> str:
    """jsonschema's message with the value it quotes cut short (a message never carries a
    4 MiB string or a 100,000-die list), and a float where a whole number is wanted said so."""
    instance = error.instance
    if error.validator == "type" and isinstance(instance, float) and "integer" in _types(error.validator_value):
        return f"must be a whole number, not {quote(instance)}"
    if error.validator in ("maxLength", "maxItems"):
        unit = "characters" if error.validator == "maxLength" else "entries"
        return f"too long: {len(instance):,} {unit}, at most {error.validator_value:,}"
    if isinstance(instance, (str, list, dict)) and len(instance) > 10:
        shown = repr(instance)
        if len(shown) > 60 and shown in error.message:
            return error.message.replace(shown, quote(instance))
    return error.message


def _types(value) -> list:
    return value if isinstance(value, list) else [value]
