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
    """The dh example resolved with markup for its title, sides, characters and abilities."""
    shutil.copytree(ROOT / "examples" / "dh", folder, dirs_exist_ok=True)
    match_path = folder / "match.yaml"
    match = yaml.safe_load(match_path.read_text(encoding="utf-8"))
    match["title"] = EVIL[0]
    for n, side in enumerate(match["setup"]["sides"].values()):
        side["name"] = f"{EVIL[n % 2]}{n}"
    for n, char in enumerate(match["setup"]["characters"].values()):
        char["name"] = f"{EVIL[n % 2]}{n}"
        if "ability" in char:
            char["ability"]["name"] = f"{EVIL[(n + 1) % 2]}a{n}"
    match_path.write_text(yaml.safe_dump(match, allow_unicode=True), encoding="utf-8")
    log_path = folder / "log.json"
    log_path.write_text(api.dumps(api.resolve(api.load(match_path))), encoding="utf-8")
    return log_path
