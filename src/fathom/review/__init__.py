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
from typing import Any

from fathom.core.api import State
from fathom.core.errors import OptionError, allowed_list
from fathom.core.plugins import load_target, plugin_for, plugins_with

GAMES = tuple(plugin.name for plugin in plugins_with("review"))
"""The games a review exists for (every front end asks here; each game's plugin names its review)."""

WORTH_A_LOOK = 0.05
"""A call that gave up less than this (expected VP or points) is as good as the best, in every front end."""


def review_calls(state: State, seat: int) -> list[Any]:
    """``seat``'s reviewed calls in ``state``'s history (a game of :data:`GAMES`)."""
    _, function = _review(state)
    return load_target(function)(state, seat)


def _review(state: State) -> tuple[str, str]:
    """(JSON kind, function) of the review of ``state``'s game."""
    review = plugin_for(state.game.name).review
    if review is None:
        raise OptionError(f"no review for {state.game.name}; there is one for {allowed_list(GAMES)}")
    return review


def _row(call: Any) -> dict[str, Any]:
    """One call as plain JSON: its fields and derived properties, exact fractions as floats."""
    row = asdict(call)
    row.update({name: getattr(call, name) for name, attr in vars(type(call)).items() if isinstance(attr, property)})
    return {key: float(value) if isinstance(value, Fraction) else value for key, value in row.items()}


def review_json(state: State, seat: int) -> dict[str, Any]:
    """The review of ``seat``'s calls as plain JSON: ``kind`` names the table, ``rows`` its calls,
    ``worth_a_look`` the loss below which a call counts as the best."""
    rows = [_row(call) for call in review_calls(state, seat)]
    return {"kind": _review(state)[0], "seat": seat, "rows": rows, "worth_a_look": WORTH_A_LOOK}
