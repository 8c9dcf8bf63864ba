"""The replay corpus: recorded matches of every ruleset, replayed in one batch.

tests/replays/<ruleset>/<name>/ holds a match's inputs and the log dhproc wrote for them
(tests/replays/build.py made them; each was read against the rules before it was committed).
A change that alters any byte of any of these logs fails here, at the first divergence.
`.ci/replay-all` runs the same corpus under every Python 3.10–3.13 present.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli
from dhproc.engine.ruleset import ruleset_ids
import pytest

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

CORPUS = Path(__file__).resolve().parent / "replays"
ENTRIES = sorted(p.parent for p in CORPUS.glob("*/*/log.json"))


def test_every_ruleset_has_ten_recorded_matches() -> None:
    for rid in ruleset_ids():
        assert len([e for e in ENTRIES if e.parent.name == rid]) >= 10, rid
    assert {e.parent.name for e in ENTRIES} <= set(ruleset_ids())


def test_the_corpus_replays_byte_for_byte_in_one_batch() -> None:
    logs = [str(e / "log.json") for e in ENTRIES]
    result = CliRunner().invoke(cli, ["replay", *logs])
    first = next((line for line in result.output.splitlines() if not line.endswith(": ok")), None)
    assert result.exit_code == 0, f"first divergence: {first}\n{result.output[-2000:]}"
    assert result.output.count(": ok\n") == len(logs)


def test_the_corpus_inputs_still_give_their_logs() -> None:
    for entry in ENTRIES:
        fresh = api.dumps(api.resolve(api.load(entry / "match.yaml"))).encode("utf-8")
        assert fresh == (entry / "log.json").read_bytes(), f"{entry.relative_to(CORPUS)}: the inputs now give another log"


def test_every_scenario_that_resolves_is_recorded_for_logos_and_the_later_rulesets() -> None:
    """tests/replays/build.py records each of them (dh keeps its own list); a scenario added without
    rebuilding the corpus is caught here."""
    import yaml

    scenarios = Path(__file__).resolve().parent / "scenarios"
    missing = []
    for rid in ("logos", "count", "nicosw", "kagemiya"):
        for path in sorted((scenarios / rid).glob("*.yaml")):
            if "error" not in (yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or {}):
                if not (CORPUS / rid / path.stem / "log.json").exists():
                    missing.append(f"{rid}/{path.stem}")
    assert not missing, f"not in the replay corpus (run tests/replays/build.py): {missing}"
