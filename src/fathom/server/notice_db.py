"""What turn-based play keeps in the database: each table's turn and its deadline, which pages are open
(on any process), what each account wants to be told, and the outbox of notices to send.

Why in the database and not in memory: a deadline of days must survive a restart, and with several
server processes on one PostgreSQL the one that decides (who is away, what to send) must see what the
others know. Every call is a short transaction made in a thread (:func:`.storage.off_loop`).

* ``fathom_turns``: one row per turn-based table: the turn under way (the log index where it began,
  which is the ``move_number`` notices carry), its seat, its deadline (wall clock) and whether the
  stand-in has been sent in (``open`` -> ``firing`` -> ``done``; a process that claimed it and died is
  taken over once its claim runs out).
* ``fathom_presence``: (table, seat, process) rows a process renews while it serves a page of that
  seat; a row past ``until`` is a page no longer open (its process died).
* ``fathom_notify_prefs``: an account's e-mail address and webhook, and the language it chose them in.
* ``fathom_outbox``: one row per notice, unique on (account, table, move_number, kind, channel), so
  two processes can never both queue (and so send) one notice; rows are claimed with a conditional
  update (and ``FOR UPDATE SKIP LOCKED`` on PostgreSQL) before they are sent.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    and_,
    delete,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from fathom.server.db import Store, metadata

turns_t = Table(
    "fathom_turns",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("turn", Integer, nullable=False),  # the log index where the turn began (its move_number)
    Column("seat", Integer, nullable=False),
    Column("due", Float, nullable=False, index=True),  # wall clock (time.time()): it outlives a restart
    Column("state", String(8), nullable=False),  # open | firing | done
    Column("owner", String(32), nullable=False, default=""),
    Column("claim_until", Float, nullable=False, default=0.0),
)

presence_t = Table(
    "fathom_presence",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("origin", String(32), primary_key=True),  # the process serving the page
    Column("until", Float, nullable=False),
)

prefs_t = Table(
    "fathom_notify_prefs",
    metadata,
    Column("account", String(32), primary_key=True),
    Column("email", String(254), nullable=True),
    Column("webhook", String(500), nullable=True),
    Column("lang", String(8), nullable=False, default="en"),
    Column("updated", Float, nullable=False),
)

outbox_t = Table(
    "fathom_outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account", String(32), nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("game", String(64), nullable=False),
    Column("move_number", Integer, nullable=False),
    Column("kind", String(16), nullable=False),  # turn | timeout
    Column("channel", String(16), nullable=False),  # email | webhook
    Column("state", String(8), nullable=False, index=True),  # queued | sending | sent | dropped | failed
    Column("attempts", Integer, nullable=False, default=0),
    Column("next_at", Float, nullable=False, index=True),
    Column("owner", String(32), nullable=False, default=""),
    Column("claim_until", Float, nullable=False, default=0.0),
    Column("created", Float, nullable=False),
    Column("done_at", Float, nullable=True),
    Column("last_error", Text, nullable=True),
    UniqueConstraint("account", "table_id", "move_number", "kind", "channel", name="fathom_outbox_once"),
)

CLAIM_SECONDS = 600.0  # a claimed row (a deadline, a notice) whose process died is taken over after this;
# longer than any one send may take (an SMTP timeout is at most 300 s, a webhook's 10 s)


# ---- turns and deadlines ----------------------------------------------------------------------
def open_turn(store: Store, table_id: str, turn: int, seat: int, seconds: float) -> float:
    """The deadline of ``table_id``'s turn ``turn`` (seat ``seat``): the stored one if that turn is
    already written (by this or another process, before a restart too), else now + ``seconds``.
    Turns only move forward, so a process that is behind never writes an older one over a newer one;
    a turn given back to its person after its stand-in was sent in (they came back) starts afresh."""
    now = time.time()
    with store.engine.begin() as conn:
        done = conn.execute(update(turns_t).where(turns_t.c.table_id == table_id, or_(
            turns_t.c.turn < turn, and_(turns_t.c.turn == turn, turns_t.c.state == "done"))).values(
            turn=turn, seat=seat, due=now + seconds, state="open", owner="", claim_until=0.0)).rowcount
        if done:
            return now + seconds
        row = conn.execute(select(turns_t.c.due).where(turns_t.c.table_id == table_id)).first()
        if row is not None:
            return float(row[0])
    try:
        with store.engine.begin() as conn:
            conn.execute(insert(turns_t).values(table_id=table_id, turn=turn, seat=seat, due=now + seconds,
                                                state="open", owner="", claim_until=0.0))
        return now + seconds
    except IntegrityError:  # another process wrote it at the same instant: theirs holds
        with store.engine.connect() as conn:
            return float(conn.execute(select(turns_t.c.due).where(turns_t.c.table_id == table_id)).scalar_one())


def due_turns(store: Store, at: float) -> list[tuple[str, int, int]]:
    """(table, turn, seat) of every turn whose deadline passed and whose stand-in nobody sent in yet."""
    query = select(turns_t.c.table_id, turns_t.c.turn, turns_t.c.seat).where(or_(
        and_(turns_t.c.state == "open", turns_t.c.due <= at),
        and_(turns_t.c.state == "firing", turns_t.c.claim_until < at)))
    with store.engine.connect() as conn:
        return [(r[0], int(r[1]), int(r[2])) for r in conn.execute(query)]


def claim_turn(store: Store, table_id: str, turn: int) -> bool:
    """Take the right to send the stand-in in for a turn out of time: one process wins it."""
    now = time.time()
    with store.engine.begin() as conn:
        return bool(conn.execute(update(turns_t).where(
            turns_t.c.table_id == table_id, turns_t.c.turn == turn,
            or_(and_(turns_t.c.state == "open", turns_t.c.due <= now),
                and_(turns_t.c.state == "firing", turns_t.c.claim_until < now)),
        ).values(state="firing", owner=store.origin, claim_until=now + CLAIM_SECONDS)).rowcount)


def close_turn(store: Store, table_id: str, turn: int) -> None:
    with store.engine.begin() as conn:
        conn.execute(update(turns_t).where(turns_t.c.table_id == table_id, turns_t.c.turn == turn)
                     .values(state="done"))


def current_turn(store: Store, table_id: str) -> tuple[int, int, str] | None:
    """(turn, seat, state) of the table's turn under way, as stored."""
    with store.engine.connect() as conn:
        row = conn.execute(select(turns_t.c.turn, turns_t.c.seat, turns_t.c.state)
                           .where(turns_t.c.table_id == table_id)).first()
    return None if row is None else (int(row[0]), int(row[1]), str(row[2]))


# ---- open pages ------------------------------------------------------------------------------
def mark_present(store: Store, places: list[tuple[str, int]], seconds: float) -> None:
    """This process serves a page of each (table, seat) in ``places``: say so until now + ``seconds``."""
    if not places:
        return
    until = time.time() + seconds
    with store.engine.begin() as conn:
        for table_id, seat in places:
            done = conn.execute(update(presence_t).where(
                presence_t.c.table_id == table_id, presence_t.c.seat == seat, presence_t.c.origin == store.origin,
            ).values(until=until)).rowcount
            if not done:
                conn.execute(insert(presence_t).values(table_id=table_id, seat=seat, origin=store.origin, until=until))


def mark_gone(store: Store, table_id: str, seat: int) -> None:
    """This process serves no page of (table, seat) any more."""
    with store.engine.begin() as conn:
        conn.execute(delete(presence_t).where(presence_t.c.table_id == table_id, presence_t.c.seat == seat,
                                              presence_t.c.origin == store.origin))


def present(store: Store, table_id: str, seat: int) -> bool:
    """Has any process a page of (table, seat) open (a row not past its ``until``)?"""
    with store.engine.connect() as conn:
        return conn.execute(select(presence_t.c.origin).where(
            presence_t.c.table_id == table_id, presence_t.c.seat == seat, presence_t.c.until > time.time(),
        ).limit(1)).first() is not None


def forget_presence(store: Store) -> None:
    """Rows of pages whose process died (past ``until``) and this process's own (at its start or stop)."""
    with store.engine.begin() as conn:
        conn.execute(delete(presence_t).where(or_(presence_t.c.until < time.time(),
                                                  presence_t.c.origin == store.origin)))


# ---- an account's channels ---------------------------------------------------------------------
@dataclass(frozen=True)
class Prefs:
    email: str | None = None
    webhook: str | None = None
    lang: str = "en"


def prefs(store: Store, account: str) -> Prefs:
    with store.engine.connect() as conn:
        row = conn.execute(select(prefs_t.c.email, prefs_t.c.webhook, prefs_t.c.lang)
                           .where(prefs_t.c.account == account)).first()
    return Prefs() if row is None else Prefs(row[0], row[1], row[2] or "en")


def set_prefs(store: Store, account: str, value: Prefs) -> None:
    values = {"email": value.email, "webhook": value.webhook, "lang": value.lang, "updated": time.time()}
    for _ in range(2):
        with store.engine.begin() as conn:
            if conn.execute(update(prefs_t).where(prefs_t.c.account == account).values(**values)).rowcount:
                return
        try:
            with store.engine.begin() as conn:
                conn.execute(insert(prefs_t).values(account=account, **values))
            return
        except IntegrityError:  # written at the same instant by another request: update it
            continue


def email_off(store: Store, account: str, email: str) -> bool:
    """Stop e-mail to ``account`` if ``email`` is still its address (an unsubscribe link); False if not."""
    with store.engine.begin() as conn:
        return bool(conn.execute(update(prefs_t).where(prefs_t.c.account == account, prefs_t.c.email == email)
                                 .values(email=None, updated=time.time())).rowcount)


def forget_account(store: Store, account: str) -> None:
    """A deleted account: its addresses go, and so do its notices not sent yet."""
    with store.engine.begin() as conn:
        conn.execute(delete(prefs_t).where(prefs_t.c.account == account))
        conn.execute(delete(outbox_t).where(outbox_t.c.account == account,
                                            outbox_t.c.state.in_(("queued", "sending"))))


# ---- the outbox --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Notice:
    """One queued notice (a row of the outbox)."""

    id: int
    account: str
    table_id: str
    seat: int
    game: str
    move_number: int
    kind: str
    channel: str
    attempts: int


def enqueue(store: Store, account: str, table_id: str, seat: int, game: str, move_number: int, kind: str,
            channels: list[str], delay: float = 0.0) -> int:
    """Queue one notice per channel; one already queued (by any process) stays the only one. How many were new."""
    now = time.time()
    added = 0
    for channel in channels:
        try:
            with store.engine.begin() as conn:
                conn.execute(insert(outbox_t).values(
                    account=account, table_id=table_id, seat=seat, game=game, move_number=move_number, kind=kind,
                    channel=channel, state="queued", attempts=0, next_at=now + delay, owner="", claim_until=0.0,
                    created=now))
            added += 1
        except IntegrityError:
            continue
    return added


def claim_notices(store: Store, limit: int = 10, channel: str | None = None) -> list[Notice]:
    """Take up to ``limit`` notices due now to send (queued ones, and ones whose sender died mid-way):
    a row is this process's only if its conditional update here changed it, so two processes never
    both hold one; on PostgreSQL rows another process is claiming are skipped, not waited for.
    ``channel``: only that channel's (each has its own share of the sender)."""
    now = time.time()
    due = or_(and_(outbox_t.c.state == "queued", outbox_t.c.next_at <= now),
              and_(outbox_t.c.state == "sending", outbox_t.c.claim_until < now))
    query = select(outbox_t).where(due).order_by(outbox_t.c.next_at).limit(limit)
    if channel is not None:
        query = query.where(outbox_t.c.channel == channel)
    if store.shared:
        query = query.with_for_update(skip_locked=True)
    taken = []
    with store.engine.begin() as conn:
        for row in conn.execute(query).fetchall():
            m = row._mapping
            done = conn.execute(update(outbox_t).where(outbox_t.c.id == m["id"], due)
                                .values(state="sending", owner=store.origin, claim_until=now + CLAIM_SECONDS)).rowcount
            if done:
                taken.append(Notice(m["id"], m["account"], m["table_id"], m["seat"], m["game"], m["move_number"],
                                    m["kind"], m["channel"], m["attempts"]))
    return taken


def settle_notice(store: Store, notice_id: int, state: str, error: str | None = None,
                  retry_at: float | None = None) -> None:
    """A claimed notice's outcome: ``sent``, ``dropped`` (no longer due), ``failed`` (given up), or back
    to ``queued`` for ``retry_at`` after a failure."""
    values: dict[str, Any] = {"state": state, "owner": "", "claim_until": 0.0, "last_error": error}
    if state == "queued":
        values.update(next_at=retry_at, attempts=outbox_t.c.attempts + 1)
    else:
        values.update(done_at=time.time(), attempts=outbox_t.c.attempts + int(state != "dropped"))
    with store.engine.begin() as conn:
        conn.execute(update(outbox_t).where(outbox_t.c.id == notice_id, outbox_t.c.owner == store.origin)
                     .values(**values))


def purge(store: Store, before: float) -> int:
    """Forget notices settled (sent, dropped, given up) before ``before``: the outbox does not grow forever."""
    with store.engine.begin() as conn:
        return int(conn.execute(delete(outbox_t).where(outbox_t.c.state.in_(("sent", "dropped", "failed")),
                                                       outbox_t.c.done_at < before)).rowcount)


def notices(store: Store, table_id: str | None = None) -> list[dict[str, Any]]:
    """The outbox's rows (for tests and the operator), oldest first."""
    query = select(outbox_t).order_by(outbox_t.c.id)
    if table_id is not None:
        query = query.where(outbox_t.c.table_id == table_id)
    with store.engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(query)]
