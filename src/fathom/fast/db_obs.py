"""Deep Blue observations and action masks built inside the kernel.

The vector is ``DeepBlueEncoder(game).encode(state.view(seat), seat)`` (``fathom.rl.encoding``, field
table in ``docs/rl.md``), value for value: the same float64 arithmetic, then stored as float32. The
offsets and scales come from that encoder (:func:`params`), so the layout has one definition.
:mod:`fathom.fast.db_verify` compares the two vectors for every seat, which checks the compiled side's
view of each seat against the reference view as a learner sees it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.core.api import CHANCE
from fathom.fast.db_crew import owned_cards
from fathom.fast.db_kernel import legal, winners
from fathom.fast.db_tables import (
    MAX_CARDS,
    MAX_NODES,
    MAX_SPOTS,
    N_GEMS,
    N_KINDS,
    S_BAG,
    S_BOAT_NODE,
    S_BOAT_SPOT,
    S_CUR,
    S_D_CARD_VP,
    S_D_DRAWN,
    S_D_HAZ,
    S_D_HAZ_H,
    S_D_IN,
    S_D_JOINED,
    S_D_LEADER,
    S_D_ORDER_N,
    S_D_OUT,
    S_D_SITE,
    S_D_STEP,
    S_D_STEP_N,
    S_D_TILE,
    S_DECK,
    S_DISCARDED,
    S_FRESCO,
    S_HAND,
    S_HIST,
    S_IN_PLAY,
    S_LANDING,
    S_LANDING_H,
    S_MARKET,
    S_PAY_FOR,
    S_PAY_LEFT,
    S_PHASE,
    S_REST,
    S_REST_LEFT,
    S_SAIL_POINTS,
    S_SCEN,
    S_SITE_GEM,
    S_SITE_TILE,
    S_STORM,
    S_STORM_N,
    S_SUPPLY,
    S_TOKENS,
    S_TURN,
    S_UNREVEALED,
    S_VP,
    T_HIDDEN,
    T_LEADER_VP,
    T_N,
    T_NC,
    T_NN,
    T_NSPOTS,
    T_NT,
    T_NUM_PLAYER_ACTIONS,
    T_ONE_COUNT,
    T_SCEN,
    T_SPOTS,
    T_SUNKEN,
)
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.game import MARKET_SLOTS

# OFF: the encoder's offsets, these first, then MARKET_SLOTS market slots, then per relative seat
# the SEAT_FIELDS, then per site its SITE_FIELDS and (kind, boat) of each spot
FIELDS = ("o_phase", "o_to_move", "o_turn", "o_move", "o_scenario", "o_opts", "o_paying", "o_left_pay",
          "o_movement", "o_scout", "o_hazard", "o_storm", "o_rest_left", "o_hand", "o_rest", "o_deck",
          "o_discarded", "o_bag", "o_bag_count", "o_supply", "o_face_down", "o_fresco", "o_dive", "o_dive_site",
          "o_dive_sunken", "o_dive_leader", "o_dive_in", "o_dive_out", "o_dive_counts", "o_dive_drawn",
          "o_dive_vp", "o_dive_pending", "o_winners")
(O_PHASE, O_TO_MOVE, O_TURN, O_MOVE, O_SCENARIO, O_OPTS, O_PAYING, O_LEFT_PAY, O_MOVEMENT, O_SCOUT, O_HAZARD,
 O_STORM, O_REST_LEFT, O_HAND, O_REST, O_DECK, O_DISCARDED, O_BAG, O_BAG_COUNT, O_SUPPLY, O_FACE_DOWN, O_FRESCO,
 O_DIVE, O_DIVE_SITE, O_DIVE_SUNKEN, O_DIVE_LEADER, O_DIVE_IN, O_DIVE_OUT, O_DIVE_COUNTS, O_DIVE_DRAWN, O_DIVE_VP,
 O_DIVE_PENDING, O_WINNERS) = range(len(FIELDS))
O_MARKET = len(FIELDS)
SEAT_FIELDS = ("vp", "vp_hidden", "tokens", "hand_count", "rest_count", "owned", "in_play", "boat0", "spot0",
               "boat1", "spot1")
(SO_VP, SO_VP_HIDDEN, SO_TOKENS, SO_HAND_COUNT, SO_REST_COUNT, SO_OWNED, SO_IN_PLAY, SO_BOAT0, SO_SPOT0, SO_BOAT1,
 SO_SPOT1) = range(len(SEAT_FIELDS))
O_SEATS = O_MARKET + MARKET_SLOTS
SITE_FIELDS = ("state", "tile", "leader_vp", "sunken", "gem")
SI_STATE, SI_TILE, SI_LEADER_VP, SI_SUNKEN, SI_GEM = range(len(SITE_FIELDS))
# E: scales, then each card type's copies (E_COPIES + card) and each gem colour's total (E_GEMS + gem)
(E_SIZE, E_PRICE, E_LEADER, E_DECK, E_FRESCO, E_FACE_DOWN, E_VP, E_CARDS, E_GEM_SUM, E_MAX_SPOTS, E_NSITES) = range(11)
E_COPIES = 11
E_GEMS = E_COPIES + MAX_CARDS
E_SITE_OF = E_GEMS + N_GEMS  # site index of each node (-1: no site)
E_LEN = E_SITE_OF + MAX_NODES


def params(encoder: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(OFF, E)``: the encoder's field offsets, its scales and the site of each node, as arrays."""
    n = encoder.num_players
    offsets = [getattr(encoder, name) for name in FIELDS] + list(encoder.o_market)
    offsets += [encoder.o_seat[k][name] for k in range(n) for name in SEAT_FIELDS]
    for site in encoder.o_site:
        offsets += [site[name] for name in SITE_FIELDS]
        for kind, boat in site["spots"]:
            offsets += [kind, boat]
    e = np.zeros(E_LEN, np.float64)
    e[:E_COPIES] = [encoder.size, encoder.price_scale, encoder.leader_scale, encoder.deck_total,
                    encoder.fresco_needed, encoder.face_down_total, encoder.vp_scale, encoder.card_count_scale,
                    encoder.gem_sum, encoder.max_spots, encoder.n_sites]
    e[E_COPIES:E_COPIES + len(encoder.card_copies)] = encoder.card_copies
    e[E_GEMS:E_GEMS + N_GEMS] = encoder.gem_total
    e[E_SITE_OF:E_SITE_OF + MAX_NODES] = -1
    comp = encoder.game.components
    for node_id, i in encoder.site_index.items():
        e[E_SITE_OF + comp.node_ids.index(node_id)] = i
    return np.array(offsets, np.int64), e


@njit(cache=True, inline="always")
def _min1(x: float) -> float:
    return min(1.0, x)


@njit(cache=True)
def _cards(S: np.ndarray, E: np.ndarray, g: int, nc: int, start: int, out: np.ndarray, at: int) -> None:
    """Counts per card type / copies, capped at 1 (the encoder's ``_counts``)."""
    for c in range(nc):
        k = S[g, start + c]
        if k:
            v = k / E[E_COPIES + c]
            out[at + c] = 1.0 if v > 1.0 else v


@njit(cache=True)
def observe(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, g: int, seat: int, out: np.ndarray,
            scratch: np.ndarray) -> None:
    """Seat ``seat``'s observation of game ``g`` into ``out`` (zeroed here); ``scratch``: int64 of
    ``MAX_PLAYERS``."""
    n, nc, nt = T[T_N], T[T_NC], T[T_NT]
    for i in range(int(E[E_SIZE])):
        out[i] = 0.0
    phase = S[g, S_PHASE]
    over = phase == ph.OVER
    out[OFF[O_PHASE] + phase] = 1.0
    cur = S[g, S_CUR]
    if cur >= 0:
        out[OFF[O_TO_MOVE] + (cur - seat) % n] = 1.0
    else:
        out[OFF[O_TO_MOVE] + n + (0 if cur == CHANCE else 1)] = 1.0
    out[OFF[O_TURN] + (S[g, S_TURN] - seat) % n] = 1.0
    out[OFF[O_MOVE]] = _min1(S[g, S_HIST] / 3000)
    if not (T[T_SCEN] < 0 and phase == ph.SETUP_SCENARIO):  # all zero until a random card is drawn
        out[OFF[O_SCENARIO] + S[g, S_SCEN]] = 1.0
    out[OFF[O_OPTS]] = 1.0 if T[T_HIDDEN] else 0.0
    out[OFF[O_OPTS] + 1] = 1.0 if T[T_ONE_COUNT] else 0.0
    # the step under way
    if phase == ph.PAY:
        out[OFF[O_PAYING] + S[g, S_PAY_FOR]] = 1.0  # slots 0-3, then the refresh (REFRESH == MARKET_SLOTS)
        out[OFF[O_LEFT_PAY]] = _min1(S[g, S_PAY_LEFT] / E[E_PRICE])
    elif phase == ph.SAIL_PAY or phase == ph.SAIL_MOVE:
        out[OFF[O_MOVEMENT]] = _min1(S[g, S_SAIL_POINTS] / 10)
    elif phase == ph.SCOUT:
        out[OFF[O_SCOUT] + S[g, S_LANDING + S[g, S_LANDING_H]]] = 1.0
    elif phase == ph.DEFEND:
        out[OFF[O_HAZARD] + S[g, S_D_HAZ + S[g, S_D_HAZ_H]]] = 1.0
    elif phase == ph.STORM_ORDER:
        for i in range(S[g, S_STORM_N]):
            out[OFF[O_STORM] + int(E[E_SITE_OF + S[g, S_STORM + i]])] = 1.0
    elif phase == ph.REST_DRAW:
        out[OFF[O_REST_LEFT]] = _min1(S[g, S_REST_LEFT] / 3)
    # seats, relative to the observer
    hide = T[T_HIDDEN] and not over
    per_seat = len(SEAT_FIELDS)
    for p in range(n):
        k = (p - seat) % n
        o = O_SEATS + k * per_seat
        if hide and p != seat:
            out[OFF[o + SO_VP_HIDDEN]] = 1.0
        else:
            out[OFF[o + SO_VP]] = _min1(max(0.0, S[g, S_VP + p] / E[E_VP]))
        out[OFF[o + SO_TOKENS]] = _min1(S[g, S_TOKENS + p] / 2)
        hand = rest = 0
        for c in range(nc):
            hand += S[g, S_HAND + p * MAX_CARDS + c]
            rest += S[g, S_REST + p * MAX_CARDS + c]
        out[OFF[o + SO_HAND_COUNT]] = _min1(hand / E[E_CARDS])
        out[OFF[o + SO_REST_COUNT]] = _min1(rest / E[E_CARDS])
        out[OFF[o + SO_OWNED]] = _min1(owned_cards(S, T, g, p) / E[E_CARDS])
        _cards(S, E, g, nc, S_IN_PLAY + p * MAX_CARDS, out, OFF[o + SO_IN_PLAY])
        for b in range(2):
            node = S[g, S_BOAT_NODE + 2 * p + b]
            spot = S[g, S_BOAT_SPOT + 2 * p + b]
            tile = S[g, S_SITE_TILE + node]
            out[OFF[o + (SO_BOAT0 if b == 0 else SO_BOAT1)] + node] = 1.0
            kind = T[T_SPOTS + tile * MAX_SPOTS + spot] if spot >= 0 and tile >= 0 else N_KINDS
            out[OFF[o + (SO_SPOT0 if b == 0 else SO_SPOT1)] + kind] = 1.0
    _cards(S, E, g, nc, S_HAND + seat * MAX_CARDS, out, OFF[O_HAND])
    _cards(S, E, g, nc, S_REST + seat * MAX_CARDS, out, OFF[O_REST])
    # market, deck, discards, gems
    for j in range(MARKET_SLOTS):
        card = S[g, S_MARKET + j]
        out[OFF[O_MARKET + j] + (card if card >= 0 else nc)] = 1.0
    deck = 0
    for c in range(nc):
        deck += S[g, S_DECK + c]
    out[OFF[O_DECK]] = _min1(deck / E[E_DECK])
    _cards(S, E, g, nc, S_DISCARDED, out, OFF[O_DISCARDED])
    bag = 0
    for k in range(N_GEMS):
        if S[g, S_BAG + k]:
            out[OFF[O_BAG] + k] = _min1(S[g, S_BAG + k] / E[E_GEMS + k])
        if S[g, S_SUPPLY + k]:
            out[OFF[O_SUPPLY] + k] = _min1(S[g, S_SUPPLY + k] / E[E_GEMS + k])
        bag += S[g, S_BAG + k]
    out[OFF[O_BAG_COUNT]] = _min1(bag / E[E_GEM_SUM])
    _sites(S, T, OFF, E, g, seat, out, O_SEATS + n * per_seat)
    unrevealed = 0
    for t in range(nt):
        unrevealed += S[g, S_UNREVEALED + t]
    out[OFF[O_FACE_DOWN]] = _min1(unrevealed / E[E_FACE_DOWN])
    out[OFF[O_FRESCO]] = _min1(S[g, S_FRESCO] / E[E_FRESCO])
    if S[g, S_D_SITE] >= 0:
        _dive(S, T, OFF, E, g, seat, out)
    m = winners(S, T, g, scratch)
    for i in range(m):
        out[OFF[O_WINNERS] + (scratch[i] - seat) % n] = 1.0


@njit(cache=True)
def _sites(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, g: int, seat: int, out: np.ndarray,
           base: int) -> None:
    n = T[T_N]
    max_spots = int(E[E_MAX_SPOTS])
    width = len(SITE_FIELDS) + 2 * max_spots
    for node in range(T[T_NN]):
        i = int(E[E_SITE_OF + node])
        if i < 0:
            continue
        o = base + i * width
        tile = S[g, S_SITE_TILE + node]
        if tile == -2:
            out[OFF[o + SI_STATE]] = 1.0
        elif tile < 0:
            out[OFF[o + SI_STATE] + 1] = 1.0
        else:
            out[OFF[o + SI_STATE] + 2] = 1.0
            out[OFF[o + SI_TILE] + tile] = 1.0
            out[OFF[o + SI_LEADER_VP]] = _min1(T[T_LEADER_VP + tile] / E[E_LEADER])
            out[OFF[o + SI_SUNKEN]] = 1.0 if T[T_SUNKEN + tile] else 0.0
            for s in range(min(T[T_NSPOTS + tile], max_spots)):
                out[OFF[o + len(SITE_FIELDS) + 2 * s] + T[T_SPOTS + tile * MAX_SPOTS + s]] = 1.0
                for b in range(2 * n):  # the boat holding spot s, if any
                    if S[g, S_BOAT_NODE + b] == node and S[g, S_BOAT_SPOT + b] == s:
                        out[OFF[o + len(SITE_FIELDS) + 2 * s + 1] + (b // 2 - seat) % n] = 1.0
        gem = S[g, S_SITE_GEM + node]
        if gem >= 0:
            out[OFF[o + SI_GEM] + gem] = 1.0


@njit(cache=True)
def _dive(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, g: int, seat: int, out: np.ndarray) -> None:
    n = T[T_N]
    out[OFF[O_DIVE]] = 1.0
    out[OFF[O_DIVE_SITE] + int(E[E_SITE_OF + S[g, S_D_SITE]])] = 1.0
    out[OFF[O_DIVE_SUNKEN]] = 1.0 if T[T_SUNKEN + S[g, S_D_TILE]] else 0.0
    leader = S[g, S_D_LEADER]
    if leader >= 0:
        out[OFF[O_DIVE_LEADER] + (leader - seat) % n] = 1.0
    for p in range(n):
        if S[g, S_D_IN] >> p & 1:
            out[OFF[O_DIVE_IN] + (p - seat) % n] = 1.0
        if S[g, S_D_OUT] >> p & 1:
            out[OFF[O_DIVE_OUT] + (p - seat) % n] = 1.0
        if S[g, S_D_JOINED] >> p & 1:
            out[OFF[O_DIVE_VP] + (p - seat) % n] = _min1(max(0.0, S[g, S_D_CARD_VP + p] / 60))
    for k in range(N_GEMS):
        if S[g, S_D_DRAWN + k]:
            out[OFF[O_DIVE_COUNTS] + k] = _min1(S[g, S_D_DRAWN + k] / 10)
    out[OFF[O_DIVE_DRAWN]] = _min1(S[g, S_D_ORDER_N] / 20)
    for i in range(S[g, S_D_STEP_N]):
        out[OFF[O_DIVE_PENDING] + S[g, S_D_STEP + i]] += 0.5


@njit(cache=True)
def action_mask(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray, scratch: np.ndarray) -> None:
    """The deciding seat's legal actions as 0/1 over the player actions (all 0 at chance or the end);
    ``scratch``: int64 room for a legal list."""
    for a in range(T[T_NUM_PLAYER_ACTIONS]):
        out[a] = 0
    if S[g, S_CUR] < 0:
        return
    for i in range(legal(S, T, g, scratch)):
        out[scratch[i]] = 1

