"""Logs for the picture and page tests: the golden logs of the examples, and a dh match whose
every name a page shows is markup (a log is other people's text)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

from dhproc import api

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
RULESETS = ("dh", "count", "nicosw", "kagemiya", "logos")
EVIL = ("</script><script>alert(1)</script>", "<img src=x onerror=alert(1)>")


def golden(ruleset: str) -> dict:
    return json.loads((GOLDEN / f"{ruleset}.json").read_text(encoding="utf-8"))


def evil_log(folder: Path) -> Path:
    """The dh abilities example (fields, counters, a summon: every kind of text a dh page shows)
    resolved with markup for every text of the input that reaches a page: the title, the seed,
    the sides, the characters and their abilities (so the field on the map is named in markup)."""
    shutil.copytree(ROOT / "examples" / "dh" / "abilities", folder, dirs_exist_ok=True)
    match_path = folder / "match.yaml"
    match = yaml.safe_load(match_path.read_text(encoding="utf-8"))
    match["title"] = EVIL[0]
    match["seed"] = EVIL[1]
    for n, side in enumerate(match["setup"]["sides"].values()):
        side["name"] = f"{EVIL[n % 2]}s{n}"
    for n, char in enumerate(match["setup"]["characters"].values()):
        char["name"] = f"{EVIL[n % 2]}c{n}"
        if "ability" in char:
            char["ability"]["name"] = f"{EVIL[(n + 1) % 2]}a{n}"
    match_path.write_text(yaml.safe_dump(match, allow_unicode=True), encoding="utf-8")
    log_path = folder / "log.json"
    log_path.write_text(api.dumps(api.resolve(api.load(match_path))), encoding="utf-8")
    return log_path


def evil_texts(log_path: Path) -> list[str]:
    """Every markup text :func:`evil_log` put in the input: what a page must show as text."""
    setup = json.loads(log_path.read_text(encoding="utf-8"))["input"]["match"]
    found = [setup["title"], setup["seed"]]
    found += [s["name"] for s in setup["setup"]["sides"].values()]
    for c in setup["setup"]["characters"].values():
        found += [c["name"]] + ([c["ability"]["name"]] if "ability" in c else [])
    return found


MARKED_KEYS = ("title", "name", "note")


def marked_log(ruleset: str, folder: Path) -> tuple[Path, list[str]]:
    """An example of ``ruleset`` with markup for every title, name and note of its match and turn
    files (sides, characters, skills, weapons, parts, free actions' words), resolved; the log and
    the markup texts it holds. A name written again where it is referred to (a logos or count
    skill chosen by name) becomes the same markup there."""
    from dhproc.documents.loading import load_file

    shutil.copytree(ROOT / "examples" / ruleset, folder, dirs_exist_ok=True)
    files = {path: load_file(path).data for path in sorted(folder.glob("*.yaml"))}
    markup: dict[str, str] = {}

    def collect(value: object) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k in MARKED_KEYS and isinstance(v, str) and v not in markup:
                    markup[v] = f"{EVIL[len(markup) % 2]}m{len(markup)}"
                collect(v)
        elif isinstance(value, list):
            for v in value:
                collect(v)

    def mark(value: object) -> object:
        if isinstance(value, dict):
            return {k: mark(v) for k, v in value.items()}
        if isinstance(value, list):
            return [mark(v) for v in value]
        return markup.get(value, value) if isinstance(value, str) else value

    for data in files.values():
        collect(data)
    for path, data in files.items():
        path.write_text(yaml.safe_dump(mark(data), allow_unicode=True, sort_keys=False), encoding="utf-8")
    log_path = folder / "log.json"
    log_path.write_text(api.dumps(api.resolve(api.load(folder / "match.yaml"))), encoding="utf-8")
    return log_path, list(markup.values())
