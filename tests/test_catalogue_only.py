"""A GK-facing sentence never appears outside the catalogues (issue 9, "a catalogue test").

Every message argument of the calls that make problems and errors (tools/errors_doc.py's MAKERS,
located ``(path, message)`` pairs, validation.py's wordings), every warning, and every text the
CLI prints or raises (``click.echo``, ``click.UsageError``, ``BadParameter``) is said through a
catalogue (``say("…")`` / ``MESSAGES.say("…")``), never written as a literal sentence.

NOT_YET_CONVERTED lists the modules that still write sentences themselves. It only shrinks:
a module that has been converted must leave the list (the test says so), and a module not in it
that writes a sentence fails.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

NOT_YET_CONVERTED: set[str] = set()  # every module is converted; a new one that writes sentences fails

# Calls whose text argument a user reads, beside errors_doc's MAKERS: (name, index of the text).
SHOWN = {"echo": 0, "secho": 0, "warn": 0, "BadParameter": 0, "ClickException": 0, "fail": 0}

_KEY = re.compile(r"[a-z_0-9]+(?:\.[a-z_0-9]+)+")  # a catalogue id given to a maker that says it
_CODE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")  # a reason code the report words ("no_direction")
_WORD = re.compile(r"[A-Za-z]{2,}")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _errors_doc():
    from tests.test_errors_doc import _finder

    return _finder()


def is_sentence(text: str | None) -> bool:
    """Words a user reads: a literal with a word in it once its fields are taken out
    (``f"{name}: {exc}"`` is no sentence, ``f"wrote {path}"`` is)."""
    if text is None or _KEY.fullmatch(text) or _CODE.fullmatch(text):
        return False
    words = text.replace("{…}", "")
    # one lowercase word is a value ("own", "ally"), not something said to a person
    return bool(_JAPANESE.search(words)) or (bool(_WORD.search(words)) and " " in text.strip())


def literal_sentences(path: Path, doc=None, root: Path = ROOT) -> list[str]:
    """``module:line: text`` of every sentence written in ``path`` where a message is made or
    shown, top to bottom."""
    doc = doc or _errors_doc()
    module = str(path.relative_to(root))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = list(doc.message_args(tree, module))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name in SHOWN:
                nodes += [(arg, node.lineno) for arg in node.args[SHOWN[name]:SHOWN[name] + 1]]
                nodes += [(k.value, node.lineno) for k in node.keywords if k.arg in ("message", "text")]
    found = []
    for arg, line in sorted(nodes, key=lambda n: (n[1], getattr(n[0], "col_offset", 0))):
        text = doc._text(arg)
        if is_sentence(text):
            found.append(f"{module}:{line}: {text}")
    return found


def _modules() -> list[Path]:
    return sorted(p for p in (ROOT / "dhproc").rglob("*.py") if p.name != "messages.py")


def test_no_sentence_outside_the_catalogues() -> None:
    doc = _errors_doc()
    written = [s for p in _modules() if str(p.relative_to(ROOT)) not in NOT_YET_CONVERTED
               for s in literal_sentences(p, doc)]
    assert not written, "say these through a catalogue (dhproc/words/messages.py or the ruleset's messages.py):\n" \
        + "\n".join(written)


def test_not_yet_converted_only_shrinks() -> None:
    doc = _errors_doc()
    converted = sorted(m for m in NOT_YET_CONVERTED if (ROOT / m).exists()
                       and not literal_sentences(ROOT / m, doc))
    assert not converted, f"converted: remove from NOT_YET_CONVERTED: {converted}"
    assert all((ROOT / m).exists() for m in NOT_YET_CONVERTED), "a listed module no longer exists"


def test_the_finder_sees_a_sentence_and_passes_a_catalogue_message(tmp_path) -> None:
    """Guard against a test that cannot fail: a planted sentence is found in every place the
    test looks, and the catalogue forms are not."""
    doc = _errors_doc()
    planted = tmp_path / "dhproc" / "planted.py"
    planted.parent.mkdir()
    planted.write_text(
        "p = anchor.problem(('a',), f'a planted message {x}')\n"
        "q = ((), '対象が見つかりません')\n"
        "c = (None, 'no_direction')\n"
        "d = side in (None, 'own')\n"
        "click.echo(f'wrote {path}')\n"
        "raise click.UsageError('give one input')\n"
        "warnings.warn('doubtful value')\n"
        "r = anchor.problem(('a',), say('dh.unknown_ability', name=x))\n"
        "s = Problem(f, 1, 2, MESSAGES.say('x'))\n"
        "click.echo(f'{name}: {exc}')\n"
        "ctx.problem(line, 'import.no_name', example=e)\n", encoding="utf-8")
    found = literal_sentences(planted, doc, root=tmp_path)
    assert [f.split(": ", 1)[1] for f in found] == [
        "a planted message {…}", "対象が見つかりません", "wrote {…}", "give one input", "doubtful value"]
