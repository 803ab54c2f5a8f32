"""Request bodies bounded before they are read: size and time (issue 48, H3).

A plain ASGI middleware in front of every route. A body is never read whole before its size is
known: a declared ``Content-Length`` over the path's limit is refused at once (413, nothing read),
and a body sent without one (chunked) is counted while it streams in and cut (413) as soon as it
passes the limit. A body must also arrive within :data:`BODY_SECONDS` (408): a client that sends
its headers and then holds the body back keeps no route waiting for long. Routes that read a body
still check their own, smaller limit (:func:`fathom.server.routes.common.read_json`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi.responses import JSONResponse

from fathom.server.guard import scope_lang
from fathom.server.i18n import error_text

Scope = dict[str, Any]
BODY_LIMIT = 65536  # bytes of any request body
SAVE_LIMIT = 1 << 20  # a new table may carry a whole save to go on with (a long game is ~50 KB)
BODY_SECONDS = 30.0  # a whole body (even a 1 MB save on a slow line) arrives well within this


def body_limit(method: str, path: str) -> int:
    """The most bytes a request to ``path`` may carry: a table's creation may bring a save."""
    return SAVE_LIMIT if method == "POST" and path.rstrip("/") == "/api/tables" else BODY_LIMIT


class _Refused(Exception):
    def __init__(self, code: str, status: int, limit: int) -> None:
        super().__init__(code)
        self.code, self.status, self.limit = code, status, limit


class BodyLimit:
    """The middleware (see the module's docstring)."""

    def __init__(self, app: Callable[..., Awaitable[None]], seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = body_limit(scope.get("method", "GET"), scope.get("path", ""))
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _refuse(scope, send, _Refused("too-big", 413, limit))
            return
        seen = 0
        deadline = time.monotonic() + self.seconds
        started = False
        whole = False  # the body has all come: a route may still listen for the client leaving

        async def counted() -> dict[str, Any]:
            nonlocal seen, whole
            if whole:
                return await receive()  # no deadline: only a disconnect comes now
            left = deadline - time.monotonic()
            try:
                async with asyncio.timeout(max(left, 0.001)):  # no task per call, unlike wait_for
                    message = await receive()
            except TimeoutError:
                raise _Refused("body-timeout", 408, int(self.seconds)) from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _Refused("too-big", 413, limit)
                whole = not message.get("more_body", False)
            return message

        async def sending(message: dict[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, sending)
        except _Refused as refused:
            if started:  # the answer had begun: all that is left is to drop the connection
                raise
            await _refuse(scope, send, refused)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _refuse(scope: Scope, send: Any, refused: _Refused) -> None:
    """The refusal; ``Connection: close`` since the rest of the body is never read."""
    lang = scope_lang(scope)
    params = {"limit": refused.limit}
    response = JSONResponse({"error": refused.code, "message": error_text(refused.code, lang, params),
                             "detail": None}, status_code=refused.status, headers={"Connection": "close"})

    async def no_body() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    await response(scope, no_body, send)
