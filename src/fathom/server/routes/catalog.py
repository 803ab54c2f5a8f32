"""What the lobby and pages read before any table: the games, their rules, the page strings."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request

from fathom.server.catalog import games_info, rules_page
from fathom.server.i18n import strings
from fathom.server.routes.common import lang


def add_routes(app: FastAPI) -> None:
    @app.get("/api/games")
    async def api_games() -> list[dict[str, Any]]:
        return games_info()

    @app.get("/api/games/{game}/rules")
    async def api_rules(game: str, request: Request) -> dict[str, Any]:
        return rules_page(game, lang(request))

    @app.get("/api/i18n/{lang}")
    async def api_strings(lang: str) -> dict[str, Any]:
        return strings(lang)
