"""`make bench`: every speed budget of dhproc, measured and printed as pass or fail with its ratio.

Speed is never asserted in a test: the machine is shared, so every figure here is CPU time
(time.process_time in process, resource.getrusage of the children for whole processes), the
median of repeated runs, and each budget is a ratio to a floor measured in the same run.
docs/performance.md records this machine's output and how to reproduce each figure. Last, the
figures of `dhproc simulate` (runs/s per example, --jobs 2 against --jobs 1, a Dask LocalCluster
when dhproc[dask] is installed): wall time, since they measure parallel runs, beside the CPU time
of every process, which a loaded machine does not inflate (`python benchmarks/bench.py simulate`
prints these alone).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
EXAMPLES = sorted(ROOT.glob("examples/**/match.yaml"))
RUNS = int(os.environ.get("BENCH_RUNS", "9"))
EXAMPLE = ROOT / "examples" / "dh" / "match.yaml"
SIM_EXAMPLES = ["dh", "dh/abilities", "logos", "count", "nicosw", "kagemiya"]

from logos_reference import play, random_round, round_yaml  # noqa: E402
from matches import dh_battle  # noqa: E402

results: list[tuple[str, bool, str]] = []


def budget(name: str, ok: bool, figure: str) -> None:
    results.append((name, ok, figure))
    print(f"  [{'pass' if ok else 'FAIL'}] {name}: {figure}")


def dhproc_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("dhproc")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "dhproc"]


def child_cpu(cmd: list[str], runs: int = RUNS) -> float:
    """Median CPU time (user + system, ms) of a whole process."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, capture_output=True, check=False, cwd=ROOT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return statistics.median(times)


def cpu(fn, repeat: int = 5) -> float:
    """Median CPU seconds of ``fn()``."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return statistics.median(times)


def cold_start() -> None:
    print("cold start (CPU ms of a whole process, median of", RUNS, "runs)")
    bare = child_cpu([sys.executable, "-c", "pass"])
    floors = {"import click": child_cpu([sys.executable, "-c", "import click"]),
              "import yaml": child_cpu([sys.executable, "-c", "import yaml"]),
              # what a resolve cannot do without: the 6× budget's floor
              "import click, yaml": child_cpu([sys.executable, "-c", "import click, yaml"])}
    print(f"  floor: bare python {bare:.1f} ms; " + "; ".join(f"{k} {v:.1f} ms" for k, v in floors.items()))
    for args, limit in ((["--help"], 4), (["roll", "1D100", "--seed", "1"], 4)):
        ms = child_cpu(dhproc_cmd() + args)
        budget(f"dhproc {' '.join(args[:2])} ≤ {limit}× bare python", ms <= limit * bare,
               f"{ms:.1f} ms = {ms / bare:.1f}×")
    for example in EXAMPLES:
        ms = child_cpu(dhproc_cmd() + ["resolve", str(example)])
        budget(f"dhproc resolve {example.parent.relative_to(ROOT)} ≤ 6× bare python", ms <= 6 * bare,
               f"{ms:.1f} ms = {ms / bare:.1f}×")


def dh_growth() -> None:
    from dhproc import api

    print("dh per-event cost (one counter and one passive per four characters, every character attacking)")
    print(f"  {'a side':>6} {'turns':>6} {'events':>8} {'µs/event':>9} {'peak MiB':>9}")
    per_event = {}
    for per_side, turns in ((4, 6), (10, 6), (40, 6), (100, 6), (10, 10), (10, 200), (10, 1000)):
        match = api.loads(dh_battle(per_side, turns), name=f"dh-{per_side}x{turns}.yaml")
        log = api.resolve(match)
        events = sum(len(t["events"]) for t in log["turns"])
        # each timed sample resolves the match often enough to hold ~50,000 events: one
        # resolution of a small match is a few ms, which one collector pass can double
        times = -(-50_000 // events)
        seconds = cpu(lambda: _resolve_times(api, match, times), repeat=5 if turns < 1000 else 3) / times
        tracemalloc.start()
        api.resolve(match)
        peak = tracemalloc.get_traced_memory()[1] / 2 ** 20
        tracemalloc.stop()
        per_event[(per_side, turns)] = seconds / events * 1e6
        print(f"  {per_side:>6} {turns:>6} {events:>8} {per_event[(per_side, turns)]:>9.1f} {peak:>9.1f}")
        if turns == 1000:
            budget("a 1,000-turn dh match under 100 MiB", peak < 100, f"peak {peak:.1f} MiB (tracemalloc)")
    ratio = per_event[(100, 6)] / per_event[(10, 6)]
    budget("dh per-event cost at 100 a side ≤ 1.5× that at 10", ratio <= 1.5, f"{ratio:.2f}×")


def _resolve_times(api, match, times: int) -> None:
    for _ in range(times):
        api.resolve(match)  # each log dropped before the next, as a one-match run drops it


def dh_rate() -> None:
    from dhproc import api

    match = api.loads(dh_battle(10, 6), name="dh-10x6.yaml")
    n = 50
    rate = n / cpu(lambda: [api.resolve(match) for _ in range(n)])
    budget("api.resolve of a six-turn 10-vs-10 dh match ≥ 400 matches/s/core", rate >= 400, f"{rate:.0f}/s")


def logos_round() -> None:
    from dhproc import api

    seeds = range(400)
    matches = [api.loads(round_yaml(s), name=f"round-{s}.yaml") for s in seeds]
    teams = [random_round(s) for s in seeds]
    for s, m, t in zip(seeds, matches, teams):  # the reference plays the same rules: same results
        log = api.resolve(m)
        got = (log["outcome"]["result"], log["outcome"]["winner"],
               {sid: side["dp"] for sid, side in log["state"]["sides"].items()})
        assert got == play(*t), f"round {s}: dhproc {got}, reference {play(*t)}"
    ours = cpu(lambda: [api.resolve(m) for m in matches]) / 400
    ref = cpu(lambda: [play(*t) for t in teams], repeat=9) / 400
    logos_floor(matches, ref)
    budget("a skill-less logos round ≤ 10× the minimal reference (400 rounds, same results)",
           ours <= 10 * ref, f"{ours * 1e3:.3f} ms against {ref * 1e3:.4f} ms = {ours / ref:.0f}×")


def logos_floor(matches: list, ref: float) -> None:
    """What any resolution that hands out these logs costs before a rule runs: the 400 finished
    logs rebuilt by C (marshal.loads, kept as the logs above are), and how much of each figure
    is the cyclic garbage collector's (its full passes read every object of the 400 loaded
    matches; docs/performance.md, "A ロゴス round")."""
    import gc
    import marshal

    from dhproc import api

    packed = [marshal.dumps(api.resolve(m)) for m in matches]
    built = cpu(lambda: [marshal.loads(b) for b in packed]) / 400
    gc.disable()
    try:
        built_off = cpu(lambda: [marshal.loads(b) for b in packed]) / 400
        ours_off = cpu(lambda: [api.resolve(m) for m in matches]) / 400
    finally:
        gc.enable()
    print(f"  floor: the finished logs rebuilt in C {built * 1e3:.3f} ms = {built / ref:.0f}× the reference "
          f"({built_off * 1e3:.3f} ms = {built_off / ref:.0f}× with the garbage collector off); "
          f"dhproc's round with it off {ours_off * 1e3:.3f} ms = {ours_off / ref:.0f}×")


def replay_batch() -> None:
    from dhproc import api

    base = api.load(ROOT / "examples" / "dh" / "abilities" / "match.yaml")
    with tempfile.TemporaryDirectory() as d:
        names = []
        for seed in range(1, 1001):
            path = Path(d) / f"log-{seed:04}.json"
            path.write_text(api.dumps(api.resolve(base, seed=seed)), encoding="utf-8")
            names.append(str(path))
        ms = child_cpu(dhproc_cmd() + ["replay", *names], runs=3)
    budget("dhproc replay of 1,000 dh logs (3 turns, 11 characters, abilities) ≤ 4 s CPU", ms <= 4000,
           f"{ms / 1000:.2f} s")


def lean() -> None:
    from dhproc import api
    from dhproc.errors import DhprocError
    from dhproc.engine.outcome import Outcome

    for example in EXAMPLES:
        match = api.load(example)
        rel = example.parent.relative_to(ROOT)
        same = runs = 0
        for seed in range(1, 2001):
            try:
                full = Outcome.of_log(api.resolve(match, seed=seed))
            except DhprocError:
                continue  # a seed under which the match is decided before its last turn file
            runs += 1
            same += api.outcome(match, seed=seed) == full
        budget(f"lean figures of {rel} = the full log's on 2,000 seeds", same == runs,
               f"{same} of {runs} resolvable seeds")
        if rel.as_posix() in ("examples/dh", "examples/logos"):
            n = 200
            rate = n / cpu(lambda: [api.outcome(match, seed=s) for s in range(1, n + 1)], repeat=3)
            budget(f"lean resolution of {rel} ≥ 1,000 runs/s/core", rate >= 1000, f"{rate:.0f}/s")


ODDS_EXAMPLES = ["dh", "dh/abilities", "logos", "count", "nicosw", "kagemiya"]


def odds_times() -> None:
    """`dhproc odds` in process (load the turn file, compute, write the text) on each example's
    first turn, for the first character whose action has odds: under 100 ms CPU each."""
    from dhproc import api
    from dhproc.errors import InputError

    for name in ODDS_EXAMPLES:
        turn = ROOT / "examples" / name / "turn-01.yaml"
        match = api.load(turn)
        who = None
        for cid in match.setup.get("characters", {}):
            try:
                api.odds(match, cid)
            except InputError:
                continue
            who = cid
            break
        if who is None:
            print(f"  dhproc odds examples/{name}: not offered (or no action with odds in turn 1)")
            continue
        ms = cpu(lambda: api.odds(api.load(turn), who).text("ja"), repeat=RUNS) * 1000
        budget(f"dhproc odds examples/{name}/turn-01.yaml --who {who} < 100 ms in process", ms < 100,
               f"{ms:.1f} ms")


# ------------------------------------------------------------- simulate (figures, no budget)

def simulated(path: Path, runs: int, **how) -> float:
    """Seconds for ``runs`` simulated runs of ``path``."""
    return simulated_with_cpu(path, runs, **how)[0]


def all_cpu() -> float:
    """CPU seconds of this process and of every child it has reaped (pool and cluster workers)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def simulated_with_cpu(path: Path, runs: int, **how) -> tuple[float, float]:
    """Wall seconds and CPU seconds (every process) for ``runs`` simulated runs of ``path``."""
    from dhproc import api

    match = api.load(path)
    c0, t0 = all_cpu(), time.perf_counter()
    api.simulate(match, runs=runs, seed=1, **how)
    return time.perf_counter() - t0, all_cpu() - c0


# Runs of the parallel comparisons: enough that each process's fixed start (importing dhproc,
# loading the match: about 0.3 s of CPU each) is a small part of the work, as in a real job.
PARALLEL_RUNS = 8000


def simulate_figures(runs: int = 400) -> None:
    """Wall time is what a GK waits, but on a shared machine it measures the other work too: the
    CPU time of every process beside it says what the runs cost, and CPU / 2 is the least wall
    time two idle cores could take (the bound of the speed-up there)."""
    for name in SIM_EXAMPLES:
        path = ROOT / "examples" / name / "match.yaml"
        wall, used = simulated_with_cpu(path, runs)
        print(f"  simulate {name:<14} (1 core)     {runs / wall:7.0f} runs/s wall, {runs / used:7.0f} runs/s of CPU")
    print(f"  load average before the parallel runs: {_load()} (other work on the machine slows them)")
    one, cpu_one = simulated_with_cpu(EXAMPLE, PARALLEL_RUNS, jobs=1)
    two, cpu_two = simulated_with_cpu(EXAMPLE, PARALLEL_RUNS, jobs=2)
    print(f"  simulate dh {PARALLEL_RUNS} runs: --jobs 1 {one:.1f} s, --jobs 2 {two:.1f} s: {one / two:.2f}× speed-up "
          f"(target ≥ 1.7× on 2 idle cores: {'met' if one / two >= 1.7 else 'not met'}; load {_load()})")
    print(f"    CPU: --jobs 1 {cpu_one:.1f} s, --jobs 2 {cpu_two:.1f} s in all; on two idle cores --jobs 2 takes "
          f"at least {cpu_two / 2:.1f} s: at most {cpu_one / (cpu_two / 2):.2f}× ({'≥' if cpu_one / (cpu_two / 2) >= 1.7 else '<'} 1.7×)")
    try:
        import distributed
    except ImportError:
        print("  simulate on Dask: dhproc[dask] not installed")
        return
    c0 = all_cpu()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        up = all_cpu() - c0
        dask = dask_job(cluster.scheduler_address, PARALLEL_RUNS)
        c1 = all_cpu()
    start_stop = up + all_cpu() - c1 - dask.workers  # the workers' CPU is counted once they exit
    print(f"  simulate dh {PARALLEL_RUNS} runs on a Dask LocalCluster (2 × 1): {dask.wall:.1f} s, {dask.wall / two:.2f}× the time of --jobs 2 "
          f"(target within 15 %: {'met' if dask.wall <= 1.15 * two else 'not met'}; load {_load()})")
    print(f"    CPU of the job: {dask.workers + dask.here:.1f} s, {(dask.workers + dask.here) / cpu_two:.2f}× that of --jobs 2: "
          f"the workers {dask.workers:.1f} s (in batches {dask.compute:.1f} s of wall time), the scheduler and client here {dask.here:.1f} s; "
          f"the cluster's start and stop {start_stop:.1f} s more")
    print(f"    {dask.tasks} tasks; a worker waited {dask.idle:.2f} s for the other at the start and the end, "
          f"{dask.gaps:.2f} s between its tasks")


@dataclass
class DaskJob:
    wall: float  # seconds
    here: float  # CPU seconds of this process (the scheduler of a LocalCluster, the client)
    workers: float  # CPU seconds of the workers during the job
    compute: float  # seconds the workers spent in batches (the task stream)
    idle: float  # worker-seconds of waiting for the other workers before the first batch and after the last
    gaps: float  # worker-seconds between a worker's batches
    tasks: int


def _worker_cpu() -> float:
    import resource

    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def dask_job(address: str, runs: int) -> DaskJob:
    """``runs`` runs of examples/dh on the cluster at ``address``: the wall time, the CPU time of every
    process during the job (the cluster's start and stop left out) and the scheduler's task stream."""
    import distributed

    with distributed.Client(address) as watcher:
        before = watcher.run(_worker_cpu)
        here = time.process_time()
        with distributed.get_task_stream(client=watcher) as stream:
            wall = simulated(EXAMPLE, runs, scheduler=address)
        here = time.process_time() - here
        after = watcher.run(_worker_cpu)
    spans: dict[str, list[tuple[float, float]]] = {}
    for task in stream.data:
        spans.setdefault(task["worker"], []).extend(
            (s["start"], s["stop"]) for s in task["startstops"] if s["action"] == "compute")
    first, last = min(a for s in spans.values() for a, _ in s), max(b for s in spans.values() for _, b in s)
    compute = sum(b - a for s in spans.values() for a, b in s)
    idle = sum(min(a for a, _ in s) - first + last - max(b for _, b in s) for s in spans.values())
    gaps = sum(max(b for _, b in s) - min(a for a, _ in s) for s in spans.values()) - compute
    return DaskJob(wall, here, sum(after[w] - before[w] for w in after), compute, idle, gaps, len(stream.data))


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    if sys.argv[1:] == ["simulate"]:  # `python benchmarks/bench.py simulate`: the simulate figures only
        simulate_figures()
        return
    print(f"dhproc benchmark — Python {sys.version.split()[0]}, {os.cpu_count()} cores, CPU time, medians")
    for part in (cold_start, dh_growth, dh_rate, logos_round, replay_batch, lean, odds_times):
        part()
    print("simulate (wall time: the speed-up of parallel runs)")
    simulate_figures()
    failed = [name for name, ok, _ in results if not ok]
    print(f"{len(results) - len(failed)} of {len(results)} budgets pass" + (f"; failing: {', '.join(failed)}" if failed else ""))


if __name__ == "__main__":
    main()
