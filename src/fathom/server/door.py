"""Connections at the door: how many one address may hold, how long headers may take (issue 48, M5).

A slow client is cheap to be: open a socket, send half a request line, wait. Uvicorn gives such
a socket no deadline, so 1,100 of them used every file descriptor and took the server offline
with nothing in the log. Routes never see these connections (no request has begun), so the
checks live in the HTTP protocol itself (:func:`guarded_protocol` wraps uvicorn's):

* a connection cap per peer address (:attr:`Door.per_address`; a trusted proxy is exempt,
  since every client behind it shares its address and the routes' limits count those clients)
  and one for the whole process (:attr:`Door.total`, kept below the open-files limit, which
  :func:`raise_open_files` lifts as far as the system allows at start);
* a deadline for a request's headers (:attr:`Door.header_seconds`), from the connection (or the
  request's first byte) to its last header line;
* a warning in the log when either refuses, at most once per :data:`LOG_EVERY` seconds per reason.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("fathom.server")

RESERVED_FILES = 64  # open files kept for the database, static files and the bot workers
LOG_EVERY = 60.0


def raise_open_files() -> int:
    """Lift this process's soft open-files limit to the hard one (where allowed): the new soft limit."""
    try:
        import resource
    except ImportError:  # not on POSIX: nothing to lift
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else 65536


@dataclass
class Door:
    """Who may come in: the caps and the deadline, and the connections open now per address."""

    per_address: int  # Limits.connections_per_address
    total: int  # Limits.max_connections, or as the open-files limit allows
    header_seconds: float  # Limits.header_seconds
    trusted: Callable[[str], bool] = lambda address: False
    open: dict[str, weakref.WeakSet[Any]] = field(default_factory=dict)
    count: int = 0
    last_said: dict[str, float] = field(default_factory=dict)
    refused: int = 0
    timed_out: int = 0

    def admit(self, transport: Any, address: str) -> bool:
        """Count ``transport`` in, or say no (the caller closes it)."""
        if self.count >= self.total:
            self._live()
        if self.count >= self.total:
            self.refused += 1
            self._say("total", "refused a connection: %d open, this process's limit (--max-connections)",
                      self.count)
            return False
        here = self.open.get(address)
        if here is None:
            if len(self.open) > 4 * self.total:
                self._live()
            here = self.open[address] = weakref.WeakSet()
        if not self.trusted(address) and len(here) >= self.per_address:
            for t in [t for t in here if t.is_closing()]:
                here.discard(t)
            if len(here) >= self.per_address:
                self.refused += 1
                self._say("address", "refused a connection from %s: it holds %d, the limit per address "
                          "(--connections-per-address)", address, len(here))
                return False
        here.add(transport)
        self.count += 1
        return True

    def _live(self) -> None:
        """Forget closed connections (a websocket's is closed by another protocol than ours)."""
        total = 0
        for address in list(self.open):
            here = self.open[address]
            for t in [t for t in here if t.is_closing()]:
                here.discard(t)
            if not here:
                del self.open[address]
            total += len(here)
        self.count = total

    def left(self, transport: Any, address: str) -> None:
        here = self.open.get(address)
        if here is not None and transport in here:
            here.discard(transport)
            self.count = max(0, self.count - 1)
            if not here:
                del self.open[address]

    def too_slow(self, address: str) -> None:
        self.timed_out += 1
        self._say("slow", "closed a connection from %s: no complete request headers within %g s "
                  "(%d such so far)", address, self.header_seconds, self.timed_out)

    def _say(self, reason: str, text: str, *args: Any) -> None:
        t = time.monotonic()
        if t - self.last_said.get(reason, -LOG_EVERY) >= LOG_EVERY:
            self.last_said[reason] = t
            log.warning(text, *args)


class _Guarded:
    """Mixed into uvicorn's HTTP protocol class (see :func:`guarded_protocol`)."""

    door: Door
    transport: Any
    loop: asyncio.AbstractEventLoop
    _upgraded = False

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        peer = transport.get_extra_info("peername")
        self._address = str(peer[0]) if peer else "?"
        self._header_timer: asyncio.TimerHandle | None = None
        self._in_headers = True
        if not self.door.admit(transport, self._address):
            self._address = ""  # never counted: nothing to give back
            transport.abort()
            return
        self._start_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        if getattr(self, "_address", ""):
            self.door.left(self.transport, self._address)
        super().connection_lost(exc)  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        if self._awaiting_headers():
            if self._header_timer is None:
                self._start_timer()
        else:
            self._stop_timer()

    def _awaiting_headers(self) -> bool:
        return self._in_headers

    def _start_timer(self) -> None:
        self._header_timer = self.loop.call_later(self.door.header_seconds, self._headers_late)

    def _stop_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self._awaiting_headers() and not self.transport.is_closing():
            self.door.too_slow(self._address)
            self.transport.abort()


class _GuardedHttpTools(_Guarded):
    def on_message_begin(self) -> None:
        self._in_headers = True
        super().on_message_begin()  # type: ignore[misc]

    def on_headers_complete(self) -> None:
        self._in_headers = False
        super().on_headers_complete()  # type: ignore[misc]


class _GuardedH11(_Guarded):
    def _awaiting_headers(self) -> bool:
        import h11

        return bool(self.conn.their_state is h11.IDLE)  # type: ignore[attr-defined]


def guarded_protocol(door: Door, kind: str = "auto") -> type:
    """Uvicorn's HTTP protocol (httptools when installed, else h11) with ``door``'s checks."""
    if kind in ("auto", "httptools"):
        try:
            from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

            return type("GuardedHttpTools", (_GuardedHttpTools, HttpToolsProtocol), {"door": door})
        except ImportError:
            if kind == "httptools":
                raise
    from uvicorn.protocols.http.h11_impl import H11Protocol

    return type("GuardedH11", (_GuardedH11, H11Protocol), {"door": door})
