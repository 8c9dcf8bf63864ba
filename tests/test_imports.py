"""The layers of dhproc's tree, read from the imports (docs/architecture.md, "Layers").

Each import is read from the source, those made for types only or inside a function included,
since an arrow is an arrow whenever it runs. No module imports one on a floor above its own
(FLOORS), no ruleset imports another, and no modules import one another in a circle, inside the
rulesets as well."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "dhproc"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """module -> the dhproc modules it imports."""
    paths = {_module(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    graph = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                found |= {f"{target}.{a.name}" if f"{target}.{a.name}" in paths else target for a in node.names}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that reach one another (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while not group or group[-1] != v:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# From the bottom up: a module may import its own floor and those below it, never one above.
FLOORS: list[tuple[str, ...]] = [
    ("dhproc", "dhproc.words", "dhproc.lazy_re"),  # the package (its version) and the catalogue, name forms, chat-text import; patterns compiled on first use
    ("dhproc.errors",),  # Problem, InputError: located messages
    ("dhproc.dice", "dhproc.documents", "dhproc.report"),  # dice; YAML read with positions; report blocks
    ("dhproc.match",),  # Match, Turn: the data the engine resolves
    ("dhproc.engine", "dhproc.odds"),  # the Ruleset contract, registry, effects, resolution, exact odds
    ("dhproc.inputs",),  # schemas, the match assembled from files, import from posts
    ("dhproc.rulesets",),  # one package per ruleset
    ("dhproc.logs", "dhproc.replay", "dhproc.render", "dhproc.simulate", "dhproc.cluster"),  # built on resolution
    ("dhproc.api",),  # the face
    ("dhproc.cli", "dhproc.__main__"),  # the command line
]

def floor_of(module: str) -> int:
    """The floor of the longest FLOORS prefix naming ``module``."""
    found = [(len(p), i) for i, names in enumerate(FLOORS) for p in names
             if module == p or module.startswith(p + ".")]
    assert found, f"{module} is on no floor: add its package to FLOORS (docs/architecture.md)"
    return max(found)[1]


def _ruleset(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "rulesets" else None


def against_the_layers(graph: dict[str, set[str]]) -> list[str]:
    """Every import that points up a floor, or from one ruleset into another."""
    found = []
    for module, deps in sorted(graph.items()):
        for dep in sorted(deps):
            if floor_of(dep) > floor_of(module):
                found.append(f"{module} (floor {floor_of(module)}) imports {dep} (floor {floor_of(dep)})")
            elif _ruleset(module) and _ruleset(dep) and _ruleset(module) != _ruleset(dep):
                found.append(f"{module} imports another ruleset's {dep}")
    return found


def test_the_layer_check_finds_an_import_against_the_layers() -> None:
    assert against_the_layers({"dhproc.rulesets.dh.rules": {"dhproc.api"}, "dhproc.api": set()}) == [
        "dhproc.rulesets.dh.rules (floor 6) imports dhproc.api (floor 8)"]
    assert against_the_layers({"dhproc.engine.ruleset": {"dhproc.rulesets.dh"}, "dhproc.rulesets.dh": set()})
    assert against_the_layers({"dhproc.dice.stream": {"dhproc.match"}, "dhproc.match": set()})
    assert against_the_layers({"dhproc.inputs.assembly": {"dhproc.cli.root"}, "dhproc.cli.root": set()})
    assert against_the_layers({"dhproc.rulesets.dh.rules": {"dhproc.rulesets.logos.rules"},
                               "dhproc.rulesets.logos.rules": set()}) == [
        "dhproc.rulesets.dh.rules imports another ruleset's dhproc.rulesets.logos.rules"]
    assert against_the_layers({"dhproc.api": {"dhproc.engine.ruleset"}, "dhproc.engine.ruleset": set()}) == []


def test_no_import_points_up_a_floor_nor_into_another_ruleset() -> None:
    assert against_the_layers(import_graph()) == []


def test_no_import_circle_anywhere() -> None:
    assert circles(import_graph()) == []


def test_no_import_circle_among_the_platforms_modules() -> None:
    graph = import_graph()
    assert "dhproc.engine.ruleset" not in graph["dhproc.match"]
    assert not any(m.startswith("dhproc.report") for m in graph["dhproc.words.messages"])
    platform = {m: {d for d in deps if not d.startswith("dhproc.rulesets.")}
                for m, deps in graph.items() if not m.startswith("dhproc.rulesets.")}
    assert circles(platform) == []
