"""Work on a Dask distributed cluster (``--scheduler ADDRESS``; the extra ``dhproc[dask]``).

Every task is a pure function of its arguments — a batch of simulated runs of a plan, a log to
replay — so the scheduler may run one again when a worker is lost, and the results gathered in
submission order are the ones a local run gives. Tasks are batches of at least
:data:`LEAST_RUNS_PER_TASK` runs: Dask spends 1–2 ms on each task, a run of dhproc 2–20 ms.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

from .errors import UsageError
from .words.messages import say

LEAST_RUNS_PER_TASK = 100
LOCAL_BELOW = 4 * LEAST_RUNS_PER_TASK  # fewer runs than this are not worth a cluster's start


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
    elsewhere, with the same result."""

    def __init__(self, address: str, run_batch: Callable[..., Any], plan_key: Callable[[Any], str]):
        # the batch and the key of a plan are the simulation's, handed in so that this module
        # knows the cluster only (simulate.py uses it, never the reverse)
        self.client = client(address)
        self.run_batch, self.plan_key = run_batch, plan_key

    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def batch(self, runs: int) -> int:
        return max(LEAST_RUNS_PER_TASK, math.ceil(runs / (4 * self.workers())))

    def __call__(self, plan: Any, parts: list[tuple[int, int]]) -> list:
        what = self.plan_key(plan)
        futures = [self.client.submit(self.run_batch, plan, a, b, key=f"dhproc-simulate-{what}-{a}-{b}", retries=5)
                   for a, b in parts]
        return self.client.gather(futures)

    def close(self) -> None:
        self.client.close()


def map_in_order(address: str, work: Callable[[str], Any], items: Sequence[str]) -> list:
    """``work`` of every item on the cluster, the results in the items' order."""
    c = client(address)
    try:
        return c.gather(c.map(work, list(items), pure=True, retries=5))
    finally:
        c.close()
