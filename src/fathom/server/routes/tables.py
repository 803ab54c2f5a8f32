"""Tables as the lobby sees them: create one, list them, its seats, its links, take an open seat."""

from __future__ import annotations

import time
from typing import Any

from fastapi import FastAPI, Request, Response

from fathom.server import auth, heavy, specs
from fathom.server.accounts import account_of
from fathom.server.bodies import SAVE_LIMIT
from fathom.server.db import still_open
from fathom.server.protocol import ProtocolError
from fathom.server.routes.common import Throttle, client, query_count, read_json, referee, token
from fathom.server.settings import Limits
from fathom.server.storage import off_loop


# refusals that cost the server nothing much: the table allowance reserved for them is given back
CHEAP_REFUSALS = ("bad-table", "bad-message", "bad-json", "busy", "bot-tables-full", "bot-tables-yours")


def add_routes(app: FastAPI, throttle: Throttle, limits: Limits) -> None:
    per_hour = limits.tables_per_hour
    creations = Throttle(rate=per_hour / 3600, burst=per_hour, code="table-limit", params={"n": per_hour})
    in_flight = [0]  # creations reserved whose table is not made yet: they count as in play

    @app.post("/api/tables", status_code=201)
    async def api_create(request: Request) -> dict[str, Any]:
        """A new table. Its allowance is reserved before the body is read (one address cannot start
        600 creations on an allowance of 30 by holding their bodies back), and given back only when
        the spec is refused before any costly work (a save is replayed in a thread, after every
        cheap check; a refused save keeps the charge)."""
        throttle(request)
        creations(request)  # refused here (429): the body is never read
        ref = referee(request)
        in_flight[0] += 1
        costly = False
        try:
            playing = await ref.count_playing(time.time() - limits.idle_minutes * 60)
            if playing + in_flight[0] - 1 >= limits.max_live_tables:
                raise ProtocolError("busy", status=503, n=limits.max_live_tables)
            spec = await read_json(request, limit=SAVE_LIMIT)
            saved = None
            if spec.get("save") is not None:
                game, players = specs.precheck(spec)
                costly = True
                saved = await heavy.off_loop(specs.saved_game, spec["save"], game, players)
            table, links = await ref.create(spec, saved=saved, creator=client(request))
        except ProtocolError as exc:
            if exc.code in CHEAP_REFUSALS and not costly:
                creations.give_back(request)
            raise
        finally:
            in_flight[0] -= 1
        return links  # at once: bots who open play on in the background (the page sees them live)

    @app.get("/api/tables")
    async def api_list(request: Request, response: Response) -> list[dict[str, Any]]:
        """A page of the lobby (``?offset=&limit=``), last moved first; ``X-Next-Offset`` when there is more."""
        offset = query_count(request, "offset", 0, 10**9)
        limit = query_count(request, "limit", limits.lobby_page, 200) or limits.lobby_page
        ref = referee(request)
        now = time.time()
        records = await off_loop(ref.store.lobby, now - limits.finished_minutes * 60,
                                 now - limits.idle_minutes * 60, offset, limit + 1)
        if len(records) > limit:
            response.headers["X-Next-Offset"] = str(offset + limit)
        out = []
        for rec in records[:limit]:
            live = ref.tables.get(rec.id)
            out.append({
                "id": rec.id, "game": rec.game, "players": rec.players, "status": rec.status,
                "seats": [{"kind": s["kind"], "bot": s.get("bot"), "name": s.get("name", ""),
                           "open": still_open(s), **({"account": s["account"]} if s.get("account") else {})}
                          for s in rec.seats],
                "move_number": live.state.move_number() if live else None, "updated": rec.updated,
            })
        return out

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str) -> dict[str, Any]:
        return (await referee(request).open(table_id)).meta()

    @app.get("/api/tables/{table_id}/links")
    async def api_links(request: Request, table_id: str) -> dict[str, Any]:
        ref = referee(request)
        table = await ref.open(table_id)
        if not auth.is_host(ref.secret, table.id, token(request)):
            raise ProtocolError("forbidden", status=403)
        return ref.links(table)

    @app.post("/api/tables/{table_id}/seats/{seat}/rekey")
    async def api_rekey(request: Request, table_id: str, seat: int) -> dict[str, Any]:
        """The host replaces a seat's key: ``{seat, reopened, token, url}`` (see :meth:`Referee.rekey`)."""
        throttle(request)
        ref = referee(request)
        table = await ref.open(table_id)
        if not auth.is_host(ref.secret, table.id, token(request)):
            raise ProtocolError("forbidden", status=403)
        return await ref.rekey(table, seat)

    @app.post("/api/tables/{table_id}/claim")
    async def api_claim(request: Request, table_id: str) -> dict[str, Any]:
        """Take an open seat: ``{seat, name}`` -> that seat's key and page (the first to ask has it).
        Signed in, the seat becomes the account's (under its name) and no key is given: the session opens it."""
        throttle(request)
        data = await read_json(request)
        ref = referee(request)
        account = await account_of(request)
        return await ref.claim(await ref.open(table_id), data.get("seat"), data.get("name"), account)
