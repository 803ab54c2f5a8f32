"""Players as everyone may see them: a player's ratings, history and statistics, a game's leaderboard,
and the profile and leaderboard pages that draw them. Read-only: nothing of a hand, only finished tables' results."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import HTMLResponse

from fathom.core.plugins import plugin_names
from fathom.server import standings
from fathom.server.protocol import ProtocolError
from fathom.server.routes.common import Throttle, query_count, referee
from fathom.server.routes.pages import GET_HEAD, page, static_version
from fathom.server.storage import off_loop

NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")  # what a player's name may be in an address (accounts: 3-20 of these)
BOARD_PAGE, BOARD_MOST = 50, 200  # leaderboard rows by default, and at most, per request
READ_RATE, READ_BURST = 5.0, 30.0  # profile and leaderboard reads per second and client address


def add_routes(app: FastAPI, version: str | None = None) -> None:
    reads = Throttle(rate=READ_RATE, burst=READ_BURST)
    version = version or static_version()
    profile, board = page("profile.html", version), page("leaderboard.html", version)

    @app.get("/api/players/{name}")
    async def api_player(request: Request, name: str) -> dict[str, Any]:
        """``{name, ratings: {GAME: {mu, sigma, ordinal, games}}, history, stats, recent}`` (404: no such account, and
        nothing counted under that name)."""
        reads(request)
        found = await off_loop(standings.player, referee(request).store, name) if NAME.fullmatch(name) else None
        if found is None:
            raise ProtocolError("no-player", status=404, name=name[:32])
        return found

    @app.get("/api/leaderboard/{game}")
    async def api_leaderboard(request: Request, response: Response, game: str) -> list[dict[str, Any]]:
        """``[{name, ordinal, games}]`` best first (``?offset=&limit=``, at most 200; ``X-Next-Offset`` when
        there is more); an unknown game is a 404 naming the games."""
        reads(request)
        if game not in plugin_names():
            raise ProtocolError("no-game", status=404, game=game[:40], allowed=", ".join(plugin_names()))
        offset = query_count(request, "offset", 0, 10**9)
        limit = query_count(request, "limit", BOARD_PAGE, BOARD_MOST) or BOARD_PAGE
        rows = await off_loop(standings.leaderboard, referee(request).store, game, offset, limit + 1)
        if len(rows) > limit:
            response.headers["X-Next-Offset"] = str(offset + limit)
        return rows[:limit]

    @app.api_route("/leaderboard", methods=GET_HEAD, include_in_schema=False)
    async def leaderboard_page() -> HTMLResponse:
        """Each game's players by rating (``?game=``: which one first)."""
        return HTMLResponse(board, headers={"Cache-Control": "no-cache"})

    @app.api_route("/players/{name}", methods=GET_HEAD, include_in_schema=False)
    async def profile_page(name: str) -> HTMLResponse:
        return HTMLResponse(profile, headers={"Cache-Control": "no-cache"})
