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


class Person:
    """Someone with an account, talking to a server over HTTP with their session cookie (no seat link)."""

    PASSWORD = "correct horse battery"

    def __init__(self, base: str, name: str) -> None:
        self.base = base
        self.name = name
        self.cookie = ""

    def call(self, method: str, path: str, body: dict[str, Any] | None = None, base: str | None = None,
             timeout: float = 40) -> tuple[int, Any]:
        """The status and JSON answer of a request with this person's session (refusals included)."""
        import urllib.error
        import urllib.request

        headers = {"Content-Type": "application/json"} if body is not None else {}
        if self.cookie:
            headers["Cookie"] = self.cookie
        req = urllib.request.Request((base or self.base) + path, method=method, headers=headers,
                                     data=None if body is None else json.dumps(body).encode())
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                self._keep(r.headers.get_all("Set-Cookie") or [])
                return r.status, json.load(r)
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"{}")

    def _keep(self, cookies: list[str]) -> None:
        for line in cookies:
            pair = line.split(";")[0].strip()
            if pair.startswith("fathom_session="):
                self.cookie = pair

    def sign_up(self) -> Person:
        status, answer = self.call("POST", "/api/accounts", {"name": self.name, "password": self.PASSWORD})
        assert status == 201 and self.cookie, answer
        return self

    def channels(self, email: str | None, webhook: str | None, lang: str = "en") -> dict[str, Any]:
        status, answer = self.call("PUT", f"/api/me/notifications?lang={lang}", {"email": email, "webhook": webhook})
        assert status == 200, answer
        return answer

    def state(self, tid: str, base: str | None = None) -> dict[str, Any]:
        status, answer = self.call("GET", f"/api/tables/{tid}/state?wait=30", base=base)
        assert status == 200, answer
        return answer

    def play_turn(self, tid: str, base: str | None = None) -> dict[str, Any]:
        """Play the first legal moves of this person's seat until another seat (or the end) is to move."""
        st = self.state(tid, base)
        seat = st["you"]
        assert st["to_move"] == seat and st["legal"], st["to_move"]
        while st["to_move"] == seat:
            status, answer = self.call("POST", f"/api/tables/{tid}/act", {"action": st["legal"][0][1]}, base=base)
            assert status == 200, answer
            st = self.state(tid, base)
        return st

    def page(self, tid: str, base: str | None = None) -> Any:
        """A page of this person's table open (a websocket said hello with the session, no link)."""
        from websockets.sync.client import connect

        ws = connect((base or self.base).replace("http://", "ws://") + f"/ws/{tid}", open_timeout=10,
                     additional_headers={"Cookie": self.cookie}, legacy=True)
        ws.send(json.dumps({"type": "hello"}))
        for _ in range(20):
            if json.loads(ws.recv(timeout=10))["type"] == "state":
                return ws
        raise AssertionError("the page got no state")


def turn_based_table(host: Person, seated: list[Person], **extra: Any) -> str:
    """A turn-based Into the Blue table whose seats ``seated`` hold, made by ``host`` over HTTP; its id."""
    spec = {"game": "into-the-blue", "seats": [{"kind": "human", "account": p.name} for p in seated], "seed": 5,
            "turn_based": True, "move_time": {"days": 2}, **extra}
    status, links = host.call("POST", "/api/tables", spec)
    assert status == 201, links
    return links["id"]
