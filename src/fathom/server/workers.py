"""Bots that search and hints think in worker processes, so the server's event loop only sends and
receives (a bot that does not search plays in the server's process: :func:`fathom.bots.registry.decides_at_once`).

A level-3 bot searches for a few tenths of a second per move; on the event loop that
froze every page of every table. Here each search is a job for a process pool, and the
jobs wait in a fair queue of our own rather than the pool's FIFO:

* one queue per owner, served in turn (the owner served least recently goes next): a table
  for its bots' moves, a client address for its hints, so a table with a long backlog, or an
  address asking hints at twenty tables, takes turns with the others instead of going first;
* four lanes: bots' moves at tables where a person plays come first, so nobody's game waits
  behind thinking nobody is waiting for; hints and all-bot tables then take turns (the lane
  served least recently goes next), so hint spam never stalls the all-bot tables nor they the hints;
  a finished game's analysis only when nothing else waits;
  and hints think on all workers but one at once, so a bot's move finds a worker free (a job
  once started is never interrupted);
* a job may say when it is no longer wanted (a hint whose asker has moved or left): it is
  dropped when its turn comes instead of taking a worker;
* a per-owner budget (jobs in flight, jobs waiting) and a global cap on waiting jobs;
  past them a request is refused with ``thinking-busy`` (503) instead of growing a backlog.

The pool only ever holds as many jobs as it has workers, so the order is ours. Workers
run at a lower CPU priority (``nice``) so that, when the cores are all busy thinking,
the event loop still gets them first. A job carries everything it needs (the bot's
name and seed, or the bot itself, and a copy of the state), so a bot decides exactly
as it would in the server's process: same seed, same move.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import functools
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fathom.core import helper_process
from fathom.server.protocol import ProtocolError

PEOPLE, BOTS, HINTS, ANALYSIS = 0, 1, 2, 3
"""Lanes: bots at tables with a person seated first; all-bot tables and hints after, taking turns;
a finished game's analysis only when nothing else waits."""
WORKER_NICENESS = 5
"""How far below the server's CPU priority its workers think. The event loop's process wins the cores
(at 5 steps it weighs three times a worker), yet a worker is not starved by everything else the
machine runs: at 10 steps (a ninth of the weight), a browser and a test run on two cores kept a
level-3 bot from answering for over 20 seconds."""
PER_TABLE_RUNNING = 1  # jobs of one owner (a table's bots, an address's hints) thinking at once
PER_TABLE_WAITING = 4  # jobs of one owner waiting


def default_workers() -> int:
    """``--bot-workers`` by default: one per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# ---- what runs in a worker --------------------------------------------------------------------
def _init_worker(server: int) -> None:
    helper_process.serve(server, WORKER_NICENESS)
    from fathom.fast.need import have_numba

    if have_numba():  # a move never waits for a compiler: Python playouts until the kernels are ready
        from fathom import kernel_cache

        kernel_cache.set_mode("background")


def bot_move(name: str, game: str, seed: int, state: Any) -> tuple[int, str | None]:
    """The action bot ``name`` seeded ``seed`` plays in ``state`` (a copy), and why it fell back if it did.

    A bot that fails or picks an illegal action is replaced by a random legal move, so a
    broken bot never stops a table; the caller logs the reason.
    """
    from fathom.bots.registry import make_bot

    try:
        action = make_bot(name, game, seed).choose(state.clone())
        if action in state.legal_actions():
            return action, None
        problem = f"bot {name} chose an illegal action {action!r}"
    except Exception as exc:  # noqa: BLE001 - a broken bot must not stop the table
        problem = f"bot {name} failed ({exc})"
    return make_bot("random", game, seed).choose(state), problem


def hint(bot: Any, state: Any) -> tuple[Any, Any]:
    """The hint ``bot`` gives in ``state``, and the bot afterwards (it keeps a plan across moves)."""
    from fathom.bots.hint import suggest

    return suggest(bot, state), bot


def analyse(save: str, points: list[tuple[int, int, int]], playouts: int) -> list[dict[str, Any]]:
    """A finished game's decisions at ``points`` weighed by level 3 (:mod:`fathom.analysis`), as JSON rows:
    the first of them, and the next ones while the job is within its CPU budget (:data:`.analysis.JOB_SECONDS`)."""
    from fathom.server.analysis import analyse_points

    return analyse_points(save, points, playouts)


# ---- the pool ---------------------------------------------------------------------------------
_POOLS: dict[int, concurrent.futures.ProcessPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


def _pool(size: int) -> concurrent.futures.ProcessPoolExecutor:
    """One pool per size for the whole process (several apps in one test run share it).

    ``spawn``: a fresh interpreter per worker, never a fork of a process running an event
    loop and threads.
    """
    with _POOLS_LOCK:
        pool = _POOLS.get(size)
        if pool is None or getattr(pool, "_broken", False):  # a worker died (killed): start afresh
            pool = _POOLS[size] = concurrent.futures.ProcessPoolExecutor(
                max_workers=size, mp_context=multiprocessing.get_context("spawn"), initializer=_init_worker,
                initargs=(os.getpid(),))
        return pool


@atexit.register
def _shutdown() -> None:
    with _POOLS_LOCK:
        for pool in _POOLS.values():
            pool.shutdown(wait=True, cancel_futures=True)
        _POOLS.clear()


def _warm() -> int:
    """Import the bots, and load level 3's compiled playouts if this machine has compiled them (about
    a second); never compile here: one background process does (:mod:`fathom.server.kernels`), and
    until it is done the searches think with Python playouts."""
    from fathom.bots import registry  # noqa: F401 - import the bots once, before the first move
    from fathom.fast.need import have_numba

    if have_numba():
        from fathom import kernel_cache

        if kernel_cache.ready():
            from fathom.bots.ismcts_policies import warm_compiled_playouts

            warm_compiled_playouts()
    return os.getpid()


@dataclass(eq=False)
class _Job:
    table: str  # its owner: a table (its bots' moves) or an address (its hints)
    lane: int
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    wanted: Callable[[], bool] | None = None  # asked when its turn comes: False drops it unrun
    future: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class Thinker:
    """The fair queue in front of the worker pool (one per server process)."""

    def __init__(self, workers: int | None = None, *, cap: int | None = None) -> None:
        self.workers = workers or default_workers()
        self.cap = cap if cap is not None else 64 * self.workers  # jobs waiting, all tables together
        self._queues: dict[str, deque[_Job]] = {}
        self._running: dict[str, int] = {}
        self._served: dict[str, int] = {}  # owner -> when it was last served (a tick), for taking turns
        self._lane_served: dict[int, int] = {}  # lane -> when it was last served: the later lanes take turns
        self._lane_running: dict[int, int] = {}  # lane -> its jobs thinking now (hints leave one worker free)
        self._tick = 0
        self._busy = 0
        self.done = 0

    @property
    def waiting(self) -> int:
        return sum(len(q) for q in self._queues.values())

    def warm_up(self) -> None:
        """Start the workers now, so the first bot move does not wait for them to boot, and level 3's
        kernels compiling in the background if this machine has not compiled them yet."""
        from fathom.server.kernels import prepare_in_background

        prepare_in_background()
        pool = _pool(self.workers)
        for _ in range(self.workers):
            pool.submit(_warm)

    async def run(self, table: str, lane: int, fn: Callable[..., Any], *args: Any,
                  wanted: Callable[[], bool] | None = None) -> Any:
        """``fn(*args)`` in a worker, when the fair queue reaches it; ``thinking-busy`` (503) when over budget.
        ``table``: whose turn it uses (a table, or an address for hints); ``wanted``: asked when its
        turn comes, False drops it (``hint-dropped``, 409). A job lost with a worker that was killed is asked
        once more of a fresh pool."""
        try:
            return await self._run(table, lane, fn, args, wanted)
        except concurrent.futures.process.BrokenProcessPool:
            return await self._run(table, lane, fn, args, wanted)

    async def _run(self, table: str, lane: int, fn: Callable[..., Any], args: tuple[Any, ...],
                   wanted: Callable[[], bool] | None) -> Any:
        queue = self._queues.get(table)
        if self.waiting >= self.cap or (queue is not None and len(queue) >= PER_TABLE_WAITING):
            raise ProtocolError("thinking-busy", status=503)
        job = _Job(table, lane, fn, args, wanted)
        if queue is None:
            queue = self._queues[table] = deque()
        queue.append(job)
        self._pump()
        try:
            return await job.future
        except asyncio.CancelledError:
            if job in queue:  # nobody waits for it any more: it never runs
                queue.remove(job)
                self._forget(table)
            raise

    def _next(self) -> _Job | None:
        while True:
            hints_full = self._lane_running.get(HINTS, 0) >= max(1, self.workers - 1)
            ready = [(q[0].lane, self._served.get(t, -1), t) for t, q in self._queues.items()
                     if q and self._running.get(t, 0) < PER_TABLE_RUNNING and not (hints_full and q[0].lane == HINTS)]
            if not ready:
                return None
            lanes = {lane for lane, _, _ in ready}
            # people's lane first; then bots and hints, the lane served least recently; analyses last;
            # in a lane, whoever waited longest
            taking_turns = lanes - {PEOPLE, ANALYSIS}
            lane = (PEOPLE if PEOPLE in lanes
                    else min(taking_turns, key=lambda n: (self._lane_served.get(n, -1), n)) if taking_turns
                    else ANALYSIS)
            table = min(r for r in ready if r[0] == lane)[2]
            self._tick += 1
            self._served[table] = self._lane_served[lane] = self._tick
            job = self._queues[table].popleft()
            if job.wanted is None or job.wanted():
                return job
            if not job.future.done():  # its asker moved or left: it never runs
                job.future.set_exception(ProtocolError("hint-dropped", status=409))
            self._forget(table)

    def _pump(self) -> None:
        while self._busy < self.workers:
            job = self._next()
            if job is None:
                return
            self._busy += 1
            self._running[job.table] = self._running.get(job.table, 0) + 1
            self._lane_running[job.lane] = self._lane_running.get(job.lane, 0) + 1
            done = asyncio.wrap_future(_pool(self.workers).submit(job.fn, *job.args))
            done.add_done_callback(functools.partial(self._finished, job))

    def _finished(self, job: _Job, result: asyncio.Future) -> None:
        self._busy -= 1
        self.done += 1
        self._running[job.table] -= 1
        self._lane_running[job.lane] -= 1
        if not job.future.done():
            if result.cancelled():
                job.future.cancel()
            elif result.exception() is not None:
                job.future.set_exception(result.exception())  # type: ignore[arg-type]
            else:
                job.future.set_result(result.result())
        self._forget(job.table)
        self._pump()

    def _forget(self, table: str) -> None:
        if not self._queues.get(table) and not self._running.get(table):
            self._queues.pop(table, None)
            self._running.pop(table, None)
            if len(self._served) > 10_000:  # keep the turns of tables still waiting; forget the rest
                self._served = {t: n for t, n in self._served.items() if t in self._queues}
