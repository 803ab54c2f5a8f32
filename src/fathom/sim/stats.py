"""What a finished game's public event log says, as flat numbers for records and reports.

Deep Blue (per game): turns, dives and who led them, how each dive ended
(``stopped`` by its leader, ``leader_failed``: the leader resurfaced, ``bag_empty``),
the gems drawn, at which draw of its dive each hazard struck (``hazard_draws``) and
the first hazard of each dive (``first_hazard_draws``), the crew cards each seat hired.

Into the Blue: turns, dives by result (failed / run / perfect), shells placed, chests.

Only the spectator's log (``events(None)``) is read, so records hold no secret.
"""

from __future__ import annotations

from typing import Any


def extract(game: str, state: Any) -> dict[str, Any]:
    events = state.events(None)
    n = state.game.num_players
    if game == "deep-blue":
        return deep_blue(events, n)
    if game == "into-the-blue":
        return into_the_blue(events, n)
    return {}


def deep_blue(events: list[dict[str, Any]], n: int) -> dict[str, Any]:
    turns = 0
    dives: list[dict[str, Any]] = []
    bought: list[list[str]] = [[] for _ in range(n)]
    led = [0] * n
    cur: dict[str, Any] | None = None
    for e in events:
        t = e["type"]
        seat = e.get("seat")
        if t in ("recruit", "refresh", "sail", "rest") or (t == "dive" and not e.get("forced")):
            turns += 1
        if t == "hire":
            bought[seat].append(e["card"])
        elif t == "dive":
            cur = {"leader": seat, "tile": e.get("tile"), "forced": bool(e.get("forced")), "gems": 0,
                   "hazard_draws": [], "outcome": None, "resurfaced": []}
            led[seat] += 1
        elif cur is not None:
            if t == "gem":
                cur["gems"] += 1
            elif t == "hazard":
                cur["hazard_draws"].append(cur["gems"])
            elif t == "resurface":
                cur["resurfaced"].append(seat)
                if seat == cur["leader"] and cur["outcome"] is None:
                    cur["outcome"] = "leader_failed"
            elif t == "stop" and cur["outcome"] is None:
                cur["outcome"] = "stopped"
            elif t == "bag-empty" and cur["outcome"] is None:
                cur["outcome"] = "bag_empty"
            elif t == "dive-scored":
                cur["outcome"] = cur["outcome"] or "stopped"
                dives.append(cur)
                cur = None
    outcomes = {"stopped": 0, "leader_failed": 0, "bag_empty": 0}
    for d in dives:
        outcomes[d["outcome"]] = outcomes.get(d["outcome"], 0) + 1
    return {
        "turns": turns,
        "dives": len(dives),
        "dives_led": led,
        "dives_stopped": outcomes["stopped"],
        "dives_leader_failed": outcomes["leader_failed"],
        "dives_bag_empty": outcomes["bag_empty"],
        "dive_gems": [d["gems"] for d in dives],
        "dive_outcomes": [d["outcome"] for d in dives],
        "dive_leaders": [d["leader"] for d in dives],
        "hazards": sum(len(d["hazard_draws"]) for d in dives),
        "hazard_draws": [k for d in dives for k in d["hazard_draws"]],
        "first_hazard_draws": [d["hazard_draws"][0] for d in dives if d["hazard_draws"]],
        "cards_bought": bought,
    }


def into_the_blue(events: list[dict[str, Any]], n: int) -> dict[str, Any]:
    turns = 0
    results = {"failed": 0, "run": 0, "perfect": 0}
    shells = [0] * n
    chests = [0] * n
    for e in events:
        t = e["type"]
        if t == "turn":
            turns += 1
        elif t == "dive":
            results[e["result"]] = results.get(e["result"], 0) + 1
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
    }
