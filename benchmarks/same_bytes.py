"""Proof that a speed change changes no output: the same inputs resolved by two checkouts, each in
its own process, give the same bytes (docs/performance.md, "A speed change proven to change
nothing").

    python benchmarks/same_bytes.py draw DRAWN.json [N]    # N matches (400) from each property generator
    python benchmarks/same_bytes.py hash DRAWN.json OUT    # with each checkout's python, from its root
    python benchmarks/same_bytes.py compare OUT1 OUT2

``draw`` runs the property generators of tests/ (dh, count, logos, kagemiya) under a fixed
hypothesis seed and writes the match texts, so both checkouts resolve the very same texts.
``hash`` writes one line per entry: its name and the SHA-256 of what it gave. An entry is the
log's bytes (`api.dumps`), both reports (Japanese GK view, English player view) and the lean
figures (`api.outcome`) of: every example under seeds 1-40; the benchmark's dh battles
(benchmarks/matches.py) under seeds 1-3; every scenario; each log of the replay corpus (its
replay verdict and its input resolved again); each golden log's input resolved again; the 400
rounds of benchmarks/logos_reference.py; and every drawn match. A match refused is hashed as its
messages. ``draw`` also writes cases of tools/fuzz.py (a broken file run through ``validate``,
``resolve`` or ``replay``) into the folder DRAWN.fuzz beside DRAWN.json; ``hash`` runs each and
hashes its whole output and the log it wrote. Run ``hash`` with PYTHONHASHSEED=0 so that both
checkouts meet the same hash order wherever dhproc's output would depend on it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path.cwd()
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
SEEDS = range(1, 41)
BATTLES = [(4, 6), (10, 6), (10, 10), (40, 6), (100, 6), (10, 200)]
FUZZ_CASES = int(os.environ.get("SAME_BYTES_FUZZ", "600"))


def draw(out: str, per_generator: str = "400") -> None:
    from hypothesis import HealthCheck, Phase, given, seed, settings

    from tests.rulesets.count.test_count_properties import count_matches
    from tests.rulesets.kagemiya.test_kagemiya_properties import kagemiya_matches
    from tests.rulesets.logos.test_logos_properties import logos_matches
    from tests.test_properties import dh_matches

    texts: list[str] = []
    for strategy in (dh_matches(), count_matches(), logos_matches(), kagemiya_matches()):
        @seed(20261202)
        @settings(max_examples=int(per_generator), derandomize=True, database=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck), deadline=None)
        @given(value=strategy)
        def collect(value) -> None:
            texts.append(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))

        collect()
    Path(out).write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
    _write_fuzz_cases(Path(out).with_suffix(".fuzz"))
    print(f"{len(texts)} matches drawn, {FUZZ_CASES} fuzz cases")


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
        folder.mkdir(parents=True, exist_ok=True)
        for name, content in {**chosen.files, target: data}.items():
            (folder / name).write_bytes(content)
        (folder / "case.json").write_text(json.dumps({"command": command, "target": target}), encoding="utf-8")


def _digest(value: object) -> str:
    return hashlib.sha256(str(value).encode("utf-8", "surrogatepass")).hexdigest()


def _match_entries(name: str, load, seeds=(None,)) -> list[tuple[str, str]]:
    """The log, both reports and the figures of one match under each seed, or its messages."""
    from dhproc import api
    from dhproc.errors import InputError, ResolutionError

    out = []
    try:
        match = load()
    except (InputError, ResolutionError) as exc:
        return [(name, _digest(exc))]
    for s in seeds:
        key = name if s is None else f"{name}@{s}"
        try:
            log = api.resolve(match, seed=s)
            got = [api.dumps(log), api.render(log), api.render(log, lang="en", view="player"),
                   repr(api.outcome(match, seed=s))]
        except (InputError, ResolutionError) as exc:
            got = [exc]
        out.append((key, _digest("\0".join(map(str, got)))))
    return out


def hash_all(drawn: str, out: str) -> None:
    from matches import dh_battle

    from dhproc import api
    from dhproc.documents.loading import load_file

    entries: list[tuple[str, str]] = []
    for path in sorted(ROOT.glob("examples/**/match.yaml")):
        entries += _match_entries(str(path.relative_to(ROOT)), lambda p=path: api.load(p), SEEDS)
    for n, turns in BATTLES:
        entries += _match_entries(f"battle {n}x{turns}", lambda: api.loads(dh_battle(n, turns), name="b.yaml"),
                                  (1, 2, 3))
    for path in sorted(ROOT.glob("tests/scenarios/*/*.yaml")):
        entries += _match_entries(str(path.relative_to(ROOT)), lambda p=path: api.load_inline(load_file(p), ("match",)))
    for path in sorted(ROOT.glob("tests/replays/*/*/log.json")) + sorted(ROOT.glob("tests/golden/*.json")):
        name = str(path.relative_to(ROOT))
        if "replays" in name:
            entries.append((f"{name} replay", _digest(api.replay(path))))
        entries += _match_entries(name, lambda p=path: api.match_from_log(api.load_log(p)[0]))
    from logos_reference import round_yaml

    for s in range(400):
        entries += _match_entries(f"round {s}", lambda s=s: api.loads(round_yaml(s), name=f"round-{s}.yaml"))
    for i, text in enumerate(json.loads(Path(drawn).read_text(encoding="utf-8"))):
        entries += _match_entries(f"drawn {i}", lambda t=text: api.loads(t, name="m.yaml"))
    if Path(drawn).with_suffix(".fuzz").is_dir():
        entries += _fuzz_entries(Path(drawn).with_suffix(".fuzz"))
    Path(out).write_text("".join(f"{k} {v}\n" for k, v in entries), encoding="utf-8")
    print(f"{len(entries)} entries hashed")


def _fuzz_entries(cases: Path) -> list[tuple[str, str]]:
    import tempfile

    from click.testing import CliRunner

    from dhproc.cli import cli

    entries: list[tuple[str, str]] = []
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
            entries.append((f"fuzz {folder.name}", _digest("\0".join([str(result.exit_code), result.output, written, escaped]))))
    return entries


def compare(a: str, b: str) -> None:
    left, right = (Path(p).read_text(encoding="utf-8").splitlines() for p in (a, b))
    differ = [x for x, y in zip(left, right) if x != y]
    print(f"{len(left)} and {len(right)} entries, {len(differ)} differ")
    for line in differ[:20]:
        print("  ", line.split(" ")[0])
    sys.exit(1 if differ or len(left) != len(right) else 0)


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    {"draw": draw, "hash": hash_all, "compare": compare}[command](*args)
