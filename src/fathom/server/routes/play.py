"""One table over HTTP: its state for a seat, the moves (as the websocket offers them), replay,
review and the save of a finished game."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from fathom.review import review_json
from fathom.server.heavy import Kept, off_loop
from fathom.server.live import Client, LiveTable
from fathom.server.protocol import ProtocolError, parse
from fathom.server.replay import replay_turns
from fathom.server.routes.common import Throttle, client, lang, read_json, referee, seated
from fathom.server.tables import SETTLE_SECONDS, dumps


def to_move(table: LiveTable) -> Any:
    who = table.state.current_player
    return "over" if table.over else ("chance" if who < 0 else who)


REVIEWS_KEPT = 512  # reviews of finished games kept (a few KB each)
HEAVY_RATE, HEAVY_BURST = 5.0, 60.0  # replay steps, reviews and saves per second and client address


def _wait_seconds(request: Request) -> int:
    """The state's ``?wait=``: a whole number of seconds up to the cap an HTTP move waits (0: none)."""
    raw = request.query_params.get("wait")
    if raw is None:
        return 0
    most = int(SETTLE_SECONDS)
    if not raw.isdigit() or int(raw) > most:
        raise ProtocolError("bad-message", detail=f"wait must be a whole number of seconds from 0 to {most}")
    return int(raw)


def add_routes(app: FastAPI, throttle: Throttle) -> None:
    heavy = Throttle(rate=HEAVY_RATE, burst=HEAVY_BURST)
    reviews: Kept[tuple[str, int, int], dict[str, Any]] = Kept(REVIEWS_KEPT)
    @app.get("/api/tables/{table_id}/state")
    async def api_state(request: Request, table_id: str) -> dict[str, Any]:
        """The seat's state; ``?wait=S`` (whole seconds, at most 30) first waits, at most that long,
        until a person or the end is to move (a new table's opening bots have played)."""
        ref, table, seat = await seated(request, table_id)
        wait = _wait_seconds(request)
        if wait:
            await ref.settled(table, wait, paced=True)
        msg = table.state_message(Client(send=None, seat=seat, lang=lang(request)))
        msg["describe"] = table.describe
        return msg

    @app.post("/api/tables/{table_id}/act")
    async def api_act(request: Request, table_id: str) -> dict[str, Any]:
        throttle(request)
        ref, table, seat = await seated(request, table_id)
        key = ref.key_of(table, seat)  # the key the headers came with must still hold when the move is applied
        data = await read_json(request)
        data.setdefault("type", "act")
        msg = parse(dumps(data))
        if msg["type"] != "act":
            raise ProtocolError("bad-type", got=msg["type"], allowed="act")
        move = await ref.act(table, seat, msg["action"], msg.get("expect"), key)
        await ref.settled(table)  # the bots' answer (thought out in workers) is in what comes back
        return {"ok": True, "move_number": move, "to_move": to_move(table)}

    @app.post("/api/tables/{table_id}/undo")
    async def api_undo(request: Request, table_id: str) -> dict[str, Any]:
        throttle(request)
        ref, table, seat = await seated(request, table_id)
        key = ref.key_of(table, seat)
        data = await read_json(request)
        data["type"] = "undo"
        msg = parse(dumps(data))
        move = await ref.undo(table, seat, msg.get("expect"), key)
        return {"ok": True, "move_number": move}

    @app.post("/api/tables/{table_id}/back")
    async def api_back(request: Request, table_id: str) -> dict[str, Any]:
        throttle(request)
        ref, table, seat = await seated(request, table_id)
        if seat is None:
            raise ProtocolError("spectator", status=403)
        ref.come_back(table, seat)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/prefs")
    async def api_prefs(request: Request, table_id: str) -> dict[str, Any]:
        """This seat's own settings: ``{"auto_forced": bool}`` (forced moves play themselves, :mod:`..forced`)."""
        throttle(request)
        ref, table, seat = await seated(request, table_id)
        answer = await ref.prefs(table, seat, await read_json(request))
        await ref.settled(table)  # turned on in a forced position: that move is in what comes next
        return answer

    @app.post("/api/tables/{table_id}/hint")
    async def api_hint(request: Request, table_id: str) -> dict[str, Any]:
        """The hint for the seat to move; a client that hangs up while it waits takes its hint out of the
        queue (or, already thinking, leaves its answer to nobody): the workers think for people still there."""
        throttle(request)
        ref, table, seat = await seated(request, table_id)
        move = table.state.move_number()
        asking = _HttpAsker()
        thinking = asyncio.ensure_future(ref.hint(table, seat, client(request), asking))
        leaving = asyncio.ensure_future(_hang_up(request, asking))
        try:
            await asyncio.wait((thinking, leaving), return_when=asyncio.FIRST_COMPLETED)
        finally:
            leaving.cancel()
            if not thinking.done():  # the client left (or the server stops): nobody will hear the hint
                thinking.cancel()
        if thinking.cancelled():
            raise ProtocolError("hint-dropped", status=409)
        return {"move_number": move, **thinking.result().to_json()}

    @app.post("/api/tables/{table_id}/rematch")
    async def api_rematch(request: Request, table_id: str) -> dict[str, Any]:
        throttle(request)
        ref, table, seat = await seated(request, table_id)
        following, _ = await ref.rematch(table, seat)
        return {"id": following.id, "url": ref.page_url(following, seat)}

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(request: Request, table_id: str, step: int = 0) -> dict[str, Any]:
        heavy(request)  # up to 64 steps replayed (the first ask: the whole game), in a thread
        _, table, seat = await seated(request, table_id)
        if not table.over:
            raise ProtocolError("not-over", status=409)
        total = len(table.log)
        if not 0 <= step <= total:
            raise ProtocolError("bad-step", total=total)
        shown = await off_loop(_replay_step, table, seat, step)
        return {**shown, "table": table.meta()}  # on the loop: the pages watching it change meanwhile

    @app.get("/api/tables/{table_id}/turns")
    async def api_turns(request: Request, table_id: str) -> dict[str, Any]:
        """A finished game's turns and moves, chance folded in (see :mod:`fathom.server.replay`)."""
        heavy(request)  # a whole game replayed once (then kept with the table): rate-limited as a replay
        table = await referee(request).open(table_id)  # loaded off the event loop if it was not in memory
        if not table.over:
            raise ProtocolError("not-over", status=409)
        if table.turns is None:  # a finished game never changes: worked out once, off the event loop
            rec = table.rec
            table.turns = await off_loop(replay_turns, rec.game, rec.players, rec.seed, rec.options,
                                         list(table.log))
        return table.turns

    @app.get("/api/tables/{table_id}/review")
    async def api_review(request: Request, table_id: str) -> dict[str, Any]:
        """The token's seat's push-your-luck calls weighed against the exact odds (its own view only)."""
        heavy(request)  # a second of replay each, once per seat and game: kept
        _, table, seat = await seated(request, table_id)
        if seat is None:
            raise ProtocolError("spectator", status=403)
        if not table.over:
            raise ProtocolError("not-over", status=409)
        key = (table.id, seat, len(table.log))
        done = reviews.get(key)
        if done is None:
            done = reviews.put(key, await off_loop(review_json, table.state, seat))
        return done

    @app.get("/api/tables/{table_id}/save")
    async def api_save(request: Request, table_id: str) -> Response:
        heavy(request)
        ref, table, _ = await seated(request, table_id)
        if not table.over:
            raise ProtocolError("not-over", status=409)
        return Response(ref.save_json(table), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="fathom-{table.id}.json"'})


def _replay_step(table: LiveTable, seat: int | None, step: int) -> dict[str, Any]:
    """What the replay shows at ``step`` of a finished game (built in the heavy pool)."""
    total = len(table.log)
    st = table.position_at(step)
    events = [e for e in table.events_for(seat, 0) if e.get("step", 0) < step or step == total]
    return {
        "step": step, "total": total, "you": seat, "view": st.view(seat), "events": events,
        "action": table.log[step - 1].name if step else None,
        "actor": table.log[step - 1].actor if step else None,
        "to_move": st.current_player,
    }


class _HttpAsker:
    """An HTTP request that asked for a hint: ``closed`` once its client hangs up."""

    closed = False


async def _hang_up(request: Request, asker: _HttpAsker) -> None:
    """Return when the request's client disconnects (its body, if any, is read and dropped first)."""
    try:
        while (await request.receive())["type"] != "http.disconnect":
            pass
    except Exception:  # noqa: BLE001 - its messages cannot be read: it is not watched, only cancelled
        await asyncio.Event().wait()
    asker.closed = True
