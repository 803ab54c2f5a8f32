"""The compiled Deep Blue heuristic's plans: paying (the cheapest covering set) and sailing (the best
destinations of both boats within a movement budget), ports of
:mod:`fathom.games.deep_blue.bots.heuristic.paying` and ``sailing`` in the same float order.
"""

from __future__ import annotations

import numpy as np

from fathom.games.deep_blue.bots.compiled.heur_eval import (
    OWN,
    dist,
    dive_value,
    dive_value_from,
    full_bag,
    hold_share,
    kinds_add,
    scen,
    spot_kinds,
    spot_taken,
)
from fathom.games.deep_blue.bots.compiled.heur_tables import (
    F_BYKIND,
    F_CUV,
    F_DEST,
    F_FD,
    F_ITEM_COST,
    H_CASH_USE,
    H_END_BONUS,
    H_FUTURE,
    H_HOLD_ALONE,
    H_PROP_USE,
    H_RIVAL_SHARE,
    H_SECOND_BOAT,
    H_TOKEN_VALUE,
    MAX_ITEMS,
    W_BAG,
    W_DEST_SET,
    W_FD_SET,
    W_IDX,
    W_ITEM_SRC,
    W_ITEM_WORTH,
    W_KNOWN,
    W_NSRC,
    W_SRC,
)
from fathom.games.deep_blue.kernels.tables import (
    MAX_CARDS,
    MAX_NODES,
    MAX_SPOTS,
    N_GEMS,
    S_BOAT_NODE,
    S_FRESCO,
    S_HAND,
    S_SITE_TILE,
    S_TOKENS,
    S_UNREVEALED,
    S_VP,
    SC_FORCED,
    T_ADV_SITES,
    T_CASH,
    T_LEADER_VP,
    T_N,
    T_NADV,
    T_NC,
    T_NN,
    T_NSPOTS,
    T_NSTART,
    T_NT,
    T_PROPS,
    T_SPOTS,
    T_START_SITES,
    T_SUNKEN,
    T_SUNKEN_COUNT,
)
from fathom.fast.jit import kernel
from fathom.games.deep_blue.facts import FACE_DOWN


# ---- paying ------------------------------------------------------------------------------------
@kernel()
def pay_plan(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, amount: int, props: bool,
             F: np.ndarray, W: np.ndarray) -> float:
    """``Paying.pay_plan``: the cost of the cheapest covering set (inf: none); its sources (card
    types, -1 a token) go to ``W[W_SRC:W_SRC + W[W_NSRC]]``."""
    worth = W[W_ITEM_WORTH:W_ITEM_WORTH + MAX_ITEMS]
    cost = F[F_ITEM_COST:F_ITEM_COST + MAX_ITEMS]
    src = W[W_ITEM_SRC:W_ITEM_SRC + MAX_ITEMS]
    m = 0
    use = H[H_PROP_USE] if props else H[H_CASH_USE]
    for c in range(T[T_NC]):
        n = S[g, S_HAND + p * MAX_CARDS + c]
        value = T[T_PROPS + c] if props else T[T_CASH + c]
        if n and value > 0:
            cst = max(0.05, F[F_CUV + c] - value * use * 0.6)
            for _ in range(min(n, 3)):
                worth[m], cost[m], src[m] = value, cst, c
                m += 1
    for _ in range(S[g, S_TOKENS + p]):
        if m < MAX_ITEMS:
            worth[m], cost[m], src[m] = 1, H[H_TOKEN_VALUE], -1
            m += 1
    W[W_NSRC] = 0
    if amount <= 0:
        return 0.0
    for i in range(1, m):  # stable sort by (-worth, cost)
        w, c_, s = worth[i], cost[i], src[i]
        j = i - 1
        while j >= 0 and (worth[j] < w or (worth[j] == w and cost[j] > c_)):
            worth[j + 1], cost[j + 1], src[j + 1] = worth[j], cost[j], src[j]
            j -= 1
        worth[j + 1], cost[j + 1], src[j + 1] = w, c_, s
    m = min(m, 10)
    best = np.inf
    found = False
    idx = W[W_IDX:W_IDX + 10]
    for r in range(1, m + 1):
        for i in range(r):
            idx[i] = i
        while True:
            total = 0
            for i in range(r):
                total += worth[idx[i]]
            if total >= amount:
                c_sum = 0.0
                for i in range(r):
                    c_sum += cost[idx[i]]
                c_sum = c_sum + 0.01 * (total - amount)
                if not found or c_sum < best:
                    best = c_sum
                    found = True
                    W[W_NSRC] = r
                    for i in range(r):
                        W[W_SRC + i] = src[idx[i]]
            # the next combination in lexicographic order (itertools.combinations)
            i = r - 1
            while i >= 0 and idx[i] == i + m - r:
                i -= 1
            if i < 0:
                break
            idx[i] += 1
            for k in range(i + 1, r):
                idx[k] = idx[k - 1] + 1
        if found and r >= 3:
            break
    return best if found else np.inf


@kernel()
def sources(S: np.ndarray, T: np.ndarray, g: int, p: int, props: bool) -> int:
    total = S[g, S_TOKENS + p]
    for c in range(T[T_NC]):
        total += S[g, S_HAND + p * MAX_CARDS + c] * (T[T_PROPS + c] if props else T[T_CASH + c])
    return total


@kernel()
def sorted_sources(T: np.ndarray, W: np.ndarray, props: bool) -> None:
    """The plan's sources by what each brings, most first (stable, as ``sorted(..., key=-value)``)."""
    n = W[W_NSRC]
    for i in range(1, n):
        s = W[W_SRC + i]
        vs = 1 if s < 0 else (T[T_PROPS + s] if props else T[T_CASH + s])
        j = i - 1
        while j >= 0:
            t = W[W_SRC + j]
            vt = 1 if t < 0 else (T[T_PROPS + t] if props else T[T_CASH + t])
            if vt >= vs:
                break
            W[W_SRC + j + 1] = t
            j -= 1
        W[W_SRC + j + 1] = s


# ---- judgements shared by plans (core.HeuristicCore) --------------------------------------------
@kernel()
def ending_soon(S: np.ndarray, T: np.ndarray, g: int) -> bool:
    return S[g, S_FRESCO] + 1 >= T[T_SUNKEN_COUNT]


@kernel()
def behind(S: np.ndarray, T: np.ndarray, g: int, p: int) -> bool:
    best = -1e18
    for o in range(T[T_N]):
        if o != p and S[g, S_VP + o] > best:
            best = S[g, S_VP + o]
    return S[g, S_VP + p] <= best


@kernel()
def final_tile(S: np.ndarray, T: np.ndarray, g: int, node: int) -> bool:
    tile = S[g, S_SITE_TILE + node]
    return tile >= 0 and T[T_SUNKEN + tile] != 0 and ending_soon(S, T, g)


@kernel()
def site(T: np.ndarray, i: int) -> int:
    return T[T_START_SITES + i] if i < T[T_NSTART] else T[T_ADV_SITES + i - T[T_NSTART]]


@kernel()
def other_wrecks(S: np.ndarray, T: np.ndarray, g: int) -> bool:
    for t in range(T[T_NT]):
        if not T[T_SUNKEN + t] and S[g, S_UNREVEALED + t]:
            return True
    for i in range(T[T_NSTART] + T[T_NADV]):
        tile = S[g, S_SITE_TILE + site(T, i)]
        if tile >= 0 and not T[T_SUNKEN + tile]:
            return True
    return False


@kernel()
def ending_bonus(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, mine: float,
                 gains: np.ndarray) -> float:
    """± end_bonus for ending the game ahead or behind with ``mine`` more VP (``gains[o]``: rivals')."""
    me = S[g, S_VP + p] + mine
    best = -np.inf
    first = True
    for o in range(T[T_N]):
        if o != p:
            v = S[g, S_VP + o] + gains[o] / H[H_RIVAL_SHARE]
            if first or v > best:
                best = v
                first = False
    if me > best:
        return H[H_END_BONUS]
    return -H[H_END_BONUS] if other_wrecks(S, T, g) else 0.0


# ---- sailing -----------------------------------------------------------------------------------
@kernel()
def face_down_value(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, F: np.ndarray,
                    W: np.ndarray) -> float:
    """``Sailing._face_down``: the expected value of revealing a face-down site."""
    total = 0
    for t in range(T[T_NT]):
        total += S[g, S_UNREVEALED + t]
    if not total:
        return 0.0
    full_bag(S, g, W[W_BAG:W_BAG + N_GEMS])
    known = W[W_KNOWN:W_KNOWN + 12]
    known[:] = 0
    storm = scen(S, T, g, SC_FORCED) != 0
    ending = ending_soon(S, T, g)
    late = behind(S, T, g, p) if ending else False
    acc = 0.0
    for t in range(T[T_NT]):
        n = S[g, S_UNREVEALED + t]
        if not n:
            continue
        sunken = T[T_SUNKEN + t] != 0
        best = -1e9
        for s in range(T[T_NSPOTS + t]):
            k = T[T_SPOTS + t * MAX_SPOTS + s]
            key = 2 * k + (1 if sunken else 0)
            if not known[key]:
                # tile VP is added below, so the value without it serves every tile of this set
                F[F_BYKIND + key] = dive_value_from(S, T, H, g, p, OWN, W, F, t, kinds_add(0, k), -1, True,
                                                    4) - T[T_LEADER_VP + t]
                known[key] = 1
            best = max(best, F[F_BYKIND + key])
        best += T[T_LEADER_VP + t]
        if sunken:
            if storm:
                best = best / H[H_FUTURE]
            if ending:
                best -= 0.5 * H[H_END_BONUS] * (1 if late else -0.3)
            best *= 1.0 if storm else H[H_HOLD_ALONE]
        else:
            best *= H[H_HOLD_ALONE]
        acc += n * best
    return acc / total


@kernel()
def dest_value(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, boat: int, node: int, F: np.ndarray,
               W: np.ndarray, gains: np.ndarray) -> float:
    """``Sailing.dest_value``: ending a sail with ``boat`` on ``node`` (cached for one plan)."""
    key = boat * MAX_NODES + node
    if W[W_DEST_SET + key]:
        return F[F_DEST + key]
    tile = S[g, S_SITE_TILE + node]
    value = 0.0
    if node == S[g, S_BOAT_NODE + 2 * p + boat]:  # staying keeps its spot
        if tile >= 0:
            value = dive_value(S, T, H, g, p, node, -1, OWN, -1, True, W, F)
            if final_tile(S, T, g, node):
                gains[:] = 0.0
                value += ending_bonus(S, T, H, g, p, value, gains)
            value *= hold_share(S, T, H, g, p, node)
    elif tile >= 0:
        other = S[g, S_BOAT_NODE + 2 * p + 1 - boat]
        base = spot_kinds(S, T, g, p, node) if other == node else 0
        best = dive_value(S, T, H, g, p, node, base, OWN, -1, True, W, F)
        seen = 0
        for s in range(T[T_NSPOTS + tile]):
            k = T[T_SPOTS + tile * MAX_SPOTS + s]
            if spot_taken(S, T, g, node, s) or (seen >> k) & 1:
                continue
            seen |= 1 << k
            best = max(best, dive_value(S, T, H, g, p, node, kinds_add(base, k), OWN, -1, True, W, F))
        if final_tile(S, T, g, node):  # diving it ends the game: go there when ahead
            gains[:] = 0.0
            best += ending_bonus(S, T, H, g, p, best, gains)
        value = hold_share(S, T, H, g, p, node) * best
    elif tile == FACE_DOWN:
        if not W[W_FD_SET]:  # the same for every face-down site
            F[F_FD] = face_down_value(S, T, H, g, p, F, W)
            W[W_FD_SET] = 1
        value = F[F_FD]
    W[W_DEST_SET + key] = 1
    F[F_DEST + key] = value
    return value


@kernel()
def sail_plan(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, budget: int, F: np.ndarray,
              W: np.ndarray, gains: np.ndarray) -> tuple[float, int, int, int]:
    """``Sailing.sail_plan``: (future * value, destination of boat 0, of boat 1, movement needed)."""
    W[W_DEST_SET:W_DEST_SET + 2 * MAX_NODES] = 0
    W[W_FD_SET] = 0
    at0, at1 = S[g, S_BOAT_NODE + 2 * p], S[g, S_BOAT_NODE + 2 * p + 1]
    nn = T[T_NN]
    for n1 in range(nn):  # the reference values boat 1's reach first
        if dist(T, at1, n1) <= budget:
            dest_value(S, T, H, g, p, 1, n1, F, W, gains)
    best_value = -1e9
    b0, b1, need = at0, at1, 0
    second = H[H_SECOND_BOAT]
    for n0 in range(nn):
        d0 = dist(T, at0, n0)
        if d0 > budget:
            continue
        v0 = dest_value(S, T, H, g, p, 0, n0, F, W, gains)
        room = budget - d0
        same_blind = n0 != at0 and S[g, S_SITE_TILE + n0] == FACE_DOWN
        for n1 in range(nn):
            d1 = dist(T, at1, n1)
            if d1 > budget or d1 > room:
                continue
            v1 = F[F_DEST + MAX_NODES + n1]
            if same_blind and n1 == n0 and n1 != at1:
                v1 = 0.0  # one face-down tile is revealed once
            value = (v0 + second * v1 if v0 >= v1 else v1 + second * v0) - 0.35 * (d0 + d1)
            if value > best_value + 1e-9:
                best_value, b0, b1, need = value, n0, n1, d0 + d1
    return H[H_FUTURE] * best_value, b0, b1, need

