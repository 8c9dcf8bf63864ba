"""docs/errors.md lists every message the code can show (tools/errors_doc.py finds them)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _finder():
    spec = importlib.util.spec_from_file_location("dhproc_errors_doc", ROOT / "tools" / "errors_doc.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _messages() -> list[tuple[str, str]]:
    return _finder().messages()


def test_every_message_in_the_code_is_in_docs_errors_md() -> None:
    """A literal message is listed as written; a catalogue message in both languages, the
    Japanese and the English in one row (`日本語`<br>`English`)."""
    doc = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    finder = _finder()
    found = finder.found_messages()
    assert len(found) > 100  # the finder still finds the messages
    rows = doc.splitlines()
    missing = set()
    for m in found:
        if m.ja is None:
            if f"`{m.text}`" not in doc:
                missing.add(f"{m.where}: {m.text}")
        elif not any(f"`{m.ja}`" in row and f"`{m.text}`" in row for row in rows):
            missing.add(f"{m.where}: {finder.doc_cell(m)}")
    assert not missing, "messages missing from docs/errors.md:\n" + "\n".join(sorted(missing))


def test_a_catalogue_message_is_found_in_both_languages(tmp_path, monkeypatch) -> None:
    """say("…") and MESSAGES.say("…") in a maker call are read from the catalogues, fields as {…}."""
    module = _finder()
    (tmp_path / "dhproc" / "rulesets" / "zz").mkdir(parents=True)
    (tmp_path / "schemas").mkdir()
    (tmp_path / "dhproc" / "messages.py").write_text(
        'MESSAGES = Catalog({"x.gone": ("{who}がいません", "{who} is gone")})\n', encoding="utf-8")
    (tmp_path / "dhproc" / "rulesets" / "zz" / "messages.py").write_text(
        'MESSAGES = catalogue("zz", {"far": ("{n}マス{{遠い}}", "{n} squares away")})\n', encoding="utf-8")
    (tmp_path / "dhproc" / "rulesets" / "zz" / "checks.py").write_text(
        "a = anchor.problem(('a',), say('x.gone', who=w))\n"
        "b = ((), MESSAGES.say('far', n=3))\n", encoding="utf-8")
    monkeypatch.setattr(module, "ROOT", tmp_path)
    found = sorted((m.ja, m.text, m.key) for m in module.found_messages())
    assert found == [("{…}がいません", "{…} is gone", "x.gone"), ("{…}マス{遠い}", "{…} squares away", "zz.far")]


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
