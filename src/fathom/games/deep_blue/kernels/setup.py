"""Deep Blue compiled: a new game and setup's chance events (R-DB-1..3).

Mirrors ``DeepBlueState.__init__`` and :mod:`fathom.games.deep_blue.setup`: the scenario when
``scenario=random``, then the first player unless named (starting tokens dealt by turn order from
that seat), then a starting tile for each starting site, then the market.
"""

from __future__ import annotations

import numpy as np
from fathom.fast.jit import kernel

from fathom.core.api import CHANCE
from fathom.games.deep_blue.kernels.market import start_refill
from fathom.games.deep_blue.kernels.tables import (
    MAX_CARDS,
    N_GEMS,
    NO_SCEN,
    S_BAG,
    S_BAG_N,
    S_BOAT_NODE,
    S_BOAT_SPOT,
    S_CUR,
    S_D_LEADER,
    S_D_SITE,
    S_D_TILE,
    S_DECK,
    S_DECK_N,
    S_HAND,
    S_KNOWN_HAND,
    S_MARKET,
    S_PAY_FOR,
    S_PHASE,
    S_REFILL,
    S_SCEN,
    S_SEED,
    S_SETUP_LEFT,
    S_SETUP_SITE,
    S_SITE_GEM,
    S_SITE_TILE,
    S_SUPPLY,
    S_TOKENS,
    S_TURN,
    S_UNREVEALED,
    S_WIDTH,
    T_ADV_SITES,
    T_BAG0,
    T_C_FIRST0,
    T_C_SCEN0,
    T_C_TILE0,
    T_COPIES,
    T_EMPTY,
    T_FIRST,
    T_HARBOUR,
    T_N,
    T_NADV,
    T_NC,
    T_NN,
    T_NSTART,
    T_NT,
    T_SCEN,
    T_STARTING,
    T_START_SITES,
    T_SUPPLY0,
    T_TILE_SET,
    T_TOKENS_BY_ORDER,
)
from fathom.games.deep_blue import market
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.facts import FACE_DOWN, NO_TILE
from fathom.games.deep_blue.game import MARKET_SLOTS

SETUP_SCENARIO, SETUP_FIRST, SETUP_TILE = ph.SETUP_SCENARIO, ph.SETUP_FIRST, ph.SETUP_TILE


@kernel()
def starting_tokens(S: np.ndarray, T: np.ndarray, g: int, first: int) -> None:
    """R-DB-1: tokens by turn order from the first player."""
    n = T[T_N]
    for p in range(n):
        S[g, S_TOKENS + p] = T[T_TOKENS_BY_ORDER + (p - first) % n]


@kernel()
def reset(S: np.ndarray, T: np.ndarray, g: int, seed: int) -> None:
    """Game ``g`` at its initial state for ``seed`` (an int64 bit pattern, see
    :func:`fathom.fast.rng.seed_word`): ``DeepBlueState.__init__``."""
    for i in range(S_WIDTH):
        S[g, i] = 0
    n = T[T_N]
    S[g, S_SEED] = seed
    S[g, S_CUR] = CHANCE
    S[g, S_SCEN] = T[T_SCEN] if T[T_SCEN] >= 0 else NO_SCEN
    first = T[T_FIRST]
    S[g, S_TURN] = 0 if first < 0 else first
    if T[T_SCEN] < 0:
        S[g, S_PHASE] = SETUP_SCENARIO
    elif first < 0:
        S[g, S_PHASE] = SETUP_FIRST
    else:
        S[g, S_PHASE] = SETUP_TILE
    for p in range(n):
        for c in range(T[T_NC]):
            if T[T_STARTING + c]:
                S[g, S_HAND + p * MAX_CARDS + c] = T[T_COPIES + c]
                S[g, S_KNOWN_HAND + p * MAX_CARDS + c] = T[T_COPIES + c]
        S[g, S_BOAT_NODE + 2 * p] = S[g, S_BOAT_NODE + 2 * p + 1] = T[T_HARBOUR]
        S[g, S_BOAT_SPOT + 2 * p] = S[g, S_BOAT_SPOT + 2 * p + 1] = -1
    if first >= 0:
        starting_tokens(S, T, g, first)
    for node in range(T[T_NN]):
        S[g, S_SITE_TILE + node] = NO_TILE
        S[g, S_SITE_GEM + node] = -1
    for i in range(T[T_NADV]):
        S[g, S_SITE_TILE + T[T_ADV_SITES + i]] = FACE_DOWN
    for t in range(T[T_NT]):
        starting = T[T_TILE_SET + t] == 0
        S[g, S_UNREVEALED + t] = 0 if starting else 1
        S[g, S_SETUP_LEFT + t] = 1 if starting else 0
    bag = 0
    for k in range(N_GEMS):
        S[g, S_BAG + k] = T[T_BAG0 + k]
        S[g, S_SUPPLY + k] = T[T_SUPPLY0 + k]
        bag += T[T_BAG0 + k]
    S[g, S_BAG_N] = bag
    deck = 0
    for c in range(T[T_NC]):
        if not T[T_STARTING + c]:
            S[g, S_DECK + c] = T[T_COPIES + c]
            deck += T[T_COPIES + c]
    S[g, S_DECK_N] = deck
    for k in range(MARKET_SLOTS):
        S[g, S_MARKET + k] = -1
    S[g, S_PAY_FOR] = -1
    S[g, S_D_SITE] = S[g, S_D_TILE] = S[g, S_D_LEADER] = -1


@kernel()
def apply_scenario(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    S[g, S_SCEN] = action - T[T_C_SCEN0]
    S[g, S_PHASE] = SETUP_FIRST if T[T_FIRST] < 0 else SETUP_TILE


@kernel()
def apply_first_player(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    first = action - T[T_C_FIRST0]
    S[g, S_TURN] = first
    starting_tokens(S, T, g, first)
    S[g, S_PHASE] = SETUP_TILE


@kernel()
def apply_setup_tile(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    """The drawn starting tile goes face up on the next starting site (the empty one leaves it empty)."""
    tile = action - T[T_C_TILE0]
    node = T[T_START_SITES + S[g, S_SETUP_SITE]]
    S[g, S_SETUP_LEFT + tile] -= 1
    if not T[T_EMPTY + tile]:
        S[g, S_SITE_TILE + node] = tile
    S[g, S_SETUP_SITE] += 1
    if S[g, S_SETUP_SITE] == T[T_NSTART]:
        for k in range(MARKET_SLOTS):
            S[g, S_REFILL + k] = k
        start_refill(S, T, g, MARKET_SLOTS, market.THEN_START)
