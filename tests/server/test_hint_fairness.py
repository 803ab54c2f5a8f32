"""Hints share the bot workers fairly (issue 48 M3): by address as well as by table, behind the bots'
moves at people's tables, taking turns with all-bot tables, dropped once their asker has moved or
left; and one seed rule for hint bots in the terminal and on the server."""

from __future__ import annotations

import asyncio
import io
import json
import sqlite3
import statistics
import threading
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from server_helpers import LiveServer, bearer, run_async

from fathom.server.protocol import ProtocolError


def test_spammed_hints_wait_behind_a_bots_move_and_take_turns_with_all_bot_tables():
    """One worker, three addresses each with a full queue of hints: a bot's move at a people's table
    is thought out next, an all-bot table's move within the next two turns, a hint nobody wants
    any more never runs, and an address past its budget is refused at once."""
    from fathom.server.workers import BOTS, HINTS, PEOPLE, PER_TABLE_WAITING, Thinker

    async def main() -> list[str]:
        thinker = Thinker(1)
        order: list[str] = []

        async def job(owner: str, lane: int, tag: str, wanted: Any = None) -> None:
            try:
                await thinker.run(owner, lane, time.sleep, 0.05, wanted=wanted)
                order.append(tag)
            except ProtocolError as exc:
                order.append(f"{tag}:{exc.code}")

        tasks = [asyncio.create_task(job(f"hint 10.0.0.{a}", HINTS, f"h{a}.{i}"))
                 for i in range(PER_TABLE_WAITING + 1) for a in (1, 2, 3) if a == 1 or i < PER_TABLE_WAITING]
        await asyncio.sleep(0)  # all asked: the first thinks, the rest wait
        tasks += [asyncio.create_task(job("hint 10.0.0.1", HINTS, "over-budget")),
                  asyncio.create_task(job("hint 10.0.0.4", HINTS, "moved-on", wanted=lambda: False)),
                  asyncio.create_task(job("people's table", PEOPLE, "bot")),
                  asyncio.create_task(job("all-bot table", BOTS, "all-bots"))]
        await asyncio.gather(*tasks)
        return order

    order = run_async(main())
    assert order[0] == "over-budget:thinking-busy"  # refused at once: 10.0.0.1 has one thinking and 4 waiting
    assert order[1] == "h1.0"  # the job that was thinking already
    assert order[2] == "bot"  # then the bot at the people's table, before every waiting hint
    assert "all-bots" in order[3:5]  # the all-bot table within two turns, not after the 12 hints
    assert "moved-on:hint-dropped" in order and "moved-on" not in order  # dropped, never thought out
    hints = [t for t in order if t.startswith("h")]
    assert [t.split(".")[0] for t in hints[1:7]] == ["h2", "h3", "h1", "h2", "h3", "h1"]  # addresses take turns


def test_the_terminal_and_the_server_seed_a_hint_bot_alike(tmp_path, monkeypatch: pytest.MonkeyPatch):
    """One position asked about first in either front end gets a hint bot with the same seed."""
    from fathom.cli import session
    from fathom.cli.main import main as fathom_main
    from fathom.server import tables
    from fathom.server.db import Store, database_url

    seeds: dict[str, int] = {}

    def terminal_bot(spec: str, game: str, seed: int) -> Any:
        seeds["terminal"] = seed
        return real_build(spec, game, seed)

    real_build = session.build_bot
    monkeypatch.setattr(session, "build_bot", terminal_bot)
    out = io.StringIO()
    code = fathom_main(["play", "into-the-blue", "--players", "2", "--seed", "12", "--bots", "random"],
                       stdin=io.StringIO("hint random\nquit\n"), stdout=out)
    assert code == 0 and "terminal" in seeds, out.getvalue()[-2000:]

    def server_bot(name: str, game: str, seed: int) -> Any:
        seeds["server"] = seed
        return real_make(name, game, seed)

    real_make = tables.make_bot
    monkeypatch.setattr(tables, "make_bot", server_bot)

    async def ask() -> None:
        ref = tables.Referee(Store(database_url(str(tmp_path / "h.db"))), bot_workers=1)
        table, _ = await ref.create({"game": "into-the-blue", "seed": 12,
                                     "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
        await ref.settled(table)
        assert table.state.current_player == 0  # the person to move, as at the terminal's first prompt

        async def inline(owner: str, lane: int, fn: Any, *args: Any, wanted: Any = None) -> Any:
            return fn(*args)  # no worker needed to see the seed it was made with

        ref.thinker.run = inline  # type: ignore[method-assign]
        await ref.hint(table, 0)
        ref.store.close()

    run_async(ask())
    assert seeds["server"] == seeds["terminal"]


def test_an_http_hint_whose_client_hangs_up_leaves_the_queue(tmp_path):
    """Every worker busy, so hints wait: a second asker of the same hint who hangs up leaves it queued
    for the first; once the last asker hangs up the hint is out of the queue at once (it never runs);
    a hint whose client stays is answered once a worker is free, and it is the only one thought out."""
    import uvicorn
    from server_helpers import free_port

    from fathom.server.app import create_app

    people = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]

    async def main() -> None:
        app = create_app(str(tmp_path / "h.db"), bot_workers=1)
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        serving = asyncio.create_task(server.serve())
        opened: list[asyncio.StreamWriter] = []
        while not server.started:
            await asyncio.sleep(0.05)
        try:
            ref = app.state.referee
            table, links = await ref.create({"game": "deep-blue", "seed": 5, "seats": people})
            await ref.settled(table, paced=True)
            token = links["seats"][table.state.current_player]["token"]
            thinker = ref.thinker
            thinker._busy = thinker.workers  # every worker thinking: hints wait in the queue

            async def ask() -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write((f"POST /api/tables/{table.id}/hint HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                              f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
                              "Content-Length: 2\r\n\r\n{}").encode())
                await writer.drain()
                opened.append(writer)
                return reader, writer

            async def until(test: Any, what: str) -> None:
                end = time.monotonic() + 10
                while not test():
                    assert time.monotonic() < end, what
                    await asyncio.sleep(0.02)

            def waiting() -> int:
                return thinker.waiting

            def askers() -> int:
                pending = table.hint_jobs.get(table.state.current_player)
                return len(pending[2]) if pending else 0

            _, first = await ask()
            await until(lambda: waiting() == 1, "the first hint is queued")
            _, second = await ask()
            await until(lambda: askers() == 2, "the second asker waits for the same hint")
            second.close()
            await until(lambda: askers() == 1, "the second asker's hang-up is seen")
            assert waiting() == 1  # the first still waits for it
            first.close()
            await until(lambda: waiting() == 0, "the hint nobody waits for leaves the queue")
            assert not table.hint_jobs

            reader, third = await ask()  # one who stays
            await until(lambda: waiting() == 1, "the third hint is queued")
            thinker._busy = 0
            thinker._pump()
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 180)
            assert head.startswith(b"HTTP/1.1 200"), head
            length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length")))
            answer = json.loads(await reader.readexactly(length))
            assert answer["move_number"] == table.state.move_number() and "action" in answer, answer
            assert thinker.done == 1  # the abandoned hint never reached a worker
            third.close()
        finally:
            for writer in opened:
                writer.close()
            server.should_exit = server.force_exit = True  # a request still waiting must not hold it up
            await asyncio.wait_for(serving, 30)

    run_async(main())


# ---- measured: three hint spammers against a level-3 bot's reply and all-bot tables -----------------

SPAMMERS, SPAM_TABLES, VICTIM_MOVES, WINDOW = 3, 7, 4, 40.0


def _call(server: LiveServer, path: str, body: dict[str, Any] | None, address: str,
          token: str | None = None) -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(server.url + path, data=None if body is None else json.dumps(body).encode(),
                                 method="GET" if body is None else "POST",
                                 headers={"Content-Type": "application/json", "X-Forwarded-For": address,
                                          **bearer(token)})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as err:
        return err.code, {}


def hint_spam_figures(server: LiveServer, spammers: int = SPAMMERS, window: float = WINDOW) -> dict[str, Any]:
    """Three addresses ask hints at seven tables each, flat out, while another plays a level-3 bot
    (the time from its move to the bot's answer) and two all-bot tables play: the figures."""
    people = [{"kind": "human"}, {"kind": "human"}]
    spam: list[tuple[str, str, str]] = []  # (address, table, token of the seat to move)
    for a in range(spammers):
        address = f"10.0.1.{a + 1}"
        for _ in range(SPAM_TABLES):
            _, links = _call(server, "/api/tables", {"game": "deep-blue", "seats": people}, address)
            to_move = _call(server, f"/api/tables/{links['id']}/state?wait=30", None, address)[1]["to_move"]  # past the dice
            spam.append((address, links["id"], links["seats"][to_move]["token"]))
    bots = [_call(server, "/api/tables", {"game": "deep-blue", "seats": [{"kind": "bot", "bot": "1"}] * 2},
                  "10.0.2.1")[1]["id"] for _ in range(2)]
    _, victim = _call(server, "/api/tables", {"game": "deep-blue", "seed": 21,
                                              "seats": [{"kind": "human"}, {"kind": "bot", "bot": "3"}]}, "10.0.3.1")
    stop = threading.Event()
    asked = {"hints": 0, "refused": 0}

    def spammer(address: str) -> None:
        mine = [s for s in spam if s[0] == address]
        while not stop.is_set():
            for _, tid, token in mine:
                status, _ = _call(server, f"/api/tables/{tid}/hint", {}, address, token)
                asked["hints" if status == 200 else "refused"] += 1
                if stop.is_set():
                    return

    def moves(tid: str) -> int:
        return int(_call(server, f"/api/tables/{tid}/state", None, "10.0.2.1")[1]["move_number"])

    threads = [threading.Thread(target=spammer, args=(f"10.0.1.{a + 1}",), daemon=True) for a in range(spammers)]
    for t in threads:
        t.start()
    time.sleep(2.0)  # the queues fill
    bots_before = [moves(t) for t in bots]
    acts: list[tuple[int, float]] = []  # (move number it was played at, seconds until the answer)
    token = victim["seats"][0]["token"]
    end = time.monotonic() + window
    while len(acts) < 3 * VICTIM_MOVES and time.monotonic() < end:
        state = _call(server, f"/api/tables/{victim['id']}/state", None, "10.0.3.1", token)[1]
        if state["to_move"] == "over":
            break
        if state["to_move"] != 0:
            time.sleep(0.05)
            continue
        start = time.perf_counter()
        status, answer = _call(server, f"/api/tables/{victim['id']}/act",
                               {"action": state["legal"][0][1], "expect": state["move_number"]}, "10.0.3.1", token)
        if status == 200:  # the bot's reply, if it was its turn, is in the answer (pace 0)
            acts.append((state["move_number"], time.perf_counter() - start))
    took = window - max(0.0, end - time.monotonic())
    bots_after = [moves(t) for t in bots]
    stop.set()
    for t in threads:
        t.join(60)
    with sqlite3.connect(server.db) as db:  # which answers held a move of the bot's seat (not only dice)
        bot_steps = {i for (i,) in db.execute("SELECT idx FROM fathom_actions WHERE table_id = ? AND actor = 1",
                                                (victim["id"],))}
    last = moves(victim["id"])
    after = [a for a, _ in acts[1:]] + [last]  # each answer ran until the person's next move
    replies = [took_s for (before, took_s), until in zip(acts, after) if bot_steps & set(range(before, until))]
    return {"replies": replies, "p50": statistics.median(replies) if replies else None,
            "bot_steps": sum(bots_after) - sum(bots_before), "seconds": took, **asked}


def spam_server(db: str) -> LiveServer:
    """A server (two bot workers, behind a trusted proxy: each spammer its own address) whose workers
    have loaded (or compiled) the level-3 bot's playouts."""
    server = LiveServer(db, "--trusted-proxy", "127.0.0.1", "--bot-workers", "2")
    server.start()
    _, warm = _call(server, "/api/tables", {"game": "deep-blue", "seed": 1,
                                            "seats": [{"kind": "bot", "bot": "3"}] * 2}, "10.0.9.1")
    end = time.monotonic() + 600
    while _call(server, f"/api/tables/{warm['id']}/state", None, "10.0.9.1")[1]["move_number"] < 6:
        assert time.monotonic() < end, "level 3 never played"
        time.sleep(1.0)
    return server


def test_three_hint_spammers_leave_a_level_3_bot_quick_and_all_bot_tables_moving(tmp_path):
    """Issue 48 M3: with three addresses asking hints flat out at seven tables each, a level-3 bot still
    answers its person about as fast as with nobody asking (before: no answer at all in 40 s on this
    machine), all-bot tables still move (before: none) and the spammers are still answered in turn.

    The target is a reply p50 of at most 1.5 s on an idle two-core machine; it is printed, not asserted,
    since in the test run other tests share the cores: the test holds that the person's bot keeps
    answering, the all-bot tables keep moving and the spammers are answered."""
    quiet_server = spam_server(str(tmp_path / "quiet.db"))
    try:
        quiet = hint_spam_figures(quiet_server, spammers=0, window=20.0)
    finally:
        quiet_server.stop()
    server = spam_server(str(tmp_path / "spam.db"))
    try:
        figures = hint_spam_figures(server)
    finally:
        server.stop()
    print("hint spam figures: quiet", quiet, "three spammers", figures)
    assert quiet["replies"] and len(figures["replies"]) >= 3, (quiet, figures)
    # the latency itself is a figure (printed above, and in the closing notes), not a bound: under the test
    # runner another worker shares the 2 cores, and the same p50 ranged 0.4-3.2 s with the machine's load
    assert figures["replies"] and len(figures["replies"]) >= len(quiet["replies"]) // 4, (quiet, figures)
    assert figures["bot_steps"] > 0, figures  # all-bot tables still advance
    assert figures["hints"] > 0, figures  # and the spammers are still answered, in their turn
