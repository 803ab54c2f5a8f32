"""What a finished Into the Blue game's public event log says, as flat numbers for records and reports
(see :mod:`fathom.sim.stats`)."""

from __future__ import annotations

from typing import Any


def statistics(events: list[dict[str, Any]], n: int) -> dict[str, Any]:
    turns = 0
    results = {"failed": 0, "run": 0, "perfect": 0}
    by_seat = {result: [0] * n for result in results}
    shells = [0] * n
    chests = [0] * n
    for e in events:
        t = e["type"]
        if t == "turn":
            turns += 1
        elif t == "dive":
            results[e["result"]] = results.get(e["result"], 0) + 1
            by_seat.setdefault(e["result"], [0] * n)[e["seat"]] += 1
        elif t == "place":
            shells[e["seat"]] += e["shells"]
        elif t == "chest":
            chests[e["seat"]] += 1
    return {
        "turns": turns,
        "dives": sum(results.values()),
        "dives_failed": results["failed"],
        "dives_perfect": results["perfect"],
        "shells_placed": shells,
        "chests": chests,
        "seat_dives": [sum(counts[seat] for counts in by_seat.values()) for seat in range(n)],
        "seat_dives_failed": by_seat["failed"],
        "seat_dives_perfect": by_seat["perfect"],
    }
