"""``fathom bench-server``: many concurrent tables of bots playing over websockets.

Each table has only "person" seats; every seat is a websocket client here that
plays a random legal move (from the ``legal`` list the server sends) as soon as
it is its turn, optionally after a think time. The latency of a move is the time
from sending ``act`` to receiving the state message that includes it. The server
is started as a subprocess on 127.0.0.1 with a fresh SQLite file unless ``--url``
points at a running one.

Load on top: ``--bot-tables N`` adds N tables where only level-3 (search) bots play at
pace 0, which keep the bot workers busy the whole run; ``--processes N`` starts N
servers on one PostgreSQL (``--db postgresql://...``) behind an nginx of its own. All
along, ``/healthz`` is asked every 50 ms: its latency is how long any page waits for the
event loop.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (default 200)")
    parser.add_argument("--players", type=int, default=2, help="seats per table (default 2)")
    parser.add_argument("--game", required=True, help="the game its tables play")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to run (default 30)")
    parser.add_argument("--think-ms", type=float, default=0.0, help="pause before each move (default 0)")
    parser.add_argument("--url", default="", help="a running server (default: start one on 127.0.0.1)")
    parser.add_argument("--db", default="", help="database for the started server (default: a temp SQLite file)")
    parser.add_argument("--bot-tables", type=int, default=0,
                        help="also N tables of two level-3 bots at pace 0 (default 0)")
    parser.add_argument("--bot-level", default="3", help="the bots of --bot-tables (default 3, the search bot)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes behind nginx; more than 1 needs --db postgresql://... (default 1)")
    parser.add_argument("--bot-workers", type=int, default=None, help="each server's --bot-workers (default: cores)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_up(url: str, timeout: float = 30.0) -> None:
    from fathom.server.deploy import wait_healthy

    if not wait_healthy(url, timeout):
        raise RuntimeError(f"server at {url} did not come up")


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON; the server throttles table creation, so wait and retry on 429."""
    import urllib.error

    for _ in range(600):
        req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.load(r)
        except urllib.error.HTTPError as exc:
            if exc.code != 429:
                raise
            time.sleep(0.1)
    raise RuntimeError("the server kept refusing to create tables (429)")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.errors = 0
        self.finished = 0
        self.steps = 0


async def _seat(ws_url: str, token: str, stats: Stats, rng: random.Random, think: float, stop: asyncio.Event,
                done: dict[str, int]) -> None:
    import websockets

    async with websockets.connect(ws_url, max_size=2**22, compression=None, open_timeout=60,
                                  ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_move = -1
        last_move = 0
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "error":
                stats.errors += 1
                sent_at = None
                continue
            if kind != "state":
                continue
            move = msg["move_number"]
            if sent_at is not None and move > sent_move:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.actions += 1
                sent_at = None
            if move > last_move:
                done["steps"] += move - last_move
                last_move = move
            if msg["to_move"] == "over":
                stats.finished += 1
                return
            if msg["legal"] and sent_at is None:
                if think:
                    await asyncio.sleep(think * rng.random() * 2)
                _, text = rng.choice(msg["legal"])
                sent_move = move
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": text, "expect": move}))


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, int(round(q * (len(values) - 1)))))
    return values[k]


async def _probe(url: str, stop: asyncio.Event, out: list[float]) -> None:
    """``GET /healthz`` every 50 ms on a fresh connection, as a page's request would come."""
    host, port = url.split("://", 1)[1].split("/")[0].rsplit(":", 1)
    request = f"GET /healthz HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()
    while not stop.is_set():
        start = time.perf_counter()
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(request)
        await writer.drain()
        reply = await reader.read()
        out.append(time.perf_counter() - start)
        writer.close()
        if b" 200 " not in reply.split(b"\r\n", 1)[0]:
            raise RuntimeError(f"/healthz answered {reply[:60]!r}")
        await asyncio.sleep(0.05)


def _bot_moves(url: str, ids: list[str]) -> int:
    total = 0
    for tid in ids:
        with urllib.request.urlopen(f"{url}/api/tables/{tid}/state", timeout=30) as r:
            total += json.load(r)["move_number"]
    return total


async def _run(args: argparse.Namespace, url: str) -> dict[str, Any]:
    rng = random.Random(args.seed)
    seats = [{"kind": "human"} for _ in range(args.players)]
    bot_seats = [{"kind": "bot", "bot": args.bot_level} for _ in range(args.players)]
    tables = []
    for i in range(args.tables):
        tables.append(await asyncio.to_thread(_post, url + "/api/tables",
                                              {"game": args.game, "seats": seats, "seed": args.seed * 100_003 + i}))
    stats = Stats()
    stop = asyncio.Event()
    done = {"steps": 0}
    health: list[float] = []
    probe = asyncio.create_task(_probe(url, stop, health))
    bot_ids = [(await asyncio.to_thread(_post, url + "/api/tables", {
        "game": args.game, "seats": bot_seats, "bot_delay_ms": 0, "seed": args.seed * 7 + i}))["id"]
        for i in range(args.bot_tables)]
    ws_base = url.replace("http://", "ws://").replace("https://", "wss://")
    tasks = []
    start = time.perf_counter()
    for links in tables:
        for seat in links["seats"]:
            tasks.append(asyncio.create_task(_seat(f"{ws_base}/ws/{links['id']}", seat["token"], stats,
                                                   random.Random(rng.random()), args.think_ms / 1000, stop, done)))
    waiter = asyncio.gather(*tasks, return_exceptions=True)
    try:
        await asyncio.wait_for(asyncio.shield(waiter), args.seconds)
    except TimeoutError:
        pass
    stop.set()
    elapsed = time.perf_counter() - start
    bot_moves = await asyncio.to_thread(_bot_moves, url, bot_ids)
    results = await waiter
    await probe
    failures = [r for r in results if isinstance(r, BaseException)]
    lat = stats.latencies
    return {
        "tables": args.tables, "players": args.players, "game": args.game, "connections": len(tasks),
        "seconds": round(elapsed, 2), "moves": stats.actions,
        "moves_per_s": round(stats.actions / elapsed, 1),
        "engine_steps_per_s": round(done["steps"] / elapsed, 1),
        "p50_ms": round(_percentile(lat, 0.50) * 1000, 2), "p90_ms": round(_percentile(lat, 0.90) * 1000, 2),
        "p99_ms": round(_percentile(lat, 0.99) * 1000, 2), "max_ms": round(max(lat) * 1000, 2) if lat else None,
        "errors": stats.errors, "games_finished": stats.finished // max(1, args.players),
        "client_failures": len(failures), "think_ms": args.think_ms,
        "failure_sample": repr(failures[0])[:200] if failures else None,
        "bot_tables": args.bot_tables, "bot_level": args.bot_level, "bot_table_moves": bot_moves,
        "processes": args.processes, "healthz_probes": len(health),
        "healthz_p50_ms": round(_percentile(health, 0.50) * 1000, 2),
        "healthz_p99_ms": round(_percentile(health, 0.99) * 1000, 2),
        "healthz_max_ms": round(max(health) * 1000, 2) if health else None,
    }


def _servers(args: argparse.Namespace, db: str) -> tuple[str, list[subprocess.Popen], Any]:
    """Start ``--processes`` servers on ``db`` (behind nginx when more than one): the URL to use."""
    # one client address makes every table: the limits meant for strangers are lifted on its own servers
    extra = ["--tables-per-hour", "1000000", "--max-tables", "1000000", "--pages-per-address", "1000000",
             "--connections-per-address", "1000000"]
    extra += ["--bot-workers", str(args.bot_workers)] if args.bot_workers else []
    if args.bot_tables:  # one address may hold a quarter of the all-bot slots: room for all of them
        extra += ["--max-bot-tables", str(4 * args.bot_tables)]
    ports = [_free_port() for _ in range(args.processes)]
    procs = [subprocess.Popen([sys.executable, "-m", "fathom.server", "--port", str(port), "--db", db, *extra],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for port in ports]
    for port, proc in zip(ports, procs):
        try:
            _wait_up(f"http://127.0.0.1:{port}")
        except RuntimeError:
            for other in procs:
                other.kill()
            said = proc.stderr.read().decode(errors="replace")[-1500:] if proc.stderr else ""
            raise RuntimeError(f"a server did not come up:\n{said}") from None
    if args.processes == 1:
        return f"http://127.0.0.1:{ports[0]}", procs, None
    from fathom.server.deploy import Nginx, nginx_binary

    binary = nginx_binary()
    if binary is None:
        raise RuntimeError("--processes needs nginx (apt-get install nginx)")
    proxy = Nginx(binary, ports)
    proxy.start()
    return proxy.url, procs, proxy


def run(args: argparse.Namespace, out: Any = None) -> int:
    write = (out.print if out is not None and hasattr(out, "print") else print)
    procs: list[subprocess.Popen] = []
    proxy = None
    url = args.url.rstrip("/")
    tmp = None
    if args.processes > 1 and not args.db.startswith(("postgresql://", "postgres://")):
        write("bench-server: --processes needs --db postgresql://... (one database for all of them)")
        return 2
    try:
        if not url:
            db = args.db
            if not db:
                tmp = tempfile.TemporaryDirectory()
                db = str(Path(tmp.name) / "bench.db")
            url, procs, proxy = _servers(args, db)
        _wait_up(url)
        try:
            import uvloop  # type: ignore[import-not-found]

            uvloop.install()
        except ImportError:
            pass
        figures = asyncio.run(_run(args, url))
    finally:
        if proxy is not None:
            proxy.stop()
        for proc in procs:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        if tmp is not None:
            tmp.cleanup()
    if args.json:
        write(json.dumps(figures))
    else:
        write(
            f"bench-server: {figures['tables']} tables x {figures['players']} seats of {figures['game']} "
            f"({figures['connections']} websockets) for {figures['seconds']} s\n"
            f"  moves sent by players: {figures['moves']} ({figures['moves_per_s']}/s); "
            f"engine steps incl. chance: {figures['engine_steps_per_s']}/s\n"
            f"  move latency: p50 {figures['p50_ms']} ms, p90 {figures['p90_ms']} ms, p99 {figures['p99_ms']} ms, "
            f"max {figures['max_ms']} ms\n"
            f"  /healthz ({figures['healthz_probes']} probes): p50 {figures['healthz_p50_ms']} ms, "
            f"p99 {figures['healthz_p99_ms']} ms, max {figures['healthz_max_ms']} ms\n"
            + (f"  bot-only tables: {figures['bot_tables']} of level {figures['bot_level']} at pace 0, "
               f"{figures['bot_table_moves']} steps played\n" if figures["bot_tables"] else "")
            + (f"  {figures['processes']} server processes behind nginx\n" if figures["processes"] > 1 else "")
            + f"  errors {figures['errors']}, games finished {figures['games_finished']}, "
            f"client failures {figures['client_failures']}"
            + (f" (e.g. {figures['failure_sample']})" if figures["failure_sample"] else "")
        )
    return 0 if figures["client_failures"] == 0 else 1
