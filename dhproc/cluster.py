"""Work on a Dask distributed cluster (``--scheduler ADDRESS``; the extra ``dhproc[dask]``).

Every task is a pure function of its arguments — a batch of simulated runs of a plan, a log to
replay — so the scheduler may run one again when a worker is lost, and the results gathered in
submission order are the ones a local run gives. Tasks are batches of at least
:data:`LEAST_RUNS_PER_TASK` runs: Dask spends a few milliseconds on each task, a run of dhproc
1–20 ms.
"""

from __future__ import annotations

import hashlib
import pickle
from typing import Any, Callable, Sequence

from .errors import UsageError
from .inputs.recurring import KeptByContent
from .words.messages import say

LEAST_RUNS_PER_TASK = 100
LOCAL_BELOW = 4 * LEAST_RUNS_PER_TASK  # fewer runs than this are not worth a cluster's start
PLANS_KEPT = 4  # the plans a worker keeps read, for the jobs of a few clients at once


def client(address: str) -> Any:
    """A client of the scheduler at ``address``; a usage error when Dask is not installed or the
    scheduler does not answer."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(say("cluster.no_dask")) from None
    try:
        return Client(address, timeout=10)
    except (OSError, TimeoutError) as exc:
        raise UsageError(say("cluster.no_scheduler", address=address, reason=exc)) from None


class DaskBackend:
    """Simulated batches on the cluster, one task each. A task's key names what it computes (the
    plans' inputs, the seed, the runs), so it is pure: a lost worker's batches are run again
    elsewhere, with the same result.

    The plan goes to the workers as the bytes of its pickle: Dask sends bytes as they are, where
    a plan as an object is pickled again for every task (about 10 ms of the client's time each),
    and a worker reads the bytes once (:func:`run_packed`)."""

    def __init__(self, address: str, run_batch: Callable[..., Any], plan_key: Callable[[Any], str],
                 batches: Callable[..., list[tuple[int, int]]]):
        # the batch, the key of a plan and how runs are cut are the simulation's, handed in so
        # that this module knows the cluster only (simulate.py uses it, never the reverse)
        self.client = client(address)
        self.run_batch, self.plan_key, self.batches = run_batch, plan_key, batches

    def workers(self) -> int:
        """The cluster's threads: each takes one batch at a time."""
        workers = self.client.scheduler_info().get("workers", {})
        return max(1, sum(w.get("nthreads", 1) for w in workers.values()))

    def parts(self, first: int, stop: int) -> list[tuple[int, int]]:
        return self.batches(first, stop, self.workers(), least=LEAST_RUNS_PER_TASK)

    def __call__(self, plan: Any, parts: list[tuple[int, int]], finished: Callable[[Any], None] | None = None) -> list:
        """The batches' results, in the order they are done (``finished`` told of each)."""
        from distributed import as_completed

        what = self.plan_key(plan)
        packed = pickle.dumps(plan, protocol=pickle.HIGHEST_PROTOCOL)
        # submitted one by one, in run order: the scheduler hands them out first come, first
        # served, so the large first batches go first and the small last ones even out the end
        futures = [self.client.submit(run_packed, self.run_batch, packed, a, b,
                                      key=f"dhproc-simulate-{what}-{a}-{b}", retries=5)
                   for a, b in parts]
        results = []
        # this client's loop, not the default client's: a script (or `make bench`) with a client of
        # its own would otherwise hear of finished batches seconds late
        for _, result in as_completed(futures, loop=self.client.loop, with_results=True):
            results.append(result)
            if finished is not None:
                finished(result)
        return results

    def close(self) -> None:
        self.client.close()


_plans = KeptByContent(PLANS_KEPT)  # on a worker: the plans it has read, by their bytes' digest


def run_packed(run_batch: Callable[..., Any], packed: bytes, first: int, stop: int) -> Any:
    """``run_batch`` of the plan pickled as ``packed``, read once a worker: the plan is the same
    bytes in every batch of a job, so the worker keeps it by their digest."""
    digest = hashlib.sha256(packed).digest()
    plan = _plans.get(digest)
    if plan is None:
        plan = pickle.loads(packed)
        _plans.put(digest, plan)
    return run_batch(plan, first, stop)


def map_in_order(address: str, work: Callable[[str], Any], items: Sequence[str]) -> list:
    """``work`` of every item on the cluster, the results in the items' order."""
    c = client(address)
    try:
        return c.gather(c.map(work, list(items), pure=True, retries=5))
    finally:
        c.close()
