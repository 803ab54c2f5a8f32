"""The turn clock: a person to move at a table with a clock has that long before a stand-in plays."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from fathom.server.clock import now
from fathom.server.live import LiveTable


def arm(table: LiveTable, ran_out: Callable[[LiveTable, int, int], None]) -> None:
    """Start (or keep, or stop) ``table``'s clock for the seat to move; ``ran_out(table, move, seat)`` at the end."""
    seconds = table.rec.settings.get("clock") or 0
    st = table.state
    who = st.current_player
    if not seconds or table.over or who < 0 or table.seat_kind(who) != "human" or table.stood_in(who):
        table.deadline = None
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        return
    if table.deadline_move == st.move_number() and table.deadline is not None:
        return
    if table.timer is not None:
        table.timer.cancel()
    table.deadline = now() + seconds
    table.deadline_move = st.move_number()
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    table.timer = loop.call_later(seconds, ran_out, table, st.move_number(), who)


def still_due(table: LiveTable, move: int, seat: int) -> bool:
    """Did the clock run out on the turn it was armed for (nobody moved meanwhile)?"""
    table.timer = None
    return table.state.move_number() == move and table.state.current_player == seat and not table.over
