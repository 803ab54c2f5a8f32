"""Work too slow for the event loop (a replay, a review, a save replayed, a table reloaded), done in
a small pool of threads of its own, and what it produced kept for the next asker (issue 48, M4).

A pool of its own: the default one also carries the database calls (PostgreSQL's run in threads),
which must not queue behind a stranger's reviews. Two threads: CPU-bound work in threads still
shares one interpreter lock, so more would only queue inside it; the event loop gets its turn at
every switch interval (5 ms) instead of waiting out the whole job.
"""

from __future__ import annotations

import asyncio
import functools
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic, TypeVar

HEAVY_THREADS = 2
_POOL = ThreadPoolExecutor(max_workers=HEAVY_THREADS, thread_name_prefix="fathom-heavy")
K = TypeVar("K")
V = TypeVar("V")


async def off_loop(fn: Callable[..., V], *args: Any, **kwargs: Any) -> V:
    """``fn(*args, **kwargs)`` in the heavy pool; the loop serves others meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(_POOL, functools.partial(fn, *args, **kwargs))


class Kept(Generic[K, V]):
    """The last ``size`` results by key (least recently used forgotten first)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self.items.get(key)
        if value is not None:
            self.items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> V:
        self.items[key] = value
        self.items.move_to_end(key)
        while len(self.items) > self.size:
            self.items.popitem(last=False)
        return value
