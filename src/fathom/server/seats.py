"""Seats and their keys: tokens, page links, taking an open seat, replacing a key, cutting old pages.

A seat's token is signed with the server's secret and the seat's key number; raising the number
(a claim, a re-key) makes every earlier token of that seat worthless. The functions here work
out the new seat list; the referee stores it and cuts the pages still holding an old key.
"""

from __future__ import annotations

from typing import Any

from fathom.server import auth
from fathom.server.db import still_open
from fathom.server.live import Client, LiveTable
from fathom.server.names import name_problem
from fathom.server.protocol import ProtocolError
from fathom.server.specs import MAX_SEAT_NAME


def key_of(table: LiveTable, seat: int) -> int:
    """The key number of ``seat`` now (0 until its first re-key or claim)."""
    return int(table.rec.seats[seat].get("key", 0))


def seat_token(secret: bytes, table: LiveTable, seat: int) -> str:
    return auth.seat_token(secret, table.id, seat, key_of(table, seat))


def page_url(public_url: str, secret: bytes, table: LiveTable, seat: int | None) -> str:
    """The page of ``seat`` at ``table`` (its secret token after ``#``), or the watch page for ``None``; a
    seat an account holds has no token: its plain page, which the account's session opens at the seat."""
    url = f"{public_url}/t/{table.id}"
    if seat is None or table.rec.seats[seat].get("account"):
        return url
    return f"{url}#token={seat_token(secret, table, seat)}"


def links(public_url: str, secret: bytes, table: LiveTable) -> dict[str, Any]:
    """What the host is given: the host key, each person's seat key and page, the watch page."""
    seats = []
    for i, s in enumerate(table.rec.seats):
        entry: dict[str, Any] = {"seat": i, "kind": s["kind"], "name": s.get("name", "")}
        if s.get("account"):  # held by an account: its session opens it, no link does
            entry["account"] = s["account"]
            entry["url"] = page_url(public_url, secret, table, None)
        elif s.get("claimed"):
            entry["claimed"] = True  # its key is its taker's alone
        elif s["kind"] == "human":
            entry["token"] = seat_token(secret, table, i)
            entry["url"] = page_url(public_url, secret, table, i)
            entry["open"] = still_open(s)  # its key works until someone takes the seat
        seats.append(entry)
    return {"id": table.id, "host_token": auth.host_token(secret, table.id), "seats": seats,
            "watch_url": page_url(public_url, secret, table, None)}


def seat_for(secret: bytes, table: LiveTable, token: str | None, account: str | None = None) -> int | None:
    """The seat a token opens, or with no token the seat ``account`` (the client's signed-in account)
    holds; ``None``: a spectator. A wrong token is refused, and so is any token for a seat an account
    holds: only that account's session opens it."""
    if token is None or token == "":
        return held_by(table, account)
    seat = auth.seat_of(secret, table.id, token, [s.get("key", 0) for s in table.rec.seats])
    if seat is None or table.seat_kind(seat) != "human" or table.rec.seats[seat].get("account"):
        raise ProtocolError("bad-token", status=403)
    return seat


def held_by(table: LiveTable, account: str | None) -> int | None:
    """The seat ``account`` holds at ``table`` (one at most; a seat it left on deletion no longer counts)."""
    if not account:
        return None
    for i, s in enumerate(table.rec.seats):
        if s.get("account") == account and not s.get("left"):
            return i
    return None


def check_claim(seats: list[dict[str, Any]], seat: Any, name: Any, account: str | None = None) -> dict[str, Any]:
    """The values a claim of ``seat`` by ``name`` writes into that seat, or why it is refused. A
    signed-in ``account`` takes it under its own name, and the seat becomes the account's."""
    n = len(seats)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ProtocolError("bad-message", detail=f"seat must be a seat number 0 to {n - 1}")
    if account:
        if any(s.get("account") == account for s in seats):
            raise ProtocolError("already-seated", status=409)
        name = account
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_SEAT_NAME:
        raise ProtocolError("bad-message", detail=f"name must be text of 1 to {MAX_SEAT_NAME} characters")
    if name_problem(name.strip()):
        raise ProtocolError("bad-message", detail=name_problem(name.strip()))
    rec_seat = seats[seat]
    if not rec_seat.get("open"):
        raise ProtocolError("seat-not-open", status=409, seat=seat + 1)
    if rec_seat.get("claimed"):
        raise ProtocolError("seat-taken", status=409, seat=seat + 1)
    # a fresh key: whatever key the host was given for this seat stops working now
    values = {"claimed": True, "name": name.strip(), "key": rec_seat.get("key", 0) + 1}
    if account:
        values["account"] = account
    return values


def check_rekey(seats: list[dict[str, Any]], seat: Any) -> dict[str, Any]:
    """The values a re-key of ``seat`` writes: a new key; a seat taken from the lobby is opened again."""
    n = len(seats)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n or seats[seat]["kind"] != "human":
        people = ", ".join(str(i) for i in range(n) if seats[i]["kind"] == "human")
        raise ProtocolError("bad-message", detail=f"seat must be a person's seat number: {people}")
    rec_seat = seats[seat]
    key = rec_seat.get("key", 0) + 1
    if rec_seat.get("claimed"):  # an account that took it from the lobby lets it go too
        return {"claimed": False, "open": True, "name": "", "key": key, "account": None}
    if rec_seat.get("account"):
        raise ProtocolError("bad-message", detail="this seat is held by an account: it has no link to replace")
    return {"key": key}


def check_leave(seats: list[dict[str, Any]], seat: int) -> dict[str, Any]:
    """The values a seat gets when its account is deleted: a stand-in bot plays it to the end (``left``),
    and a new key cuts the pages still open on it."""
    return {"left": True, "key": seats[seat].get("key", 0) + 1}


def with_seat(seats: list[dict[str, Any]], seat: int, values: dict[str, Any]) -> list[dict[str, Any]]:
    """A copy of ``seats`` with ``values`` written into ``seat``."""
    out = [dict(s) for s in seats]
    out[seat].update(values)
    if "account" in out[seat] and not out[seat]["account"]:
        del out[seat]["account"]  # let go by its account: an ordinary seat again
    return out


def revoke(client: Client, message: dict[str, Any]) -> None:
    """A page whose seat key was replaced is told so (``message``) and disconnected (its writer closes it)."""
    client.push(message)
    client.revoked = True
