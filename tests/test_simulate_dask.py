"""``--scheduler``: the same work on a Dask distributed cluster (the extra ``dhproc[dask]``).

Each test starts its LocalCluster (dashboard off) and stops it. Skipped when Dask is not installed.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dhproc import api, cluster
from dhproc import simulate as sim
from dhproc.cli import cli

distributed = pytest.importorskip("distributed")
from distributed.comm.core import CommClosedError  # noqa: E402  (after the skip)

REPO = Path(__file__).resolve().parents[1]
ONE_ATTACK = Path(__file__).resolve().parent / "simulate" / "one_attack.yaml"
LOGS = sorted(str(p) for p in (REPO / "tests" / "replays" / "dh").glob("*/log.json"))[:6]


def run(*args: object) -> Result:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture()
def in_process_cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster


def test_the_dask_backend_gives_the_bytes_of_jobs_1_and_2(in_process_cluster):
    args = ("simulate", ONE_ATTACK, "--runs", 400, "--seed", 4, "--json", "-")
    local = run(*args, "--jobs", 1)
    two = run(*args, "--jobs", 2)
    dask = run(*args, "--scheduler", in_process_cluster.scheduler_address)
    assert local.exit_code == two.exit_code == dask.exit_code == 0, dask.output
    assert local.stdout == two.stdout == dask.stdout
    assert json.loads(dask.stdout)["runs"] == 400


# What the cluster's batches were given, recorded by `_recording_batch` on the in-process workers
# (a function of this module, so Dask sends it by name and the workers call this very one).
_seen: list[tuple[object, int, int]] = []


def _recording_batch(plan, first, stop):
    _seen.append((plan, first, stop))
    return _run_batch(plan, first, stop)


_run_batch = sim.run_batch


@pytest.fixture()
def recorded_batches(monkeypatch):
    _seen.clear()
    monkeypatch.setattr(sim, "run_batch", _recording_batch)
    yield _seen
    _seen.clear()


def test_a_worker_reads_the_plan_once_not_for_every_batch(in_process_cluster, recorded_batches):
    args = ("simulate", ONE_ATTACK, "--runs", 4000, "--seed", 4, "--json", "-")
    local = run(*args)
    recorded_batches.clear()
    dask = run(*args, "--scheduler", in_process_cluster.scheduler_address)
    assert dask.exit_code == 0 and dask.stdout == local.stdout
    assert len(recorded_batches) > 2
    # the plan went as the bytes of its pickle and was read once (a plan sent as an object is
    # pickled and read again for every task: a copy each)
    assert len({id(plan) for plan, _, _ in recorded_batches}) == 1


def test_the_last_batches_are_small_so_both_workers_finish_together(in_process_cluster, recorded_batches):
    runs = 4000
    result = run("simulate", ONE_ATTACK, "--runs", runs, "--json", "-", "--scheduler", in_process_cluster.scheduler_address)
    assert result.exit_code == 0
    parts = sorted((a, b) for _, a, b in recorded_batches)
    assert parts[0][0] == 0 and parts[-1][1] == runs
    assert all(b == c for (_, b), (c, _) in zip(parts, parts[1:]))  # every run once
    sizes = [b - a for a, b in parts]
    assert sizes == sorted(sizes[:-1], reverse=True) + sizes[-1:]  # large first (the last takes the rest)
    assert min(sizes) >= cluster.LEAST_RUNS_PER_TASK
    # a worker done first waits at most for the last batch: a small part of its share of the runs
    assert sizes[-1] < 2 * cluster.LEAST_RUNS_PER_TASK < runs / 2 / 4


def test_a_progress_line_hands_out_the_whole_job_at_once(in_process_cluster, recorded_batches):
    expected = api.simulate(api.load(ONE_ATTACK), runs=4000, seed=4)
    recorded_batches.clear()
    told: list[int] = []
    got = api.simulate(api.load(ONE_ATTACK), runs=4000, seed=4, scheduler=in_process_cluster.scheduler_address,
                       progress=lambda done, runs: told.append(done))
    assert got == expected
    # the batches of the whole job (a quarter of a thread's share first), not of rounds of 500
    # runs at whose end the threads would wait for each other
    assert max(b - a for _, a, b in recorded_batches) == 4000 // (4 * 2)
    assert told == sorted(told) and told[-1] == 4000 and len(told) == len(recorded_batches)


def test_batches_are_heard_of_on_the_backends_own_client_not_a_default_one(in_process_cluster, monkeypatch):
    """A script (and `make bench`) may hold a client of its own, the default one: distributed's
    as_completed waits on the default client's loop unless told, and then heard of each finished
    batch seconds late, in bursts (8,000 runs of examples/dh took 10.0 s instead of 6-8 s). The
    backend waits on its own client's loop, with the same figures."""
    expected = api.simulate(api.load(ONE_ATTACK), runs=1000, seed=4)
    loops: list[object] = []
    real = distributed.as_completed

    def recording(*args, **kwargs):
        loops.append(kwargs.get("loop"))
        return real(*args, **kwargs)

    monkeypatch.setattr(distributed, "as_completed", recording)
    backends: list[cluster.DaskBackend] = []
    made = cluster.DaskBackend.__init__

    def keep(self, *args, **kwargs):
        made(self, *args, **kwargs)
        backends.append(self)

    monkeypatch.setattr(cluster.DaskBackend, "__init__", keep)
    with distributed.Client(in_process_cluster.scheduler_address) as own:
        assert distributed.default_client() is own
        got = api.simulate(api.load(ONE_ATTACK), runs=1000, seed=4, scheduler=in_process_cluster.scheduler_address)
    assert got == expected
    assert loops and all(loop is backends[0].client.loop for loop in loops)


def test_a_small_job_runs_here_without_asking_the_cluster():
    # nothing listens at port 9: a small job never connects
    result = run("simulate", ONE_ATTACK, "--runs", 50, "--json", "-", "--scheduler", "tcp://127.0.0.1:9")
    assert result.exit_code == 0
    assert result.stdout == run("simulate", ONE_ATTACK, "--runs", 50, "--json", "-").stdout


def test_without_dask_scheduler_is_a_usage_error_saying_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = run("simulate", ONE_ATTACK, "--runs", 1000, "--scheduler", "tcp://127.0.0.1:9", "--lang", "en")
    assert result.exit_code == 2
    assert "pip install 'dhproc[dask]'" in result.stderr


def test_replay_on_the_cluster_prints_what_a_local_batch_prints(in_process_cluster, tmp_path):
    broken = tmp_path / "broken.json"
    log = json.loads(Path(LOGS[0]).read_text(encoding="utf-8"))
    log["turns"][0]["events"][0]["seq"] = 99
    broken.write_text(api.dumps(log), encoding="utf-8")
    logs = [*LOGS, str(broken), str(tmp_path / "missing.json")]
    local = run("replay", *logs)
    dask = run("replay", "--scheduler", in_process_cluster.scheduler_address, *logs)
    assert local.exit_code == dask.exit_code == 1
    assert local.stdout == dask.stdout and local.stderr == dask.stderr
    assert local.stdout.count("OK") == len(LOGS) and "broken.json" in local.stderr


def test_a_worker_lost_mid_run_costs_time_not_results():
    expected = api.simulate(api.load(ONE_ATTACK), runs=800, seed=8)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        got: dict = {}
        job = threading.Thread(target=lambda: got.update(api.simulate(
            api.load(ONE_ATTACK), runs=800, seed=8, scheduler=cluster.scheduler_address)))
        job.start()
        with distributed.Client(cluster.scheduler_address) as watcher:
            victim = _a_worker_at_work(watcher)
            with contextlib.suppress(CommClosedError):  # the worker dies before it can answer
                watcher.run(os._exit, 1, workers=[victim])
        job.join(timeout=120)
        assert not job.is_alive()
    assert got == expected  # and the batches it held were run again


def _a_worker_at_work(client) -> str:
    """The address of a worker that is running a batch, once one is."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        busy = client.processing()
        for worker, keys in busy.items():
            if keys:
                return worker
        time.sleep(0.02)
    raise AssertionError("no batch started within 60 s")
