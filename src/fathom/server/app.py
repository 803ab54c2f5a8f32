"""HTTP and websocket routes (FastAPI), and :func:`serve` behind ``fathom serve``.

Pages: ``/`` (lobby: create a table, list tables), ``/t/{id}`` (a table; a seat's
link carries its token after ``#token=``, which browsers never send to servers).
JSON API under ``/api`` (see docs/web.md); the live game goes over ``/ws/{id}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnect

from fathom.review import review_json
from fathom.server.catalog import games_info, rules_page
from fathom.server.clock import TokenBucket, now
from fathom.server.db import Store, database_url, still_open
from fathom.server.i18n import LANGS, error_text, strings
from fathom.server.live import Client, LiveTable
from fathom.server.protocol import ProtocolError, parse
from fathom.server.tables import Referee, dumps

WEB = Path(__file__).with_name("web")
HELLO_TIMEOUT = 20.0
WATCH_INTERVAL = 0.1
SAVE_LIMIT = 1 << 20  # a new table may carry a whole save to go on with (a long game is ~50 KB)
log = logging.getLogger("fathom.server")


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang") or request.headers.get("accept-language", "en")[:2]
    return lang if lang in LANGS else "en"


def _token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return request.query_params.get("token") or None


def create_app(db: str | None = None, *, public_url: str = "", store: Store | None = None) -> FastAPI:
    """The server app. ``db`` is a SQLite path or a database URL (default ``fathom.db``)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        own = store or Store(database_url(db))
        referee = Referee(own, public_url=public_url)
        app.state.referee = referee
        restored = referee.restore_all()
        if restored:
            log.info("restored %d table(s) in play", restored)
        yield
        if store is None:
            own.close()

    app = FastAPI(title="fathom", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    buckets: dict[str, TokenBucket] = {}

    def referee(request: Request | WebSocket) -> Referee:
        return request.app.state.referee

    def throttle(request: Request) -> None:
        key = (request.client.host if request.client else "?") + "|" + (_token(request) or "")
        bucket = buckets.get(key)
        if bucket is None:
            if len(buckets) > 10_000:
                buckets.clear()
            bucket = buckets[key] = TokenBucket(rate=20.0, burst=40.0)
        if not bucket.take():
            raise ProtocolError("rate-limited", status=429)

    @app.exception_handler(ProtocolError)
    async def protocol_error(request: Request, exc: ProtocolError) -> JSONResponse:
        return JSONResponse(
            {"error": exc.code, "message": error_text(exc.code, _lang(request), exc.params),
             "detail": exc.params.get("detail")},
            status_code=exc.status,
        )

    async def body(request: Request, limit: int = 65536) -> dict[str, Any]:
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

    # ---- pages ------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html", headers={"Cache-Control": "no-cache"})

    @app.get("/healthz", include_in_schema=False)
    async def health() -> PlainTextResponse:
        return PlainTextResponse("ok")

    # ---- API ---------------------------------------------------------------------------------
    @app.get("/api/games")
    async def api_games() -> list[dict[str, Any]]:
        return games_info()

    @app.get("/api/games/{game}/rules")
    async def api_rules(game: str, request: Request) -> dict[str, Any]:
        return rules_page(game, _lang(request))

    @app.get("/api/i18n/{lang}")
    async def api_strings(lang: str) -> dict[str, Any]:
        return strings(lang)

    @app.post("/api/tables", status_code=201)
    async def api_create(request: Request) -> dict[str, Any]:
        throttle(request)
        _table, links = referee(request).create(await body(request, limit=SAVE_LIMIT))
        return links

    @app.get("/api/tables")
    async def api_list(request: Request) -> list[dict[str, Any]]:
        ref = referee(request)
        out = []
        for rec in ref.store.tables():
            live = ref.tables.get(rec.id)
            out.append({
                "id": rec.id, "game": rec.game, "players": rec.players, "status": rec.status,
                "seats": [{"kind": s["kind"], "bot": s.get("bot"), "name": s.get("name", ""),
                           "open": still_open(s)} for s in rec.seats],
                "move_number": live.state.move_number() if live else None, "updated": rec.updated,
            })
        return out

    def table_of(request: Request, table_id: str) -> LiveTable:
        return referee(request).get(table_id)

    def seated(request: Request, table_id: str) -> tuple[Referee, LiveTable, int | None]:
        """The referee, the table, and the seat the request's token holds (None: a spectator)."""
        ref = referee(request)
        table = ref.get(table_id)
        return ref, table, ref.seat_for(table, _token(request))

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str) -> dict[str, Any]:
        table = table_of(request, table_id)
        return table.meta()

    @app.get("/api/tables/{table_id}/links")
    async def api_links(request: Request, table_id: str) -> dict[str, Any]:
        from fathom.server import auth

        ref = referee(request)
        table = table_of(request, table_id)
        if not auth.is_host(ref.secret, table.id, _token(request)):
            raise ProtocolError("forbidden", status=403)
        return ref.links(table)

    @app.get("/api/tables/{table_id}/state")
    async def api_state(request: Request, table_id: str) -> dict[str, Any]:
        _, table, seat = seated(request, table_id)
        msg = table.state_message(Client(send=None, seat=seat, lang=_lang(request)))
        msg["describe"] = table.describe
        return msg

    @app.post("/api/tables/{table_id}/act")
    async def api_act(request: Request, table_id: str) -> dict[str, Any]:
        throttle(request)
        ref, table, seat = seated(request, table_id)
        data = await body(request)
        data.setdefault("type", "act")
        msg = parse(dumps(data))
        if msg["type"] != "act":
            raise ProtocolError("bad-type", got=msg["type"], allowed="act")
        move = ref.act(table, seat, msg["action"], msg.get("expect"))
        return {"ok": True, "move_number": move, "to_move": _to_move(table)}

    @app.post("/api/tables/{table_id}/undo")
    async def api_undo(request: Request, table_id: str) -> dict[str, Any]:
        throttle(request)
        ref, table, seat = seated(request, table_id)
        data = await body(request)
        data["type"] = "undo"
        msg = parse(dumps(data))
        move = ref.undo(table, seat, msg.get("expect"))
        return {"ok": True, "move_number": move}

    @app.post("/api/tables/{table_id}/back")
    async def api_back(request: Request, table_id: str) -> dict[str, Any]:
        throttle(request)
        ref, table, seat = seated(request, table_id)
        if seat is None:
            raise ProtocolError("spectator", status=403)
        ref.come_back(table, seat)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/hint")
    async def api_hint(request: Request, table_id: str) -> dict[str, Any]:
        throttle(request)
        ref, table, seat = seated(request, table_id)
        return {"move_number": table.state.move_number(), **ref.hint(table, seat).to_json()}

    @app.post("/api/tables/{table_id}/rematch")
    async def api_rematch(request: Request, table_id: str) -> dict[str, Any]:
        throttle(request)
        ref, table, seat = seated(request, table_id)
        following, _ = ref.rematch(table, seat)
        return {"id": following.id, "url": ref.page_url(following, seat)}

    @app.post("/api/tables/{table_id}/claim")
    async def api_claim(request: Request, table_id: str) -> dict[str, Any]:
        """Take an open seat: ``{seat, name}`` -> that seat's key and page (the first to ask has it)."""
        throttle(request)
        data = await body(request)
        return referee(request).claim(table_of(request, table_id), data.get("seat"), data.get("name"))

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(request: Request, table_id: str, step: int = 0) -> dict[str, Any]:
        ref, table, seat = seated(request, table_id)
        if not table.over:
            raise ProtocolError("not-over", status=409)
        total = len(table.log)
        if not 0 <= step <= total:
            raise ProtocolError("bad-step", total=total)
        st = table.position_at(step)
        events = [e for e in table.events_for(seat, 0) if e.get("step", 0) < step or step == total]
        return {
            "step": step, "total": total, "you": seat, "view": st.view(seat), "events": events,
            "action": table.log[step - 1].name if step else None,
            "actor": table.log[step - 1].actor if step else None,
            "to_move": st.current_player, "table": table.meta(),
        }

    @app.get("/api/tables/{table_id}/review")
    async def api_review(request: Request, table_id: str) -> dict[str, Any]:
        """The token's seat's push-your-luck calls weighed against the exact odds (its own view only)."""
        _, table, seat = seated(request, table_id)
        if seat is None:
            raise ProtocolError("spectator", status=403)
        if not table.over:
            raise ProtocolError("not-over", status=409)
        return await asyncio.to_thread(review_json, table.state, seat)  # a second of replay: off the event loop

    @app.get("/api/tables/{table_id}/save")
    async def api_save(request: Request, table_id: str) -> Response:
        table = table_of(request, table_id)
        if not table.over:
            raise ProtocolError("not-over", status=409)
        return Response(referee(request).save_json(table), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="fathom-{table.id}.json"'})

    # ---- the live game --------------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        ref = referee(ws)
        lang = "en"

        async def refuse(exc: ProtocolError, code: int) -> None:
            with contextlib.suppress(Exception):
                await ws.send_text(dumps(ref.error_message(exc, lang)))
                await ws.close(code)

        try:
            table = ref.get(table_id)
        except ProtocolError as exc:
            await refuse(exc, 4404)
            return
        try:
            first = await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT)
        except (asyncio.TimeoutError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await ws.close(4408)
            return
        if first is None:
            return
        try:
            msg = parse(first)
            if isinstance(msg.get("lang"), str) and msg["lang"] in LANGS:
                lang = msg["lang"]
            if msg["type"] != "hello":
                raise ProtocolError("need-hello")
            seat = ref.seat_for(table, msg.get("token"))
        except ProtocolError as exc:
            await refuse(exc, 4403 if exc.code == "bad-token" else 4400)
            return
        client = Client(send=ws.send_text, seat=seat, lang=lang)
        client.push({"type": "welcome", "you": seat, "table": table.meta(), "describe": table.describe,
                     "chat": list(table.chat)})
        writer = asyncio.get_running_loop().create_task(_writer(ws, table, client))
        ref.attach(table, client)
        try:
            while True:
                text = await _receive(ws)
                if text is None:
                    break
                if not client.bucket.take():
                    if now() - client.last_limit_notice > 1.0:
                        client.last_limit_notice = now()
                        client.push(ref.error_message(ProtocolError("rate-limited"), client.lang))
                    continue
                try:
                    client.urgent = True
                    _handle(ref, table, client, parse(text))
                except ProtocolError as exc:
                    client.push(ref.error_message(exc, client.lang))
        except WebSocketDisconnect:
            pass
        finally:
            ref.detach(table, client)
            writer.cancel()

    return app


async def _receive(ws: WebSocket) -> str | bytes | None:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    if message.get("text") is not None:
        return message["text"]
    return message.get("bytes") or b""


def _to_move(table: LiveTable) -> Any:
    who = table.state.current_player
    return "over" if table.over else ("chance" if who < 0 else who)


def _handle(ref: Referee, table: LiveTable, client: Client, msg: dict[str, Any]) -> None:
    kind = msg["type"]
    if kind == "act":
        ref.act(table, client.seat, msg["action"], msg.get("expect"))
    elif kind == "undo":
        ref.undo(table, client.seat, msg.get("expect"))
    elif kind == "back":
        if client.seat is None:
            raise ProtocolError("spectator", status=403)
        ref.come_back(table, client.seat)
        client.mark()
    elif kind == "hint":
        hint = ref.hint(table, client.seat)
        client.push({"type": "hint", "move_number": table.state.move_number(), **hint.to_json()})
    elif kind == "rematch":
        following, made = ref.rematch(table, client.seat)  # a new one is announced to every page
        if not made:
            client.push(ref.rematch_message(following, client.seat))
    elif kind == "sync":
        client.mark(reset=True)
    elif kind == "ping":
        client.push({"type": "pong", "t": msg.get("t")})
    elif kind == "chat":
        ref.chat(table, client.seat, msg["text"])
    elif kind == "hello":
        if msg.get("lang") in LANGS:
            client.lang = msg["lang"]
        client.mark(reset=True)


async def _writer(ws: WebSocket, table: LiveTable, client: Client) -> None:
    """Send this page its notices and, when the table changed, one fresh state message.

    A page that is to move, or that just asked for something, is answered at once;
    a page that only watches gets at most one state per ``WATCH_INTERVAL`` (changes
    in between are folded into the next one), which keeps fast bot games cheap.
    """
    try:
        while not client.closed:
            await client.wake.wait()
            client.wake.clear()
            while client.notices:
                await ws.send_text(dumps(client.notices.popleft()))
            if not client.dirty or client.closed:
                continue
            urgent = client.urgent or table.over or (
                client.seat is not None and table.state.current_player == client.seat)
            wait = client.last_sent + WATCH_INTERVAL - now()
            if not urgent and wait > 0:
                await asyncio.sleep(wait)
                while client.notices:
                    await ws.send_text(dumps(client.notices.popleft()))
                if not client.dirty or client.closed:
                    continue
            client.urgent = False
            client.last_sent = now()
            await ws.send_text(dumps(table.state_message(client)))
    except (WebSocketDisconnect, RuntimeError, ConnectionError, asyncio.CancelledError):
        client.closed = True
    except Exception:  # noqa: BLE001
        log.exception("table %s: sending to a page failed", table.id)
        client.closed = True
        with contextlib.suppress(Exception):
            await ws.close(1011)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *, public_url: str = "",
          log_level: str = "warning", print_fn: Any = print) -> None:
    """Run the server until interrupted (``fathom serve``)."""
    import uvicorn

    url = database_url(db)
    shown = url if not url.startswith("postgresql") else url.split("@")[-1]
    address = public_url or f"http://{host}:{port}/"
    app = create_app(db, public_url=public_url)
    print_fn(f"fathom: serving on {address} (database {shown}); Ctrl+C stops")
    import os

    ws_impl = os.environ.get("FATHOM_WS", "auto")
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=65536, ws=ws_impl,
                ws_per_message_deflate=False)
