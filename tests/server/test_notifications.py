"""Turn-based play's "your turn" notices on a real ``fathom serve``: e-mail through a local SMTP sink and a
webhook to a local receiver, once per turn, none while a page is open, retried with backoff; the
webhook's address checks; the unsubscribe link; the SMTP URL (docs/web.md, "Notifications")."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from notice_helpers import Person, SmtpSink, WebhookReceiver, turn_based_table, wait_for
from server_helpers import LiveServer, run_async  # run_async: a browser test may have left a loop here

from fathom.server import mailer, notice_db, webhooks
from fathom.server.db import Store, database_url

ALICE, BOB = "alice@example.org", "bob@example.org"


@pytest.fixture()
def sink():
    server = SmtpSink().start()
    yield server
    server.stop()


@pytest.fixture()
def hooks():
    receiver = WebhookReceiver().start()
    yield receiver
    receiver.stop()


def serve(db: str, sink: SmtpSink, *extra: str) -> LiveServer:
    server = LiveServer(db, "--smtp", sink.url, "--mail-from", "fathom <games@example.org>",
                        "--allow-private-webhooks", *extra)
    server.start()
    return server


def state(server: LiveServer, tid: str, token: str | None = None) -> dict[str, Any]:
    return server.get(f"/api/tables/{tid}/state?wait=30", token=token, timeout=40)


def play_turn(server: LiveServer, tid: str, token: str) -> dict[str, Any]:
    """The seat of ``token`` (a seat link) plays its first legal moves until another seat (or the end) is to move."""
    st = state(server, tid, token)
    seat = st["to_move"]
    while st["to_move"] == seat:
        server.post(f"/api/tables/{tid}/act", {"action": st["legal"][0][1]}, token=token, timeout=40)
        st = state(server, tid, token)
    return st


def outbox(db: str, table_id: str) -> list[dict[str, Any]]:
    store = Store(database_url(db))
    try:
        return notice_db.notices(store, table_id)
    finally:
        store.close()


def people(base: str, hooks: WebhookReceiver | None, *, lang: str = "en", email: bool = True) -> tuple[Person, Person]:
    """alice and bob sign up, and each sets where they are told (their e-mail, their webhook here)."""
    alice, bob = Person(base, "alice").sign_up(), Person(base, "bob").sign_up()
    for who, address in ((alice, ALICE), (bob, BOB)):
        who.channels(address if email else None, hooks.url(who.name) if hooks else None, lang)
    return alice, bob


def clock(who: Person, tid: str, base: str | None = None) -> dict[str, Any]:
    """The state once its turn's deadline is known (written to the database as the turn began)."""
    return wait_for(lambda: (s := who.state(tid, base))["clock"] and s, what="the turn's deadline")


def test_your_turn_by_email_and_webhook_once_per_turn_with_no_page_open(tmp_path: Path, sink: SmtpSink,
                                                                        hooks: WebhookReceiver) -> None:
    """A turn-based Into the Blue table between two accounts, played to the end over HTTP with their sessions
    and no page open: each time it becomes bob's turn he gets one e-mail and one webhook (not again when the
    server restarts in his turn), and nothing in them but the game, the table, "your turn" and its link."""
    server = serve(str(tmp_path / "tb.db"), sink)
    try:
        alice, bob = people(server.url, hooks)
        tid = turn_based_table(alice, [alice, bob])
        st = clock(alice, tid)
        assert st["to_move"] == 0 and st["clock"]["turn_based"] and st["clock"]["seconds"] == 2 * 86400
        assert len(wait_for(lambda: sink.to(ALICE), what="alice's first your-turn e-mail")) == 1
        bob_moves: list[int] = []
        restarted = False
        for _ in range(200):
            st = alice.state(tid)
            if st["to_move"] == "over":
                break
            if st["to_move"] == 0:
                alice.play_turn(tid)
                continue
            st = clock(bob, tid)
            bob_moves.append(st["clock"]["turn"])
            n = len(bob_moves)
            wait_for(lambda n=n: len(sink.to(BOB)) >= n and len(hooks.received("bob")) >= n,
                     what=f"bob's e-mail and webhook of turn {n}")
            if not restarted:  # the same turn again after a restart: the stored deadline, no second notice
                restarted = True
                server.stop()
                server.start()
                again = clock(bob, tid)
                assert again["clock"]["due"] == pytest.approx(st["clock"]["due"], abs=0.01)
                time.sleep(2.5)
                assert len(sink.to(BOB)) == n and len(hooks.received("bob")) == n
            bob.play_turn(tid)
        else:
            raise AssertionError("the game did not end")
        time.sleep(1.5)
        mails, posts = sink.to(BOB), hooks.received("bob")
        assert len(bob_moves) >= 3
        assert len(mails) == len(posts) == len(bob_moves), (len(mails), len(posts), len(bob_moves))
        rows = [r for r in outbox(server.db, tid) if r["account"] == "bob"]
        assert sorted((r["move_number"], r["channel"]) for r in rows) == sorted(
            (m, c) for m in bob_moves for c in ("email", "webhook"))  # one row per turn and channel
        assert all(r["state"] == "sent" and r["kind"] == "turn" for r in rows)
        for post in posts:  # what a webhook carries: where, which game, which move; no seat key
            assert set(post) == {"table", "game", "url", "move_number", "kind", "text"}
            assert post["table"] == tid and post["game"] == "into-the-blue" and post["kind"] == "turn"
            assert post["url"] == f"{server.url}/t/{tid}" and "#" not in post["url"] and "token" not in post["url"]
        assert [p["move_number"] for p in posts] == bob_moves
        for mail in mails:
            body = mail.get_content()
            assert mail["Subject"] == f"Your turn: Into the Blue, table {tid}"
            assert f"{server.url}/t/{tid}" in body.split() and "token" not in body
            assert str(mail["List-Unsubscribe"]).strip().startswith(f"<{server.url}/unsubscribe/")
            assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
            lines = [line for line in body.splitlines() if line.strip()]
            assert len(lines) == 3, lines  # "your turn", the link, the unsubscribe link: nothing of the game
        assert all(m["Subject"].startswith("Your turn") for m in sink.to(ALICE))
        assert bob.state(tid)["to_move"] == "over"
    finally:
        server.stop()


def test_no_notice_while_a_page_of_the_seat_is_open(tmp_path: Path, sink: SmtpSink, hooks: WebhookReceiver) -> None:
    server = serve(str(tmp_path / "tb.db"), sink)
    try:
        alice, bob = people(server.url, hooks)
        tid = turn_based_table(alice, [alice, bob])
        assert clock(alice, tid)["to_move"] == 0
        page = bob.page(tid)  # signed in, no link
        time.sleep(0.5)
        assert alice.play_turn(tid)["to_move"] == 1
        time.sleep(3)
        assert sink.to(BOB) == [] and hooks.received("bob") == []
        page.close()
        time.sleep(0.5)
        bob.play_turn(tid)  # bob's turn ends; alice plays; now bob has no page open
        alice.play_turn(tid)
        wait_for(lambda: sink.to(BOB) and hooks.received("bob"), what="bob's notice once his page closed")
        assert len(sink.to(BOB)) == len(hooks.received("bob")) == 1
    finally:
        server.stop()


def test_a_failed_webhook_is_tried_again_with_backoff(tmp_path: Path, sink: SmtpSink) -> None:
    hooks = WebhookReceiver(fail=2).start()  # 500, 500, then 204
    server = serve(str(tmp_path / "tb.db"), sink, "--notify-retry-seconds", "1")
    try:
        alice, bob = people(server.url, hooks, email=False)
        tid = turn_based_table(alice, [alice, bob])
        wait_for(lambda: hooks.received("alice"), timeout=30, what="the webhook after two failures")
        times = [t for t, path, _, _ in hooks.calls if path == "/alice"]
        assert [s for _, _, _, s in hooks.calls] == [500, 500, 204]
        gaps = [b - a for a, b in zip(times, times[1:])]
        assert gaps[0] >= 0.9 and gaps[1] >= 1.9, gaps  # 1 s, then twice that
        assert alice.state(tid)["to_move"] == 0  # the table never waited for it
        row = wait_for(lambda: [r for r in outbox(server.db, tid) if r["state"] == "sent"], what="the row sent")[0]
        assert row["attempts"] == 3 and row["channel"] == "webhook"
    finally:
        server.stop()
        hooks.stop()


def test_email_in_the_language_the_channels_were_set_in(tmp_path: Path, sink: SmtpSink) -> None:
    server = serve(str(tmp_path / "tb.db"), sink)
    try:
        alice, bob = people(server.url, None, lang="fr")
        tid = turn_based_table(alice, [alice, bob])
        mail = wait_for(lambda: sink.to(ALICE), what="alice's e-mail")[0]
        assert mail["Subject"] == f"À vous de jouer : Into the Blue, table {tid}"
        assert "Pour ne plus recevoir ces e-mails" in mail.get_content()
    finally:
        server.stop()


def test_the_unsubscribe_link_turns_email_off_without_signing_in(tmp_path: Path, sink: SmtpSink) -> None:
    server = serve(str(tmp_path / "tb.db"), sink)
    try:
        alice, bob = people(server.url, None)
        turn_based_table(alice, [alice, bob])
        mail = wait_for(lambda: sink.to(ALICE), what="alice's e-mail")[0]
        link = str(mail["List-Unsubscribe"]).strip().strip("<>")
        assert link in mail.get_content()
        path = link[len(server.url):]
        status, _, page = server.request("GET", path)  # a link checker opening it changes nothing
        assert status == 200 and b"<form method=\"post\">" in page
        assert alice.call("GET", "/api/me/notifications")[1]["email"] == ALICE
        forged = path[:-4] + ("0000" if not path.endswith("0000") else "1111")
        assert server.request("POST", forged)[0] == 404
        # a form from another site cannot do it for someone
        assert server.request("POST", path, b"", {"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"})[0] == 403
        status, _, page = server.request("POST", path, b"List-Unsubscribe=One-Click",  # a mail client's one click
                                         {"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 200, page
        assert alice.call("GET", "/api/me/notifications")[1]["email"] is None  # no sign-in was needed
        assert bob.call("GET", "/api/me/notifications")[1]["email"] == BOB  # only hers
        assert server.request("POST", path)[0] == 404  # already off: the link has done its work
    finally:
        server.stop()


# ---- the webhook's address checks -------------------------------------------------------------
@pytest.mark.parametrize("url", ["http://127.0.0.1:9/x", "http://localhost/x", "http://10.0.0.5/x",
                                 "http://192.168.1.2/x", "http://169.254.169.254/latest/meta-data",
                                 "http://[::1]/x", "http://[fd00::1]/x", "http://0.0.0.0/x",
                                 "http://[::ffff:127.0.0.1]/x", "http://100.64.0.1/x"])
def test_a_webhook_to_a_private_address_is_refused(url: str) -> None:
    with pytest.raises(webhooks.WebhookRefused) as refused:
        run_async(webhooks.check(url, allow_private=False))
    assert refused.value.code == "webhook-private"
    assert run_async(webhooks.check(url, allow_private=True)) == url


@pytest.mark.parametrize("url", ["ftp://example.org/x", "http://user:pw@example.org/x", "example.org",
                                 "http://", "http://exa mple.org/", "http://example.org:99999/", 42, "x" * 600])
def test_a_webhook_that_is_no_http_address_is_refused(url: Any) -> None:
    with pytest.raises(webhooks.WebhookRefused) as refused:
        webhooks.check_form(url)
    assert refused.value.code == "webhook-bad"


def test_a_webhook_is_checked_again_at_send_time_after_resolution(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name that resolved to a public address when it was set but to loopback now (DNS rebinding) is
    refused at the send, and the request itself goes to the address that was checked."""
    import httpx

    answers = {"hook.example": "93.184.215.14"}

    async def lookup(host: str, port: int) -> list[str]:
        return [answers[host]]

    monkeypatch.setattr(webhooks, "lookup", lookup)
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(204)

    async def send() -> int:
        async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
            return await webhooks.post("https://hook.example/path?q=1", {"a": 1}, False, client)

    assert run_async(webhooks.check("https://hook.example/path?q=1", False))
    assert run_async(send()) == 204
    assert str(seen[0].url) == "https://93.184.215.14/path?q=1" and seen[0].headers["host"] == "hook.example"
    assert seen[0].extensions["sni_hostname"] == "hook.example"
    answers["hook.example"] = "127.0.0.1"
    with pytest.raises(webhooks.WebhookRefused):
        run_async(send())
    assert len(seen) == 1


# ---- the SMTP URL -----------------------------------------------------------------------------
def test_the_smtp_url() -> None:
    plain = mailer.parse_smtp_url("smtp://mail.example.org")
    assert (plain.host, plain.port, plain.tls, plain.starttls, plain.user) == ("mail.example.org", 25, False, False, "")
    login = mailer.parse_smtp_url("smtp://games%40example.org:p%40ss%3Aw@mail.example.org:587?starttls=1&timeout=5")
    assert (login.port, login.starttls, login.user, login.password, login.timeout) == (
        587, True, "games@example.org", "p@ss:w", 5.0)
    assert "p@ss" not in repr(login)
    tls = mailer.parse_smtp_url("smtps://u:p@mail.example.org")
    assert (tls.port, tls.tls) == (465, True)
    for bad, says in [("http://mail.example.org", "smtp://"), ("smtp://u:p@mail.example.org", "needs TLS"),
                      ("smtp://mail.example.org?tls=1", "unknown option"), ("smtp://mail.example.org:x", "port"),
                      ("smtps://mail.example.org?starttls=1", "TLS already"),
                      ("smtp://mail.example.org?starttls=2", "starttls"), ("smtp://mail.example.org?timeout=0", "timeout")]:
        with pytest.raises(ValueError, match=says):
            mailer.parse_smtp_url(bad)
    assert mailer.check_sender("fathom <games@example.org>") == "fathom <games@example.org>"
    with pytest.raises(ValueError, match="mail-from"):
        mailer.check_sender("not an address")


def test_serve_refuses_a_bad_smtp_url_with_a_clear_message(tmp_path: Path) -> None:
    import subprocess
    import sys

    for args, says in [(["--smtp", "http://x"], "--smtp must be"), (["--smtp", "smtp://127.0.0.1:25"], "--mail-from")]:
        done = subprocess.run([sys.executable, "-m", "fathom.server", "--db", str(tmp_path / "x.db"), *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and says in done.stderr, done.stderr



# ---- several processes on one PostgreSQL ------------------------------------------------------
@pytest.mark.xdist_group("postgres")  # it empties the one shared test database, as the other PostgreSQL tests do
def test_two_processes_send_each_notice_once(postgres_url: str, nginx_binary: str, sink: SmtpSink,
                                             hooks: WebhookReceiver) -> None:
    """Two server processes behind nginx on one PostgreSQL, both holding the table: each of bob's turns
    brings one e-mail and one webhook, not one per process; and a page of bob's open on one process
    keeps the other from sending him a notice."""
    from cluster import Cluster, empty_database

    empty_database(postgres_url)
    group = Cluster(postgres_url, 2, nginx_binary, 1, "--smtp", sink.url, "--mail-from", "games@example.org",
                    "--allow-private-webhooks")
    try:
        group.start()
        one, two = (s.url for s in group.servers)
        alice, bob = people(group.nginx.url, hooks)  # sessions live in the database: any process knows them
        tid = turn_based_table(alice, [alice, bob])
        clock(alice, tid, one)
        turns = 0
        for n in range(4):  # moves through either process, in turn
            alice.play_turn(tid, (one, two)[n % 2])  # now bob's turn
            turns += 1
            wait_for(lambda turns=turns: len(sink.to(BOB)) >= turns and len(hooks.received("bob")) >= turns,
                     what=f"bob's notices of turn {turns}")
            bob.play_turn(tid, (two, one)[n % 2])
        time.sleep(3)  # time for a second process's copy, were there one
        assert len(sink.to(BOB)) == len(hooks.received("bob")) == turns == 4
        rows = [r for r in outbox(postgres_url, tid) if r["account"] == "bob"]
        assert len(rows) == 2 * turns and all(r["state"] == "sent" for r in rows)
        assert {r["owner"] for r in rows} == {""}  # settled, each by the process that claimed it
        # bob's page open on one process; alice moves on the other: no notice for that turn
        page = bob.page(tid, two)
        time.sleep(1.5)  # its presence row is written
        assert alice.state(tid, one)["to_move"] == 0
        alice.play_turn(tid, one)
        time.sleep(3)
        assert len(sink.to(BOB)) == len(hooks.received("bob")) == 4
        page.close()
        late = [r for r in outbox(postgres_url, tid) if r["account"] == "bob" and r["state"] != "sent"]
        # queued by the process without the page, dropped by the sender that saw the other's presence row
        assert {(r["state"], r["last_error"]) for r in late} == {("dropped", "a page of the seat is open")}
    finally:
        print(group.servers[0].said(), group.servers[1].said())  # shown if it failed
        group.stop()


# ---- PUT /api/me/notifications -------------------------------------------------------------------
@pytest.fixture()
def signed_in(tmp_path: Path):
    """An app with e-mail configured, and a client signed up (so signed in) as ``alice``."""
    import warnings

    from fastapi.testclient import TestClient

    from fathom.server.app import create_app
    from fathom.server.outbox import NoticeSettings

    settings = NoticeSettings(smtp=mailer.parse_smtp_url("smtp://127.0.0.1:9"), mail_from="games@example.org")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(str(tmp_path / "me.db"), notice_settings=settings)) as c:
            assert c.post("/api/accounts", json={"name": "alice", "password": Person.PASSWORD}).status_code == 201
            yield c


def test_a_person_sets_where_they_are_told(signed_in: Any) -> None:
    c = signed_in
    assert c.get("/api/me/notifications").json() == {"email": None, "webhook": None, "email_available": True}
    res = c.put("/api/me/notifications", json={"email": " alice@example.org ", "webhook": "https://93.184.215.14/hook"})
    assert res.status_code == 200, res.text
    assert c.get("/api/me/notifications").json()["email"] == "alice@example.org"
    assert c.put("/api/me/notifications", json={"webhook": None}).json() == {
        "email": "alice@example.org", "webhook": None, "email_available": True}  # a field left out keeps its value
    for body, status, code in [({"email": "not-an-address"}, 422, "bad-email"), ({"email": 42}, 422, "bad-email"),
                               ({"webhook": "http://127.0.0.1:8000/x"}, 422, "webhook-private"),
                               ({"webhook": "http://169.254.169.254/"}, 422, "webhook-private"),
                               ({"webhook": "file:///etc/passwd"}, 422, "webhook-bad"),
                               ({"phone": "123"}, 400, "bad-message")]:
        res = c.put("/api/me/notifications", json=body)
        assert (res.status_code, res.json()["error"]) == (status, code), (body, res.text)
        assert res.json()["message"]  # says what is wrong and what is allowed
    assert c.get("/api/me/notifications").json()["email"] == "alice@example.org"  # nothing changed
    fr = c.put("/api/me/notifications?lang=fr", json={"webhook": "http://10.1.2.3/"})
    assert "adresse privée" in fr.json()["message"]
    c.cookies.clear()  # signed out
    assert c.get("/api/me/notifications").status_code == 401
    assert c.put("/api/me/notifications", json={"email": None}).json()["error"] == "need-login"
    assert c.post("/api/accounts", json={"name": "bob", "password": Person.PASSWORD}).status_code == 201
    assert c.get("/api/me/notifications").json()["email"] is None  # each account its own
    c.cookies.clear()
    assert c.post("/api/login", json={"name": "alice", "password": Person.PASSWORD}).status_code == 200
    store = c.app.state.referee.store
    assert notice_db.prefs(store, "alice").email == "alice@example.org"
    assert c.request("DELETE", "/api/me", json={"password": Person.PASSWORD}).status_code == 200
    assert notice_db.prefs(store, "alice") == notice_db.Prefs()  # a deleted account's addresses are not kept


def test_no_email_on_a_server_without_smtp(client: Any) -> None:
    assert client.post("/api/accounts", json={"name": "alice", "password": Person.PASSWORD}).status_code == 201
    res = client.put("/api/me/notifications", json={"email": "alice@example.org"})
    assert (res.status_code, res.json()["error"]) == (422, "no-mail")
    assert client.get("/api/me/notifications").json() == {"email": None, "webhook": None, "email_available": False}


def test_a_mail_server_that_never_answers_holds_up_no_move(tmp_path: Path, hooks: WebhookReceiver) -> None:
    """An SMTP server that takes the connection and never says a word: moves are answered at once, and the
    webhooks go on being sent beside the hung e-mails (the sender sends each in its own thread/request)."""
    import socket

    hole = socket.socket()
    hole.bind(("127.0.0.1", 0))
    hole.listen(16)  # accepts (the kernel does) and never answers
    server = LiveServer(str(tmp_path / "tb.db"), "--smtp",
                        f"smtp://127.0.0.1:{hole.getsockname()[1]}?timeout=60", "--mail-from", "games@example.org",
                        "--allow-private-webhooks")
    server.start()
    try:
        alice, bob = people(server.url, hooks)
        tid = turn_based_table(alice, [alice, bob])
        clock(alice, tid)
        times = []
        for _ in range(3):
            started = time.monotonic()
            alice.play_turn(tid)
            bob.play_turn(tid)
            times.append(time.monotonic() - started)
        assert max(times) < 20, times  # two turns of a few moves each; an e-mail's wait alone would be 60 s
        alice.play_turn(tid)  # bob's turn, which he leaves be: his webhook comes beside the hung e-mails
        wait_for(lambda: hooks.received("bob"), what="bob's webhook while the e-mails hang")
    finally:
        server.stop()
        hole.close()


def test_settled_notices_are_purged_after_a_while(tmp_path: Path) -> None:
    store = Store(database_url(str(tmp_path / "o.db")))
    try:
        assert notice_db.enqueue(store, "alice", "t1", 0, "into-the-blue", 0, "turn", ["email", "webhook"]) == 2
        assert notice_db.enqueue(store, "alice", "t1", 0, "into-the-blue", 0, "turn", ["email"]) == 0  # once
        first, second = notice_db.claim_notices(store)
        assert notice_db.claim_notices(store) == []  # claimed: nobody else takes them
        notice_db.settle_notice(store, first.id, "sent")
        notice_db.settle_notice(store, second.id, "queued", "refused", time.time() + 60)
        assert notice_db.purge(store, time.time() - 1) == 0  # not old enough
        assert notice_db.purge(store, time.time() + 1) == 1  # the sent one; the one to retry stays
        assert [(r["channel"], r["state"], r["attempts"]) for r in notice_db.notices(store)] == [("webhook", "queued", 1)]
    finally:
        store.close()
