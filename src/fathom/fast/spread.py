"""Spread a compiled kernel over the cores: ranges of a batch handed out to threads as they ask.

Why not numba's ``parallel=True``: its loops end at a barrier every thread must reach, and on a
shared machine (the scheduler gives each session's processes their share of the cores, whatever
their nice value) a thread that is not running holds the whole call up. Measured on this project's
2-core machine with another session busy, a ``prange`` step of 4096 environments ran at half the
speed of one thread. Here the kernel is ``nogil`` and called on slices of the batch: this thread
and helper threads take the next slice until none is left, and a helper that has not started by
then is cancelled, so a busy core costs only the slice it holds, and a free core doubles the rate.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Spread:
    """Run ``kernel(lo, hi)`` over ``range(n)`` in slices on ``threads`` threads (this one included)."""

    def __init__(self, threads: int | None = None, slices_per_thread: int = 4) -> None:
        self.threads = max(1, threads if threads else usable_cores())
        self.slices_per_thread = slices_per_thread
        self._pool = ThreadPoolExecutor(self.threads - 1, "fathom-fast") if self.threads > 1 else None

    def run(self, kernel: Callable[[int, int], object], n: int) -> None:
        if self._pool is None or n < 2 * self.threads:
            kernel(0, n)
            return
        count = min(n, self.threads * self.slices_per_thread)
        bounds = [n * i // count for i in range(count + 1)]
        slices = iter(list(zip(bounds[:-1], bounds[1:])))  # next() on it is atomic under the GIL

        def drain() -> None:
            for lo, hi in slices:
                kernel(lo, hi)

        helpers = [self._pool.submit(drain) for _ in range(self.threads - 1)]
        drain()
        for helper in helpers:
            if not helper.cancel():  # it started: wait for the slice it holds
                helper.result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
