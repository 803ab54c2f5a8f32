"""A local SMTP sink (aiosmtpd) and a local webhook receiver (http.server) for the turn-based tests,
and account-held seats written straight into a database (as the accounts' routes would seat them)."""

from __future__ import annotations

import email
import email.policy
import json
import threading
import time
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from server_helpers import free_port


class SmtpSink:
    """An SMTP server on loopback that keeps every message it is given."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.messages: list[EmailMessage] = []
        self.port = free_port()
        sink = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
                msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
                sink.messages.append(msg)  # type: ignore[arg-type]
                return "250 OK"

        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def start(self) -> SmtpSink:
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


class WebhookReceiver:
    """An HTTP server on loopback that keeps every POST (its JSON and when it came) and answers 500 to the
    first ``fail`` of them."""

    def __init__(self, fail: int = 0) -> None:
        self.calls: list[tuple[float, str, dict[str, Any], int]] = []  # (time, path, body, status answered)
        self.fail = fail
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
                status = 500 if receiver.fail > 0 else 204
                receiver.fail -= status == 500
                receiver.calls.append((time.monotonic(), self.path, body, status))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, who: str) -> str:
        return f"http://127.0.0.1:{self.port}/{who}"

    def start(self) -> WebhookReceiver:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def received(self, who: str) -> list[dict[str, Any]]:
        """The bodies POSTed to ``who``'s webhook that were answered with success."""
        return [body for _, path, body, status in self.calls if path == f"/{who}" and status < 300]


def wait_for(check: Any, timeout: float = 20.0, what: str = "it") -> Any:
    """Poll ``check()`` until it gives something true (returned), or fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen within {timeout} s")


def seat_accounts(db_url: str, spec: dict[str, Any], accounts: dict[int, str],
                  prefs: dict[str, tuple[str | None, str | None, str]]) -> dict[str, Any]:
    """A table from ``spec`` whose seats ``accounts`` (seat -> name) are held by accounts, and those
    accounts' channels (name -> (email, webhook, lang)), written to the database before a server starts
    on it; the table's id and each person's seat key."""
    from fathom.server import auth, notice_db, specs
    from fathom.server.db import Store, database_url

    rec, _, entries = specs.build(spec)
    for seat, name in accounts.items():
        rec.seats[seat].update(account=name, name=name)
    store = Store(database_url(db_url))
    try:
        store.create_table(rec, entries)
        for name, (address, hook, lang) in prefs.items():
            notice_db.set_prefs(store, name, notice_db.Prefs(address, hook, lang))
        secret = store.secret()
    finally:
        store.close()
    return {"id": rec.id, "tokens": {i: auth.seat_token(secret, rec.id, i) for i in range(len(rec.seats))}}
