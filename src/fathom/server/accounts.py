"""Accounts (optional): names, passwords, sessions, and the account a request or websocket comes from.

Seat links stay the way in for everyone; an account adds a seat that is held by name
(``{"kind": "human", "name": NAME, "account": NAME}``): its account's session opens and plays it
from any device, and no link does. Security choices (docs/web.md "Accounts"):

* passwords are hashed with argon2id (``argon2-cffi``'s defaults, RFC 9106's low-memory profile), in
  a thread and a few at a time (each takes 64 MiB for a moment);
* a login with an unknown name verifies the password against a dummy hash, so it costs the same
  time as a wrong password, and both get the same ``bad-login`` answer;
* a session is a random 256-bit token in an HttpOnly, SameSite=Lax cookie (Secure over https); the
  database keeps only its SHA-256; every login makes a new one (a token planted before the login is
  never promoted) and ends the one the client held; logout and account deletion delete it;
* changes still pass :mod:`.guard` (same-origin JSON only), so a cookie riding a cross-site request
  changes nothing.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from starlette.requests import HTTPConnection
from starlette.responses import Response

from fathom.server import account_store
from fathom.server.protocol import ProtocolError
from fathom.server.storage import off_loop

SESSION_COOKIE = "fathom_session"
SESSION_SECONDS = 30 * 24 * 3600  # a session lasts 30 days from its login, then one signs in again
NAME_RULE = re.compile(r"[A-Za-z0-9_-]{3,20}")  # ASCII only: no look-alike letters from other scripts
MIN_PASSWORD, MAX_PASSWORD = 10, 1024
MAX_TOKEN = 100  # longer cookies are not ours: not even looked up

_hasher = PasswordHasher()
_dummy: list[str] = []  # a hash of nothing anyone knows: an unknown name's login verifies against it


def check_name(name: Any) -> str:
    """An account name as given, or why it cannot be one (``bad-name``)."""
    if not isinstance(name, str) or not NAME_RULE.fullmatch(name):
        raise ProtocolError("bad-name", detail="name must be 3 to 20 letters (a-z, A-Z), digits, - or _")
    return name


def check_password(password: Any) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ProtocolError("bad-password", detail=f"password must be text of {MIN_PASSWORD} to {MAX_PASSWORD} characters",
                            n=MIN_PASSWORD)
    return password


def hash_password(password: str) -> str:
    """argon2id hash of ``password`` (blocking, ~0.1 s: call it in a thread)."""
    return _hasher.hash(password)


def verify(stored: str | None, password: str) -> tuple[bool, bool]:
    """(does ``password`` match ``stored``, should the hash be remade). ``stored`` None or empty (no
    such account, or a deleted one): a dummy hash is checked instead, so the answer takes as long."""
    if not _dummy:
        _dummy.append(_hasher.hash(secrets.token_hex(16)))
    real = bool(stored)
    try:
        _hasher.verify(stored if real and stored else _dummy[0], password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False, False
    return real, bool(real and stored and _hasher.check_needs_rehash(stored))


def session_token(conn: HTTPConnection) -> str | None:
    """The session cookie the client sent (None: none, or not one of ours by its shape)."""
    token = conn.cookies.get(SESSION_COOKIE)
    if not token or len(token) > MAX_TOKEN:
        return None
    return token


async def account_of(request_or_websocket: HTTPConnection) -> str | None:
    """The signed-in account name (as it was signed up) of an HTTP request or a websocket, from its
    session cookie; None if there is none, or it expired, was signed out, or its account is deleted."""
    token = session_token(request_or_websocket)
    if token is None:
        return None
    store = request_or_websocket.app.state.referee.store
    name: str | None = await off_loop(account_store.session_account, store, token)
    return name


def new_token() -> str:
    return secrets.token_urlsafe(32)


def secure(conn: HTTPConnection, public_url: str, trusted: Callable[[str], bool] = lambda _: False) -> bool:
    """Mark the cookie Secure: the request came over https (to us, or to a ``trusted`` proxy that says so
    in ``X-Forwarded-Proto``, as the nginx of :mod:`.deploy` does), or the public address is https."""
    if conn.url.scheme in ("https", "wss") or public_url.startswith("https://"):
        return True
    peer = conn.client.host if conn.client else ""
    forwarded = conn.headers.get("x-forwarded-proto", "").split(",")[-1].strip().lower()
    return forwarded == "https" and trusted(peer)


def set_cookie(response: Response, token: str, is_secure: bool) -> None:
    response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_SECONDS, path="/", httponly=True,
                        samesite="lax", secure=is_secure)


def clear_cookie(response: Response, is_secure: bool) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=is_secure)
