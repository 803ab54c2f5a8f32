"""Forced moves play themselves: a person's only legal move is played for them by the server.

Why: a third of a first game's clicks were no decision ("Done" after a gem, "Resurface"
with no defence, "Rest"), issue 52. It is the terminal's ``--auto-forced`` rule, on the
server: when a person's seat is to move and exactly one move is legal, the server plays
it like a die roll, logged with the source ``forced`` and shown in the log as any move.
Each seat may turn it off (``auto_forced``, kept in the seat's record); it is on by default.

The referee asks :func:`due` wherever it asks whether a bot or a die moves next, and
plays :func:`entry`; an undo takes back the forced moves that followed the person's own
move together with it (:func:`undo_depth`), or that move would only be played again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fathom.server.db import LoggedAction
from fathom.server.protocol import ProtocolError

if TYPE_CHECKING:
    from fathom.core.api import State
    from fathom.server.live import LiveTable

FORCED = "forced"
"""The log source of a move the server played for a person because it was their only legal move."""
SETTING = "auto_forced"
"""The seat record's field (and the ``prefs`` message's) that turns it off with ``false``."""


def enabled(seat_record: dict[str, Any]) -> bool:
    """Does this person's seat let the server play its forced moves (the default: yes)?"""
    return seat_record.get(SETTING, True) is not False


def due(table: LiveTable, state: State | None = None) -> bool:
    """Is the next move (at ``table``, or in ``state``, a position of it not yet committed) a person's
    only legal move, to be played for them now?"""
    st = table.state if state is None else state
    who = st.current_player
    if who < 0 or table.seat_kind(who) != "human" or table.stood_in(who) or not enabled(table.rec.seats[who]):
        return False
    move = st.move_number()
    cached = getattr(table, "_forced_seen", None)  # asked many times a move (the runner, settled()): once
    if cached is not None and cached[0] is st and cached[1] == move:
        return bool(cached[2])
    only = len(st.legal_actions()) == 1
    table._forced_seen = (st, move, only)  # type: ignore[attr-defined]
    return only


def entry(state: State) -> LoggedAction:
    """The log entry of the only legal move of the person to move in ``state``."""
    (action,) = state.legal_actions()
    return LoggedAction(action, state.action_to_string(action), state.current_player, FORCED)


def undo_depth(table: LiveTable, seat: int | None) -> int:
    """How many log entries an undo by ``seat`` takes back: its own last move and the forced moves
    that followed it (0: none may be taken back). Only in its own turn, across no die and no secret."""
    if seat is None or table.state.current_player != seat:
        return 0
    log = table.log
    depth = 0
    while depth < len(log) and log[-1 - depth].source == FORCED and log[-1 - depth].actor == seat:
        depth += 1
    if depth == len(log):
        return 0
    last = log[-1 - depth]
    if last.source != "human" or last.actor != seat:
        return 0
    game = table.state.game
    if any(game.reveals_secret(e.action) for e in log[len(log) - depth - 1:]):
        return 0
    return depth + 1


def check_prefs(msg: dict[str, Any]) -> bool:
    """The ``auto_forced`` value of a ``prefs`` message (HTTP body or websocket), checked."""
    unknown = sorted(str(k)[:40] for k in msg if k not in (SETTING, "type"))
    if unknown:
        raise ProtocolError("bad-message", detail=f"unknown setting {unknown[0]!r}; allowed: {SETTING}")
    value = msg.get(SETTING)
    if not isinstance(value, bool):
        raise ProtocolError("bad-message", detail=f"{SETTING} must be true (forced moves play themselves) or false")
    return value
