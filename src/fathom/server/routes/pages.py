"""The HTML pages, their static files and the health check.

Static files are served twice: under ``/static/v/<version>/`` (the pages' own links; ``<version>``
is a hash of every file in ``web/``, so a new release changes every URL and a browser may keep
them for a year) and, always revalidated, under ``/static/`` (old links, tools). The ES modules'
relative imports stay inside the versioned folder, so no module of the last release is mixed in.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

WEB = Path(__file__).resolve().parent.parent / "web"
GET_HEAD = ["GET", "HEAD"]


def static_version(web: Path = WEB) -> str:
    """A short hash of every static file's path and bytes: it changes whenever one of them does."""
    digest = hashlib.sha256()
    for path in sorted(p for p in web.rglob("*") if p.is_file()):
        digest.update(path.relative_to(web).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def page(name: str, version: str) -> str:
    """An HTML page whose static links point at this release's versioned folder."""
    return (WEB / name).read_text(encoding="utf-8").replace('"/static/', f'"/static/v/{version}/')


def add_routes(app: FastAPI, version: str) -> None:
    app.mount(f"/static/v/{version}", StaticFiles(directory=WEB), name="static-versioned")

    @app.get("/static/v/{old}/{path:path}", include_in_schema=False)
    async def old_release(old: str, path: str) -> RedirectResponse:
        """A page of an earlier release asks for its files: this release's (not to be cached)."""
        return RedirectResponse(f"/static/{path}", status_code=307)

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    lobby, table = page("index.html", version), page("table.html", version)

    @app.api_route("/", methods=GET_HEAD, include_in_schema=False)
    async def lobby_page() -> HTMLResponse:
        return HTMLResponse(lobby, headers={"Cache-Control": "no-cache"})

    @app.api_route("/t/{table_id}", methods=GET_HEAD, include_in_schema=False)
    async def table_page(table_id: str) -> HTMLResponse:
        return HTMLResponse(table, headers={"Cache-Control": "no-cache"})

    @app.api_route("/healthz", methods=GET_HEAD, include_in_schema=False)
    async def health() -> PlainTextResponse:
        return PlainTextResponse("ok")
