"""JSON Schema validation whose every error is located in the YAML it came from.

jsonschema is imported here, lazily, on the first validation: it costs ~80 ms of start-up that
``dhproc rulesets`` or ``dhproc roll`` should not pay. Schemas are read once per process.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import Problem, problem_order, quote
from ..documents.loading import Anchor
from ..words.messages import MESSAGES, say
from .recurring import Content, KeptByContent

_SOURCE_SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"  # a source checkout: schemas/ at the top
_INSTALLED_SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"  # installed: the data package dhproc.schemas


def schema_names() -> list[str]:
    """Schema names as the ``dhproc schema`` command takes them (file name without .schema.json):
    dhproc's own, and those each ruleset of another package ships."""
    return sorted(_name(p) for p in _schema_files() + _plugin_schema_files())


def _name(path: Path) -> str:
    return path.name[: -len(".schema.json")]


def _schema_files() -> list[Path]:
    # dhproc.schemas in a folder is listed as one: importlib.resources would cost every resolve
    # some 10 ms of imports (zipfile, tempfile) for the same files; it reads an install that is
    # not a folder (a zip)
    for folder in (_INSTALLED_SCHEMAS, _SOURCE_SCHEMAS):
        if folder.is_dir():
            return list(folder.glob("*.schema.json"))
    from importlib.resources import files

    root = files("dhproc.schemas")
    return [Path(str(p)) for p in root.iterdir() if p.name.endswith(".schema.json")]


def _plugin_schema_files() -> list[Path]:
    """The schemas of the rulesets other packages add, each in its ruleset's ``schema_package``
    (read only when a name is not dhproc's own: dhproc's schemas never import a plug-in)."""
    from importlib.resources import files

    from ..engine.ruleset import get_ruleset, plugin_ids

    found = []
    for rid in plugin_ids():
        root = files(get_ruleset(rid).schema_package)
        found += [Path(str(p)) for p in root.iterdir() if p.name.endswith(".schema.json")]
    return found


@lru_cache(maxsize=None)
def schema_text(name: str) -> str:
    for p in _schema_files():
        if _name(p) == name:
            return p.read_text(encoding="utf-8")
    for p in _plugin_schema_files():
        if _name(p) == name:
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


def validate(data: Any, name: str, anchor: Anchor, *, known_as: Content | None = None) -> list[Problem]:
    """Every schema problem of ``data`` (which sits at ``anchor``), located and worded for GKs.

    A document the quick check finds certainly valid needs no jsonschema (nor its import).
    ``known_as``: the content (:func:`recurring.content`) of a document a batch meets again and
    again (a match's setup, a turn's submissions), by which it is kept once found valid."""
    if _known_valid(data, name, known_as):
        return []
    problems = [_located(error, anchor) for error in _validator(name).iter_errors(data)]
    # jsonschema meets a mapping's entries in an order that moves with the process's hash seed;
    # in the problems' own order they read the same in every run (and a caller that says one of
    # several equal problems once keeps the same one).
    problems.sort(key=problem_order)
    return problems


# Recurring documents found valid, by schema and content (only a valid document is kept).
_KNOWN_VALID = KeptByContent()


def _known_valid(data: Any, name: str, key: Content | None) -> bool:
    """Whether ``data`` is certainly valid against the schema ``name``, asked once per content
    ``key`` (when there is one)."""
    from .fastcheck import certainly_valid

    if key is not None and _KNOWN_VALID.get((name, key)):
        return True
    if not certainly_valid(schema(name), data):
        return False
    if key is not None:
        _KNOWN_VALID.put((name, key), True)
    return True


def _located(error, anchor: Anchor) -> Problem:
    while error.context:
        # anyOf / oneOf: complain in the words of the branch that got furthest. A branch whose
        # type does not even match says nothing useful ("[...] is not of type 'object'").
        deeper = [e for e in error.context if not (e.validator == "type" and not e.relative_path)]
        error = max(deeper or error.context, key=lambda e: len(e.relative_path))
    path = tuple(error.absolute_path)
    key = False
    if error.validator == "additionalProperties":
        extra = sorted((k for k in error.instance if k not in error.schema.get("properties", {})), key=str)
        if extra:
            path = path + (extra[0],)
            key = True
    elif error.validator == "propertyNames" and isinstance(error.instance, dict):
        bad = [k for k in error.instance if isinstance(k, str)]
        if bad:  # jsonschema checks every key; the first that fails is the one to point at
            path = path + (bad[0],)
            key = True
    return anchor.problem(path, worded(error), key=key)


def worded(error) -> str:
    """A jsonschema error as a sentence in the command's language: each kind of error has its
    own words (dhproc/words/messages.py, ``schema.*``), naming the field where the path allows it, and
    the value it quotes cut short (a message never carries a 4 MiB string). jsonschema's own text
    never reaches a user."""
    kind = error.validator
    value = error.validator_value
    instance = error.instance
    field = _field(tuple(error.absolute_path))
    own = error.schema.get("x-message") if isinstance(error.schema, dict) else None
    if own is not None and kind != "type":
        # the schema's own wording (JSON Schema ignores the key): a catalogue id, or a sentence
        return say(own) if _is_message_id(own) else own
    if kind == "additionalProperties":
        known = sorted(error.schema.get("properties", {}))
        extra = sorted((k for k in instance if k not in error.schema.get("properties", {})), key=str)
        if not extra:
            return say("schema.not_allowed", field=field)
        allowed = say("schema.allowed", keys=", ".join(known)) if known else ""
        return say("schema.unknown_key", key=extra[0], allowed=allowed)
    if kind == "required":
        name = _missing_key(error)
        words = _key_words(name)
        if words:
            return say("schema.missing_key_words", key=name, words=words)
        return say("schema.missing_key", key=name)
    if kind == "type":
        types = _types(value)
        if isinstance(instance, float) and "integer" in types:
            return say("schema.whole_number", field=field, value=quote(instance))
        wanted = say("list.or").join(say(f"schema.type_{t}") for t in types)
        if instance is None:
            return say("schema.empty", field=field, types=wanted)
        return say("schema.type", field=field, types=wanted, value=quote(instance))
    if kind == "enum":
        return say("schema.enum", field=field, choices=", ".join(_shown(c) for c in value), value=quote(instance))
    if kind == "const":
        return say("schema.const", field=field, value=_shown(value))
    if kind == "minimum":
        return say("schema.minimum", field=field, limit=value, value=quote(instance))
    if kind == "maximum":
        return say("schema.maximum", field=field, limit=value, value=quote(instance))
    if kind == "exclusiveMinimum":
        return say("schema.exclusiveMinimum", field=field, limit=value, value=quote(instance))
    if kind == "exclusiveMaximum":
        return say("schema.exclusiveMaximum", field=field, limit=value, value=quote(instance))
    if kind in ("minItems", "maxItems", "minProperties", "maxProperties"):
        sizes = dict(field=field, n=f"{value:,}", count=f"{len(instance):,}", unit=_unit(tuple(error.absolute_path)))
        items = kind.endswith("Items")
        if error.schema.get("minItems" if items else "minProperties") == error.schema.get("maxItems" if items else "maxProperties"):
            return say("schema.exactly", **sizes)  # 先発は5人必要です（4人）
        if kind == "minItems":
            return say("schema.minItems", **sizes)
        if kind == "maxItems":
            return say("schema.maxItems", **sizes)
        if kind == "minProperties":
            return say("schema.minProperties", **sizes)
        return say("schema.maxProperties", **sizes)
    if kind == "minLength":
        if value == 1:
            return say("schema.empty_text", field=field)
        return say("schema.minLength", field=field, n=value, count=len(instance))
    if kind == "maxLength":
        return say("schema.maxLength", field=field, n=f"{value:,}", count=f"{len(instance):,}")
    if kind == "pattern":
        return say("schema.pattern", field=field, value=quote(instance), pattern=value)
    if kind == "propertyNames":
        return say("schema.key_form", field=field)
    if kind == "uniqueItems":
        return say("schema.unique", field=field)
    if kind == "oneOf":
        return say("schema.several_forms", field=field)
    if kind in ("anyOf", "allOf", "not", "if", "then", "else", "contains", "false", "dependentRequired"):
        return say("schema.no_form", field=field, value=quote(instance))
    return say("schema.invalid", field=field, value=quote(instance))


def _missing_key(error) -> str:
    """The key a ``required`` error is about. jsonschema makes one error per missing key, all with
    the same schema and instance; only its message ("'seed' is a required property") tells them
    apart, so each is matched by it (the first missing key when no message fits)."""
    value, instance = error.validator_value, error.instance
    missing = [k for k in value if isinstance(instance, dict) and k not in instance] or list(value)
    return next((k for k in missing if error.message == f"{k!r} is a required property"), missing[0])


def _is_message_id(text: str) -> bool:
    return " " not in text and "." in text and text in MESSAGES.entries


def _field(path: tuple) -> str:
    """The place an error is about, in words: 先発 / the starters for ``…/starters``, the 3rd
    entry of it for ``…/starters/2``, the key as written where there are no words for it."""
    if not path:
        return say("schema.the_file")
    last = path[-1]
    if isinstance(last, int):
        above = _field(path[:-1])
        return say("schema.item", field=above, n=last + 1)
    return _key_words(last) or say("schema.key", key=last)


def _key_words(key: object) -> str:
    """The words for a key people read (``field.<key>`` in the catalogue), or ""."""
    entry = f"field.{key}"
    return say(entry) if isinstance(key, str) and entry in MESSAGES.entries else ""


def _unit(path: tuple) -> str:
    """What a list of that key counts: 人 for characters, else つ (entries)."""
    key = next((p for p in reversed(path) if isinstance(p, str)), None)
    entry = f"unit.{key}"
    return say(entry) if isinstance(key, str) and entry in MESSAGES.entries else say("unit.entries")


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _types(value) -> list:
    return value if isinstance(value, list) else [value]
