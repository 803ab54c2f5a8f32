"""The HTML pages, their static files and the health check.

Static files are served twice: under ``/static/v/<version>/`` (the pages' own links; ``<version>``
is a hash of every file in ``web/``, so a new release changes every URL and a browser may keep
them for a year) and, always revalidated, under ``/static/`` (old links, tools). The ES modules'
relative imports stay inside the versioned folder, so no module of the last release is mixed in.

Each game's browser renderer lives in its own folder (its plugin's ``web``) and is served beside the
pages' files, under ``games/<name>/``: the table page imports ``../games/<name>/renderer.js``, and a
renderer imports the shared modules as ``../../js/common.js``.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from fathom.core.plugins import plugins_with, web_folder

WEB = Path(__file__).resolve().parent.parent / "web"
GET_HEAD = ["GET", "HEAD"]


def game_folders() -> dict[str, Path]:
    """Each game's browser renderer folder by game name (the games without one left out)."""
    found = {}
    for plugin in plugins_with("web"):
        folder = web_folder(plugin.name)
        if folder is not None and folder.is_dir():
            found[plugin.name] = Path(str(folder))
    return found


def static_version(web: Path = WEB, games: dict[str, Path] | None = None) -> str:
    """A short hash of every static file's path and bytes, the games' renderers included: it changes
    whenever one of them does."""
    digest = hashlib.sha256()
    games = game_folders() if games is None else games
    folders = [("", web)] + [(f"games/{name}/", path) for name, path in sorted(games.items())]
    for prefix, folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            digest.update((prefix + path.relative_to(folder).as_posix()).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def page(name: str, version: str) -> str:
    """An HTML page whose static links point at this release's versioned folder."""
    return (WEB / name).read_text(encoding="utf-8").replace('"/static/', f'"/static/v/{version}/')


def add_routes(app: FastAPI, version: str) -> None:
    for name, folder in game_folders().items():  # before the folders they sit in: the first mount that matches serves
        app.mount(f"/static/v/{version}/games/{name}", StaticFiles(directory=folder), name=f"game-{name}-versioned")
        app.mount(f"/static/games/{name}", StaticFiles(directory=folder), name=f"game-{name}")
    app.mount(f"/static/v/{version}", StaticFiles(directory=WEB), name="static-versioned")

    @app.get("/static/v/{old}/{path:path}", include_in_schema=False)
    async def old_release(old: str, path: str) -> RedirectResponse:
        """A page of an earlier release asks for its files: this release's (not to be cached)."""
        return RedirectResponse(f"/static/{path}", status_code=307)

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    lobby, table, account = page("index.html", version), page("table.html", version), page("account.html", version)

    @app.api_route("/", methods=GET_HEAD, include_in_schema=False)
    async def lobby_page() -> HTMLResponse:
        return HTMLResponse(lobby, headers={"Cache-Control": "no-cache"})

    @app.api_route("/t/{table_id}", methods=GET_HEAD, include_in_schema=False)
    async def table_page(table_id: str) -> HTMLResponse:
        return HTMLResponse(table, headers={"Cache-Control": "no-cache"})

    @app.api_route("/account", methods=GET_HEAD, include_in_schema=False)
    async def account_page() -> HTMLResponse:
        """Sign in or up, then "my games" (the page asks ``/api/me`` which to show)."""
        return HTMLResponse(account, headers={"Cache-Control": "no-cache"})

    @app.api_route("/healthz", methods=GET_HEAD, include_in_schema=False)
    async def health() -> PlainTextResponse:
        return PlainTextResponse("ok")
