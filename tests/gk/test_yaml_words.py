"""A YAML syntax error is said in Japanese by default: PyYAML's English phrases (from its C loader
and its Python loader alike) are matched and said through the catalogue; --lang en keeps them as
PyYAML wrote them."""

from __future__ import annotations

import re

import pytest
import yaml
from click.testing import CliRunner

from dhproc.documents import yaml_words
from dhproc.cli import cli
from dhproc.words.messages import use_lang

BROKEN = ["a: b: c", "a:\n\t- x", "a: [1, 2", "a: 'x", "- a\nb: c", "a:\n  b: 1\n c: 2", "a: *x",
          'a: "\\q"', "{a: 1", "a: &x 1\nb: &x 2", "key\nother: 1", "a: b\n- c", "a: |\n  x\n y: 1",
          "? a\n? b\n:: c", "[a, b]]", "a:\n  - b\n  c: d"]
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])
_ENGLISH = re.compile(r"\b(?:while|expected|found|not allowed|could not|did not)\b")


def _phrases():
    for loader in LOADERS:
        for text in BROKEN:
            try:
                yaml.load(text, Loader=loader)
            except yaml.MarkedYAMLError as exc:
                yield from (p for p in (exc.problem, exc.context) if p)


@pytest.mark.parametrize("phrase", sorted(set(_phrases())))
def test_every_phrase_the_loaders_give_for_common_mistakes_is_said_in_japanese(phrase: str) -> None:
    with use_lang("ja"):
        said = yaml_words.phrase(phrase)
    assert not _ENGLISH.search(said), (phrase, said)
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", said), (phrase, said)
    with use_lang("en"):
        assert yaml_words.phrase(phrase) == phrase


def test_a_phrase_nobody_has_seen_is_shown_as_written() -> None:
    with use_lang("ja"):
        assert yaml_words.phrase("some new complaint") == "some new complaint"


@pytest.mark.parametrize("text,ja,en", [
    ("dhproc: 1\nsetup: a: b\n", "ここには「キー: 値」を書けません", "mapping values are not allowed"),
    ("dhproc: 1\nsetup: [1, 2\n", "が見つかりません（括弧の閉じ忘れ", "expected ',' or ']'"),
])
def test_validate_says_a_yaml_syntax_error_in_japanese_and_english(tmp_path, text: str, ja: str, en: str,
                                                                   monkeypatch) -> None:
    monkeypatch.delenv("DHPROC_LANG", raising=False)
    path = tmp_path / "match.yaml"
    path.write_text(text, encoding="utf-8")
    said_ja = CliRunner().invoke(cli, ["validate", str(path)])
    assert said_ja.exit_code == 1 and "YAMLの書き方の誤り：" in said_ja.output and ja in said_ja.output, said_ja.output
    said_en = CliRunner().invoke(cli, ["validate", "--lang", "en", str(path)])
    assert said_en.exit_code == 1 and "YAML syntax error: " in said_en.output and en in said_en.output, said_en.output
