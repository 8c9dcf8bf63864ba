"""docs/errors.md lists every message the code can show (tools/errors_doc.py finds them)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _messages() -> list[tuple[str, str]]:
    spec = importlib.util.spec_from_file_location("dhproc_errors_doc", ROOT / "tools" / "errors_doc.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.messages()


def test_every_message_in_the_code_is_in_docs_errors_md() -> None:
    doc = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    found = _messages()
    assert len(found) > 100  # the finder still finds the messages
    missing = sorted({f"{where}: {text}" for text, where in found if f"`{text}`" not in doc})
    assert not missing, "messages missing from docs/errors.md:\n" + "\n".join(missing)


def test_the_finder_sees_a_message_added_to_the_code(tmp_path, monkeypatch) -> None:
    """Guard against a finder that finds nothing new: a planted message must be reported."""
    spec = importlib.util.spec_from_file_location("dhproc_errors_doc2", ROOT / "tools" / "errors_doc.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    (tmp_path / "dhproc").mkdir()
    (tmp_path / "schemas").mkdir()
    (tmp_path / "dhproc" / "x.py").write_text("p = anchor.problem(('a',), f'a planted message {x}')\n", encoding="utf-8")
    monkeypatch.setattr(module, "ROOT", tmp_path)
    assert [t for t, _ in module.messages()] == ["a planted message {…}"]
