"""A server strangers can use (issue 39): seat keys only their holder knows, limits per client
address, same-origin JSON for changes, security headers, chat for seats, checked options.

Each test was seen failing on the server before these changes (see the commit that adds it).
"""

from __future__ import annotations

import json
import time
import warnings

import pytest
from server_helpers import LiveServer, bearer, hello, make_table, recv, wait_over
from starlette.websockets import WebSocketDisconnect

OPEN_SEAT = [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}, {"kind": "bot", "bot": "1"}]


def _app(db_path: str, **limits):
    from fastapi.testclient import TestClient

    from fathom.server.app import create_app
    from fathom.server.settings import Limits

    warnings.simplefilter("ignore")
    return TestClient(create_app(db_path, limits=Limits(**limits)))


# ---- seat keys ------------------------------------------------------------------------------------
def test_claiming_an_open_seat_gives_a_fresh_key_the_host_never_sees(client):
    links = make_table(client, OPEN_SEAT, game="into-the-blue", seed=3)
    tid, host = links["id"], links["host_token"]
    creators = links["seats"][1]["token"]  # the creator was given a key for the open seat ...
    device = [links["seats"][0]["token"], creators]  # ... and could put it in a pass-and-play link
    with client.websocket_connect(f"/ws/{tid}") as early:  # ... and sit there before anyone takes it
        assert hello(early, creators)[0]["you"] == 1
        taken = client.post(f"/api/tables/{tid}/claim", json={"seat": 1, "name": "Cy"}).json()
        assert recv(early, "error")["code"] == "bad-token"  # its page is told, then disconnected
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(early, "never")
        assert closed.value.code == 4403
    assert taken["token"] != creators and creators not in taken["url"]
    # the old key opens nothing: HTTP, websocket, a pass-and-play page asking which seat it holds
    for key in (creators, device[1]):
        res = client.get(f"/api/tables/{tid}/state", headers=bearer(key))
        assert res.status_code == 403 and res.json()["error"] == "bad-token"
    assert client.post(f"/api/tables/{tid}/act", json={"action": "stop"}, headers=bearer(creators)).status_code == 403
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": creators}))
        assert recv(ws, "error")["code"] == "bad-token"
    # the host's links no longer hold any key of that seat; the new one opens it
    again = client.get(f"/api/tables/{tid}/links", headers=bearer(host)).json()
    assert "token" not in again["seats"][1] and again["seats"][1]["claimed"]
    assert taken["token"] not in json.dumps(again) and creators not in json.dumps(again)
    cy = client.get(f"/api/tables/{tid}/state", headers=bearer(taken["token"])).json()
    assert cy["you"] == 1 and cy["table"]["seats"][1]["name"] == "Cy"


def test_the_host_gives_a_seat_a_new_key_and_reopens_a_seat_taken_from_the_lobby(client):
    links = make_table(client, OPEN_SEAT, game="into-the-blue", seed=3)
    tid, host, ann = links["id"], links["host_token"], links["seats"][0]["token"]
    # only the host may, and only for a person's seat
    assert client.post(f"/api/tables/{tid}/seats/0/rekey", headers=bearer(ann)).status_code == 403
    assert client.post(f"/api/tables/{tid}/seats/0/rekey").json()["error"] == "forbidden"
    bad = client.post(f"/api/tables/{tid}/seats/2/rekey", headers=bearer(host))
    assert bad.status_code == 400 and "seat must be a person's seat number: 0, 1" in bad.json()["message"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, ann)
        new = client.post(f"/api/tables/{tid}/seats/0/rekey", headers=bearer(host)).json()
        assert recv(ws, "error")["code"] == "bad-token"
    assert new["seat"] == 0 and not new["reopened"] and new["token"] != ann and new["url"].endswith(new["token"])
    assert client.get(f"/api/tables/{tid}/state", headers=bearer(ann)).status_code == 403
    assert client.get(f"/api/tables/{tid}/state", headers=bearer(new["token"])).json()["you"] == 0
    assert client.get(f"/api/tables/{tid}/links", headers=bearer(host)).json()["seats"][0]["token"] == new["token"]
    # a stranger's seat: the host gets no key of it, the seat goes back to the lobby
    cy = client.post(f"/api/tables/{tid}/claim", json={"seat": 1, "name": "Cy"}).json()
    out = client.post(f"/api/tables/{tid}/seats/1/rekey", headers=bearer(host)).json()
    assert out == {"seat": 1, "reopened": True}
    assert client.get(f"/api/tables/{tid}/state", headers=bearer(cy["token"])).status_code == 403
    seat = client.get(f"/api/tables/{tid}").json()["seats"][1]
    assert seat["open"] and seat["name"] == ""
    dee = client.post(f"/api/tables/{tid}/claim", json={"seat": 1, "name": "Dee"}).json()
    assert dee["token"] not in (cy["token"], links["seats"][1]["token"])


def test_a_seat_key_in_the_query_string_is_refused_with_the_header_to_use(client):
    links = make_table(client)
    tid, key = links["id"], links["seats"][0]["token"]
    for method, path in (("GET", f"/api/tables/{tid}/state?token={key}"),
                         ("POST", f"/api/tables/{tid}/hint?token={key}"),
                         ("GET", f"/t/{tid}?token={key}")):
        res = client.request(method, path)
        assert res.status_code == 400 and res.json()["error"] == "token-in-query", path
        assert "Authorization: Bearer" in res.json()["message"]
    fr = client.get(f"/api/tables/{tid}/state?token={key}&lang=fr").json()["message"]
    assert "en-tête Authorization: Bearer" in fr


# ---- options ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("extra", "said"), [
    ({"players": 5}, "players is 5 but the seat list has 2 seats"),
    ({"options": {"players": 5}}, "deep-blue has no option 'players' (the seat list sets the number of players)"),
    ({"options": {"seed": 3}}, "deep-blue has no option 'seed' (give seed beside options"),
    ({"options": {"name": "x"}}, "deep-blue has no option 'name'; allowed options: scenario, first_player, hidden_scores"),
    ({"options": {"record_events": False}}, "deep-blue has no option 'record_events'"),
    ({"options": {"hidden_scores": 1}}, "option hidden_scores cannot be 1; allowed: "),
    ({"options": {"scenario": "nope"}}, 'option scenario cannot be "nope"; allowed: "troubled-waters"'),
    ({"options": [1]}, "options must be an object of deep-blue's options"),
    ({"colour": "red"}, "unknown field 'colour'; allowed: game, seats, options, seed"),
    ({"seats": [{"kind": "human", "token": "x"}, {"kind": "human"}]}, "seat 0: unknown field 'token'"),
    ({"spectator_chat": "yes"}, "spectator_chat must be true"),
])
def test_table_options_are_checked_against_the_games_declared_options(client, extra, said):
    spec = {"game": "deep-blue", "seats": [{"kind": "human"}, {"kind": "human"}], **extra}
    res = client.post("/api/tables", json=spec)
    assert res.status_code == 400, res.text
    body = res.json()
    assert body["error"] == "bad-table" and said in body["message"], body
    assert "Traceback" not in res.text and client.get("/api/tables").json() == []


def test_a_save_cannot_carry_engine_settings(client):
    import fathom

    save = json.loads(fathom.new_game("deep-blue", players=2, seed=4).to_json())
    seats = [{"kind": "human"}, {"kind": "human"}]
    for options, said in (({**save["options"], "record_events": False}, "has no option 'record_events'"),
                          ({**save["options"], "data_file": "/etc/passwd"}, "has no option 'data_file'")):
        res = client.post("/api/tables", json={"game": "deep-blue", "seats": seats, "save": {**save, "options": options}})
        assert res.status_code == 400 and "the save's options" in res.json()["detail"] and said in res.json()["detail"]
    assert client.post("/api/tables", json={"game": "deep-blue", "seats": seats, "save": save}).status_code == 201


# ---- chat -------------------------------------------------------------------------------------------
def _pong(ws) -> list[dict]:
    ws.send_text(json.dumps({"type": "ping", "t": 0}))
    got = []
    while (msg := ws.receive_json())["type"] != "pong":
        got.append(msg)
    return got


@pytest.mark.parametrize("readable", [False, True])
def test_chat_reaches_spectators_only_where_the_table_allows(client, readable):
    links = make_table(client, spectator_chat=readable) if readable else make_table(client)
    tid, ann, bob = links["id"], links["seats"][0]["token"], links["seats"][1]["token"]
    with client.websocket_connect(f"/ws/{tid}") as wa, client.websocket_connect(f"/ws/{tid}") as wb, \
            client.websocket_connect(f"/ws/{tid}") as watcher:
        hello(wa, ann)
        hello(wb, bob)
        hello(watcher, None)
        wa.send_text(json.dumps({"type": "chat", "text": "my hand is weak"}))
        assert recv(wb, "chat")["text"] == "my hand is weak"
        live = [m for m in _pong(watcher) if m["type"] == "chat"]
        assert [m["text"] for m in live] == (["my hand is weak"] if readable else [])
    with client.websocket_connect(f"/ws/{tid}") as late:
        welcome, _ = hello(late, None)
        assert [m["text"] for m in welcome["chat"]] == (["my hand is weak"] if readable else [])
    with client.websocket_connect(f"/ws/{tid}") as seat:
        assert hello(seat, bob)[0]["chat"][-1]["text"] == "my hand is weak"


# ---- abuse limits -----------------------------------------------------------------------------------
def test_tables_per_address_live_tables_and_the_lobby(db_path):
    spec = {"game": "deep-blue", "seats": [{"kind": "human"}, {"kind": "human"}]}
    with _app(db_path, tables_per_hour=3) as c:
        codes = [c.post("/api/tables", json=spec, headers=bearer(f"x{i}")).status_code for i in range(5)]
        assert codes == [201, 201, 201, 429, 429]  # another Authorization header is no other client
        res = c.post("/api/tables", json=spec)
        assert res.json()["error"] == "table-limit" and "at most 3 an hour" in res.json()["message"]
    with _app(db_path, max_live_tables=4) as c:  # the same database: 3 tables in play
        assert c.post("/api/tables", json=spec).status_code == 201
        res = c.post("/api/tables", json=spec)
        assert res.status_code == 503 and res.json()["error"] == "busy" and "4 tables" in res.json()["message"]


def test_finished_and_abandoned_tables_leave_the_lobby_but_replay(db_path):
    from sqlalchemy import update

    from fathom.server.db import tables_t

    seats = [{"kind": "bot", "bot": "0"}, {"kind": "bot", "bot": "0"}]
    with _app(db_path, finished_minutes=30, idle_minutes=60) as c:
        c.app.state.referee.bot_table_pace = 0.001  # bot-only tables are paced; this one may hurry
        done = make_table(c, seats)["id"]
        wait_over(c, done)  # the bots play in workers, not in the request
        playing = make_table(c)["id"]
        idle = make_table(c)["id"]
        store = c.app.state.referee.store
        with store.engine.begin() as conn:  # one finished 31 minutes ago, one without a move for 61
            conn.execute(update(tables_t).where(tables_t.c.id == done).values(updated=time.time() - 31 * 60))
            conn.execute(update(tables_t).where(tables_t.c.id == idle).values(updated=time.time() - 61 * 60))
        assert [t["id"] for t in c.get("/api/tables").json()] == [playing]
        assert c.get(f"/api/tables/{done}/replay?step=2").status_code == 200  # kept for replay by link
        assert c.get(f"/api/tables/{idle}").json()["status"] == "playing"
        assert store.count_playing(time.time() - 3600) == 1  # the abandoned one counts for no cap



def test_pages_per_address_are_capped_and_a_closed_page_frees_its_place(db_path):
    """One address cannot hold open more live pages than ``pages_per_address``: each holds memory and a
    writer task. The next one hears why (in its language) and is closed with 4429; closing one frees a place."""
    with _app(db_path, pages_per_address=2) as c:
        tid = make_table(c)["id"]
        with c.websocket_connect(f"/ws/{tid}") as first, c.websocket_connect(f"/ws/{tid}") as second:
            hello(first, None)
            hello(second, None)
            with pytest.raises(WebSocketDisconnect) as refused, \
                    c.websocket_connect(f"/ws/{tid}?lang=fr") as third:
                said = third.receive_json()
                assert said["code"] == "too-many-pages" and "2 pages" in said["message"]
                assert "fermez" in said["message"]
                third.receive_json()
            assert refused.value.code == 4429
        with c.websocket_connect(f"/ws/{tid}") as again:  # both closed: room again
            assert hello(again, None)[0]["you"] is None


def test_tables_nobody_watches_leave_memory_but_not_the_database(db_path):
    """A finished table without pages, and one abandoned (no move for the idle time, nothing for the server
    to play), leave the process's memory; a table someone watches stays. Asked for again, a table is
    replayed from its log at the same position."""
    with _app(db_path) as c:
        ref = c.app.state.referee
        ref.bot_table_pace = 0.001
        done = make_table(c, [{"kind": "bot", "bot": "0"}, {"kind": "bot", "bot": "0"}])["id"]
        wait_over(c, done)
        abandoned = make_table(c)["id"]
        watched = make_table(c)["id"]
        moves = c.get(f"/api/tables/{abandoned}/state").json()["move_number"]
        with c.websocket_connect(f"/ws/{watched}") as page:
            hello(page, None)
            assert ref.forget_unwatched(idle_seconds=3600) == 1  # only the finished one: the others moved lately
            assert done not in ref.tables and abandoned in ref.tables
            assert ref.forget_unwatched(idle_seconds=0) == 1  # now the abandoned one; the watched one stays
            assert abandoned not in ref.tables and watched in ref.tables
        assert c.get(f"/api/tables/{abandoned}/state").json()["move_number"] == moves  # replayed from its log
        assert c.get(f"/api/tables/{done}/state").json()["to_move"] == "over"



def test_a_full_rate_limit_forgets_rested_addresses_first():
    """Past its memory of addresses, a rate limit forgets those whose bucket has filled up again (no
    different from new), not the one still being punished for its flood."""
    from types import SimpleNamespace

    from fathom.server.clock import TokenBucket
    from fathom.server.routes.common import MAX_BUCKETS, Throttle

    def asking(address):
        return SimpleNamespace(scope={"fathom.client": address}, client=None)

    limit = Throttle(rate=1.0, burst=2.0)
    flooder = asking("203.0.113.9")
    limit(flooder)
    limit(flooder)
    with pytest.raises(Exception) as refused:
        limit(flooder)
    assert refused.value.code == "rate-limited"
    for i in range(MAX_BUCKETS - 1):  # addresses seen once, long ago: their buckets are full again
        limit.buckets[f"10.0.{i // 256}.{i % 256}"] = TokenBucket(rate=1.0, burst=2.0)
    limit(asking("198.51.100.1"))  # one more address: room is made
    assert len(limit.buckets) == 2  # the flooder and the newcomer
    with pytest.raises(Exception) as still:
        limit(flooder)
    assert still.value.code == "rate-limited"


def test_the_lobby_comes_in_pages(db_path):
    with _app(db_path, lobby_page=2) as c:
        made = [make_table(c)["id"] for _ in range(5)]
        first = c.get("/api/tables")
        assert [t["id"] for t in first.json()] == made[::-1][:2] and first.headers["x-next-offset"] == "2"
        last = c.get("/api/tables?offset=4")
        assert [t["id"] for t in last.json()] == [made[0]] and "x-next-offset" not in last.headers
        assert len(c.get("/api/tables?limit=5").json()) == 5
        bad = c.get("/api/tables?limit=lots")
        assert bad.status_code == 400 and "limit must be a whole number from 0 to 200" in bad.json()["message"]


# ---- as a stranger on the network would: a real server process -----------------------------------
@pytest.fixture()
def proxied(tmp_path):
    server = LiveServer(str(tmp_path / "proxied.db"), "--trusted-proxy", "127.0.0.1", "--tables-per-hour", "4")
    server.start()
    yield server
    server.stop()


SPEC = json.dumps({"game": "deep-blue", "seats": [{"kind": "human"}, {"kind": "human"}]}).encode()
JSON = {"Content-Type": "application/json"}


def test_a_flood_is_limited_per_address_whatever_its_headers(live_server):
    tid = live_server.post("/api/tables", {"game": "deep-blue", "seats": [{"kind": "human"}] * 2})["id"]
    codes = []
    for i in range(120):  # a new Authorization and X-Forwarded-For each time: still one client
        codes.append(live_server.request("POST", f"/api/tables/{tid}/hint", b"{}", {
            **JSON, "Authorization": f"Bearer 0.{i:032x}", "X-Forwarded-For": f"10.0.{i}.1"})[0])
    assert 429 in codes and set(codes) <= {403, 429}, codes
    made = [live_server.request("POST", "/api/tables", SPEC, {**JSON, "X-Forwarded-For": f"10.1.{i}.1"})[0]
            for i in range(35)]
    assert made.count(201) <= 30 and 429 in made  # 30 tables an hour per address (the default)
    assert live_server.request("GET", "/healthz")[0] == 200


def test_a_trusted_proxy_names_the_client(proxied):
    def create(client_ip: str) -> int:
        return proxied.request("POST", "/api/tables", SPEC, {**JSON, "X-Forwarded-For": f"6.6.6.6, {client_ip}"})[0]

    assert [create("10.0.0.1") for _ in range(5)] == [201] * 4 + [429]
    assert create("10.0.0.2") == 201  # another client behind the same proxy has its own allowance


def test_a_cross_site_post_changes_nothing(live_server):
    before = live_server.get("/api/tables")
    forged = [
        {"Content-Type": "text/plain", "Origin": "http://evil.example"},  # a form on another site
        {"Content-Type": "text/plain"},  # no JSON
        {"Content-Type": "application/x-www-form-urlencoded"},
        {**JSON, "Origin": "http://evil.example"},
        {**JSON, "Sec-Fetch-Site": "cross-site"},
        {**JSON, "Origin": "null"},
    ]
    for headers in forged:
        status, _, body = live_server.request("POST", "/api/tables", SPEC, headers)
        answer = json.loads(body)
        assert (status, answer["error"]) in ((403, "cross-site"), (415, "need-json")), (headers, status, answer)
        assert answer["message"] and "Traceback" not in body.decode()
    assert live_server.get("/api/tables") == before == []
    ours = {**JSON, "Origin": live_server.url, "Sec-Fetch-Site": "same-origin"}
    assert live_server.request("POST", "/api/tables", SPEC, ours)[0] == 201


def test_every_answer_carries_the_security_headers_and_head_works(live_server):
    tid = live_server.post("/api/tables", {"game": "deep-blue", "seats": [{"kind": "human"}] * 2})["id"]
    for method, path in (("GET", "/"), ("HEAD", "/"), ("GET", f"/t/{tid}"), ("GET", "/api/games"),
                         ("GET", "/api/tables/nope"), ("GET", "/static/js/table.js"), ("GET", "/healthz"),
                         ("POST", "/api/tables")):
        status, headers, _ = live_server.request(method, path)
        assert status in (200, 400, 404), (method, path, status)
        h = {k.lower(): v for k, v in headers.items()}
        assert "frame-ancestors 'none'" in h["content-security-policy"] and "default-src 'self'" in h["content-security-policy"]
        assert h["referrer-policy"] == "no-referrer" and h["x-content-type-options"] == "nosniff", path
    assert live_server.request("HEAD", "/")[0] == 200 and live_server.request("HEAD", f"/t/{tid}")[0] == 200


def test_modules_are_versioned_so_a_new_release_is_never_served_stale(live_server):
    import re

    from fathom.server.routes.pages import static_version

    version = static_version()
    for page in ("/", "/t/x"):
        html = live_server.request("GET", page)[2].decode()
        linked = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
        assert linked and all(u.startswith(f"/static/v/{version}/") for u in linked), linked
    status, headers, body = live_server.request("GET", f"/static/v/{version}/js/table.js")
    h = {k.lower(): v for k, v in headers.items()}
    assert status == 200 and "immutable" in h["cache-control"] and b'from "./common.js"' in body
    # a relative import from there stays in the versioned folder; an old release's URL is sent on uncached
    assert live_server.request("GET", f"/static/v/{version}/js/common.js")[0] == 200
    status, headers, _ = live_server.request("GET", "/static/v/0ld/js/common.js")
    assert status == 200 and {k.lower(): v for k, v in headers.items()}["cache-control"] == "no-cache"
    assert {k.lower(): v for k, v in live_server.request("GET", "/static/js/table.js")[1].items()}["cache-control"] == "no-cache"


def test_a_websocket_from_another_sites_page_is_refused(client):
    tid = make_table(client)["id"]
    with pytest.raises(WebSocketDisconnect) as refused, \
            client.websocket_connect(f"/ws/{tid}", headers={"origin": "http://evil.example"}):
        pass
    assert refused.value.code == 4403
    with client.websocket_connect(f"/ws/{tid}", headers={"origin": "http://testserver"}) as ws:
        assert hello(ws, None)[0]["you"] is None  # our own page
