"""A signed-in person's notice channels (``/api/me/notifications``) and the e-mails' unsubscribe link."""

from __future__ import annotations

import html
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse

from fathom.i18n import text, typeset
from fathom.server import mailer, notice_db, outbox, webhooks
from fathom.server.accounts import account_of
from fathom.server.protocol import ProtocolError
from fathom.server.routes.common import Throttle, lang, read_json, referee
from fathom.server.storage import off_loop

FIELDS = ("email", "webhook")


async def _signed_in(request: Request) -> str:
    account = await account_of(request)
    if not account:
        raise ProtocolError("need-login", status=401)
    return account


def add_routes(app: FastAPI, throttle: Throttle) -> None:
    @app.get("/api/me/notifications")
    async def get_notifications(request: Request) -> dict[str, Any]:
        """Where this account is told it is its turn: ``{email, webhook}`` (``null``: not that way)."""
        account = await _signed_in(request)
        prefs = await off_loop(notice_db.prefs, referee(request).store, account)
        return {"email": prefs.email, "webhook": prefs.webhook, "email_available": referee(request).notices.settings.smtp is not None}

    @app.put("/api/me/notifications")
    async def put_notifications(request: Request) -> dict[str, Any]:
        """``{email, webhook}``: each an address or ``null`` (off); a field left out keeps its value."""
        throttle(request)
        account = await _signed_in(request)
        data = await read_json(request)
        unknown = sorted(str(k)[:40] for k in data if k not in FIELDS)
        if unknown:
            raise ProtocolError("bad-message", detail=f"unknown field {unknown[0]!r}; allowed: {', '.join(FIELDS)}")
        ref = referee(request)
        settings = ref.notices.settings
        now = await off_loop(notice_db.prefs, ref.store, account)
        email, webhook = now.email, now.webhook
        if "email" in data:
            email = data["email"] or None
            if email is not None:
                if not isinstance(email, str) or not mailer.email_ok(email.strip()):
                    raise ProtocolError("bad-email", status=422)
                if settings.smtp is None:
                    raise ProtocolError("no-mail", status=422)
                email = email.strip()
        if "webhook" in data:
            webhook = data["webhook"] or None
            if webhook is not None:
                try:
                    webhook = await webhooks.check(webhook, settings.allow_private_webhooks)
                except webhooks.WebhookRefused as exc:
                    raise ProtocolError(exc.code, status=422, detail=exc.detail) from None
        await off_loop(notice_db.set_prefs, ref.store, account, notice_db.Prefs(email, webhook, lang(request)))
        return {"email": email, "webhook": webhook, "email_available": settings.smtp is not None}

    @app.get("/unsubscribe/{token}", include_in_schema=False)
    async def unsubscribe_page(request: Request, token: str) -> HTMLResponse:
        """The e-mail's link: a page with one button (a link checker opening it changes nothing)."""
        return _page(lang(request), "notify.unsub.ask", button=True)

    @app.post("/unsubscribe/{token}", include_in_schema=False)
    async def unsubscribe(request: Request, token: str) -> HTMLResponse:
        """The button, or a mail client's one-click POST (RFC 8058): e-mail off, no sign-in needed."""
        throttle(request)
        ref = referee(request)
        account = outbox.unsubscribe_account(token)
        done = False
        if account is not None:
            prefs = await off_loop(notice_db.prefs, ref.store, account)
            if prefs.email and outbox.unsubscribe_ok(ref.secret, token, account, prefs.email):
                done = await off_loop(notice_db.email_off, ref.store, account, prefs.email)
        return _page(lang(request), "notify.unsub.done" if done else "notify.unsub.stale",
                     status=200 if done else 404)


def _page(lang: str, key: str, button: bool = False, status: int = 200) -> HTMLResponse:
    """A plain page in the person's language (no script: the CSP allows forms to this origin)."""
    def say(name: str) -> str:
        return html.escape(typeset(lang, text(lang, name)))

    form = (f'<form method="post"><button type="submit">{say("notify.unsub.button")}</button></form>'
            if button else '<p><a href="/">fathom</a></p>')
    body = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{say("notify.unsub.title")}</title>'
            f'<link rel="stylesheet" href="/static/style.css"></head>'
            f'<body><main style="max-width: 40rem; margin: 2rem auto; padding: 0 1rem"><h1>{say("notify.unsub.title")}</h1><p>{say(key)}</p>{form}</main></body></html>')
    return HTMLResponse(body, status_code=status, headers={"Cache-Control": "no-store"})
