"""Deep Blue's end screen: each seat's place, total and where its VP came from, from the engine.

Why here: the page and the terminal show the engine's numbers rather than adding them up again.
Totals are the engine's (``state.vp``); VP by source add up the public ``dive-scored`` events'
parts (:func:`fathom.games.deep_blue.scoring.dive_score_parts`), with the Best of the Best card
bonus (named by the ``play`` events) counted under "scenario" rather than "cards". Places follow
R-DB-17: most VP, then most crew cards owned; still tied, a shared place and a shared win.
"""

from __future__ import annotations

from typing import Any

from fathom.core.ranking import competition_ranks
from fathom.games.deep_blue.scoring import SOURCES
from fathom.games.deep_blue.state import DeepBlueState


def end_summary(state: DeepBlueState) -> dict[str, Any]:
    """Places, totals, VP by role (dives led / joined) and by source, crew owned and the tie-break."""
    n = state.game.num_players
    totals = [int(v) for v in state.scores()]
    crew = [state.owned_cards(p) for p in range(n)]
    role = [{"led": 0, "joined": 0} for _ in range(n)]
    source = [dict.fromkeys(SOURCES, 0) for _ in range(n)]
    leader = -1
    for e in state.events(None):
        kind = e["type"]
        if kind == "dive":
            leader = e["seat"]
        elif kind == "play" and e.get("bonus"):
            source[e["seat"]]["cards"] -= e["bonus"]
            source[e["seat"]]["scenario"] += e["bonus"]
        elif kind == "dive-scored":
            seat = e["seat"]
            role[seat]["led" if seat == leader else "joined"] += e["vp"]
            for name, vp in e["parts"].items():
                source[seat][name] += vp
    ranks = competition_ranks([(total, owned) for total, owned in zip(totals, crew)])
    best = max(totals)
    tied = [p for p in range(n) if totals[p] == best]
    winners = state.winners()
    return {
        "seats": [{"seat": p, "rank": ranks[p], "total": totals[p], "crew": crew[p], **role[p], **source[p]}
                  for p in range(n)],
        "sources": ["led", "joined", *SOURCES],
        "winners": winners,
        "shared": len(winners) > 1,
        # the tie-break decided the winner only when several had the most VP and crew parted them
        "tie_break": {"rule": "crew", "tied": tied, "crew": [crew[p] for p in tied]}
        if len(tied) > 1 and len(winners) < len(tied) else None,
    }
