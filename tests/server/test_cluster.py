"""Several server processes on one PostgreSQL, behind nginx: the log in the database is the one truth,
players on different processes see each other's moves at once, and killing a process loses nothing."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from cluster import Cluster, fresh_cluster, nginx_config
from server_helpers import run_async
from websockets.sync.client import connect

from fathom.core.registry import load

# one PostgreSQL database for every test that uses it (this module empties it): one xdist worker runs them all
pytestmark = pytest.mark.xdist_group("postgres")


@pytest.fixture()
def cluster(postgres_url: str, nginx_binary: str):
    with fresh_cluster(postgres_url, 3, nginx_binary) as group:
        yield group


class Player:
    """One person's page: a websocket to one server (or to nginx) and the last state it was sent."""

    def __init__(self, base: str, tid: str, token: str) -> None:
        self.tid, self.token = tid, token
        self.state: dict[str, Any] = {}
        self.connect(base)

    def connect(self, base: str) -> None:
        self.ws = connect(base.replace("http://", "ws://") + f"/ws/{self.tid}", open_timeout=10)
        self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        self.state = {}

    def wait(self, ok: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while not (self.state and ok(self.state)):
            msg = json.loads(self.ws.recv(timeout=max(0.01, end - time.monotonic())))
            if msg["type"] == "state":
                self.state = msg
            assert msg["type"] != "error", msg
        return self.state

    def heard(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next message of ``kind`` this page is sent (states meanwhile are kept)."""
        end = time.monotonic() + timeout
        while True:
            msg = json.loads(self.ws.recv(timeout=max(0.01, end - time.monotonic())))
            if msg["type"] == "state":
                self.state = msg
            if msg["type"] == kind:
                return msg

    def play(self, move: str, expect: int) -> None:
        self.ws.send(json.dumps({"type": "act", "action": move, "expect": expect}))


def _settled(n: int) -> Callable[[dict[str, Any]], bool]:
    return lambda s: s["move_number"] >= n and s["to_move"] != "chance"


def test_three_processes_two_players_one_killed_mid_game_the_game_finishes_elsewhere(cluster: Cluster):
    one, two, three = cluster.servers
    bots = one.post("/api/tables", {"game": "deep-blue", "seed": 77, "bot_delay_ms": 150,
                                    "seats": [{"kind": "bot", "bot": "0"}, {"kind": "bot", "bot": "0"}]})
    links = cluster.nginx_post("/api/tables", {"game": "into-the-blue", "seed": 5,
                                               "seats": [{"kind": "human"}, {"kind": "human"}]})
    tid = links["id"]
    ann = Player(one.url, tid, links["seats"][0]["token"])  # on process one
    bob = Player(two.url, tid, links["seats"][1]["token"])  # on process two
    players = {0: ann, 1: bob}
    ann.wait(_settled(0))
    bob.wait(_settled(0))
    ann.ws.send(json.dumps({"type": "chat", "text": "good luck"}))  # said on process one, heard on two
    assert bob.heard("chat")["text"] == "good luck"
    n, moves, seen, bots_at_kill = 0, 0, [], None
    rng = random.Random(5)  # random legal moves: a game of about 60 of them
    for _ in range(400):
        a, b = ann.wait(_settled(n)), bob.wait(_settled(n))
        assert a["move_number"] == b["move_number"] and a["to_move"] == b["to_move"]
        if a["to_move"] == "over":
            break
        mover = players[a["to_move"]]
        other = bob if mover is ann else ann
        before = a["move_number"]
        start = time.perf_counter()
        mover.play(rng.choice(mover.wait(lambda s: bool(s["legal"]))["legal"])[1], before)
        other.wait(lambda s, before=before: s["move_number"] > before)  # the other process hears of it at once
        seen.append(time.perf_counter() - start)
        moves += 1
        n = before + 1
        if moves == 20:  # mid-game: process one dies with Ann's page and the bot table it plays
            bots_at_kill = two.get(f"/api/tables/{bots['id']}/state")["move_number"]
            one.kill()
            ann.connect(cluster.nginx.url)  # her page reconnects, through nginx, to a live process
    else:
        pytest.fail("the game did not end")
    assert moves > 30 and bots_at_kill is not None
    assert sorted(seen)[len(seen) * 9 // 10] < 0.5, seen  # p90 of seeing the other's move
    final = three.get(f"/api/tables/{tid}/state")
    assert final["to_move"] == "over" and final["move_number"] == a["move_number"]
    save = load(two.get_text(f"/api/tables/{tid}/save"))
    people = [m for m, who in zip(save.history(), save.movers()) if who >= 0]
    assert save.is_terminal() and save.move_number() == final["move_number"] and len(people) == moves
    # the all-bot table process one played is taken over by another once its lease runs out
    end = time.time() + 20
    while time.time() < end:
        now = three.get(f"/api/tables/{bots['id']}/state")["move_number"]
        if now > bots_at_kill + 5:
            break
        time.sleep(0.25)
    assert now > bots_at_kill + 5, (bots_at_kill, now, two.said(), three.said())


def test_two_processes_cannot_both_write_a_step_the_loser_reloads_and_judges_again(postgres_url: str):
    """Two referees on one database, neither told of the other's move: the second to write step k
    is refused by the (table, step) key, reloads the log and judges its move on that position."""
    from fathom.server.db import Conflict, LoggedAction, Store, database_url
    from fathom.server.protocol import ProtocolError
    from fathom.server.tables import Referee

    async def main() -> None:
        first, second = Referee(Store(database_url(postgres_url))), Referee(Store(database_url(postgres_url)))
        table, _ = await first.create({"game": "deep-blue", "seed": 8,
                                     "seats": [{"kind": "human"}, {"kind": "human"}]})
        await first.settled(table)
        mine, theirs = first.get(table.id), second.get(table.id)
        seat = mine.state.current_player
        move = mine.state.legal_actions()[0]
        await first.act(mine, seat, move)
        await first.settled(mine)  # and the dice after it
        with pytest.raises(Conflict):  # the store refuses a second step k outright
            second.store.append(table.id, len(theirs.log), [LoggedAction(move, "x", seat, "human")])
        assert len(theirs.log) < len(mine.log)  # the second process has not heard yet
        with pytest.raises(ProtocolError) as refused:
            await second.act(theirs, seat, move, expect=theirs.state.move_number())
        assert refused.value.code == "stale"
        assert theirs.log == second.store.log(table.id) == mine.log  # it reloaded: one history
        for ref in (first, second):
            ref.store.close()

    run_async(main())


def test_the_nginx_config_proxies_websockets_to_every_upstream():
    conf = nginx_config("/tmp/x", 8080, [9001, 9002])
    assert "server 127.0.0.1:9001" in conf and "server 127.0.0.1:9002" in conf
    assert "proxy_set_header Upgrade $http_upgrade;" in conf and "listen 127.0.0.1:8080;" in conf
