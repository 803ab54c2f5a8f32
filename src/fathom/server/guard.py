"""What every request passes first: who the client is, whether a browser sent it from our own
pages, where a seat key may travel, and the headers every answer carries.

A plain ASGI middleware (no per-request task, unlike Starlette's ``BaseHTTPMiddleware``):

* the client's address (the peer's, or a trusted proxy's ``X-Forwarded-For``) is put in the
  scope as ``fathom.client`` for the rate limits;
* a seat key in the query string (``?token=``) is refused: addresses end up in access logs and
  Referer headers, so keys travel in the URL fragment or ``Authorization: Bearer``;
* a request that changes something (POST…) must come from our own origin when a browser says
  where it comes from (``Origin``, ``Sec-Fetch-Site``) and carry JSON (``Content-Type:
  application/json``, or no body): a cross-site form or ``text/plain`` POST is refused before any
  route runs; a websocket from another site's page is refused too;
* every answer gets a Content-Security-Policy (no framing), ``Referrer-Policy: no-referrer`` and
  ``X-Content-Type-Options: nosniff``; static files a cache policy (versioned URLs are immutable).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from fastapi.responses import JSONResponse

from fathom.server.i18n import LANGS, error_text
from fathom.server.settings import Limits

Scope = dict[str, Any]
ASGI = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
# Scripts only from this server, never inline (so no injected markup can run any). 'unsafe-eval' lets
# browser automation (Playwright's wait_for_function, our tests') evaluate in the page; our own code
# never evals, and with no inline script an injection could not reach eval either. Inline styles:
# the SVG board sets style attributes.
CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
DOCS_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'"  # /api/docs loads Swagger UI's own files
HEADERS = [(b"referrer-policy", b"no-referrer"), (b"x-content-type-options", b"nosniff"),
           (b"x-frame-options", b"DENY")]
IMMUTABLE = b"public, max-age=31536000, immutable"


class Guard:
    """The middleware (see the module's docstring); ``public_url`` is one more origin of our own."""

    def __init__(self, app: ASGI, limits: Limits, public_url: str = "", static_version: str = "") -> None:
        self.app = app
        self.limits = limits
        self.immutable = f"/static/v/{static_version}/" if static_version else None
        self.public_host = urlsplit(public_url).netloc.lower() if public_url else ""

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        peer = scope["client"][0] if scope.get("client") else "?"
        scope["fathom.client"] = self.limits.client_address(peer, headers.get("x-forwarded-for"))
        if scope["type"] == "websocket":
            if not self._same_origin(headers, peer):
                await send({"type": "websocket.close", "code": 4403})
                return
            await self.app(scope, receive, send)
            return
        send = self._with_headers(scope, send)
        refusal = self._refusal(scope, headers, peer)
        if refusal is not None:
            code, status = refusal
            lang = _lang(scope, headers)
            await JSONResponse({"error": code, "message": error_text(code, lang, {}), "detail": None},
                               status_code=status)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _refusal(self, scope: Scope, headers: dict[str, str], peer: str) -> tuple[str, int] | None:
        query = scope.get("query_string", b"").decode("latin-1")
        if query and any(k == "token" for k, _ in parse_qsl(query, keep_blank_values=True)):
            return "token-in-query", 400
        if scope["method"] in SAFE_METHODS:
            return None
        if not self._same_origin(headers, peer):
            return "cross-site", 403
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind:
            return None if kind == "application/json" or kind.endswith("+json") else ("need-json", 415)
        has_body = headers.get("content-length", "0") not in ("", "0") or "transfer-encoding" in headers
        return ("need-json", 415) if has_body else None

    def _same_origin(self, headers: dict[str, str], peer: str) -> bool:
        """A browser says where a request comes from; other clients say nothing and are let through."""
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return False
        origin = headers.get("origin")
        if origin is None:
            return True
        ours = {headers.get("host", "").lower()}
        if self.public_host:
            ours.add(self.public_host)
        if self.limits.trusted(peer) and headers.get("x-forwarded-host"):
            ours.add(headers["x-forwarded-host"].split(",")[-1].strip().lower())
        return urlsplit(origin).netloc.lower() in ours

    def _with_headers(self, scope: Scope, send: Any) -> Any:
        path = scope.get("path", "")
        csp = DOCS_CSP if path.startswith(("/api/docs", "/openapi.json")) else CSP
        cache = (IMMUTABLE if self.immutable and path.startswith(self.immutable)
                 else b"no-cache" if path.startswith("/static/") else None)

        async def sending(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                extra = [(b"content-security-policy", csp.encode()), *HEADERS]
                if cache is not None:
                    extra.append((b"cache-control", cache))
                names = {name for name, _ in extra}
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": kept + extra}
            await send(message)

        return sending


def _lang(scope: Scope, headers: dict[str, str]) -> str:
    query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
    lang = query.get("lang") or headers.get("accept-language", "en")[:2]
    return lang if lang in LANGS else "en"
