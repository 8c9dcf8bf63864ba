"""The messages dhproc can show a user, found in its source: `python tools/errors_doc.py`.

A message is the text argument of every call that makes a located problem or an error a user
sees: ``Problem(...)``, ``.problem(path, message)``, ``_whole_file``, ``DiceExprError``,
``UsageError``, ``OutputError``, ``CascadeLimit``, ``Divergence(note=...)``. An f-string's
fields are shown as ``{…}``. tests/test_errors_doc.py checks that docs/errors.md lists each.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAKERS = {"Problem": 3, "problem": 1, "_whole_file": 1, "DiceExprError": 1, "UsageError": 0,
          "OutputError": 0, "Diverged": 0, "locate": 1, "at": 1, "_Refused": 2,
          "Divergence": 99}
# Where a message is built apart from the call that reports it: every ``message = …`` and
# ``return f"…"`` of these modules is a message.
WORDING_MODULES = ("dhproc/validation.py",)


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
        if path_like and isinstance(second, (ast.JoinedStr, ast.Constant)):
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


def messages() -> list[tuple[str, str]]:
    """(message template, where) for every message in dhproc/ and the schemas."""
    found = schema_messages()
    for path in sorted((ROOT / "dhproc").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if str(path.relative_to(ROOT)) in WORDING_MODULES:
                value = None
                if isinstance(node, ast.Return) and isinstance(node.value, ast.JoinedStr):
                    value = node.value
                elif isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "message" for t in node.targets):
                    value = node.value
                text = _text(value) if value is not None else None
                if text and " " in text.strip():
                    found.append((text, f"{path.relative_to(ROOT)}:{node.lineno}"))
                    continue
            pair = _located_pair(node)
            if pair is not None:
                text = _text(pair)
                if text and " " in text.strip():
                    found.append((text, f"{path.relative_to(ROOT)}:{node.lineno}"))
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
                text = _text(arg)
                if text and " " in text.strip():
                    found.append((text, f"{path.relative_to(ROOT)}:{node.lineno}"))
    return found


if __name__ == "__main__":
    seen = set()
    for text, where in messages():
        if text not in seen:
            seen.add(text)
            sys.stdout.write(f"{where}\t{text}\n")
