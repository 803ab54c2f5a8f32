"""What every request passes first: who the client is, whether a browser sent it from our own
pages, where a seat key may travel, and the headers every answer carries.

A plain ASGI middleware (no per-request task, unlike Starlette's ``BaseHTTPMiddleware``):

* the client's address (the peer's, or a trusted proxy's ``X-Forwarded-For``) is put in the
  scope as ``fathom.client`` for the rate limits;
* a seat key in the query string (``?token=``) is refused, on a websocket too (before uvicorn's
  access log could show it): addresses end up in access logs and Referer headers, so keys travel
  in the URL fragment, ``Authorization: Bearer`` or the websocket's hello;
* the ``Host`` must be one of ours when an allowlist is given (``--allowed-host``; ``fathom serve``
  always gives one): a page of a rebound DNS name (``evil.example`` pointing at us) is refused even
  when its ``Origin`` matches its ``Host``; an address written as an IP is always allowed, since no
  DNS rebinding can hide behind it;
* a request that arrives with ``X-Forwarded-For`` from a peer that is no ``--trusted-proxy`` is
  logged once: every client behind that proxy then shares the proxy's address and limits;
* a request that changes something (POST…) must come from our own origin when a browser says
  where it comes from (``Origin``, ``Sec-Fetch-Site``) and carry JSON (``Content-Type:
  application/json``, or no body): a cross-site form or ``text/plain`` POST is refused before any
  route runs; a websocket from another site's page is refused too;
* every answer gets a Content-Security-Policy (no framing), ``Referrer-Policy: no-referrer`` and
  ``X-Content-Type-Options: nosniff``; static files a cache policy (versioned URLs are immutable).
"""

from __future__ import annotations

import ipaddress
import logging
import os
from collections.abc import Awaitable, Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from fastapi.responses import JSONResponse

from fathom.server.i18n import LANGS, error_text
from fathom.server.settings import Limits

Scope = dict[str, Any]
ASGI = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
# POSTs that may carry a form: an e-mail's unsubscribe button and mail clients' one-click unsubscribe
# (RFC 8058, ``List-Unsubscribe=One-Click``), authorised by the signed token in the path alone
FORM_POSTS = ("/unsubscribe/",)
# Scripts only from this server, never inline (so no injected markup can run any), and no eval.
# Inline styles: the SVG board sets style attributes.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
# Browser automation (Playwright's wait_for_function, the browser tests') evaluates in the page: only
# a server started with this variable set (the tests' own) allows it; never a production one.
TEST_EVAL_ENV = "FATHOM_TEST_CSP_EVAL"
TEST_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'")
HEADERS = [(b"referrer-policy", b"no-referrer"), (b"x-content-type-options", b"nosniff"),
           (b"x-frame-options", b"DENY")]
IMMUTABLE = b"public, max-age=31536000, immutable"
log = logging.getLogger("fathom.server")


class Guard:
    """The middleware (see the module's docstring); ``public_url`` is one more origin of our own."""

    def __init__(self, app: ASGI, limits: Limits, public_url: str = "", static_version: str = "",
                 allowed_hosts: Iterable[str] | None = None) -> None:
        self.app = app
        self.limits = limits
        self.immutable = f"/static/v/{static_version}/" if static_version else None
        self.public_host = urlsplit(public_url).netloc.lower() if public_url else ""
        self.allowed_hosts = None if allowed_hosts is None else {_host_name(h) for h in allowed_hosts}
        self.csp = TEST_CSP if os.environ.get(TEST_EVAL_ENV) == "1" else CSP
        self.proxy_warned = False

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        peer = scope["client"][0] if scope.get("client") else "?"
        scope["fathom.client"] = self.limits.client_address(peer, headers.get("x-forwarded-for"))
        if "x-forwarded-for" in headers and not self.proxy_warned and not self.limits.trusted(peer):
            self.proxy_warned = True
            log.warning("requests come through a proxy at %s (X-Forwarded-For) that is no --trusted-proxy: "
                        "every client behind it shares its address and its limits", peer)
        if scope["type"] == "websocket":
            if not self._host_allowed(headers):
                await send({"type": "websocket.close", "code": 4421})
                return
            if _token_in_query(scope):  # closed before accepting: the key never reaches a log line
                await send({"type": "websocket.close", "code": 4400})
                return
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
        if not self._host_allowed(headers):
            return "bad-host", 421
        if _token_in_query(scope):
            return "token-in-query", 400
        if scope["method"] in SAFE_METHODS:
            return None
        if not self._same_origin(headers, peer):
            return "cross-site", 403
        if scope.get("path", "").startswith(FORM_POSTS):
            return None  # the token in its path is its only credential: no cookie a forged form could borrow
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind:
            return None if kind == "application/json" or kind.endswith("+json") else ("need-json", 415)
        has_body = headers.get("content-length", "0") not in ("", "0") or "transfer-encoding" in headers
        return ("need-json", 415) if has_body else None

    def _host_allowed(self, headers: dict[str, str]) -> bool:
        """Is the ``Host`` ours (see the module's docstring)? Always, when no allowlist was given."""
        if self.allowed_hosts is None:
            return True
        name = _host_name(headers.get("host", ""))
        return name in self.allowed_hosts or _is_ip(name)

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
        csp = self.csp
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


def _token_in_query(scope: Scope) -> bool:
    query = scope.get("query_string", b"").decode("latin-1")
    return bool(query) and any(k == "token" for k, _ in parse_qsl(query, keep_blank_values=True))


def _host_name(host: str) -> str:
    """``Host`` without its port, lower case (``[::1]:8000`` -> ``::1``; a URL's host too)."""
    host = host.strip().lower()
    if "://" in host:
        host = urlsplit(host).netloc
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def default_hosts(bind: str, public_url: str, extra: Iterable[str] = ()) -> list[str]:
    """The allowlist ``fathom serve`` gives by default: localhost, the bind address, the public URL's
    host, and every ``--allowed-host`` (IP addresses are always allowed, see :class:`Guard`)."""
    hosts = ["localhost", bind]
    if public_url:
        hosts.append(urlsplit(public_url).netloc)
    return [h for h in {_host_name(h) for h in [*hosts, *extra]} if h]


def scope_lang(scope: Scope) -> str:
    """The language a request asked for (``?lang=``, else ``Accept-Language``)."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    return _lang(scope, headers)


def _lang(scope: Scope, headers: dict[str, str]) -> str:
    query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
    lang = query.get("lang") or headers.get("accept-language", "en")[:2]
    return lang if lang in LANGS else "en"
