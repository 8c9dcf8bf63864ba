"""A ruleset from a package of its own (tests/plugins/duel, with its own pyproject.toml) is found
through the ``dhproc.rulesets`` entry point and works with every command that takes a ruleset.

The package is installed as a distribution is: a ``.dist-info`` folder on the path holding the
entry points its pyproject.toml declares, beside the package itself (what pip would leave in
site-packages, without building a wheel or a venv)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "tests" / "plugins" / "duel"


def declared_entry_points(pyproject: Path) -> str:
    """The ``[project.entry-points.*]`` tables of a pyproject.toml as an entry_points.txt."""
    declared = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["entry-points"]
    return "".join(f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in points.items())
                   for group, points in declared.items())


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, str]:
    """The environment of a process in which dhproc-duel is installed."""
    site = tmp_path_factory.mktemp("site")
    dist = site / "dhproc_duel-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: dhproc-duel\nVersion: 0.1.0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text(declared_entry_points(DUEL / "pyproject.toml"), encoding="utf-8")
    path = os.pathsep.join([str(site), str(DUEL), str(ROOT)])
    return {**os.environ, "PYTHONPATH": path, "DHPROC_LANG": "en", "COLUMNS": "200"}


def dhproc(env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dhproc", *args], env=env, cwd=cwd, capture_output=True,
                          text=True, encoding="utf-8")


def match_file(tmp_path: Path, changes: dict[str, str] | None = None) -> Path:
    """The fixture's example match, with each text of ``changes`` replaced (it must be there)."""
    text = (DUEL / "example" / "match.yaml").read_text(encoding="utf-8")
    for old, new in (changes or {}).items():
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "match.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_entry_points_read_are_those_the_fixture_declares() -> None:
    assert declared_entry_points(DUEL / "pyproject.toml") == "[dhproc.rulesets]\nduel = dhproc_duel:RULESET\n"


def test_a_plugin_ruleset_is_listed_after_the_built_ins(installed, tmp_path) -> None:
    r = dhproc(installed, "rulesets", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    ids = [line.split("|")[1].strip() for line in r.stdout.splitlines() if line.startswith("| ")][1:]
    assert ids == ["dh", "logos", "count", "nicosw", "kagemiya", "duel"]
    assert "サイコロ決闘" in r.stdout


def test_a_plugin_rulesets_schemas_are_shown_and_listed(installed, tmp_path) -> None:
    r = dhproc(installed, "schema", "duel.setup", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout == (DUEL / "dhproc_duel" / "schemas" / "duel.setup.schema.json").read_text(encoding="utf-8")
    listed = dhproc(installed, "schema", "nosuch", cwd=tmp_path)
    assert listed.returncode == 2 and "duel.submissions" in listed.stderr and "dh.setup" in listed.stderr


def test_a_plugin_ruleset_validates_with_located_problems(installed, tmp_path) -> None:
    good = dhproc(installed, "validate", str(match_file(tmp_path)), cwd=tmp_path)
    assert good.returncode == 0, good.stderr
    assert good.stdout.endswith("match.yaml: ok\n")
    bad = dhproc(installed, "validate", str(match_file(tmp_path, {"hp: 4": "hp: 0", "ren: guard": "nobody: guard"})),
                 cwd=tmp_path)
    assert bad.returncode == 1
    assert bad.stderr.endswith("match.yaml:8:25: 'hp' must be at least 1, not 0 (at /setup/fighters/ren/hp)\n")
    stranger = dhproc(installed, "validate", str(match_file(tmp_path, {"ren: guard": "nobody: guard"})), cwd=tmp_path)
    assert stranger.returncode == 1
    assert stranger.stderr.endswith("match.yaml:11:32: 'nobody' is not a fighter (at /turns/0/submissions/nobody)\n")


def test_duel_1_2_a_plugin_ruleset_resolves_its_recorded_dice_and_replays(installed, tmp_path) -> None:
    match = match_file(tmp_path)
    r = dhproc(installed, "resolve", str(match), "--all", "--json", str(tmp_path / "log.json"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    log = json.loads((tmp_path / "log.json").read_text(encoding="utf-8"))
    first = log["turns"][0]["events"]
    assert [(e["character"], e["face"], e["source"]) for e in first if e["kind"] == "roll"] == [
        ("kai", 5, "recorded"), ("ren", 2, "recorded")]
    assert [e for e in first if e["kind"] == "damage"] == [
        {"seq": 3, "kind": "damage", "character": "ren", "amount": 2, "hp": 2}]  # 5 − 2, less 1 for guard
    assert log["options"] == {"tie": "nobody"}
    assert r.stdout == ("━━ 河原の決闘 ━━\n\nRules: dice duel (duel 1)   seed: 7 (dhproc-rng/1)\n"
                        "Interpretation options: all defaults\n\n"
                        "■ Turn 1\n\nカイ rolls 5\nレン rolls 2\nレン takes 2 (HP 2 left)\n\n"
                        "■ Turn 2\n\nカイ rolls 4\nレン rolls 2\nレン takes 2 (HP 0 left)\nカイ wins\n")  # turn 2: seeded
    replayed = dhproc(installed, "replay", str(tmp_path / "log.json"), cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr


def test_a_plugin_rulesets_event_rates_are_simulated(installed, tmp_path) -> None:
    """``dhproc simulate`` reports the rates the plug-in names: every blow hurts or not, and the
    share counts the blows that did out of all of them."""
    match = match_file(tmp_path)
    r = dhproc(installed, "simulate", str(match), "--runs", "40", "--seed", "3", "--json", "-", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    hurt = json.loads(r.stdout)["plans"][0]["rates"]["hurt"]
    assert hurt["name"] == {"ja": "ダメージになった一撃（一撃のうち）", "en": "blows that hurt (of blows)"}
    assert 0 < hurt["share"]["count"] < hurt["share"]["of"], hurt


def test_duel_1_3_equal_rolls_hurt_both_under_the_option(installed, tmp_path) -> None:
    match = match_file(tmp_path, {"seed: 7": "seed: 7\noptions: {tie: both}", "[5, 2]": "[3, 3]"})
    r = dhproc(installed, "resolve", str(match), "--json", "-", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    events = json.loads(r.stdout)["turns"][0]["events"]
    assert [(e["character"], e["amount"]) for e in events if e["kind"] == "damage"] == [("kai", 1), ("ren", 1)]


def test_duel_1_4_the_fighter_left_standing_wins(installed, tmp_path) -> None:
    match = match_file(tmp_path, {"hp: 4": "hp: 3"})  # 3 − 2, then 1 − 2
    r = dhproc(installed, "resolve", str(match), "--json", "-", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["outcome"] == {"result": "win", "winner": "kai", "reason": "knocked_out"}


def test_duel_1_1_each_fighter_starts_with_the_hp_its_setup_gives(installed, tmp_path) -> None:
    match = match_file(tmp_path, {"hp: 4": "hp: 9"})
    r = dhproc(installed, "resolve", str(match), "--json", "-", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    damage = [e for e in json.loads(r.stdout)["turns"][0]["events"] if e["kind"] == "damage"]
    assert [(e["character"], e["hp"]) for e in damage] == [("ren", 7)]  # 9 − (5 − 2 − 1)


def _modules_after(code: str) -> list[str]:
    """The dhproc rulesets a process has imported once ``code`` ran, and importlib.metadata if it was."""
    probe = (f"import sys\ntry:\n    {code}\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m == 'importlib.metadata' or m.count('.') == 2 "
             "and m.startswith('dhproc.rulesets.')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1].replace("'", '"'))


def test_start_up_reads_no_entry_point_and_imports_no_ruleset() -> None:
    assert _modules_after("import dhproc.cli") == []


def test_a_command_imports_only_the_ruleset_it_uses() -> None:
    match = ROOT / "examples" / "count" / "match.yaml"
    assert _modules_after(f"from dhproc.cli import main; main(['validate', {str(match)!r}])") == [
        "dhproc.rulesets.count"]  # nor importlib.metadata: its imports cost more than reading the file
    # dh's own command is declared as dh's (the dhproc.commands entry points): dh alone is imported
    assert _modules_after("from dhproc.cli import main; main(['ability', 'tables'])") == [
        "dhproc.rulesets.dh"]


def test_the_command_list_names_the_rulesets_commands_without_importing_a_ruleset() -> None:
    assert _modules_after("from dhproc.cli import main; main(['--help'])") == []
    assert _modules_after("from dhproc.cli import main; main(['reslve'])") == []


GUIDE = ROOT / "docs" / "writing-a-ruleset.md"
# What the guide's code may be taken from: the plug-in, its tests, and dh's own commands.
GUIDE_SOURCES = [*sorted(p for p in DUEL.rglob("*") if p.is_file() and "__pycache__" not in p.parts),
                 Path(__file__), ROOT / "dhproc" / "rulesets" / "dh" / "commands.py", ROOT / "pyproject.toml"]


def guide_blocks() -> list[str]:
    """Each fenced code block of the guide, but for shell commands."""
    found = re.findall(r"^```(\w*)\n(.*?)^```$", GUIDE.read_text(encoding="utf-8"), re.M | re.S)
    return [body for lang, body in found if lang not in ("sh", "console")]


def test_the_guide_shows_the_plugins_own_code() -> None:
    sources = [p.read_text(encoding="utf-8") for p in GUIDE_SOURCES]
    blocks = guide_blocks()
    assert len(blocks) >= 10
    missing = [block for block in blocks if not any(block in text for text in sources)]
    assert not missing, "the guide shows code that is not the plug-in's:\n" + "\n".join(missing)


def test_every_clause_of_the_duel_is_named_by_a_test() -> None:
    clauses = re.findall(r"^\*\*(DUEL-\d+\.\d+)\*\*", (DUEL / "rules.md").read_text(encoding="utf-8"), re.M)
    named = {f"DUEL-{a}.{b}" for a, b in re.findall(r"^def test_duel_(\d+)_(\d+)_", Path(__file__).read_text(encoding="utf-8"),
                                                        re.M)}
    assert clauses == ["DUEL-1.1", "DUEL-1.2", "DUEL-1.3", "DUEL-1.4"]
    assert set(clauses) <= named
