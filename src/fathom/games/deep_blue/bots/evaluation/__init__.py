"""Deep Blue planning knowledge shared by the ``heuristic`` bot and ISMCTS's leaf evaluation.

Everything here reads a state only where the seat it plans for may look: the
public fields (board, boats, bag, market, dive, tokens, VP: hidden totals too, as every scoring event is public, R-DB-18)
and that seat's own hand and rest pile. The tests run the bots on a spy state that
raises if another seat's hand or rest pile is read.

Values are in victory points, all on one scale so a turn's options compare:

* ``dive_value``: expected VP of leading a dive on a tile with given spots, from
  the exact dive odds (:mod:`fathom.games.deep_blue.odds`) with a look-ahead cap for
  speed;
* ``card_worth``: expected VP a crew card adds over the rest of the game (its use
  per dive times the uses left);
* ``prospect``: the best dive a seat's boats are set up for next turn, discounted
  by the chance that a rival dives it first;
* ``estimate``: VP now plus the above, the number ISMCTS compares between seats.

One module per job: ``tables`` (facts and weights), ``reading`` (the position as a seat may
see it), ``cards``, ``dives``, ``positions`` (the hand-made estimate) and ``learned``.
"""

from fathom.games.deep_blue.bots.evaluation.cards import card_use_value, card_worth, meet_chance, my_turns_left, turns_left
from fathom.games.deep_blue.bots.evaluation.dives import boat_prospects, dive_value, dive_value_from
from fathom.games.deep_blue.bots.evaluation.learned import (
    FEATURES, GENERAL, WEIGHT_NAMES, features, learned_estimate, table_key, win_scale,
)
from fathom.games.deep_blue.bots.evaluation.positions import estimate, hand_worth, prospect
from fathom.games.deep_blue.bots.evaluation.reading import (
    free_kinds, full_bag, hand_signature, hold_share, rates_for, rivals_near, spot_defences, spot_kinds,
)
from fathom.games.deep_blue.bots.evaluation.tables import (
    DEFAULT, K_BLACK, K_BLUE, K_EITHER, K_GOLD, K_RED, K_SILVER, Params, Tables, tables, tables_for,
)
from fathom.games.deep_blue.dive_model import BLACK, BLUE, GOLD, GREEN, PURPLE, RED, SILVER

__all__ = [
    "BLACK", "BLUE", "DEFAULT", "FEATURES", "GENERAL", "GOLD", "GREEN", "K_BLACK", "K_BLUE", "K_EITHER",
    "K_GOLD", "K_RED", "K_SILVER", "PURPLE", "RED", "SILVER", "WEIGHT_NAMES", "Params", "Tables",
    "boat_prospects", "card_use_value", "card_worth", "dive_value", "dive_value_from", "estimate",
    "features", "free_kinds", "full_bag", "hand_signature", "hand_worth", "hold_share",
    "learned_estimate", "meet_chance", "my_turns_left", "prospect", "rates_for", "rivals_near",
    "spot_defences", "spot_kinds", "table_key", "tables", "tables_for", "turns_left", "win_scale",
]
