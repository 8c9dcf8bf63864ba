"""Proof that a change to ``dhproc replay`` changes no verdict: the same logs replayed by two
checkouts' installed ``dhproc`` give the same stdout, stderr and exit code, run by run
(docs/performance.md, "Replaying a batch").

    python benchmarks/replay_verdicts.py draw FOLDER         # the logs, once, with either checkout
    python benchmarks/replay_verdicts.py run FOLDER OUT      # with each checkout's python, from its root
    python benchmarks/replay_verdicts.py compare OUT1 OUT2

``draw`` copies the replay corpus (tests/replays) and writes the benchmark's 1,000 logs
(bench.py ``replay_batch``), the log of every example under seeds 1-5, and edited or broken
copies of a benchmark log (a byte changed, half a file, another generator, a bad seed, an edited
setup, event or state, a re-saved file, ...). ``run`` replays the corpus, those logs and the
edited ones alone, together, between good logs and with ``--other-version``, in Japanese and
English, and writes what each run gave and any file written.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path.cwd()


def draw(folder: str) -> None:
    from dhproc import api

    out = Path(folder)
    for part in ("logs", "other", "edited"):
        (out / part).mkdir(parents=True, exist_ok=True)
    for log in (ROOT / "tests" / "replays").rglob("*.json"):  # copied, so both checkouts name it alike
        copy = out / "corpus" / log.relative_to(ROOT / "tests" / "replays")
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(log.read_bytes())
    base = api.load(ROOT / "examples" / "dh" / "abilities" / "match.yaml")
    for seed in range(1, 1001):
        (out / "logs" / f"log-{seed:04}.json").write_text(api.dumps(api.resolve(base, seed=seed)), encoding="utf-8")
    for example in sorted((ROOT / "examples").rglob("match.yaml")):
        match = api.load(example)
        name = "-".join(example.parent.relative_to(ROOT / "examples").parts)
        for seed in range(1, 6):
            (out / "other" / f"{name}-{seed}.json").write_text(api.dumps(api.resolve(match, seed=seed)), encoding="utf-8")
    _write_edited(out / "edited", (out / "logs" / "log-0001.json").read_bytes())


def _write_edited(out: Path, raw: bytes) -> None:
    def write(name: str, data: bytes) -> None:
        (out / name).write_bytes(data)

    def edit(name: str, change) -> None:
        log = json.loads(raw)
        change(log)
        write(name, (json.dumps(log, ensure_ascii=False, indent=2) + "\n").encode())

    def first_character(log: dict) -> dict:
        return next(iter(log["input"]["match"]["setup"]["characters"].values()))

    at = raw.find(b'"hp": ') + 6
    write("byte-changed.json", raw[:at] + bytes([raw[at] ^ 1]) + raw[at + 1:])
    write("truncated.json", raw[:len(raw) // 2])
    write("empty.json", b"")
    write("crlf.json", raw.replace(b"\n", b"\r\n"))
    write("bom.json", b"\xef\xbb\xbf" + raw)
    write("minified.json", json.dumps(json.loads(raw), ensure_ascii=False).encode())
    write("no-final-newline.json", raw[:-1])
    write("not-json.json", b"hello: [")
    write("long-digits.json", raw.replace(b'"seed": 1,', b'"seed": ' + b"1" * 46 + b",", 1))
    write("dup-key.json", raw.replace(b'{\n  "format"', b'{\n  "seed": 1,\n  "format"', 1))
    write("list.json", b"[1, 2]\n")
    write("log.txt", raw)
    edit("wrong-version.json", lambda d: d.update(generator="dhproc 0.0.1"))
    edit("wrong-format.json", lambda d: d.update(format="other"))
    edit("seed-text.json", lambda d: d["input"]["match"].update(seed="x"))
    edit("seed-other.json", lambda d: d["input"]["match"].update(seed=12345))
    edit("seed-float.json", lambda d: d["input"]["match"].update(seed=1.0))
    edit("event-changed.json", lambda d: d["turns"][0]["events"][3].update(seq=99))
    edit("event-dropped.json", lambda d: d["turns"][0]["events"].pop())
    edit("seq-float.json", lambda d: d["turns"][0]["events"][0].update(seq=1.0))
    edit("state-changed.json", lambda d: d["state"].update(x=1))
    edit("outcome-changed.json", lambda d: d.update(outcome="nope"))
    edit("title-changed.json", lambda d: d.update(title="別"))
    edit("top-unknown-key.json", lambda d: d.update(zzz=1))
    edit("setup-hp-raised.json", lambda d: first_character(d).update(hp=999))
    edit("setup-hp-text.json", lambda d: first_character(d).update(hp="x"))
    edit("setup-hp-float.json", lambda d: first_character(d).update(hp=6.0))
    edit("setup-unknown-key.json", lambda d: d["input"]["match"]["setup"].update(zzz=1))
    edit("turn-dice.json", lambda d: d["input"]["turns"][0].update(dice=[1] * len(d["input"]["turns"][0]["dice"])))
    edit("turn-number-text.json", lambda d: d["input"]["turns"][0].update(turn="1"))
    edit("no-turns.json", lambda d: d["input"].update(turns=[]))


def _runs(folder: Path) -> list[list[str]]:
    def names(part: str) -> list[str]:  # as the folder names them: the messages name them so
        return sorted(str(p.relative_to(folder)) for p in (folder / part).rglob("*") if p.is_file())

    corpus, bench, other, edited = (names(part) for part in ("corpus", "logs", "other", "edited"))
    runs = []
    for lang in ("ja", "en"):
        mixed = [name for i, e in enumerate(edited) for name in (bench[i], e, bench[i + 1])]
        for files in (corpus, other, edited, mixed, bench[:200] + other + bench[200:250]):
            runs.append(["--lang", lang, *files])
        for files in (corpus, edited):
            runs.append(["--lang", lang, "--other-version", *files])
        runs += [["--lang", lang, name] for name in edited + corpus[::4] + other[::3]]
    runs += [["--lang", "ja", *bench], ["--lang", "en", *bench[500:]], ["--lang", "ja", "--other-version", *bench[:300]]]
    return runs


def run(folder: str, out: str) -> None:
    where = Path(folder)
    before = sorted(os.listdir(where))
    results = []
    for args in _runs(where):
        done = subprocess.run([sys.executable, "-m", "dhproc", "replay", *args], capture_output=True, cwd=where)
        results.append({"args": args[:3] + [f"({len(args)} in all)"], "exit": done.returncode,
                        "stdout": done.stdout.decode("utf-8", "replace"), "stderr": done.stderr.decode("utf-8", "replace")})
    results.append({"files written": sorted(set(os.listdir(where)) - set(before))})
    Path(out).write_text(json.dumps(results, ensure_ascii=False), encoding="utf-8")
    print(f"{len(results) - 1} runs, {sum(r.get('exit', 0) != 0 for r in results)} failing")


def compare(first: str, second: str) -> None:
    a, b = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (first, second))
    different = [x["args"] if "args" in x else x for x, y in zip(a, b) if x != y]
    if len(a) != len(b) or different:
        print(f"{len(different)} different (of {len(a) - 1} runs): {different[:5]}")
        sys.exit(1)
    print(f"{len(a) - 1} runs compared, none different")


if __name__ == "__main__":
    {"draw": draw, "run": run, "compare": compare}[sys.argv[1]](*sys.argv[2:])
