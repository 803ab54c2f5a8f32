"""The live game: one websocket per open page (``/ws/{table}``), its hello, and its writer."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from typing import Any

from fastapi import FastAPI, WebSocket
from starlette.websockets import WebSocketDisconnect

from fathom.server import account_store, seats
from fathom.server.accounts import account_of, session_token
from fathom.server.clock import now
from fathom.server.i18n import LANGS
from fathom.server.live import Client, LiveTable
from fathom.server.protocol import ProtocolError, parse
from fathom.server.routes.common import Throttle
from fathom.server.routes.common import client as client_address
from fathom.server.routes.common import lang as page_lang
from fathom.server.routes.common import referee
from fathom.server.settings import Limits
from fathom.server.storage import off_loop
from fathom.server.tables import Referee, _spawn, dumps

HELLO_TIMEOUT = 20.0
OPEN_RATE, OPEN_BURST = 2.0, 60.0  # table pages one client address may open a second, and at once
WATCH_INTERVAL = 0.1
log = logging.getLogger("fathom.server")


def add_routes(app: FastAPI, limits: Limits) -> None:
    open_pages: Counter[str] = Counter()  # live pages per client address, on this process
    # a finished table reopened may be replayed: 60 pages at once (or as many as an address may hold,
    # if more), then a few a second
    opens = Throttle(rate=OPEN_RATE, burst=max(OPEN_BURST, float(limits.pages_per_address)))

    @app.websocket("/ws/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        address = client_address(ws)
        refusal = None
        if open_pages[address] >= limits.pages_per_address:  # each page holds memory and a writer task
            refusal = ProtocolError("too-many-pages", n=limits.pages_per_address)
        else:
            try:
                opens(ws)
            except ProtocolError as exc:
                refusal = exc
        if refusal is not None:
            with contextlib.suppress(Exception):
                await ws.send_text(dumps(referee(ws).error_message(refusal, page_lang(ws))))
                await ws.close(4429)
            return
        open_pages[address] += 1
        try:
            await _serve_page(ws, table_id)
        finally:
            open_pages[address] -= 1
            if not open_pages[address]:
                del open_pages[address]


async def _serve_page(ws: WebSocket, table_id: str) -> None:
    """One page's life: its hello (seat key and language), then its messages until it closes."""
    ref = referee(ws)
    lang = page_lang(ws)

    async def refuse(exc: ProtocolError, code: int) -> None:
        with contextlib.suppress(Exception):
            await ws.send_text(dumps(ref.error_message(exc, lang)))
            await ws.close(code)

    try:
        table = await ref.open(table_id)
    except ProtocolError as exc:
        await refuse(exc, 4404)
        return
    try:
        first = await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT)
    except (TimeoutError, WebSocketDisconnect):
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
        account = None if msg.get("token") else await account_of(ws)  # no link: the account's seat, if any
        seat = ref.seat_for(table, msg.get("token"), account)
    except ProtocolError as exc:
        await refuse(exc, 4403 if exc.code == "bad-token" else 4400)
        return
    client = Client(send=ws.send_text, seat=seat, lang=lang, address=client_address(ws),
                    session=session_token(ws) if account is not None and seat is not None else None)
    client.push({"type": "welcome", "you": seat, "table": table.meta(), "describe": table.describe,
                 "chat": list(table.chat) if ref.reads_chat(table, seat) else []})
    writer = asyncio.get_running_loop().create_task(_writer(ws, table, client))
    ref.attach(table, client)
    try:
        while True:
            text = await _receive(ws)
            if text is None or client.revoked:
                break
            if not client.bucket.take():
                if now() - client.last_limit_notice > 1.0:
                    client.last_limit_notice = now()
                    client.push(ref.error_message(ProtocolError("rate-limited"), client.lang))
                continue
            try:
                client.urgent = True
                msg = parse(text)
                if client.session and msg["type"] not in PASSIVE and not await _session_holds(ref, table, client):
                    # signed out (on any device or process), expired, or the account deleted: told, then cut
                    seats.revoke(client, ref.error_message(ProtocolError("need-login", status=401), client.lang))
                    continue
                await _handle(ref, table, client, msg)
            except ProtocolError as exc:
                client.push(ref.error_message(exc, client.lang))
    except WebSocketDisconnect:
        pass
    except Exception:  # a bug met by one message: said in the log, the page closed, never silent
        log.exception("table %s: a page's message failed", table.id)
        with contextlib.suppress(Exception):
            await ws.close(1011)
    finally:
        ref.detach(table, client)
        writer.cancel()


PASSIVE = ("ping", "sync", "hello")  # messages that change nothing: no need to check the session again


async def _session_holds(ref: Referee, table: LiveTable, client: Client) -> bool:
    """Is the session that seated this page (an account's seat) still signed in to that seat's account?"""
    if client.session is None or client.seat is None:
        return True
    name = await off_loop(account_store.session_account, ref.store, client.session)
    return name is not None and name == table.rec.seats[client.seat].get("account")


async def _receive(ws: WebSocket) -> str | bytes | None:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    if message.get("text") is not None:
        return message["text"]
    return message.get("bytes") or b""


async def _send_hint(ref: Referee, table: LiveTable, client: Client) -> None:
    move = table.state.move_number()
    try:
        client.push({"type": "hint", "move_number": move, **(await ref.hint(table, client.seat, client.address, client)).to_json()})
    except ProtocolError as exc:
        client.push(ref.error_message(exc, client.lang))


async def _handle(ref: Referee, table: LiveTable, client: Client, msg: dict[str, Any]) -> None:
    kind = msg["type"]
    if kind == "act":
        await ref.act(table, client.seat, msg["action"], msg.get("expect"), client.key)
    elif kind == "undo":
        await ref.undo(table, client.seat, msg.get("expect"), client.key)
    elif kind == "back":
        if client.seat is None:
            raise ProtocolError("spectator", status=403)
        ref.come_back(table, client.seat)
        client.mark()
    elif kind == "hint":  # thought out in a worker; the answer follows when it is ready
        _spawn(_send_hint(ref, table, client))
    elif kind == "rematch":
        following, made = await ref.rematch(table, client.seat)  # a new one is announced to every page
        if not made:
            client.push(ref.rematch_message(following, client.seat))
    elif kind == "sync":
        client.mark(reset=True)
    elif kind == "ping":
        client.push({"type": "pong", "t": msg.get("t")})
    elif kind == "chat":
        ref.chat(table, client.seat, msg["text"])
    elif kind == "prefs":
        await ref.prefs(table, client.seat, msg)
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
            if client.revoked:  # its seat's key was replaced: this page holds an old one
                client.closed = True
                await ws.close(4403)
                return
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
    except Exception:
        log.exception("table %s: sending to a page failed", table.id)
        client.closed = True
        with contextlib.suppress(Exception):
            await ws.close(1011)
