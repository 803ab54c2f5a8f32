"""What the compiled Deep Blue heuristic reads besides the state row and the rules tables: its
weights (:class:`fathom.games.deep_blue.bots.evaluation.Params`) and the order in which the Python bot adds up
its scoring cards, as one float64 array ``H``; and the scratch arrays a decision works in.

Why the card order: the Python bot sums each card's expected VP over its hand's scoring cards
sorted as tuples (needs, needs-any, VP); float sums depend on their order, and exact equality of
choices is the point of the port.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.games.deep_blue.bots.evaluation.tables import Params
from fathom.games.deep_blue.bots.compiled.heur_dive import BLACK, BLUE, SF_LEN, SW_LEN, V_LEN
from fathom.games.deep_blue.kernels.tables import MAX_CARDS, MAX_NODES, MAX_PLAYERS, N_GEMS
from fathom.games.deep_blue import dive_model

assert (dive_model.BLACK, dive_model.BLUE) == (BLACK, BLUE)

PARAM_NAMES = (
    "hold_alone", "hold_contested", "rival_weight", "rival_share", "second_boat", "future", "defence_use",
    "cash_use", "prop_use", "token_value", "cycle", "dive_draws", "lookahead", "decide_lookahead", "card_cost",
    "osla_bonus", "rest_min_gain", "end_bonus", "game_turns",
)
(H_HOLD_ALONE, H_HOLD_CONTESTED, H_RIVAL_WEIGHT, H_RIVAL_SHARE, H_SECOND_BOAT, H_FUTURE, H_DEFENCE_USE, H_CASH_USE,
 H_PROP_USE, H_TOKEN_VALUE, H_CYCLE, H_DIVE_DRAWS, H_LOOKAHEAD, H_DECIDE_LOOKAHEAD, H_CARD_COST, H_OSLA_BONUS,
 H_REST_MIN_GAIN, H_END_BONUS, H_GAME_TURNS) = range(len(PARAM_NAMES))
H_N_SCORING = len(PARAM_NAMES)  # scoring card types
H_CARD_ORDER = H_N_SCORING + 1  # [MAX_CARDS] scoring card types in the Python bot's sum order
H_LEN = H_CARD_ORDER + MAX_CARDS

MAX_ITEMS = 3 * MAX_CARDS + 16  # cards and tokens a pay plan chooses among
DIVE_CACHE = 8192  # solved dives kept across decisions (``dives._dive_value``'s lru_cache)

# ---- the int64 scratch W (the kernels make no arrays: every work array is a region of W or F) ----
W_SV = 0  # a solver (fathom.games.deep_blue.bots.compiled.heur_dive)
W_BAG = V_LEN  # [N_GEMS] the full bag (this dive's gems back in)
W_DRAWN = W_BAG + N_GEMS  # [N_GEMS]
W_RATES = W_DRAWN + N_GEMS  # [N_GEMS]
W_TMP = W_RATES + N_GEMS  # [N_GEMS]
W_DEST_SET = W_TMP + N_GEMS  # [2 * MAX_NODES] 1: the destination value is known
W_FD_SET = W_DEST_SET + 2 * MAX_NODES  # face-down value known
W_SRC = W_FD_SET + 1  # [16] the sources of a pay plan
W_NSRC = W_SRC + 16
W_ITEM_WORTH = W_NSRC + 1  # [MAX_ITEMS] a pay plan's items: what each brings
W_ITEM_SRC = W_ITEM_WORTH + MAX_ITEMS  # [MAX_ITEMS] ... and its source
W_IDX = W_ITEM_SRC + MAX_ITEMS  # [10] a combination of items
W_LEFT = W_IDX + 10  # [MAX_CARDS] deck copies not yet counted
W_KNOWN = W_LEFT + MAX_CARDS  # [12] face-down values known by (spot kind, sunken)
W_SOLVE = W_KNOWN + 12  # [SW_LEN] the expectimax's stack and memo
# the dive cache: two int keys per entry (the value in F), open-addressed; emptied when half full
W_DC_N = W_SOLVE + SW_LEN  # entries held
W_DC_K1 = W_DC_N + 1  # [DIVE_CACHE] -1: empty
W_DC_K2 = W_DC_K1 + DIVE_CACHE
W_LEN = W_DC_K2 + DIVE_CACHE

# ---- the float64 scratch F ------------------------------------------------------------------------
F_CUV = 0  # [MAX_CARDS] card_use_value of each card type
F_DEST = F_CUV + MAX_CARDS  # [2 * MAX_NODES] dest_value cache of a sail plan
F_FD = F_DEST + 2 * MAX_NODES  # the face-down value of a sail plan
F_BYKIND = F_FD + 1  # [12] face-down values by (spot kind, sunken)
F_GAINS = F_BYKIND + 12  # [MAX_PLAYERS] rivals' gains from a dive
F_ITEM_COST = F_GAINS + MAX_PLAYERS  # [MAX_ITEMS] a pay plan's items: what each costs
F_WORTH = F_ITEM_COST + MAX_ITEMS  # [MAX_CARDS] card worths
F_SOLVE = F_WORTH + MAX_CARDS  # [SF_LEN] the expectimax's stack and memo
F_DC_V = F_SOLVE + SF_LEN  # [DIVE_CACHE] the dive cache's values
F_LEN = F_DC_V + DIVE_CACHE


def bot_params(bot: Any) -> Params | None:
    """The weights of a Python bot the compiled heuristic plays exactly (a
    :class:`~fathom.games.deep_blue.bots.heuristic.DeepBlueHeuristicBot`), else ``None``."""
    from fathom.games.deep_blue.bots.heuristic import DeepBlueHeuristicBot

    return bot.params if type(bot) is DeepBlueHeuristicBot else None


def heuristic_tables(game: Any, params: Params) -> np.ndarray:
    """``H`` for ``game`` and ``params`` (float64, :data:`H_LEN`)."""
    H = np.zeros(H_LEN, np.float64)
    for i, name in enumerate(PARAM_NAMES):
        H[i] = float(getattr(params, name))
    cards = game.components.cards
    scoring = [c for c, card in enumerate(cards) if card.scores_in_dive]
    scoring.sort(key=lambda c: (tuple(cards[c].needs), cards[c].needs_any, cards[c].vp))
    H[H_N_SCORING] = len(scoring)
    H[H_CARD_ORDER:H_CARD_ORDER + len(scoring)] = scoring
    return H


@njit(cache=True)
def scratch() -> tuple[np.ndarray, np.ndarray]:
    """(W, F): the work arrays one caller (thread) passes to every decision. They keep solved dives
    between decisions, so one pair serves one game configuration and one ``H``: make a new pair
    for another."""
    W = np.zeros(W_LEN, np.int64)
    W[W_DC_K1:W_DC_K1 + DIVE_CACHE] = -1
    return W, np.zeros(F_LEN, np.float64)
