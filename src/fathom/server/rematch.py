"""The next game of a finished table: the same game, options, seats and settings, a new seed."""

from __future__ import annotations

from typing import Any

from fathom.server.db import still_open
from fathom.server.live import LiveTable
from fathom.server.protocol import ProtocolError
from fathom.server.specs import SEAT_FIELDS, SETTINGS


def check(table: LiveTable, seat: int | None) -> None:
    """Only a seat may ask, and only once the game is over."""
    if seat is None:
        raise ProtocolError("spectator", status=403)
    if not table.over:
        raise ProtocolError("rematch-early", status=409)


def spec_of(table: LiveTable) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The spec of the rematch of ``table`` and what each seat carries over (who took it from the lobby)."""
    seats = [{k: v for k, v in s.items() if k in SEAT_FIELDS} for s in table.rec.seats]
    for new, old in zip(seats, table.rec.seats):
        if new["kind"] == "human":
            new["open"] = still_open(old)
        if old.get("left"):  # its account was deleted: the seat goes to the lobby
            new.pop("account", None)
            new.update(name="", open=True)
    carried = [{"claimed": True} if s.get("claimed") else {} for s in table.rec.seats]  # a taken seat stays
    settings = {k: v for k, v in table.rec.settings.items() if k in SETTINGS}  # its taker's, sent its link
    return {"game": table.rec.game, "seats": seats, "options": table.rec.options, **settings}, carried


def message(following: LiveTable, url: str) -> dict[str, Any]:
    """What a page of the finished table is told: the next table and its own way in."""
    return {"type": "rematch", "table": following.id, "url": url}
