"""The messages between a page and the server, and their validation.

Client to server (websocket, JSON objects with a ``type``):

``hello``  ``{"token": str|null, "lang": "en"|"fr"}``: first message; a seat token
           makes this connection that seat; no token: the seat the connection's signed-in
           account holds (:mod:`.accounts`), else a spectator.
``act``    ``{"action": "notation" | id, "expect": move_number?}``: play a legal move.
           ``expect`` guards against stale clicks: if the game moved on, nothing happens.
``undo``   ``{"expect": move_number?}``: take back this seat's last move (when safe).
``back``   ``{}``: a seat whose turns a stand-in bot was playing takes them back.
``hint``   ``{}``: in this seat's turn, the move level 3 would play (at tables that allow
           hints); answered to this page alone by a ``hint`` message.
``rematch`` ``{}``: once the game is over, the next game at the same table (same seats,
           options and settings, a new seed); answered to every page of this table by a
           ``rematch`` message with that page's own link.
``sync``   ``{}``: resend the whole state and log.
``chat``   ``{"text": str}``: a short message to everyone at the table.
``prefs``  ``{"auto_forced": bool}``: this seat's own settings; ``auto_forced`` (on by default) lets
           the server play the seat's only legal move for it (see :mod:`.forced`).
``ping``   ``{"t": any}``: answered by ``pong``.

Server to client: ``welcome`` (table, seat, static game data), ``state`` (the
seat's view, new log events, legal moves, odds, clock; at the end ``summary``), ``hint`` (``move_number``,
``move``: the suggested move's notation, ``text``, ``win_chance``, ``playouts``,
``detail``: e.g. ``sail_to``), ``rematch`` (``table``, ``url``: this page's way in), ``error``
(``code`` + translated ``message``; nothing changed), ``chat``, ``pong``.
HTTP offers the same actions (see :mod:`.app`).
"""

from __future__ import annotations

import json
from typing import Any

MAX_MESSAGE_BYTES = 8192
MAX_CHAT = 300
CLIENT_TYPES = ("hello", "act", "undo", "back", "hint", "rematch", "sync", "chat", "ping", "prefs")


class ProtocolError(Exception):
    """A refused message: ``code`` names the reason, ``params`` fill the translated text."""

    def __init__(self, code: str, status: int = 400, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.status = status
        self.params = params


def parse(text: str | bytes) -> dict[str, Any]:
    """A validated client message, or :class:`ProtocolError`."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too-big", limit=MAX_MESSAGE_BYTES)
    try:
        msg = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("bad-json") from None
    except RecursionError:  # thousands of nested brackets: refused like any bad message
        raise ProtocolError("bad-message", detail="JSON nested too deep") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad-message", detail="not an object")
    kind = msg.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("bad-type", got=str(kind)[:40], allowed=", ".join(CLIENT_TYPES))
    if kind == "act":
        action = msg.get("action")
        if isinstance(action, bool) or not isinstance(action, (str, int)):
            raise ProtocolError("bad-message", detail="act needs an action (notation text or id)")
        if isinstance(action, str) and len(action) > 200:
            raise ProtocolError("bad-message", detail="action text too long")
    if kind in ("act", "undo"):
        expect = msg.get("expect")
        if expect is not None and (isinstance(expect, bool) or not isinstance(expect, int)):
            raise ProtocolError("bad-message", detail="expect must be a move number")
    if kind == "hello":
        token = msg.get("token")
        if token is not None and not isinstance(token, str):
            raise ProtocolError("bad-message", detail="token must be a string or null")
        if msg.get("lang") is not None and not isinstance(msg.get("lang"), str):
            raise ProtocolError("bad-message", detail="lang must be a string")
    if kind == "chat":
        chat = msg.get("text")
        if not isinstance(chat, str) or not chat.strip() or len(chat) > MAX_CHAT:
            raise ProtocolError("bad-message", detail=f"chat needs a text of 1-{MAX_CHAT} characters")
    return msg
