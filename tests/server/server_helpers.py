"""Helpers for the web server tests (fixtures live in conftest.py)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

PATIENCE_MS = 60_000
"""How long a browser test waits for the page to show something. An idle machine shows it in a second
or two; a loaded CI machine took over 15 s (a page load, a bot's move), and failed tests for it. A
wait that fails still ends, and a test that asserts a time asserts it by itself."""


class PatientBrowser:
    """The session's browser, whose every new context waits :data:`PATIENCE_MS` by default (Playwright's 30 s)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_context(self, **options: Any) -> Any:
        context = self.browser.new_context(**options)
        context.set_default_timeout(PATIENCE_MS)
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


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
    links = res.json()
    if waits_for_a_person(body):  # creation answers at once: opening dice and bots play in the background
        client.get(f"/api/tables/{links['id']}/state?wait=30")
    return links


def waits_for_a_person(body: dict[str, Any]) -> bool:
    """A pace-0 table with a person: tests want it at a person's turn (as creation used to answer)."""
    kinds = {s.get("kind") for s in body.get("seats") or []}
    return "human" in kinds and not body.get("bot_delay_ms")

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


def run_async(coroutine: Any) -> Any:
    """``asyncio.run`` in a thread of its own (the browser tests leave an event loop in this one)."""
    import asyncio
    import threading

    box: dict[str, Any] = {}

    def main() -> None:
        try:
            box["value"] = asyncio.run(coroutine)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            box["error"] = exc

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box.get("value")


def wait_over(client: Any, tid: str, timeout: float = 60.0) -> dict[str, Any]:
    """The state of table ``tid`` once its game is over (bots play on the server, not in the request)."""
    return _until_over(lambda: client.get(f"/api/tables/{tid}/state").json(), tid, timeout)


def _until_over(state: Callable[[], dict[str, Any]], tid: str, timeout: float) -> dict[str, Any]:
    end = time.time() + timeout
    while time.time() < end:
        st = state()
        if st["to_move"] == "over":
            return st
        time.sleep(0.05)
    raise AssertionError(f"table {tid} did not finish in {timeout} s")


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


TEST_BOT_WORKERS = "1"
"""How many bot workers a test's server starts unless the test asks (``--bot-workers``). Each worker loads
level 3's kernels as its server starts, about a CPU-second, and most tests seat no bot that searches: with the
default of one per core, the workers' start took a third of the CPU of the browser tests. The tests of how
the workers share out bots and hints ask for two."""


class LiveServer:
    """``python -m fathom.server`` on 127.0.0.1 with a SQLite file (or a database URL); can be killed
    and restarted."""

    def __init__(self, db: str, *args: str) -> None:
        self.db = db
        self.args = list(args)  # more `fathom serve` options, such as --trusted-proxy
        if "--bot-workers" not in self.args:
            self.args += ["--bot-workers", TEST_BOT_WORKERS]
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.output = tempfile.TemporaryFile()  # noqa: SIM115 - a file, not a pipe: a chatty server never blocks on it
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fathom.server", "--host", "127.0.0.1", "--port", str(self.port), "--db", self.db,
             *self.args],
            stdout=self.output, stderr=subprocess.STDOUT, env=env)
        from fathom.server.deploy import wait_healthy

        if not wait_healthy(self.url, 30):
            raise RuntimeError("server did not start: " + self.said())

    def said(self) -> str:
        """What the server printed (its log), for a failing test's message."""
        self.output.seek(0)
        return self.output.read().decode(errors="replace")[-3000:]

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

    def post(self, path: str, body: dict[str, Any], token: str | None = None, timeout: float = 10) -> dict[str, Any]:
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **bearer(token)})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            answer = json.load(r)
        if path == "/api/tables" and waits_for_a_person(body):  # as make_table: at a person's turn
            self.get(f"/api/tables/{answer['id']}/state?wait=30", timeout=40)
        return answer

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """Any request as a stranger's client would send it: the status, headers and body, errors too."""
        req = urllib.request.Request(self.url + path, data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as err:
            return err.code, dict(err.headers), err.read()

    def get_text(self, path: str) -> str:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return r.read().decode()

    def get(self, path: str, token: str | None = None, timeout: float = 10) -> dict[str, Any]:
        req = urllib.request.Request(self.url + path, headers=bearer(token))
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.load(r)

    def wait_over(self, tid: str, timeout: float = 60.0) -> dict[str, Any]:
        """Table ``tid``'s state once its game is over."""
        return _until_over(lambda: self.get(f"/api/tables/{tid}/state"), tid, timeout)


def open_context(browser: Any, url: str, size: tuple[int, int] = (1280, 800), lang: str = "en",
                 **extra: Any) -> tuple[Any, Any]:
    """A new browser context at ``size`` in ``lang`` and its page at ``url`` (``page.errors``: the page's errors)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **extra)
    context.add_init_script(f"localStorage.setItem('fathom.lang', '{lang}')")
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    return context, page


def motion_done(page: Any) -> None:
    """Wait until the page's move animations and CSS transitions are over: a thing is measured where it
    lands, not on its way (a loaded machine stretches the motion). The CSS keyframe animations (a turn's
    glows, the thinking dots) move nothing and are not waited for."""
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running' "
                           "|| a instanceof CSSAnimation)")


def map_laid_out(page: Any) -> None:
    """Wait until Deep Blue's map has its own laid-out size (its site labels at reading size): a loaded
    machine lays it out late, and a frame measured before that is the screen's width, not the map's."""
    page.wait_for_function("[...document.querySelectorAll('.site-slot .node-label')].some((e) => "
                           "e.getBoundingClientRect().height >= 12)")


def off_screen(page: Any, check: str, sel: str | None = None, settle_ms: int = 3000) -> list[str]:
    """What ``check`` (a page function listing what is out of place for ``sel``) finds once the page has
    settled: a frame caught mid-change on a loaded machine gets up to ``settle_ms`` to land; what stays
    out of place is a fault, and the list says what."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"(sel) => ({check})(sel).length === 0", arg=sel, timeout=settle_ms)
    except PlaywrightTimeout:
        pass
    return page.evaluate(check, sel)


def open_page(browser: Any, url: str, size: tuple[int, int] = (1280, 800), lang: str = "en", **extra: Any) -> tuple[Any, Any]:
    """:func:`open_context` on a table's page, once the table is shown."""
    context, page = open_context(browser, url, size, lang, **extra)
    page.wait_for_function("['playing', 'over'].includes(document.body.dataset.status)")
    return context, page
