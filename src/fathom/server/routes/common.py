"""What every route needs from a request: the referee, the language, the seat key, a JSON body."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request, WebSocket
from starlette.requests import ClientDisconnect, HTTPConnection

from fathom.server.accounts import account_of
from fathom.server.bodies import BODY_LIMIT
from fathom.server.clock import TokenBucket
from fathom.server.heavy import off_loop
from fathom.server.i18n import LANGS
from fathom.server.live import LiveTable
from fathom.server.protocol import ProtocolError
from fathom.server.tables import Referee

MAX_BUCKETS = 10_000  # client addresses a rate limit remembers at once
PARSE_OFF_LOOP = 65536  # a body this long is parsed in a thread (a 1 MB save takes ~10 ms)


def referee(request: Request | WebSocket) -> Referee:
    return request.app.state.referee


def lang(request: HTTPConnection) -> str:
    asked = request.query_params.get("lang") or request.headers.get("accept-language", "en")[:2]
    return asked if asked in LANGS else "en"


def token(request: Request) -> str | None:
    """The seat (or host) key of ``Authorization: Bearer``; never from the query string (see guard)."""
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None


async def seated(request: Request, table_id: str) -> tuple[Referee, LiveTable, int | None]:
    """The referee, the table, and the seat the request's token holds (None: a spectator)."""
    ref = referee(request)
    table = await ref.open(table_id)
    key = token(request)
    account = None if key else await account_of(request)  # no link: the signed-in account's seat, if any
    return ref, table, ref.seat_for(table, key, account)


async def read_json(request: Request, limit: int = BODY_LIMIT) -> dict[str, Any]:
    """The request's JSON object (empty body: ``{}``), or a ``ProtocolError`` saying what was wrong.

    The body is counted as it streams in and refused once past ``limit`` (413), never read whole
    first; :class:`fathom.server.bodies.BodyLimit` has already refused a declared size over it."""
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise ProtocolError("too-big", status=413, limit=limit)
            chunks.append(chunk)
    except ClientDisconnect:  # gone before its body was whole: nobody to answer, nothing to log
        raise ProtocolError("bad-message", detail="the body did not arrive") from None
    raw = b"".join(chunks)
    if not raw:
        return {}
    return await off_loop(json_object, raw) if size > PARSE_OFF_LOOP else json_object(raw)


def json_object(raw: str | bytes) -> dict[str, Any]:
    """``raw`` as a JSON object, or a ``ProtocolError``: not JSON, nested too deep, not an object."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("bad-json") from None
    except RecursionError:  # 20,000 nested brackets: refused, not a 500
        raise ProtocolError("bad-message", detail="JSON nested too deep") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", detail="not an object")
    return data


def client(request: HTTPConnection) -> str:
    """The client's address, as :class:`fathom.server.guard.Guard` worked it out (trusted proxies)."""
    return request.scope.get("fathom.client") or (request.client.host if request.client else "?")


@dataclass
class Throttle:
    """Token buckets, one per client address (not per key: a flood cannot mint new keys to get new
    buckets). Past the limit, ``code`` (429) with ``params``."""

    rate: float = 20.0
    burst: float = 40.0
    code: str = "rate-limited"
    params: dict[str, Any] = field(default_factory=dict)
    buckets: dict[str, TokenBucket] = field(default_factory=dict)

    def __call__(self, request: HTTPConnection) -> None:
        self.take(client(request))

    def take(self, key: str) -> None:
        """Spend one of ``key``'s (an address, a name) allowance, or refuse: ``code`` (429) with
        ``retry_after``, the whole seconds until one is back."""
        bucket = self._bucket(key)
        if not bucket.take():
            raise ProtocolError(self.code, status=429, retry_after=bucket.wait(), **self.params)

    def ready(self, key: str) -> None:
        """Refuse (as :meth:`take`) if ``key`` has nothing left, without spending any (a count of failures)."""
        bucket = self._bucket(key)
        if not bucket.take(0.0) or bucket.tokens < 1.0:
            raise ProtocolError(self.code, status=429, retry_after=bucket.wait(), **self.params)

    def give_back(self, request: HTTPConnection) -> None:
        """Return what :meth:`__call__` took (the thing it was reserved for was refused before any work)."""
        bucket = self._bucket(client(request))
        bucket.tokens = min(bucket.burst, bucket.tokens + 1.0)

    def _bucket(self, key: str) -> TokenBucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= MAX_BUCKETS:
                self._forget_rested()
            bucket = self.buckets[key] = TokenBucket(rate=self.rate, burst=self.burst)
        return bucket

    def _forget_rested(self) -> None:
        """Make room: a bucket that has filled up again is no different from a new one, so forgetting
        it lets nobody off. If nearly all are still spending (a flood from many addresses), all are
        forgotten: memory comes first, and a scan on every new address would cost more."""
        for key in [k for k, b in self.buckets.items() if b.rested()]:
            del self.buckets[key]
        if len(self.buckets) >= MAX_BUCKETS * 9 // 10:
            self.buckets.clear()


def query_count(request: Request, name: str, default: int, most: int) -> int:
    """A whole-number query parameter (paging: ``offset``, ``limit``) from 0 to ``most``; a clear
    refusal otherwise, rather than a 500 or a silently clamped value."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not raw.isdigit() or int(raw) > most:
        raise ProtocolError("bad-message", detail=f"{name} must be a whole number from 0 to {most}")
    return int(raw)
