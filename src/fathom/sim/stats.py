"""What a finished game's public event log says, as flat numbers for records and reports.

Each game's plugin names the function that reads its log (``stats``, in the game's folder).

Only the spectator's log (``events(None)``) is read, so records hold no secret (with
hidden scores a dive's VP is unknown there, and so ``None``).

:meth:`fathom.core.plugins.GamePlugin.seat_summary` picks the per-seat numbers for the players'
end-of-game table (each game's plugin names its function here and the numbers it shows).
"""

from __future__ import annotations

from typing import Any

from fathom.core.plugins import plugin_for


def extract(game: str, state: Any) -> dict[str, Any]:
    """The record of a finished game of ``game`` (its plugin names the function; ``{}`` for none)."""
    return plugin_for(game).statistics(state)
