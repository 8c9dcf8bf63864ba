"""A loaded match keeps the places of its values, not the YAML node tree (documents/loading.py
`Document.keep_places_only`): every problem located afterwards is where the tree said it was."""

from __future__ import annotations

import gc
from pathlib import Path

import yaml

from dhproc import api
from dhproc.documents.loading import Document, load_bytes

REPO = Path(__file__).resolve().parents[2]

# aliases (one node under two paths), a merge, a `|` block, quoted and flow values, a key that
# is written twice through a merge (the later wins), lists in lists
TEXT = """\
base: &base
  hp: 10
  name: "Taro"
chars:
  a:
    <<: *base
    name: Jiro
    notes: |
      first line
      second  line
    tags: [x, 'y', {z: 1}]
  b: *base
grid:
  - [1, 2]
  - - 3
    - four
"""


def _paths(data, prefix=()):
    """Every path into ``data``, and one past each end (a missing key, an index too far)."""
    yield prefix
    if isinstance(data, dict):
        yield prefix + ("missing",)
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        yield prefix + (len(data),)
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _answers(doc: Document, paths: list[tuple]) -> list:
    return [(doc.locate(p), doc.locate(p, key=True), doc.problem_in_text(p, 1, 2, "m").format(),
             doc.problem_in_text(p, 0, 3, "m").format()) for p in paths]


def test_every_path_is_located_the_same_from_the_kept_places(tmp_path: Path) -> None:
    (tmp_path / "d.yaml").write_text(TEXT, encoding="utf-8")
    doc = load_bytes(TEXT.encode(), tmp_path / "d.yaml", "d.yaml")
    paths = list(_paths(doc.data)) + [("chars", "a", "tags", 2, "z", "deeper"), ("grid", "0"), ("chars", 0)]
    from_tree = _answers(doc, paths)
    doc.keep_places_only()
    assert doc._root is None
    assert _answers(doc, paths) == from_tree
    assert doc.locate(("chars", "a", "notes")) == (8, 12)  # a place the text says, not only the same
    assert doc.problem_in_text(("chars", "a", "notes"), 1, 2, "m").format() == "d.yaml:10:9: m (at /chars/a/notes)"


def test_the_kept_places_are_one_object_the_collector_stops_tracking() -> None:
    doc = load_bytes(TEXT.encode(), REPO / "d.yaml", "d.yaml")
    doc.keep_places_only()
    gc.collect()
    assert not gc.is_tracked(doc._places)


def test_a_loaded_match_holds_no_yaml_node_nor_mark() -> None:
    match = api.load(REPO / "examples" / "logos" / "match.yaml")
    seen: set[int] = set()
    reached = []
    todo = [match]
    while todo:  # everything the match reaches, modules and classes aside
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type) or type(obj).__name__ == "module":
            continue
        seen.add(id(obj))
        reached.append(obj)
        todo.extend(gc.get_referents(obj))
    assert not [o for o in reached if isinstance(o, (yaml.Node, yaml.Mark))]
    assert match.anchor.doc.locate(("setup",)) != (1, 1)


def test_nodes_asked_for_after_the_tree_is_dropped_keep_its_renamed_keys() -> None:
    doc = load_bytes(TEXT.encode(), REPO / "d.yaml", "d.yaml")
    node = doc.node_at(("chars",))
    next(k for k, _ in node.value if k.value == "b").value = "bee"  # as aliases rename a key
    where = doc.locate(("chars", "bee", "hp"))
    doc.keep_places_only()
    revived = doc.node_at(("chars",))
    assert [k.value for k, _ in revived.value] == ["a", "bee"]
    assert doc.locate(("chars", "bee", "hp")) == where == (2, 7)
    assert isinstance(doc.node_at(("chars", "a", "notes")), yaml.ScalarNode)
    assert doc.problem_in_text(("chars", "a", "notes"), 1, 2, "m").line == 10
