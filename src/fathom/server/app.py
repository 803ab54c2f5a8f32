"""The server app (FastAPI) and :func:`serve` behind ``fathom serve``.

Pages: ``/`` (lobby: create a table, list tables), ``/t/{id}`` (a table; a seat's
link carries its token after ``#token=``, which browsers never send to servers).
JSON API under ``/api`` (see docs/web.md); the live game goes over ``/ws/{id}``.
The routes live in :mod:`fathom.server.routes`, one module per concern; this
module only wires them to one referee and one rate limiter.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from fathom.server.db import Store, database_url
from fathom.server.guard import Guard
from fathom.server.i18n import error_text
from fathom.server.notify import Bus
from fathom.server.protocol import ProtocolError
from fathom.server.routes import analysis, catalog, live, pages, play, tables
from fathom.server.routes.common import Throttle, lang
from fathom.server.routes.pages import WEB
from fathom.server.settings import Limits
from fathom.server.tables import Referee

__all__ = ["WEB", "create_app", "serve"]
log = logging.getLogger("fathom.server")


def create_app(db: str | None = None, *, public_url: str = "", store: Store | None = None,
               limits: Limits | None = None, bot_workers: int | None = None,
               max_bot_tables: int | None = None) -> FastAPI:
    """The server app. ``db`` is a SQLite path or a database URL (default ``fathom.db``); ``limits``:
    what strangers may do (:class:`~fathom.server.settings.Limits`, its defaults when not given);
    ``bot_workers`` processes think for bots and hints (default: one per core)."""
    limits = limits or Limits()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        own = store or Store(database_url(db))
        referee = Referee(own, public_url=public_url, bot_workers=bot_workers)
        app.state.referee = referee
        referee.thinker.warm_up()
        referee.max_bot_tables = max_bot_tables or referee.max_bot_tables
        bus = Bus(referee)  # several processes on PostgreSQL hear each other; a no-op on SQLite
        await bus.start()
        restored = await referee.restore_all()
        if restored:
            log.info("restored %d table(s) in play", restored)
        sweeper = asyncio.get_running_loop().create_task(_forget_unwatched(referee, limits.idle_minutes * 60))
        yield
        sweeper.cancel()
        await bus.stop()
        if store is None:
            own.close()

    app = FastAPI(title="fathom", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.add_exception_handler(ProtocolError, _protocol_error)  # type: ignore[arg-type]
    throttle = Throttle(rate=limits.http_rate, burst=limits.http_burst)
    version = pages.static_version()
    app.add_middleware(Guard, limits=limits, public_url=public_url, static_version=version)
    pages.add_routes(app, version)
    catalog.add_routes(app)
    tables.add_routes(app, throttle, limits)
    play.add_routes(app, throttle)
    analysis.add_routes(app, throttle)
    live.add_routes(app, limits)
    return app


SWEEP_SECONDS = 60.0


async def _forget_unwatched(referee: Referee, idle_seconds: float) -> None:
    """Every minute, let go of the tables in memory that nobody watches and nothing plays."""
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        dropped = referee.forget_unwatched(idle_seconds)
        if dropped:
            log.info("%d unwatched table(s) left memory (kept in the database)", dropped)


async def _protocol_error(request: Request, exc: ProtocolError) -> JSONResponse:
    return JSONResponse(
        {"error": exc.code, "message": error_text(exc.code, lang(request), exc.params),
         "detail": exc.params.get("detail")},
        status_code=exc.status,
    )


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *, public_url: str = "",
          log_level: str = "warning", print_fn: Any = print, limits: Limits | None = None,
          bot_workers: int | None = None, max_bot_tables: int | None = None) -> None:
    """Run the server until interrupted (``fathom serve``)."""
    import uvicorn

    url = database_url(db)
    shown = url if not url.startswith("postgresql") else url.split("@")[-1]
    address = public_url or f"http://{host}:{port}/"
    app = create_app(db, public_url=public_url, limits=limits, bot_workers=bot_workers,
                     max_bot_tables=max_bot_tables)
    print_fn(f"fathom: serving on {address} (database {shown}); Ctrl+C stops")
    import os

    ws_impl = os.environ.get("FATHOM_WS", "auto")
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=65536, ws=ws_impl,
                ws_per_message_deflate=False, proxy_headers=False)  # only --trusted-proxy's X-Forwarded-For counts
