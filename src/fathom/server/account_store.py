"""Accounts, sessions and the seats accounts hold, in the store's database (short transactions).

Called through :func:`fathom.server.storage.off_loop` (a thread), like every database call of the
server. Session tokens never reach this module: only their SHA-256 (:func:`token_hash`).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from fathom.server.db import Store, TableRecord, _record, account_seats_t, accounts_t, sessions_t, tables_t


@dataclass(frozen=True)
class Account:
    name: str  # as typed at sign-up
    password: str  # the argon2 hash ("" once deleted)
    created: float
    deleted: float | None


class NameTaken(Exception):
    """Another account has this name (in any case), or had it: deleted names stay reserved."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create(store: Store, name: str, password_hash: str) -> None:
    """A new account; :class:`NameTaken` if the name (case aside) is or was someone's."""
    try:
        with store.begin() as conn:
            conn.execute(insert(accounts_t).values(name=name, name_key=name.lower(), password=password_hash,
                                                   created=time.time(), deleted=None))
    except IntegrityError:
        raise NameTaken(name) from None


def find(store: Store, name: str) -> Account | None:
    """The account named ``name`` in any case (deleted ones too: their ``deleted`` is set)."""
    with store.engine.connect() as conn:
        row = conn.execute(select(accounts_t).where(accounts_t.c.name_key == name.lower())).first()
    if row is None:
        return None
    m = row._mapping
    return Account(m["name"], m["password"], m["created"], m["deleted"])


def set_password(store: Store, name: str, password_hash: str) -> None:
    """Store a rehash (argon2's settings grew since it was made)."""
    with store.begin() as conn:
        conn.execute(update(accounts_t).where(accounts_t.c.name == name, accounts_t.c.deleted.is_(None))
                     .values(password=password_hash))


def change_password(store: Store, name: str, password_hash: str, token: str, seconds: float) -> None:
    """A new password for ``name``: every session of the account ends (a thief's too) but the one that
    changed it, which goes on under the new ``token``, all in one transaction."""
    now = time.time()
    with store.begin() as conn:
        conn.execute(update(accounts_t).where(accounts_t.c.name == name, accounts_t.c.deleted.is_(None))
                     .values(password=password_hash))
        conn.execute(delete(sessions_t).where(sessions_t.c.account == name))
        _add_session(conn, name, token, now, seconds)


def _add_session(conn: Any, name: str, token: str, now: float, seconds: float) -> None:
    conn.execute(insert(sessions_t).values(token_hash=token_hash(token), account=name, created=now,
                                           expires=now + seconds))


def mark_deleted(store: Store, name: str) -> None:
    """The account is gone: its password hash is wiped, its sessions end, its name stays reserved."""
    with store.begin() as conn:
        conn.execute(update(accounts_t).where(accounts_t.c.name == name).values(password="", deleted=time.time()))
        conn.execute(delete(sessions_t).where(sessions_t.c.account == name))


def open_session(store: Store, name: str, token: str, seconds: float, replaces: str | None = None) -> None:
    """Store the session ``token`` of ``name`` for ``seconds``; ``replaces``: the token the client held
    before (its session ends: one login, one session; expired sessions are swept at the same time)."""
    now = time.time()
    with store.begin() as conn:
        if replaces:
            conn.execute(delete(sessions_t).where(sessions_t.c.token_hash == token_hash(replaces)))
        conn.execute(delete(sessions_t).where(sessions_t.c.expires < now))
        _add_session(conn, name, token, now, seconds)


def session_account(store: Store, token: str) -> str | None:
    """The account a session token signs in (None: unknown, expired, or its account was deleted)."""
    query = (select(accounts_t.c.name).join(sessions_t, sessions_t.c.account == accounts_t.c.name)
             .where(sessions_t.c.token_hash == token_hash(token), sessions_t.c.expires > time.time(),
                    accounts_t.c.deleted.is_(None)))
    with store.engine.connect() as conn:
        row = conn.execute(query).first()
    return row[0] if row is not None else None


def close_session(store: Store, token: str) -> None:
    with store.begin() as conn:
        conn.execute(delete(sessions_t).where(sessions_t.c.token_hash == token_hash(token)))


def sessions_of(store: Store, name: str) -> int:
    """How many live sessions ``name`` has (tests, the account page)."""
    with store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(sessions_t).where(
            sessions_t.c.account == name, sessions_t.c.expires > time.time())).scalar_one())


def tables_of(store: Store, name: str, limit: int = 200) -> list[tuple[TableRecord, list[int]]]:
    """The tables where ``name`` holds seats, last moved first, each with the seats it holds."""
    query = (select(tables_t, account_seats_t.c.seat)
             .join(account_seats_t, account_seats_t.c.table_id == tables_t.c.id)
             .where(account_seats_t.c.account == name)
             .order_by(tables_t.c.updated.desc(), account_seats_t.c.seat).limit(limit))
    out: dict[str, tuple[TableRecord, list[int]]] = {}
    with store.engine.connect() as conn:
        for row in conn.execute(query):
            rec = out.get(row._mapping["id"])
            if rec is None:
                rec = out[row._mapping["id"]] = (_record(row), [])
            rec[1].append(int(row._mapping["seat"]))
    return list(out.values())
