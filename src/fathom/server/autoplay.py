"""The server's own moves at a table: dice, bots and stand-ins, thought out in workers, under a lease.

At pace 0 the dice roll at once (no lease needed: the log's key settles a race); bots think in
workers (the loop stays free) under this process's lease of the table, and an all-bot table
waits ``bot_table_pace`` between moves anyway, so it cannot run flat out. Each bot decision is
seeded from the table's seed, the move number and the seat, so a table is a pure function of its
seed and the people's moves.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from fathom.bots.registry import decides_at_once, make_bot
from fathom.core.api import CHANCE, State
from fathom.server import forced, workers
from fathom.server.db import Conflict, LoggedAction
from fathom.server.live import LiveTable, fork
from fathom.server.pace import Pacer
from fathom.server.protocol import ProtocolError
from fathom.server.storage import off_loop

if TYPE_CHECKING:
    from fathom.server.tables import Referee

log = logging.getLogger("fathom.server")

MAX_AUTO_STEPS = 100_000
BOT_TABLES_PER_WORKER = 8  # all-bot tables in play per worker process, by default
LEASE_SECONDS = 3.0  # a process that stops renewing a table's lease (it died) loses it after this


def bots_only(table: LiveTable) -> bool:
    """A table where only bots play (paced, counted against the all-bot cap, served after people's)."""
    return all(s["kind"] == "bot" for s in table.rec.seats)


def room_for_bot_table(ref: Referee) -> None:
    """All-bot tables keep workers busy with nobody watching for it: a few at a time per process.
    (A quarter of those per client address, on every process: counted in the database when the
    table is stored, :meth:`.db.Store.create_table`.)"""
    playing = [t for t in ref.tables.values() if bots_only(t) and not t.over]
    if len(playing) >= ref.max_bot_tables:
        raise ProtocolError("bot-tables-full", status=503, limit=ref.max_bot_tables)


def bot_tables_per_address(max_bot_tables: int) -> int:
    """All-bot tables in play one client address may have made, on all processes together."""
    return max(1, max_bot_tables // 4)


def chance(st: State) -> LoggedAction:
    """The dice's (or the deck's) next outcome, drawn from the state's own seeded generator."""
    action = st.sample_chance()
    return LoggedAction(action, st.action_to_string(action), CHANCE, "chance")


def follow(table: LiveTable, st: State, entries: list[LoggedAction], *, dice: bool = True,
           one_die: bool = False) -> None:
    """Play on ``st`` (a position not yet committed, after ``entries``) the dice (``dice``) and the
    people's forced moves (:mod:`.forced`) that follow, adding them to ``entries``: they go to the
    database in the same commit and to the pages in the same message. Why: one commit and one
    message per forced move, on top of the move before it, cost every table a round trip and a
    state built for each page. ``one_die``: stop after a die (an all-bot table's pace)."""
    while len(entries) < MAX_AUTO_STEPS:
        if st.current_player == CHANCE and dice:
            entries.append(chance(st))
        elif forced.due(table, st):
            entries.append(forced.entry(st))
        else:
            return
        st.apply(entries[-1].action)
        if one_die and entries[-1].source == "chance":
            return


async def lead(ref: Referee, table: LiveTable) -> bool:
    """May this process play ``table``'s bots and dice now? Always with one process; with several
    on one database, only the holder of the table's lease (renewed while it plays)."""
    if not ref.store.shared:
        return True
    at = time.time()
    if table.lease_until - at > LEASE_SECONDS / 2:
        return True
    held = await off_loop(ref.store.take_lease, table.id, LEASE_SECONDS)
    table.lease_until = at + LEASE_SECONDS if held else 0.0
    return held


async def think(ref: Referee, table: LiveTable) -> LoggedAction:
    """The move of the bot (or a stand-in for a person out of time) in the seat to move, thought
    out in a worker; seeded from the table's seed, the move number and the seat, as ever."""
    st = table.state
    who = st.current_player
    seat_rec = table.rec.seats[who]
    away = seat_rec["kind"] != "bot"
    name = table.rec.settings.get("stand_in", "0") if away else seat_rec["bot"]
    seed = (table.rec.seed * 1_000_003 + st.move_number() * 7919 + who) % (2**62)
    lane = workers.BOTS if bots_only(table) else workers.PEOPLE
    try:
        if decides_at_once(name, table.rec.game):  # cheaper here than a trip to a worker (same bot, same move)
            action, problem = workers.bot_move(name, table.rec.game, seed, st.clone())
        else:
            action, problem = await ref.thinker.run(table.id, lane, workers.bot_move, name, table.rec.game,
                                                    seed, st.clone())
    except ProtocolError:
        raise  # busy: the caller waits and asks again
    except Exception as exc:  # noqa: BLE001 - a worker that died must not stop the table
        action, problem = make_bot("random", table.rec.game, seed).choose(st.clone()), f"worker failed ({exc!r})"
    if problem:
        log.warning("table %s: %s; playing a random legal move", table.id, problem)
    return LoggedAction(action, st.action_to_string(action), who, "clock" if away else "bot")


def still(ref: Referee, table: LiveTable, state: State, move: int) -> bool:
    """Is ``table`` still live here and at move ``move`` of ``state`` (nobody moved, undid, reloaded)?"""
    return ref.tables.get(table.id) is table and table.state is state and state.move_number() == move


def think_for(ref: Referee, table: LiveTable, seat: int | None) -> None:
    """This process now thinks for ``seat`` (``None``: nobody): its pages are told, and with several
    processes the others too (a ``thinking`` notice, :mod:`.notify`), so every page of the table shows
    the thinking mark, not only those connected to the process that plays the bots."""
    if table.think_for(seat) and ref.store.shared:
        detail = f"{'-' if seat is None else seat} {table.state.move_number()}"
        spawn(off_loop(ref.store.announce, table.id, "thinking", detail))


async def play(ref: Referee, table: LiveTable) -> None:
    """Play the server's moves (dice, bots, stand-ins) until a person is to move or the game ends."""
    delay = table.rec.settings.get("bot_delay_ms", 0) / 1000
    only_bots = bots_only(table)
    if only_bots:
        delay = max(delay, ref.bot_table_pace)
    pacer = Pacer(delay)  # with a person: one pause per move, not per step (fathom.server.pace)
    while table.auto_actor() and not table.over and ref.tables.get(table.id) is table:
        st = table.state
        who, move = st.current_player, st.move_number()
        only = forced.due(table)  # a person's only move: played at once, like a die at pace 0
        if (who != CHANCE and not only or delay > 0) and not await lead(ref, table):
            return  # another process plays this table's bots; :meth:`Referee.sync` shows their moves
        think_for(ref, table, None if who == CHANCE or only else who)
        if delay > 0 and not only and (who == CHANCE or only_bots):
            await asyncio.sleep(delay / 2 if who == CHANCE else delay)
            if not still(ref, table, st, move):
                continue
        entries = []
        if only:
            entries.append(forced.entry(st))
        elif who != CHANCE:
            pause, started = (0.0 if only_bots else pacer.before(st)), time.monotonic()
            try:
                entries.append(await think(ref, table))
            except ProtocolError:  # the workers' queue is full: wait for room
                await asyncio.sleep(0.2)
                continue
            await asyncio.sleep(max(0.0, pause - (time.monotonic() - started)))  # thinking counts towards it
        async with table.lock:
            if not still(ref, table, st, move):
                continue
            st = fork(st)
            if entries:
                st.apply(entries[0].action)
            follow(table, st, entries, one_die=delay > 0 and only_bots)
            try:
                await ref.commit(table, st, entries)
            except Conflict:  # another process played this step: its log is the truth
                await ref.reload(table)
        ref.arm_clock(table)
        for client in table.clients:
            client.mark()
    think_for(ref, table, None)
    if ref.store.shared and table.lease_until and ref.tables.get(table.id) is table:
        table.lease_until = 0.0  # a person is to move: whichever process hears their move plays on
        await off_loop(ref.store.drop_lease, table.id)


_TASKS: set[asyncio.Task] = set()


def spawn(coro: Any) -> asyncio.Task:
    """Run ``coro`` on the loop, keeping a reference so it is not collected mid-way."""
    task = asyncio.get_running_loop().create_task(coro)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)
    return task
