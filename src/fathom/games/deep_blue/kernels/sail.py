"""Deep Blue compiled: Sail (R-DB-6), landing, reveals (R-DB-3), Scattered Wealth (R-DB-15) and
A Storm is Coming (R-DB-16).

Mirrors :mod:`fathom.games.deep_blue.sail` step for step: propellers card by card, boats edge by
edge, then each moved boat lands in boat order (a face-down tile is revealed by chance, a face-up
one gives a scouting spot), then the storm dives owed.
"""

from __future__ import annotations

import numpy as np
from fathom.fast.jit import kernel

from fathom.core.api import CHANCE
from fathom.games.deep_blue.kernels.crew import end_turn, play_card, sort_small
from fathom.games.deep_blue.kernels.dive import scen, start_dive
from fathom.games.deep_blue.kernels.market import pay_choices
from fathom.games.deep_blue.kernels.tables import (
    MAX_NEIGH,
    MAX_NODES,
    MAX_SPOTS,
    SC_FORCED,
    SC_SCATTERS,
    S_BAG,
    S_BAG_N,
    S_BOAT_NODE,
    S_BOAT_SPOT,
    S_CUR,
    S_LANDING,
    S_LANDING_H,
    S_LANDING_N,
    S_MOVED,
    S_PHASE,
    S_SAIL_POINTS,
    S_SCATTER,
    S_SCATTER_H,
    S_SCATTER_N,
    S_SITE_GEM,
    S_SITE_TILE,
    S_STORM,
    S_STORM_N,
    S_TOKENS,
    S_TURN,
    S_UNREVEALED,
    T_A_DIVE,
    T_A_DONE,
    T_MOVES,
    T_A_PAY_TOKEN,
    T_A_SCOUT,
    T_ACT_ARG,
    T_C_GEM0,
    T_C_TILE0,
    T_MOVE_BOAT,
    T_N,
    T_NEIGH,
    T_NEIGH_N,
    T_NSPOTS,
    T_PROPS,
    T_SPOTS,
    T_SUNKEN,
)
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.facts import FACE_DOWN, NO_TILE

SAIL_MOVE, REVEAL, SCATTER, SCOUT, STORM_ORDER = ph.SAIL_MOVE, ph.REVEAL, ph.SCATTER, ph.SCOUT, ph.STORM_ORDER


# ---- paying propellers ----------------------------------------------------------------------------
@kernel()
def legal_sail_pay(S: np.ndarray, T: np.ndarray, g: int, p: int, out: np.ndarray) -> int:
    m = pay_choices(S, T, g, p, T_PROPS, out)
    if S[g, S_SAIL_POINTS] >= 1:  # R-DB-6: at least 1 movement
        out[m] = T[T_A_DONE]
        m += 1
    return sort_small(out, m)


@kernel()
def apply_sail_pay(S: np.ndarray, T: np.ndarray, g: int, p: int, action: int) -> None:
    if action == T[T_A_DONE]:
        S[g, S_PHASE] = SAIL_MOVE
    elif action == T[T_A_PAY_TOKEN]:
        S[g, S_TOKENS + p] -= 1
        S[g, S_SAIL_POINTS] += 1
    else:
        card = T[T_ACT_ARG + action]
        play_card(S, T, g, p, card)  # R-DB-4: played for its propellers only
        S[g, S_SAIL_POINTS] += T[T_PROPS + card]


# ---- moving ---------------------------------------------------------------------------------------
@kernel()
def legal_sail_move(S: np.ndarray, T: np.ndarray, g: int, p: int, out: np.ndarray) -> int:
    out[0] = T[T_A_DONE]
    m = 1
    if S[g, S_SAIL_POINTS] > 0:
        for b in range(2):  # each boat's moves, listed sorted by the tables
            src = S[g, S_BOAT_NODE + 2 * p + b]
            at = T_MOVES + (b * MAX_NODES + src) * MAX_NEIGH
            for i in range(T[T_NEIGH_N + src]):
                out[m] = T[at + i]
                m += 1
    return sort_small(out, m)


@kernel()
def apply_sail_move(S: np.ndarray, T: np.ndarray, g: int, p: int, action: int) -> None:
    if action == T[T_A_DONE]:
        finish_moving(S, T, g)
        return
    boat = T[T_MOVE_BOAT + action]
    index = 2 * p + boat
    S[g, S_BOAT_NODE + index] = T[T_ACT_ARG + action]
    S[g, S_BOAT_SPOT + index] = -1  # it leaves its scouting spot
    S[g, S_MOVED] |= 1 << boat
    S[g, S_SAIL_POINTS] -= 1
    if S[g, S_SAIL_POINTS] == 0:
        finish_moving(S, T, g)


@kernel()
def finish_moving(S: np.ndarray, T: np.ndarray, g: int) -> None:
    S[g, S_SAIL_POINTS] = 0
    m = 0
    for b in range(2):  # unmoved boats keep their place
        if S[g, S_MOVED] >> b & 1:
            S[g, S_LANDING + m] = b
            m += 1
    S[g, S_LANDING_H] = 0
    S[g, S_LANDING_N] = m
    S[g, S_STORM_N] = 0
    process_landing(S, T, g)


# ---- landing --------------------------------------------------------------------------------------
@kernel()
def free_spots(S: np.ndarray, T: np.ndarray, g: int, node: int) -> int:
    """Free scouting spots of the tile on ``node``, as a mask by spot index."""
    taken = 0
    for i in range(2 * T[T_N]):
        if S[g, S_BOAT_NODE + i] == node and S[g, S_BOAT_SPOT + i] >= 0:
            taken |= 1 << S[g, S_BOAT_SPOT + i]
    spots = T[T_NSPOTS + S[g, S_SITE_TILE + node]]
    return ((1 << spots) - 1) & ~taken


@kernel()
def _free_kinds(T: np.ndarray, tile: int, free: int) -> int:
    """The spot kinds among the ``free`` spots of ``tile``, as a mask by kind."""
    kinds = 0
    for s in range(T[T_NSPOTS + tile]):
        if free >> s & 1:
            kinds |= 1 << T[T_SPOTS + tile * MAX_SPOTS + s]
    return kinds


@kernel()
def process_landing(S: np.ndarray, T: np.ndarray, g: int) -> None:
    """Resolve landing boats in order; stop at the first chance event or choice."""
    p = S[g, S_TURN]
    while S[g, S_LANDING_H] < S[g, S_LANDING_N]:
        index = 2 * p + S[g, S_LANDING + S[g, S_LANDING_H]]
        node = S[g, S_BOAT_NODE + index]
        tile = S[g, S_SITE_TILE + node]
        if tile == FACE_DOWN:
            S[g, S_PHASE] = REVEAL
            S[g, S_CUR] = CHANCE
            return
        if tile >= 0:
            free = free_spots(S, T, g, node)
            kinds = _free_kinds(T, tile, free)
            if kinds & (kinds - 1):  # two kinds or more: the owner chooses
                S[g, S_PHASE] = SCOUT
                S[g, S_CUR] = p
                return
            spot = -1  # the only free spot, or the centre
            for s in range(T[T_NSPOTS + tile]):
                if free >> s & 1:
                    spot = s
                    break
            S[g, S_BOAT_SPOT + index] = spot
        S[g, S_LANDING_H] += 1
    resolve_storm_dives(S, T, g)


@kernel()
def legal_scout(S: np.ndarray, T: np.ndarray, g: int, p: int, out: np.ndarray) -> int:
    node = S[g, S_BOAT_NODE + 2 * p + S[g, S_LANDING + S[g, S_LANDING_H]]]
    tile = S[g, S_SITE_TILE + node]
    kinds = _free_kinds(T, tile, free_spots(S, T, g, node))
    m = 0
    for k in range(MAX_SPOTS):
        if kinds >> k & 1:
            out[m] = T[T_A_SCOUT + k]
            m += 1
    return sort_small(out, m)


@kernel()
def apply_scout(S: np.ndarray, T: np.ndarray, g: int, p: int, action: int) -> None:
    kind = T[T_ACT_ARG + action]
    index = 2 * p + S[g, S_LANDING + S[g, S_LANDING_H]]
    node = S[g, S_BOAT_NODE + index]
    tile = S[g, S_SITE_TILE + node]
    free = free_spots(S, T, g, node)
    for s in range(T[T_NSPOTS + tile]):
        if free >> s & 1 and T[T_SPOTS + tile * MAX_SPOTS + s] == kind:
            S[g, S_BOAT_SPOT + index] = s
            break
    S[g, S_LANDING_H] += 1
    process_landing(S, T, g)


# ---- reveals (R-DB-3) and Scattered Wealth (R-DB-15) ---------------------------------------------
@kernel()
def apply_reveal(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    tile = action - T[T_C_TILE0]
    turn = S[g, S_TURN]
    node = S[g, S_BOAT_NODE + 2 * turn + S[g, S_LANDING + S[g, S_LANDING_H]]]
    S[g, S_SITE_TILE + node] = tile
    S[g, S_UNREVEALED + tile] -= 1
    S[g, S_CUR] = turn
    if T[T_SUNKEN + tile]:
        if scen(S, T, g, SC_FORCED):
            S[g, S_STORM + S[g, S_STORM_N]] = node
            S[g, S_STORM_N] += 1
        if scen(S, T, g, SC_SCATTERS):
            # the tile, then its neighbours with a site (face down or up) and no gem yet
            m = 0
            if S[g, S_SITE_GEM + node] < 0:
                S[g, S_SCATTER] = node
                m = 1
            for i in range(T[T_NEIGH_N + node]):
                v = T[T_NEIGH + node * MAX_NEIGH + i]
                if S[g, S_SITE_TILE + v] != NO_TILE and S[g, S_SITE_GEM + v] < 0:
                    S[g, S_SCATTER + m] = v
                    m += 1
            S[g, S_SCATTER_H] = 0
            S[g, S_SCATTER_N] = m
            if m and S[g, S_BAG_N] > 0:
                S[g, S_PHASE] = SCATTER
                S[g, S_CUR] = CHANCE
                return
            S[g, S_SCATTER_N] = 0
    process_landing(S, T, g)


@kernel()
def apply_scatter(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    gem = action - T[T_C_GEM0]
    node = S[g, S_SCATTER + S[g, S_SCATTER_H]]
    S[g, S_SCATTER_H] += 1
    S[g, S_BAG + gem] -= 1
    S[g, S_BAG_N] -= 1
    S[g, S_SITE_GEM + node] = gem
    if S[g, S_SCATTER_H] < S[g, S_SCATTER_N] and S[g, S_BAG_N] > 0:
        return
    S[g, S_SCATTER_H] = S[g, S_SCATTER_N] = 0
    S[g, S_CUR] = S[g, S_TURN]
    process_landing(S, T, g)


# ---- after the sail: A Storm is Coming (R-DB-16) --------------------------------------------------
@kernel()
def resolve_storm_dives(S: np.ndarray, T: np.ndarray, g: int) -> None:
    """Keep the owed storm dives still possible (a revealed tile where the player still has a boat);
    none: the turn ends; one: dive it; more: the player picks the order."""
    p = S[g, S_TURN]
    mine0, mine1 = S[g, S_BOAT_NODE + 2 * p], S[g, S_BOAT_NODE + 2 * p + 1]
    m = 0
    for i in range(S[g, S_STORM_N]):
        node = S[g, S_STORM + i]
        if S[g, S_SITE_TILE + node] >= 0 and (node == mine0 or node == mine1):
            S[g, S_STORM + m] = node
            m += 1
    S[g, S_STORM_N] = m
    if m == 0:
        end_turn(S, T, g)
    elif m == 1:
        S[g, S_STORM_N] = 0
        start_dive(S, T, g, S[g, S_STORM], p)
    else:
        S[g, S_PHASE] = STORM_ORDER
        S[g, S_CUR] = p


@kernel()
def legal_storm_order(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray) -> int:
    for i in range(S[g, S_STORM_N]):
        out[i] = T[T_A_DIVE + S[g, S_STORM + i]]
    return sort_small(out, S[g, S_STORM_N])


@kernel()
def apply_storm_order(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    node = T[T_ACT_ARG + action]
    m = 0
    for i in range(S[g, S_STORM_N]):
        if S[g, S_STORM + i] != node:
            S[g, S_STORM + m] = S[g, S_STORM + i]
            m += 1
    S[g, S_STORM_N] = m
    start_dive(S, T, g, node, S[g, S_TURN])
