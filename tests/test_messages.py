"""The message catalogue (dhproc/words/messages.py): every message id in Japanese and English with the
same fields, Japanese by default, DHPROC_LANG and --lang switch."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from dhproc.words import messages
from dhproc.words.messages import LANGS

ROOT = Path(__file__).resolve().parents[1]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(messages.MESSAGES.entries))
def test_every_message_has_both_languages_with_the_same_fields(key: str) -> None:
    entry = messages.MESSAGES.entries[key]
    assert len(entry) == len(LANGS) and all(text.strip() for text in entry), key
    ja, en = entry
    assert _fields(ja) == _fields(en), key
    if not key.startswith(("list.", "what.")):
        # the Japanese is Japanese: kana, kanji, or at least Japanese punctuation (「{text}」, （{runs}）)
        assert re.search(r"[\u3000-\u30ff\u4e00-\u9fff\uff01-\uff60]", ja), key


def test_every_message_id_used_in_the_code_exists() -> None:
    prefixes = "|".join(sorted({key.split(".")[0] for key in messages.MESSAGES.entries}))
    used, families = set(), set()
    for path in (ROOT / "dhproc").rglob("*.py"):
        if path.name == "messages.py":
            continue
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"""["']((?:%s)\.[A-Za-z0-9_]+)["']""" % prefixes, text))
        # an id made from a value: f"schema.type_{t}", f"field.{key}" (each is said where it exists)
        families |= set(re.findall(r"""f["']((?:%s)\.[A-Za-z_]*)\{""" % prefixes, text))
    assert used, "the finder finds the ids"
    # a schema's x-message may name a catalogue id
    for schema in (ROOT / "schemas").glob("*.schema.json"):
        used |= set(re.findall(r'"x-message": "([a-z_]+\.[A-Za-z_]+)"', schema.read_text(encoding="utf-8")))
    used -= {"match.yaml", "match.yml"}  # file names, not ids
    assert used <= set(messages.MESSAGES.entries), used - set(messages.MESSAGES.entries)
    unused = {key for key in set(messages.MESSAGES.entries) - used if not key.startswith(tuple(families))}
    assert not unused, f"ids no code uses: {sorted(unused)}"


def test_the_import_sentences_live_only_in_the_catalogue() -> None:
    """A converted module says no GK-facing sentence itself: its Japanese is in the catalogue."""
    for module in ("dhproc/words/textimport.py", "dhproc/words/names.py", "dhproc/rulesets/dh/grammar.py",
                   "dhproc/rulesets/logos/grammar.py"):
        tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        strings = [node.value for node in ast.walk(tree)
                   if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]
        for sentence in ("cannot read", "did you mean", "fits several", "is given twice", "has no ability",
                         "読めません", "見つかりません", "nothing written"):
            assert not [s for s in strings if sentence in s], (module, sentence)


def test_default_language_is_japanese_and_the_environment_switches(monkeypatch) -> None:
    monkeypatch.delenv("DHPROC_LANG", raising=False)
    assert messages.default_lang() == "ja"
    assert messages.say("import.nothing") == "取り込むものがありません（キャラクター名が見つかりません）"
    monkeypatch.setenv("DHPROC_LANG", "en")
    assert messages.say("import.nothing") == "nothing to import (no character's name found)"
    monkeypatch.setenv("DHPROC_LANG", "fr")  # a language dhproc does not speak: the default
    assert messages.default_lang() == "ja"
    assert messages.say("import.nothing", "en").startswith("nothing")


def test_an_unknown_id_in_a_turn_file_gets_a_did_you_mean(tmp_path) -> None:
    """Through the CLI: a mistyped id in a dh and a logos turn names the character it is close to
    (id or display name, width- and kana-folded), and a far-off one gets no guess."""
    import shutil

    from click.testing import CliRunner

    from dhproc.cli import cli

    for ruleset, old, typo, hint in (("dh", "who: suzuki", "who: suzki", "鈴木一郎 (suzuki)"),
                                     ("dh", "attack: suzuki", "attack: 鈴木一朗", "鈴木一郎 (suzuki)"),
                                     ("logos", "kaede, tsubame", "kaede, tubame", "燕ツバメ (tsubame)")):
        folder = tmp_path / f"{ruleset}-{typo[-3:]}"
        shutil.copytree(ROOT / "examples" / ruleset, folder, ignore=shutil.ignore_patterns("abilities"))
        turn = folder / "turn-01.yaml"
        text = turn.read_text(encoding="utf-8")
        assert old in text
        turn.write_text(text.replace(old, typo, 1), encoding="utf-8")
        result = CliRunner().invoke(cli, ["validate", str(turn), "--lang", "en"])
        assert result.exit_code == 1
        assert f"(did you mean {hint}?)" in result.output, result.output
    far = (folder / "turn-01.yaml").read_text(encoding="utf-8").replace("tubame", "zzzzzz")
    (folder / "turn-01.yaml").write_text(far, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(folder / "turn-01.yaml"), "--lang", "en"])
    assert "unknown character 'zzzzzz'" in result.output and "did you mean" not in result.output


@pytest.mark.parametrize("env,expected", [(None, "■1ターン目"), ("en", "■ Turn 1"), ("ja", "■1ターン目"),
                                          ("xx", "■1ターン目")])
def test_dhproc_lang_chooses_the_report_language_and_lang_wins(env, expected, monkeypatch) -> None:
    from click.testing import CliRunner

    from dhproc.cli import cli

    if env is None:
        monkeypatch.delenv("DHPROC_LANG", raising=False)
    else:
        monkeypatch.setenv("DHPROC_LANG", env)
    match = str(ROOT / "examples/dh/match.yaml")
    assert expected in CliRunner().invoke(cli, ["resolve", match]).output
    assert "■ Turn 1" in CliRunner().invoke(cli, ["resolve", match, "--lang", "en"]).output
    assert "■1ターン目" in CliRunner().invoke(cli, ["resolve", match, "--lang", "ja"]).output
    roll = CliRunner().invoke(cli, ["roll", "1D100<=65", "--seed", "1"]).output
    assert roll.split(" → ")[-1].startswith("失敗" if expected.startswith("■1") else "failure")


def _all_catalog_entries() -> list[tuple[str, str]]:
    """(prefix, key) of every entry of every catalogue in dhproc (each package's messages.py and
    each report's lines): every module is imported, so every catalogue is made."""
    import importlib
    import pkgutil

    import dhproc
    from dhproc.words.messages import ALL_CATALOGS

    for info in pkgutil.walk_packages(dhproc.__path__, "dhproc."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    return [(c.prefix, key) for c in ALL_CATALOGS for key in c.entries]


@pytest.mark.parametrize("prefix,key", _all_catalog_entries())
def test_every_catalogue_entry_has_both_languages_with_the_same_fields(prefix: str, key: str) -> None:
    from dhproc.words.messages import ALL_CATALOGS

    entry = next(c for c in ALL_CATALOGS if c.prefix == prefix and key in c.entries).entries[key]
    assert len(entry) == len(LANGS), (prefix, key)
    # A line may say nothing on purpose (dh's report has no "expired" line), in both languages.
    assert all(text.strip() for text in entry) or not any(text.strip() for text in entry), (prefix, key)
    assert _fields(entry[0]) == _fields(entry[1]), (prefix, key)


def test_a_ruleset_catalogue_is_found_by_its_prefix_and_use_lang_chooses(monkeypatch) -> None:
    monkeypatch.delenv("DHPROC_LANG", raising=False)
    cat = messages.catalogue("zz_test", {"hello": ("こんにちは、{who}", "hello, {who}")})
    try:
        assert messages.say("zz_test.hello", who="GK") == "こんにちは、GK"
        with messages.use_lang("en"):
            assert messages.say("zz_test.hello", who="GK") == "hello, GK"
            assert cat.say("hello", who="GK") == "hello, GK"
            with messages.use_lang("ja"):
                assert cat.say("hello", who="GK") == "こんにちは、GK"
            assert messages.default_lang() == "en"
        assert messages.default_lang() == "ja"
        with pytest.raises(KeyError):
            messages.say("zz_test.nothing")
        with pytest.raises(ValueError):
            messages.catalogue("zz_test", {})
    finally:
        messages._BY_PREFIX.pop("zz_test")


def test_lang_is_on_every_command() -> None:
    from dhproc.cli import cli, subcommands

    def commands(group, prefix=()):
        for name, cmd in subcommands(group):
            if hasattr(cmd, "commands"):
                yield from commands(cmd, prefix + (name,))
            else:
                yield prefix + (name,), cmd

    found = list(commands(cli))
    assert len(found) >= 12
    for path, cmd in found:
        assert any(p.name == "lang" for p in cmd.params), " ".join(path)


def test_a_usage_error_or_help_leaves_no_language_behind(monkeypatch) -> None:
    """--lang en on a command that then fails to parse (or prints --help) must not make the next
    command English: the language lives as long as the command."""
    from click.testing import CliRunner

    from dhproc.cli import cli

    monkeypatch.delenv("DHPROC_LANG", raising=False)
    CliRunner().invoke(cli, ["resolve", "--lang", "en", "--no-such-option"])
    CliRunner().invoke(cli, ["options", "--lang", "en", "--help"])
    assert messages.default_lang() == "ja"
    result = CliRunner().invoke(cli, ["roll", "1D100<=65", "--seed", "1"])
    assert "失敗" in result.output or "成功" in result.output


@pytest.mark.parametrize("env,usage,error", [(None, "使い方：", "エラー：オプション '--nope' はありません。"),
                                             ("en", "Usage:", "Error: No such option '--nope'.")])
def test_clicks_own_words_are_in_the_commands_language(env, usage, error, monkeypatch) -> None:
    """click's "Usage:", "Error:" and "No such option" (dhproc/cli/click_words.py), Japanese by default."""
    from click.testing import CliRunner

    from dhproc.cli import cli

    if env is None:
        monkeypatch.delenv("DHPROC_LANG", raising=False)
    else:
        monkeypatch.setenv("DHPROC_LANG", env)
    result = CliRunner().invoke(cli, ["validate", "--nope"])
    assert result.exit_code == 2
    assert usage in result.output and error in result.output, result.output
    helped = CliRunner().invoke(cli, ["roll", "--help"]).output
    assert ("オプション" if env is None else "Options:") in helped


@pytest.mark.parametrize("args,said", [
    (["resolve", "--bogus", "--lang", "en"], "Error: No such option '--bogus'. Did you mean '--out'?"),
    (["resolve", "--bogus"], "エラー：オプション '--bogus' はありません。 もしかして '--out'？"),
    (["resolve", "--formt", "x"], "（もしかして '--format', '--out' のどれか？）"),
    (["resolve", "--format", "xx", "x"], "'xx' は 'text', 'markdown', 'discord', 'wiki' のどれでもありません。"),
    (["options", "--lang=en", "dh", "--nope"], "Error: No such option '--nope'."),
])
def test_a_bad_option_is_said_in_the_language_asked_for_wherever_lang_stands(args, said, monkeypatch) -> None:
    """click reports a bad option before it reaches a later ``--lang``; the language is read from
    the whole command line first. click's "did you mean" and choice words are translated too."""
    from click.testing import CliRunner

    from dhproc.cli import cli

    monkeypatch.delenv("DHPROC_LANG", raising=False)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and said in result.output, result.output


def test_options_fit_a_narrow_terminal(monkeypatch) -> None:
    """dhproc options: the table when it fits the terminal, else one wrapped entry per option;
    no line wider than the terminal (a Japanese character counts two columns)."""
    from click.testing import CliRunner

    from dhproc.cli import cli
    from dhproc.engine.ruleset import get_ruleset
    from dhproc.report.layout import display_width

    monkeypatch.delenv("DHPROC_LANG", raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    out = CliRunner().invoke(cli, ["options", "dh"]).output
    assert max(display_width(line) for line in out.splitlines()) <= 80
    flat = "".join(out.split())
    for o in get_ruleset("dh").options:
        assert f"{o.id}（" in flat and o.clause in flat
    monkeypatch.setenv("COLUMNS", "400")
    assert CliRunner().invoke(cli, ["options", "dh"]).output.startswith("+---")
