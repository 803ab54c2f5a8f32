"""The referee: one live state per table; only this module applies actions.

Every change goes the same way: validate, apply to the live state, commit the new
log items to the database, then wake every connected page, which builds its own
message from ``view(seat)`` and ``events(seat)`` of its seat (spectators: ``None``).
Chance is resolved with ``state.sample_chance()`` and each bot decision by a bot
seeded from the table's seed, seat and move number, so a table is a pure function
of its seed and the people's moves; a restart replays the logs.

A change is validated and applied to a copy of the table's state on the event loop; the
copy replaces the live state once the database has committed it (PostgreSQL's commit
runs in a thread), and each table's changes pass one at a time (its lock), so two messages can
never interleave inside one change and nobody is shown a move before it is stored. What
takes time (a bot's move, a hint) is thought out in worker processes (:mod:`.workers`)
while the loop goes on sending and receiving.
With several server processes on one PostgreSQL the database's log is the truth: a
step another process wrote first makes this one reload and judge the move again, other
processes' changes arrive through :meth:`Referee.sync`, and only the holder of a
table's lease plays its bots.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import Any

from fathom.bots.hint import HINT_BOT, Hint
from fathom.bots.registry import make_bot
from fathom.core.api import CHANCE, State
from fathom.core.errors import FathomError, IllegalActionError
from fathom.core.registry import game_class, game_names, load, new_game, stored_options
from fathom.server import auth, workers
from fathom.server.catalog import bot_available, bot_choices, check_options
from fathom.server.clock import now
from fathom.server.db import Conflict, LoggedAction, Store, TableRecord, still_open
from fathom.server.i18n import error_text
from fathom.server.live import Client, LiveTable, fork
from fathom.server.protocol import ProtocolError

log = logging.getLogger("fathom.server")

MAX_SEAT_NAME = 24
MAX_AUTO_STEPS = 100_000
SETTINGS = ("clock", "bot_delay_ms", "stand_in", "hints", "spectator_chat")  # a table's own, kept by a rematch
SPEC_FIELDS = ("game", "seats", "options", "seed", "players", "save", *SETTINGS)
SEAT_FIELDS = ("kind", "name", "bot", "open")
BOT_TABLE_PACE = 0.05  # seconds between moves of a table where only bots play, even at bot_delay_ms 0
BOT_TABLES_PER_WORKER = 8  # all-bot tables in play per worker process, by default
LEASE_SECONDS = 3.0  # a process that stops renewing a table's lease (it died) loses it after this
SETTLE_SECONDS = 30.0  # an HTTP move waits at most this long for the bots' answer at pace 0


class Referee:
    """All live tables, their database and their pages."""

    def __init__(self, store: Store, *, public_url: str = "", bot_workers: int | None = None) -> None:
        self.store = store
        self.secret = store.secret()
        self.tables: dict[str, LiveTable] = {}
        self.public_url = public_url.rstrip("/")
        self.thinker = workers.Thinker(bot_workers)
        self.max_bot_tables = BOT_TABLES_PER_WORKER * self.thinker.workers
        self.bot_table_pace = BOT_TABLE_PACE

    # ---- loading ---------------------------------------------------------------------------
    def restore_all(self) -> int:
        """Load every unfinished table (replaying its log) and let bots/chance carry on."""
        count = 0
        for table_id in self.store.table_ids("playing"):
            try:
                table = self.get(table_id)
            except (FathomError, ProtocolError) as exc:  # one broken table must not stop the server
                log.error("table %s cannot be restored: %s", table_id, exc)
                continue
            count += 1
            self._after_change(table)
        return count

    def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        table = LiveTable(*self._load(table_id))
        self.tables[table_id] = table
        return table

    def forget_unwatched(self, idle_seconds: float) -> int:
        """Drop from memory the tables no page has open and nothing here plays: finished ones, and
        ones without a move for ``idle_seconds`` (abandoned). Why: a server up for weeks would
        otherwise hold every table ever opened. They stay in the database, and :meth:`get` replays a
        table from its log when someone asks for it again. Returns how many were dropped."""
        cutoff = now() - idle_seconds
        gone = [t for t in self.tables.values()
                if not t.clients and t.timer is None and (t.runner is None or t.runner.done())
                and (t.over or (t.changed_at < cutoff and not t.auto_actor()))]
        for table in gone:
            del self.tables[table.id]
        return len(gone)

    def _load(self, table_id: str) -> tuple[TableRecord, State, list[LoggedAction]]:
        """A table's record, its position (its log replayed) and its log, from the database."""
        rec = self.store.table(table_id) if isinstance(table_id, str) and len(table_id) <= 32 else None
        if rec is None:
            raise ProtocolError("no-table", status=404, table=str(table_id)[:32])
        entries = self.store.log(table_id)
        try:
            rec.options = stored_options(rec.game, rec.options)  # stored before a default changed (R-DB-1)
            state = new_game(rec.game, players=rec.players, seed=rec.seed, **rec.options)
            for entry in entries:
                state.apply(entry.action)
        except FathomError as exc:  # the engine's rules changed under a stored game
            log.error("table %s cannot be replayed: %s", table_id, exc)
            raise ProtocolError("no-table", status=410, table=table_id) from None
        return rec, state, entries

    async def reload(self, table: LiveTable) -> None:
        """Rebuild ``table`` from the database (another process changed its log), keeping its pages."""
        table.rec, table.state, table.log = await self._db(self._load, table.id)
        table.changed_at = now()
        table._checkpoints.clear()
        table.hints.clear()
        table.hint_bots.clear()
        for client in table.clients:
            client.mark(reset=True)

    async def sync(self, table_id: str, kind: str, detail: str = "") -> None:
        """Another process changed ``table_id`` (``log``: new moves, ``undo``, ``meta``: seats or settings)
        or said something at it (``chat``: the message in ``detail``);
        ``detail`` of new moves: their first step and the moves (else they are read from the log)."""
        table = self.tables.get(table_id)
        if table is None:
            return  # not in memory here: read from the database when someone asks for it
        if kind == "chat":  # said on another process: not stored, only passed on
            self._relay_chat(table, json.loads(detail))
            return
        async with table.lock:
            if kind == "log":
                new = _heard_moves(detail, len(table.log))
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
            elif kind == "undo":
                await self.reload(table)
            else:
                rec = await self._db(self.store.table, table_id)
                if rec is not None:
                    table.rec.seats, table.rec.settings = rec.seats, rec.settings
        self._after_change(table, reset=kind == "undo", local=False)

    async def _db(self, call: Any, *args: Any) -> Any:
        """A database call: in a thread for a database server (a round trip would stall the loop),
        right here for SQLite (in-process and quicker than the hop to a thread)."""
        if self.store.shared:
            return await asyncio.to_thread(call, *args)
        return call(*args)

    # ---- creating ---------------------------------------------------------------------------
    def create(self, spec: dict[str, Any], *, carried: list[dict[str, Any]] | None = None) -> tuple[LiveTable, dict[str, Any]]:
        """A new table from a client's ``spec`` (every field checked; see docs/web.md).

        ``carried``: per seat, what the server itself keeps of an earlier table's seat (a rematch:
        who took it from the lobby); never from a client.
        """
        if not isinstance(spec, dict):
            raise ProtocolError("bad-table", detail="expected an object")
        unknown = sorted(str(k)[:40] for k in spec if k not in SPEC_FIELDS)
        if unknown:
            raise ProtocolError("bad-table", detail=f"unknown field {unknown[0]!r}; allowed: {', '.join(SPEC_FIELDS)}")
        game = spec.get("game")
        if game not in game_names():
            raise ProtocolError("bad-table", detail=f"game must be one of {', '.join(game_names())}")
        cls = game_class(game)
        seats_in = spec.get("seats")
        if not isinstance(seats_in, list) or not cls.min_players <= len(seats_in) <= cls.max_players:
            raise ProtocolError("bad-table",
                                detail=f"seats must list {cls.min_players} to {cls.max_players} seats")
        if "players" in spec and spec["players"] != len(seats_in):
            raise ProtocolError("bad-table", detail=f"players is {str(spec['players'])[:20]} but the seat list has "
                                                    f"{len(seats_in)} seats: they must agree ({game}: "
                                                    f"{cls.min_players} to {cls.max_players})")
        seats = [self._seat(i, s, game) for i, s in enumerate(seats_in)]
        for seat, extra in zip(seats, carried or []):
            seat.update(extra)
        saved = self.saved_game(spec.get("save"), game, len(seats)) if spec.get("save") is not None else None
        options = check_options(game, spec.get("options") or {})  # a save brings its own options and seed
        seed = saved.seed if saved else spec.get("seed")
        if seed is None:
            seed = secrets.randbits(52)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
            raise ProtocolError("bad-table", detail="seed must be a non-negative integer")
        settings = self._settings(spec, game)
        try:
            state = saved or new_game(game, players=len(seats), seed=seed, **options)
        except FathomError as exc:
            raise ProtocolError("bad-table", detail=str(exc)) from None
        options = {k: v for k, v in state.game.options.items() if k != "data_file"}
        # a save's moves so far, each with its author; marked imported, so none can be taken back here
        log = [LoggedAction(a, state.action_to_string(a), who, "import")
               for a, who in zip(state.history(), state.movers())] if saved else []
        if not state.is_terminal() and all(s["kind"] == "bot" for s in seats):
            self._room_for_bot_table()
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        rec = TableRecord(id=table_id, game=game, players=len(seats), seed=seed, options=options, seats=seats,
                          settings=settings,
                          status="over" if state.is_terminal() else "playing")  # a finished save: to replay
        self.store.create_table(rec)
        self.store.append(table_id, 0, log)
        table = LiveTable(rec, state, log)
        self.tables[table_id] = table
        self._after_change(table)
        return table, self.links(table)

    @staticmethod
    def _seat(i: int, s: Any, game: str) -> dict[str, Any]:
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
            raise ProtocolError("bad-table", detail=f"seat {i}: kind must be 'human' or 'bot'")
        unknown = sorted(str(k)[:40] for k in s if k not in SEAT_FIELDS)
        if unknown:
            raise ProtocolError("bad-table", detail=f"seat {i}: unknown field {unknown[0]!r}; allowed: {', '.join(SEAT_FIELDS)}")
        name = s.get("name") or ""
        if not isinstance(name, str) or len(name) > MAX_SEAT_NAME:
            raise ProtocolError("bad-table", detail=f"seat {i}: name must be text of at most {MAX_SEAT_NAME}")
        seat = {"kind": s["kind"], "name": name.strip()}
        if s.get("open") is not None:
            if s["kind"] != "human" or not isinstance(s["open"], bool):
                raise ProtocolError("bad-table", detail=f"seat {i}: open (true or false) is for a person's seat")
            seat["open"] = s["open"]  # anyone in the lobby may take it, once
        if s["kind"] == "bot":
            bot = str(s.get("bot", "0"))
            if not bot_available(bot, game):
                allowed = ", ".join(b["id"] for b in bot_choices(game))
                raise ProtocolError("bad-table", detail=f"seat {i}: no bot {bot!r}; allowed: {allowed}")
            seat["bot"] = bot
        return seat

    @staticmethod
    def _settings(spec: dict[str, Any], game: str) -> dict[str, Any]:
        """The table's own settings (clock, bots' pace, stand-in, hints, chat for spectators), checked."""
        clock = spec.get("clock", 0) or 0
        delay = spec.get("bot_delay_ms", 0) or 0
        if isinstance(clock, bool) or not isinstance(clock, (int, float)) or not 0 <= clock <= 3600:
            raise ProtocolError("bad-table", detail="clock must be 0 (off) to 3600 seconds")
        if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay <= 5000:
            raise ProtocolError("bad-table", detail="bot_delay_ms must be 0 to 5000")
        flags = {}
        for name, default, what in (("hints", True, "allowed"), ("spectator_chat", False, "spectators read the chat")):
            flags[name] = spec.get(name, default)
            if not isinstance(flags[name], bool):
                raise ProtocolError("bad-table", detail=f"{name} must be true ({what}) or false")
        stand_in = str(spec.get("stand_in", "1"))
        if not bot_available(stand_in, game):
            stand_in = "0"
        return {"clock": clock, "bot_delay_ms": delay, "stand_in": stand_in, **flags}

    def _room_for_bot_table(self) -> None:
        """All-bot tables keep workers busy with nobody watching for it: a few at a time per process."""
        playing = sum(1 for t in self.tables.values() if _bots_only(t) and not t.over)
        if playing >= self.max_bot_tables:
            raise ProtocolError("bot-tables-full", status=503, limit=self.max_bot_tables)

    def claim(self, table: LiveTable, seat: Any, name: Any) -> dict[str, Any]:
        """Seat the first person who asks at an open seat (one the host left to the lobby): its key and page."""
        n = table.rec.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ProtocolError("bad-message", detail=f"seat must be a seat number 0 to {n - 1}")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_SEAT_NAME:
            raise ProtocolError("bad-message", detail=f"name must be text of 1 to {MAX_SEAT_NAME} characters")
        rec_seat = table.rec.seats[seat]
        if not rec_seat.get("open"):
            raise ProtocolError("seat-not-open", status=409, seat=seat + 1)
        if rec_seat.get("claimed"):
            raise ProtocolError("seat-taken", status=409, seat=seat + 1)
        # a fresh key: whatever key the host was given for this seat stops working now
        self._set_seat(table, seat, claimed=True, name=name.strip(), key=rec_seat.get("key", 0) + 1)
        for client in [c for c in table.clients if c.seat == seat]:
            self._revoke(client)
        return {"seat": seat, "token": self.seat_token(table, seat), "url": self.page_url(table, seat)}

    def rekey(self, table: LiveTable, seat: Any) -> dict[str, Any]:
        """The host replaces a seat's key (a link that went astray): the old key stops working and its
        pages are disconnected. A seat someone took from the lobby is not the host's to hold: it is
        opened to the lobby again (no key is returned); any other person's seat gets a new key."""
        n = table.rec.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n or table.seat_kind(seat) != "human":
            people = ", ".join(str(i) for i in range(n) if table.seat_kind(i) == "human")
            raise ProtocolError("bad-message", detail=f"seat must be a person's seat number: {people}")
        rec_seat = table.rec.seats[seat]
        key = rec_seat.get("key", 0) + 1
        if rec_seat.get("claimed"):
            self._set_seat(table, seat, claimed=False, open=True, name="", key=key)
        else:
            self._set_seat(table, seat, key=key)
        for client in [c for c in table.clients if c.seat == seat]:
            self._revoke(client)
        if rec_seat.get("claimed"):
            return {"seat": seat, "reopened": True}
        return {"seat": seat, "reopened": False, "token": self.seat_token(table, seat), "url": self.page_url(table, seat)}

    def _revoke(self, client: Client) -> None:
        """A page whose seat key was replaced is told so and disconnected (its writer closes it)."""
        client.push(self.error_message(ProtocolError("bad-token", status=403), client.lang))
        client.revoked = True

    def _set_seat(self, table: LiveTable, seat: int, **values: Any) -> None:
        seats = [dict(s) for s in table.rec.seats]
        seats[seat].update(values)
        table.rec.seats = seats
        self.store.update_table(table.id, seats=seats)
        for client in table.clients:  # every page shows the seat's new name
            client.mark()

    def seat_token(self, table: LiveTable, seat: int) -> str:
        return auth.seat_token(self.secret, table.id, seat, table.rec.seats[seat].get("key", 0))

    @staticmethod
    def saved_game(save: Any, game: str, players: int) -> State:
        """The game of a save (``fathom play --save``, or a table's download) to go on with at a new table."""
        if not isinstance(save, dict):
            raise ProtocolError("bad-table", detail="save must be the object of a fathom save file")
        if save.get("game") != game:
            raise ProtocolError("bad-table", detail=f"the save is a game of {save.get('game')!r}, not {game}")
        if save.get("players") != players:
            raise ProtocolError("bad-table", detail=f"the save has {save.get('players')} players: give it as many seats")
        check_options(game, save.get("options"), where="the save's options")  # no engine settings, no data_file
        try:
            return load(json.dumps({k: v for k, v in save.items() if k != "table"}))
        except FathomError as exc:
            raise ProtocolError("bad-table", detail=str(exc)) from None

    def links(self, table: LiveTable) -> dict[str, Any]:
        seats = []
        for i, s in enumerate(table.rec.seats):
            entry: dict[str, Any] = {"seat": i, "kind": s["kind"], "name": s.get("name", "")}
            if s.get("claimed"):
                entry["claimed"] = True  # its key is its taker's alone
            elif s["kind"] == "human":
                entry["token"] = self.seat_token(table, i)
                entry["url"] = self.page_url(table, i)
                entry["open"] = still_open(s)  # its key works until someone takes the seat
            seats.append(entry)
        return {"id": table.id, "host_token": auth.host_token(self.secret, table.id), "seats": seats,
                "watch_url": self.page_url(table, None)}

    def page_url(self, table: LiveTable, seat: int | None) -> str:
        """The page of ``seat`` at ``table`` (its secret token after ``#``), or the watch page for ``None``."""
        url = f"{self.public_url}/t/{table.id}"
        return url if seat is None else f"{url}#token={self.seat_token(table, seat)}"

    def rematch(self, table: LiveTable, seat: int | None) -> tuple[LiveTable, bool]:
        """The next game of a finished table (the same game, options, seats and settings, a new seed),
        and whether this call made it.

        The first person to ask creates it, and every page still open at this table is told its
        own way in (a ``rematch`` message); everyone who asks after is sent to that same table.
        """
        if seat is None:
            raise ProtocolError("spectator", status=403)
        if not table.over:
            raise ProtocolError("rematch-early", status=409)
        next_id = table.rec.settings.get("rematch")
        if next_id:
            return self.get(next_id), False
        seats = [{k: v for k, v in s.items() if k in SEAT_FIELDS} for s in table.rec.seats]
        for new, old in zip(seats, table.rec.seats):
            if new["kind"] == "human":
                new["open"] = still_open(old)
        carried = [{"claimed": True} if s.get("claimed") else {} for s in table.rec.seats]  # a taken seat stays
        settings = {k: v for k, v in table.rec.settings.items() if k in SETTINGS}  # its taker's, sent its link
        following, _ = self.create({"game": table.rec.game, "seats": seats, "options": table.rec.options,
                                    **settings}, carried=carried)
        table.rec.settings = {**table.rec.settings, "rematch": following.id}
        self.store.update_table(table.id, settings=table.rec.settings)
        for client in table.clients:
            client.push(self.rematch_message(following, client.seat))
        return following, True

    def rematch_message(self, following: LiveTable, seat: int | None) -> dict[str, Any]:
        return {"type": "rematch", "table": following.id, "url": self.page_url(following, seat)}

    def seat_for(self, table: LiveTable, token: str | None) -> int | None:
        """The seat a token opens (``None`` for no token); a wrong token is refused."""
        if token is None or token == "":
            return None
        seat = auth.seat_of(self.secret, table.id, token, [s.get("key", 0) for s in table.rec.seats])
        if seat is None or table.seat_kind(seat) != "human":
            raise ProtocolError("bad-token", status=403)
        return seat

    # ---- playing ---------------------------------------------------------------------------
    async def act(self, table: LiveTable, seat: int | None, action: Any, expect: int | None = None) -> int:
        """A person's move: validated, applied, committed; returns the new move number.

        If another process wrote this step first, the table is reloaded from the log and the
        move judged again on the position everyone now sees (usually: stale, not your turn).
        """
        async with table.lock:
            try:
                return await self._act(table, seat, action, expect)
            except Conflict:
                await self.reload(table)
                return await self._act(table, seat, action, expect)

    async def _act(self, table: LiveTable, seat: int | None, action: Any, expect: int | None) -> int:
        if seat is None:
            raise ProtocolError("spectator", status=403)
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
        if not table.rec.settings.get("bot_delay_ms", 0):  # the dice that follow: same commit, same message
            while st.current_player == CHANCE and len(entries) < MAX_AUTO_STEPS:
                entries.append(self._chance(st))
                st.apply(entries[-1].action)
        await self._commit(table, st, entries)
        self._after_change(table)
        return st.move_number()

    async def settled(self, table: LiveTable, timeout: float = SETTLE_SECONDS) -> None:
        """Wait until the bots and dice have answered a move at a pace-0 table (a person or the end
        is next), so an HTTP caller's next look finds a person to move; the event loop runs on."""
        if table.rec.settings.get("bot_delay_ms", 0) or _bots_only(table):
            return
        end = now() + timeout
        while table.auto_actor() and not table.over and now() < end:
            await asyncio.sleep(0.01)

    async def undo(self, table: LiveTable, seat: int | None, expect: int | None = None) -> int:
        async with table.lock:
            return await self._undo(table, seat, expect)

    async def _undo(self, table: LiveTable, seat: int | None, expect: int | None) -> int:
        if seat is None:
            raise ProtocolError("spectator", status=403)
        if expect is not None and expect != table.state.move_number():
            raise ProtocolError("stale", status=409, expected=expect, now=table.state.move_number())
        if not table.can_undo(seat):
            raise ProtocolError("no-undo", status=409)
        keep = len(table.log) - 1
        rebuilt = table.state.replayed(keep)
        try:
            await self._db(self.store.truncate, table.id, keep)
        except Conflict:  # another process added a move: there is nothing of this seat's to take back
            await self.reload(table)
            raise ProtocolError("no-undo", status=409) from None
        table.log = table.log[:keep]
        table.state = rebuilt
        table._checkpoints.clear()
        table.hints.clear()  # a move number may now lead to another position
        table.hint_bots.clear()
        for client in table.clients:
            client.mark(reset=True)
        self._after_change(table, reset=True)
        return rebuilt.move_number()

    async def hint(self, table: LiveTable, seat: int | None) -> Hint:
        """The move level 3 would play for ``seat`` now; changes nothing (the bot decides on a copy
        and, like every bot, reads only what that seat may know)."""
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
        bot = table.hint_bots.get(seat)
        if bot is None:
            bot = make_bot(HINT_BOT, table.rec.game, (table.rec.seed * 31 + seat) % (2**62))
        # the bot travels to a worker and back: it keeps its plan (a hinted sail) for the next hint
        hint, bot = await self.thinker.run(table.id, workers.PEOPLE, workers.hint, bot, table.state.clone())
        if table.state.move_number() == move and table.state.current_player == seat:
            table.hint_bots[seat] = bot
            table.hints[seat] = (move, hint)
        return hint

    def come_back(self, table: LiveTable, seat: int) -> None:
        if seat in table.away:
            table.away.discard(seat)
            table.deadline_move = -1
            self._after_change(table)

    async def _commit(self, table: LiveTable, state: State, entries: list[LoggedAction]) -> None:
        """Write ``entries`` to the log (in a thread), then make ``state`` (the live state with them
        applied) the table's; :class:`Conflict` if another process wrote those steps first.
        The caller holds the table's lock."""
        over = state.is_terminal()
        await self._db(self.store.append, table.id, len(table.log), entries,
                                "over" if over and table.rec.status != "over" else None)
        table.state = state
        self._extend(table, entries)
        if over:
            table.rec.status = "over"
            if self.store.shared:
                await self._db(self.store.drop_lease, table.id)

    def _extend(self, table: LiveTable, entries: list[LoggedAction]) -> None:
        table.log.extend(entries)
        table.changed_at = now()
        movers = {e.actor for e in entries if e.actor >= 0}
        for seat in [s for s in table.hint_bots if movers - {s}]:
            del table.hint_bots[seat]  # another seat moved: that seat's hinted plan (a sail) is over

    async def lead(self, table: LiveTable) -> bool:
        """May this process play ``table``'s bots and dice now? Always with one process; with several
        on one database, only the holder of the table's lease (renewed while it plays)."""
        if not self.store.shared:
            return True
        at = time.time()
        if table.lease_until - at > LEASE_SECONDS / 2:
            return True
        held = await self._db(self.store.take_lease, table.id, LEASE_SECONDS)
        table.lease_until = at + LEASE_SECONDS if held else 0.0
        return held

    @staticmethod
    def _chance(st: State) -> LoggedAction:
        action = st.sample_chance()
        return LoggedAction(action, st.action_to_string(action), CHANCE, "chance")

    async def _think(self, table: LiveTable) -> LoggedAction:
        """The move of the bot (or a stand-in for a person out of time) in the seat to move, thought
        out in a worker; seeded from the table's seed, the move number and the seat, as ever."""
        st = table.state
        who = st.current_player
        seat_rec = table.rec.seats[who]
        away = seat_rec["kind"] != "bot"
        name = table.rec.settings.get("stand_in", "0") if away else seat_rec["bot"]
        seed = (table.rec.seed * 1_000_003 + st.move_number() * 7919 + who) % (2**62)
        lane = workers.BOTS if _bots_only(table) else workers.PEOPLE
        try:
            action, problem = await self.thinker.run(table.id, lane, workers.bot_move, name, table.rec.game,
                                                     seed, st.clone())
        except ProtocolError:
            raise  # busy: the caller waits and asks again
        except Exception as exc:  # noqa: BLE001 - a worker that died must not stop the table
            action, problem = make_bot("random", table.rec.game, seed).choose(st.clone()), f"worker failed ({exc!r})"
        if problem:
            log.warning("table %s: %s; playing a random legal move", table.id, problem)
        return LoggedAction(action, st.action_to_string(action), who, "clock" if away else "bot")

    def _after_change(self, table: LiveTable, reset: bool = False, local: bool = True) -> None:
        """Let the server's own actors move, arm the turn clock, wake the pages.

        After a change made here (``local``) the dice and bots play on from this process. A
        change heard from another process is only shown: that process plays on (if it dies, the
        lease sweep of :mod:`.notify` takes over).
        """
        if local:
            self.drive(table)
        self._arm_clock(table)
        for client in table.clients:
            client.mark(reset)

    def drive(self, table: LiveTable) -> None:
        """Start playing the server's moves at ``table`` if they are due and nobody plays them yet."""
        if table.auto_actor() and not table.over and (table.runner is None or table.runner.done()):
            table.runner = _spawn(self._run(table))

    def _still(self, table: LiveTable, state: State, move: int) -> bool:
        """Is ``table`` still live here and at move ``move`` of ``state`` (nobody moved, undid, reloaded)?"""
        return self.tables.get(table.id) is table and table.state is state and state.move_number() == move

    async def _run(self, table: LiveTable) -> None:
        """Play the server's moves (dice, bots, stand-ins) until a person is to move or the game ends.

        At pace 0 the dice roll at once (no lease needed: the log's key settles a race); bots
        think in workers (the loop stays free) under this process's lease of the table, and an
        all-bot table waits ``bot_table_pace`` between moves anyway, so it cannot run flat out.
        """
        delay = table.rec.settings.get("bot_delay_ms", 0) / 1000
        if _bots_only(table):
            delay = max(delay, self.bot_table_pace)
        while table.auto_actor() and not table.over and self.tables.get(table.id) is table:
            st = table.state
            who, move = st.current_player, st.move_number()
            if (who != CHANCE or delay > 0) and not await self.lead(table):
                return  # another process plays this table's bots; :meth:`sync` shows their moves
            if delay > 0:
                await asyncio.sleep(delay / 2 if who == CHANCE else delay)
                if not self._still(table, st, move):
                    continue
            entries = []
            if who != CHANCE:
                try:
                    entries.append(await self._think(table))
                except ProtocolError:  # the workers' queue is full: wait for room
                    await asyncio.sleep(0.2)
                    continue
            async with table.lock:
                if not self._still(table, st, move):
                    continue
                st = fork(st)
                if entries:
                    st.apply(entries[0].action)
                while st.current_player == CHANCE and len(entries) < MAX_AUTO_STEPS:
                    entries.append(self._chance(st))  # the dice that follow, in the same commit
                    st.apply(entries[-1].action)
                    if delay > 0:
                        break
                try:
                    await self._commit(table, st, entries)
                except Conflict:  # another process played this step: its log is the truth
                    await self.reload(table)
            self._arm_clock(table)
            for client in table.clients:
                client.mark()
        if self.store.shared and table.lease_until and self.tables.get(table.id) is table:
            table.lease_until = 0.0  # a person is to move: whichever process hears their move plays on
            await self._db(self.store.drop_lease, table.id)

    def _arm_clock(self, table: LiveTable) -> None:
        seconds = table.rec.settings.get("clock") or 0
        st = table.state
        who = st.current_player
        if not seconds or table.over or who < 0 or table.seat_kind(who) != "human" or who in table.away:
            table.deadline = None
            if table.timer is not None:
                table.timer.cancel()
                table.timer = None
            return
        if table.deadline_move == st.move_number() and table.deadline is not None:
            return
        if table.timer is not None:
            table.timer.cancel()
        table.deadline = now() + seconds
        table.deadline_move = st.move_number()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        table.timer = loop.call_later(seconds, self._clock_ran_out, table, st.move_number(), who)

    def _clock_ran_out(self, table: LiveTable, move: int, seat: int) -> None:
        table.timer = None
        if table.state.move_number() != move or table.state.current_player != seat or table.over:
            return
        table.away.add(seat)
        table.deadline = None
        log.info("table %s: seat %s ran out of time; a stand-in bot plays", table.id, seat)
        self._after_change(table)

    # ---- pages -----------------------------------------------------------------------------
    def attach(self, table: LiveTable, client: Client) -> None:
        table.clients.add(client)
        if client.seat is not None and client.seat in table.away:
            self.come_back(table, client.seat)
        for other in table.clients:
            other.mark()

    def detach(self, table: LiveTable, client: Client) -> None:
        client.closed = True
        client.wake.set()
        table.clients.discard(client)
        for other in table.clients:
            other.mark()
        if table.over and not table.clients and self.tables.get(table.id) is table:
            del self.tables[table.id]  # finished and unwatched: reloaded from the log when asked for

    def error_message(self, exc: ProtocolError, lang: str) -> dict[str, Any]:
        return {"type": "error", "code": exc.code, "message": error_text(exc.code, lang, exc.params),
                "detail": exc.params.get("detail")}

    def chat(self, table: LiveTable, seat: int | None, text: str) -> None:
        if seat is None:
            raise ProtocolError("spectator", status=403)
        name = table.rec.seats[seat].get("name") or f"#{seat + 1}"
        msg = {"type": "chat", "seat": seat, "name": name, "text": text.strip()}
        self._relay_chat(table, msg)
        if self.store.shared:  # pages of this table on other processes hear it through the database
            _spawn(self._db(self.store.announce, table.id, "chat", dumps(msg)))

    def _relay_chat(self, table: LiveTable, msg: dict[str, Any]) -> None:
        table.chat.append(msg)
        for client in table.clients:
            if self.reads_chat(table, client.seat):
                client.push(msg)

    @staticmethod
    def reads_chat(table: LiveTable, seat: int | None) -> bool:
        """The chat is the seats' own, unless the table lets spectators read it (``spectator_chat``)."""
        return seat is not None or bool(table.rec.settings.get("spectator_chat"))

    def save_json(self, table: LiveTable) -> str:
        return table.state.to_json()


def _heard_moves(detail: str, have: int) -> list[LoggedAction] | None:
    """The moves a notification carried that follow the ``have`` this process knows; None: read the log."""
    if not detail:
        return None
    start, _, moves = detail.partition(" ")
    if int(start) != have:
        return None  # a gap (or a move already known): the log says what is true
    return [LoggedAction(int(a), str(name), int(actor), str(source)) for a, name, actor, source in json.loads(moves)]


def _bots_only(table: LiveTable) -> bool:
    """A table where only bots play (paced, counted against the all-bot cap, served after people's)."""
    return all(s["kind"] == "bot" for s in table.rec.seats)


_TASKS: set[asyncio.Task] = set()


def _spawn(coro: Any) -> asyncio.Task:
    task = asyncio.get_running_loop().create_task(coro)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)
    return task


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))
