"""Turn-based tables (``"turn_based": true`` with a ``move_time``): the spec's checks, a turn's deadline kept
in the database through a restart, and time running out: the stand-in plays that turn only and the
person is told (docs/web.md, "Turn-based tables")."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from notice_helpers import Person, SmtpSink, WebhookReceiver, turn_based_table, wait_for
from server_helpers import LiveServer
from test_notifications import state

from fathom.server import notice_db
from fathom.server.db import LoggedAction
from fathom.server.turn_based import MAX_MOVE_TIME, MIN_MOVE_TIME, move_time_seconds

PEOPLE = [{"kind": "human", "name": "alice"}, {"kind": "human", "name": "bob"}]


def spec(**extra: Any) -> dict[str, Any]:
    return {"game": "into-the-blue", "seats": PEOPLE, "seed": 5, **extra}


@pytest.mark.parametrize("given, seconds", [(60, 60), ({"hours": 24}, 86400), ({"days": 3}, 3 * 86400),
                                            ({"minutes": 1.5}, 90), ({"seconds": 30}, 30), ({"days": 30}, MAX_MOVE_TIME),
                                            (MIN_MOVE_TIME, MIN_MOVE_TIME)])
def test_move_time_in_seconds_or_one_unit(given: Any, seconds: int) -> None:
    assert move_time_seconds(given) == seconds


def test_a_turn_based_table_is_checked_with_a_clear_error(client: Any) -> None:
    made = client.post("/api/tables", json=spec(turn_based=True, move_time={"hours": 12}))
    assert made.status_code == 201, made.text
    settings = client.get(f"/api/tables/{made.json()['id']}").json()["settings"]
    assert settings["turn_based"] is True and settings["move_time"] == 12 * 3600 and settings["clock"] == 0
    default = client.post("/api/tables", json=spec(turn_based=True)).json()
    assert client.get(f"/api/tables/{default['id']}").json()["settings"]["move_time"] == 86400  # a day
    live = client.post("/api/tables", json=spec()).json()
    assert "turn_based" not in client.get(f"/api/tables/{live['id']}").json()["settings"]  # live tables as before
    for bad, says in [({"turn_based": True, "move_time": 4}, "from 5 seconds to 30 days"),
                      ({"turn_based": True, "move_time": {"days": 31}}, "from 5 seconds to 30 days"),
                      ({"turn_based": True, "move_time": {"weeks": 1}}, '{"hours": H}'),
                      ({"turn_based": True, "move_time": {"hours": 1, "days": 1}}, '{"days": D}'),
                      ({"turn_based": True, "move_time": "1d"}, "number of seconds"),
                      ({"turn_based": True, "move_time": True}, "number of seconds"),
                      ({"turn_based": "yes"}, "turn_based must be true"),
                      ({"turn_based": True, "clock": 60}, "not a clock"),
                      ({"move_time": 3600}, 'add "turn_based": true')]:
        res = client.post("/api/tables", json=spec(**bad))
        assert res.status_code == 400 and says in res.json()["detail"], (bad, res.text)
    assert len(client.get("/api/tables").json()) == 3  # nothing made by a refused spec


def test_a_turn_is_a_persons_run_of_decisions() -> None:
    """A turn begins after another seat's last decision; the dice between its own decisions are in it."""
    from fathom.core.registry import new_game
    from fathom.server.db import TableRecord
    from fathom.server.live import LiveTable
    from fathom.server.turn_based import turn_of

    st = new_game("into-the-blue", players=2, seed=5)
    rec = TableRecord("t", "into-the-blue", 2, 5, {}, [dict(p) for p in PEOPLE], {"turn_based": True, "move_time": 60})
    table = LiveTable(rec, st, [])
    while st.current_player < 0:
        table.log.append(LoggedAction(st.sample_chance(), "", -1, "chance"))
        st.apply(table.log[-1].action)
    first = st.current_player
    assert turn_of(table) == (0, first)  # dice from the start: the first turn begins at 0
    while st.current_player in (first, -1):
        action = st.legal_actions()[0] if st.current_player >= 0 else st.sample_chance()
        table.log.append(LoggedAction(action, "", st.current_player, ""))
        st.apply(action)
        if st.current_player == first:
            assert turn_of(table) == (0, first)  # still the same turn
    last_of_first = max(i for i, e in enumerate(table.log) if e.actor == first)
    assert turn_of(table) == (last_of_first + 1, st.current_player)
    table.away.add(st.current_player)
    assert turn_of(table) is None  # the stand-in plays it: no deadline


def _sources(db: str, table_id: str) -> list[tuple[int, str]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute("SELECT actor, source FROM fathom_actions WHERE table_id=? ORDER BY idx", (table_id,)))


def test_the_deadline_survives_a_restart(tmp_path: Path) -> None:
    """The deadline is stored: a restart shows the same one, and one that passed while the server was down
    is acted on once it is back (the stand-in plays that turn)."""
    db = str(tmp_path / "tb.db")
    server = LiveServer(db)
    server.start()
    try:
        kept = server.post("/api/tables", spec(turn_based=True, move_time={"days": 1}))["id"]
        tid = server.post("/api/tables", spec(turn_based=True, move_time=MIN_MOVE_TIME, seed=6))["id"]
        long = wait_for(lambda: (s := state(server, kept))["clock"] and s, what="the day-long turn's deadline")
        st = wait_for(lambda: (s := state(server, tid))["clock"] and s, what="the short turn's deadline")
        due, seat = st["clock"]["due"], st["clock"]["seat"]
        assert st["clock"]["seconds"] == MIN_MOVE_TIME and 0 < st["clock"]["left_ms"] <= MIN_MOVE_TIME * 1000
        server.kill()  # a crash, no clean stop
        time.sleep(max(0.0, due - time.time()) + 1)  # the short turn runs out while nobody serves the table
        assert (seat, "clock") not in _sources(db, tid)
        server.start()
        again = wait_for(lambda: (s := state(server, kept))["clock"] and s, what="the deadline after a restart")
        assert again["clock"]["due"] == pytest.approx(long["clock"]["due"], abs=0.01)  # the stored one, not a new day
        assert again["clock"]["seat"] == long["clock"]["seat"]
        wait_for(lambda: (seat, "clock") in _sources(db, tid), timeout=30, what="the stand-in's move after the restart")
        after = wait_for(lambda: (s := state(server, tid))["clock"] and s["clock"]["seat"] != seat and s,
                         what="the next person's turn")
        assert after["clock"]["due"] > due
    finally:
        server.stop()


def test_time_running_out_plays_the_stand_in_for_that_turn_and_tells_the_person(tmp_path: Path) -> None:
    sink, hooks = SmtpSink().start(), WebhookReceiver().start()
    db = str(tmp_path / "tb.db")
    server = LiveServer(db, "--smtp", sink.url, "--mail-from", "games@example.org",
                        "--allow-private-webhooks")
    server.start()
    try:
        alice, bob = Person(server.url, "alice").sign_up(), Person(server.url, "bob").sign_up()
        alice.channels("alice@example.org", hooks.url("alice"))
        tid = turn_based_table(alice, [alice, bob], move_time=MIN_MOVE_TIME)
        first = wait_for(lambda: (s := alice.state(tid))["clock"] and s, what="the first turn")
        assert first["to_move"] == 0
        turn = first["clock"]["turn"]
        mail = wait_for(lambda: [m for m in sink.to("alice@example.org") if m["Subject"].startswith("Time ran out")],
                        timeout=MIN_MOVE_TIME + 20, what="alice's time-out e-mail")
        assert len(mail) == 1 and "stand-in bot played that move" in mail[0].get_content()
        hook = wait_for(lambda: [b for b in hooks.received("alice") if b["kind"] == "timeout"], what="the webhook")
        assert hook == [{"table": tid, "game": "into-the-blue", "url": f"{server.url}/t/{tid}", "move_number": turn,
                         "kind": "timeout", "text": f"Time ran out: Into the Blue, table {tid}"}]
        st = wait_for(lambda: (s := bob.state(tid))["to_move"] == 1 and s, what="bob's turn after the stand-in")
        assert (0, "clock") in _sources(db, tid) and (0, "human") not in _sources(db, tid)
        assert not st["table"]["seats"][0]["away"]  # only that turn: the seat is alice's again
        bob.play_turn(tid)
        back = wait_for(lambda: (s := alice.state(tid))["clock"] and s["clock"]["seat"] == 0 and s, what="alice's turn")
        assert not back["table"]["seats"][0]["away"] and back["clock"]["left_ms"] > 0
        assert back["legal"], "alice plays her next turn herself"
        alice.play_turn(tid)
        assert (0, "human") in _sources(db, tid)
        rows = [r for r in notice_db_rows(db, tid) if r["kind"] == "timeout"]
        assert sorted(r["channel"] for r in rows) == ["email", "webhook"] and all(r["account"] == "alice" for r in rows)
    finally:
        server.stop()
        sink.stop()
        hooks.stop()


def notice_db_rows(db: str, table_id: str) -> list[dict[str, Any]]:
    from fathom.server.db import Store, database_url

    store = Store(database_url(db))
    try:
        return notice_db.notices(store, table_id)
    finally:
        store.close()


def test_the_table_page_shows_the_time_left_in_days_and_hours(live_server: LiveServer, browser: Any) -> None:
    from server_helpers import open_page

    links = live_server.post("/api/tables", spec(turn_based=True, move_time={"hours": 30}))
    tid = links["id"]
    wait_for(lambda: state(live_server, tid)["clock"], what="the turn's deadline")
    seat = state(live_server, tid)["to_move"]
    url = next(s["url"] for s in links["seats"] if s["seat"] == seat)
    for lang, shown in (("en", "1 d 5 h left to move"), ("fr", "encore 1 j 5 h pour jouer")):  # one table, both languages
        context, page = open_page(browser, live_server.url + url, lang=lang)
        try:
            try:  # the page's first render may come before its strings (then it says the key): wait for the words
                page.wait_for_function("([shown]) => { const c = document.getElementById('clock');"
                                       " return c && !c.hidden && c.innerText.endsWith(shown); }", arg=[shown])
            except Exception as exc:
                raise AssertionError(f"the clock says {page.locator('#clock').inner_text()!r} ({lang})") from exc
            assert page.errors == []
        finally:
            context.close()
