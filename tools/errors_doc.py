"""The messages dhproc can show a user, found in its source: `python tools/errors_doc.py`.

A message is the text argument of every call that makes a located problem or an error a user
sees: ``Problem(...)``, ``.problem(path, message)``, ``_whole_file``, ``DiceExprError``,
``UsageError``, ``OutputError``, ``CascadeLimit``, ``Divergence(note=...)``. An f-string's
fields are shown as ``{…}``. tests/test_errors_doc.py checks that docs/errors.md lists each.

A message said through a catalogue (``say("dh.unknown_ability", …)``, ``MESSAGES.say(…)``) is
listed with its catalogue text in both languages, its fields shown as ``{…}``; docs/errors.md
gives it as ```日本語`<br>`English``` in the Message column (:func:`doc_cell`).
"""

from __future__ import annotations

import ast
import string
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
MAKERS = {"Problem": 3, "problem": 1, "_whole_file": 1, "DiceExprError": 1, "UsageError": 0,
          "OutputError": 0, "RenderError": 0, "Diverged": 0, "locate": 1, "at": 1, "_Refused": 2, "refuse": 2,
          "Divergence": 99}
# Where a message is built apart from the call that reports it: every ``message = …`` of these
# modules is a message, and every ``return …`` of the functions named (None: of every function).
WORDING_MODULES = {"dhproc/inputs/validation.py": ("worded",)}


@dataclass(frozen=True)
class Message:
    """A message the code can show: ``text`` is the English (or the literal written in the code),
    ``ja`` the Japanese when it comes from a catalogue (None for a literal)."""

    text: str
    where: str
    ja: str | None = None
    key: str | None = None


def doc_cell(message: Message) -> str:
    """How docs/errors.md shows the message in its Message column."""
    if message.ja is None:
        return f"`{message.text}`"
    return f"`{message.ja}`<br>`{message.text}`"


def _template(text: str) -> str:
    """A catalogue template with its fields as ``{…}`` (``{{`` is a brace)."""
    out = []
    for literal, name, _spec, _conv in string.Formatter().parse(text):
        out.append(literal)
        if name is not None:
            out.append("{…}")
    return "".join(out)


def catalogues(root: Path | None = None) -> dict[str, tuple[str, str]]:
    """Every catalogue entry of ``dhproc/**/messages.py`` by the id say() takes (``import.x``,
    ``dh.unknown_ability``), read from the source (nothing is imported)."""
    root = root or ROOT
    found: dict[str, tuple[str, str]] = {}
    for path in sorted((root / "dhproc").rglob("messages.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name == "catalogue" and len(node.args) >= 2 and isinstance(node.args[0], ast.Constant):
                prefix, entries = node.args[0].value + ".", node.args[1]
            elif name == "Catalog" and isinstance(node.args[0], ast.Dict):
                prefix, entries = "", node.args[0]
            else:
                continue
            if not isinstance(entries, ast.Dict):
                continue
            for k, v in zip(entries.keys, entries.values):
                if isinstance(k, ast.Constant) and isinstance(v, ast.Tuple) and len(v.elts) == 2:
                    ja, en = (_text(e) for e in v.elts)
                    if ja is not None and en is not None:
                        found[prefix + k.value] = (ja, en)
    return found


def _ruleset_prefix(path: Path, root: Path) -> str:
    """``MESSAGES.say("x")`` in dhproc/rulesets/<id>/… says ``<id>.x``; elsewhere the platform's."""
    parts = path.relative_to(root).parts
    if len(parts) > 3 and parts[:2] == ("dhproc", "rulesets"):
        return parts[2] + "."
    return ""


def said_key(node: ast.AST, path: Path, root: Path) -> str | None:
    """The catalogue id of ``say("key", …)`` / ``MESSAGES.say("key", …)``, else None."""
    if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)):
        return None
    func = node.func
    if isinstance(func, ast.Name) and func.id == "say":
        return node.args[0].value
    if isinstance(func, ast.Attribute) and func.attr == "say" and getattr(func.value, "id", "").endswith("MESSAGES"):
        return _ruleset_prefix(path, root) + node.args[0].value
    return None


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for v in node.values:
            parts.append(v.value if isinstance(v, ast.Constant) else "{…}")
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _text(node.left), _text(node.right)
        if left is not None and right is not None:
            return left + right
    return None


def _located_pair(node: ast.AST) -> ast.AST | None:
    """The message of ``(path, message)`` or ``(None, message)``: how checks return problems."""
    if isinstance(node, ast.Tuple) and len(node.elts) == 2:
        first, second = node.elts
        path_like = isinstance(first, ast.Tuple) or (isinstance(first, ast.BinOp) and isinstance(first.op, ast.Add)) \
            or (isinstance(first, ast.Constant) and first.value is None)
        if path_like and (isinstance(second, (ast.JoinedStr, ast.Constant))
                          or (isinstance(second, ast.Call) and getattr(second.func, "id", getattr(second.func, "attr", None)) == "say")):
            return second
    return None


def schema_messages() -> list[tuple[str, str]]:
    """The schemas' own wordings (``x-message``)."""
    import json

    found = []

    def walk(node, where):
        if isinstance(node, dict):
            if isinstance(node.get("x-message"), str):
                found.append((node["x-message"], where))
            for v in node.values():
                walk(v, where)
        elif isinstance(node, list):
            for v in node:
                walk(v, where)

    for path in sorted((ROOT / "schemas").glob("*.schema.json")):
        walk(json.loads(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)))
    return found


def message_args(tree: ast.AST, module: str) -> Iterator[tuple[ast.AST, int]]:
    """Every node of ``tree`` that is the message of a maker call, a located pair or (in a
    WORDING_MODULES module) a ``message = …`` / ``return …``, with its line."""
    wording_returns: set[int] = set()
    if module in WORDING_MODULES:
        functions = WORDING_MODULES[module]
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and (functions is None or fn.name in functions):
                wording_returns |= {id(n) for n in ast.walk(fn) if isinstance(n, ast.Return)}
    for node in ast.walk(tree):
        if module in WORDING_MODULES:
            value = None
            if id(node) in wording_returns and isinstance(node.value, (ast.JoinedStr, ast.Call, ast.Constant)):
                value = node.value
            elif isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "message" for t in node.targets):
                value = node.value
            if value is not None:
                yield value, node.lineno
                continue
        pair = _located_pair(node)
        if pair is not None:
            yield pair, node.lineno
            continue
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
        if name not in MAKERS or MAKERS[name] is None:
            continue
        index = MAKERS[name]
        args = list(node.args)
        candidates = [args[index]] if index < len(args) else []
        candidates += [k.value for k in node.keywords if k.arg in ("message", "note")]
        for arg in candidates:
            yield arg, node.lineno


def found_messages() -> list[Message]:
    """Every message in dhproc/ and the schemas: literals as written, catalogue messages in both
    languages (a schema's ``x-message`` may be a catalogue id)."""
    texts = catalogues(ROOT)
    found = []
    for text, where in schema_messages():
        if text in texts:
            ja, en = texts[text]
            found.append(Message(_template(en), where, _template(ja), text))
        else:
            found.append(Message(text, where))
    for path in sorted((ROOT / "dhproc").rglob("*.py")):
        module = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for arg, line in message_args(tree, module):
            where = f"{module}:{line}"
            key = said_key(arg, path, ROOT)
            if key is None and isinstance(arg, ast.Constant) and arg.value in texts:
                key = arg.value  # a maker that says the id itself: ctx.problem(line, "import.no_name", …)
            if key is not None:
                if key not in texts:
                    raise KeyError(f"{where}: no catalogue has {key!r}")
                ja, en = texts[key]
                found.append(Message(_template(en), where, _template(ja), key))
                continue
            text = _text(arg)
            if text and " " in text.strip():
                found.append(Message(text, where))
    return found


def messages() -> list[tuple[str, str]]:
    """(message template, where) for every message in dhproc/ and the schemas (the English of a
    catalogue message)."""
    return [(m.text, m.where) for m in found_messages()]


def fix_cells(doc_path: Path) -> list[str]:
    """Turn a row that lists a converted message in English only (`English`) into its
    bilingual cell (`日本語`<br>`English`); the rows' cause and fix stay. What was changed."""
    lines = doc_path.read_text(encoding="utf-8").splitlines(keepends=True)
    changed = []
    for m in found_messages():
        if m.ja is None:
            continue
        old, new = f"| `{m.text}`", f"| {doc_cell(m)} |"
        if any(new in line for line in lines):
            continue
        for i, line in enumerate(lines):
            if line.startswith(old) and " | " in line[len(old):]:  # the whole first cell is replaced
                lines[i] = new + line[line.index(" | ", len(old)) + 2:]
                changed.append(f"{m.where}: {doc_cell(m)}")
                break
    doc_path.write_text("".join(lines), encoding="utf-8")
    return changed


if __name__ == "__main__":
    if sys.argv[1:] == ["--fix-cells"]:  # after converting messages: upgrade their rows in docs/errors.md
        for line in fix_cells(ROOT / "docs" / "errors.md"):
            sys.stdout.write(f"upgraded {line}\n")
        sys.exit(0)
    seen = set()
    for message in found_messages():
        cell = doc_cell(message)
        if cell not in seen:
            seen.add(cell)
            sys.stdout.write(f"{message.where}\t{cell}\n")
