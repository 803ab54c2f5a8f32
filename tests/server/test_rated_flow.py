"""Issue 51's "Done when", on a real ``fathom serve`` with a local SMTP sink and a local webhook receiver:
two accounts sign up and in; a rated turn-based Into the Blue table between them is played to the end over
HTTP with no page open; the second player received a "your turn" e-mail and webhook; both ratings count one
game and moved; the leaderboard lists both; a wrong password gets 401, and a client without alice's session
cannot act for her seat. (Notices' finer points, once per turn and none with a page open, are the
turn-based notifications' own tests.)"""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from notice_helpers import SmtpSink, WebhookReceiver, wait_for
from server_helpers import LiveServer

GAME = "into-the-blue"
PASSWORD = "tide-pool-4417"


class Client:
    """One device: its own cookie jar (a session), speaking JSON to the server like a script would."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
        try:
            with self.opener.open(req, timeout=40) as r:
                return r.status, json.load(r)
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")


def sign_up(base: str, name: str) -> Client:
    c = Client(base)
    status, body = c.call("POST", "/api/accounts", {"name": name, "password": PASSWORD})
    assert status == 201, body
    status, body = c.call("POST", "/api/login", {"name": name, "password": PASSWORD})
    assert status == 200 and body["name"] == name, body
    return c


def play_to_the_end(tid: str, seats: dict[int, Client], stranger: Client) -> int:
    """Whoever is to move plays their first legal move with their own session until the game ends; at
    alice's first turn a client without her session tries to act for her (refused, nothing played)."""
    tried = False
    moves = 0
    for _ in range(2000):
        status, st = stranger.call("GET", f"/api/tables/{tid}/state?wait=30")
        assert status == 200, st
        if st["to_move"] == "over":
            return moves
        seat = st["to_move"]
        assert isinstance(seat, int), st
        _, mine = seats[seat].call("GET", f"/api/tables/{tid}/state")
        assert mine["you"] == seat, "the session opens its account's seat, no link needed"
        action = mine["legal"][0][1]
        if seat == 0 and not tried:
            tried = True
            for other in (stranger, seats[1]):
                status, body = other.call("POST", f"/api/tables/{tid}/act", {"action": action})
                assert status in (403, 409) and body["error"] in ("spectator", "not-your-turn", "bad-token"), body
            _, again = stranger.call("GET", f"/api/tables/{tid}/state")
            assert again["move_number"] == st["move_number"], "nothing was played for alice"
        status, body = seats[seat].call("POST", f"/api/tables/{tid}/act", {"action": action})
        assert status == 200, body
        moves += 1
    raise AssertionError("the game did not end")


def test_two_accounts_play_a_rated_turn_based_table_over_http(tmp_path: Path) -> None:
    sink, hooks = SmtpSink().start(), WebhookReceiver().start()
    server = LiveServer(str(tmp_path / "flow.db"), "--smtp", sink.url,
                        "--mail-from", "fathom <games@example.org>", "--allow-private-webhooks")
    server.start()
    try:
        alice, bob, stranger = sign_up(server.url, "alice"), sign_up(server.url, "bob"), Client(server.url)
        status, body = stranger.call("POST", "/api/login", {"name": "alice", "password": "not-her-password"})
        assert status == 401 and body["error"] == "bad-login"
        status, body = bob.call("PUT", "/api/me/notifications", {"email": "bob@example.org",
                                                                 "webhook": hooks.url("bob")})
        assert status == 200, body
        status, links = alice.call("POST", "/api/tables", {
            "game": GAME, "rated": True, "turn_based": True, "move_time": {"days": 2},
            "seats": [{"kind": "human", "account": "alice"}, {"kind": "human", "account": "bob"}]})
        assert status == 201, links
        tid = links["id"]
        _, me = bob.call("GET", "/api/me")
        assert tid in [t["id"] for t in me["tables"]]
        moves = play_to_the_end(tid, {0: alice, 1: bob}, stranger)
        assert moves > 10
        # bob, the second player, was told it was his turn, by e-mail and by webhook, with no page open
        mails = wait_for(lambda: sink.to("bob@example.org"), what="bob's your-turn e-mail")
        posts = wait_for(lambda: hooks.received("bob"), what="bob's your-turn webhook")
        assert all(m["Subject"].startswith("Your turn") and tid in m["Subject"] for m in mails)
        assert all(p["table"] == tid and p["game"] == GAME and p["kind"] == "turn" for p in posts)
        for name in ("alice", "bob"):
            status, p = stranger.call("GET", f"/api/players/{name}")
            assert status == 200, p
            r = p["ratings"][GAME]
            assert r["games"] == 1 and p["stats"]["games"] == 1
            assert (r["mu"], r["sigma"]) != (25.0, round(25 / 3, 4)), "the rating moved"
            assert r["sigma"] < 25 / 3
            assert [h["table"] for h in p["history"]] == [tid]
        status, board = stranger.call("GET", f"/api/leaderboard/{GAME}")
        assert status == 200 and {row["name"] for row in board} == {"alice", "bob"}
        assert all(row["games"] == 1 for row in board)
    finally:
        server.stop()
        sink.stop()
        hooks.stop()
