"""The hand-made estimate of a seat's position: VP now, the dives its boats are set up for and
what its cards are worth (the evaluation before the learned one, kept for comparison)."""

from __future__ import annotations

from typing import Any

from fathom.games.deep_blue.bots.evaluation.cards import card_use_value, my_turns_left
from fathom.games.deep_blue.bots.evaluation.dives import boat_prospects
from fathom.games.deep_blue.bots.evaluation.tables import DEFAULT, Params, Tables


def prospect(state: Any, T: Tables, p: int, params: Params = DEFAULT, depth: int | None = None) -> float:
    """Value of the dives ``p``'s boats are set up for (best one plus a share of the second)."""
    values = boat_prospects(state, T, p, params, depth)
    if not values:
        return 0.0
    return values[0] + params.second_boat * sum(values[1:])


def hand_worth(state: Any, T: Tables, p: int, params: Params = DEFAULT) -> float:
    """What the cards in hand and rest pile are worth for the rest of the game (a rough sum)."""
    uses = max(0.3, my_turns_left(state, T, params) / params.cycle)
    total = 0.0
    for pile, weight in ((state.hand_of(p), 1.0), (state.rest_of(p), 0.8)):
        for c, n in enumerate(pile):
            if n:
                total += n * weight * card_use_value(state, T, c, params)
    return total * min(1.0, uses / 3.0) + state.tokens_of(p) * params.token_value


def estimate(state: Any, T: Tables, p: int, params: Params = DEFAULT) -> float:
    """VP now plus what the position promises: ISMCTS's leaf evaluation for seat ``p``.

    Only for determinized copies or ``p``'s own seat: it reads ``p``'s hand.
    """
    if state.is_terminal():
        return float(state.vp_of(p))
    return (
        state.vp_of(p)
        + params.future * prospect(state, T, p, params, depth=3)
        + 0.5 * hand_worth(state, T, p, params)
    )
