"""`make bench`: what a GK and a CI job feel, measured, never asserted.

- cold start: wall time of whole `dhproc` processes (median of repeated runs);
- batch: matches resolved per second in one process, and replays per second;
- per-turn cost of a long synthetic match;
- simulate: runs per second per core for each example, the speed-up of --jobs 2 over --jobs 1,
  and a Dask LocalCluster (2 workers × 1 thread, when dhproc[dask] is installed) against --jobs 2.
Figures depend on the machine; compare runs made on the same machine.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "dh" / "match.yaml"


def dhproc_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("dhproc")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "dhproc"]


def cold(args: list[str], runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(dhproc_cmd() + args, capture_output=True, check=False, cwd=ROOT)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def bare_python(runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def batch(n: int = 200) -> tuple[float, float]:
    from dhproc import api

    t0 = time.perf_counter()
    logs = [api.dumps(api.resolve(api.load(EXAMPLE))) for _ in range(n)]
    resolve_rate = n / (time.perf_counter() - t0)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "log.json"
        path.write_text(logs[0], encoding="utf-8")
        t0 = time.perf_counter()
        for _ in range(n):
            assert api.replay(path) is None
        replay_rate = n / (time.perf_counter() - t0)
    return resolve_rate, replay_rate


def long_match(turns: int = 200) -> tuple[float, int]:
    """Two sides shuffling across a 5×7 board for many turns: the cost per turn resolved."""
    from dhproc import api

    chars = "".join(
        f"    {s}{i}: {{name: {s}{i}, side: {s}, attack: 8, defense: 8, hp: 50, spirit: 5, fs: 5, at: {'ＡＢＣＤＥ'[i]}{col}}}\n"
        for s, col in (("r", "１"), ("b", "７")) for i in range(5))
    lines = []
    for t in range(1, turns + 1):
        r_to, b_to = ("２", "６") if t % 2 else ("１", "７")
        subs_r = ", ".join(f"{{who: r{i}, to: {'ＡＢＣＤＥ'[i]}{r_to}}}" for i in range(5))
        subs_b = ", ".join(f"{{who: b{i}, to: {'ＡＢＣＤＥ'[i]}{b_to}}}" for i in range(5))
        lines.append(f"  - {{turn: {t}, submissions: {{r: [{subs_r}], b: [{subs_b}]}}}}")
    text = ("dhproc: 1\nruleset: dh\nseed: 1\nsetup:\n  first: r\n  sides: {r: {name: 赤}, b: {name: 青}}\n"
            "  map: {rows: 5, cols: 7}\n  characters:\n" + chars.replace("    ", "    ") + "turns:\n" + "\n".join(lines) + "\n")
    t0 = time.perf_counter()
    log = api.resolve(api.loads(text, name="long.yaml"))
    elapsed = time.perf_counter() - t0
    return elapsed / turns * 1000, len(api.dumps(log))


def route_search() -> float:
    """dh's route search on a 26×99 map, the target walled in, movement 20 (the worst case of
    the old exhaustive search: over a minute)."""
    from dhproc.rulesets.dh.model import Board, Square
    from dhproc.rulesets.dh.movement import plan_move

    dest = Square(10, 50)
    board = Board(26, 99, frozenset(dest.neighbours()))
    t0 = time.perf_counter()
    plan_move(board, Square(10, 40), dest, 20, lambda sq: False)
    return (time.perf_counter() - t0) * 1000


SIM_EXAMPLES = ["dh", "dh/abilities", "logos", "count", "nicosw", "kagemiya"]


def simulated(path: Path, runs: int, **how) -> float:
    """Seconds for ``runs`` simulated runs of ``path``."""
    from dhproc import api

    match = api.load(path)
    t0 = time.perf_counter()
    api.simulate(match, runs=runs, seed=1, **how)
    return time.perf_counter() - t0


def simulate_figures(runs: int = 400) -> None:
    for name in SIM_EXAMPLES:
        path = ROOT / "examples" / name / "match.yaml"
        print(f"  simulate {name:<14} (1 core)     {runs / simulated(path, runs):7.0f} runs/s")
    one = simulated(EXAMPLE, 2000, jobs=1)
    two = simulated(EXAMPLE, 2000, jobs=2)
    print(f"  simulate dh 2000 runs: --jobs 1 {one:.1f} s, --jobs 2 {two:.1f} s: {one / two:.2f}× speed-up")
    try:
        import distributed
    except ImportError:
        print("  simulate on Dask: dhproc[dask] not installed")
        return
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        dask = simulated(EXAMPLE, 2000, scheduler=cluster.scheduler_address)
    print(f"  simulate dh 2000 runs on a Dask LocalCluster (2 × 1): {dask:.1f} s, {dask / two:.2f}× the time of --jobs 2")


def main() -> None:
    print(f"dhproc benchmark — Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print(f"  bare python -c pass            {bare_python():7.1f} ms")
    print(f"  dhproc --help                  {cold(['--help']):7.1f} ms")
    print(f"  dhproc roll 1D100<=65          {cold(['roll', '1D100<=65', '--seed', '1']):7.1f} ms")
    print(f"  dhproc resolve example (3 turns){cold(['resolve', str(EXAMPLE)]):7.1f} ms")
    abilities = ROOT / "examples" / "dh" / "abilities" / "match.yaml"
    logos = ROOT / "examples" / "logos" / "match.yaml"
    print(f"  dhproc resolve dh abilities     {cold(['resolve', str(abilities)]):7.1f} ms")
    print(f"  dhproc resolve logos round      {cold(['resolve', str(logos)]):7.1f} ms")
    with tempfile.TemporaryDirectory() as d:
        log = Path(d) / "log.json"
        subprocess.run(dhproc_cmd() + ["resolve", str(EXAMPLE), "--json", str(log)], capture_output=True, check=True)
        print(f"  dhproc replay example          {cold(['replay', str(log)]):7.1f} ms")
    resolve_rate, replay_rate = batch()
    print(f"  batch resolve (one process)    {resolve_rate:7.0f} matches/s")
    print(f"  batch replay (one process)     {replay_rate:7.0f} logs/s")
    print(f"  dh route search, 26×99 walled target, movement 20: {route_search():.1f} ms")
    per_turn, size = long_match()
    print(f"  long match, 200 turns × 10 characters: {per_turn:.2f} ms/turn, log {size / 1024:.0f} KiB")
    simulate_figures()


if __name__ == "__main__":
    main()
