"""Accounts over HTTP: sign up, sign in and out, "my games", change one's password, delete one's account (see :mod:`..accounts`)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from fathom.server import account_store, accounts, notice_db
from fathom.server.protocol import ProtocolError
from fathom.server.routes.common import Throttle, read_json, referee
from fathom.server.settings import Limits
from fathom.server.storage import off_loop
from fathom.server.tables import Referee

HASHES_AT_ONCE = 2  # argon2 takes 64 MiB and ~0.1 s of a core each: more wait their turn
MY_TABLES = 200  # "my games" lists the newest this many tables
ME_RATE, ME_BURST = 1.0, 20.0  # looks at "my games" per second and client address


def add_routes(app: FastAPI, throttle: Throttle, limits: Limits, public_url: str = "") -> None:
    signups = Throttle(rate=limits.signups_per_hour / 3600, burst=limits.signups_per_hour, code="signup-limited")
    by_address = Throttle(rate=limits.logins_per_minute / 60, burst=2 * limits.logins_per_minute,
                          code="login-limited")
    by_name = Throttle(rate=1 / 60, burst=limits.failed_logins_per_name, code="login-limited")  # failures only
    hashing = asyncio.Semaphore(HASHES_AT_ONCE)
    looks = Throttle(rate=ME_RATE, burst=ME_BURST)  # "my games" may replay tables not in memory

    async def hashed(call: Any, *args: Any) -> Any:
        async with hashing:
            return await off_loop(call, *args)

    async def check_login(request: Request, name: Any, password: Any) -> str:
        """The account ``name`` signs in to with ``password``, or ``bad-login`` (the same words and about
        the same time whether the name is unknown or the password wrong); counted per address and name."""
        by_address(request)
        if not isinstance(name, str) or not isinstance(password, str) or len(name) > 64 or len(password) > accounts.MAX_PASSWORD:
            raise ProtocolError("bad-login", status=401)
        key = name.lower()
        by_name.ready(key)
        found = await off_loop(account_store.find, referee(request).store, name)
        stored = found.password if found is not None and found.deleted is None else None
        ok, rehash = await hashed(accounts.verify, stored, password)
        if not ok or found is None:
            by_name.take(key)
            raise ProtocolError("bad-login", status=401)
        if rehash:
            await off_loop(account_store.set_password, referee(request).store, found.name,
                           await hashed(accounts.hash_password, password))
        return found.name

    async def signed_in_again(request: Request) -> tuple[str, dict[str, Any]]:
        """The signed-in account, its ``password`` in the body checked again as a sign-in (the account's
        weightiest changes ask for it), and the body; ``need-login`` or ``bad-login`` (401) otherwise."""
        throttle(request)
        name = await accounts.account_of(request)
        if name is None:
            raise ProtocolError("need-login", status=401)
        data = await read_json(request)
        await check_login(request, name, data.get("password"))
        return name, data

    @app.post("/api/accounts", status_code=201)
    async def api_sign_up(request: Request) -> JSONResponse:
        """``{name, password}`` -> 201 ``{name}``, signed in at once; ``name-taken`` (409) if the name, in
        any case, is or was someone's."""
        throttle(request)
        signups(request)
        data = await read_json(request)
        name = accounts.check_name(data.get("name"))
        password = accounts.check_password(data.get("password"))
        store = referee(request).store
        digest = await hashed(accounts.hash_password, password)
        try:
            await off_loop(account_store.create, store, name, digest)
        except account_store.NameTaken:
            raise ProtocolError("name-taken", status=409) from None
        token = accounts.new_token()
        await off_loop(account_store.open_session, store, name, token, accounts.SESSION_SECONDS,
                       accounts.session_token(request))
        response = JSONResponse({"name": name}, status_code=201)
        accounts.set_cookie(response, token, accounts.secure(request, public_url, limits.trusted))
        return response

    @app.post("/api/login")
    async def api_login(request: Request) -> JSONResponse:
        """``{name, password}`` -> ``{name}`` and a new session cookie; ``bad-login`` (401) otherwise."""
        throttle(request)
        data = await read_json(request)
        name = await check_login(request, data.get("name"), data.get("password"))
        token = accounts.new_token()
        await off_loop(account_store.open_session, referee(request).store, name, token,
                       accounts.SESSION_SECONDS, accounts.session_token(request))
        response = JSONResponse({"name": name})
        accounts.set_cookie(response, token, accounts.secure(request, public_url, limits.trusted))
        return response

    @app.post("/api/logout")
    async def api_logout(request: Request) -> JSONResponse:
        """End this client's session (in the database: the cookie is worthless from now on)."""
        throttle(request)
        token = accounts.session_token(request)
        if token is not None:
            await off_loop(account_store.close_session, referee(request).store, token)
        response = JSONResponse({"ok": True})
        accounts.clear_cookie(response, accounts.secure(request, public_url, limits.trusted))
        return response

    @app.get("/api/me")
    async def api_me(request: Request) -> dict[str, Any]:
        """``{name, tables}``: the signed-in account and its tables, those where it is to move first."""
        looks(request)
        name = await accounts.account_of(request)
        if name is None:
            raise ProtocolError("need-login", status=401)
        return {"name": name, "tables": await my_tables(referee(request), name)}

    @app.post("/api/me/password")
    async def api_change_password(request: Request) -> JSONResponse:
        """``{password, new_password}``: the signed-in account's new password. Every other session of it
        ends; this client stays signed in under a new session cookie."""
        name, data = await signed_in_again(request)
        new = accounts.check_password(data.get("new_password"))
        token = accounts.new_token()
        await off_loop(account_store.change_password, referee(request).store, name,
                       await hashed(accounts.hash_password, new), token, accounts.SESSION_SECONDS)
        response = JSONResponse({"ok": True})
        accounts.set_cookie(response, token, accounts.secure(request, public_url, limits.trusted))
        return response

    @app.delete("/api/me")
    async def api_delete_me(request: Request) -> JSONResponse:
        """``{password}``: delete the signed-in account. Its seats at tables in play fall to stand-in
        bots, every session of it ends, and its name stays reserved (nobody can sign up as it again)."""
        name, _ = await signed_in_again(request)
        ref = referee(request)
        await off_loop(account_store.mark_deleted, ref.store, name)  # first: its sessions open nothing more
        await off_loop(notice_db.forget_account, ref.store, name)  # its e-mail address and webhook too
        seats = await ref.leave_seats(name)
        response = JSONResponse({"ok": True, "seats_left": seats})
        accounts.clear_cookie(response, accounts.secure(request, public_url, limits.trusted))
        return response


async def my_tables(ref: Referee, name: str) -> list[dict[str, Any]]:
    """The tables where ``name`` holds a seat: ``{id, game, your_move, status, players, seats, updated,
    url}``, those where it is to move first, then the last moved first."""
    out = []
    for rec, held in await off_loop(account_store.tables_of, ref.store, name, MY_TABLES):
        your_move = False
        status = rec.status
        if status == "playing":
            try:
                table = await ref.open(rec.id)
            except ProtocolError:
                continue
            status = "over" if table.over else "playing"
            who = table.state.current_player
            your_move = not table.over and who in held and not table.stood_in(who)
        out.append({"id": rec.id, "game": rec.game, "your_move": your_move, "status": status,
                    "players": [s.get("name") or "" for s in rec.seats], "seats": held,
                    "updated": rec.updated, "url": f"{ref.public_url}/t/{rec.id}"})
    out.sort(key=lambda t: (not t["your_move"], -t["updated"]))
    return out
