"""What every route needs from a request: the referee, the language, the seat key, a JSON body."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request, WebSocket
from starlette.requests import HTTPConnection

from fathom.server.clock import TokenBucket
from fathom.server.i18n import LANGS
from fathom.server.live import LiveTable
from fathom.server.protocol import ProtocolError
from fathom.server.tables import Referee

BODY_LIMIT = 65536
MAX_BUCKETS = 10_000  # client addresses a rate limit remembers at once
SAVE_LIMIT = 1 << 20  # a new table may carry a whole save to go on with (a long game is ~50 KB)


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
    return ref, table, ref.seat_for(table, token(request))


async def read_json(request: Request, limit: int = BODY_LIMIT) -> dict[str, Any]:
    """The request's JSON object (empty body: ``{}``), or a ``ProtocolError`` saying what was wrong."""
    raw = await request.body()
    if not raw:
        return {}
    if len(raw) > limit:
        raise ProtocolError("too-big", limit=limit)
    try:
        data = json.loads(raw)
    except ValueError:
        raise ProtocolError("bad-json") from None
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

    def __call__(self, request: Request) -> None:
        if not self._bucket(request).take():
            raise ProtocolError(self.code, status=429, **self.params)

    def check(self, request: Request) -> None:
        """Refuse as :meth:`__call__` would, without spending (spend once the thing is done)."""
        bucket = self._bucket(request)
        bucket.take(0.0)  # brings the bucket up to date
        if bucket.tokens < 1.0:
            raise ProtocolError(self.code, status=429, **self.params)

    def _bucket(self, request: Request) -> TokenBucket:
        key = client(request)
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
