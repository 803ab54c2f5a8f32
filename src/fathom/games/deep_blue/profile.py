"""What one finished Deep Blue game adds to a player's profile: the dives they led, joined and
resurfaced from, counted from the public event log by this game's own statistics (:mod:`.stats`).

Why a plugin part: the profile page is game-agnostic; each game names the counts worth summing
over a player's games (their labels are the catalogs' ``profile.stat.<name>``).
"""

from __future__ import annotations

from fathom.games.deep_blue.state import DeepBlueState
from fathom.games.deep_blue.stats import statistics

PROFILE_COUNTS = ("dives_led", "dives_joined", "resurfaced")
"""The per-seat counts of :func:`statistics` a profile sums: dives led, dives joined, resurfaced."""


def profile_counts(state: DeepBlueState, seat: int) -> dict[str, int]:
    """``seat``'s dives led, joined and resurfaced from in the finished game ``state`` (public log only)."""
    record = statistics(state.events(None), state.game.num_players)
    return {name: int(record[name][seat]) for name in PROFILE_COUNTS}
