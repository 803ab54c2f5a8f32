"""A saved game's push-your-luck calls weighed again after the fact, one module per game.

Why a layer of its own: a review reads a whole game record with the engines' exact odds
(and, for Into the Blue, the expert bot's values), so it sits above both, beside the
front ends that show it (``fathom review``, the web page's Review button). Every number
comes from the reviewed seat's own view at the time: a review never uses what that seat
could not see.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from fathom.core.api import State

GAMES = ("deep-blue", "into-the-blue")
"""The games a review exists for."""


def review_json(state: State, seat: int) -> dict[str, Any]:
    """The review of ``seat``'s calls as plain JSON: ``kind`` names the table, ``rows`` its calls."""
    if state.game.name == "deep-blue":
        from fathom.review.deep_blue import leader_calls

        rows = [{**asdict(c), "risk": float(c.risk), "best": c.best, "given_up": c.given_up}
                for c in leader_calls(state, seat)]
        return {"kind": "leader-calls", "seat": seat, "rows": rows}
    from fathom.review.into_the_blue import dice_choices

    rows = [{**asdict(c), "given_up": c.given_up} for c in dice_choices(state, seat)]
    return {"kind": "dice-choices", "seat": seat, "rows": rows}
