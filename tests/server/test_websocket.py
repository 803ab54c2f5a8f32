"""Websocket protocol: every message type, refusals, secrecy, throttling, clock, undo, restart."""

from __future__ import annotations

import json
import time
from contextlib import contextmanager
from types import SimpleNamespace

import pytest
from server_helpers import bearer, hello, make_table, recv
from starlette.websockets import WebSocketDisconnect

from fathom.core.registry import new_game
from fathom.server.protocol import MAX_MESSAGE_BYTES


def _tokens(links):
    return [s.get("token") for s in links["seats"]]


def test_hello_as_seat_and_as_spectator(client):
    links = make_table(client)
    tid = links["id"]
    a, b = _tokens(links)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        welcome, state = hello(ws, a)
        assert welcome["you"] == 0 and welcome["describe"]["nodes"] and welcome["table"]["id"] == tid
        assert state["you"] == 0 and state["reset"] and state["events_from"] == 0 and state["events"]
        assert "hand" in state["view"]["seats"][0] and "hand" not in state["view"]["seats"][1]
        assert state["table"]["seats"][0]["connected"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        welcome, state = hello(ws, None)
        assert welcome["you"] is None and state["legal"] == []
        assert all("hand" not in s for s in state["view"]["seats"])


def test_hello_refusals_close_the_socket(client):
    links = make_table(client)
    tid = links["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "0.bad"}))
        assert recv(ws)["code"] == "bad-token"
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == 4403
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_text(json.dumps({"type": "act", "action": "rest"}))
        assert recv(ws)["code"] == "need-hello"
    with client.websocket_connect("/ws/nope") as ws:
        assert recv(ws)["code"] == "no-table"


def test_malformed_messages_get_clear_errors_and_change_nothing(client):
    links = make_table(client)
    tid = links["id"]
    a, _ = _tokens(links)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, state = hello(ws, a)
        move = state["move_number"]
        cases = [
            ("{not json", "bad-json"),
            ("[1, 2]", "bad-message"),
            (json.dumps({"type": "fly"}), "bad-type"),
            (json.dumps({"no": "type"}), "bad-type"),
            (json.dumps({"type": "act"}), "bad-message"),
            (json.dumps({"type": "act", "action": {"x": 1}}), "bad-message"),
            (json.dumps({"type": "act", "action": "rest", "expect": "now"}), "bad-message"),
            (json.dumps({"type": "chat", "text": ""}), "bad-message"),
            (json.dumps({"type": "chat", "text": "x" * 301}), "bad-message"),
            ("x" * (MAX_MESSAGE_BYTES + 1), "too-big"),
        ]
        for text, code in cases:
            ws.send_text(text)
            err = recv(ws, "error")
            assert err["code"] == code and err["message"], text
        ws.send_bytes(b"\xff\xfe")
        assert recv(ws, "error")["code"] == "bad-json"
        ws.send_text(json.dumps({"type": "ping", "t": 7}))
        assert recv(ws, "pong")["t"] == 7
    assert client.get(f"/api/tables/{tid}/state").json()["move_number"] == move


@contextmanager
def three_pages(client):
    """A fresh two-person table seen by the seat to move, the other seat and a spectator."""
    links = make_table(client)
    tid = links["id"]
    tokens = _tokens(links)
    mover = client.get(f"/api/tables/{tid}/state").json()["to_move"]
    with client.websocket_connect(f"/ws/{tid}") as me, client.websocket_connect(f"/ws/{tid}") as other, \
            client.websocket_connect(f"/ws/{tid}") as watcher:
        _, st = hello(me, tokens[mover])
        hello(other, tokens[1 - mover])
        hello(watcher, None)
        yield SimpleNamespace(tid=tid, token=tokens[mover], me=me, other=other, watcher=watcher, state=st)


def test_act_illegal_stale_not_your_turn_and_spectator(client):
    with three_pages(client) as pages:
        me, other, watcher, st = pages.me, pages.other, pages.watcher, pages.state
        move = st["move_number"]
        other.send_text(json.dumps({"type": "act", "action": st["legal"][0][1]}))
        assert recv(other, "error")["code"] == "not-your-turn"
        watcher.send_text(json.dumps({"type": "act", "action": st["legal"][0][1]}))
        assert recv(watcher, "error")["code"] == "spectator"
        me.send_text(json.dumps({"type": "act", "action": "dive S1"}))
        err = recv(me, "error")
        assert err["code"] == "illegal" and "allowed now" in err["detail"]
        me.send_text(json.dumps({"type": "act", "action": st["legal"][0][1], "expect": move + 3}))
        assert recv(me, "error")["code"] == "stale"
        me.send_text(json.dumps({"type": "act", "action": st["legal"][0][1], "expect": move}))
        after = recv(me, "state")
        assert after["move_number"] == move + 1 and after["events_from"] > 0 and not after["reset"]
        seen = recv(watcher, "state")
        while seen["move_number"] < move + 1:
            seen = recv(watcher, "state")
        assert seen["legal"] == []


def test_undo_over_websocket_resets_everyones_log(client):
    links = make_table(client)
    tid = links["id"]
    tokens = _tokens(links)
    mover = client.get(f"/api/tables/{tid}/state").json()["to_move"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, st = hello(ws, tokens[mover])
        ws.send_text(json.dumps({"type": "undo"}))
        assert recv(ws, "error")["code"] == "no-undo"
        recruit = next(t for _, t in st["legal"] if t.startswith("recruit"))
        ws.send_text(json.dumps({"type": "act", "action": recruit, "expect": st["move_number"]}))
        after = recv(ws, "state")
        assert after["can_undo"]
        ws.send_text(json.dumps({"type": "hint"}))
        assert recv(ws, "hint")["move_number"] == after["move_number"]
        ws.send_text(json.dumps({"type": "undo", "expect": after["move_number"]}))
        back = recv(ws, "state")
        # that move number may now be reached by another move: its hint is not kept
        assert not client.app.state.referee.get(tid).hints
        assert back["reset"] and back["move_number"] == st["move_number"] and back["view"] == st["view"]
        assert len(back["events"]) == len(st["events"])


def test_hint_answers_the_seat_to_move_alone_and_plays_nothing(client):
    with three_pages(client) as pages:
        me, other, watcher, st = pages.me, pages.other, pages.watcher, pages.state
        me.send_text(json.dumps({"type": "hint"}))
        hint = recv(me, "hint")
        assert hint["move_number"] == st["move_number"]
        assert hint["move"] in [text for _, text in st["legal"]]  # a legal move, named as the page names moves
        assert 0 <= hint["win_chance"] <= 1 and hint["playouts"] > 0  # level 3 searched it
        assert hint["text"]
        me.send_text(json.dumps({"type": "hint"}))
        assert recv(me, "hint") == hint  # asked again: the same answer, no second search
        other.send_text(json.dumps({"type": "hint"}))
        assert recv(other, "error")["code"] == "not-your-turn"
        watcher.send_text(json.dumps({"type": "hint"}))
        assert recv(watcher, "error")["code"] == "spectator"
    now = client.get(f"/api/tables/{pages.tid}/state", headers=bearer(pages.token)).json()
    assert now["move_number"] == st["move_number"] and now["view"] == st["view"]  # nothing was played
    res = client.post(f"/api/tables/{pages.tid}/hint", headers=bearer(pages.token))
    assert res.status_code == 200 and res.json()["move"] == hint["move"]


def test_a_seats_hint_bot_lasts_until_another_seat_moves(client):
    """Hints within one choice of several steps come from one bot (a hinted sail is followed);
    after a rival's move the next hint starts afresh. The bot thinks in a worker process and
    travels there and back, so the hints are exactly those of one bot kept in this process."""
    from fathom.bots.hint import HINT_BOT, hint_seed, suggest
    from fathom.bots.registry import make_bot

    links = make_table(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}])
    tid, token = links["id"], links["seats"][0]["token"]
    table = client.app.state.referee.get(tid)
    # the hint bot of seat 0 at a seed-11 table, made now: seeded as the terminal seeds its own
    local = make_bot(HINT_BOT, "deep-blue", hint_seed(11, 0, table.state.move_number()))
    expected = suggest(local, table.state).move
    hint = client.post(f"/api/tables/{tid}/hint", headers=bearer(token)).json()
    assert hint["move"] == expected and 0 in table.hint_bots
    res = client.post(f"/api/tables/{tid}/act", headers=bearer(token),
                      json={"action": hint["move"], "expect": hint["move_number"]})
    assert res.status_code == 200
    own_steps = 0
    while table.log[-1].actor == 0:  # the person's own steps (paying, sailing) keep the bot
        assert 0 in table.hint_bots
        own_steps += 1
        expected = suggest(local, table.state).move  # the same bot, its plan carried on
        step = client.post(f"/api/tables/{tid}/hint", headers=bearer(token)).json()
        assert step["move"] == expected
        client.post(f"/api/tables/{tid}/act", headers=bearer(token),
                    json={"action": step["move"], "expect": step["move_number"]})
    assert own_steps and any(e.actor == 1 for e in table.log[hint["move_number"]:])
    assert 0 not in table.hint_bots  # the bot seat moved: the next hint gets a fresh bot
    assert table.state.current_player == 0
    fresh = suggest(make_bot(HINT_BOT, "deep-blue", hint_seed(11, 0, table.state.move_number())), table.state).move
    assert client.post(f"/api/tables/{tid}/hint", headers=bearer(token)).json()["move"] == fresh
    assert 0 in table.hint_bots


def test_a_table_can_refuse_hints(client):
    links = make_table(client, hints=False)
    tid = links["id"]
    tokens = _tokens(links)
    mover = client.get(f"/api/tables/{tid}/state").json()["to_move"]
    res = client.post(f"/api/tables/{tid}/hint", headers=bearer(tokens[mover]))
    assert res.status_code == 403 and res.json()["error"] == "no-hints"
    assert res.json()["message"] == "Hints are off at this table."
    assert client.get(f"/api/tables/{tid}").json()["settings"]["hints"] is False
    bad = client.post("/api/tables", json={"game": "deep-blue", "seats": [{"kind": "human"}] * 2, "hints": "yes"})
    assert bad.status_code == 400 and "hints must be true (allowed) or false" in bad.json()["message"]


def _until_pong(ws) -> list[str]:
    """The types of the messages ``ws`` receives before the answer to a ping it sends now."""
    ws.send_text(json.dumps({"type": "ping", "t": 1}))
    kinds = []
    while (kind := ws.receive_json()["type"]) != "pong":
        kinds.append(kind)
    return kinds


def test_sync_chat_and_back(client):
    links = make_table(client)
    tid = links["id"]
    a, b = _tokens(links)
    with client.websocket_connect(f"/ws/{tid}") as wa, client.websocket_connect(f"/ws/{tid}") as watcher:
        hello(wa, a)
        hello(watcher, None)
        wa.send_text(json.dumps({"type": "sync"}))
        st = recv(wa, "state")
        while not st["reset"]:
            st = recv(wa, "state")
        assert st["reset"] and st["events_from"] == 0
        wa.send_text(json.dumps({"type": "chat", "text": " hello there "}))
        msg = recv(wa, "chat")
        assert msg == {"type": "chat", "seat": 0, "name": "Ann", "text": "hello there"}
        assert "chat" not in _until_pong(watcher)  # the chat is the seats' own (this table: spectator_chat off)
        watcher.send_text(json.dumps({"type": "chat", "text": "hi"}))
        assert recv(watcher, "error")["code"] == "spectator"
        wa.send_text(json.dumps({"type": "back"}))
        assert recv(wa, "state")["table"]["seats"][0]["away"] is False
        watcher.send_text(json.dumps({"type": "back"}))
        assert recv(watcher, "error")["code"] == "spectator"
        wa.send_text(json.dumps({"type": "hello", "lang": "fr"}))
        st = recv(wa, "state")
        while not st["reset"]:
            st = recv(wa, "state")
        wa.send_text(json.dumps({"type": "act", "action": "dive S1"}))
        err = recv(wa, "error")
        french = {"not-your-turn": "Ce n'est pas votre tour.", "illegal": "Ce coup n'est pas permis"}
        assert err["message"].startswith(french[err["code"]])
    with client.websocket_connect(f"/ws/{tid}") as again:
        welcome, _ = hello(again, b)
        assert welcome["chat"][-1]["text"] == "hello there"


def test_a_flood_is_throttled_and_the_server_keeps_serving(client):
    links = make_table(client)
    tid = links["id"]
    a, _ = _tokens(links)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, a)
        for _ in range(400):
            ws.send_text(json.dumps({"type": "ping", "t": 1}))
        codes = []
        for _ in range(60):
            msg = ws.receive_json()
            codes.append(msg.get("code") or msg["type"])
            if "rate-limited" in codes:
                break
        assert "rate-limited" in codes
    assert client.get("/healthz").text == "ok"
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, st = hello(ws, a)
        assert st["move_number"] >= 0


def test_no_message_to_a_seat_ever_holds_another_hand(client):
    links = make_table(client, seed=21)
    tid = links["id"]
    tokens = _tokens(links)
    sockets = [client.websocket_connect(f"/ws/{tid}") for _ in range(2)]
    with sockets[0] as w0, sockets[1] as w1:
        ws = [w0, w1]
        last = [hello(w0, tokens[0])[1], hello(w1, tokens[1])[1]]
        for _ in range(80):
            mover = last[0]["to_move"]
            if mover == "over":
                break
            st = last[mover]
            while not st["legal"]:
                st = last[mover] = recv(ws[mover], "state")
            ws[mover].send_text(json.dumps({"type": "act", "action": st["legal"][-1][1], "expect": st["move_number"]}))
            for seat in (0, 1):
                msg = recv(ws[seat], "state")
                while msg["move_number"] <= st["move_number"]:
                    msg = recv(ws[seat], "state")
                other = 1 - seat
                assert "hand" not in msg["view"]["seats"][other] and "rest" not in msg["view"]["seats"][other]
                for event in msg["events"]:
                    if event.get("type") == "rest-draw" and event["seat"] == other:
                        assert event.get("card") is None
                last[seat] = msg


def test_turn_clock_hands_an_absent_seat_to_a_stand_in_until_it_returns(client):
    links = make_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "0"}], clock=1, seed=2)
    tid = links["id"]
    token = links["seats"][0]["token"]
    st = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
    assert st["to_move"] == 0 and st["clock"]["seat"] == 0 and 0 < st["clock"]["left_ms"] <= 1000
    move = st["move_number"]
    deadline = time.time() + 30
    while time.time() < deadline:
        time.sleep(0.3)
        st = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
        # marked away first, then the stand-in thinks in a worker, then the bot: wait for both moves
        # (each thinks in a worker process, slow on a loaded machine)
        bot_moved = any(e.source == "bot" for e in client.app.state.referee.get(tid).log)
        if (st["table"]["seats"][0]["away"] and st["move_number"] > move and bot_moved) or st["to_move"] == "over":
            break
    assert st["table"]["seats"][0]["away"] and st["move_number"] > move
    assert st["legal"] == []  # the stand-in plays; the person is offered "I'm back" instead
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, back = hello(ws, token)  # coming back to the table takes the seat back
        assert back["table"]["seats"][0]["away"] is False
    log = client.app.state.referee.get(tid).log
    assert any(e.source == "clock" for e in log) and any(e.source == "bot" for e in log)


def test_bot_pace_runs_on_the_event_loop(client):
    client.app.state.referee.bot_table_pace = 0.001  # the table's own pace (5 ms) is what is tested here
    links = make_table(client, [{"kind": "bot", "bot": "0"}, {"kind": "bot", "bot": "1"}], bot_delay_ms=5, seed=4)
    tid = links["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, st = hello(ws, None)
        first = st["move_number"]
        msg = recv(ws, "state")
        assert msg["move_number"] > first
    deadline = time.time() + 60
    while time.time() < deadline:
        if client.get(f"/api/tables/{tid}").json()["status"] == "over":
            break
        time.sleep(0.2)
    assert client.get(f"/api/tables/{tid}").json()["status"] == "over"


def test_a_restart_restores_every_table_exactly(db_path):
    from fastapi.testclient import TestClient

    from fathom.server.app import create_app

    with TestClient(create_app(db_path)) as c1:
        links = make_table(c1, [{"kind": "human"}, {"kind": "bot", "bot": "1"}], seed=9)
        tid = links["id"]
        token = links["seats"][0]["token"]
        for _ in range(12):
            st = c1.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
            c1.post(f"/api/tables/{tid}/act", json={"action": st["legal"][0][1]}, headers=bearer(token))
        before = c1.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
        history = c1.app.state.referee.tables[tid].state.history()
    with TestClient(create_app(db_path)) as c2:
        after = c2.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
        assert after["view"] == before["view"] and after["legal"] == before["legal"]
        assert after["events"] == before["events"]
        restored = c2.app.state.referee.tables[tid].state
        assert restored.history() == history
        ref = new_game("deep-blue", players=2, seed=9)
        for action in history:
            ref.apply(action)
        assert restored == ref
        res = c2.post(f"/api/tables/{tid}/act", json={"action": after["legal"][0][1]}, headers=bearer(token))
        assert res.status_code == 200


def test_r_db_1_a_table_stored_before_first_player_existed_restores_with_seat_0_first(db_path):
    """A table stored before R-DB-1 has no ``first_player`` among its options: seat 0 began. It must
    replay as that game after a restart, not draw a first player that was never drawn."""
    import sqlite3

    from fastapi.testclient import TestClient

    from fathom.server.app import create_app

    with TestClient(create_app(db_path)) as c1:
        links = make_table(c1, [{"kind": "human"}, {"kind": "human"}], seed=9, options={"first_player": 0})
        tid = links["id"]
        history = c1.app.state.referee.tables[tid].state.history()
    with sqlite3.connect(db_path) as db:  # make the record look as an older version stored it
        (stored,) = db.execute("select options from fathom_tables where id = ?", (tid,)).fetchone()
        options = {k: v for k, v in json.loads(stored).items() if k != "first_player"}
        db.execute("update fathom_tables set options = ? where id = ?", (json.dumps(options), tid))
    with TestClient(create_app(db_path)) as c2:
        res = c2.get(f"/api/tables/{tid}/state", headers=bearer(links["seats"][0]["token"]))
        assert res.status_code == 200, res.text
        restored = c2.app.state.referee.tables[tid].state
        assert restored.history() == history and restored.current_player == 0
        assert restored.game.options["first_player"] == 0
