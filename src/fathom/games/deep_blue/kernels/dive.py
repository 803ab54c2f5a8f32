"""Deep Blue compiled: the dive (R-DB-8..17): rush, draws, hazards and defence, card plays, scoring.

Mirrors :mod:`fathom.games.deep_blue.dive` and :mod:`fathom.games.deep_blue.scoring` step for step,
with one change of form: where the reference's ``end_dive`` goes on to the storm dives still owed
(R-DB-16), this one sets ``S_AGAIN`` and :func:`fathom.games.deep_blue.kernels.kernel.apply` resolves them once the
step returns (numba compiles no cycle of calls; the call is the reference's last effect either way).
The hazard queue is a loop for the same reason.
"""

from __future__ import annotations

import numpy as np
from fathom.fast.jit import kernel

from fathom.core.api import CHANCE
from fathom.games.deep_blue.kernels.crew import add_once, cards_to_rest, game_over, play_card, sort_small
from fathom.games.deep_blue.kernels.tables import (
    MAX_CARDS,
    MAX_NODES,
    MAX_SPOTS,
    N_GEMS,
    N_KINDS,
    SC_BOUNTY,
    SC_CARD_BONUS,
    SC_EVERYONE,
    SC_PER_DRAW,
    SC_RUSH,
    SC_WIDTH,
    S_AGAIN,
    S_BAG,
    S_BAG_N,
    S_BOAT_NODE,
    S_BOAT_SPOT,
    S_CUR,
    S_D_BOTH,
    S_D_CARD_VP,
    S_D_COUNT_USED,
    S_D_DRAWN,
    S_D_HAZ,
    S_D_HAZ_H,
    S_D_HAZ_N,
    S_D_IN,
    S_D_JOINED,
    S_D_LEADER,
    S_D_ORDER,
    S_D_ORDER_N,
    S_D_OUT,
    S_D_Q,
    S_D_Q_H,
    S_D_Q_N,
    S_D_SITE,
    S_D_STEP,
    S_D_STEP_N,
    S_D_TILE,
    S_FRESCO,
    S_HAND,
    S_PHASE,
    S_RUSH,
    S_RUSH_H,
    S_RUSH_N,
    S_SCEN,
    S_SITE_GEM,
    S_SITE_TILE,
    S_STORM,
    S_STORM_N,
    S_VP,
    T_A_DEFEND_CARD,
    T_A_DEFEND_SPOT,
    T_A_DONE,
    T_A_PLAY,
    T_A_RESURFACE,
    T_A_RUSH,
    T_A_STOP,
    T_ACT_ARG,
    T_ACT_KIND,
    T_BOUNTY_SET,
    T_BOUNTY_VP,
    T_C_GEM0,
    T_CARD_VP,
    T_DEFENDS,
    T_DIST,
    T_GEM_VP,
    T_GEM_VP_SPOT,
    T_HAZARD_FROM,
    T_LEADER_VP,
    T_N,
    T_NC,
    T_NEEDS,
    T_NEEDS_ANY,
    T_ONE_COUNT,
    T_PROTECTS,
    T_SCEN_TABLE,
    T_SCORES,
    T_SPOTS,
    T_SUNKEN,
    T_SUNKEN_COUNT,
    T_TREASURE_SPOT,
    K_DEFEND_CARD,
    K_RESURFACE,
)
from fathom.games.deep_blue import phases as ph

RUSH, DRAW, DEFEND, PLAY, CONTINUE = ph.RUSH, ph.DRAW, ph.DEFEND, ph.PLAY, ph.CONTINUE


@kernel(inline="always")
def scen(S: np.ndarray, T: np.ndarray, g: int, column: int) -> int:
    """A rule switch of the scenario in play (``SC_*``)."""
    return T[T_SCEN_TABLE + S[g, S_SCEN] * SC_WIDTH + column]


@kernel(inline="always")
def _sunken(S: np.ndarray, T: np.ndarray, g: int) -> bool:
    """Scenarios change only dives on Sunken City tiles."""
    return T[T_SUNKEN + S[g, S_D_TILE]] != 0


# ---- start and rush (R-DB-8) ----------------------------------------------------------------------
@kernel()
def rush_candidates(S: np.ndarray, T: np.ndarray, g: int, p: int) -> int:
    """Boats of ``p`` that may rush, as a mask (bit b: boat b): not on the tile, 1 (Storm: up to 2)
    moves away, and not on a Sunken City tile whose storm dive is still owed (R-DB-16)."""
    reach = scen(S, T, g, SC_RUSH) if _sunken(S, T, g) else 1
    if reach == 0:
        return 0
    site = S[g, S_D_SITE]
    out = 0
    for b in range(2):
        node = S[g, S_BOAT_NODE + 2 * p + b]
        d = T[T_DIST + site * MAX_NODES + node]
        if 1 <= d <= reach:
            owed = False
            for i in range(S[g, S_STORM_N]):
                if S[g, S_STORM + i] == node:
                    owed = True
            if not owed:
                out |= 1 << b
    return out


@kernel()
def start_dive(S: np.ndarray, T: np.ndarray, g: int, node: int, leader: int) -> None:
    S[g, S_D_SITE] = node
    S[g, S_D_TILE] = S[g, S_SITE_TILE + node]
    S[g, S_D_LEADER] = leader
    n = T[T_N]
    m = 0
    for i in range(n):
        p = (leader + i) % n
        if rush_candidates(S, T, g, p):
            S[g, S_RUSH + m] = p
            m += 1
    S[g, S_RUSH_H] = 0
    S[g, S_RUSH_N] = m
    next_rusher(S, T, g)


@kernel(inline="always")
def ask_next(S: np.ndarray, g: int, head: int, end: int, items: int, phase: int) -> bool:
    """The next seat of a queue (``S[g, items + head]``) decides in ``phase``; False when it is empty."""
    if S[g, head] < S[g, end]:
        S[g, S_PHASE] = phase
        S[g, S_CUR] = S[g, items + S[g, head]]
        return True
    return False


@kernel()
def next_rusher(S: np.ndarray, T: np.ndarray, g: int) -> None:
    if not ask_next(S, g, S_RUSH_H, S_RUSH_N, S_RUSH, RUSH):
        begin_drawing(S, T, g)


@kernel()
def legal_rush(S: np.ndarray, T: np.ndarray, g: int, p: int, out: np.ndarray) -> int:
    boats = rush_candidates(S, T, g, p)
    m = 0
    for b in range(2):
        if boats >> b & 1:
            out[m] = T[T_A_RUSH + b]
            m += 1
    out[m] = T[T_A_DONE]
    return sort_small(out, m + 1)


@kernel()
def apply_rush(S: np.ndarray, T: np.ndarray, g: int, p: int, action: int) -> None:
    if action == T[T_A_DONE]:
        S[g, S_RUSH_H] += 1
    else:
        boat = T[T_ACT_ARG + action]
        S[g, S_BOAT_NODE + 2 * p + boat] = S[g, S_D_SITE]
        S[g, S_BOAT_SPOT + 2 * p + boat] = -1  # rushing boats take the centre, never a spot
        if not rush_candidates(S, T, g, p):
            S[g, S_RUSH_H] += 1
    next_rusher(S, T, g)


# ---- drawing -------------------------------------------------------------------------------------
@kernel()
def begin_drawing(S: np.ndarray, T: np.ndarray, g: int) -> None:
    node = S[g, S_D_SITE]
    joined = both = 0
    for p in range(T[T_N]):
        here = (S[g, S_BOAT_NODE + 2 * p] == node) + (S[g, S_BOAT_NODE + 2 * p + 1] == node)
        if here:
            joined |= 1 << p
        if here == 2:
            both |= 1 << p
        S[g, S_D_CARD_VP + p] = 0
    S[g, S_D_JOINED] = S[g, S_D_IN] = joined
    S[g, S_D_BOTH] = both  # R-DB-14 (Ruins of Plenty): both boats there when the dive began
    for k in range(N_GEMS):
        S[g, S_D_DRAWN + k] = 0
    gem = S[g, S_SITE_GEM + node]
    if gem >= 0:  # R-DB-15: the tile's gem is the dive's first draw
        S[g, S_SITE_GEM + node] = -1
        S[g, S_D_STEP] = gem
        S[g, S_D_STEP_N] = 1
        process_step(S, T, g)
    else:
        next_draw(S, T, g)


@kernel()
def next_draw(S: np.ndarray, T: np.ndarray, g: int) -> None:
    if S[g, S_BAG_N] == 0:  # R-DB-12: an empty bag ends the dive as if the leader stopped
        end_dive(S, T, g)
        return
    S[g, S_D_STEP_N] = 0
    S[g, S_PHASE] = DRAW
    S[g, S_CUR] = CHANCE


@kernel()
def apply_draw(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    gem = action - T[T_C_GEM0]
    S[g, S_BAG + gem] -= 1
    S[g, S_BAG_N] -= 1
    S[g, S_D_STEP + S[g, S_D_STEP_N]] = gem
    S[g, S_D_STEP_N] += 1
    per_draw = scen(S, T, g, SC_PER_DRAW) if _sunken(S, T, g) else 1
    if S[g, S_D_STEP_N] < per_draw and S[g, S_BAG_N] > 0:
        return  # R-DB-11: the second gem of the pair
    process_step(S, T, g)


@kernel()
def process_step(S: np.ndarray, T: np.ndarray, g: int) -> None:
    """The gems of ``S_D_STEP`` join the dive; a second or later black or blue is a hazard (R-DB-9)."""
    hazards = 0
    for i in range(S[g, S_D_STEP_N]):
        gem = S[g, S_D_STEP + i]
        if S[g, S_D_DRAWN + gem] >= T[T_HAZARD_FROM + gem]:  # R-DB-9 (dive_model.is_hazard)
            S[g, S_D_HAZ + hazards] = gem
            hazards += 1
        S[g, S_D_DRAWN + gem] += 1
        S[g, S_D_ORDER + S[g, S_D_ORDER_N]] = gem
        S[g, S_D_ORDER_N] += 1
    S[g, S_D_STEP_N] = 0
    S[g, S_D_HAZ_H] = 0
    S[g, S_D_HAZ_N] = hazards
    next_hazard(S, T, g)


@kernel()
def _divers_from_leader(S: np.ndarray, T: np.ndarray, g: int) -> None:
    """``S_D_Q``: divers still in, leader first then clockwise."""
    n = T[T_N]
    leader = S[g, S_D_LEADER]
    m = 0
    for i in range(n):
        p = (leader + i) % n
        if S[g, S_D_IN] >> p & 1:
            S[g, S_D_Q + m] = p
            m += 1
    S[g, S_D_Q_H] = 0
    S[g, S_D_Q_N] = m


# ---- hazards (R-DB-9, R-DB-12): every diver still in is asked, whatever its hand ------------------
@kernel()
def next_hazard(S: np.ndarray, T: np.ndarray, g: int) -> None:
    """Put the next hazard to the divers, leader first; none left: card plays."""
    while True:
        if S[g, S_D_HAZ_H] == S[g, S_D_HAZ_N]:
            start_card_plays(S, T, g)
            return
        _divers_from_leader(S, T, g)
        if S[g, S_D_Q_N]:
            S[g, S_PHASE] = DEFEND
            S[g, S_CUR] = S[g, S_D_Q]
            return
        S[g, S_D_HAZ_H] += 1  # nobody left to answer this hazard


@kernel()
def ask_defender(S: np.ndarray, T: np.ndarray, g: int) -> None:
    if not ask_next(S, g, S_D_Q_H, S_D_Q_N, S_D_Q, DEFEND):  # every diver has answered this hazard once
        S[g, S_D_HAZ_H] += 1
        next_hazard(S, T, g)


@kernel()
def legal_defend(S: np.ndarray, T: np.ndarray, g: int, p: int, out: np.ndarray) -> int:
    """Defence cards of the hazard's colour in hand and spots that defend it, sorted, then resurface."""
    gem = S[g, S_D_HAZ + S[g, S_D_HAZ_H]]
    m = 0
    for c in range(T[T_NC]):
        if S[g, S_HAND + p * MAX_CARDS + c] and T[T_PROTECTS + c] == gem:
            m = add_once(out, m, T[T_A_DEFEND_CARD + c])
    site = S[g, S_D_SITE]
    tile = S[g, S_D_TILE]
    for b in range(2 * p, 2 * p + 2):
        spot = S[g, S_BOAT_SPOT + b]
        if S[g, S_BOAT_NODE + b] == site and spot >= 0:
            kind = T[T_SPOTS + tile * MAX_SPOTS + spot]
            if T[T_DEFENDS + gem * N_KINDS + kind]:
                m = add_once(out, m, T[T_A_DEFEND_SPOT + kind])
    sort_small(out, m)
    out[m] = T[T_A_RESURFACE]
    return m + 1


@kernel()
def apply_defend(S: np.ndarray, T: np.ndarray, g: int, p: int, action: int) -> None:
    kind = T[T_ACT_KIND + action]
    if kind == K_RESURFACE:
        resurface(S, T, g, p)
    elif kind == K_DEFEND_CARD:
        play_card(S, T, g, p, T[T_ACT_ARG + action])
    else:
        spot_kind = T[T_ACT_ARG + action]
        tile = S[g, S_D_TILE]
        for b in range(2 * p, 2 * p + 2):
            spot = S[g, S_BOAT_SPOT + b]
            if (S[g, S_BOAT_NODE + b] == S[g, S_D_SITE] and spot >= 0
                    and T[T_SPOTS + tile * MAX_SPOTS + spot] == spot_kind):
                S[g, S_BOAT_SPOT + b] = -1  # used once: the boat moves to the centre
                break
    S[g, S_D_Q_H] += 1
    ask_defender(S, T, g)


@kernel()
def resurface(S: np.ndarray, T: np.ndarray, g: int, p: int) -> None:
    """R-DB-13: out of the dive; boats leave their spots; card VP kept, gem VP lost."""
    S[g, S_D_IN] &= ~(1 << p)
    S[g, S_D_OUT] |= 1 << p
    for b in range(2 * p, 2 * p + 2):
        if S[g, S_BOAT_NODE + b] == S[g, S_D_SITE]:
            S[g, S_BOAT_SPOT + b] = -1


# ---- card plays (R-DB-9, R-DB-10) ---------------------------------------------------------------
@kernel()
def start_card_plays(S: np.ndarray, T: np.ndarray, g: int) -> None:
    _divers_from_leader(S, T, g)
    ask_card_player(S, T, g)


@kernel()
def ask_card_player(S: np.ndarray, T: np.ndarray, g: int) -> None:
    """Each diver still in, leader first, plays cards until ``done`` (asked even with none playable)."""
    if not ask_next(S, g, S_D_Q_H, S_D_Q_N, S_D_Q, PLAY):
        after_card_plays(S, T, g)


@kernel()
def legal_play(S: np.ndarray, T: np.ndarray, g: int, p: int, out: np.ndarray) -> int:
    """Scoring cards in hand whose needs the drawn gems meet (R-DB-10), then ``done``."""
    total = S[g, S_D_ORDER_N]
    one_count = T[T_ONE_COUNT] and S[g, S_D_COUNT_USED] >> p & 1
    m = 0
    for c in range(T[T_NC]):
        if not S[g, S_HAND + p * MAX_CARDS + c] or not T[T_SCORES + c]:
            continue
        if one_count and T[T_NEEDS_ANY + c]:
            continue
        met = total >= T[T_NEEDS_ANY + c]
        for k in range(N_GEMS):
            if S[g, S_D_DRAWN + k] < T[T_NEEDS + c * N_GEMS + k]:
                met = False
        if met:
            out[m] = T[T_A_PLAY + c]
            m += 1
    out[m] = T[T_A_DONE]
    return sort_small(out, m + 1)


@kernel()
def apply_play(S: np.ndarray, T: np.ndarray, g: int, p: int, action: int) -> None:
    if action == T[T_A_DONE]:
        S[g, S_D_Q_H] += 1
    else:
        card = T[T_ACT_ARG + action]
        play_card(S, T, g, p, card)
        bonus = scen(S, T, g, SC_CARD_BONUS) if _sunken(S, T, g) else 0  # R-DB-14
        S[g, S_D_CARD_VP + p] += T[T_CARD_VP + card] + bonus
        if T[T_NEEDS_ANY + card]:
            S[g, S_D_COUNT_USED] |= 1 << p
    ask_card_player(S, T, g)


@kernel()
def after_card_plays(S: np.ndarray, T: np.ndarray, g: int) -> None:
    leader = S[g, S_D_LEADER]
    if not S[g, S_D_IN] >> leader & 1:  # R-DB-12: the leader resurfaced
        end_dive(S, T, g)
    else:
        S[g, S_PHASE] = CONTINUE
        S[g, S_CUR] = leader
        if S[g, S_BAG_N] == 0:
            next_draw(S, T, g)  # nothing left to draw: ends as a stop


@kernel()
def apply_continue(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    if action == T[T_A_STOP]:
        end_dive(S, T, g)
    else:
        next_draw(S, T, g)


# ---- the end of the dive (R-DB-13, R-DB-14, R-DB-17) --------------------------------------------
@kernel()
def _gem_vp(S: np.ndarray, T: np.ndarray, g: int, kinds: int) -> int:
    """Treasure VP of a diver still in: a spot of a treasure's colour raises its rate (never twice)."""
    vp = 0
    for k in range(N_GEMS):
        spot = T[T_TREASURE_SPOT + k]
        if spot < 0:
            continue
        rate = T[T_GEM_VP_SPOT + k] if kinds >> spot & 1 else T[T_GEM_VP + k]
        vp += rate * S[g, S_D_DRAWN + k]
    return vp


@kernel()
def end_dive(S: np.ndarray, T: np.ndarray, g: int) -> None:
    n = T[T_N]
    node = S[g, S_D_SITE]
    tile = S[g, S_D_TILE]
    sunken = T[T_SUNKEN + tile] != 0
    leader = S[g, S_D_LEADER]
    joined, still_in, both = S[g, S_D_JOINED], S[g, S_D_IN], S[g, S_D_BOTH]
    everyone = sunken and scen(S, T, g, SC_EVERYONE) != 0  # Ruins of Plenty
    leader_vp = T[T_LEADER_VP + tile]
    for p in range(n):
        gained = 0
        if joined >> p & 1:
            gained += S[g, S_D_CARD_VP + p]  # kept even after resurfacing
            if still_in >> p & 1:
                kinds = 0
                for b in range(2 * p, 2 * p + 2):
                    spot = S[g, S_BOAT_SPOT + b]
                    if S[g, S_BOAT_NODE + b] == node and spot >= 0:
                        kinds |= 1 << T[T_SPOTS + tile * MAX_SPOTS + spot]
                gained += _gem_vp(S, T, g, kinds)
        if joined >> p & 1 or p == leader:
            if everyone:
                gained += leader_vp * (2 if both >> p & 1 else 1)
            elif p == leader:
                gained += leader_vp
        if p == leader and sunken and scen(S, T, g, SC_BOUNTY) and still_in >> leader & 1:  # Bounty Wrecks
            gained += T[T_BOUNTY_VP] * (S[g, S_D_ORDER_N] // T[T_BOUNTY_SET])
        S[g, S_VP + p] += gained
    for k in range(N_GEMS):  # R-DB-17: all drawn gems go back to the bag
        S[g, S_BAG + k] += S[g, S_D_DRAWN + k]
        S[g, S_BAG_N] += S[g, S_D_DRAWN + k]
    S[g, S_SITE_TILE + node] = -1
    for b in range(2 * n):
        if S[g, S_BOAT_NODE + b] == node:
            S[g, S_BOAT_SPOT + b] = -1
    if sunken:
        S[g, S_FRESCO] += 1
    for p in range(n):
        if joined >> p & 1:
            cards_to_rest(S, T, g, p)
    clear_dive(S, T, g)
    if S[g, S_FRESCO] >= T[T_SUNKEN_COUNT]:  # R-DB-17: the last Sunken City tile ends the game
        game_over(S, T, g)
        return
    S[g, S_AGAIN] = 1  # R-DB-16: the storm dives still owed come next (see db_kernel.apply)


@kernel()
def clear_dive(S: np.ndarray, T: np.ndarray, g: int) -> None:
    S[g, S_D_SITE] = S[g, S_D_TILE] = S[g, S_D_LEADER] = -1
    S[g, S_D_IN] = S[g, S_D_OUT] = S[g, S_D_JOINED] = S[g, S_D_BOTH] = S[g, S_D_COUNT_USED] = 0
    for k in range(N_GEMS):
        S[g, S_D_DRAWN + k] = 0
    for p in range(T[T_N]):
        S[g, S_D_CARD_VP + p] = 0
    S[g, S_D_ORDER_N] = S[g, S_D_STEP_N] = 0
    S[g, S_D_HAZ_H] = S[g, S_D_HAZ_N] = S[g, S_D_Q_H] = S[g, S_D_Q_N] = 0
