"""What one finished Into the Blue game adds to a player's profile: their dives, the failed and the
perfect ones, and the chests they took, counted from the public event log by :mod:`.stats`.

Why a plugin part: the profile page is game-agnostic; each game names the counts worth summing
over a player's games (their labels are the catalogs' ``profile.stat.<name>``).
"""

from __future__ import annotations

from fathom.games.into_the_blue.state import IntoTheBlueState
from fathom.games.into_the_blue.stats import statistics

PROFILE_COUNTS = {"dives": "seat_dives", "dives_failed": "seat_dives_failed",
                  "dives_perfect": "seat_dives_perfect", "chests": "chests"}
"""A profile's count -> the per-seat field of :func:`statistics` it sums."""


def profile_counts(state: IntoTheBlueState, seat: int) -> dict[str, int]:
    """``seat``'s dives (failed, perfect) and chests in the finished game ``state`` (public log only)."""
    record = statistics(state.events(None), state.game.num_players)
    return {name: int(record[field][seat]) for name, field in PROFILE_COUNTS.items()}
