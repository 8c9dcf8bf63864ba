"""Proof that a speed change changes no output: the same inputs through two checkouts, compared.

    python benchmarks/same_bytes.py inputs DIR      # once, with either checkout: the drawn inputs
    OTHER/.venv/bin/python benchmarks/same_bytes.py hashes DIR > other.txt
    .venv/bin/python benchmarks/same_bytes.py hashes DIR > this.txt
    diff other.txt this.txt                          # one line per entry: its name and sha256

`hashes` imports the dhproc installed for the python that runs it (the checkout's own tree is put
last on the path, for the test generators only). An entry hashes, for one input and seed, the
log's JSON text (`api.dumps`), the Japanese GK report and the English player report
(`api.render`) and the figures of the lean run (`api.outcome`); an input dhproc refuses hashes
its messages, `file:line:col: message` each. The inputs: every example under seeds 1-40, the 400
rounds of benchmarks/logos_reference.py, matches drawn by the logos and dh property generators
under a fixed hypothesis seed, and cases of tools/fuzz.py (a broken file run through
`validate`, `resolve` or `replay`, its whole output hashed).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GENERATED = 300  # matches drawn by each property generator
FUZZ_CASES = 600


def write_inputs(out: Path) -> None:
    """The drawn inputs as files: generated matches as their text, fuzz cases as folders."""
    sys.path.insert(0, str(ROOT))  # the tests' generators and tools/fuzz.py
    from hypothesis import HealthCheck, Phase, given, seed, settings

    from tests.rulesets.logos.test_logos_properties import logos_matches
    from tests.test_properties import dh_matches

    out.mkdir(parents=True, exist_ok=True)
    for name, strategy, as_text in (("logos", logos_matches(), lambda m: json.dumps(m, ensure_ascii=False)),
                                    ("dh", dh_matches(), lambda text: text)):
        drawn: list[str] = []

        @seed(20261202)
        @settings(max_examples=GENERATED, database=None, phases=[Phase.generate], deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def collect(value) -> None:
            drawn.append(as_text(value))

        collect()
        (out / f"generated-{name}.json").write_text(json.dumps(drawn, ensure_ascii=False), encoding="utf-8")
    _write_fuzz_cases(out / "fuzz")


def _write_fuzz_cases(out: Path) -> None:
    import random

    from tools import fuzz

    rng = random.Random(1)
    pool = fuzz.seeds()
    for n in range(FUZZ_CASES):  # drawn as tools/fuzz.py draws its cases
        chosen = rng.choice(pool)
        target = rng.choice(sorted(chosen.files))
        command = "replay" if target == "log.json" else rng.choice(["validate", "resolve"])
        data = chosen.files[target]
        for op in [rng.choice(sorted(fuzz.OPERATORS)) for _ in range(rng.choice([1, 1, 2, 3]))]:
            data = fuzz.OPERATORS[op](rng, data) if data else data
        folder = out / f"case{n:04}"
        folder.mkdir(parents=True)
        for name, content in {**chosen.files, target: data}.items():
            (folder / name).write_bytes(content)
        (folder / "case.json").write_text(json.dumps({"command": command, "target": target}), encoding="utf-8")


def _digest(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _runs(api, match, seeds) -> str:
    """The log, both reports and the figures of each seed's run, or the message it stops with."""
    from dhproc.errors import DhprocError

    parts = []
    for s in seeds:
        try:
            log = api.resolve(match, seed=s)
            parts += [api.dumps(log), api.render(log, lang="ja", view="gk"), api.render(log, lang="en", view="player")]
        except DhprocError as exc:
            parts.append(f"error {exc}")
        try:
            parts.append(repr(api.outcome(match, seed=s)))
        except DhprocError as exc:
            parts.append(f"error {exc}")
    return _digest(*parts)


def _loaded(api, load):
    from dhproc.errors import InputError

    try:
        return load(), None
    except InputError as exc:
        return None, "\n".join(str(p) for p in exc.problems)


def hashes(inputs: Path) -> None:
    sys.path.append(str(ROOT / "benchmarks"))
    from dhproc import api
    from logos_reference import round_yaml

    for path in sorted((ROOT / "examples").rglob("match.yaml")):
        match = api.load(path)
        print(path.relative_to(ROOT), _runs(api, match, range(1, 41)))
    for s in range(400):
        print(f"round {s}", _runs(api, api.loads(round_yaml(s), name=f"round-{s}.yaml"), [None]))
    for name in ("logos", "dh"):
        for i, text in enumerate(json.loads((inputs / f"generated-{name}.json").read_text(encoding="utf-8"))):
            match, refused = _loaded(api, lambda: api.loads(text, name="m.yaml"))
            print(f"generated {name} {i}", _digest(refused) if refused is not None else _runs(api, match, [None, 1, 2]))
    _fuzz_hashes(inputs / "fuzz")


def _fuzz_hashes(cases: Path) -> None:
    import tempfile

    from click.testing import CliRunner

    from dhproc.cli import cli

    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        for folder in sorted(cases.iterdir()):
            case = json.loads((folder / "case.json").read_text(encoding="utf-8"))
            work = Path(tmp) / folder.name
            shutil.copytree(folder, work)
            os.chdir(work)  # the messages name the files as typed: the same in both runs
            try:
                args = [case["command"], case["target"]] + (["--json", "out.json"] if case["command"] == "resolve" else [])
                result = CliRunner().invoke(cli, args)
                written = Path("out.json").read_text(encoding="utf-8") if Path("out.json").exists() else ""
            finally:
                os.chdir(here)
            escaped = "" if result.exception is None or isinstance(result.exception, SystemExit) else repr(result.exception)
            print(f"fuzz {folder.name}", _digest(str(result.exit_code), result.output, written, escaped))


if __name__ == "__main__":
    command, folder = sys.argv[1], Path(sys.argv[2])
    write_inputs(folder) if command == "inputs" else hashes(folder)
