"""Turn-based tables: a time per move of hours or days, kept in the database, and nobody's page needed.

A table made with ``"turn_based": true`` has a ``move_time`` (seconds, or ``{"hours": H}``,
``{"days": D}``, ``{"minutes": M}``) instead of the live ``clock``. A *turn* is a person's run of
decisions: it begins at the log index after the last decision of another seat (chance in between
counts as part of it) and that index is the turn's ``move_number`` in every notice. When a turn
begins, any process that has the table in memory writes the turn's deadline to ``fathom_turns``
(the first to write it sets it; a restart reads it back) and queues its "your turn" notice
(:mod:`.outbox`; unique per account, table, move and channel).

Every process sweeps the stored deadlines each ``SWEEP_SECONDS``: a turn past its deadline is taken
by the process that holds the table's lease (:func:`.autoplay.lead`) and wins the turn's row
(:func:`.notice_db.claim_turn`); it seats the stand-in bot for that turn only (the seat comes back
as soon as another seat is to move), and queues a ``timeout`` notice for the person. Bots and dice
play on by themselves as at any table. The same sweep renews this process's presence rows (which
seats have a page open here), which the sender reads before it sends a "your turn" notice.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from fathom.core.api import CHANCE
from fathom.server import notice_db
from fathom.server.live import LiveTable
from fathom.server.protocol import ProtocolError
from fathom.server.storage import off_loop

if TYPE_CHECKING:
    from fathom.server.tables import Referee

log = logging.getLogger("fathom.server")

MIN_MOVE_TIME = 5  # seconds; shorter is a live table's clock
MAX_MOVE_TIME = 30 * 86400  # thirty days
DEFAULT_MOVE_TIME = 86400  # a day, when turn_based is asked for without a move_time
UNITS = {"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400}
SWEEP_SECONDS = 1.0  # how often each process looks for deadlines that passed
PRESENCE_SECONDS = 60.0  # a presence row lasts this long unless its process renews it (every third of it)

MOVE_TIME_HELP = (f"move_time must be a number of seconds or one of {{\"minutes\": M}}, {{\"hours\": H}}, "
                  f"{{\"days\": D}}, from {MIN_MOVE_TIME} seconds to {MAX_MOVE_TIME // 86400} days")


def check(spec: dict[str, Any]) -> dict[str, Any]:
    """A spec's ``turn_based`` and ``move_time``, checked: the settings they add (``{}`` for a live table)."""
    turn_based = spec.get("turn_based", False)
    if not isinstance(turn_based, bool):
        raise ProtocolError("bad-table", detail="turn_based must be true (a time per move of hours or days, "
                                                "no page needed) or false (a live table)")
    if not turn_based:
        if spec.get("move_time") is not None:
            raise ProtocolError("bad-table", detail="move_time is for a turn-based table: add \"turn_based\": true")
        return {}
    if spec.get("clock"):
        raise ProtocolError("bad-table", detail="a turn-based table has a move_time, not a clock: leave clock out")
    raw = spec.get("move_time", DEFAULT_MOVE_TIME)
    return {"turn_based": True, "move_time": move_time_seconds(raw)}


def move_time_seconds(raw: Any) -> int:
    """``move_time`` as whole seconds: a number, or one unit of :data:`UNITS` with its number."""
    if isinstance(raw, dict):
        if len(raw) != 1 or next(iter(raw)) not in UNITS:
            raise ProtocolError("bad-table", detail=MOVE_TIME_HELP)
        unit, amount = next(iter(raw.items()))
    else:
        unit, amount = "seconds", raw
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount != amount:
        raise ProtocolError("bad-table", detail=MOVE_TIME_HELP)
    seconds = amount * UNITS[unit]
    if not MIN_MOVE_TIME <= seconds <= MAX_MOVE_TIME:
        raise ProtocolError("bad-table", detail=MOVE_TIME_HELP)
    return int(round(seconds))


def is_turn_based(table: LiveTable) -> bool:
    return bool(table.rec.settings.get("turn_based"))


def turn_of(table: LiveTable) -> tuple[int, int] | None:
    """(the turn's first log index, the seat) of the person to move now, or None (a bot, chance, the end,
    a seat a stand-in plays)."""
    who = table.state.current_player
    if table.over or who < 0 or table.seat_kind(who) != "human" or who in table.away:
        return None
    start = len(table.log)
    while start > 0 and table.log[start - 1].actor in (who, CHANCE):
        start -= 1
    return start, who


def arm(ref: Referee, table: LiveTable) -> None:
    """After any change: a stand-in's turn is over once another seat is to move; a new turn gets its
    deadline written (off the event loop, never in a move's way) and its notice queued."""
    who = table.state.current_player
    if who >= 0:
        table.away -= {s for s in table.away if s != who}
    turn = turn_of(table)
    if turn is None or turn == table.turn:
        if turn is None:
            table.turn, table.turn_due = None, None
        return
    table.turn, table.turn_due = turn, None
    from fathom.server.autoplay import spawn

    spawn(_begin(ref, table, *turn))


async def _begin(ref: Referee, table: LiveTable, start: int, seat: int) -> None:
    try:
        due = await off_loop(notice_db.open_turn, ref.store, table.id, start, seat, table.rec.settings["move_time"])
        if table.turn == (start, seat):
            table.turn_due = due
            for client in table.clients:
                client.mark()  # the page shows the time left
        here = any(c.seat == seat and not c.closed for c in table.clients)
        if not here:  # a page open on another process: the sender reads the presence rows before sending
            await ref.notices.queue(table, seat, start, "turn")
    except Exception:  # noqa: BLE001 - the next sweep or change tries again; a move is never held up
        log.exception("table %s: could not begin turn %s", table.id, start)
        if table.turn == (start, seat):
            table.turn = None


async def sweep(ref: Referee) -> None:
    """Forever: send the stand-in in for turns past their deadline, renew this process's presence rows."""
    renewed = 0.0
    await off_loop(notice_db.forget_presence, ref.store)
    while True:
        try:
            if time.monotonic() - renewed > PRESENCE_SECONDS / 3:
                renewed = time.monotonic()
                await off_loop(notice_db.mark_present, ref.store, ref.pages_open(), PRESENCE_SECONDS)
            for table_id, start, seat in await off_loop(notice_db.due_turns, ref.store, time.time()):
                await _time_out(ref, table_id, start, seat)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a database hiccup must not end the sweep
            log.exception("turn-based sweep failed")
        await asyncio.sleep(SWEEP_SECONDS)


async def _time_out(ref: Referee, table_id: str, start: int, seat: int) -> None:
    """Turn ``start`` of ``table_id`` ran out: if this process leads the table and wins the turn's row,
    the stand-in plays that turn and the person is told."""
    try:
        table = await ref.open(table_id)
    except ProtocolError:
        await off_loop(notice_db.close_turn, ref.store, table_id, start)
        return
    if not await ref.lead(table):
        return  # another process leads this table: it acts on the deadline
    still = False
    try:
        if not await off_loop(notice_db.claim_turn, ref.store, table_id, start):
            return
        async with table.lock:
            still = turn_of(table) == (start, seat)
            if still:
                table.away.add(seat)
                log.info("table %s: seat %s ran out of time (turn %s); the stand-in plays it", table.id, seat, start)
        if still:
            await ref.notices.queue(table, seat, start, "timeout")
            ref.after_change(table)  # the stand-in plays under this lease, then lets it go (.autoplay)
        await off_loop(notice_db.close_turn, ref.store, table_id, start)
    finally:
        idle = table.runner is None or table.runner.done()
        if not still and idle and ref.store.shared:  # nothing to play here: the lease goes back at once
            table.lease_until = 0.0
            await off_loop(ref.store.drop_lease, table_id)
