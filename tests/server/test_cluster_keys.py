"""Seat keys, claims and rematches across several server processes on one PostgreSQL, behind nginx
(issue 48: H2, M1, M2 and the double rematch): the database decides, and every process acts on it."""

from __future__ import annotations

import json
import random
import socket
import threading
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from cluster import Cluster, fresh_cluster
from server_helpers import LiveServer, bearer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from fathom.core.registry import new_game

# one test database for every PostgreSQL test: each empties it first, so they must not run at once
pytestmark = pytest.mark.xdist_group("postgres")

PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def _post(base: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> tuple[int, dict]:
    """A POST as a client sends it: the status and the JSON answer, refusals included."""
    req = urllib.request.Request(base + path, data=json.dumps(body or {}).encode(), method="POST",
                                 headers={"Content-Type": "application/json", **bearer(token)})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")


class Page:
    """A seat's page: a websocket to one process, said hello with the seat's key."""

    def __init__(self, base: str, tid: str, token: str) -> None:
        self.ws = connect(base.replace("http://", "ws://") + f"/ws/{tid}", open_timeout=10)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.next("state")

    def next(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            msg = json.loads(self.ws.recv(timeout=max(0.01, end - time.monotonic())))
            if msg["type"] == kind:
                return msg

    def cut(self, timeout: float) -> tuple[str | None, int | None]:
        """The error this page is sent and the server's close code (``None``: still open after ``timeout``)."""
        code, end = None, time.monotonic() + timeout
        try:
            while True:
                msg = json.loads(self.ws.recv(timeout=max(0.01, end - time.monotonic())))
                if msg["type"] == "error":
                    code = msg["code"]
        except TimeoutError:
            return code, None
        except ConnectionClosed as closed:
            return code, closed.rcvd.code if closed.rcvd else None


def test_a_rekey_on_one_process_cuts_the_old_keys_page_on_another(pair: Cluster):
    one, two = pair.servers
    links = pair.nginx_post("/api/tables", {"game": "into-the-blue", "seed": 5, "seats": PEOPLE})
    tid, host = links["id"], links["host_token"]
    ann = Page(one.url, tid, links["seats"][0]["token"])  # Ann's old link, open on process one
    status, new = _post(two.url, f"/api/tables/{tid}/seats/0/rekey", token=host)  # the host, on process two
    assert status == 200 and new["token"] != links["seats"][0]["token"]
    assert ann.cut(5.0) == ("bad-token", 4403)  # process one heard of it and cut the old key's page
    Page(one.url, tid, new["token"])  # the new key opens the seat there


def test_a_claim_on_one_process_cuts_the_hosts_page_of_that_seat_on_another(pair: Cluster):
    one, two = pair.servers
    links = pair.nginx_post("/api/tables", {"game": "into-the-blue", "seed": 6,
                                            "seats": [PEOPLE[0], {"kind": "human", "open": True}]})
    tid = links["id"]
    held = Page(one.url, tid, links["seats"][1]["token"])  # the host's key of the open seat, on process one
    status, taken = _post(two.url, f"/api/tables/{tid}/claim", {"seat": 1, "name": "Cy"})
    assert status == 200 and taken["token"] != links["seats"][1]["token"]
    assert held.cut(5.0) == ("bad-token", 4403)


def test_two_strangers_claiming_one_seat_on_two_processes_at_once_one_wins(pair: Cluster):
    one, two = pair.servers
    winners = []
    for round_ in range(10):
        links = pair.nginx_post("/api/tables", {"game": "into-the-blue", "seed": round_,
                                                "seats": [PEOPLE[0], {"kind": "human", "open": True}]})
        tid = links["id"]
        for server in (one, two):  # both processes have the table in memory, as the race needs
            server.get(f"/api/tables/{tid}")
        start = threading.Barrier(2)
        answers: list[tuple[int, dict]] = []

        def claim(base: str, name: str, tid: str = tid, start: threading.Barrier = start,
                  answers: list = answers) -> None:
            start.wait()
            answers.append(_post(base, f"/api/tables/{tid}/claim", {"seat": 1, "name": name}))

        threads = [threading.Thread(target=claim, args=(s.url, n)) for s, n in ((one, "Cy"), (two, "Dee"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        ok = [a for s, a in answers if s == 200]
        refused = [a for s, a in answers if s != 200]
        assert len(ok) == 1, answers
        assert refused[0]["error"] == "seat-taken", answers
        winners.append(ok[0]["token"])
        seat = one.get(f"/api/tables/{tid}")["seats"][1]
        assert seat["name"] in ("Cy", "Dee") and not seat["open"]
        assert two.get(f"/api/tables/{tid}/state", ok[0]["token"])["you"] == 1  # the winner's key works anywhere
    assert len(set(winners)) == 10


def test_one_address_holds_its_share_of_all_bot_tables_across_processes(postgres_url: str, nginx_binary: str):
    """The all-bot cap per address (a quarter of --max-bot-tables) counts the address's tables on every
    process (in the database): its share made on one process, the next is refused on the other; and
    of several made at once on both processes for an address's last place, one is made."""
    bots = [{"kind": "bot", "bot": "1"}, {"kind": "bot", "bot": "1"}]

    def make(base: str, seed: int, address: str, seats: list[dict[str, Any]] = bots) -> tuple[int, dict]:
        req = urllib.request.Request(base + "/api/tables", method="POST", headers={
            "Content-Type": "application/json", "X-Forwarded-For": address},
            data=json.dumps({"game": "deep-blue", "seats": seats, "seed": seed, "bot_delay_ms": 5000}).encode())
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.load(r)
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"{}")

    with fresh_cluster(postgres_url, 2, nginx_binary, 1, "--max-bot-tables", "8",  # a share of 2 per address
                       "--trusted-proxy", "127.0.0.1") as group:  # each caller below says its own address
        one, two = group.servers
        assert make(one.url, 1, "192.0.2.1")[0] == 201 and make(one.url, 2, "192.0.2.1")[0] == 201
        status, refused = make(two.url, 3, "192.0.2.1")
        assert (status, refused.get("error")) == (429, "bot-tables-yours"), refused
        assert "2 bot-only tables" in refused["message"]
        assert make(one.url, 4, "192.0.2.1")[0] == 429
        assert make(two.url, 5, "192.0.2.1", [{"kind": "human"}, bots[0]])[0] == 201  # a person's table: not capped
        assert make(two.url, 6, "192.0.2.2")[0] == 201  # another address has its own share

        start = threading.Barrier(6)  # 192.0.2.2's last place, asked for six times at once on both processes
        answers: list[int] = []

        def race(base: str, seed: int) -> None:
            start.wait()
            answers.append(make(base, seed, "192.0.2.2")[0])

        threads = [threading.Thread(target=race, args=(s.url, 10 + i)) for i, s in enumerate([one, two] * 3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(answers) == [201] + [429] * 5, answers


def _finished_save(seed: int) -> dict[str, Any]:
    """A finished two-player Into the Blue game, as its save file (random legal moves)."""
    state, rng = new_game("into-the-blue", players=2, seed=seed), random.Random(seed)
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    return json.loads(state.to_json())


def test_two_rematch_presses_on_two_processes_make_one_table(pair: Cluster):
    one, two = pair.servers
    for round_ in range(5):
        links = pair.nginx_post("/api/tables", {"game": "into-the-blue", "seats": PEOPLE,
                                                "save": _finished_save(round_)})
        tid = links["id"]
        for server in (one, two):
            server.get(f"/api/tables/{tid}")
        start = threading.Barrier(2)
        answers: list[tuple[int, dict]] = []

        def press(base: str, seat: int, tid: str = tid, links: dict = links, start: threading.Barrier = start,
                  answers: list = answers) -> None:
            start.wait()
            answers.append(_post(base, f"/api/tables/{tid}/rematch", token=links["seats"][seat]["token"]))

        threads = [threading.Thread(target=press, args=(s.url, i)) for i, s in enumerate((one, two))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert [s for s, _ in answers] == [200, 200], answers
        assert answers[0][1]["id"] == answers[1][1]["id"], answers
        assert one.get(f"/api/tables/{tid}")["settings"]["rematch"] == answers[0][1]["id"]
    lobby = json.load(urllib.request.urlopen(one.url + "/api/tables?limit=200", timeout=10))
    assert len(lobby) == 10  # five finished tables and five rematches, no more


def _slow_act(server: LiveServer, tid: str, token: str, body: dict[str, Any]) -> socket.socket:
    """An HTTP move whose headers are sent now and whose body is held back (the caller sends it)."""
    raw = json.dumps(body).encode()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall((f"POST /api/tables/{tid}/act HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                  f"Content-Type: application/json\r\nAuthorization: Bearer {token}\r\n"
                  f"Content-Length: {len(raw)}\r\nConnection: close\r\n\r\n").encode())
    time.sleep(0.3)  # the server has read the headers and checked the key
    return sock


def _finish(sock: socket.socket, body: dict[str, Any]) -> int:
    sock.sendall(json.dumps(body).encode())
    answer = b""
    while b"\r\n" not in answer:
        chunk = sock.recv(4096)
        if not chunk:
            break
        answer += chunk
    sock.close()
    return int(answer.split(b" ")[1])


def _first_move(server: LiveServer, tid: str, links: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    state = server.get(f"/api/tables/{tid}/state?wait=30")  # past a new table's dice
    token = links["seats"][state["to_move"]]["token"]
    mine = server.get(f"/api/tables/{tid}/state", token)
    return token, {"action": mine["legal"][0][1], "expect": mine["move_number"]}


def test_a_move_whose_body_comes_after_a_rekey_is_refused(live_server: LiveServer):
    links = live_server.post("/api/tables", {"game": "into-the-blue", "seed": 9, "seats": PEOPLE})
    tid = links["id"]
    token, body = _first_move(live_server, tid, links)
    seat = live_server.get(f"/api/tables/{tid}/state", token)["you"]
    sock = _slow_act(live_server, tid, token, body)
    live_server.post(f"/api/tables/{tid}/seats/{seat}/rekey", {}, links["host_token"])
    assert _finish(sock, body) == 403
    assert live_server.get(f"/api/tables/{tid}/state")["move_number"] == body["expect"]  # nothing moved


def test_a_move_whose_body_comes_after_a_rekey_on_another_process_is_refused(pair: Cluster):
    one, two = pair.servers
    links = pair.nginx_post("/api/tables", {"game": "into-the-blue", "seed": 9, "seats": PEOPLE})
    tid = links["id"]
    token, body = _first_move(one, tid, links)
    seat = one.get(f"/api/tables/{tid}/state", token)["you"]
    sock = _slow_act(one, tid, token, body)
    _post(two.url, f"/api/tables/{tid}/seats/{seat}/rekey", token=links["host_token"])
    assert _finish(sock, body) == 403  # however soon after the re-key the body comes, here or there
    for server in (one, two):
        assert server.get(f"/api/tables/{tid}/state")["move_number"] == body["expect"]


def test_a_process_that_has_not_heard_of_a_rekey_refuses_the_old_key_at_the_database(postgres_url: str):
    """Two referees on one database, the second not told of the first's re-key (no listener): the
    second's move on the old key is refused when it is written, and the second then knows the new key."""
    from server_helpers import run_async

    from fathom.server.db import Store, database_url
    from fathom.server.protocol import ProtocolError
    from fathom.server.tables import Referee

    async def main() -> None:
        first, second = Referee(Store(database_url(postgres_url))), Referee(Store(database_url(postgres_url)))
        table, links = await first.create({"game": "into-the-blue", "seed": 4, "seats": PEOPLE})
        await first.settled(table)
        theirs = await second.open(table.id)
        seat = theirs.state.current_player
        old_key = second.key_of(theirs, second.seat_for(theirs, links["seats"][seat]["token"]))
        await first.rekey(await first.open(table.id), seat)
        assert second.key_of(theirs, seat) == old_key  # the second process has not heard
        with pytest.raises(ProtocolError) as refused:
            await second.act(theirs, seat, theirs.state.legal_actions()[0], key=old_key)
        assert refused.value.code == "bad-token"
        assert second.key_of(theirs, seat) == old_key + 1 and not second.store.log(table.id)[len(theirs.log):]
        for ref in (first, second):
            ref.store.close()

    run_async(main())


def test_a_move_waiting_on_a_rekeys_lock_is_refused_once_it_commits(postgres_url: str):
    """M1 in the one statement that writes a move (``Store.append``): a re-key on another process holds
    the table's row, uncommitted; a move on the old key waits for it, then sees the new key and writes
    nothing, and tells nobody. The same move on the new key is then written and announced."""
    import psycopg
    from sqlalchemy import update

    from fathom.server.db import KeyChanged, LoggedAction, Store, TableRecord, database_url, tables_t

    store = Store(database_url(postgres_url))
    seats = [{"kind": "human", "name": "Ann", "key": 2}, {"kind": "human", "name": "Bob"}]
    rec = TableRecord(id="m1race" + str(random.randrange(10**9)), game="into-the-blue", players=2, seed=1,
                      options={}, seats=seats, settings={})
    store.create_table(rec)
    listener = psycopg.connect(postgres_url, autocommit=True)
    listener.execute("LISTEN fathom")
    rekeyed = [{**seats[0], "key": 3}, seats[1]]
    outcome: list[str] = []

    def move(key: int) -> None:
        try:
            store.append(rec.id, 0, [LoggedAction(1, "x", 0, "human")], None, (0, key))
            outcome.append("written")
        except KeyChanged:
            outcome.append("key-changed")

    try:
        with store.engine.connect() as conn:  # the re-key, holding the row until it commits
            conn.execute(update(tables_t).where(tables_t.c.id == rec.id).values(seats=json.dumps(rekeyed)))
            mover = threading.Thread(target=move, args=(2,))
            mover.start()
            mover.join(1.0)
            assert mover.is_alive() and not outcome  # the move waits for the re-key's lock
            conn.commit()
        mover.join(10)
        assert outcome == ["key-changed"]
        assert store.log(rec.id) == []
        assert not [n for n in listener.notifies(timeout=0.5, stop_after=1) if rec.id in n.payload]
        move(3)  # the new key moves, and the other processes hear of it
        assert outcome[-1] == "written" and [e.action for e in store.log(rec.id)] == [1]
        heard = [n.payload for n in listener.notifies(timeout=5, stop_after=1)]
        assert heard and f"log {rec.id} 0 " in heard[0]
    finally:
        listener.close()
        store.close()
