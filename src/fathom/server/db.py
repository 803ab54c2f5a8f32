"""The database: every table is its configuration plus an append-only action log.

SQLAlchemy 2 Core, so the same code runs on a SQLite file (the default, WAL mode)
and on PostgreSQL (``--db postgresql://user@host/name``, needs ``psycopg``).
The schema is made and upgraded by Alembic revisions (:mod:`.migrate`); the tables below are
the code's view of it and must agree with the newest revision (a test compares them).
Nothing but the log is stored: a table's position is rebuilt by replaying it, so
a restart restores every table exactly.

All calls are short synchronous transactions, which the server makes in threads off its
event loop (:func:`fathom.server.storage.off_loop`); an action is committed before anyone
is told about it.

On PostgreSQL several server processes may share one database: the log is the only
truth, its primary key (table, step) lets only one process write step k (the other
gets :class:`Conflict`), every change is announced with ``pg_notify`` in the same
transaction (:mod:`.notify` listens), and a lease row says which process plays a
table's bots.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from fathom.server import migrate

CHANNEL = "fathom"  # the LISTEN/NOTIFY channel of table changes
NOTIFY_LIMIT = 7900  # PostgreSQL refuses a payload of 8000 bytes or more

metadata = MetaData()

meta_kv = Table(
    "fathom_meta",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

tables_t = Table(
    "fathom_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("seats", Text, nullable=False),  # JSON list of {kind, bot, name}
    Column("settings", Text, nullable=False),  # JSON {clock, bot_delay_ms, stand_in, hints}
    Column("status", String(16), nullable=False),  # playing | over
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

actions_t = Table(
    "fathom_actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("name", String(128), nullable=False),
    Column("actor", Integer, nullable=False),  # seat, or -1 for chance
    Column("source", String(16), nullable=False),  # human | bot | chance | clock
    Column("at", Float, nullable=False),
)

analyses_t = Table(  # a finished table's analysis (fathom.analysis), kept once the bot workers made it
    "fathom_analyses",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("data", Text, nullable=False),  # JSON of GameAnalysis.to_json()
    Column("created", Float, nullable=False),
)

leases_t = Table(  # which server process plays a table's bots and chance (several processes, one database)
    "fathom_leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(32), nullable=False),
    Column("until", Float, nullable=False),
)


accounts_t = Table(  # people who signed up (fathom.server.accounts); a deleted one keeps its name reserved
    "fathom_accounts",
    metadata,
    Column("name", String(20), primary_key=True),  # as typed: seats and other tables name it so
    Column("name_key", String(20), nullable=False, unique=True),  # lower-cased: names differ in more than case
    Column("password", Text, nullable=False),  # argon2 hash; "" once deleted
    Column("created", Float, nullable=False),
    Column("deleted", Float, nullable=True),  # when it was deleted (None: in use)
)

sessions_t = Table(  # who is signed in where: only the SHA-256 of each random session token is kept
    "fathom_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account", String(20), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

account_seats_t = Table(  # the seats accounts hold, kept with each table's seats: "my games" reads only these
    "fathom_account_seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account", String(20), nullable=False, index=True),
)

finished_t = Table(  # a finished table with an account seated, recorded once (its row is the "done" mark)
    "fathom_finished",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rated", Integer, nullable=False),  # 1: its ratings were updated in the same transaction
    Column("at", Float, nullable=False),
)

results_t = Table(  # how each account-held seat of a finished table did (a profile's games, wins, VP, stats)
    "fathom_results",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account", String(64), nullable=False, index=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rank", Integer, nullable=False),  # the engine's place (1 = a win, shared places share it)
    Column("total", Integer, nullable=False),  # the engine's final score
    Column("left", Integer, nullable=False),  # 1: a stand-in played this seat to the end
    Column("rated", Integer, nullable=False),
    Column("stats", Text, nullable=False),  # JSON {name: number}: the game's own profile counts (plugin part)
    Column("at", Float, nullable=False),
)

ratings_t = Table(  # one rating per (account, game): openskill's Plackett-Luce mu and sigma
    "fathom_ratings",
    metadata,
    Column("account", String(64), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("ordinal", Float, nullable=False, index=True),  # mu - 3 sigma: the number shown, the leaderboard's order
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

rating_history_t = Table(  # a rating after each rated game (a profile's plot)
    "fathom_rating_history",
    metadata,
    Column("account", String(64), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("at", Float, nullable=False),
    Column("rank", Integer, nullable=False),  # the place rated (a leaver's: last)
    Column("players", Integer, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("ordinal", Float, nullable=False),
)


_PG_APPEND = text("""
WITH moved AS (
    UPDATE fathom_tables SET updated = :now, status = COALESCE(CAST(:status AS varchar), status)
    WHERE id = :table_id AND (CAST(:seat AS integer) IS NULL
        OR COALESCE(CAST(CAST(seats AS jsonb) -> CAST(:seat AS integer) ->> 'key' AS integer), 0) = :key)
    RETURNING id
), logged AS (
    INSERT INTO fathom_actions (table_id, idx, action, name, actor, source, at)
    SELECT moved.id, r.idx, r.action, r.name, r.actor, r.source, :now
    FROM moved CROSS JOIN jsonb_to_recordset(CAST(:rows AS jsonb))
        AS r(idx integer, action integer, name text, actor integer, source text)
)
SELECT pg_notify(:channel, :payload) FROM moved
""")
"""A move on PostgreSQL, in one statement (one round trip): the table's row is updated only if the
mover's seat is still on its key (M1: checked under the row's lock, in the statement that writes the
move; a re-key waits for it or is seen by it), the log items are inserted only if it was (a step
another process wrote first breaks the primary key: :class:`Conflict`), and the other processes
are told on commit. No row back: the key changed, or the table is gone."""


bot_tables_t = Table(  # who made each all-bot table (one address holds at most its share, on every process)
    "fathom_bot_tables",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("creator", String(64), nullable=False, index=True),
)


class BotTablesFull(Exception):
    """The creating address already has its share of all-bot tables in play (counted in the database)."""


class Conflict(Exception):
    """Another process wrote this step of the log first (or changed the log under an undo)."""


class KeyChanged(Exception):
    """The seat's key changed (a re-key or a claim, maybe on another process) since the mover's key was read."""


@dataclass
class TableRecord:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    status: str = "playing"
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)


def still_open(seat: dict[str, Any]) -> bool:
    """A person's seat the host left to the lobby that nobody has taken yet (``open``, not ``claimed``)."""
    return bool(seat.get("open")) and not seat.get("claimed")


@dataclass(frozen=True)
class LoggedAction:
    action: int
    name: str
    actor: int
    source: str


def database_url(db: str | None) -> str:
    """``--db`` as a SQLAlchemy URL: a file path means SQLite; ``postgresql://`` uses psycopg."""
    if not db:
        db = "fathom.db"
    if db.startswith(("postgresql://", "postgres://")):
        rest = db.split("://", 1)[1]
        return "postgresql+psycopg://" + rest
    if "://" in db:
        return db
    return "sqlite:///" + str(Path(db).expanduser().resolve())


def _postgres_session(dbapi_conn: Any, _record: Any) -> None:
    """Commit without waiting for the disk flush (about 1 ms instead of 5-60 on a busy disk).

    The server commits on its event loop, so a slow flush would stall every page. A killed
    server process still loses nothing (PostgreSQL has the commit); only a crash of the
    database machine may lose its last fraction of a second, as with SQLite's
    ``synchronous=NORMAL`` below. Add ``?options=-c%20synchronous_commit%3Don`` to the URL
    to keep PostgreSQL's default.
    """
    if "synchronous_commit" in str(getattr(dbapi_conn, "info", None) and dbapi_conn.info.dsn):
        return
    with dbapi_conn.cursor() as cur:
        cur.execute("SET synchronous_commit TO off")
    dbapi_conn.commit()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cur.execute("PRAGMA synchronous=NORMAL")  # committed data survives a killed process
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


class Store:
    """Tables and their action logs in one database."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {"future": True}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        elif url.startswith("postgresql"):
            event.listen(self.engine, "connect", _postgres_session)
        self.shared = url.startswith("postgresql")  # other processes may write: notify them, take leases
        self.origin = secrets.token_hex(6)  # this process, in its notifications (it ignores its own)
        # single statements that commit themselves (a move: one round trip to PostgreSQL, not six)
        self._autocommit = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self._writers = None if self.shared else threading.Lock()  # SQLite: one writer at a time (:meth:`begin`)
        with self.engine.begin() as conn:
            if self.shared:  # several processes starting at once: one at a time creates or upgrades the schema
                conn.execute(text("SELECT pg_advisory_xact_lock(4721)"))
            migrate.upgrade(conn)  # Alembic: a new database is made, an older one upgraded in place

    def close(self) -> None:
        self.engine.dispose()

    @contextlib.contextmanager
    def begin(self) -> Iterator[Connection]:
        """A write transaction. On SQLite the server's threads take turns here: SQLite lets one
        writer in at a time and makes the others poll, sleeping up to 100 ms between tries (its busy
        handler), which put whole sleeps into a move's round trip once moves were written off the event
        loop by several threads; here the next writer starts the moment the last one commits."""
        if self._writers is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self._writers, self.engine.begin() as conn:
            yield conn

    # ---- server secret (signs seat tokens) ------------------------------------------------
    def secret(self) -> bytes:
        for _ in range(2):
            try:
                with self.begin() as conn:
                    row = conn.execute(select(meta_kv.c.value).where(meta_kv.c.key == "secret")).first()
                    if row is not None:
                        return bytes.fromhex(row[0])
                    value = secrets.token_hex(32)
                    conn.execute(insert(meta_kv).values(key="secret", value=value))
                    return bytes.fromhex(value)
            except IntegrityError:  # another process starting at the same time made it: read theirs
                continue
        raise RuntimeError("the server secret could not be read or made")

    # ---- tables --------------------------------------------------------------------------
    def create_table(self, rec: TableRecord, entries: Iterable[LoggedAction] = (),
                     bot_cap: tuple[str, int] | None = None) -> None:
        """A new table and the first items of its log (a save's moves), in one transaction.

        ``bot_cap``: (creator's address, share) for a table where only bots play: :class:`BotTablesFull`,
        and nothing written, if that address already has ``share`` of them in play, made here or on
        any other process; its creations are counted one at a time (a lock per address), so two
        processes at once cannot both take the last one."""
        with self.begin() as conn:
            if bot_cap is not None:
                creator, share = bot_cap[0][:64], bot_cap[1]
                if self.shared:
                    conn.execute(text("SELECT pg_advisory_xact_lock(4722, hashtext(:creator))"), {"creator": creator})
                mine = select(func.count()).select_from(
                    bot_tables_t.join(tables_t, tables_t.c.id == bot_tables_t.c.table_id)
                ).where(bot_tables_t.c.creator == creator, tables_t.c.status == "playing")
                if conn.execute(mine).scalar_one() >= share:
                    raise BotTablesFull(creator)
            self._insert_table(conn, rec, list(entries))
            if bot_cap is not None:
                conn.execute(insert(bot_tables_t).values(table_id=rec.id, creator=creator))

    def create_rematch(self, previous: str, settings_seen: dict[str, Any], settings: dict[str, Any],
                       rec: TableRecord, entries: Iterable[LoggedAction] = ()) -> bool:
        """Table ``rec`` as the rematch of ``previous``, if that table's settings are still
        ``settings_seen`` (no other process made its rematch meanwhile): ``settings`` (which name
        ``rec``) replace them in the same transaction. False, and nothing written, if they changed."""
        with self.begin() as conn:
            done = conn.execute(update(tables_t).where(
                tables_t.c.id == previous, tables_t.c.settings == json.dumps(settings_seen),
            ).values(settings=json.dumps(settings), updated=time.time())).rowcount
            if not done:
                return False
            self._insert_table(conn, rec, list(entries))
            self._notify(conn, previous, "meta")
        return True

    def _insert_table(self, conn: Connection, rec: TableRecord, entries: list[LoggedAction]) -> None:
        conn.execute(insert(tables_t).values(
            id=rec.id, game=rec.game, players=rec.players, seed=rec.seed,
            options=json.dumps(rec.options), seats=json.dumps(rec.seats),
            settings=json.dumps(rec.settings), status=rec.status,
            created=rec.created, updated=rec.updated,
        ))
        if entries:
            conn.execute(insert(actions_t), _rows(rec.id, 0, entries, time.time()))
        _index_seats(conn, rec.id, rec.seats, new=True)

    def replace_seats(self, table_id: str, seen: list[dict[str, Any]], seats: list[dict[str, Any]]) -> bool:
        """Write ``seats`` only if the stored seats are still ``seen`` (a conditional write: of two
        processes claiming one open seat at once, one wins); False, and nothing written, if not."""
        with self.begin() as conn:
            done = conn.execute(update(tables_t).where(
                tables_t.c.id == table_id, tables_t.c.seats == json.dumps(seen),
            ).values(seats=json.dumps(seats), updated=time.time())).rowcount
            if done:
                _index_seats(conn, table_id, seats)
                self._notify(conn, table_id, "meta")
        return bool(done)

    def update_table(self, table_id: str, **values: Any) -> None:
        for key in ("options", "seats", "settings"):
            if key in values:
                values[key] = json.dumps(values[key])
        values["updated"] = time.time()
        with self.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))
            if "seats" in values:
                _index_seats(conn, table_id, json.loads(values["seats"]))
            self._notify(conn, table_id, "meta")

    def table(self, table_id: str) -> TableRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
        return _record(row) if row is not None else None

    def tables(self, status: str | None = None, limit: int = 200) -> list[TableRecord]:
        query = select(tables_t).order_by(tables_t.c.updated.desc()).limit(limit)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            return [_record(row) for row in conn.execute(query)]

    def lobby(self, over_since: float, playing_since: float, offset: int = 0, limit: int = 50) -> list[TableRecord]:
        """Tables for the lobby, last moved first: in play and moved since ``playing_since`` (older
        ones are abandoned), or finished since ``over_since``. Older tables stay, for replay by link."""
        recent = or_(and_(tables_t.c.status == "over", tables_t.c.updated >= over_since),
                     and_(tables_t.c.status != "over", tables_t.c.updated >= playing_since))
        query = select(tables_t).where(recent).order_by(tables_t.c.updated.desc()).offset(offset).limit(limit)
        with self.engine.connect() as conn:
            return [_record(row) for row in conn.execute(query)]

    def count_playing(self, since: float) -> int:
        """Tables in play that moved since ``since`` (the cap on live tables counts these)."""
        query = select(func.count()).select_from(tables_t).where(tables_t.c.status == "playing",
                                                                   tables_t.c.updated >= since)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def table_ids(self, status: str) -> list[str]:
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(select(tables_t.c.id).where(tables_t.c.status == status))]

    # ---- analyses of finished tables ----------------------------------------------------
    def save_analysis(self, table_id: str, data: dict[str, Any]) -> None:
        """Keep a finished table's analysis (a second process that made one too keeps the first)."""
        try:
            with self.begin() as conn:
                conn.execute(insert(analyses_t).values(table_id=table_id, data=json.dumps(data), created=time.time()))
        except IntegrityError:
            pass

    def analysis(self, table_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(analyses_t.c.data).where(analyses_t.c.table_id == table_id)).first()
        return json.loads(row[0]) if row is not None else None

    # ---- the action log ------------------------------------------------------------------
    def append(self, table_id: str, start: int, entries: Iterable[LoggedAction], status: str | None = None,
               key: tuple[int, int] | None = None) -> None:
        """Append ``entries`` as log items ``start, start+1, …`` in one transaction.

        ``key``: (seat, key number) the mover holds; :class:`KeyChanged` if the stored seat is on
        another key by now (re-keyed on another process after the move was judged there), or if the
        table is gone. On PostgreSQL it is one statement, so one round trip (:data:`_PG_APPEND`).
        """
        now = time.time()
        entries = list(entries)
        rows = _rows(table_id, start, entries, now)
        if not rows and status is None:
            return
        try:
            if self.shared:
                self._append_pg(table_id, start, entries, rows, status, key, now)
                return
            with self.begin() as conn:
                # the table says when it last moved (the lobby leaves abandoned tables out); its row
                # before the log's, in every writer, so two writers never wait on each other in a ring
                values = {"updated": now} if status is None else {"status": status, "updated": now}
                self._touch(conn, table_id, key, values)
                if rows:
                    conn.execute(insert(actions_t), rows)
        except IntegrityError:
            raise Conflict(table_id) from None

    def _append_pg(self, table_id: str, start: int, entries: list[LoggedAction], rows: list[dict[str, Any]],
                   status: str | None, key: tuple[int, int] | None, now: float) -> None:
        """:meth:`append` on PostgreSQL: the key check, the table's row, the log and the notification in
        one statement, committed on its own (no BEGIN, no COMMIT: one round trip instead of six)."""
        moves = json.dumps([[e.action, e.name, e.actor, e.source] for e in entries], separators=(",", ":"))
        log_rows = json.dumps([{k: r[k] for k in ("idx", "action", "name", "actor", "source")} for r in rows])
        with self._autocommit.connect() as conn:
            moved = conn.execute(_PG_APPEND, {
                "table_id": table_id, "now": now, "status": status,
                "seat": None if key is None else key[0], "key": None if key is None else key[1],
                "rows": log_rows, "channel": CHANNEL,
                "payload": self._payload(table_id, "log", f"{start} {moves}"),
            }).first()
        if moved is None and key is not None:
            raise KeyChanged(table_id)

    def truncate(self, table_id: str, keep: int, key: tuple[int, int] | None = None, count: int = 1) -> None:
        """Drop the last ``count`` log items, from item ``keep`` on (undo: a move and the forced moves
        played for it); :class:`Conflict` if the log has moved on since, :class:`KeyChanged` if the seat
        ``key`` names is on another key by now."""
        with self.begin() as conn:
            self._touch(conn, table_id, key, {"updated": time.time()})
            last = conn.execute(select(func.max(actions_t.c.idx)).where(actions_t.c.table_id == table_id)).scalar()
            if last != keep + count - 1:
                raise Conflict(table_id)
            conn.execute(delete(actions_t).where(actions_t.c.table_id == table_id, actions_t.c.idx >= keep))
            self._notify(conn, table_id, "undo")

    @staticmethod
    def _touch(conn: Connection, table_id: str, key: tuple[int, int] | None, values: dict[str, Any]) -> None:
        """Write ``values`` to the table's row, then :class:`KeyChanged` unless seat ``key[0]`` is still
        on key number ``key[1]`` (the transaction is then rolled back). The update locks the row and
        returns its seats as they are under that lock, so a re-key either waits for this transaction or
        is seen by it, in one statement rather than a locking read and a write."""
        seats = conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values)
                             .returning(tables_t.c.seats)).scalar()
        if key is not None and (seats is None or json.loads(seats)[key[0]].get("key", 0) != key[1]):
            raise KeyChanged(table_id)

    def announce(self, table_id: str, kind: str, detail: str) -> None:
        """Tell the other processes of something that is not stored (a chat line)."""
        with self.begin() as conn:
            self._notify(conn, table_id, kind, detail)

    def _notify(self, conn: Connection, table_id: str, kind: str, detail: str = "") -> None:
        """Tell the other processes (delivered when this transaction commits, never before).

        ``detail`` of new log items (their first step and the items) spares the listeners a
        read of the log; past PostgreSQL's 8000-byte limit it is left out and they read it.
        """
        if self.shared:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": CHANNEL, "payload": self._payload(table_id, kind, detail)})

    def _payload(self, table_id: str, kind: str, detail: str = "") -> str:
        payload = f"{self.origin} {kind} {table_id}"
        if detail and len(payload) + len(detail) < NOTIFY_LIMIT:
            payload += " " + detail
        return payload

    # ---- which process plays a table's bots ------------------------------------------------
    def take_lease(self, table_id: str, seconds: float) -> bool:
        """Hold (or keep) the right to play ``table_id``'s bots for ``seconds``; False if another
        live process holds it."""
        now = time.time()
        with self.begin() as conn:
            done = conn.execute(update(leases_t).where(
                leases_t.c.table_id == table_id,
                or_(leases_t.c.owner == self.origin, leases_t.c.until < now),
            ).values(owner=self.origin, until=now + seconds)).rowcount
            if done:
                return True
            if conn.execute(select(leases_t.c.owner).where(leases_t.c.table_id == table_id)).first() is not None:
                return False
        try:
            with self.begin() as conn:
                conn.execute(insert(leases_t).values(table_id=table_id, owner=self.origin, until=now + seconds))
            return True
        except IntegrityError:  # another process took it at the same instant
            return False

    def drop_lease(self, table_id: str) -> None:
        with self.begin() as conn:
            conn.execute(delete(leases_t).where(leases_t.c.table_id == table_id, leases_t.c.owner == self.origin))

    def orphans(self) -> list[str]:
        """Tables in play whose bot-playing process stopped renewing its lease (it died)."""
        query = select(leases_t.c.table_id).join(tables_t, tables_t.c.id == leases_t.c.table_id).where(
            and_(leases_t.c.until < time.time(), tables_t.c.status == "playing"))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    def log(self, table_id: str, start: int = 0) -> list[LoggedAction]:
        """The log of ``table_id`` from item ``start`` on."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions_t.c.action, actions_t.c.name, actions_t.c.actor, actions_t.c.source)
                .where(actions_t.c.table_id == table_id, actions_t.c.idx >= start)
                .order_by(actions_t.c.idx)
            )
            return [LoggedAction(r[0], r[1], r[2], r[3]) for r in rows]


def _index_seats(conn: Connection, table_id: str, seats: list[dict[str, Any]], new: bool = False) -> None:
    """Keep ``fathom_account_seats`` in step with a table's seats (in the transaction that writes them)."""
    if not new:
        conn.execute(delete(account_seats_t).where(account_seats_t.c.table_id == table_id))
    held = [{"table_id": table_id, "seat": i, "account": s["account"]} for i, s in enumerate(seats) if s.get("account")]
    if held:
        conn.execute(insert(account_seats_t), held)


def _rows(table_id: str, start: int, entries: list[LoggedAction], at: float) -> list[dict[str, Any]]:
    return [{"table_id": table_id, "idx": start + i, "action": e.action, "name": e.name, "actor": e.actor,
             "source": e.source, "at": at} for i, e in enumerate(entries)]


def _record(row: Any) -> TableRecord:
    m = row._mapping
    return TableRecord(
        id=m["id"], game=m["game"], players=m["players"], seed=int(m["seed"]),
        options=json.loads(m["options"]), seats=json.loads(m["seats"]), settings=json.loads(m["settings"]),
        status=m["status"], created=m["created"], updated=m["updated"],
    )


# the turn-based tables' rows (deadlines, open pages, notices) are on this module's metadata too
from fathom.server import notice_db  # noqa: E402,F401
