"""Rebuild the replay corpus: recorded matches (inputs and the logs dhproc wrote for them).

    python tests/replays/build.py            # writes tests/replays/<ruleset>/<name>/

Run it only when a change to a ruleset is meant to change results; then read every changed log
against the rules before committing it, as for any golden file. Each entry is a folder with its
inputs (match.yaml, and turn files when the match lists them) and ``log.json``.

Sources: the examples, matches taken from the golden scenarios (one per clause group), and the
examples again under other seeds (seeded dice give other hits, deaths and outcomes).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from dhproc import api  # noqa: E402

HERE = Path(__file__).resolve().parent

DH_SCENARIOS = [
    "movement-basics", "zoc-cancel", "zoc-stop-at-blocker", "written-path", "ranges-and-walls",
    "seed-example-hit", "counter-order", "summon-two-phases", "dying", "revive", "field-rerolls",
    "extra-action", "withdraw-and-return", "wipeout-phase-end", "dp-tie", "secret-revealed",
    "transfer-phase-attack-and-dp", "transfer-arrives-mid-match",
]
# logos and the rulesets added later: every scenario that resolves (those that expect an input error
# are skipped), so each clause group the scenarios cover — the logos skill kinds among them — has a
# recorded match too.
MORE_RULESETS = ("count", "nicosw", "kagemiya")
SEEDS = [1, 2, 3, 7, 42, 2026]


def _entry(ruleset: str, name: str) -> Path:
    folder = HERE / ruleset / name
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    return folder


def _log(folder: Path) -> None:
    log = api.resolve(api.load(folder / "match.yaml"))
    (folder / "log.json").write_bytes(api.dumps(log).encode("utf-8"))


def _dump(data: dict) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120)


def from_example(ruleset: str, name: str, source: Path, seed: int | None = None) -> None:
    folder = _entry(ruleset, name)
    for f in sorted(source.glob("*.yaml")):
        text = f.read_text(encoding="utf-8")
        if seed is not None and f.name == "match.yaml":
            lines = [f"seed: {seed}" if line.startswith("seed:") else line for line in text.splitlines()]
            text = "\n".join(lines) + "\n"
        (folder / f.name).write_text(text, encoding="utf-8")
    _log(folder)


def from_scenario(ruleset: str, name: str) -> None:
    scenario = yaml.safe_load((ROOT / "tests" / "scenarios" / ruleset / f"{name}.yaml").read_text(encoding="utf-8"))
    folder = _entry(ruleset, name)
    (folder / "match.yaml").write_text(_dump(scenario["match"]), encoding="utf-8")
    _log(folder)


def from_every_scenario(ruleset: str) -> None:
    for path in sorted((ROOT / "tests" / "scenarios" / ruleset).glob("*.yaml")):
        scenario = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "error" in scenario.get("expect", {}):
            continue
        from_scenario(ruleset, path.stem)


def main() -> None:
    for ruleset in ("dh", "logos", *MORE_RULESETS):
        if (HERE / ruleset).exists():
            shutil.rmtree(HERE / ruleset)
    from_example("dh", "example", ROOT / "examples" / "dh")
    from_example("dh", "abilities", ROOT / "examples" / "dh" / "abilities")
    for seed in SEEDS[:3]:
        from_example("dh", f"example-seed-{seed}", ROOT / "examples" / "dh", seed)
    for name in DH_SCENARIOS:
        from_scenario("dh", name)
    from_example("logos", "example", ROOT / "examples" / "logos")
    for seed in SEEDS:
        from_example("logos", f"example-seed-{seed}", ROOT / "examples" / "logos", seed)
    from_every_scenario("logos")
    for ruleset in MORE_RULESETS:
        from_example(ruleset, "example", ROOT / "examples" / ruleset)
        for seed in SEEDS[:3]:
            from_example(ruleset, f"example-seed-{seed}", ROOT / "examples" / ruleset, seed)
        from_every_scenario(ruleset)


if __name__ == "__main__":
    main()
