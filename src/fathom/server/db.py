"""The database: every table is its configuration plus an append-only action log.

SQLAlchemy 2 Core, so the same code runs on a SQLite file (the default, WAL mode)
and on PostgreSQL (``--db postgresql://user@host/name``, needs ``psycopg``).
Nothing but the log is stored: a table's position is rebuilt by replaying it, so
a restart restores every table exactly.

All calls are short synchronous transactions made from the server's event loop;
an action is committed before anyone is told about it.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterable
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
    update,
)
from sqlalchemy.engine import Engine

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
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # ---- server secret (signs seat tokens) ------------------------------------------------
    def secret(self) -> bytes:
        with self.engine.begin() as conn:
            row = conn.execute(select(meta_kv.c.value).where(meta_kv.c.key == "secret")).first()
            if row is not None:
                return bytes.fromhex(row[0])
            value = secrets.token_hex(32)
            conn.execute(insert(meta_kv).values(key="secret", value=value))
            return bytes.fromhex(value)

    # ---- tables --------------------------------------------------------------------------
    def create_table(self, rec: TableRecord) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(
                id=rec.id, game=rec.game, players=rec.players, seed=rec.seed,
                options=json.dumps(rec.options), seats=json.dumps(rec.seats),
                settings=json.dumps(rec.settings), status=rec.status,
                created=rec.created, updated=rec.updated,
            ))

    def update_table(self, table_id: str, **values: Any) -> None:
        for key in ("options", "seats", "settings"):
            if key in values:
                values[key] = json.dumps(values[key])
        values["updated"] = time.time()
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))

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

    # ---- the action log ------------------------------------------------------------------
    def append(self, table_id: str, start: int, entries: Iterable[LoggedAction], status: str | None = None) -> None:
        """Append ``entries`` as log items ``start, start+1, …`` in one transaction."""
        now = time.time()
        rows = [
            {"table_id": table_id, "idx": start + i, "action": e.action, "name": e.name, "actor": e.actor,
             "source": e.source, "at": now}
            for i, e in enumerate(entries)
        ]
        if not rows and status is None:
            return
        with self.engine.begin() as conn:
            if rows:
                conn.execute(insert(actions_t), rows)
            # the table says when it last moved (the lobby leaves abandoned tables out)
            values = {"updated": now} if status is None else {"status": status, "updated": now}
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))

    def truncate(self, table_id: str, keep: int) -> None:
        """Drop log items ``keep`` and later (undo)."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions_t).where(actions_t.c.table_id == table_id, actions_t.c.idx >= keep))
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(updated=time.time()))

    def log(self, table_id: str) -> list[LoggedAction]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions_t.c.action, actions_t.c.name, actions_t.c.actor, actions_t.c.source)
                .where(actions_t.c.table_id == table_id)
                .order_by(actions_t.c.idx)
            )
            return [LoggedAction(r[0], r[1], r[2], r[3]) for r in rows]


def _record(row: Any) -> TableRecord:
    m = row._mapping
    return TableRecord(
        id=m["id"], game=m["game"], players=m["players"], seed=int(m["seed"]),
        options=json.loads(m["options"]), seats=json.loads(m["seats"]), settings=json.loads(m["settings"]),
        status=m["status"], created=m["created"], updated=m["updated"],
    )
