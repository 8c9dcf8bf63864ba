"""An interpretation option is declared in one place: its values, its clause, and its name and
reason in both languages (dhproc/engine/options.py)."""

from __future__ import annotations

import pytest

from dhproc.engine.options import Option, OptionSet
from dhproc.engine.ruleset import get_ruleset, ruleset_ids


def _option(**words) -> Option:
    given = {"name": ("命中方式", "hit mode"), "reason": ("シードは振る", "the seed rolls"), **words}
    return Option("hit_mode", "roll", choices=("roll", "sure"), source="seed", clause="DH-4.4", **given)


def test_an_options_words_in_both_languages_come_from_its_declaration() -> None:
    options = OptionSet([_option()])
    assert [options.name("hit_mode", lang) for lang in ("ja", "en")] == ["命中方式", "hit mode"]
    assert [options.reason("hit_mode", lang) for lang in ("ja", "en")] == ["シードは振る", "the seed rolls"]
    assert options.changed_line({"hit_mode": "sure"}, "ja") == "命中方式（hit_mode）=sure"
    assert options.changed_line({"hit_mode": "sure"}, "en") == "hit mode (hit_mode)=sure"


@pytest.mark.parametrize("words", [{"name": ("命中方式",)}, {"reason": ("", "the seed rolls")},
                                   {"name": "hit mode"}])
def test_an_option_without_both_languages_is_refused_where_it_is_declared(words) -> None:
    with pytest.raises(ValueError, match="hit_mode: a name and a reason"):
        _option(**words)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_option_of_every_ruleset_gives_its_japanese_first(ruleset_id) -> None:
    for option in get_ruleset(ruleset_id).options:
        assert not option.name[0].isascii() and not option.reason[0].isascii(), option.id
