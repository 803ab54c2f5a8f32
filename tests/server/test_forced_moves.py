"""Issue 52: a person's forced moves play themselves on the server (the terminal's ``--auto-forced``),
the log still shows them, each seat may turn it off, and an undo takes them back with the move before."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pytest
from server_helpers import bearer, make_table

pytestmark = pytest.mark.filterwarnings("ignore")

BOTS = [{"kind": "bot", "bot": "greedy"}] * 3


@pytest.fixture()
def client(db_path: str):
    """The app with room for a whole game's requests in a few seconds (the default limits are for strangers)."""
    import warnings

    from fastapi.testclient import TestClient

    from fathom.server.app import create_app
    from fathom.server.settings import Limits

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(db_path, limits=Limits(http_rate=1000.0, http_burst=1000.0))) as c:
            yield c


def _me(links: dict[str, Any]) -> tuple[str, str]:
    return links["id"], next(s["token"] for s in links["seats"] if s["kind"] == "human")


def _my_turn(client: Any, tid: str, token: str, timeout: float = 120.0) -> dict[str, Any]:
    """The seat's state once it has a move to make or the game is over (an HTTP move answers after the
    bots at pace 0, but only within its cap: a loaded machine may need longer)."""
    end = time.time() + timeout
    while time.time() < end:
        st = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
        if st["to_move"] == "over" or st["legal"]:
            return st
        time.sleep(0.05)
    raise AssertionError("the bots did not answer")


def _play_game(client: Any, game: str, seed: int, rng: random.Random, *, auto: bool = True) -> dict[str, Any]:
    """One person choosing at random against greedy bots over HTTP: every decision the page was offered."""
    links = make_table(client, [{"kind": "human", "name": "Ann"}, *BOTS], game=game, seed=seed)
    tid, token = _me(links)
    if not auto:
        assert client.post(f"/api/tables/{tid}/prefs", json={"auto_forced": False},
                           headers=bearer(token)).json() == {"auto_forced": False}
    offered: Counter[int] = Counter()
    for _ in range(3000):
        st = _my_turn(client, tid, token)
        if st["to_move"] == "over":
            return {"offered": offered, "state": st, "id": tid, "token": token}
        offered[len(st["legal"])] += 1
        action = rng.choice(st["legal"])[1]
        res = client.post(f"/api/tables/{tid}/act", json={"action": action, "expect": st["move_number"]},
                          headers=bearer(token))
        assert res.status_code == 200, res.text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["deep-blue", "into-the-blue"])
def test_a_whole_game_offers_no_decision_with_one_legal_move(client: Any, game: str) -> None:
    """Issue 52's target: 0 decisions with one legal move in a whole game at default settings."""
    played = _play_game(client, game, seed=52, rng=random.Random(52))
    offered = played["offered"]
    assert sum(offered.values()) > 10
    assert offered[1] == 0, offered
    log = client.get(f"/api/tables/{played['id']}/state", headers=bearer(played["token"])).json()
    assert log["table"]["seats"][0]["auto_forced"] is True


def test_forced_moves_still_happen_and_show_in_the_log(client: Any) -> None:
    """With the setting off the same game offers one-move decisions; with it on those moves are in the
    log as the person's own (the server played them), and nothing else about the game changes."""
    off = _play_game(client, "deep-blue", seed=7, rng=random.Random(3), auto=False)
    assert off["offered"][1] > 0  # Done after a gem, Resurface with no defence, Rest ...
    on = _play_game(client, "deep-blue", seed=7, rng=random.Random(3))
    assert on["offered"][1] == 0
    ref = client.app.state.referee
    table = ref.get(on["id"])
    sources = Counter(e.source for e in table.log if e.actor == 0)
    assert sources["forced"] > 0 and sources["human"] > 0
    forced_names = {e.name for e in table.log if e.source == "forced"}
    assert forced_names & {"done", "resurface", "rest", "continue", "stop"}, forced_names
    # every forced move was the only legal move where it was played, and the seat's own
    st = table.position_at(0)
    for entry in table.log:
        if entry.source == "forced":
            assert st.legal_actions() == [entry.action] and st.current_player == 0 == entry.actor
        st.apply(entry.action)


def test_a_forced_move_is_committed_with_the_move_before_it(client: Any) -> None:
    """A forced move goes to the database in the commit of the move (or die) it follows, and to the
    pages in its message, like the dice at pace 0: no round trip and no state message of its own.
    One commit writes one time for all its items, so each forced item shares its predecessor's."""
    from sqlalchemy import select

    from fathom.server.db import actions_t

    played = _play_game(client, "deep-blue", seed=7, rng=random.Random(3))
    store = client.app.state.referee.store
    with store.engine.connect() as conn:
        rows = conn.execute(select(actions_t.c.source, actions_t.c.at).where(actions_t.c.table_id == played["id"])
                            .order_by(actions_t.c.idx)).all()
    follows = [(before.at, row.at) for before, row in zip(rows, rows[1:]) if row.source == "forced"]
    assert len(follows) > 5
    assert all(a == b for a, b in follows), follows


def test_the_setting_is_the_seats_own_and_checked(client: Any) -> None:
    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    tid = links["id"]
    ann = links["seats"][0]["token"]
    bad = client.post(f"/api/tables/{tid}/prefs", json={"auto_forced": "no"}, headers=bearer(ann))
    assert bad.status_code == 400 and "auto_forced must be true" in bad.json()["detail"]
    bad = client.post(f"/api/tables/{tid}/prefs", json={"colour": "red"}, headers=bearer(ann))
    assert bad.status_code == 400 and "allowed: auto_forced" in bad.json()["detail"]
    assert client.post(f"/api/tables/{tid}/prefs", json={"auto_forced": False}).status_code == 403  # spectator
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert [s["auto_forced"] for s in seats] == [True, True]
    assert client.post(f"/api/tables/{tid}/prefs", json={"auto_forced": False}, headers=bearer(ann)).status_code == 200
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert [s["auto_forced"] for s in seats] == [False, True]


def _to_forced(client: Any, tid: str, token: str, rng: random.Random) -> dict[str, Any]:
    """Play at random until the state is one where this person has exactly one legal move."""
    for _ in range(2000):
        st = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
        assert st["to_move"] != "over"
        if len(st["legal"]) == 1:
            return st
        client.post(f"/api/tables/{tid}/act", json={"action": rng.choice(st["legal"])[1]}, headers=bearer(token))
    raise AssertionError("no forced position reached")


def test_turning_it_on_plays_a_waiting_forced_move(client: Any) -> None:
    links = make_table(client, [{"kind": "human", "name": "Ann"}, *BOTS], seed=21)
    tid, token = _me(links)
    client.post(f"/api/tables/{tid}/prefs", json={"auto_forced": False}, headers=bearer(token))
    st = _to_forced(client, tid, token, random.Random(1))
    only = st["legal"][0][1]
    client.post(f"/api/tables/{tid}/prefs", json={"auto_forced": True}, headers=bearer(token))
    table = client.app.state.referee.get(tid)
    forced = [e for e in table.log[st["move_number"]:] if e.source == "forced"]
    assert forced and forced[0].name == only


def _undoable_forced_case(seed: int) -> tuple[list[int], int] | None:
    """The engine alone: a 2-player game played at random until a person's move is followed by forced
    moves of their own that leave them to move and reveal nothing: (the moves before it, that move)."""
    from fathom.core.registry import new_game

    rng = random.Random(seed)
    st = new_game("deep-blue", players=2, seed=seed)
    done: list[int] = []
    while not st.is_terminal() and len(done) < 2000:
        p = st.current_player
        legal = st.legal_actions() if p >= 0 else []
        for action in legal if len(legal) > 1 else []:
            if st.game.reveals_secret(action):
                continue
            after = st.clone()
            after.apply(action)
            forced_moves = 0
            while after.current_player == p and len(after.legal_actions()) == 1:
                (only,) = after.legal_actions()
                if st.game.reveals_secret(only):
                    break
                after.apply(only)
                forced_moves += 1
            if forced_moves and after.current_player == p and len(after.legal_actions()) > 1:
                return done, action
        action = st.sample_chance() if p < 0 else rng.choice(legal)
        st.apply(action)
        done.append(action)
    return None


def test_undo_takes_back_the_forced_moves_with_the_move_before(client: Any) -> None:
    """After a move whose follow-up was forced, with the turn still this seat's, undo returns to the
    position before the person's own move (otherwise the forced move would simply be played again)."""
    seed, (prefix, action) = next((s, c) for s in range(1, 40) if (c := _undoable_forced_case(s)))
    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], seed=seed)
    tid = links["id"]
    tokens = {s["seat"]: s["token"] for s in links["seats"]}
    for token in tokens.values():  # the same moves as the engine's game: nobody's played for them yet
        client.post(f"/api/tables/{tid}/prefs", json={"auto_forced": False}, headers=bearer(token))
    table = client.app.state.referee.get(tid)
    for i, move in enumerate(prefix):
        if i < len(table.log):  # the dice: the server rolled them, from the same seed
            assert table.log[i].action == move
            continue
        who = table.state.current_player
        res = client.post(f"/api/tables/{tid}/act", json={"action": move}, headers=bearer(tokens[who]))
        assert res.status_code == 200, res.text
    seat = table.state.current_player
    before = client.get(f"/api/tables/{tid}/state", headers=bearer(tokens[seat])).json()
    client.post(f"/api/tables/{tid}/prefs", json={"auto_forced": True}, headers=bearer(tokens[seat]))
    client.post(f"/api/tables/{tid}/act", json={"action": action}, headers=bearer(tokens[seat]))
    assert table.log[-1].source == "forced" and table.log[-1].actor == seat
    after = client.get(f"/api/tables/{tid}/state", headers=bearer(tokens[seat])).json()
    assert after["can_undo"]
    res = client.post(f"/api/tables/{tid}/undo", json={}, headers=bearer(tokens[seat]))
    assert res.status_code == 200, res.text
    assert res.json()["move_number"] == before["move_number"]
    again = client.get(f"/api/tables/{tid}/state", headers=bearer(tokens[seat])).json()
    assert [m[1] for m in again["legal"]] == [m[1] for m in before["legal"]]


def test_the_page_turns_it_off_over_its_websocket(client: Any) -> None:
    """The page's "Play my only move for me" box sends ``prefs``; the seat's pages stay connected."""
    import json

    from server_helpers import hello, recv

    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    tid = links["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, state = hello(ws, links["seats"][1]["token"])
        assert state["table"]["seats"][1]["auto_forced"] is True
        ws.send_text(json.dumps({"type": "prefs", "auto_forced": False}))
        for _ in range(5):
            state = recv(ws, "state")
            if state["table"]["seats"][1]["auto_forced"] is False:
                break
        assert state["table"]["seats"][1]["auto_forced"] is False and state["table"]["seats"][0]["auto_forced"]
        ws.send_text(json.dumps({"type": "prefs", "auto_forced": "off"}))
        assert "auto_forced must be true" in recv(ws, "error")["detail"]


def test_move_facts_go_to_the_seat_to_move_alone(client: Any) -> None:
    """The facts name cards of the mover's own hand (what a payment plays): nobody else is sent them."""
    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                       options={"first_player": 0})
    tid = links["id"]
    ann, bob = (s["token"] for s in links["seats"])
    client.post(f"/api/tables/{tid}/act", json={"action": "recruit slot4"}, headers=bearer(ann))
    mine = client.get(f"/api/tables/{tid}/state", headers=bearer(ann)).json()
    hand = set(mine["view"]["seats"][0]["hand"])
    paid_with = {f["card"] for f in mine["move_facts"]["moves"].values() if f["kind"] == "pay"}
    assert paid_with and paid_with <= hand
    assert client.get(f"/api/tables/{tid}/state", headers=bearer(bob)).json()["move_facts"] is None
    assert client.get(f"/api/tables/{tid}/state").json()["move_facts"] is None
