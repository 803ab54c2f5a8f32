"""A finished table's analysis (the win-chance graph of the replay) and "play on from here"."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request

from fathom.server.analysis import Analyst
from fathom.server.protocol import ProtocolError
from fathom.server.routes.common import Throttle, read_json, referee, seated

PLAY_ON_BOT = "3"
"""Who plays the other seats of a table played on from a replay, unless the request names a bot."""


def analyst(request: Request) -> Analyst:
    """The server process's analyst, made with its first request (it shares the referee's workers)."""
    state = request.app.state
    if getattr(state, "analyst", None) is None:
        ref = referee(request)
        state.analyst = Analyst(ref.store, ref.thinker)
    found: Analyst = state.analyst
    return found


def add_routes(app: FastAPI, throttle: Throttle) -> None:
    @app.get("/api/tables/{table_id}/analysis")
    async def api_analysis(request: Request, table_id: str) -> dict[str, Any]:
        """Every seat's win chance at each decision, each decision's best move and loss (``status: done``),
        or how far the analysis is (``status: running``, ``done`` of ``total``); asking starts it."""
        _, table, _ = await seated(request, table_id)
        if not table.over:
            raise ProtocolError("not-over", status=409)
        return await analyst(request).status(table)

    @app.post("/api/tables/{table_id}/play-on")
    async def api_play_on(request: Request, table_id: str) -> dict[str, Any]:
        """A new table from a finished table's position at ``step`` (the same hidden state: the game is
        over, no secret is left), the asker in ``seat`` (default: its own, else the seat to move) and
        bots in the others; answers its id and the asker's link."""
        throttle(request)
        ref, table, own = await seated(request, table_id)
        if not table.over:
            raise ProtocolError("not-over", status=409)
        data = await read_json(request)
        total = len(table.log)
        step = data.get("step")
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < total:
            raise ProtocolError("bad-step", total=total - 1)
        position = table.position_at(step)
        players = table.rec.players
        seat = data.get("seat", own if own is not None else max(0, position.current_player))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ProtocolError("bad-table", detail=f"seat must be 0 to {players - 1}")
        bot = str(data.get("bot", PLAY_ON_BOT))
        seats = [{"kind": "human", "name": table.rec.seats[s].get("name", "")} if s == seat
                 else {"kind": "bot", "bot": bot} for s in range(players)]
        save = position.to_dict()
        save["options"] = {k: v for k, v in save["options"].items() if not (k == "data_file" and v is None)}
        settings = {k: v for k, v in table.rec.settings.items() if k in ("hints", "spectator_chat", "stand_in")}
        following, _ = await ref.create({"game": table.rec.game, "seats": seats, "save": save, **settings})
        return {"id": following.id, "url": ref.page_url(following, seat), "seat": seat, "step": step}
