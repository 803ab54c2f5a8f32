"""The odds a web page shows beside an Into the Blue position (:mod:`fathom.server.odds`): for the seat
deciding, the exact probability of each target (perfect dive, reaching level L) if it stops now and with the
best play of its rerolls (:mod:`..odds`)."""

from __future__ import annotations

from typing import Any

from fathom.games.into_the_blue import dice
from fathom.games.into_the_blue import odds as itb
from fathom.server.odds import frac


def page_odds(view: dict[str, Any], seat: int | None, comp: Any = None) -> dict[str, Any]:
    turn = view.get("turn") or {}
    out: dict[str, Any] = {}
    if seat is None or turn.get("seat") != seat or turn.get("phase") != "choose":
        return out
    try:
        table = dice.from_faces(turn["dice"])
        left = int(turn.get("rolls_left", 0))
        stop = itb.choice_odds(table, left, dice.EMPTY)
        targets = []
        for target in itb.STANDARD_TARGETS:
            best = itb.solve(target).after_roll(table, left) if left else stop[target]
            label = f"L{target.level}" if isinstance(target, itb.Target) else "perfect"
            targets.append({"target": label, "stop": frac(stop[target]), "best": frac(best)})
        out["targets"] = targets
    except (ValueError, KeyError):
        pass
    return out
