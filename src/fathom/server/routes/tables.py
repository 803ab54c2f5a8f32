"""Tables as the lobby sees them: create one, list them, its seats, its links, take an open seat."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request

from fathom.server import auth
from fathom.server.db import still_open
from fathom.server.protocol import ProtocolError
from fathom.server.routes.common import SAVE_LIMIT, Throttle, read_json, referee, token


def add_routes(app: FastAPI, throttle: Throttle) -> None:
    @app.post("/api/tables", status_code=201)
    async def api_create(request: Request) -> dict[str, Any]:
        throttle(request)
        _table, links = referee(request).create(await read_json(request, limit=SAVE_LIMIT))
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

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str) -> dict[str, Any]:
        return referee(request).get(table_id).meta()

    @app.get("/api/tables/{table_id}/links")
    async def api_links(request: Request, table_id: str) -> dict[str, Any]:
        ref = referee(request)
        table = ref.get(table_id)
        if not auth.is_host(ref.secret, table.id, token(request)):
            raise ProtocolError("forbidden", status=403)
        return ref.links(table)

    @app.post("/api/tables/{table_id}/claim")
    async def api_claim(request: Request, table_id: str) -> dict[str, Any]:
        """Take an open seat: ``{seat, name}`` -> that seat's key and page (the first to ask has it)."""
        throttle(request)
        data = await read_json(request)
        ref = referee(request)
        return ref.claim(ref.get(table_id), data.get("seat"), data.get("name"))
