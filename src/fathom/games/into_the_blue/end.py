"""Into the Blue's end screen: places, totals, chests and each level's treasures, from the engine.

Why here: the page shows who took which level's treasure as the engine scored it
(:func:`fathom.games.into_the_blue.scoring.awards`, R-IB-5), not a count redone in the page.
Equal totals share the victory (R-IB-6): no tie-break, so equal totals share a place too.
Chest values are secret until the end; this is built only for a finished game.
"""

from __future__ import annotations

from typing import Any

from fathom.core.ranking import competition_ranks
from fathom.games.into_the_blue.state import IntoTheBlueState


def end_summary(state: IntoTheBlueState) -> dict[str, Any]:
    """Places, totals, treasure and chest points per seat, and the treasures level by level."""
    if not state.is_terminal():
        raise ValueError("the end screen is for a finished game only (chest values are secret until then)")
    totals = state.scores()
    treasure = state.treasure_points()
    over = next(e for e in reversed(state.events(None)) if e["type"] == "game_over")
    chests = over["chests"]  # made public by the game's end
    ranks = competition_ranks([(t,) for t in totals])
    winners = state.winners()
    return {
        "seats": [{"seat": p, "rank": ranks[p], "total": int(totals[p]), "treasure": treasure[p],
                   "chests": sum(chests[p]), "chest_values": chests[p]} for p in range(len(totals))],
        "sources": ["treasure", "chests"],
        "winners": winners,
        "shared": len(winners) > 1,
        "tie_break": None,
        "treasures": [{"level": a.level, "kind": a.kind, "value": a.value, "seat": a.seat} for a in state.awards()],
    }
