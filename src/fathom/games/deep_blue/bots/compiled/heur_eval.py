"""The compiled Deep Blue heuristic's planning values: reading the position as one seat may see it,
the dive value of a tile, what a card is worth, how long the game lasts.

Each function ports one of :mod:`fathom.games.deep_blue.bots.evaluation` (``reading``, ``cards``, ``dives``,
``positions``) with its float operations in the same order. Spot kinds held on a tile travel as a
small multiset packed in an int (:func:`kinds_add`): three bits a kind.

Only public columns and the planning seat's own ``S_HAND``/``S_REST`` are read; a rival's dive is
valued with an empty hand, as the Python bot does.
"""

from __future__ import annotations

import numpy as np

from fathom.games.deep_blue.bots.compiled.heur_dive import (
    BLACK,
    BLUE,
    SF_LEN,
    SW_LEN,
    V_NCARDS,
    encode,
    meet_chance,
    solve,
    solver_setup,
)
from fathom.games.deep_blue.bots.compiled.heur_tables import (
    DIVE_CACHE,
    F_CUV,
    F_DC_V,
    F_SOLVE,
    H_CARD_COST,
    H_CARD_ORDER,
    H_CASH_USE,
    H_CYCLE,
    H_DEFENCE_USE,
    H_DIVE_DRAWS,
    H_GAME_TURNS,
    H_HOLD_ALONE,
    H_HOLD_CONTESTED,
    H_LOOKAHEAD,
    H_N_SCORING,
    H_PROP_USE,
    H_SECOND_BOAT,
    W_BAG,
    W_DC_K1,
    W_DC_K2,
    W_DC_N,
    W_DRAWN,
    W_RATES,
    W_SOLVE,
    W_SV,
)
from fathom.games.deep_blue.kernels.tables import (
    MAX_CARDS,
    MAX_NODES,
    MAX_SPOTS,
    N_GEMS,
    N_KINDS,
    S_BAG,
    S_BOAT_NODE,
    S_BOAT_SPOT,
    S_D_DRAWN,
    S_D_SITE,
    S_FRESCO,
    S_HAND,
    S_SCEN,
    S_SITE_GEM,
    S_SITE_TILE,
    SC_BOUNTY,
    SC_CARD_BONUS,
    SC_EVERYONE,
    SC_PER_DRAW,
    SC_WIDTH,
    T_ADV_SITES,
    T_CARD_VP,
    T_CASH,
    T_DEFENDS,
    T_DIST,
    T_GEM_VP,
    T_GEM_VP_SPOT,
    T_LEADER_VP,
    T_N,
    T_NADV,
    T_NC,
    T_NEEDS,
    T_NEEDS_ANY,
    T_NSTART,
    T_ONE_COUNT,
    T_PROPS,
    T_PROTECTS,
    T_SCEN_TABLE,
    T_SCORES,
    T_SPOTS,
    T_START_SITES,
    T_SUNKEN,
    T_SUNKEN_COUNT,
    T_TREASURE_SPOT,
)
from fathom.fast.jit import kernel

OWN = 0  # whose hand a dive value reads: the planning seat's
EMPTY = 1  # ... none (a rival's, whose hand is secret)


@kernel()
def scen(S: np.ndarray, T: np.ndarray, g: int, col: int) -> int:
    """A switch of the scenario in play (``SC_*``)."""
    return T[T_SCEN_TABLE + S[g, S_SCEN] * SC_WIDTH + col]


@kernel()
def dist(T: np.ndarray, a: int, b: int) -> int:
    return T[T_DIST + a * MAX_NODES + b]


# ---- spot kinds as a packed multiset --------------------------------------------------------------
@kernel()
def kinds_add(kinds: int, k: int) -> int:
    return kinds + (1 << (3 * k))


@kernel()
def kinds_count(kinds: int, k: int) -> int:
    return (kinds >> (3 * k)) & 7


@kernel()
def spot_kinds(S: np.ndarray, T: np.ndarray, g: int, p: int, node: int) -> int:
    """Spot kinds ``p``'s boats hold on the tile at ``node`` (``reading.spot_kinds``)."""
    tile = S[g, S_SITE_TILE + node]
    kinds = 0
    if tile < 0:
        return kinds
    for b in range(2 * p, 2 * p + 2):
        spot = S[g, S_BOAT_SPOT + b]
        if S[g, S_BOAT_NODE + b] == node and spot >= 0:
            kinds = kinds_add(kinds, T[T_SPOTS + tile * MAX_SPOTS + spot])
    return kinds


@kernel()
def spot_taken(S: np.ndarray, T: np.ndarray, g: int, node: int, spot: int) -> bool:
    for b in range(2 * T[T_N]):
        if S[g, S_BOAT_NODE + b] == node and S[g, S_BOAT_SPOT + b] == spot:
            return True
    return False


@kernel()
def spot_defences(T: np.ndarray, kinds: int) -> tuple[int, int, int]:
    """(blue-only, black-only, either) defences of these spot kinds (``dive_model.spot_defences``)."""
    blue = black = either = 0
    for k in range(N_KINDS):
        c = kinds_count(kinds, k)
        if not c:
            continue
        n = 0
        gem = -1
        for g in range(N_GEMS):
            if T[T_DEFENDS + g * N_KINDS + k]:
                n += 1
                gem = g
        if n > 1:
            either += c
        elif n == 1 and gem == BLUE:
            blue += c
        elif n == 1 and gem == BLACK:
            black += c
    return blue, black, either


@kernel()
def rates_for(T: np.ndarray, kinds: int, rates: np.ndarray) -> None:
    """VP per gem colour for a diver with these spots (``dive_model.gem_rates``)."""
    for g in range(N_GEMS):
        ts = T[T_TREASURE_SPOT + g]
        if ts < 0:
            rates[g] = 0
        elif kinds_count(kinds, ts):
            rates[g] = T[T_GEM_VP_SPOT + g]
        else:
            rates[g] = T[T_GEM_VP + g]


@kernel()
def full_bag(S: np.ndarray, g: int, bag: np.ndarray) -> None:
    """The bag with this dive's drawn gems back in (``reading.full_bag``)."""
    diving = S[g, S_D_SITE] >= 0
    for c in range(N_GEMS):
        bag[c] = S[g, S_BAG + c] + (S[g, S_D_DRAWN + c] if diving else 0)


@kernel()
def rivals_near(S: np.ndarray, T: np.ndarray, g: int, p: int, node: int) -> bool:
    for o in range(T[T_N]):
        if o == p:
            continue
        for b in range(2 * o, 2 * o + 2):
            if dist(T, node, S[g, S_BOAT_NODE + b]) <= 1:
                return True
    return False


@kernel()
def hold_share(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, node: int) -> float:
    return H[H_HOLD_CONTESTED] if rivals_near(S, T, g, p, node) else H[H_HOLD_ALONE]


# ---- dives --------------------------------------------------------------------------------------
@kernel()
def tile_vp(leader_vp: int, is_leader: bool, everyone: bool, both: bool) -> int:
    if everyone:
        return leader_vp * (2 if both else 1)
    return leader_vp if is_leader else 0


@kernel()
def cards_bonus(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, bonus: int, bag: np.ndarray,
                draws: int) -> float:
    """``dives._cards_bonus``: each scoring card in hand times the chance its needs are met, summed
    in the Python bot's order."""
    acc = 0.0
    for i in range(int(H[H_N_SCORING])):
        c = int(H[H_CARD_ORDER + i])
        n = S[g, S_HAND + p * MAX_CARDS + c]
        if n:
            chance = meet_chance(T, T_NEEDS + c * N_GEMS, T[T_NEEDS_ANY + c], bag, draws)
            for _ in range(n):
                acc += (T[T_CARD_VP + c] + bonus) * chance
    return acc


@kernel()
def cached_solve(W: np.ndarray, F: np.ndarray, SV: np.ndarray, cost: float, drawn: np.ndarray, gem0: int, per_draw: int,
                 bounty: bool, kinds: int, bs: int, ks: int, es: int, blue: int, black: int, draws: int) -> float:
    """The solver's value of a dive from its start (``SV`` set up), from the dive cache when this
    dive was solved before: the key holds everything ``dives._dive_value`` is keyed by (the rest,
    the weights and the table, is fixed for one scratch)."""
    SW = W[W_SOLVE:W_SOLVE + SW_LEN]
    SF = F[F_SOLVE:F_SOLVE + SF_LEN]
    bag = W[W_BAG:W_BAG + N_GEMS]
    k1 = 0
    for c in range(N_GEMS):
        k1 = (k1 << 7) | bag[c]
    k1 = (((k1 << 3) | (gem0 + 1)) << 2) | ((per_draw - 1) << 1) | (1 if bounty else 0)
    k2 = (((((kinds << 2) | blue) << 2) | black) << 6) | draws
    if draws >= 64:  # beyond the key's room: solve without the cache
        return solve(SV, SW, SF, cost, encode(SV, drawn), 1 if gem0 >= 0 else 0, bs, ks, es, blue, black, gem0 < 0,
                     False)
    mask = DIVE_CACHE - 1
    i = ((k1 * 0x9E3779B1) ^ (k2 * 0x85EBCA77) ^ (k1 >> 29)) & mask
    values = F[F_DC_V:F_DC_V + DIVE_CACHE]
    while W[W_DC_K1 + i] != -1:
        if W[W_DC_K1 + i] == k1 and W[W_DC_K2 + i] == k2:
            return values[i]
        i = (i + 1) & mask
    value = solve(SV, SW, SF, cost, encode(SV, drawn), 1 if gem0 >= 0 else 0, bs, ks, es, blue, black, gem0 < 0,
                  False)
    if W[W_DC_N] >= DIVE_CACHE // 2:  # half full: start again (as the reference's memos are cleared)
        W[W_DC_K1:W_DC_K1 + DIVE_CACHE] = -1
        W[W_DC_N] = 0
        i = ((k1 * 0x9E3779B1) ^ (k2 * 0x85EBCA77) ^ (k1 >> 29)) & mask
    W[W_DC_K1 + i], W[W_DC_K2 + i] = k1, k2
    values[i] = value
    W[W_DC_N] += 1
    return value


@kernel()
def dive_value_from(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, hand: int, W: np.ndarray,
                    F: np.ndarray, tile: int, kinds: int, gem0: int, leader: bool, depth: int) -> float:
    """``dives.dive_value_from`` with the bag in ``W[W_BAG]`` and ``p``'s hand (``OWN``) or none."""
    sunken = T[T_SUNKEN + tile] != 0
    per_draw = scen(S, T, g, SC_PER_DRAW) if sunken else 1
    blue = black = 0
    scoring = False
    if hand == OWN:
        for c in range(T[T_NC]):
            n = S[g, S_HAND + p * MAX_CARDS + c]
            if n:
                pr = T[T_PROTECTS + c]
                if pr == BLUE:
                    blue += n
                elif pr == BLACK:
                    black += n
                if T[T_SCORES + c]:
                    scoring = True
    bs, ks, es = spot_defences(T, kinds)
    bag = W[W_BAG:W_BAG + N_GEMS]
    drawn = W[W_DRAWN:W_DRAWN + N_GEMS]
    rates = W[W_RATES:W_RATES + N_GEMS]
    drawn[:] = 0
    if gem0 >= 0:
        drawn[gem0] += 1
    rates_for(T, kinds, rates)
    SV = W[W_SV:]
    SV[V_NCARDS] = 0
    bounty = scen(S, T, g, SC_BOUNTY) != 0 and sunken and leader
    solver_setup(SV, T, bag, drawn, rates, per_draw, 0, 0, bounty, T[T_ONE_COUNT] != 0,
                 max(1, (depth + per_draw - 1) // per_draw))
    value = cached_solve(W, F, SV, H[H_CARD_COST], drawn, gem0, per_draw, bounty, kinds, bs, ks, es, min(blue, 3),
                         min(black, 3), max(1, (depth + per_draw - 1) // per_draw))
    if scoring:
        bonus = scen(S, T, g, SC_CARD_BONUS) if sunken else 0
        value += cards_bonus(S, T, H, g, p, bonus, bag, 4 + min(3, blue + black + (bs + ks + es)))
    value += tile_vp(T[T_LEADER_VP + tile], leader, sunken and scen(S, T, g, SC_EVERYONE) != 0, False)
    return value


@kernel()
def dive_value(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, node: int, kinds: int, hand: int,
               depth: int, leader: bool, W: np.ndarray, F: np.ndarray) -> float:
    """``dives.dive_value`` (no dive under way, or joining one): ``kinds`` < 0 reads ``p``'s own
    spots there, ``depth`` < 0 is the look-ahead of the weights."""
    tile = S[g, S_SITE_TILE + node]
    if kinds < 0:
        kinds = spot_kinds(S, T, g, p, node)
    if depth < 0:
        depth = int(H[H_LOOKAHEAD])
    full_bag(S, g, W[W_BAG:W_BAG + N_GEMS])
    return dive_value_from(S, T, H, g, p, hand, W, F, tile, kinds, S[g, S_SITE_GEM + node], leader, depth)


@kernel()
def prospect(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, W: np.ndarray, F: np.ndarray) -> float:
    """``positions.prospect``: the best dive ``p``'s boats are set up for plus a share of the second."""
    n = 0
    v0 = v1 = 0.0
    seen = -1
    for b in range(2 * p, 2 * p + 2):
        node = S[g, S_BOAT_NODE + b]
        if node == seen or S[g, S_SITE_TILE + node] < 0:
            continue
        seen = node
        v = hold_share(S, T, H, g, p, node) * dive_value(S, T, H, g, p, node, -1, OWN, -1, True, W, F)
        if n == 0:
            v0 = v
        else:
            v1 = v
        n += 1
    if n == 0:
        return 0.0
    if n == 2 and v1 > v0:
        v0, v1 = v1, v0
    if n == 1:
        return v0 + H[H_SECOND_BOAT] * 0
    return v0 + H[H_SECOND_BOAT] * v1


# ---- cards and time ----------------------------------------------------------------------------
@kernel()
def turns_left(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int) -> float:
    revealed = 0
    for i in range(T[T_NSTART] + T[T_NADV]):
        node = T[T_START_SITES + i] if i < T[T_NSTART] else T[T_ADV_SITES + i - T[T_NSTART]]
        tile = S[g, S_SITE_TILE + node]
        if tile >= 0 and T[T_SUNKEN + tile]:
            revealed += 1
    progress = (S[g, S_FRESCO] + 0.5 * revealed) / T[T_SUNKEN_COUNT]
    return max(4.0, H[H_GAME_TURNS] * (1.0 - progress) * 1.1)


@kernel()
def use_values(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, F: np.ndarray, W: np.ndarray) -> None:
    """``cards.card_use_value`` of every card type into ``F[F_CUV]`` (the bag is the same for all)."""
    bag = W[W_BAG:W_BAG + N_GEMS]
    full_bag(S, g, bag)
    for c in range(T[T_NC]):
        best = max(T[T_CASH + c] * H[H_CASH_USE], T[T_PROPS + c] * H[H_PROP_USE])
        if T[T_PROTECTS + c] >= 0:
            best = max(best, H[H_DEFENCE_USE])
        if T[T_SCORES + c]:
            score = T[T_CARD_VP + c] * meet_chance(T, T_NEEDS + c * N_GEMS, T[T_NEEDS_ANY + c], bag,
                                                   int(H[H_DIVE_DRAWS]))
            best = max(best, score)
        F[F_CUV + c] = best


@kernel()
def card_worth(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, F: np.ndarray, c: int) -> float:
    """``cards.card_worth`` (``F[F_CUV]`` filled)."""
    uses = turns_left(S, T, H, g) / T[T_N] / H[H_CYCLE]
    return F[F_CUV + c] * max(0.3, uses)
