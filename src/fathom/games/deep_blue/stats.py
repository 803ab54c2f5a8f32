"""What a finished Deep Blue game's public event log says, as flat numbers for records and reports
(see :mod:`fathom.sim.stats`; its compiled twin counts the same in :mod:`.kernels.tally`)."""

from __future__ import annotations

from typing import Any


def statistics(events: list[dict[str, Any]], n: int) -> dict[str, Any]:
    turns = 0
    dives: list[dict[str, Any]] = []
    bought: list[list[str]] = [[] for _ in range(n)]
    led = [0] * n
    led_resurfaced = [0] * n
    joined = [0] * n
    resurfaced = [0] * n
    vp_leading: list[int | None] = [0] * n
    vp_joining: list[int | None] = [0] * n
    best: list[int | None] = [None] * n
    cur: dict[str, Any] | None = None
    for e in events:
        t = e["type"]
        seat = e.get("seat", -1)
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
                resurfaced[seat] += 1
                if seat == cur["leader"] and cur["outcome"] is None:
                    cur["outcome"] = "leader_failed"
                    led_resurfaced[seat] += 1
            elif t == "stop" and cur["outcome"] is None:
                cur["outcome"] = "stopped"
            elif t == "bag-empty" and cur["outcome"] is None:
                cur["outcome"] = "bag_empty"
            elif t == "dive-scored":
                cur["outcome"] = cur["outcome"] or "stopped"
                dives.append(cur)
                cur = None
        if t == "dive-scored":  # one per seat that took part (or scored) in the dive just ended
            leading = seat == dives[-1]["leader"]
            joined[seat] += not leading
            vp, tally = e.get("vp"), vp_leading if leading else vp_joining
            if vp is None or tally[seat] is None:
                tally[seat] = best[seat] = None  # hidden scores: not in the public log
            else:
                tally[seat] += vp
                best[seat] = max(vp, best[seat] or 0)
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
        "dives_led_resurfaced": led_resurfaced,
        "dives_joined": joined,
        "resurfaced": resurfaced,
        "vp_leading": vp_leading,
        "vp_joining": vp_joining,
        "best_dive": [None if None in (lead, join) else b for b, lead, join in zip(best, vp_leading, vp_joining)],
        "crew_hired": [len(cards) for cards in bought],
    }
