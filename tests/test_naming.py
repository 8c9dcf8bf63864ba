"""Messages name characters, skills and sides by their display names (dhproc/words/naming.py).

Every catalogue entry with a field that names something is rendered with ids of a roster: the
display name must show, and the id only beside it (``藤堂リク（riku）``). The reproducers of the
second campaign (copied into tests/naming/) show it through the CLI."""

from __future__ import annotations

import importlib
import pkgutil
import shutil
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

import dhproc.rulesets
from dhproc.cli import cli
from dhproc.words.naming import CHARACTER, NAME_FIELDS, SIDE, SKILL, Roster, naming, shown
from dhproc.words.messages import ALL_CATALOGS, LANGS

HERE = Path(__file__).parent / "naming"

for _module in pkgutil.walk_packages(dhproc.rulesets.__path__, "dhproc.rulesets."):
    importlib.import_module(_module.name)  # every ruleset's catalogues

ROSTER = Roster(characters={"riku": "藤堂リク"}, skills={"yayoke": "矢避けの加護"}, sides={"pcs": "冒険者一行"})
ID_OF = {CHARACTER: "riku", SKILL: "yayoke", SIDE: "pcs"}

# Fields whose names look like a name's but hold something else: a list the caller has joined, a
# character of the YAML text, a byte offset, a multiplier.
NOT_NAMES = {"names", "sides", "targets", "weapons", "char", "byte", "factor", "check_name"}
LOOKS_LIKE_A_NAME = ("who", "char", "skill", "actor", "target", "side", "unit", "name", "owner", "user", "bearer",
                     "servant", "master", "leader", "roller", "weapon", "ability", "spell", "winner", "payer")


class Filler:
    """Any other field: formats under any spec (``{value:+d}``, ``{n:plural:card}``, ``!r``)."""

    def __format__(self, spec: str) -> str:
        return "〇"

    def __repr__(self) -> str:
        return "〇"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _entries_naming_something() -> list[tuple[int, str, str, str]]:
    """(catalogue's index, its prefix, key, name field): report catalogues have no prefix."""
    found = []
    for index, catalogue in enumerate(ALL_CATALOGS):
        for key, (ja, _en) in catalogue.entries.items():
            for name_field in sorted(_fields(ja) & set(NAME_FIELDS)):
                found.append((index, catalogue.prefix or "-", key, name_field))
    return found


ENTRIES = _entries_naming_something()


def test_there_are_entries_that_name_characters_skills_and_sides() -> None:
    assert len(ENTRIES) > 300
    named = {entry[1:] for entry in ENTRIES}
    assert ("count", "square_taken", "other") in named and ("kagemiya", "no_resource", "rid") in named


@pytest.mark.parametrize("index,prefix,key,name_field", ENTRIES)
def test_every_message_naming_a_character_or_skill_shows_its_display_name(index: int, prefix: str, key: str,
                                                                         name_field: str) -> None:
    catalogue = ALL_CATALOGS[index]
    for lang in LANGS:
        for kind in NAME_FIELDS[name_field]:
            ident, name = ID_OF[kind], ROSTER.of(kind)[ID_OF[kind]]
            values = {f: Filler() for f in _fields(catalogue.entries[key][LANGS.index(lang)])}
            values[name_field] = ident
            with naming(ROSTER):
                text = catalogue.say(key, lang, **values)
            assert shown(ident, name, lang) in text, (lang, text)
            assert ident not in text.replace(shown(ident, name, lang), ""), (lang, text)  # no bare id


def test_a_field_that_looks_like_a_name_is_known_as_one_or_as_not() -> None:
    """A new field such as {attacker} is either shown by display name or said here why not."""
    fields = {f for c in ALL_CATALOGS for ja, _ in c.entries.values() for f in _fields(ja)}
    unclassified = sorted(f for f in fields if any(part in f for part in LOOKS_LIKE_A_NAME)
                          and f not in NAME_FIELDS and f not in NOT_NAMES)
    assert unclassified == []


def test_a_value_that_is_no_id_is_left_as_written() -> None:
    with naming(ROSTER):
        from dhproc.words.messages import say

        assert say("count.square_taken", "ja", square="E7", other="藤堂リク") == "E7には既に藤堂リクがいます"
        assert say("count.square_taken", "ja", square="E7", other="rikuu") == "E7には既にrikuuがいます"
    assert say("count.square_taken", "ja", square="E7", other="riku") == "E7には既にrikuがいます"  # no roster


def test_the_roster_reads_a_setup_however_broken() -> None:
    roster = Roster.from_setup({"sides": {"pcs": {"name": "冒険者"}, "bad": 3},
                                "characters": {"riku": {"name": "藤堂リク", "skills": [{"id": "ya", "name": "矢避け"}, 5]},
                                               "x": "not a mapping", "y": {"name": 7}}})
    assert roster.characters == {"riku": "藤堂リク"} and roster.sides == {"pcs": "冒険者"}
    assert roster.skills == {"ya": "矢避け"}
    assert Roster.from_setup(None) == Roster()


def _validate(example: str, file: str, tmp_path: Path, monkeypatch, *lang: str,
              change: tuple[str, str] = ("", "")) -> str:
    """``dhproc validate`` on a copy of tests/naming/<example> (its match.yaml changed by
    ``change``), run inside it; what it printed."""
    shutil.copytree(HERE / example, tmp_path / example)
    monkeypatch.chdir(tmp_path / example)
    match = Path("match.yaml").read_text(encoding="utf-8")
    assert change[0] in match
    Path("match.yaml").write_text(match.replace(*change, 1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", *lang, file])
    assert result.exit_code == 1, result.output
    return result.output


@pytest.mark.parametrize("lang,said", [("ja", "E8には既に藤堂リク（riku）がいます"),
                                       ("en", "E8 is already 藤堂リク (riku)'s square")])
def test_a_square_taken_names_the_character_by_its_display_name(tmp_path: Path, monkeypatch, lang: str,
                                                                said: str) -> None:
    """As in the reproducer count-from-log-occupied (``E7には既にrikuがいます``): 盗賊頭ガロウ set on
    藤堂リク's square."""
    output = _validate("typo-key", "match.yaml", tmp_path, monkeypatch, "--lang", lang,
                       change=("at: E3", "at: E8"))
    assert said in output, output


def test_a_skill_id_is_named_by_its_display_name(tmp_path: Path, monkeypatch) -> None:
    """Reproducer kagemiya-import-accepts-invalid: ``「yayoke」は逃走判定には使えません``."""
    output = _validate("skill-id", "turn-01.yaml", tmp_path, monkeypatch)
    assert "「矢避けの加護（yayoke）」は逃走判定には使えません" in output, output


def test_did_you_mean_shows_the_display_name_with_its_id(tmp_path: Path, monkeypatch) -> None:
    output = _validate("typo-key", "match.yaml", tmp_path, monkeypatch)
    assert "キャラクター「魔剣」はいません（もしかして：魔犬（maken））" in output, output


def test_import_names_the_skill_in_what_it_refuses(tmp_path: Path, monkeypatch) -> None:
    """Reproducer kagemiya-import-accepts-invalid: import checks what it would write, by display name."""
    shutil.copytree(HERE / "skill-id", tmp_path / "m")
    monkeypatch.chdir(tmp_path / "m")
    Path("match.yaml").write_text(Path("match.yaml").read_text(encoding="utf-8").replace(
        "turns: [turn-01.yaml]", "turns: []"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["import", "kagemiya", "post.txt", "--match", "match.yaml", "--turn", "1",
                                      "-o", "turn-02.yaml"])
    assert result.exit_code == 1
    assert "post.txt:2: 「矢避けの加護（yayoke）」は逃走判定には使えません" in result.output, result.output
