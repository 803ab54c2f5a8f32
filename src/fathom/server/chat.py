"""A table's chat: the seats talk; spectators read along only if the table says so. Not stored."""

from __future__ import annotations

from typing import Any

from fathom.server.live import LiveTable
from fathom.server.protocol import ProtocolError


def message(table: LiveTable, seat: int | None, text: str) -> dict[str, Any]:
    """The chat line ``seat`` says (a spectator may not speak)."""
    if seat is None:
        raise ProtocolError("spectator", status=403)
    name = table.rec.seats[seat].get("name") or f"#{seat + 1}"
    return {"type": "chat", "seat": seat, "name": name, "text": text.strip()}


def relay(table: LiveTable, msg: dict[str, Any]) -> None:
    """Keep ``msg`` in the table's recent lines and pass it to every page allowed to read it."""
    table.chat.append(msg)
    for client in table.clients:
        if reads_chat(table, client.seat):
            client.push(msg)


def reads_chat(table: LiveTable, seat: int | None) -> bool:
    """The chat is the seats' own, unless the table lets spectators read it (``spectator_chat``)."""
    return seat is not None or bool(table.rec.settings.get("spectator_chat"))
