"""Deep Blue's ``heuristic`` bot (level 2) compiled: the choice
:class:`fathom.games.deep_blue.bots.heuristic.DeepBlueHeuristicBot` makes, on the kernel's state row.

Why a port of every call: ISMCTS plays its playouts with this bot (its fast weights,
``DeepBlueSearch.fast``), and ``--fast`` simulations must play the reference's games; so each
decision here follows the Python bot's (``turn``, ``sailing``, ``paying``, ``diving``) with the
same float arithmetic in the same order. The one entry point is :func:`heuristic_choose`; its
weights come from :func:`fathom.games.deep_blue.bots.compiled.heur_tables.heuristic_tables` and its work arrays from
:func:`fathom.games.deep_blue.bots.compiled.heur_tables.scratch`.

It reads only public columns and the deciding seat's own hand and rest pile.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from fathom.games.deep_blue.bots.compiled.heur_dive import (
    CARD_W,
    SF_LEN,
    SW_LEN,
    V_CARDS,
    V_NCARDS,
    encode,
    next_draw,
    out_at,
    solve,
    solver_setup,
    stop_at,
)
from fathom.games.deep_blue.bots.compiled.heur_eval import (
    EMPTY,
    OWN,
    card_worth,
    dist,
    dive_value,
    hold_share,
    kinds_add,
    prospect,
    rates_for,
    scen,
    spot_defences,
    spot_kinds,
    tile_vp,
    use_values,
)
from fathom.games.deep_blue.bots.compiled.heur_plan import ending_bonus, ending_soon, pay_plan, sail_plan, sorted_sources, sources
from fathom.games.deep_blue.bots.compiled.heur_tables import (
    F_CUV,
    F_GAINS,
    F_SOLVE,
    F_WORTH,
    H_CARD_COST,
    H_DECIDE_LOOKAHEAD,
    H_FUTURE,
    H_HOLD_ALONE,
    H_OSLA_BONUS,
    H_REST_MIN_GAIN,
    H_RIVAL_SHARE,
    H_RIVAL_WEIGHT,
    W_DRAWN,
    W_LEFT,
    W_NSRC,
    W_RATES,
    W_SOLVE,
    W_SRC,
    W_SV,
    W_TMP,
)
from fathom.games.deep_blue.kernels.kernel import MAX_ACTIONS, legal
from fathom.games.deep_blue.kernels.tables import (
    K_DEFEND_CARD,
    K_DEFEND_SPOT,
    K_DIVE,
    K_PLAY,
    K_RECRUIT,
    K_REFRESH,
    K_REST,
    K_SAIL,
    MAX_CARDS,
    MAX_NEIGH,
    MAX_NODES,
    MAX_PLAYERS,
    N_GEMS,
    S_BAG,
    S_BOAT_NODE,
    S_D_BOTH,
    S_D_CARD_VP,
    S_D_DRAWN,
    S_D_HAZ,
    S_D_HAZ_H,
    S_D_IN,
    S_D_LEADER,
    S_D_SITE,
    S_D_TILE,
    S_DECK,
    S_HAND,
    S_LANDING,
    S_LANDING_H,
    S_MARKET,
    S_PAY_LEFT,
    S_PHASE,
    S_REST,
    S_SAIL_POINTS,
    S_SITE_TILE,
    S_VP,
    SC_BOUNTY,
    SC_CARD_BONUS,
    SC_EVERYONE,
    SC_PER_DRAW,
    SC_RUSH,
    T_A_CONTINUE,
    T_A_DONE,
    T_A_MOVE,
    T_A_PAY,
    T_A_PAY_TOKEN,
    T_A_RESURFACE,
    T_A_STOP,
    T_ACT_ARG,
    T_ACT_KIND,
    T_CARD_VP,
    T_LEADER_VP,
    T_N,
    T_NC,
    T_NEEDS,
    T_NEEDS_ANY,
    T_NEIGH,
    T_NEIGH_N,
    T_ONE_COUNT,
    T_PROTECTS,
    T_REFRESH_PRICE,
    T_SCORES,
    T_SLOT_PRICE,
    T_SUNKEN,
)
from fathom.fast.jit import kernel
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.data import SPOT_KINDS

K_EITHER = SPOT_KINDS.index("blue_or_black")


@kernel()
def _has(out: np.ndarray, m: int, a: int) -> bool:
    for i in range(m):
        if out[i] == a:
            return True
    return False


# ---- turn (turn.TurnChoice) ---------------------------------------------------------------------
@kernel()
def dive_score(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, node: int, W: np.ndarray,
               F: np.ndarray, gains: np.ndarray) -> float:
    """Own expected dive VP minus the weighted gains of rivals who will be in the dive."""
    mine = dive_value(S, T, H, g, p, node, -1, OWN, -1, True, W, F)
    tile = S[g, S_SITE_TILE + node]
    sunken = T[T_SUNKEN + tile] != 0
    reach = scen(S, T, g, SC_RUSH) if sunken else 1
    rival_gain = 0.0
    gains[:] = 0.0
    for o in range(T[T_N]):
        if o == p:
            continue
        joins = False
        for b in range(2 * o, 2 * o + 2):
            at = S[g, S_BOAT_NODE + b]
            d = dist(T, node, at)
            if at == node or 1 <= d <= reach:
                joins = True
        if joins:
            kinds = spot_kinds(S, T, g, o, node)
            gain = H[H_RIVAL_SHARE] * dive_value(S, T, H, g, o, node, kinds, EMPTY, 3, False, W, F)
            rival_gain += gain
            gains[o] = gain
    score = mine - H[H_RIVAL_WEIGHT] * rival_gain
    if sunken and ending_soon(S, T, g):  # this dive ends the game
        score += ending_bonus(S, T, H, g, p, mine, gains)
    return score


@kernel()
def rest_gain(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, F: np.ndarray) -> float:
    count = 0
    hand_size = 0
    for c in range(T[T_NC]):
        count += S[g, S_REST + p * MAX_CARDS + c]
        hand_size += S[g, S_HAND + p * MAX_CARDS + c]
    if count == 0:
        return -5.0
    take = min(3, count)
    acc = 0.0
    for c in range(T[T_NC]):
        n = S[g, S_REST + p * MAX_CARDS + c]
        if n:
            acc += n * F[F_CUV + c]
    mean = acc / count
    urgency = 1.0 + max(0, 4 - hand_size) * 0.35
    return take * mean * urgency * 1.2 - H[H_REST_MIN_GAIN]


@kernel()
def refresh_gain(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, F: np.ndarray, W: np.ndarray) -> float:
    total = 0
    for c in range(T[T_NC]):
        total += S[g, S_DECK + c]
    if total == 0:
        return -99.0
    k = max(1, total // 4)
    worth = F[F_WORTH:F_WORTH + MAX_CARDS]
    left = W[W_LEFT:W_LEFT + MAX_CARDS]
    for c in range(T[T_NC]):
        left[c] = S[g, S_DECK + c]
        if left[c]:
            worth[c] = card_worth(S, T, H, g, F, c)
    acc = 0.0
    taken = 0
    while taken < k:  # the best k copies, best first (equal worths add up the same in any order)
        best = -1
        for c in range(T[T_NC]):
            if left[c] and (best < 0 or worth[c] > worth[best]):
                best = c
        acc += worth[best]
        left[best] -= 1
        taken += 1
    return acc / k * 0.9


@kernel()
def turn(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, out: np.ndarray, m: int, F: np.ndarray,
         W: np.ndarray, gains: np.ndarray) -> int:
    """The best turn action: each scored by VP now plus the discounted position it leaves."""
    future = H[H_FUTURE]
    wait = future * prospect(S, T, H, g, p, W, F)
    best_v = 0.0
    best_a = -1
    for i in range(m):
        a = out[i]
        kind = T[T_ACT_KIND + a]
        if kind == K_DIVE:
            node = T[T_ACT_ARG + a]
            after = 0.0  # the other boat's prospect once this tile is gone
            for b in range(2 * p, 2 * p + 2):
                at = S[g, S_BOAT_NODE + b]
                if at != node and S[g, S_SITE_TILE + at] >= 0:
                    after = max(after, H[H_HOLD_ALONE] * dive_value(S, T, H, g, p, at, -1, OWN, 3, True, W, F))
            v = dive_score(S, T, H, g, p, node, W, F, gains) + future * after
        elif kind == K_REST:
            v = rest_gain(S, T, H, g, p, F) + wait
        elif kind == K_SAIL:
            v, _, _, _ = sail_plan(S, T, H, g, p, sources(S, T, g, p, True), F, W, gains)
        elif kind == K_REFRESH:
            cost = pay_plan(S, T, H, g, p, T[T_REFRESH_PRICE], False, F, W)
            v = refresh_gain(S, T, H, g, F, W) - cost + wait
        elif kind == K_RECRUIT:
            slot = T[T_ACT_ARG + a]
            cost = pay_plan(S, T, H, g, p, T[T_SLOT_PRICE + slot], False, F, W)
            v = card_worth(S, T, H, g, F, S[g, S_MARKET + slot]) - cost + wait
        else:
            continue
        if best_a < 0 or v > best_v or (v == best_v and a < best_a):
            best_v, best_a = v, a
    return best_a


@kernel()
def take(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, out: np.ndarray, m: int, F: np.ndarray) -> int:
    best_v = 0.0
    best_a = -1
    for i in range(m):
        a = out[i]
        v = card_worth(S, T, H, g, F, S[g, S_MARKET + T[T_ACT_ARG + a]])
        if best_a < 0 or v > best_v:
            best_v, best_a = v, a
    return best_a


@kernel()
def storm_order(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, out: np.ndarray, m: int,
                W: np.ndarray, F: np.ndarray, gains: np.ndarray) -> int:
    best_v = 0.0
    best_a = -1
    for i in range(m):
        a = out[i]
        v = dive_score(S, T, H, g, p, T[T_ACT_ARG + a], W, F, gains)
        if best_a < 0 or v > best_v:
            best_v, best_a = v, a
    return best_a


# ---- paying and sailing ---------------------------------------------------------------------------
@kernel()
def _pay_from_plan(T: np.ndarray, W: np.ndarray, out: np.ndarray, m: int, props: bool) -> int:
    sorted_sources(T, W, props)
    for i in range(W[W_NSRC]):
        src = W[W_SRC + i]
        a = T[T_A_PAY_TOKEN] if src < 0 else T[T_A_PAY + src]
        if _has(out, m, a):
            return a
    return -1


@kernel()
def pay(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, out: np.ndarray, m: int, F: np.ndarray,
        W: np.ndarray) -> int:
    pay_plan(S, T, H, g, p, S[g, S_PAY_LEFT], False, F, W)
    a = _pay_from_plan(T, W, out, m, False)
    return a if a >= 0 else out[0]


@kernel()
def sail_pay(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, out: np.ndarray, m: int, F: np.ndarray,
             W: np.ndarray, gains: np.ndarray) -> int:
    have = S[g, S_SAIL_POINTS]
    _, _, _, need = sail_plan(S, T, H, g, p, have + sources(S, T, g, p, True), F, W, gains)
    done = T[T_A_DONE]
    if have >= max(1, need) and _has(out, m, done):
        return done
    pay_plan(S, T, H, g, p, max(1, need) - have, True, F, W)
    a = _pay_from_plan(T, W, out, m, True)
    if a >= 0:
        return a
    return done if _has(out, m, done) else out[0]


@kernel()
def sail_move(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, out: np.ndarray, m: int,
              F: np.ndarray, W: np.ndarray, gains: np.ndarray) -> int:
    """One edge along a shortest route of a boat not yet at its planned destination."""
    _, d0, d1, _ = sail_plan(S, T, H, g, p, S[g, S_SAIL_POINTS], F, W, gains)
    for boat in range(2):
        dest = d0 if boat == 0 else d1
        src = S[g, S_BOAT_NODE + 2 * p + boat]
        if src == dest:
            continue
        for i in range(T[T_NEIGH_N + src]):
            nxt = T[T_NEIGH + src * MAX_NEIGH + i]
            if dist(T, dest, nxt) == dist(T, dest, src) - 1:
                a = T[T_A_MOVE + (boat * MAX_NODES + src) * MAX_NODES + nxt]
                if _has(out, m, a):
                    return a
    return T[T_A_DONE]


@kernel()
def scout(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, out: np.ndarray, m: int,
          W: np.ndarray, F: np.ndarray) -> int:
    boat = S[g, S_LANDING + S[g, S_LANDING_H]]
    node = S[g, S_BOAT_NODE + 2 * p + boat]
    base = spot_kinds(S, T, g, p, node)
    best_v = 0.0
    best_a = -1
    for i in range(m):
        a = out[i]
        v = dive_value(S, T, H, g, p, node, kinds_add(base, T[T_ACT_ARG + a]), OWN, -1, True, W, F)
        if best_a < 0 or v > best_v + 1e-9:
            best_v, best_a = v, a
    return best_a if best_a >= 0 else out[0]


# ---- dives (diving.Diving) ----------------------------------------------------------------------
@kernel()
def rush(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, out: np.ndarray, m: int,
         W: np.ndarray, F: np.ndarray) -> int:
    node = S[g, S_D_SITE]
    done = T[T_A_DONE]
    here = S[g, S_BOAT_NODE + 2 * p] == node or S[g, S_BOAT_NODE + 2 * p + 1] == node
    if here and not (scen(S, T, g, SC_EVERYONE) != 0 and T[T_SUNKEN + S[g, S_D_TILE]] != 0):
        return done  # already in: a second boat scores nothing more
    join = H[H_RIVAL_SHARE] * dive_value(S, T, H, g, p, node, 0, OWN, 3, False, W, F)
    best_v = 0.0
    best_a = -1
    for i in range(m):
        a = out[i]
        if a == done:
            continue
        at = S[g, S_BOAT_NODE + 2 * p + T[T_ACT_ARG + a]]
        keep = 0.0
        if S[g, S_SITE_TILE + at] >= 0:
            kinds = spot_kinds(S, T, g, p, at)
            if kinds:
                keep = hold_share(S, T, H, g, p, at) * dive_value(S, T, H, g, p, at, kinds, OWN, 3, True, W, F)
            else:
                keep = 0.5 * hold_share(S, T, H, g, p, at) * dive_value(S, T, H, g, p, at, 0, OWN, 3, True, W, F)
        gain = join - H[H_FUTURE] * keep
        if best_a < 0 or gain > best_v:
            best_v, best_a = gain, a
    return best_a if best_a >= 0 and best_v > 0 else done


@kernel()
def own_diver(S: np.ndarray, T: np.ndarray, g: int, p: int, W: np.ndarray, limit_draws: int
              ) -> tuple[int, int, int, int, int, int]:
    """Set up ``W``'s solver for ``p`` in the dive under way as ``p`` knows itself (``Diving.diver``):
    (per_draw, blue spots, black spots, either spots, blue cards, black cards)."""
    node = S[g, S_D_SITE]
    tile = S[g, S_D_TILE]
    sunken = T[T_SUNKEN + tile] != 0
    kinds = spot_kinds(S, T, g, p, node)
    bonus = scen(S, T, g, SC_CARD_BONUS) if sunken else 0
    SV = W[W_SV:]
    blue = black = 0
    nc = 0
    for c in range(T[T_NC]):
        n = S[g, S_HAND + p * MAX_CARDS + c]
        if not n:
            continue
        pr = T[T_PROTECTS + c]
        if pr == 6:
            blue += n
        elif pr == 5:
            black += n
        if T[T_SCORES + c]:
            at = V_CARDS + nc * CARD_W
            for k in range(N_GEMS):
                SV[at + k] = T[T_NEEDS + c * N_GEMS + k]
            SV[at + N_GEMS] = T[T_NEEDS_ANY + c]
            SV[at + N_GEMS + 1] = T[T_CARD_VP + c] + bonus
            SV[at + N_GEMS + 2] = n
            nc += 1
    SV[V_NCARDS] = nc
    bs, ks, es = spot_defences(T, kinds)
    leader = S[g, S_D_LEADER] == p
    rates = W[W_RATES:W_RATES + N_GEMS]
    rates_for(T, kinds, rates)
    per_draw = scen(S, T, g, SC_PER_DRAW) if sunken else 1
    both = (S[g, S_D_BOTH] >> p) & 1 != 0
    tvp = tile_vp(T[T_LEADER_VP + tile], leader, sunken and scen(S, T, g, SC_EVERYONE) != 0, both)
    bounty = scen(S, T, g, SC_BOUNTY) != 0 and sunken and leader
    bag = W[W_TMP:W_TMP + N_GEMS]
    drawn = W[W_DRAWN:W_DRAWN + N_GEMS]
    for k in range(N_GEMS):
        bag[k] = S[g, S_BAG + k]
        drawn[k] = S[g, S_D_DRAWN + k]
    solver_setup(SV, T, bag, drawn, rates, per_draw, S[g, S_D_CARD_VP + p], tvp, bounty, T[T_ONE_COUNT] != 0,
                 limit_draws)
    return per_draw, bs, ks, es, blue, black


@kernel()
def _public_diver(S: np.ndarray, T: np.ndarray, g: int, o: int, W: np.ndarray, banked: bool) -> tuple[int, int, int]:
    """``W``'s solver for rival ``o`` as the public sees it: spots only (``Diving.public_diver``, and
    the rival of ``continue_`` with ``banked`` False); returns its spot defences."""
    kinds = spot_kinds(S, T, g, o, S[g, S_D_SITE])
    SV = W[W_SV:]
    SV[V_NCARDS] = 0
    rates = W[W_RATES:W_RATES + N_GEMS]
    rates_for(T, kinds, rates)
    bag = W[W_TMP:W_TMP + N_GEMS]
    drawn = W[W_DRAWN:W_DRAWN + N_GEMS]
    for k in range(N_GEMS):
        bag[k] = S[g, S_BAG + k]
        drawn[k] = S[g, S_D_DRAWN + k]
    solver_setup(SV, T, bag, drawn, rates, 1, S[g, S_D_CARD_VP + o] if banked else 0, 0, False,
                 T[T_ONE_COUNT] != 0, -1)
    return spot_defences(T, kinds)


@kernel()
def defend(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, out: np.ndarray, m: int,
           W: np.ndarray) -> int:
    spot = -1
    for i in range(m):  # free: the specific spot before the blue-or-black one
        a = out[i]
        if T[T_ACT_KIND + a] == K_DEFEND_SPOT:
            if spot < 0 or (T[T_ACT_ARG + spot] == K_EITHER and T[T_ACT_ARG + a] != K_EITHER):
                spot = a
    if spot >= 0:
        return spot
    card = -1
    for i in range(m):
        if T[T_ACT_KIND + out[i]] == K_DEFEND_CARD:
            card = out[i]
            break
    if card < 0:
        return T[T_A_RESURFACE]
    own_diver(S, T, g, p, W, -1)
    SV = W[W_SV:]
    code = encode(SV, W[W_DRAWN:W_DRAWN + N_GEMS])
    stake = stop_at(SV, code) - out_at(SV, code)
    stake += 1.0 if S[g, S_D_LEADER] == p else 0.5
    cost = H[H_CARD_COST] * (0.6 if ending_soon(S, T, g) else 1.0)
    hazard = S[g, S_D_HAZ + S[g, S_D_HAZ_H]]
    held = 0
    for c in range(T[T_NC]):
        if T[T_PROTECTS + c] == hazard:
            held += S[g, S_HAND + p * MAX_CARDS + c]
    if held > 1:
        cost *= 0.6
    return card if stake > cost else T[T_A_RESURFACE]


@kernel()
def play(T: np.ndarray, out: np.ndarray, m: int) -> int:
    best = -1
    for i in range(m):
        a = out[i]
        if T[T_ACT_KIND + a] == K_PLAY and (best < 0 or T[T_CARD_VP + T[T_ACT_ARG + a]] >
                                            T[T_CARD_VP + T[T_ACT_ARG + best]]):
            best = a
    return best if best >= 0 else T[T_A_DONE]


@kernel()
def continue_(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, W: np.ndarray, F: np.ndarray) -> int:
    lookahead = int(H[H_DECIDE_LOOKAHEAD])
    sunken = T[T_SUNKEN + S[g, S_D_TILE]] != 0
    per_draw = scen(S, T, g, SC_PER_DRAW) if sunken else 1
    depth = max(1, (lookahead + per_draw - 1) // per_draw)
    per_draw, bs, ks, es, blue, black = own_diver(S, T, g, p, W, -1 if lookahead <= 1 else depth)
    SV = W[W_SV:]
    bag = W[W_TMP:W_TMP + N_GEMS]
    drawn = W[W_DRAWN:W_DRAWN + N_GEMS]
    code = encode(SV, drawn)
    n = 0
    for k in range(N_GEMS):
        n += drawn[k]
    stop = stop_at(SV, code)
    if lookahead <= 1:  # one-step look-ahead (fast, for rollouts): draw once more, then stop
        ev, total, risk, _ = next_draw(SV, bag, drawn, per_draw, bs, ks, es, blue, black)
        go = (stop if total == 0 else ev / total) + (H[H_OSLA_BONUS] if risk == 0 else 0.0)
    else:
        go = solve(SV, W[W_SOLVE:W_SOLVE + SW_LEN], F[F_SOLVE:F_SOLVE + SF_LEN], H[H_CARD_COST], code, n, bs, ks, es,
                   blue, black, False, True)
    rival = 0.0  # rivals still in gain from another draw too
    for o in range(T[T_N]):
        if o != p and (S[g, S_D_IN] >> o) & 1:
            obs, oks, oes = _public_diver(S, T, g, o, W, False)
            ev, total, _, ostop = next_draw(W[W_SV:], bag, drawn, per_draw, obs, oks, oes, 1, 1)
            if total:
                rival += (ev - ostop * total) / total
    margin = go - stop - H[H_RIVAL_WEIGHT] * max(0.0, rival)
    if sunken and ending_soon(S, T, g):
        me = S[g, S_VP + p] + stop
        best = -np.inf
        for o in range(T[T_N]):
            if o == p:
                continue
            v = float(S[g, S_VP + o])
            if (S[g, S_D_IN] >> o) & 1:
                _public_diver(S, T, g, o, W, True)
                v = S[g, S_VP + o] + stop_at(W[W_SV:], encode(W[W_SV:], drawn))
            best = max(best, v)
        if me > best + 2 and margin < 3:
            return T[T_A_STOP]  # the game ends with this dive: bank the win
        if me <= best:
            return T[T_A_CONTINUE]  # nothing to lose by pushing
    return T[T_A_CONTINUE] if margin > 0 else T[T_A_STOP]


# ---- the entry point ----------------------------------------------------------------------------
@kernel()
def heuristic_choose(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, seat: int, out: np.ndarray,
                     W: np.ndarray, F: np.ndarray) -> int:
    """The heuristic's action for ``seat`` (the seat to act) in game ``g``. ``out``: scratch of
    ``MAX_ACTIONS`` int64 (its legal actions); ``W``, ``F``: :func:`~fathom.games.deep_blue.bots.compiled.heur_tables.scratch`."""
    m = legal(S, T, g, out)
    if m == 1:
        return out[0]
    p = seat
    phase = S[g, S_PHASE]
    gains = F[F_GAINS:F_GAINS + MAX_PLAYERS]
    if phase == ph.TURN or phase == ph.PAY or phase == ph.TAKE or phase == ph.SAIL_PAY:
        use_values(S, T, H, g, F, W)
    a = out[0]
    if phase == ph.TURN:
        a = turn(S, T, H, g, p, out, m, F, W, gains)
    elif phase == ph.PAY:
        a = pay(S, T, H, g, p, out, m, F, W)
    elif phase == ph.TAKE:
        a = take(S, T, H, g, out, m, F)
    elif phase == ph.SAIL_PAY:
        a = sail_pay(S, T, H, g, p, out, m, F, W, gains)
    elif phase == ph.SAIL_MOVE:
        a = sail_move(S, T, H, g, p, out, m, F, W, gains)
    elif phase == ph.SCOUT:
        a = scout(S, T, H, g, p, out, m, W, F)
    elif phase == ph.STORM_ORDER:
        a = storm_order(S, T, H, g, p, out, m, W, F, gains)
    elif phase == ph.RUSH:
        a = rush(S, T, H, g, p, out, m, W, F)
    elif phase == ph.DEFEND:
        a = defend(S, T, H, g, p, out, m, W)
    elif phase == ph.PLAY:
        a = play(T, out, m)
    elif phase == ph.CONTINUE:
        a = continue_(S, T, H, g, p, W, F)
    return a if _has(out, m, a) else out[0]


@njit(cache=True)
def decide_rows(S: np.ndarray, T: np.ndarray, H: np.ndarray, seats: np.ndarray, actions: np.ndarray,
                W: np.ndarray, F: np.ndarray) -> None:
    """``actions[g]``: the heuristic's action for ``seats[g]`` in every game ``g`` (all at a decision)."""
    out = np.empty(MAX_ACTIONS, np.int64)
    for g in range(S.shape[0]):
        actions[g] = heuristic_choose(S, T, H, g, seats[g], out, W, F)
