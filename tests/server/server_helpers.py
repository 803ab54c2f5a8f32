"""Helpers for the web server tests (fixtures live in conftest.py)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def make_table(client: Any, seats: list[dict[str, Any]] | None = None, game: str = "deep-blue",
               **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats or [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
            "seed": extra.pop("seed", 11)}
    body.update(extra)
    res = client.post("/api/tables", json=body)
    assert res.status_code == 201, res.text
    return res.json()

def play_out(client, links) -> None:
    """The people play their first legal move until the game is over (bots and dice move themselves)."""
    tid = links["id"]
    tokens = {s["seat"]: s["token"] for s in links["seats"] if s["kind"] == "human"}
    for _ in range(500):
        st = client.get(f"/api/tables/{tid}/state").json()
        if st["to_move"] == "over":
            return
        seat = st["to_move"]
        mine = client.get(f"/api/tables/{tid}/state", headers=bearer(tokens[seat])).json()
        res = client.post(f"/api/tables/{tid}/act", json={"action": mine["legal"][0][1]},
                          headers=bearer(tokens[seat]))
        assert res.status_code == 200, res.text
    raise AssertionError("the game did not end")


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}

def recv(ws: Any, kind: str | None = None, limit: int = 50) -> dict[str, Any]:
    """The next message (of type ``kind``), skipping others."""
    for _ in range(limit):
        msg = ws.receive_json()
        if kind is None or msg.get("type") == kind:
            return msg
    raise AssertionError(f"no {kind} message in {limit}")

def hello(ws: Any, token: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
    ws.send_text(json.dumps({"type": "hello", "token": token, "lang": "en"}))
    welcome = recv(ws, "welcome")
    state = recv(ws, "state")
    return welcome, state

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

class LiveServer:
    """``python -m fathom.server`` on 127.0.0.1 with a SQLite file; can be killed and restarted."""

    def __init__(self, db: str, *args: str) -> None:
        self.db = db
        self.args = list(args)  # more `fathom serve` options, such as --trusted-proxy
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fathom.server", "--host", "127.0.0.1", "--port", str(self.port), "--db", self.db,
             *self.args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        end = time.time() + 30
        while time.time() < end:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers, as in a crash."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **bearer(token)})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.load(r)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """Any request as a stranger's client would send it: the status, headers and body, errors too."""
        req = urllib.request.Request(self.url + path, data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as err:
            return err.code, dict(err.headers), err.read()

    def get(self, path: str, token: str | None = None) -> dict[str, Any]:
        req = urllib.request.Request(self.url + path, headers=bearer(token))
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.load(r)
