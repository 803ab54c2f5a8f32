"""Accounts: sign up, sign in and out, sessions, throttling, "my games", seats held by an account, deletion."""

from __future__ import annotations

import time
import warnings
from contextlib import contextmanager
from typing import Any

import pytest
from server_helpers import bearer, hello, make_table

from fathom.server import account_store, accounts, auth
from fathom.server.settings import Limits

PASSWORD = "correct horse battery"


@contextmanager
def app_client(db_path: str, **kwargs: Any):
    from fastapi.testclient import TestClient

    from fathom.server.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(db_path, **kwargs)) as c:
            yield c


def sign_up(c: Any, name: str, password: str = PASSWORD) -> str:
    """Sign ``name`` up (signed in at once); the session token the client now holds."""
    res = c.post("/api/accounts", json={"name": name, "password": password})
    assert res.status_code == 201, res.text
    assert res.json() == {"name": name}
    return c.cookies[accounts.SESSION_COOKIE]


def log_in(c: Any, name: str, password: str = PASSWORD) -> Any:
    return c.post("/api/login", json={"name": name, "password": password})


def as_session(c: Any, token: str | None) -> None:
    """Make the test client hold session ``token`` (None: no session), as another device or browser."""
    c.cookies.clear()
    if token:
        c.cookies.set(accounts.SESSION_COOKIE, token, domain="testserver.local")


def set_cookie_header(res: Any) -> str:
    headers = [v for k, v in res.headers.multi_items() if k.lower() == "set-cookie"]
    assert len(headers) == 1, headers
    return headers[0]


# ---- sign up ---------------------------------------------------------------------------------------

def test_sign_up_answers_201_signs_in_and_hashes_the_password_with_argon2(client):
    token = sign_up(client, "Alice_1")
    me = client.get("/api/me")
    assert me.status_code == 200 and me.json() == {"name": "Alice_1", "tables": []}
    stored = account_store.find(client.app.state.referee.store, "alice_1")
    assert stored is not None and stored.name == "Alice_1"
    assert stored.password.startswith("$argon2id$") and PASSWORD not in stored.password
    # the database keeps only a hash of the session token
    with client.app.state.referee.store.engine.connect() as conn:
        rows = conn.execute(account_store.sessions_t.select()).fetchall()
    assert [r.token_hash for r in rows] == [account_store.token_hash(token)] and token not in str(rows)


def test_names_are_unique_whatever_their_case(client):
    sign_up(client, "Marlin")
    for name in ("Marlin", "marlin", "MARLIN"):
        res = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert res.status_code == 409 and res.json()["error"] == "name-taken", name


@pytest.mark.parametrize("name", ["ab", "a" * 21, "has space", "dot.ted", "émile", "", None, 42, "a/b"])
def test_bad_names_are_refused_saying_what_is_allowed(client, name):
    res = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert res.status_code == 400 and res.json()["error"] == "bad-name"
    assert "3 to 20" in res.json()["detail"]
    assert account_store.find(client.app.state.referee.store, str(name)) is None


@pytest.mark.parametrize("password", ["short", "123456789", None, 1234567890, "x" * 1025])
def test_passwords_need_10_characters(client, password):
    res = client.post("/api/accounts", json={"name": "Nemo", "password": password})
    assert res.status_code == 400 and res.json()["error"] == "bad-password"
    assert "10" in res.json()["message"]
    assert account_store.find(client.app.state.referee.store, "Nemo") is None


def test_names_of_3_and_20_characters_with_dash_and_underscore_are_accepted(client):
    sign_up(client, "a-_")
    sign_up(client, "Z" * 19 + "9")


# ---- the session cookie ----------------------------------------------------------------------------

def test_the_session_cookie_is_httponly_samesite_lax_and_not_secure_over_plain_http(client):
    res = client.post("/api/accounts", json={"name": "Dory", "password": PASSWORD})
    header = set_cookie_header(res).lower()
    assert header.startswith(accounts.SESSION_COOKIE + "=")
    assert "httponly" in header and "samesite=lax" in header and "path=/" in header
    assert f"max-age={accounts.SESSION_SECONDS}" in header
    assert "secure" not in header.replace("httponly", "")  # plain http (a test, a local server)
    res = log_in(client, "Dory")
    assert "secure" not in set_cookie_header(res).lower()


def test_the_session_cookie_is_secure_behind_an_https_public_address(db_path):
    with app_client(db_path, public_url="https://fathom.example") as c:
        res = c.post("/api/accounts", json={"name": "Dory", "password": PASSWORD})
        assert "; secure" in set_cookie_header(res).lower()
        assert "; secure" in set_cookie_header(log_in(c, "Dory")).lower()
        assert "; secure" in set_cookie_header(c.post("/api/logout")).lower()


def test_the_session_cookie_is_secure_when_the_request_came_over_https(db_path):
    from fastapi.testclient import TestClient

    from fathom.server.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(db_path), base_url="https://testserver") as c:
            res = c.post("/api/accounts", json={"name": "Dory", "password": PASSWORD})
            assert "; secure" in set_cookie_header(res).lower()


def test_every_login_makes_a_new_session_and_ends_the_one_the_client_held(client):
    first = sign_up(client, "Bruce")
    assert log_in(client, "Bruce").status_code == 200
    second = client.cookies[accounts.SESSION_COOKIE]
    assert second != first
    as_session(client, first)
    assert client.get("/api/me").status_code == 401  # the replaced session opens nothing
    as_session(client, second)
    assert client.get("/api/me").json()["name"] == "Bruce"


def test_a_session_token_planted_before_login_is_never_promoted(client):
    sign_up(client, "Bruce")
    planted = "attacker-chosen-value-0123456789"
    as_session(client, planted)
    assert log_in(client, "Bruce").status_code == 200
    assert client.cookies[accounts.SESSION_COOKIE] != planted
    as_session(client, planted)
    assert client.get("/api/me").status_code == 401


def test_a_second_device_signs_in_without_ending_the_first(client):
    first = sign_up(client, "Bruce")
    as_session(client, None)
    assert log_in(client, "Bruce").status_code == 200
    second = client.cookies[accounts.SESSION_COOKIE]
    for token in (first, second):
        as_session(client, token)
        assert client.get("/api/me").json()["name"] == "Bruce"


def test_logout_deletes_the_session(client):
    token = sign_up(client, "Squirt")
    res = client.post("/api/logout")
    assert res.status_code == 200 and 'max-age=0' in set_cookie_header(res).lower()
    as_session(client, token)  # a copy of the cookie kept somewhere: worthless now
    assert client.get("/api/me").status_code == 401
    assert account_store.sessions_of(client.app.state.referee.store, "Squirt") == 0


def test_changing_the_password_ends_every_other_session_and_keeps_this_one(client):
    old_device = sign_up(client, "Marlin")
    as_session(client, None)
    assert log_in(client, "Marlin").status_code == 200
    here = client.cookies[accounts.SESSION_COOKIE]
    res = client.post("/api/me/password", json={"password": PASSWORD, "new_password": "a new tide rising"})
    assert res.status_code == 200 and res.json() == {"ok": True}
    renewed = client.cookies[accounts.SESSION_COOKIE]
    assert renewed != here  # a new session for this client, as at every sign-in
    assert client.get("/api/me").json()["name"] == "Marlin"
    for token in (old_device, here):  # the other device, and this client's old cookie: signed out
        as_session(client, token)
        assert client.get("/api/me").status_code == 401
    assert account_store.sessions_of(client.app.state.referee.store, "Marlin") == 1
    as_session(client, None)
    assert log_in(client, "Marlin").status_code == 401  # the old password opens nothing
    assert log_in(client, "Marlin", "a new tide rising").status_code == 200


@pytest.mark.parametrize(("body", "status", "error"), [
    ({"password": "not my password", "new_password": "a new tide rising"}, 401, "bad-login"),
    ({"password": PASSWORD, "new_password": "short"}, 400, "bad-password"),
    ({"password": PASSWORD}, 400, "bad-password"),
])
def test_a_password_change_needs_the_current_password_and_a_good_new_one(client, body, status, error):
    sign_up(client, "Dory")
    res = client.post("/api/me/password", json=body)
    assert res.status_code == status and res.json()["error"] == error, res.text
    assert client.get("/api/me").json()["name"] == "Dory"  # nothing changed: still signed in, same password
    as_session(client, None)
    assert log_in(client, "Dory").status_code == 200


def test_a_password_change_needs_a_session(client):
    res = client.post("/api/me/password", json={"password": PASSWORD, "new_password": "a new tide rising"})
    assert res.status_code == 401 and res.json()["error"] == "need-login"


def test_a_session_expires(client):
    token = sign_up(client, "Crush")
    store = client.app.state.referee.store
    with store.engine.begin() as conn:
        conn.execute(account_store.sessions_t.update().values(expires=time.time() - 1))
    as_session(client, token)
    res = client.get("/api/me")
    assert res.status_code == 401 and res.json()["error"] == "need-login"


def test_me_without_a_session_or_with_garbage_is_401(client):
    assert client.get("/api/me").status_code == 401
    as_session(client, "x" * 500)
    assert client.get("/api/me").status_code == 401


# ---- logging in ------------------------------------------------------------------------------------

def test_a_wrong_password_and_an_unknown_name_get_the_same_401(client):
    sign_up(client, "Gill")
    as_session(client, None)
    wrong = log_in(client, "Gill", "not the password at all")
    unknown = log_in(client, "Nobody", "not the password at all")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["error"] == "bad-login" and wrong.json()["message"] == "Wrong name or password."
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers
    fr = client.post("/api/login?lang=fr", json={"name": "Nobody", "password": "x" * 12}).json()
    assert fr["message"] == "Nom ou mot de passe incorrect."


def test_an_unknown_name_costs_one_argon2_verification_like_a_wrong_password(client, monkeypatch):
    """No enumeration by timing: an unknown (or deleted) name's login verifies the password against a
    dummy hash, so both refusals do the same work."""
    sign_up(client, "Gill")
    as_session(client, None)
    calls: list[str] = []
    real = accounts._hasher

    class Counting:
        def verify(self, stored: str, password: str) -> bool:
            calls.append(stored)
            return real.verify(stored, password)

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

    monkeypatch.setattr(accounts, "_hasher", Counting())
    log_in(client, "Gill", "wrong password 1")
    log_in(client, "Unknown", "wrong password 2")
    assert len(calls) == 2 and all(c.startswith("$argon2id$") for c in calls)
    monkeypatch.setattr(accounts, "_hasher", real)
    # and the times agree (generous bounds: the machine is shared)
    times: dict[str, list[float]] = {"Gill": [], "Unknown": []}
    for _ in range(3):
        for name in times:
            start = time.perf_counter()
            assert log_in(client, name, "wrong password 3").status_code == 401
            times[name].append(time.perf_counter() - start)
    known, unknown = sorted(times["Gill"])[1], sorted(times["Unknown"])[1]
    assert unknown > known / 4 and known > unknown / 4, times


def test_logging_in_is_case_insensitive_and_answers_the_name_as_signed_up(client):
    sign_up(client, "Nigel")
    as_session(client, None)
    res = log_in(client, "nIGEL")
    assert res.status_code == 200 and res.json() == {"name": "Nigel"}
    assert client.get("/api/me").json()["name"] == "Nigel"


def test_failed_logins_are_limited_per_name_with_retry_information(db_path):
    with app_client(db_path, limits=Limits(failed_logins_per_name=3)) as c:
        sign_up(c, "Tad")
        as_session(c, None)
        for _ in range(3):
            assert log_in(c, "Tad", "guess guess guess").status_code == 401
        res = log_in(c, "tad", PASSWORD)  # even the right password waits now: that name is under attack
        assert res.status_code == 429 and res.json()["error"] == "login-limited"
        assert int(res.headers["Retry-After"]) >= 1 and res.json()["retry_after"] == int(res.headers["Retry-After"])
        assert str(res.json()["retry_after"]) in res.json()["message"]
        # another name from the same address is not held up
        sign_up(c, "Pearl")
        as_session(c, None)
        assert log_in(c, "Pearl").status_code == 200
        # an unknown name is limited the same way (no telling names apart by the limit either)
        for _ in range(3):
            assert log_in(c, "Ghost", "guess guess guess").status_code == 401
        assert log_in(c, "Ghost", "guess guess guess").status_code == 429


def test_logins_are_limited_per_address(db_path):
    with app_client(db_path, limits=Limits(logins_per_minute=2)) as c:
        codes = [log_in(c, f"name{i}", "guess guess guess").status_code for i in range(6)]
        assert codes[:4] == [401] * 4 and codes[4:] == [429, 429]


def test_sign_ups_are_limited_per_address(db_path):
    with app_client(db_path, limits=Limits(signups_per_hour=2)) as c:
        sign_up(c, "one")
        sign_up(c, "two")
        res = c.post("/api/accounts", json={"name": "three", "password": PASSWORD})
        assert res.status_code == 429 and res.json()["error"] == "signup-limited" and "Retry-After" in res.headers
        assert account_store.find(c.app.state.referee.store, "three") is None


def test_account_changes_keep_the_servers_csrf_rules(client):
    """Same-origin JSON only, as every change: a cross-site form cannot sign anyone in or out."""
    sign_up(client, "Peach")
    res = client.post("/api/login", json={"name": "Peach", "password": PASSWORD},
                      headers={"Origin": "http://evil.example"})
    assert res.status_code == 403 and res.json()["error"] == "cross-site"
    res = client.post("/api/logout", content=b"x=1", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert res.status_code == 415
    res = client.request("DELETE", "/api/me", json={"password": PASSWORD}, headers={"Sec-Fetch-Site": "cross-site"})
    assert res.status_code == 403
    assert client.get("/api/me").json()["name"] == "Peach"


# ---- seats held by an account ----------------------------------------------------------------------

def two_player_table(c: Any, seats: list[dict[str, Any]], seed: int = 5) -> dict[str, Any]:
    return make_table(c, seats, game="into-the-blue", seed=seed)


def test_an_account_seat_is_played_with_the_session_from_a_second_client_with_no_link(client):
    alice = sign_up(client, "alice")
    as_session(client, None)  # the creator need not be signed in, nor be alice
    links = two_player_table(client, [{"kind": "human", "account": "ALICE"}, {"kind": "human", "name": "Bob"}])
    tid = links["id"]
    seat0 = links["seats"][0]
    assert seat0["account"] == "alice" and "token" not in seat0  # no link opens an account's seat
    assert seat0["url"].endswith(f"/t/{tid}")
    meta = client.get(f"/api/tables/{tid}").json()
    assert meta["seats"][0]["name"] == "alice" and meta["seats"][0]["account"] == "alice"
    listed = next(t for t in client.get("/api/tables").json() if t["id"] == tid)
    assert listed["seats"][0]["account"] == "alice" and "account" not in listed["seats"][1]
    # a second device: alice signs in there, and plays with nothing but her session
    as_session(client, None)
    assert log_in(client, "alice").status_code == 200
    second = client.cookies[accounts.SESSION_COOKIE]
    assert second != alice
    st = client.get(f"/api/tables/{tid}/state").json()
    assert st["you"] == 0
    if st["to_move"] != 0:  # Bob opens: he plays with his link
        bob = links["seats"][1]["token"]
        as_session(client, None)
        bst = client.get(f"/api/tables/{tid}/state", headers=bearer(bob)).json()
        client.post(f"/api/tables/{tid}/act", json={"action": bst["legal"][0][1]}, headers=bearer(bob))
        as_session(client, second)
        st = client.get(f"/api/tables/{tid}/state?wait=10").json()
    assert st["to_move"] == 0 and st["legal"]
    before = st["move_number"]
    res = client.post(f"/api/tables/{tid}/act", json={"action": st["legal"][0][1], "expect": before})
    assert res.status_code == 200, res.text
    assert res.json()["move_number"] > before
    # and the websocket's hello with no token seats the session's account
    with client.websocket_connect(f"/ws/{tid}") as ws:
        welcome, state = hello(ws, None)
    assert welcome["you"] == 0 and state["you"] == 0


def test_nobody_without_the_accounts_session_can_act_for_its_seat(client):
    sign_up(client, "alice")
    as_session(client, None)
    sign_up(client, "mallory")
    mallory = client.cookies[accounts.SESSION_COOKIE]
    as_session(client, None)
    links = two_player_table(client, [{"kind": "human", "account": "alice"}, {"kind": "human", "name": "Bob"}], seed=8)
    tid = links["id"]
    ref = client.app.state.referee
    forged = auth.seat_token(ref.secret, tid, 0, 0)  # even a correctly signed link for that seat is refused
    bob = links["seats"][1]["token"]
    log = len(ref.tables[tid].log)
    assert ref.tables[tid].state.current_player == 0  # alice is to move: every try below is for her seat
    for who, headers in (("nobody", {}), ("mallory", {}), ("a link", bearer(forged)), ("bob", bearer(bob))):
        as_session(client, mallory if who == "mallory" else None)
        st = client.get(f"/api/tables/{tid}/state", headers=headers)
        if who == "a link":
            assert st.status_code == 403 and st.json()["error"] == "bad-token"
        else:
            assert st.json()["you"] in (None, 1) and not (st.json()["you"] is None and st.json()["legal"])
        res = client.post(f"/api/tables/{tid}/act", json={"action": 0}, headers=headers)
        assert res.status_code in (403, 409), (who, res.text)
        if who != "bob":
            assert res.json()["error"] in ("spectator", "bad-token"), who
        with client.websocket_connect(f"/ws/{tid}") as ws:
            if who == "a link":
                ws.send_json({"type": "hello", "token": forged})
                assert ws.receive_json()["code"] == "bad-token"
            else:
                welcome, _ = hello(ws, bob if who == "bob" else None)
                assert welcome["you"] != 0
    assert not any(e.actor == 0 and e.source == "human" for e in ref.tables[tid].log[log:])
    # the host's links never carry a key for it, and the host cannot re-key it
    host = links["host_token"]
    assert "token" not in client.get(f"/api/tables/{tid}/links", headers=bearer(host)).json()["seats"][0]
    res = client.post(f"/api/tables/{tid}/seats/0/rekey", headers=bearer(host))
    assert res.status_code == 400


def test_a_seat_for_an_unknown_account_is_refused_and_nothing_is_stored(client):
    res = client.post("/api/tables", json={"game": "into-the-blue", "seats": [
        {"kind": "human", "account": "ghost"}, {"kind": "bot", "bot": "1"}]})
    assert res.status_code == 400 and "no account 'ghost'" in res.json()["detail"]
    for bad, why in (({"kind": "bot", "bot": "1", "account": "alice"}, "person"),
                     ({"kind": "human", "account": "a b"}, "account must be"),
                     ({"kind": "human", "open": True, "account": "alice"}, "not open")):
        res = client.post("/api/tables", json={"game": "into-the-blue", "seats": [bad, {"kind": "human"}]})
        assert res.status_code == 400 and why in res.json()["detail"], (bad, res.text)
    sign_up(client, "alice")
    res = client.post("/api/tables", json={"game": "into-the-blue", "seats": [
        {"kind": "human", "account": "alice"}, {"kind": "human", "account": "Alice"}]})
    assert res.status_code == 400 and "one seat" in res.json()["detail"]
    assert client.app.state.referee.store.tables() == []


def test_claiming_an_open_seat_signed_in_makes_it_the_accounts(client):
    links = two_player_table(client, [{"kind": "human", "name": "Host"}, {"kind": "human", "open": True}], seed=9)
    tid = links["id"]
    old_link = links["seats"][1]["token"]
    sign_up(client, "Nemo")
    res = client.post(f"/api/tables/{tid}/claim", json={"seat": 1, "name": "whatever"})
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["account"] == "Nemo" and "token" not in body
    meta = client.get(f"/api/tables/{tid}").json()
    assert meta["seats"][1]["name"] == "Nemo" and meta["seats"][1]["account"] == "Nemo"
    assert client.get(f"/api/tables/{tid}/state").json()["you"] == 1
    as_session(client, None)
    assert client.get(f"/api/tables/{tid}/state").json()["you"] is None
    assert client.get(f"/api/tables/{tid}/state", headers=bearer(old_link)).status_code == 403
    # the host's own link keeps working
    assert client.get(f"/api/tables/{tid}/state", headers=bearer(links["seats"][0]["token"])).json()["you"] == 0


def test_an_account_claims_one_seat_per_table(client):
    links = two_player_table(client, [{"kind": "human", "open": True}, {"kind": "human", "open": True}], seed=4)
    sign_up(client, "Nemo")
    assert client.post(f"/api/tables/{links['id']}/claim", json={"seat": 0}).status_code == 200
    res = client.post(f"/api/tables/{links['id']}/claim", json={"seat": 1})
    assert res.status_code == 409 and res.json()["error"] == "already-seated"


def test_my_games_lists_the_accounts_tables_its_move_first(client):
    sign_up(client, "alice")
    as_session(client, None)
    sign_up(client, "bob")
    bob = client.cookies[accounts.SESSION_COOKIE]
    as_session(client, None)
    ids = []
    for seed in (1, 2, 3, 4, 5, 6):
        ids.append(two_player_table(client, [{"kind": "human", "account": "alice"},
                                             {"kind": "human", "account": "bob"}], seed=seed)["id"])
    other = two_player_table(client, [{"kind": "human", "name": "x"}, {"kind": "human", "name": "y"}], seed=7)["id"]
    as_session(client, bob)
    me = client.get("/api/me").json()
    assert me["name"] == "bob"
    listed = {t["id"]: t for t in me["tables"]}
    assert set(listed) == set(ids) and other not in listed
    moves = [t["your_move"] for t in me["tables"]]
    assert moves == sorted(moves, reverse=True)  # your move first
    ref = client.app.state.referee
    for t in me["tables"]:
        table = ref.tables[t["id"]]
        assert t["your_move"] == (table.state.current_player == 1)
        assert t["game"] == "into-the-blue" and t["status"] == "playing" and t["seats"] == [1]
        assert t["players"] == ["alice", "bob"] and t["url"].endswith("/t/" + t["id"])
        assert isinstance(t["updated"], float)
    assert any(moves) and not all(moves), "seeds should give both openings"


# ---- deleting an account ---------------------------------------------------------------------------

def test_deleting_an_account_hands_its_seats_to_stand_ins_ends_its_sessions_and_reserves_its_name(client):
    first = sign_up(client, "alice")
    as_session(client, None)
    assert log_in(client, "alice").status_code == 200
    second = client.cookies[accounts.SESSION_COOKIE]
    as_session(client, None)
    links = two_player_table(client, [{"kind": "human", "account": "alice"}, {"kind": "human", "name": "Bob"}], seed=12)
    tid, bob = links["id"], links["seats"][1]["token"]
    as_session(client, second)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        welcome, _ = hello(ws, None)
        assert welcome["you"] == 0
        res = client.request("DELETE", "/api/me", json={"password": "not her password"})
        assert res.status_code == 401 and res.json()["error"] == "bad-login"
        res = client.request("DELETE", "/api/me", json={"password": PASSWORD})
        assert res.status_code == 200 and res.json()["seats_left"] == 1
        # her open page is cut: its seat's key changed
        for _ in range(20):
            msg = ws.receive_json()
            if msg.get("type") == "error":
                assert msg["code"] == "bad-token"
                break
        else:
            raise AssertionError("the deleted account's page was not cut")
    for token in (first, second):
        as_session(client, token)
        assert client.get("/api/me").status_code == 401
        assert client.get(f"/api/tables/{tid}/state").json()["you"] is None
    as_session(client, None)
    assert log_in(client, "alice").status_code == 401
    res = client.post("/api/accounts", json={"name": "Alice", "password": PASSWORD})
    assert res.status_code == 409 and res.json()["error"] == "name-taken"  # reserved for good
    # her seat is played by the stand-in: Bob, with his link, always finds the move his or the end
    meta = client.get(f"/api/tables/{tid}").json()
    assert meta["seats"][0]["left"] is True and meta["seats"][0]["away"] is True
    for _ in range(200):
        st = client.get(f"/api/tables/{tid}/state?wait=10", headers=bearer(bob)).json()
        if st["to_move"] == "over":
            break
        assert st["to_move"] == 1, st["to_move"]
        client.post(f"/api/tables/{tid}/act", json={"action": st["legal"][0][1]}, headers=bearer(bob))
    else:
        raise AssertionError("the game did not end")
    table = client.app.state.referee.tables[tid]
    assert any(e.actor == 0 and e.source == "clock" for e in table.log)  # the stand-in moved for her


def test_a_rematch_keeps_the_accounts_seat_and_its_page_needs_no_link(client):
    sign_up(client, "alice")
    links = two_player_table(client, [{"kind": "human", "account": "alice"}, {"kind": "bot", "bot": "1"}], seed=21)
    tid = links["id"]
    for _ in range(400):
        st = client.get(f"/api/tables/{tid}/state?wait=10").json()
        if st["to_move"] == "over":
            break
        assert st["to_move"] == 0 and st["you"] == 0
        assert client.post(f"/api/tables/{tid}/act", json={"action": st["legal"][0][1]}).status_code == 200
    else:
        raise AssertionError("the game did not end")
    res = client.post(f"/api/tables/{tid}/rematch")
    assert res.status_code == 200, res.text
    following = res.json()
    assert following["url"].endswith(f"/t/{following['id']}")  # no key in it: her session opens it
    assert client.get(f"/api/tables/{following['id']}/state").json()["you"] == 0
    assert client.get(f"/api/tables/{following['id']}").json()["seats"][0]["account"] == "alice"
    assert {t["id"] for t in client.get("/api/me").json()["tables"]} == {tid, following["id"]}


def test_the_host_reopening_a_seat_an_account_took_lets_the_account_go(client):
    links = two_player_table(client, [{"kind": "human", "name": "Host"}, {"kind": "human", "open": True}], seed=9)
    tid, host = links["id"], links["host_token"]
    sign_up(client, "Nemo")
    assert client.post(f"/api/tables/{tid}/claim", json={"seat": 1}).status_code == 200
    res = client.post(f"/api/tables/{tid}/seats/1/rekey", headers=bearer(host))
    assert res.status_code == 200 and res.json()["reopened"] is True
    seat = client.get(f"/api/tables/{tid}").json()["seats"][1]
    assert seat["open"] is True and "account" not in seat
    assert client.get(f"/api/tables/{tid}/state").json()["you"] is None
    assert client.get("/api/me").json()["tables"] == []


def test_a_real_server_takes_the_account_limits_from_its_options(tmp_path):
    """``fathom serve --failed-logins-per-name 1``: the second wrong password for a name waits."""
    import json
    import urllib.error
    import urllib.request

    from server_helpers import LiveServer

    server = LiveServer(str(tmp_path / "limits.db"), "--failed-logins-per-name", "1")
    server.start()
    try:
        def post(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any], Any]:
            req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(req, timeout=30) as r:
                    return r.status, json.load(r), r.headers
            except urllib.error.HTTPError as exc:
                return exc.code, json.load(exc), exc.headers

        status, body, headers = post("/api/accounts", {"name": "Coral", "password": PASSWORD})
        assert status == 201 and "HttpOnly" in headers["Set-Cookie"] and "Secure" not in headers["Set-Cookie"]
        assert post("/api/login", {"name": "Coral", "password": "wrong password"})[0] == 401
        status, body, headers = post("/api/login", {"name": "Coral", "password": "wrong password"})
        assert status == 429 and int(headers["Retry-After"]) >= 1
        assert "new accounts an hour" in server.said()
    finally:
        server.stop()


def test_the_session_cookie_is_secure_when_a_trusted_proxy_says_the_request_came_over_https(db_path):
    from fastapi.testclient import TestClient

    from fathom.server.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app = create_app(db_path, limits=Limits(trusted_proxies=("127.0.0.1",)))
        with TestClient(app, client=("127.0.0.1", 40000)) as c:
            res = c.post("/api/accounts", json={"name": "Dory", "password": PASSWORD},
                         headers={"X-Forwarded-Proto": "https"})
            assert "; secure" in set_cookie_header(res).lower()
            res = log_in(c, "Dory")  # plain http through the proxy: not marked
            assert "secure" not in set_cookie_header(res).lower().replace("httponly", "")
        with TestClient(app, client=("203.0.113.9", 40000)) as c:  # not the proxy: its header is not believed
            res = c.post("/api/login", json={"name": "Dory", "password": PASSWORD},
                         headers={"X-Forwarded-Proto": "https"})
            assert res.status_code == 200 and "secure" not in set_cookie_header(res).lower().replace("httponly", "")


def test_a_page_seated_by_a_session_can_do_nothing_more_once_that_session_signs_out(client):
    """A copy of the cookie (stolen, or a forgotten tab) stops acting when its owner signs out: the page's
    next move is refused and the page cut, checked against the database (any process, any device)."""
    token = sign_up(client, "alice")
    links = two_player_table(client, [{"kind": "human", "account": "alice"}, {"kind": "bot", "bot": "1"}], seed=5)
    tid = links["id"]
    ref = client.app.state.referee
    with client.websocket_connect(f"/ws/{tid}") as ws:
        welcome, state = hello(ws, None)
        assert welcome["you"] == 0 and state["to_move"] == 0 and state["legal"]
        ws.send_json({"type": "ping", "t": 1})  # a look changes nothing: no check needed, and it passes
        while ws.receive_json().get("type") != "pong":
            pass
        as_session(client, token)
        assert client.post("/api/logout").status_code == 200
        log = len(ref.tables[tid].log)
        ws.send_json({"type": "act", "action": state["legal"][0][1]})
        for _ in range(20):
            msg = ws.receive_json()
            if msg.get("type") == "error":
                assert msg["code"] == "need-login"
                break
        else:
            raise AssertionError("the signed-out page was not told")
    assert len(ref.tables[tid].log) == log  # the move was not played
