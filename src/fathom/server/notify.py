"""Several server processes on one PostgreSQL: each hears the others' changes and takes over a dead one's bots.

Every write to a table's log or record sends ``pg_notify('fathom', '<origin> <kind> <table>')``
in its own transaction (:class:`~fathom.server.db.Store`), so a notification arrives only once
the change is committed. Here one connection per process LISTENs (psycopg 3, no broker of our
own) and hands each change of another process to :meth:`Referee.sync`, which brings the table
in memory up to the log and wakes its pages: players of one table connected to different
processes see each other's moves at once.

A sweep every second keeps this process's leases (the right to play a table's bots and dice)
alive while it plays, and picks up tables whose lease ran out because their process died.
With SQLite (one process) none of this runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from fathom.server.clock import now
from fathom.server.db import CHANNEL
from fathom.server.protocol import ProtocolError
from fathom.server.tables import LEASE_SECONDS, Referee

log = logging.getLogger("fathom.server")
RETRY_SECONDS = 1.0


class Bus:
    """The LISTEN connection and the lease sweep of one server process."""

    def __init__(self, referee: Referee) -> None:
        self.referee = referee
        self.store = referee.store
        self.listening = asyncio.Event()
        self._tasks: list[asyncio.Task] = []

    async def start(self) -> None:
        if not self.store.shared:
            return
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._sweep())]
        with contextlib.suppress(asyncio.TimeoutError):  # serve anyway; the listener keeps trying
            await asyncio.wait_for(self.listening.wait(), 10)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.store.shared:  # a clean stop hands its tables over at once instead of after the lease
            for table_id in list(self.referee.tables):
                with contextlib.suppress(Exception):
                    self.store.drop_lease(table_id)

    def _conninfo(self) -> str:
        return self.store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    async def _listen(self) -> None:
        import psycopg

        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self._conninfo(), autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if not first:  # what was said while we were deaf: read it from the logs
                        for table_id in list(self.referee.tables):
                            self._heard(f"- undo {table_id}")
                    first = False
                    self.listening.set()
                    async for note in conn.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - the database restarting must not end the listener
                log.warning("listening for other processes failed (%s); retrying", exc)
                self.listening.clear()
                await asyncio.sleep(RETRY_SECONDS)

    def _heard(self, payload: str) -> None:
        origin, kind, table_id, *detail = payload.split(" ", 3)
        if origin != self.store.origin:  # in order: each table's lock queues its changes first come, first served
            asyncio.get_running_loop().create_task(self._follow(table_id, kind, detail[0] if detail else ""))

    async def _follow(self, table_id: str, kind: str, detail: str) -> None:
        try:
            await self.referee.sync(table_id, kind, detail)
        except Exception:
            log.exception("table %s: could not follow another process's change", table_id)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(LEASE_SECONDS / 3)
            try:
                await self._sweep_once()
            except Exception:
                log.exception("lease sweep failed")

    async def _sweep_once(self) -> None:
        ref = self.referee
        for table in list(ref.tables.values()):
            if table.runner is not None and not table.runner.done():
                await ref.lead(table)  # still thinking: keep the lease
            elif now() - table.changed_at > LEASE_SECONDS:
                ref.drive(table)  # dice or bots due and stalled (their process died?): the lease decides
        for table_id in await asyncio.to_thread(self.store.orphans):
            with contextlib.suppress(ProtocolError):
                ref.drive(await ref.open(table_id))

