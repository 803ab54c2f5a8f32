"""A finished table's analysis (:mod:`fathom.analysis`): made in the bot workers, a few decisions
per job in the lane behind every live table's bots, then kept in the database with the table.

Why chunks: a worker busy with one whole game would keep a core from live tables for minutes;
a job weighs decisions until it has used ``JOB_SECONDS`` of CPU (at least one decision), and the
fair queue serves any live bot first between two of them. (Eight Deep Blue decisions a job took
4-6 s of CPU: a live table's bot waited that long behind it, 25-40 s on a loaded machine.) Only one table's analysis runs in a process at a time per table
(``PER_TABLE_RUNNING``), so an analysis never takes more than one worker.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from fathom.analysis.decision import DEFAULT_PLAYOUTS, Settings
from fathom.analysis.game import Walker, decision_points, decision_row
from fathom.core.registry import load
from fathom.server import workers
from fathom.server.db import Store
from fathom.server.live import LiveTable
from fathom.server.storage import off_loop

log = logging.getLogger("fathom.server")

CHUNK = 8
"""Decisions handed to a worker job at most (it may stop sooner: ``JOB_SECONDS``)."""

JOB_SECONDS = 0.3
"""CPU seconds after which a job returns the decisions weighed so far (one Deep Blue decision takes
about 0.5-0.7 s, an Into the Blue one milliseconds): a live bot never waits behind more than one."""

PLAYOUTS = DEFAULT_PLAYOUTS // 2
"""Scenarios per candidate: half of ``fathom analyze``'s, as a server's analysis has one worker, not every core."""

_WALKER: tuple[str, Walker] | None = None  # a worker's game, kept for the table's next chunk


def plan(save: str) -> list[tuple[int, int, int]]:
    """In a worker: the unforced decisions of a saved game (a replay of it: not on the event loop)."""
    return decision_points(load(save))


def analyse_points(save: str, points: list[tuple[int, int, int]], playouts: int) -> list[dict[str, Any]]:
    """In a worker: these decisions of the saved game weighed, as JSON rows."""
    global _WALKER
    if _WALKER is None or _WALKER[0] != save:
        _WALKER = (save, Walker(save, Settings(playouts=playouts)))
    walker = _WALKER[1]
    rows: list[dict[str, Any]] = []
    start = time.process_time()
    for point in points:  # at least one; then only while the job is within its CPU budget
        rows.append(decision_row(walker.analyse(*point)))
        if time.process_time() - start >= JOB_SECONDS:
            break
    return rows


class Analyst:
    """Starts, follows and keeps the analyses of finished tables (one per server process)."""

    def __init__(self, store: Store, thinker: workers.Thinker, playouts: int = PLAYOUTS) -> None:
        self.store = store
        self.thinker = thinker
        self.playouts = playouts
        self.running: dict[str, dict[str, Any]] = {}  # table id -> {"done", "total"}
        self._tasks: set[asyncio.Task] = set()

    async def status(self, table: LiveTable) -> dict[str, Any]:
        """The stored analysis (``status: done``), or how far the one under way is (started if none is)."""
        stored = await self._db(self.store.analysis, table.id)
        if stored is not None:
            return {"status": "done", **stored}
        progress = self.running.get(table.id)
        if progress is None:
            progress = self.running[table.id] = {"done": 0, "total": None}
            task = asyncio.get_running_loop().create_task(self._run(table, progress))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return {"status": "running", "done": progress["done"], "total": progress["total"]}

    async def _db(self, call: Any, *args: Any) -> Any:
        """A database call, in a thread (as every call of the referee: never a stall of the loop)."""
        return await off_loop(call, *args)

    async def _run(self, table: LiveTable, progress: dict[str, Any]) -> None:
        key = f"analysis:{table.id}"  # its own queue: the table's bots and hints are never refused for it
        save = table.state.to_json()
        try:
            points = await self.thinker.run(key, workers.ANALYSIS, plan, save)
            progress["total"] = len(points)
            rows: list[dict[str, Any]] = []
            while len(rows) < len(points):  # a job returns at least one row, fewer than asked past its budget
                rows += await self.thinker.run(key, workers.ANALYSIS, workers.analyse, save,
                                               points[len(rows):len(rows) + CHUNK], self.playouts)
                progress["done"] = len(rows)
            seats = [{"seat": i, **{k: s[k] for k in ("kind", "bot", "name") if s.get(k)}}
                     for i, s in enumerate(table.rec.seats)]
            data = {"game": table.rec.game, "seats": seats, "decisions": rows,
                    "settings": {"playouts": self.playouts, "seconds": None, "seed": 0}}
            await self._db(self.store.save_analysis, table.id, data)
        except Exception:  # noqa: BLE001 - asked again, it starts afresh
            log.exception("analysis of table %s failed", table.id)
        finally:
            self.running.pop(table.id, None)
