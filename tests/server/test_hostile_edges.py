"""The server's edges against a hostile stranger (issue 48: H1, H3, M4, M5 and the low findings).

Each test was seen failing on the server before the change that made it pass. Scripts that push
the server only target 127.0.0.1, with a bounded number of sockets and a bounded time.
"""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import warnings

import pytest
from server_helpers import LiveServer, bearer, hello, make_table, play_out, recv
from starlette.websockets import WebSocketDisconnect

SPEC = {"game": "into-the-blue", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}


def _app(db_path: str, **kwargs):
    from fastapi.testclient import TestClient

    from fathom.server.app import create_app

    warnings.simplefilter("ignore")
    return TestClient(create_app(db_path, **kwargs))


def _server(tmp_path, *args: str) -> LiveServer:
    server = LiveServer(str(tmp_path / "edge.db"), *args)
    server.start()
    return server


def _connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    return s


def _status(sock: socket.socket, timeout: float = 5.0) -> int | None:
    """The status of the answer on ``sock`` (None: nothing came, or the server closed it unanswered)."""
    sock.settimeout(timeout)
    try:
        head = sock.recv(4096)
    except (TimeoutError, ConnectionError, OSError):
        return None
    return int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/1.1 ") else None


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def _healthz_ms(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url + "/healthz", timeout=5) as r:
        assert r.status == 200
    return (time.perf_counter() - start) * 1000


@pytest.fixture(autouse=True)
def _open_files():
    """Room for the slow sockets in this process too (the server lifts its own limit at start)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# ---- H1: the table allowance is reserved before the body is read -------------------------------------
def test_slow_creations_from_one_address_make_at_most_its_allowance(tmp_path):
    server = _server(tmp_path, "--tables-per-hour", "5")
    try:
        body = json.dumps(SPEC).encode()
        head = (f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        socks = []
        for _ in range(40):  # headers sent, bodies held back
            s = _connect(server.port)
            s.sendall(head)
            socks.append(s)
        time.sleep(1.0)
        # the refused ones are answered at once, without their bodies
        early = [_status(s, 0.5) for s in socks]
        assert early.count(429) >= 35, early
        for s, status in zip(socks, early):
            if status is None:
                s.sendall(body)
        late = [_status(s) for s, status in zip(socks, early) if status is None]
        assert late.count(201) == 5, late
        for s in socks:
            s.close()
        tables = json.load(urllib.request.urlopen(server.url + "/api/tables?limit=200", timeout=5))
        assert len(tables) == 5  # before: every held-back creation made its table (40)
        # a refused spec gives its reservation back: the allowance is not spent on mistakes
    finally:
        server.stop()


def test_a_refused_spec_gives_its_reservation_back(db_path):
    with _app(db_path, limits=_limits(tables_per_hour=2)) as client:
        for _ in range(5):
            bad = client.post("/api/tables", json={**SPEC, "clock": -1})
            assert bad.status_code == 400 and "clock" in bad.json()["message"]
        assert client.post("/api/tables", json=SPEC).status_code == 201
        assert client.post("/api/tables", json=SPEC).status_code == 201
        assert client.post("/api/tables", json=SPEC).json()["error"] == "table-limit"


def _limits(**kw):
    from fathom.server.settings import Limits

    return Limits(**kw)


# ---- H3: bodies bounded before they are read ---------------------------------------------------------
def test_a_declared_huge_body_is_refused_before_any_of_it_is_sent(tmp_path):
    server = _server(tmp_path)
    try:
        for path, declared in (("/api/tables", 10 * 2**30), ("/api/tables/x/act", 70_000)):
            s = _connect(server.port)
            s.sendall((f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                       f"Content-Length: {declared}\r\n\r\n").encode())
            assert _status(s, 3.0) == 413, path  # before: the server waited for the 10 GB
            s.close()
    finally:
        server.stop()


def test_a_gigabyte_streamed_without_a_length_is_cut_and_memory_stays_flat(tmp_path):
    server = _server(tmp_path)
    try:
        assert server.proc is not None
        before = _rss_kb(server.proc.pid)
        s = _connect(server.port)
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"%x\r\n%s\r\n" % (1 << 20, b" " * (1 << 20))
        sent = 0
        peak = before
        try:
            while sent < 1024:  # up to 1 GB, 1 MB a chunk
                s.sendall(chunk)
                sent += 1
                if sent % 16 == 0:
                    peak = max(peak, _rss_kb(server.proc.pid))
        except OSError:
            pass  # the server closed the connection: refused
        answer = b""
        try:
            s.settimeout(3)
            answer = s.recv(4096)
        except OSError:
            pass
        s.close()
        peak = max(peak, _rss_kb(server.proc.pid))
        assert sent < 1024, "the whole gigabyte was taken in"
        assert (not answer) or answer.startswith(b"HTTP/1.1 413"), answer[:80]
        assert peak - before < 50 * 1024, f"server RSS grew {(peak - before) / 1024:.0f} MB"
        assert _healthz_ms(server.url) < 1000
    finally:
        server.stop()


def test_a_body_over_a_routes_limit_is_refused_while_it_streams(db_path):
    with _app(db_path) as client:
        links = make_table(client, game="into-the-blue", seed=3)

        def chunks():
            for _ in range(20):
                yield b" " * 8192

        res = client.post(f"/api/tables/{links['id']}/act", content=chunks(),
                          headers={"Content-Type": "application/json", **bearer(links["seats"][0]["token"])})
        assert res.status_code == 413 and res.json()["error"] == "too-big"


# ---- M5: slow clients --------------------------------------------------------------------------------
def test_slow_sockets_are_capped_and_cut_and_the_server_still_answers(tmp_path):
    server = _server(tmp_path, "--header-timeout", "2", "--connections-per-address", "100")
    try:
        socks = []
        for _ in range(1100):  # one stranger (127.0.0.2): half a request line each, then nothing
            s = _connect(server.port, "127.0.0.2")
            s.sendall(b"GET /healthz HT")
            socks.append(s)
        time.sleep(0.5)  # the kernel's backlog of 1,100 handshakes reaches the server's accept loop
        waits = sorted(_healthz_ms(server.url) for _ in range(10))  # someone else, meanwhile
        assert waits[5] < 100, waits  # before: the server ran out of files and answered nobody
        time.sleep(3.0)  # past the header deadline: every slow socket was closed by the server
        open_still = 0
        for s in socks:
            s.settimeout(0.5)
            try:
                open_still += s.recv(10) != b""
            except TimeoutError:
                open_still += 1
            except OSError:
                pass
            s.close()
        assert open_still == 0
        said = server.said()
        assert "limit per address" in said and "no complete request headers within 2 s" in said, said
    finally:
        server.stop()


# ---- M4: heavy work off the loop, limited, kept --------------------------------------------------------
def test_a_review_is_computed_once_and_kept(db_path, monkeypatch):
    from fathom.server.routes import play

    calls = []
    real = play.review_json

    def counting(state, seat):
        calls.append(threading.current_thread().name)
        return real(state, seat)

    monkeypatch.setattr(play, "review_json", counting)
    with _app(db_path) as client:
        links = make_table(client, game="into-the-blue", seed=5)
        play_out(client, links)
        key = bearer(links["seats"][0]["token"])
        first = client.get(f"/api/tables/{links['id']}/review", headers=key)
        second = client.get(f"/api/tables/{links['id']}/review", headers=key)
        assert first.status_code == 200 and first.json() == second.json()
        assert len(calls) == 1 and calls[0].startswith("fathom-heavy")


def test_replays_are_rate_limited_per_address(db_path):
    with _app(db_path) as client:
        links = make_table(client, game="into-the-blue", seed=3)
        play_out(client, links)
        codes = [client.get(f"/api/tables/{links['id']}/replay?step=1").status_code for _ in range(80)]
        assert codes[0] == 200 and 429 in codes  # before: no limit at all


def test_reopening_a_finished_tables_page_does_not_replay_the_game_again(db_path, monkeypatch):
    with _app(db_path) as client:
        links = make_table(client, game="into-the-blue", seed=3)
        play_out(client, links)
        from fathom.server import tables

        loads = []
        real = tables.load
        monkeypatch.setattr(tables, "load", lambda store, tid: loads.append(tid) or real(store, tid))
        for _ in range(3):
            with client.websocket_connect(f"/ws/{links['id']}") as ws:
                assert hello(ws, None)[1]["to_move"] == "over"
        assert loads == []  # before: every reopening replayed the whole game from the log


def test_a_refused_save_is_not_replayed_and_an_accepted_one_is_replayed_off_the_loop(db_path, monkeypatch):
    import fathom
    from fathom.server import specs

    calls = []
    real = specs.saved_game
    monkeypatch.setattr(specs, "saved_game", lambda *a: calls.append(threading.current_thread().name) or real(*a))
    save = json.loads(fathom.new_game("into-the-blue", players=2, seed=4).to_json())
    with _app(db_path) as client:
        res = client.post("/api/tables", json={**SPEC, "clock": "soon", "save": save})
        assert res.status_code == 400 and "clock" in res.json()["message"] and calls == []
        assert client.post("/api/tables", json={**SPEC, "save": save}).status_code == 201
        assert len(calls) == 1 and calls[0].startswith("fathom-heavy")


# ---- LOW ---------------------------------------------------------------------------------------------
def test_deeply_nested_json_is_a_clean_400_and_a_clean_error_on_the_websocket(db_path):
    deep = "[" * 20_000 + "]" * 20_000
    with _app(db_path) as client:
        links = make_table(client, game="into-the-blue", seed=3)
        tid, key = links["id"], links["seats"][0]["token"]
        for path in ("/api/tables", f"/api/tables/{tid}/act", f"/api/tables/{tid}/claim"):
            res = client.post(path, content=deep, headers={"Content-Type": "application/json", **bearer(key)})
            assert res.status_code == 400 and "nested too deep" in res.json()["message"], (path, res.text)
        obj = '{"type": "chat", "text": ' + "[" * 3000 + "]" * 3000 + "}"
        with client.websocket_connect(f"/ws/{tid}") as ws:
            hello(ws, key)
            ws.send_text(obj)
            assert "nested too deep" in recv(ws, "error")["message"]
            ws.send_text(json.dumps({"type": "ping", "t": 7}))
            assert recv(ws, "pong")["t"] == 7  # the page's handler lives on


def test_a_save_whose_actions_are_null_is_a_400_that_says_so(db_path):
    import fathom

    save = json.loads(fathom.new_game("into-the-blue", players=2, seed=4).to_json())
    with _app(db_path) as client:
        for actions in (None, "dive"):
            res = client.post("/api/tables", json={**SPEC, "save": {**save, "actions": actions}})
            assert res.status_code == 400, res.text
            assert "actions must be a list of moves" in res.json()["message"]
    from fathom.core.errors import SaveFormatError
    from fathom.core.registry import load

    with pytest.raises(SaveFormatError, match="actions must be a list of moves .*got null"):
        load(json.dumps({**save, "actions": None}))


def test_a_seat_key_in_a_websockets_address_is_refused_before_the_socket_opens(client):
    links = make_table(client)
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"/ws/{links['id']}?token={links['seats'][0]['token']}"):
        pass
    assert closed.value.code == 4400


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200d\u2060", " \u200e ", "\ufeff", "A\x07b", "a\nb"])
def test_invisible_or_control_names_are_refused(client, name):
    seats = [{"kind": "human", "name": name}, {"kind": "human", "open": True}]
    res = client.post("/api/tables", json={"game": "into-the-blue", "seats": seats})
    assert res.status_code == 400 and "seat 0: name must" in res.json()["message"], res.text
    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}],
                       game="into-the-blue")
    res = client.post(f"/api/tables/{links['id']}/claim", json={"seat": 1, "name": name})
    assert res.status_code == 400 and "name must" in res.json()["message"]
    assert client.get(f"/api/tables/{links['id']}").json()["seats"][1]["name"] == ""


def test_no_third_party_docs_page_and_no_eval_in_the_production_csp(db_path, monkeypatch):
    from fathom.server.guard import TEST_EVAL_ENV

    monkeypatch.delenv(TEST_EVAL_ENV, raising=False)
    with _app(db_path) as client:
        assert client.get("/api/docs").status_code == 404
        assert client.get("/openapi.json").status_code == 200
        for path in ("/", "/healthz", "/openapi.json"):
            csp = client.get(path).headers["content-security-policy"]
            assert "unsafe-eval" not in csp and "script-src 'self';" in csp
    monkeypatch.setenv(TEST_EVAL_ENV, "1")
    with _app(db_path) as client:
        assert "'unsafe-eval'" in client.get("/").headers["content-security-policy"]


def test_a_host_outside_the_allowlist_is_refused_dns_rebinding(db_path):
    with _app(db_path, allowed_hosts=["localhost", "games.example.org"]) as client:
        rebound = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
        res = client.post("/api/tables", json=SPEC, headers=rebound)
        assert res.status_code == 421 and res.json()["error"] == "bad-host"
        assert client.get("/api/tables", headers=rebound).status_code == 421
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/ws/x", headers=rebound):
            pass
        assert closed.value.code == 4421
        for host in ("games.example.org", "localhost:8000", "127.0.0.1:9", "[::1]:8000"):
            assert client.get("/healthz", headers={"Host": host}).status_code == 200, host


def test_serve_logs_its_start_its_info_lines_and_a_proxy_it_does_not_trust(tmp_path):
    import re

    server = _server(tmp_path, "--allowed-host", "games.example.org")
    try:
        assert server.post("/api/tables", SPEC)["seats"][0]["token"]
        server.stop()
        server.start()  # the table in play is restored: an info line of fathom.server
        req = urllib.request.Request(server.url + "/healthz", headers={"X-Forwarded-For": "203.0.113.9"})
        urllib.request.urlopen(req, timeout=5).close()
        time.sleep(0.2)
        said = server.said()
    finally:
        server.stop()
    start = next(line for line in said.splitlines() if line.startswith("fathom: serving on"))
    for part in ("1 bot worker", "bot-only table(s) in play, a move each 0.05 s", "new tables an hour", "connections", "trusted proxies: none",
                 "games.example.org", "bodies up to 64 KB"):
        assert part in start, (part, start)
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ "
    assert re.search(stamp + r"INFO fathom.server: restored 1 table\(s\) in play", said), said
    assert re.search(stamp + r"WARNING fathom.server: requests come through a proxy at 127.0.0.1", said), said


@pytest.mark.parametrize(("given", "said"), [("-1", "-1 is too small: give 1 or more"),
                                             ("0", "0 is too small: give 1 or more (leave it out"),
                                             ("two", "'two' is not a whole number")])
def test_bot_workers_must_be_a_positive_number(given, said):
    run = subprocess.run([sys.executable, "-m", "fathom.server", "--bot-workers", given],
                         capture_output=True, text=True, timeout=60, env=dict(os.environ))
    assert run.returncode == 2 and said in run.stderr and "Traceback" not in run.stderr, run.stderr


@pytest.mark.parametrize(("given", "said"), [("0", "0.0 is too small: give 0.001 or more"),
                                             ("soon", "'soon' is not a number")])
def test_the_bot_table_pace_must_be_a_pause(given, said):
    run = subprocess.run([sys.executable, "-m", "fathom.server", "--bot-table-pace", given],
                         capture_output=True, text=True, timeout=60, env=dict(os.environ))
    assert run.returncode == 2 and said in run.stderr and "Traceback" not in run.stderr, run.stderr


def test_the_nginx_sample_keeps_the_port_and_bounds_bodies():
    from fathom.server.deploy import nginx_config

    conf = nginx_config("/tmp/x", 8080, [8001, 8002])
    assert "proxy_set_header Host $http_host;" in conf and "Host $host;" not in conf
    assert "client_max_body_size 1m;" in conf and "client_header_timeout" in conf


def test_a_key_in_an_address_never_reaches_a_log_line():
    import logging
    import logging.config

    from fathom.server.app import HideKeys, logging_config

    config = logging_config()
    assert all("hide-keys" in h["filters"] for h in config["handlers"].values())
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5", "GET", "/api/tables/x/state?lang=fr&token=SECRETKEY", "1.1", 400),
                               None)
    assert HideKeys().filter(record)
    shown = record.getMessage()
    assert "SECRETKEY" not in shown and "token=<hidden>" in shown and "lang=fr" in shown
