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
import dataclasses
import logging
import logging.config
import re
from collections.abc import Iterable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from fathom.server.bodies import BODY_LIMIT, SAVE_LIMIT, BodyLimit
from fathom.server.db import Store, database_url
from fathom.server.door import RESERVED_FILES, Door, guarded_protocol, raise_open_files
from fathom.server.guard import Guard, default_hosts
from fathom.server.i18n import error_text
from fathom.server.notify import Bus
from fathom.server.protocol import ProtocolError
from fathom.server.outbox import NoticeSettings
from fathom.server.routes import accounts, analysis, catalog, live, notices, pages, play, players, tables
from fathom.server.routes.common import Throttle, lang
from fathom.server.routes.pages import WEB
from fathom.server.settings import BOT_TABLE_PACE, Limits
from fathom.server.tables import BOT_TABLES_PER_WORKER, Referee
from fathom.server.turn_based import sweep as turn_sweep

__all__ = ["WEB", "create_app", "serve"]
log = logging.getLogger("fathom.server")


def create_app(db: str | None = None, *, public_url: str = "", store: Store | None = None,
               limits: Limits | None = None, bot_workers: int | None = None,
               max_bot_tables: int | None = None, allowed_hosts: Iterable[str] | None = None,
               notice_settings: NoticeSettings | None = None, rated_bots: bool = False,
               bot_table_pace: float = BOT_TABLE_PACE) -> FastAPI:
    """The server app. ``db`` is a SQLite path or a database URL (default ``fathom.db``); ``limits``:
    what strangers may do (:class:`~fathom.server.settings.Limits`, its defaults when not given);
    ``bot_workers`` processes think for bots and hints (default: one per core); ``allowed_hosts``:
    the ``Host`` names answered (besides IP addresses; None: any, as for an app inside a test);
    ``notice_settings``: how turn-based play's notices are sent (SMTP, webhooks, retries);
    ``rated_bots``: rated tables may seat bots (``--rated-bots``); ``bot_table_pace``: seconds between the
    moves of a table where only bots play (``--bot-table-pace``)."""
    limits = limits or Limits()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        own = store or Store(database_url(db))
        referee = Referee(own, public_url=public_url, bot_workers=bot_workers, rated_bots=rated_bots)
        app.state.referee = referee
        referee.thinker.warm_up()
        if max_bot_tables is not None:
            referee.max_bot_tables = max_bot_tables
        referee.bot_table_pace = bot_table_pace
        if notice_settings is not None:
            referee.notices.settings = notice_settings
        bus = Bus(referee)  # several processes on PostgreSQL hear each other; a no-op on SQLite
        await bus.start()
        restored = await referee.restore_all()
        if restored:
            log.info("restored %d table(s) in play", restored)
        loop = asyncio.get_running_loop()
        sweepers = [loop.create_task(_forget_unwatched(referee, limits.idle_minutes * 60)),
                    loop.create_task(turn_sweep(referee)),  # turn-based deadlines and open pages
                    loop.create_task(referee.notices.run())]  # the notices' sender, off every move's path
        yield
        for task in sweepers:
            task.cancel()
        await bus.stop()
        if store is None:
            own.close()

    # no docs UI: Swagger's page loads JavaScript from a CDN, on the origin where seat keys are kept;
    # the schema itself is at /openapi.json
    app = FastAPI(title="fathom", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_exception_handler(ProtocolError, _protocol_error)  # type: ignore[arg-type]
    throttle = Throttle(rate=limits.http_rate, burst=limits.http_burst)
    version = pages.static_version()
    app.add_middleware(BodyLimit)  # inside the guard: a refused request's body is never read
    app.add_middleware(Guard, limits=limits, public_url=public_url, static_version=version,
                       allowed_hosts=allowed_hosts)
    pages.add_routes(app, version)
    catalog.add_routes(app)
    tables.add_routes(app, throttle, limits)
    play.add_routes(app, throttle)
    analysis.add_routes(app, throttle)
    players.add_routes(app, version)
    live.add_routes(app, limits)
    accounts.add_routes(app, throttle, limits, public_url)
    notices.add_routes(app, throttle)
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
    body = {"error": exc.code, "message": error_text(exc.code, lang(request), exc.params),
            "detail": exc.params.get("detail")}
    headers = None
    if exc.status == 429 and "retry_after" in exc.params:  # a limit says when to come back
        body["retry_after"] = exc.params["retry_after"]
        headers = {"Retry-After": str(exc.params["retry_after"])}
    return JSONResponse(body, status_code=exc.status, headers=headers)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *, public_url: str = "",
          log_level: str = "warning", print_fn: Any = print, limits: Limits | None = None,
          bot_workers: int | None = None, max_bot_tables: int | None = None,
          allowed_hosts: Iterable[str] = (), notice_settings: NoticeSettings | None = None,
          rated_bots: bool = False, bot_table_pace: float = BOT_TABLE_PACE) -> None:
    """Run the server until interrupted (``fathom serve``)."""
    import os

    import uvicorn

    from fathom.server.workers import default_workers

    limits = limits or Limits()
    log_config = logging_config()
    logging.config.dictConfig(log_config)  # this process's own lines from now on, not only once uvicorn runs
    url = database_url(db)
    shown = url if not url.startswith("postgresql") else url.split("@")[-1]
    address = public_url or f"http://{host}:{port}/"
    files = raise_open_files()
    total = min(limits.max_connections or files, files - RESERVED_FILES)
    door = Door(per_address=limits.connections_per_address, total=max(total, 16),
                header_seconds=limits.header_seconds, trusted=limits.trusted)
    hosts = default_hosts(host, public_url, allowed_hosts)
    notice_settings = dataclasses.replace(notice_settings or NoticeSettings(), base_url=address.rstrip("/"))
    app = create_app(db, public_url=public_url, limits=limits, bot_workers=bot_workers,
                     max_bot_tables=max_bot_tables, allowed_hosts=hosts, notice_settings=notice_settings,
                     rated_bots=rated_bots, bot_table_pace=bot_table_pace)
    workers = bot_workers or default_workers()
    bot_tables = max_bot_tables if max_bot_tables is not None else BOT_TABLES_PER_WORKER * workers
    print_fn(start_line(address, shown, limits, door, workers, bot_tables, bot_table_pace, hosts)
             + notice_line(notice_settings))
    ws_impl = os.environ.get("FATHOM_WS", "auto")
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=65536, ws=ws_impl,
                ws_per_message_deflate=False, proxy_headers=False,  # only --trusted-proxy's X-Forwarded-For counts
                http=guarded_protocol(door), log_config=log_config, timeout_keep_alive=5)


def start_line(address: str, database: str, limits: Limits, door: Door, workers: int, bot_tables: int,
               bot_pace: float, hosts: Iterable[str]) -> str:
    """What ``fathom serve`` says as it starts: where, and every limit a stranger meets."""
    proxies = ", ".join(limits.trusted_proxies) or "none (X-Forwarded-For ignored)"
    return (f"fathom: serving on {address} (database {database}); {workers} bot worker(s), at most "
            f"{bot_tables} bot-only table(s) in play, a move each {bot_pace:g} s; per client address: {limits.tables_per_hour} new "
            f"tables an hour, {limits.signups_per_hour} new accounts an hour, {limits.logins_per_minute} sign-ins a "
            f"minute, {limits.http_rate:g} changes a second, {limits.pages_per_address} pages, "
            f"{door.per_address} connections; at most {limits.max_live_tables} tables in play and "
            f"{door.total} connections; bodies up to {BODY_LIMIT // 1024} KB (a new table's "
            f"{SAVE_LIMIT // 1024} KB), headers within {door.header_seconds:g} s; trusted proxies: {proxies}; "
            f"hosts: {', '.join(sorted(hosts))} and IP addresses; Ctrl+C stops")


def notice_line(settings: NoticeSettings) -> str:
    """What ``fathom serve`` says of turn-based play's notices (never the SMTP password)."""
    mail = f"e-mail through {settings.smtp!r} from {settings.mail_from}" if settings.smtp else "no e-mail (no --smtp)"
    hooks = "to any address (--allow-private-webhooks)" if settings.allow_private_webhooks else "to public addresses only"
    return f"; turn-based notices: {mail}, webhooks {hooks}"


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
KEY_IN_QUERY = re.compile(r"(?i)(token=)[^&\s\"']+")


class HideKeys(logging.Filter):
    """A seat key a client wrongly put in an address (``?token=``, refused) never reaches a log line:
    uvicorn's access and websocket lines print the path with its query."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "token=" in text.lower():
            record.msg, record.args = KEY_IN_QUERY.sub(r"\1<hidden>", text), ()
        return True


def logging_config() -> dict[str, Any]:
    """Uvicorn's logging, with timestamps, plus ``fathom.server``'s own lines (info and up) on stderr."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    for formatter in config["formatters"].values():
        formatter["fmt"] = "%(asctime)s " + formatter["fmt"]
    config["formatters"]["fathom"] = {"format": LOG_FORMAT}
    config["handlers"]["fathom"] = {"class": "logging.StreamHandler", "formatter": "fathom",
                                    "stream": "ext://sys.stderr"}
    config["loggers"]["fathom"] = {"handlers": ["fathom"], "level": "INFO", "propagate": False}
    config.setdefault("filters", {})["hide-keys"] = {"()": HideKeys}
    for handler in config["handlers"].values():
        handler["filters"] = ["hide-keys"]
    return config
