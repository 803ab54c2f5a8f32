"""A table's record and log from the database: loading, replaying, and the moves a notification carried.

Every database call of the referee goes through :func:`off_loop`: a transaction in a thread, never
on the event loop, so a slow commit (a busy disk, a round trip to PostgreSQL) stalls no page.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fathom.core.api import State
from fathom.core.errors import FathomError
from fathom.core.registry import new_game, stored_options
from fathom.server.db import LoggedAction, Store, TableRecord
from fathom.server.protocol import ProtocolError

log = logging.getLogger("fathom.server")


async def off_loop(call: Any, *args: Any) -> Any:
    """``call(*args)`` (a database call) in the default thread pool, the event loop running on meanwhile."""
    return await asyncio.to_thread(call, *args)


def load(store: Store, table_id: str) -> tuple[TableRecord, State, list[LoggedAction]]:
    """A table's record, its position (its log replayed) and its log, from the database."""
    rec = store.table(table_id) if isinstance(table_id, str) and len(table_id) <= 32 else None
    if rec is None:
        raise ProtocolError("no-table", status=404, table=str(table_id)[:32])
    entries = store.log(table_id)
    try:
        rec.options = stored_options(rec.game, rec.options)  # stored before a default changed (R-DB-1)
        state = new_game(rec.game, players=rec.players, seed=rec.seed, **rec.options)
        for entry in entries:
            state.apply(entry.action)
    except FathomError as exc:  # the engine's rules changed under a stored game
        log.error("table %s cannot be replayed: %s", table_id, exc)
        raise ProtocolError("no-table", status=410, table=table_id) from None
    return rec, state, entries


def heard_moves(detail: str, have: int) -> list[LoggedAction] | None:
    """The moves a notification carried that follow the ``have`` this process knows; None: read the log."""
    if not detail:
        return None
    start, _, moves = detail.partition(" ")
    if int(start) != have:
        return None  # a gap (or a move already known): the log says what is true
    return [LoggedAction(int(a), str(name), int(actor), str(source)) for a, name, actor, source in json.loads(moves)]
