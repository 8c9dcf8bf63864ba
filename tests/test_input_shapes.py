"""Inputs of any shape: every reader before or beside the schema takes any YAML value, the loader
refuses what it does not read (recursive aliases, nesting deepened by aliases, tags), and every key
a rule reads is required by the schema or defaulted by a documented rule.

The three classes were found by mutation runs the fuzzer did not draw then (`turn: [[[1]]]`,
`- &a {x: *a}`, `!!int ""`, a cost without `amount`); each is closed where it arises, and the
walks at the end check the class over every ruleset's template and examples.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
from importlib.resources import files
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dhproc import api
from dhproc.engine.ruleset import get_ruleset, ruleset_ids
from dhproc.errors import InputError
from tests.test_cli import run

pytestmark = pytest.mark.usefixtures("english")

REPO = Path(__file__).resolve().parents[1]
LOCATED = re.compile(r"^[^:\n]+:\d+:\d+: \S")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)


def refused(*args: str) -> list[str]:
    """The command's message lines: it must exit 1 with every line ``file:line:col: message``."""
    result = run(*args)
    assert result.exit_code == 1 and "内部エラー" not in result.output, result.output
    lines = [line for line in result.output.split("\n") if line and not line.startswith(" ")]
    assert lines and all(LOCATED.match(line) for line in lines), result.output
    return lines


def copy_example(ruleset: str, sub: str = "") -> Path:
    folder = Path(ruleset + (sub.replace("/", "-") if sub else ""))
    shutil.copytree(REPO / "examples" / ruleset / sub, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# ----------------------------------------------------------------- readers before the schema

@pytest.mark.parametrize("number", ["[[[1]]]", "!!set {a, b}", "{a: 1}"])
@pytest.mark.parametrize("entry", ["folder", "turn"])
def test_an_inline_turn_numbered_by_a_collection_is_located(number: str, entry: str) -> None:
    """The turn bookkeeping counts turns before their schema has passed: an inline turn whose
    number is a list or a set (unhashable) beside an unlisted turn file was a TypeError."""
    folder = copy_example("dh")
    edit(folder / "match.yaml", "turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]",
         f"turns: [{{turn: {number}, submissions: {{}}}}]")
    lines = refused("resolve", folder if entry == "folder" else folder / "turn-02.yaml")
    # from the folder, the match's line; from a turn file, its `match:` line (the match cannot load)
    assert any(line.startswith(f"{folder / 'match.yaml'}:") or line.startswith(f"{folder / 'turn-02.yaml'}:3:")
               for line in lines), lines


def test_a_setup_list_given_as_a_number_is_located_not_walked() -> None:
    """nicosw's name index of a character's weapons walked `weapons: 5` (TypeError) while a
    turn named one of them."""
    folder = copy_example("nicosw")
    edit(folder / "match.yaml", """      weapons:
        - {id: club, name: 棍棒, kind: melee, mods: [{op: add, value: 4}]}
        - {id: rock, name: 投石, kind: ranged, range: 5, mods: [{op: add, value: 3}]}
""", "      weapons: 5\n")
    lines = refused("validate", folder)
    assert any("/setup/characters/ogre/weapons" in line for line in lines)


@pytest.mark.parametrize("value", ["&a {who: *a}", "&a [1, *a]", "&a {<<: *a}"])
def test_a_value_containing_its_own_alias_is_refused_at_load(value: str) -> None:
    """`- &a {x: *a}` made a value that contains itself; the name and key aliasing recursed
    into it for ever (RecursionError)."""
    folder = copy_example("dh")
    edit(folder / "turn-01.yaml", "    - {who: tanaka, to: Ｄ４}", f"    - {value}")
    lines = refused("validate", folder / "turn-01.yaml")
    assert lines == [f"{folder / 'turn-01.yaml'}:9:{7 + value.index('*')}: "
                     "the alias *a is inside its own anchor &a: a value cannot contain itself"]


@pytest.mark.japanese
def test_a_recursive_alias_is_refused_in_japanese_too() -> None:
    Path("m.yaml").write_text("- &a {x: *a}\n", encoding="utf-8")
    assert refused("validate", "m.yaml") == [
        "m.yaml:1:10: エイリアス*aが自分を含むアンカー&aの中にあります（値が自分自身を含むことはできません）"]


def test_nesting_deepened_through_aliases_is_refused_at_load() -> None:
    """Each alias may stand for 63 levels: nested inside each other, 100 of them reach thousands,
    which every recursive reader of the data (names, aliases, the schema) would overflow."""
    lines = ["a0: &a0 " + "[" * 30 + "1" + "]" * 30]  # 31 levels with the top mapping
    lines += [f"a{i}: &a{i} " + "[" * 30 + f"*a{i - 1}" + "]" * 30 for i in range(1, 4)]  # 61, then 91
    Path("m.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert refused("validate", "m.yaml") == ["m.yaml:3:39: the alias *a1 expands to nesting deeper than 64 levels"]


def test_a_log_nested_deeper_than_the_limit_is_refused_located() -> None:
    """JSON is read by the json module, which nests as deep as Python's stack: a log nested
    deeper than the limit goes to the YAML reader, which refuses it where it is written."""
    Path("log.json").write_text('{"a": ' + "[" * 900 + "1" + "]" * 900 + "}\n", encoding="utf-8")
    assert refused("replay", "log.json") == ["log.json:1:70: nesting deeper than 64 levels"]


def _schema_keys() -> list[str]:
    """Every property name of every schema, and every alias key of every ruleset: keys the
    readers look for, so random documents reach into them."""
    keys: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            keys.update(k for k in node.get("properties", {}) if isinstance(node.get("properties"), dict))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in (REPO / "schemas").glob("*.schema.json"):
        walk(json.loads(path.read_text(encoding="utf-8")))
    for rid in ruleset_ids():
        aliases = get_ruleset(rid).submission_aliases()
        keys.update(aliases.keys if aliases else ())
    return sorted(keys)


SCALARS = st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False) | st.text(max_size=4)
YAML_VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
    st.sampled_from(_schema_keys()) | st.text(max_size=3), inner, max_size=4), max_leaves=24)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rid=st.sampled_from(ruleset_ids()), setup=YAML_VALUES, submissions=YAML_VALUES, number=YAML_VALUES,
       listed=st.booleans())
def test_readers_before_the_schema_take_any_yaml_value(tmp_path_factory, rid: str, setup: Any, submissions: Any,
                                                      number: Any, listed: bool) -> None:
    """A match whose setup, submissions and turn number are any YAML value (of keys the schemas
    name) loads or is refused with located problems: the readers that run before or beside the
    schema (name indexes, Japanese keys, turn counting, the first turn) never fail on a shape."""
    folder = tmp_path_factory.mktemp("any")
    (folder / "turn-02.yaml").write_text(f"dhproc: 1\nmatch: match.yaml\nturn: 2\nsubmissions: {{}}\n",
                                         encoding="utf-8")
    inline = {"turn": number, "submissions": submissions}
    text = json.dumps({"dhproc": 1, "ruleset": rid, "seed": 1, "setup": setup,
                       "turns": [inline] if listed else []}, ensure_ascii=False)
    (folder / "match.yaml").write_text(text, encoding="utf-8")
    for entry in (folder, folder / "turn-02.yaml"):
        try:
            api.load(entry)
        except InputError as exc:
            assert exc.problems and all(p.line is not None for p in exc.problems), exc.problems


# ----------------------------------------------------------------- tags

TAGS = [
    ('!!int ""', "cannot read '' as !!int; remove the tag or correct the value"),
    ("!!int 1.5", "cannot read '1.5' as !!int; remove the tag or correct the value"),
    ("!!float '1, 令呪'", "cannot read '1, 令呪' as !!float; remove the tag or correct the value"),
    ("!!bool maybe", "cannot read 'maybe' as !!bool; remove the tag or correct the value"),
    ("!!null x", "cannot read 'x' as !!null; remove the tag or correct the value"),
    ("!!set {a, b}", "dhproc does not read the tag !!set"),
    ("!!omap [{a: 1}]", "dhproc does not read the tag !!omap"),
    ("!!pairs [[a, 1]]", "dhproc does not read the tag !!pairs"),
    ("!!binary aGk=", "dhproc does not read the tag !!binary"),
    ("!!timestamp 2026-12-01", "dhproc does not read the tag !!timestamp"),
    ("!!str [1]", "dhproc does not read the tag !!str"),
    ("!!map [1]", "dhproc does not read the tag !!map"),
    ("!local x", "dhproc does not read the tag !local"),
    ("!<tag:example.com,2026:x> {}", "dhproc does not read the tag tag:example.com,2026:x"),
]


@pytest.mark.parametrize("value, message", TAGS, ids=[t for t, _ in TAGS])
def test_a_tag_dhproc_does_not_read_is_located(value: str, message: str) -> None:
    folder = copy_example("dh")
    edit(folder / "turn-01.yaml", "    - {who: kimura, to: Ａ５}", f"    - {{who: kimura, to: {value}}}")
    lines = refused("validate", folder / "turn-01.yaml")
    assert len(lines) == 1 and lines[0].startswith(f"{folder / 'turn-01.yaml'}:10:25: {message}"), lines


@pytest.mark.parametrize("value", ["!!int 12", "!!float 1", "!!float 1.5e3", "!!str 12", "!!bool true",
                                   "!!null ~", "! text", "!!map {a: 1}", "!!seq [1]"])
def test_a_tag_dhproc_reads_is_read(value: str) -> None:
    Path("m.yaml").write_text(f"dhproc: 1\nruleset: dh\nx: {value}\n", encoding="utf-8")
    lines = refused("validate", "m.yaml")  # the setup is missing; the tagged value itself is fine
    assert not any("tag" in line for line in lines), lines


@pytest.mark.japanese
def test_a_tag_is_refused_in_japanese_too() -> None:
    Path("m.yaml").write_text("a: !!set {a, b}\nb: !!int ''\n", encoding="utf-8")
    assert refused("validate", "m.yaml") == [
        "m.yaml:1:4: タグ!!setはdhprocでは読めません。タグを消して、ふつうの値（テキスト・数・リスト・対応）で書いてください",
        "m.yaml:2:4: タグ!!intの値として読めません：''。タグを消すか、値を直してください"]


# ----------------------------------------------------------------- keys a rule reads

@pytest.mark.parametrize("missing", ["amount", "stat"])
def test_a_dh_stat_cost_without_its_size_fails_validation(missing: str) -> None:
    """A `kind: stat` cost without `amount` passed validate and ended in KeyError at resolve."""
    folder = copy_example("dh", "abilities")
    cost = {"amount": "{kind: stat, stat: hp}", "stat": "{kind: stat, amount: 1}"}[missing]
    edit(folder / "match.yaml", "costs: [{kind: stat, stat: hp, amount: 1}]", f"costs: [{cost}]")
    lines = refused("validate", folder / "match.yaml")
    assert [line for line in lines if f"'{missing}'" in line and "/ability/costs/0" in line], lines


def _seed_folders() -> Iterator[tuple[str, Path]]:
    for rid in ruleset_ids():
        yield rid, Path(str(files(f"dhproc.rulesets.{rid}").joinpath("template")))
        for match in sorted((REPO / "examples" / rid).rglob("match.yaml")):
            yield rid, match.parent


SEEDS = list(_seed_folders())


def _key_paths(data: Any, where: tuple = ()) -> Iterator[tuple]:
    """The path of every key of every mapping inside ``data``."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield where + (key,)
            yield from _key_paths(value, where + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _key_paths(value, where + (i,))


def _without(data: Any, path: tuple) -> Any:
    data = copy.deepcopy(data)
    holder = data
    for part in path[:-1]:
        holder = holder[part]
    del holder[path[-1]]
    return data


@pytest.mark.parametrize("ruleset, folder", SEEDS, ids=[f"{r}:{f.relative_to(f.parents[1])}" for r, f in SEEDS])
def test_every_key_a_rule_reads_is_required_or_defaulted(ruleset: str, folder: Path, tmp_path: Path) -> None:
    """Each key of the setup and of every submission, deleted alone: the match is refused by
    validation (the schema requires it), or it resolves and renders (a rule defaults it). A
    rule that reads a key the schema lets go missing ends in an internal error instead (dh's
    `kind: stat` cost without `amount`: KeyError at resolve)."""
    sources = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in folder.glob("*.yaml")}
    work = tmp_path / "match"
    work.mkdir()

    def write(name: str, data: Any) -> None:
        (work / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    for name, data in sources.items():
        write(name, data)
    unread: list[str] = []
    tried = 0
    for name, data in sources.items():
        part = "setup" if "ruleset" in data else "submissions"
        for path in _key_paths(data.get(part), (part,)):
            write(name, _without(data, path))
            tried += 1
            try:
                api.render(api.resolve(api.load(work / "match.yaml")))
            except InputError:
                pass
            except Exception as exc:  # noqa: BLE001 - what this test looks for
                unread.append(f"{name} /{'/'.join(map(str, path))}: {type(exc).__name__}: {exc}")
        write(name, data)
    assert tried > 0
    assert not unread, "\n".join(unread)
