"""A saved game's push-your-luck calls weighed again after the fact, one module per game.

Why a layer of its own: a review reads a whole game record with the engines' exact odds
(and, for Into the Blue, the expert bot's values), so it sits above both, beside the
front ends that show it (``fathom review``, the web page's Review button). Every number
comes from the reviewed seat's own view at the time: a review never uses what that seat
could not see.
"""

from __future__ import annotations

from dataclasses import asdict
from fractions import Fraction
from importlib import import_module
from typing import Any, NamedTuple

from fathom.core.api import State


class Review(NamedTuple):
    """What is reviewed in one game: the JSON ``kind`` of its table and the function that lists the calls."""

    kind: str
    module: str  # imported on first use, so a review of one game never loads the other's bots
    function: str


REVIEWS = {
    "deep-blue": Review("leader-calls", "fathom.review.deep_blue", "leader_calls"),
    "into-the-blue": Review("dice-choices", "fathom.review.into_the_blue", "dice_choices"),
}
GAMES = tuple(REVIEWS)
"""The games a review exists for (every front end asks here)."""

WORTH_A_LOOK = 0.05
"""A call that gave up less than this (expected VP or points) is as good as the best, in every front end."""


def review_calls(state: State, seat: int) -> list[Any]:
    """``seat``'s reviewed calls in ``state``'s history (a game of :data:`GAMES`)."""
    review = REVIEWS[state.game.name]
    return getattr(import_module(review.module), review.function)(state, seat)


def _row(call: Any) -> dict[str, Any]:
    """One call as plain JSON: its fields and derived properties, exact fractions as floats."""
    row = asdict(call)
    row.update({name: getattr(call, name) for name, attr in vars(type(call)).items() if isinstance(attr, property)})
    return {key: float(value) if isinstance(value, Fraction) else value for key, value in row.items()}


def review_json(state: State, seat: int) -> dict[str, Any]:
    """The review of ``seat``'s calls as plain JSON: ``kind`` names the table, ``rows`` its calls,
    ``worth_a_look`` the loss below which a call counts as the best."""
    rows = [_row(call) for call in review_calls(state, seat)]
    return {"kind": REVIEWS[state.game.name].kind, "seat": seat, "rows": rows, "worth_a_look": WORTH_A_LOOK}
