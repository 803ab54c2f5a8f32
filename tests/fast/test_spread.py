"""``fathom.fast.spread``: every index of a batch is handed out once, whatever the threads do."""

from __future__ import annotations

import threading

import pytest

from fathom.fast.spread import Spread, usable_cores


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("n", [0, 1, 5, 64, 1001])
def test_every_index_is_run_exactly_once(threads: int, n: int):
    seen = [0] * n
    names: set[str] = set()
    lock = threading.Lock()

    def kernel(lo: int, hi: int) -> None:
        with lock:
            names.add(threading.current_thread().name)
            for i in range(lo, hi):
                seen[i] += 1

    spread = Spread(threads)
    try:
        for _ in range(5):
            spread.run(kernel, n)
    finally:
        spread.close()
    assert seen == [5] * n
    assert spread.threads == threads and len(names) <= threads


def test_a_kernel_error_reaches_the_caller():
    def kernel(lo: int, hi: int) -> None:
        raise ValueError(f"slice {lo}..{hi}")

    spread = Spread(2)
    with pytest.raises(ValueError, match="slice"):
        spread.run(kernel, 100)
    spread.close()


def test_the_default_is_every_usable_core():
    spread = Spread()
    assert spread.threads == usable_cores() >= 1
    spread.close()
