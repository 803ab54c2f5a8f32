"""The referee: one live state per table; only this module applies actions.

Every change goes the same way: validate, apply to the live state, commit the new
log items to the database, then wake every connected page, which builds its own
message from ``view(seat)`` and ``events(seat)`` of its seat (spectators: ``None``).
Chance is resolved with ``state.sample_chance()`` and each bot decision by a bot
seeded from the table's seed, seat and move number, so a table is a pure function
of its seed and the people's moves; a restart replays the logs.

A change is validated and applied to a copy of the table's state on the event loop; the
copy replaces the live state once the database has committed it (every database call runs
in a thread, :func:`.storage.off_loop`), and each table's changes pass one at a time (its
lock: moves, undos, claims, re-keys, rematches), so two messages can never interleave inside
one change and nobody is shown a move before it is stored. What takes time (a bot's move, a
hint) is thought out in worker processes (:mod:`.workers`) while the loop goes on sending and
receiving. With several server processes on one PostgreSQL the database's log is the truth: a
step another process wrote first makes this one reload and judge the move again, other
processes' changes arrive through :meth:`Referee.sync`, and only the holder of a table's
lease plays its bots.

The parts live beside it: :mod:`.specs` (a new table checked), :mod:`.seats` (keys, links,
claims), :mod:`.turn_clock`, :mod:`.autoplay` (bots, dice, leases), :mod:`.chat`,
:mod:`.rematch` and :mod:`.storage` (loading from the database).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Callable
from typing import Any, Protocol

from fathom.bots.hint import HINT_BOT, Hint, hint_seed
from fathom.bots.registry import make_bot
from fathom.core.api import State
from fathom.core.errors import FathomError, IllegalActionError
from fathom.server import (account_store, autoplay, chat, forced, notice_db, rematch, seats, specs, standings,
                           turn_based, turn_clock, workers)
from fathom.server.autoplay import BOT_TABLES_PER_WORKER, LEASE_SECONDS, spawn
from fathom.server.clock import now
from fathom.server.db import BotTablesFull, Conflict, KeyChanged, LoggedAction, Store, TableRecord
from fathom.server.i18n import error_text
from fathom.server.live import Client, LiveTable, fork
from fathom.server.outbox import Notices, NoticeSettings
from fathom.server.protocol import ProtocolError
from fathom.server.settings import BOT_TABLE_PACE
from fathom.server.storage import heard_moves, load, off_loop

__all__ = ["LEASE_SECONDS", "Referee", "dumps", "spawn"]

log = logging.getLogger("fathom.server")


class Asker(Protocol):
    """Who asked for a hint (a page, an HTTP request): ``closed`` once it has left."""

    closed: bool


SETTLE_SECONDS = 30.0  # an HTTP move (or a ?wait= look) waits at most this long for the bots' answer
SEAT_TRIES = 5  # a seat change judged again this often when other processes keep changing the seats first
_spawn = spawn  # the name the routes knew it by


class Referee:
    """All live tables, their database and their pages."""

    def __init__(self, store: Store, *, public_url: str = "", bot_workers: int | None = None,
                 rated_bots: bool = False) -> None:
        self.store = store
        self.rated_bots = rated_bots  # ``fathom serve --rated-bots``: rated tables may seat bots
        self.secret = store.secret()
        self.tables: dict[str, LiveTable] = {}
        self.public_url = public_url.rstrip("/")
        self.thinker = workers.Thinker(bot_workers)
        self.max_bot_tables = BOT_TABLES_PER_WORKER * self.thinker.workers
        self.bot_table_pace = BOT_TABLE_PACE
        self.notices = Notices(store, self.secret, NoticeSettings(base_url=self.public_url))  # turn-based play

    # ---- loading ---------------------------------------------------------------------------
    async def restore_all(self) -> int:
        """Load every unfinished table (replaying its log) and let bots/chance carry on."""
        count = 0
        for table_id in await off_loop(self.store.table_ids, "playing"):
            try:
                table = await self.open(table_id)
            except (FathomError, ProtocolError) as exc:  # one broken table must not stop the server
                log.error("table %s cannot be restored: %s", table_id, exc)
                continue
            count += 1
            self._after_change(table)
        await self.count_uncounted()
        return count

    async def count_uncounted(self) -> int:
        """Count the finished tables whose results were never counted (their process stopped between storing
        the last move and counting it); each is replayed from its log, in a thread. Returns how many."""
        done = 0
        for table_id in await self._db(standings.uncounted, self.store):
            try:
                rec, state, entries = await self._db(load, self.store, table_id)
                done += bool(await self._db(standings.record_finished, self.store, rec, state, entries))
            except Exception:  # noqa: BLE001 - one table that cannot be counted must not stop the server
                log.exception("table %s: its results could not be counted", table_id)
        if done:
            log.info("counted %d finished table(s) left uncounted", done)
        return done

    def get(self, table_id: str) -> LiveTable:
        """The table in memory, or loaded from the database right here (startup, tests: not on a live loop)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        table = LiveTable(*load(self.store, table_id))
        self.tables[table_id] = table
        return table

    async def open(self, table_id: str) -> LiveTable:
        """The table in memory, or loaded from the database (in a thread: a long log takes a while)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        loaded = LiveTable(*await off_loop(load, self.store, table_id))
        table = self.tables.setdefault(table_id, loaded)  # another request may have loaded it meanwhile
        if table is loaded and turn_based.is_turn_based(table):
            turn_based.arm(self, table)  # its turn's deadline, as stored (another process began the turn)
        return table

    def forget_unwatched(self, idle_seconds: float) -> int:
        """Drop from memory the tables no page has open and nothing here plays: finished ones, and
        ones without a move for ``idle_seconds`` (abandoned). Why: a server up for weeks would
        otherwise hold every table ever opened. They stay in the database, and :meth:`open` replays a
        table from its log when someone asks for it again. Returns how many were dropped."""
        cutoff = now() - idle_seconds
        gone = [t for t in self.tables.values()
                if not t.clients and t.timer is None and (t.runner is None or t.runner.done())
                and (t.over or (t.changed_at < cutoff and not t.auto_actor()))]
        for table in gone:
            del self.tables[table.id]
        return len(gone)

    async def reload(self, table: LiveTable) -> None:
        """Rebuild ``table`` from the database (another process changed its log), keeping its pages."""
        table.rec, table.state, table.log = await self._db(load, self.store, table.id)
        table.reset()
        self._cut_stale(table)

    async def sync(self, table_id: str, kind: str, detail: str = "") -> None:
        """Another process changed ``table_id`` (``log``: new moves, ``undo``, ``meta``: seats or settings)
        or said something at it (``chat``: the message in ``detail``; ``thinking``: "seat move" of the bot
        it thinks for, ``-`` for none);
        ``detail`` of new moves: their first step and the moves (else they are read from the log)."""
        table = self.tables.get(table_id)
        if table is None:
            return  # not in memory here: read from the database when someone asks for it
        if kind == "chat":  # said on another process: not stored, only passed on
            chat.relay(table, json.loads(detail))
            return
        if kind == "thinking":  # another process thinks out a bot's move: these pages show it too
            seat, move = (detail.split(" ") + ["-", "0"])[:2]
            if seat.isdigit() or seat == "-":
                table.think_for(None if seat == "-" else int(seat), int(move) if move.isdigit() else None)
            return
        async with table.lock:
            if kind == "log":
                new = heard_moves(detail, len(table.log))
                if new is None:
                    new = await self._db(self.store.log, table_id, len(table.log))
                state = fork(table.state)
                try:
                    for entry in new:
                        state.apply(entry.action)
                except FathomError:
                    await self.reload(table)
                else:
                    table.state = state
                    self._extend(table, new)
                if table.over:
                    table.rec.status = "over"
                    await self.count_finished(table)  # in case the process that ended it died first
            elif kind == "undo":
                await self.reload(table)
            else:
                await self._reread(table)
        self._after_change(table, reset=kind == "undo", local=False)

    async def _db(self, call: Any, *args: Any) -> Any:
        """A database call, in a thread (a commit or a round trip would stall every page on the loop)."""
        return await off_loop(call, *args)

    # ---- creating ---------------------------------------------------------------------------
    async def create(self, spec: dict[str, Any], *, carried: list[dict[str, Any]] | None = None,
                     creator: str = "", saved: State | None = None) -> tuple[LiveTable, dict[str, Any]]:
        """A new table from a client's ``spec`` (every field checked, :func:`.specs.build`), stored.

        ``carried``: per seat, what the server itself keeps of an earlier table's seat (a rematch:
        who took it from the lobby); never from a client. ``creator``: the client's address.
        ``saved``: the spec's save, already replayed (off the event loop, by the route).
        """
        rec, state, entries = self._new(spec, carried, saved)
        await self._accounts_exist(rec)
        share = autoplay.bot_tables_per_address(self.max_bot_tables)
        capped = creator and not state.is_terminal() and all(s["kind"] == "bot" for s in rec.seats)
        try:
            await self._db(self.store.create_table, rec, entries, (creator, share) if capped else None)
        except BotTablesFull:
            raise ProtocolError("bot-tables-yours", status=429, limit=share) from None
        table = self._live(rec, state, entries)
        return table, self.links(table)

    async def _accounts_exist(self, rec: TableRecord) -> None:
        """Each seat a spec gives to an account names one that exists (in any case: it is written as
        the account was signed up, and shown under that name)."""
        for i, seat in enumerate(rec.seats):
            if seat.get("account"):
                found = await self._db(account_store.find, self.store, seat["account"])
                if found is None or found.deleted is not None:
                    raise ProtocolError("bad-table", detail=f"seat {i}: there is no account {seat['account']!r}")
                seat["account"] = seat["name"] = found.name

    async def leave_seats(self, account: str) -> int:
        """A deleted ``account``'s seats at tables in play fall to stand-in bots for the rest of their
        games (the seat keeps its name and account, marked ``left``; a new key cuts its open pages).
        Returns how many seats."""
        count = 0
        for rec, held in await self._db(account_store.tables_of, self.store, account, 100_000):
            if rec.status != "playing":
                continue
            try:
                table = await self.open(rec.id)
            except ProtocolError:  # a table that cannot be replayed any more: nothing to play
                continue
            async with table.lock:
                for seat in held:
                    if not table.rec.seats[seat].get("left"):
                        await self._set_seat(table, seat, functools.partial(seats.check_leave, seat=seat))
                        count += 1
            self._after_change(table)
        return count

    def _new(self, spec: Any, carried: list[dict[str, Any]] | None,
             saved: State | None = None) -> tuple[TableRecord, State, list[LoggedAction]]:
        """A new table checked (:func:`.specs.build`) and room for it if only bots play; not stored yet."""
        rec, state, entries = specs.build(spec, carried, saved, rated_bots=self.rated_bots)
        if not state.is_terminal() and all(s["kind"] == "bot" for s in rec.seats):
            autoplay.room_for_bot_table(self)
        return rec, state, entries

    def _live(self, rec: TableRecord, state: State, entries: list[LoggedAction]) -> LiveTable:
        """A table just stored, in memory and under way (its bots and dice move)."""
        table = LiveTable(rec, state, entries)
        self.tables[rec.id] = table
        self._after_change(table)
        return table

    async def count_playing(self, since: float) -> int:
        """Tables in play that moved since ``since`` (the cap on live tables counts these)."""
        return int(await self._db(self.store.count_playing, since))

    # ---- seats and keys ----------------------------------------------------------------------
    async def claim(self, table: LiveTable, seat: Any, name: Any, account: str | None = None) -> dict[str, Any]:
        """Seat the first person who asks at an open seat (one the host left to the lobby): its key and page.
        Of two processes asked at once, one wins (:meth:`_set_seat`); the other answers ``seat-taken``.
        A signed-in ``account`` holds the seat from then on: its session opens it (no key is returned)."""
        async with table.lock:
            await self._set_seat(table, seat, lambda now: seats.check_claim(now, seat, name, account))
        if account:
            return {"seat": seat, "account": account, "url": self.page_url(table, None)}
        return {"seat": seat, "token": self.seat_token(table, seat), "url": self.page_url(table, seat)}

    async def rekey(self, table: LiveTable, seat: Any) -> dict[str, Any]:
        """The host replaces a seat's key (a link that went astray): the old key stops working and its
        pages are disconnected, on every process. A seat someone took from the lobby is not the host's
        to hold: it is opened to the lobby again (no key is returned); any other person's seat gets a new key."""
        async with table.lock:
            values = await self._set_seat(table, seat, lambda now: seats.check_rekey(now, seat))
        if "claimed" in values:
            return {"seat": seat, "reopened": True}
        return {"seat": seat, "reopened": False, "token": self.seat_token(table, seat), "url": self.page_url(table, seat)}

    async def _set_seat(self, table: LiveTable, seat: int,
                        change: Callable[[list[dict[str, Any]]], dict[str, Any]]) -> dict[str, Any]:
        """Write ``change(seats)`` (the new values of ``seat``, or a refusal) as a conditional write: only
        if the stored seats are still the ones it was judged on. If another process changed them first,
        they are read again and the change judged again on them. The caller holds the table's lock.
        Then the pages on an old key are cut and every page shows the seat's new name."""
        for _ in range(SEAT_TRIES):
            seen = table.rec.seats
            values = change(seen)
            new = seats.with_seat(seen, seat, values)
            if await self._db(self.store.replace_seats, table.id, seen, new):
                table.rec.seats = new
                self._cut_stale(table)
                return values
            await self._reread(table)
        raise ProtocolError("busy", status=503, n=0)

    async def _reread(self, table: LiveTable) -> None:
        """Take the table's seats and settings from the database (another process changed them)."""
        rec = await self._db(self.store.table, table.id)
        if rec is not None:
            table.rec.seats, table.rec.settings = rec.seats, rec.settings
        self._cut_stale(table)

    def _cut_stale(self, table: LiveTable) -> None:
        """Cut every page whose seat is on another key than the one it said hello with (re-keyed or
        claimed, here or on another process), and let every page show the seats as they are."""
        for client in table.clients:
            if client.seat is not None and not client.revoked and client.key != seats.key_of(table, client.seat):
                seats.revoke(client, self.error_message(ProtocolError("bad-token", status=403), client.lang))
            client.mark()

    def key_of(self, table: LiveTable, seat: int | None) -> int | None:
        """The key number ``seat`` is on now (``None`` for a spectator): a mover keeps it to show that
        the key it came with still holds when its move is applied."""
        return None if seat is None else seats.key_of(table, seat)

    def seat_token(self, table: LiveTable, seat: int) -> str:
        return seats.seat_token(self.secret, table, seat)

    @staticmethod
    def saved_game(save: Any, game: str, players: int) -> State:
        """The game of a save (``fathom play --save``, or a table's download) to go on with at a new table."""
        return specs.saved_game(save, game, players)

    def links(self, table: LiveTable) -> dict[str, Any]:
        return seats.links(self.public_url, self.secret, table)

    def page_url(self, table: LiveTable, seat: int | None) -> str:
        """The page of ``seat`` at ``table`` (its secret token after ``#``), or the watch page for ``None``."""
        return seats.page_url(self.public_url, self.secret, table, seat)

    def seat_for(self, table: LiveTable, token: str | None, account: str | None = None) -> int | None:
        """The seat a token opens, or with no token the seat the signed-in ``account`` holds (``None``:
        a spectator); a wrong token is refused (:func:`.seats.seat_for`)."""
        return seats.seat_for(self.secret, table, token, account)

    # ---- the next game -------------------------------------------------------------------------
    async def rematch(self, table: LiveTable, seat: int | None) -> tuple[LiveTable, bool]:
        """The next game of a finished table (the same game, options, seats and settings, a new seed),
        and whether this call made it.

        The first person to ask creates it, and every page still open at this table is told its
        own way in (a ``rematch`` message); everyone who asks after is sent to that same table.
        """
        rematch.check(table, seat)
        async with table.lock:
            for _ in range(SEAT_TRIES):
                next_id = table.rec.settings.get("rematch")
                if next_id:
                    return await self.open(next_id), False
                spec, carried = rematch.spec_of(table)
                rec, state, entries = self._new(spec, carried)
                seen = table.rec.settings
                settings = {**seen, "rematch": rec.id}
                # one transaction: the next table, and this one naming it, only if nobody named one first
                if await self._db(self.store.create_rematch, table.id, seen, settings, rec, entries):
                    table.rec.settings = settings
                    break
                await self._reread(table)  # another process made it: go to theirs
            else:
                raise ProtocolError("busy", status=503, n=0)
        following = self._live(rec, state, entries)
        for client in table.clients:
            client.push(self.rematch_message(following, client.seat))
        return following, True

    def rematch_message(self, following: LiveTable, seat: int | None) -> dict[str, Any]:
        return rematch.message(following, self.page_url(following, seat))

    # ---- playing ---------------------------------------------------------------------------
    async def act(self, table: LiveTable, seat: int | None, action: Any, expect: int | None = None,
                  key: int | None = None) -> int:
        """A person's move: validated, applied, committed; returns the new move number.

        ``key``: the seat's key number when the mover's token was checked (its page's hello, the
        request's headers); if the seat has been re-keyed or claimed since, here or on another
        process, the move is refused (``bad-token``) however late its body arrived.
        If another process wrote this step first, the table is reloaded from the log and the
        move judged again on the position everyone now sees (usually: stale, not your turn).
        """
        async with table.lock:
            try:
                try:
                    return await self._act(table, seat, action, expect, key)
                except Conflict:
                    await self.reload(table)
                    return await self._act(table, seat, action, expect, key)
            except KeyChanged:
                await self._reread(table)
                raise ProtocolError("bad-token", status=403) from None

    @staticmethod
    def _holds_key(table: LiveTable, seat: int, key: int | None) -> tuple[int, int] | None:
        """Refuse a seat whose key moved on since ``key`` was read; the (seat, key) the database checks again."""
        if key is None:
            return None
        if seats.key_of(table, seat) != key:
            raise ProtocolError("bad-token", status=403)
        return seat, key

    async def _act(self, table: LiveTable, seat: int | None, action: Any, expect: int | None,
                   key: int | None) -> int:
        if seat is None:
            raise ProtocolError("spectator", status=403)
        held = self._holds_key(table, seat, key)
        st = table.state
        if st.is_terminal():
            raise ProtocolError("game-over", status=409)
        if seat in table.away:
            self.come_back(table, seat)
        if expect is not None and expect != st.move_number():
            raise ProtocolError("stale", status=409, expected=expect, now=st.move_number())
        if st.current_player != seat:
            raise ProtocolError("not-your-turn", status=409, seat=seat)
        try:
            action_id = st.string_to_action(action) if isinstance(action, str) else action
            entry = LoggedAction(action_id, st.action_to_string(action_id), seat, "human")
            st = fork(st)
            st.apply(action_id)
        except IllegalActionError as exc:
            raise ProtocolError("illegal", status=422, detail=str(exc)) from None
        entries = [entry]
        dice = not table.rec.settings.get("bot_delay_ms", 0)  # at a pace the dice wait (:func:`.autoplay.play`)
        autoplay.follow(table, st, entries, dice=dice)  # the dice and forced moves that follow: same commit
        await self.commit(table, st, entries, held)
        self._after_change(table)
        return st.move_number()

    async def settled(self, table: LiveTable, timeout: float = SETTLE_SECONDS, *, paced: bool = False) -> None:
        """Wait until the bots and dice have answered a move at a pace-0 table (a person or the end
        is next), so an HTTP caller's next look finds a person to move; the event loop runs on.

        ``paced``: wait at any table, paced or bots only, as a caller who asked to wait (the
        state's ``?wait=``) would; ``timeout`` bounds it either way.
        """
        if not paced and (table.rec.settings.get("bot_delay_ms", 0) or autoplay.bots_only(table)):
            return
        end = now() + timeout
        while table.auto_actor() and not table.over and now() < end:
            await asyncio.sleep(0.01)

    async def undo(self, table: LiveTable, seat: int | None, expect: int | None = None,
                   key: int | None = None) -> int:
        """Take back the seat's own last move (``key``: as for :meth:`act`)."""
        async with table.lock:
            try:
                return await self._undo(table, seat, expect, key)
            except KeyChanged:
                await self._reread(table)
                raise ProtocolError("bad-token", status=403) from None

    async def _undo(self, table: LiveTable, seat: int | None, expect: int | None, key: int | None) -> int:
        if seat is None:
            raise ProtocolError("spectator", status=403)
        held = self._holds_key(table, seat, key)
        if expect is not None and expect != table.state.move_number():
            raise ProtocolError("stale", status=409, expected=expect, now=table.state.move_number())
        if not table.can_undo(seat):
            raise ProtocolError("no-undo", status=409)
        depth = forced.undo_depth(table, seat)  # the move and the forced moves that followed it
        keep = len(table.log) - depth
        rebuilt = table.state.replayed(keep)
        try:
            await self._db(self.store.truncate, table.id, keep, held, depth)
        except Conflict:  # another process added a move: there is nothing of this seat's to take back
            await self.reload(table)
            raise ProtocolError("no-undo", status=409) from None
        table.log = table.log[:keep]
        table.state = rebuilt
        table.reset()
        self._after_change(table, reset=True)
        return rebuilt.move_number()

    async def prefs(self, table: LiveTable, seat: int | None, msg: dict[str, Any]) -> dict[str, Any]:
        """A person's own settings for their seat (today ``auto_forced``, :mod:`.forced`), kept with it."""
        if seat is None:
            raise ProtocolError("spectator", status=403)
        value = forced.check_prefs(msg)
        async with table.lock:  # the seat's key stays: its pages stay connected
            await self._set_seat(table, seat, lambda now: {forced.SETTING: value})
        self._after_change(table)  # turned on in a forced position: that move plays now
        return {forced.SETTING: value}

    async def hint(self, table: LiveTable, seat: int | None, asker: str = "", page: Asker | None = None) -> Hint:
        """The move level 3 would play for ``seat`` now; changes nothing (the bot decides on a copy
        and, like every bot, reads only what that seat may know).

        Hints take turns by the asker's address (``asker``), after the bots' moves at tables with a
        person seated (:mod:`.workers`); one asked again while it is thought out waits for that one.
        ``page``: who asked (a page, an HTTP request), ``closed`` once it has left. A hint whose seat
        has moved, or whose every asker has left, by its turn is dropped unthought; an asker who gives
        up (this call cancelled: its connection closed) takes the hint out of the queue at once if
        nobody else waits for it, and a hint already thinking then goes to nobody.
        """
        if seat is None:
            raise ProtocolError("spectator", status=403)
        if not table.rec.settings.get("hints", True):
            raise ProtocolError("no-hints", status=403)
        if table.over:
            raise ProtocolError("game-over", status=409)
        if table.state.current_player != seat:
            raise ProtocolError("not-your-turn", status=409, seat=seat)
        move = table.state.move_number()
        cached = table.hints.get(seat)
        if cached is not None and cached[0] == move:  # asking again costs no second search
            return cached[1]
        pending = table.hint_jobs.get(seat)
        if pending is not None and pending[0] == move and not pending[1].done():
            job, askers = pending[1], pending[2]  # the same question is being thought out already
        else:
            askers = []
            job = asyncio.ensure_future(self._think_hint(table, seat, move, asker, askers))
            table.hint_jobs[seat] = (move, job, askers)

            def over(done: asyncio.Future) -> None:
                if table.hint_jobs.get(seat, (0, None, []))[1] is done:
                    del table.hint_jobs[seat]
                if not done.cancelled():
                    done.exception()  # seen here, even if every asker has gone

            job.add_done_callback(over)
        askers.append(page)
        try:
            return await asyncio.shield(job)  # an asker who leaves does not end it for the others
        except asyncio.CancelledError:
            askers.remove(page)
            if not askers and not job.done():
                job.cancel()  # nobody waits for it: out of the queue, or its answer ignored
            raise

    async def _think_hint(self, table: LiveTable, seat: int, move: int, asker: str,
                          askers: list[Asker | None]) -> Hint:
        state = table.state
        bot = table.hint_bots.get(seat)
        if bot is None:
            bot = make_bot(HINT_BOT, table.rec.game, hint_seed(state.seed, seat, move))

        def wanted() -> bool:  # by its turn: the seat has not moved, someone who asked is still there
            return table.state.move_number() == move and any(a is None or not a.closed for a in askers)

        # the bot travels to a worker and back: it keeps its plan (a hinted sail) for the next hint
        hint, bot = await self.thinker.run("hint " + (asker or table.id), workers.HINTS, workers.hint, bot,
                                           state.clone(), wanted=wanted)
        if table.state.move_number() == move and table.state.current_player == seat:
            table.hint_bots[seat] = bot
            table.hints[seat] = (move, hint)
        return hint

    def come_back(self, table: LiveTable, seat: int) -> None:
        if seat in table.away:
            table.away.discard(seat)
            table.deadline_move = -1
            self._after_change(table)

    async def commit(self, table: LiveTable, state: State, entries: list[LoggedAction],
                     key: tuple[int, int] | None = None) -> None:
        """Write ``entries`` to the log (in a thread), then make ``state`` (the live state with them
        applied) the table's; :class:`Conflict` if another process wrote those steps first,
        :class:`KeyChanged` if the mover's seat ``key`` (seat, key number) is no longer its key.
        The caller holds the table's lock."""
        over = state.is_terminal()
        await self._db(self.store.append, table.id, len(table.log), entries,
                       "over" if over and table.rec.status != "over" else None, key)
        table.state = state
        self._extend(table, entries)
        if over:
            table.rec.status = "over"
            if self.store.shared:
                await self._db(self.store.drop_lease, table.id)
            await self.count_finished(table)

    async def count_finished(self, table: LiveTable) -> None:
        """Count a finished table's results and ratings (:mod:`.standings`): once, whichever process and
        however many times this is called. A failure is logged; it never takes back the game's end."""
        if not any(s.get("account") for s in table.rec.seats):
            return
        try:
            await self._db(standings.record_finished, self.store, table.rec, table.state, list(table.log))
        except Exception:  # noqa: BLE001 - the move that ended the game is stored and stays
            log.exception("table %s: its results could not be counted", table.id)

    def _extend(self, table: LiveTable, entries: list[LoggedAction]) -> None:
        table.log.extend(entries)
        table.changed_at = now()
        movers = {e.actor for e in entries if e.actor >= 0}
        for seat in [s for s in table.hint_bots if movers - {s}]:
            del table.hint_bots[seat]  # another seat moved: that seat's hinted plan (a sail) is over

    async def lead(self, table: LiveTable) -> bool:
        """May this process play ``table``'s bots and dice now (:func:`.autoplay.lead`)?"""
        return await autoplay.lead(self, table)

    def _after_change(self, table: LiveTable, reset: bool = False, local: bool = True) -> None:
        """Let the server's own actors move, arm the turn clock, wake the pages.

        After a change made here (``local``) the dice and bots play on from this process. A
        change heard from another process is only shown: that process plays on (if it dies, the
        lease sweep of :mod:`.notify` takes over).
        """
        if local:
            self.drive(table)
        self.arm_clock(table)
        for client in table.clients:
            client.mark(reset)

    after_change = _after_change  # for the turn-based sweep (:mod:`.turn_based`)

    def drive(self, table: LiveTable) -> None:
        """Start playing the server's moves at ``table`` if they are due and nobody plays them yet."""
        if table.auto_actor() and not table.over and (table.runner is None or table.runner.done()):
            table.runner = spawn(autoplay.play(self, table))

    # ---- the turn clock ------------------------------------------------------------------------
    def arm_clock(self, table: LiveTable) -> None:
        turn_clock.arm(table, self._clock_ran_out)
        if turn_based.is_turn_based(table):  # a deadline of hours or days, kept in the database
            turn_based.arm(self, table)

    def _clock_ran_out(self, table: LiveTable, move: int, seat: int) -> None:
        if not turn_clock.still_due(table, move, seat):
            return
        table.away.add(seat)
        table.deadline = None
        log.info("table %s: seat %s ran out of time; a stand-in bot plays", table.id, seat)
        self._after_change(table)

    # ---- pages -----------------------------------------------------------------------------
    def attach(self, table: LiveTable, client: Client) -> None:
        """A page joins the table; a seat's page holds the key its hello was checked against just now."""
        if client.seat is not None:
            client.key = seats.key_of(table, client.seat)
        table.clients.add(client)
        if client.seat is not None and turn_based.is_turn_based(table):  # no "your turn" notice while it is open
            spawn(self._db(notice_db.mark_present, self.store, [(table.id, client.seat)], turn_based.PRESENCE_SECONDS))
        if client.seat is not None and client.seat in table.away:
            self.come_back(table, client.seat)
        for other in table.clients:
            other.mark()

    def detach(self, table: LiveTable, client: Client) -> None:
        client.closed = True
        client.wake.set()
        table.clients.discard(client)
        seat = client.seat
        if seat is not None and turn_based.is_turn_based(table) and all(c.seat != seat for c in table.clients):
            spawn(self._db(notice_db.mark_gone, self.store, table.id, seat))
        for other in table.clients:
            other.mark()
        # a finished table nobody watches stays until the sweep (forget_unwatched): reopening its page
        # must not replay the whole game each time

    def pages_open(self) -> list[tuple[str, int]]:
        """(table, seat) of every seat's page open on this process at a turn-based table."""
        return sorted({(t.id, c.seat) for t in self.tables.values() if turn_based.is_turn_based(t)
                       for c in t.clients if c.seat is not None and not c.closed})

    def error_message(self, exc: ProtocolError, lang: str) -> dict[str, Any]:
        return {"type": "error", "code": exc.code, "message": error_text(exc.code, lang, exc.params),
                "detail": exc.params.get("detail")}

    def chat(self, table: LiveTable, seat: int | None, text: str) -> None:
        msg = chat.message(table, seat, text)
        chat.relay(table, msg)
        if self.store.shared:  # pages of this table on other processes hear it through the database
            spawn(self._db(self.store.announce, table.id, "chat", dumps(msg)))

    @staticmethod
    def reads_chat(table: LiveTable, seat: int | None) -> bool:
        """The chat is the seats' own, unless the table lets spectators read it (``spectator_chat``)."""
        return chat.reads_chat(table, seat)

    def save_json(self, table: LiveTable) -> str:
        return table.state.to_json()


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))
