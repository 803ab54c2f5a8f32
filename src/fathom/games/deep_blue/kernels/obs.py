"""Deep Blue observations and action masks built inside the kernel, from the state row.

The vector is ``DeepBlueEncoder(game).encode(state.view(seat), seat)`` (``fathom.rl.encoding``,
field table in ``docs/rl.md``), value for value: what the view would say, read straight from the
row (:mod:`fathom.games.deep_blue.kernels.view` is the same reading in Python), the same float64 arithmetic, stored
as float32. The offsets and scales come from that encoder (:func:`params`), so the layout has one
definition; tests compare the two vectors at every learner decision of many games.

Why not through the view: building a view is a dictionary of a few hundred entries; the kernel
writes the few dozen non-zero values of the vector directly.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from fathom.fast.jit import kernel

from fathom.core.api import CHANCE, TERMINAL
from fathom.games.deep_blue.kernels.kernel import MAX_ACTIONS, legal, winners
from fathom.games.deep_blue.kernels.tables import (
    MAX_CARDS,
    MAX_NODES,
    MAX_PLAYERS,
    MAX_SPOTS,
    N_GEMS,
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
    T_NSPOTS,
    T_NT,
    T_ONE_COUNT,
    T_SCEN,
    T_SPOTS,
    T_SUNKEN,
)
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.data import SPOT_KINDS
from fathom.games.deep_blue.facts import FACE_DOWN
from fathom.games.deep_blue.game import MARKET_SLOTS
from fathom.games.deep_blue.market import REFRESH

# OFF, the encoder's offsets. First the single fields, in this order (encoder attribute names):
SINGLE = ("o_phase", "o_to_move", "o_turn", "o_move", "o_scenario", "o_opts", "o_paying", "o_left_pay",
          "o_movement", "o_scout", "o_hazard", "o_storm", "o_rest_left", "o_hand", "o_rest", "o_deck",
          "o_discarded", "o_bag", "o_bag_count", "o_supply", "o_face_down", "o_fresco", "o_dive", "o_dive_site",
          "o_dive_sunken", "o_dive_leader", "o_dive_in", "o_dive_out", "o_dive_counts", "o_dive_drawn",
          "o_dive_vp", "o_dive_pending", "o_winners")
(O_PHASE, O_TO_MOVE, O_TURN, O_MOVE, O_SCEN, O_OPTS, O_PAYING, O_LEFT_PAY, O_MOVEMENT, O_SCOUT, O_HAZARD, O_STORM,
 O_REST_LEFT, O_HAND, O_REST, O_DECK, O_DISCARDED, O_BAG, O_BAG_COUNT, O_SUPPLY, O_FACE_DOWN, O_FRESCO, O_DIVE,
 O_DIVE_SITE, O_DIVE_SUNKEN, O_DIVE_LEADER, O_DIVE_IN, O_DIVE_OUT, O_DIVE_COUNTS, O_DIVE_DRAWN, O_DIVE_VP,
 O_DIVE_PENDING, O_WINNERS) = range(len(SINGLE))
O_MARKET = len(SINGLE)  # MARKET_SLOTS entries
O_SIZE = O_MARKET + MARKET_SLOTS  # the vector's length
O_NSITES = O_SIZE + 1  # how many sites the layout has
# then each relative seat's fields (SEAT_FIELDS, the keys of encoder.o_seat[k]) ...
SEAT_FIELDS = ("vp", "vp_hidden", "tokens", "hand_count", "rest_count", "owned", "in_play", "boat0", "spot0",
               "boat1", "spot1")
(F_VP, F_VP_HIDDEN, F_TOKENS, F_HAND_COUNT, F_REST_COUNT, F_OWNED, F_IN_PLAY, F_BOAT0, F_SPOT0, F_BOAT1,
 F_SPOT1) = range(len(SEAT_FIELDS))
O_SEATS = O_NSITES + 1
# ... each site's (state, tile, leader_vp, sunken, gem, then kind and boat of each scouting spot) ...
SITE_FIELDS = ("state", "tile", "leader_vp", "sunken", "gem")
G_STATE, G_TILE, G_LEADER_VP, G_SUNKEN, G_GEM = range(len(SITE_FIELDS))
G_SPOTS = len(SITE_FIELDS)
SITE_STRIDE = G_SPOTS + 2 * MAX_SPOTS
O_SITES = O_SEATS + MAX_PLAYERS * len(SEAT_FIELDS)
# ... and, per map node, its site's index (-1: not a site); per site, its node
O_NODE_SITE = O_SITES + MAX_NODES * SITE_STRIDE
O_SITE_NODE = O_NODE_SITE + MAX_NODES
OFF_LEN = O_SITE_NODE + MAX_NODES

# E, the encoder's scales
(E_VP, E_CARD_COUNT, E_PRICE, E_LEADER, E_DECK, E_FRESCO, E_FACE_DOWN, E_GEM_SUM) = range(8)
E_COPIES = 8  # MAX_CARDS entries: max(1, copies) of each card type
E_GEM_TOTAL = E_COPIES + MAX_CARDS  # N_GEMS entries
E_LEN = E_GEM_TOTAL + N_GEMS

NO_SPOT = len(SPOT_KINDS)  # the "none" entry of a boat's spot field
SCRATCH = MAX_ACTIONS + MAX_PLAYERS  # int64 scratch observe() and action_mask() need
SETUP_SCENARIO, PAY, SAIL_PAY, SAIL_MOVE, SCOUT, STORM_ORDER, DEFEND, REST_DRAW, OVER = (
    ph.SETUP_SCENARIO, ph.PAY, ph.SAIL_PAY, ph.SAIL_MOVE, ph.SCOUT, ph.STORM_ORDER, ph.DEFEND, ph.REST_DRAW, ph.OVER)


def params(encoder: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(OFF, E)``: a :class:`~fathom.games.deep_blue.encoding.DeepBlueEncoder`'s offsets and scales as
    arrays for the kernel (the layout of both: this module's ``O_*`` and ``E_*``)."""
    comp = encoder.game.components
    off = np.full(OFF_LEN, -1, np.int64)
    off[:len(SINGLE)] = [getattr(encoder, name) for name in SINGLE]
    off[O_MARKET:O_MARKET + MARKET_SLOTS] = encoder.o_market
    off[O_SIZE], off[O_NSITES] = encoder.size, encoder.n_sites
    for k, fields in enumerate(encoder.o_seat):
        base = O_SEATS + k * len(SEAT_FIELDS)
        off[base:base + len(SEAT_FIELDS)] = [fields[name] for name in SEAT_FIELDS]
    for i, site in enumerate(encoder.o_site):
        base = O_SITES + i * SITE_STRIDE
        off[base:base + G_SPOTS] = [site[name] for name in SITE_FIELDS]
        for j, (kind, boat) in enumerate(site["spots"]):
            off[base + G_SPOTS + 2 * j], off[base + G_SPOTS + 2 * j + 1] = kind, boat
    for node_id, i in encoder.site_index.items():
        node = encoder.node_index[node_id]
        off[O_NODE_SITE + node], off[O_SITE_NODE + i] = i, node
    e = np.zeros(E_LEN, np.float64)
    e[:E_COPIES] = [encoder.vp_scale, encoder.card_count_scale, encoder.price_scale, encoder.leader_scale,
                    encoder.deck_total, encoder.fresco_needed, encoder.face_down_total, encoder.gem_sum]
    e[E_COPIES:E_COPIES + len(comp.cards)] = encoder.card_copies
    e[E_GEM_TOTAL:E_GEM_TOTAL + N_GEMS] = encoder.gem_total
    return off, e


@kernel(inline="always")
def _clip(x: float) -> float:
    return 1.0 if x > 1.0 else x


@kernel(inline="always")
def _counts(S: np.ndarray, T: np.ndarray, E: np.ndarray, g: int, col: int, out: np.ndarray, at: int) -> None:
    """Card counts from row column ``col`` on, each over its copies (the encoder's ``_counts``)."""
    for c in range(T[T_NC]):
        k = S[g, col + c]
        if k:
            out[at + c] = _clip(k / E[E_COPIES + c])


@kernel(inline="always")
def _sum(S: np.ndarray, g: int, col: int, m: int) -> int:
    total = 0
    for i in range(m):
        total += S[g, col + i]
    return total


@kernel(inline="always")
def _seats(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, g: int, seat: int, hide_vp: bool,
           out: np.ndarray) -> None:
    """Every seat's public fields, at its relative seat; ``hide_vp``: the others' totals are hidden.
    The loops call nothing that takes an array: an inlined call in a loop costs atomic reference
    counts on every array it is given, which cost more than the fields."""
    n = T[T_N]
    nc = T[T_NC]
    for p in range(n):
        k = p - seat if p >= seat else p - seat + n
        base = O_SEATS + k * len(SEAT_FIELDS)
        if hide_vp and p != seat:
            out[OFF[base + F_VP_HIDDEN]] = 1.0
        else:
            out[OFF[base + F_VP]] = min(1.0, max(0.0, S[g, S_VP + p] / E[E_VP]))
        out[OFF[base + F_TOKENS]] = min(1.0, S[g, S_TOKENS + p] / 2)
        hand = rest = in_play = 0
        at = OFF[base + F_IN_PLAY]
        for c in range(nc):
            hand += S[g, S_HAND + p * MAX_CARDS + c]
            rest += S[g, S_REST + p * MAX_CARDS + c]
            played = S[g, S_IN_PLAY + p * MAX_CARDS + c]
            in_play += played
            if played:
                out[at + c] = _clip(played / E[E_COPIES + c])
        out[OFF[base + F_HAND_COUNT]] = min(1.0, hand / E[E_CARD_COUNT])
        out[OFF[base + F_REST_COUNT]] = min(1.0, rest / E[E_CARD_COUNT])
        out[OFF[base + F_OWNED]] = min(1.0, (hand + rest + in_play) / E[E_CARD_COUNT])
        for b in range(2):
            node = S[g, S_BOAT_NODE + 2 * p + b]
            spot = S[g, S_BOAT_SPOT + 2 * p + b]
            tile = S[g, S_SITE_TILE + node]
            out[OFF[base + F_BOAT0 + 2 * b] + node] = 1.0
            kind = T[T_SPOTS + tile * MAX_SPOTS + spot] if spot >= 0 and tile >= 0 else NO_SPOT
            out[OFF[base + F_SPOT0 + 2 * b] + kind] = 1.0


@kernel(inline="always")
def _sites(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, g: int, out: np.ndarray) -> None:
    """Every site (start sites, then advanced sites): its tile and spots, its gem (boats: :func:`_holders`)."""
    for i in range(OFF[O_NSITES]):
        base = O_SITES + i * SITE_STRIDE
        node = OFF[O_SITE_NODE + i]
        tile = S[g, S_SITE_TILE + node]
        if tile >= 0:
            out[OFF[base + G_STATE] + 2] = 1.0
            out[OFF[base + G_TILE] + tile] = 1.0
            out[OFF[base + G_LEADER_VP]] = _clip(T[T_LEADER_VP + tile] / E[E_LEADER])
            out[OFF[base + G_SUNKEN]] = 1.0 if T[T_SUNKEN + tile] else 0.0
            for j in range(T[T_NSPOTS + tile]):
                out[OFF[base + G_SPOTS + 2 * j] + T[T_SPOTS + tile * MAX_SPOTS + j]] = 1.0
        else:
            out[OFF[base + G_STATE] + (0 if tile == FACE_DOWN else 1)] = 1.0  # face down or no tile
        gem = S[g, S_SITE_GEM + node]
        if gem >= 0:
            out[OFF[base + G_GEM] + gem] = 1.0


@kernel(inline="always")
def _holders(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, g: int, seat: int, out: np.ndarray) -> None:
    """The boat on each scouting spot of a face-up tile, as a relative seat. The view names the
    last boat listed on a spot, so the boats are walked backwards and a spot already named is kept."""
    n = T[T_N]
    for b in range(2 * n - 1, -1, -1):
        spot = S[g, S_BOAT_SPOT + b]
        node = S[g, S_BOAT_NODE + b]
        if spot < 0 or S[g, S_SITE_TILE + node] < 0:
            continue
        at = OFF[O_SITES + OFF[O_NODE_SITE + node] * SITE_STRIDE + G_SPOTS + 2 * spot + 1]
        named = False
        for k in range(n):
            named = named or out[at + k] != 0.0
        if not named:
            out[at + (b // 2 - seat) % n] = 1.0


@kernel(inline="always")
def _step(S: np.ndarray, OFF: np.ndarray, E: np.ndarray, g: int, phase: int, out: np.ndarray) -> None:
    """What the view's ``step`` says of the step under way."""
    if phase == PAY:
        pay_for = S[g, S_PAY_FOR]
        out[OFF[O_PAYING] + (MARKET_SLOTS if pay_for == REFRESH else pay_for)] = 1.0
        out[OFF[O_LEFT_PAY]] = min(1.0, S[g, S_PAY_LEFT] / E[E_PRICE])
    elif phase == SAIL_PAY or phase == SAIL_MOVE:
        out[OFF[O_MOVEMENT]] = min(1.0, S[g, S_SAIL_POINTS] / 10)
    elif phase == SCOUT:
        out[OFF[O_SCOUT] + S[g, S_LANDING + S[g, S_LANDING_H]]] = 1.0
    elif phase == DEFEND:
        out[OFF[O_HAZARD] + S[g, S_D_HAZ + S[g, S_D_HAZ_H]]] = 1.0
    elif phase == STORM_ORDER:
        for i in range(S[g, S_STORM_N]):
            out[OFF[O_STORM] + OFF[O_NODE_SITE + S[g, S_STORM + i]]] = 1.0
    elif phase == REST_DRAW:
        out[OFF[O_REST_LEFT]] = min(1.0, S[g, S_REST_LEFT] / 3)


@kernel(inline="always")
def _dive(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, g: int, seat: int, out: np.ndarray) -> None:
    """The dive under way (the caller checked there is one)."""
    n = T[T_N]
    out[OFF[O_DIVE]] = 1.0
    out[OFF[O_DIVE_SITE] + OFF[O_NODE_SITE + S[g, S_D_SITE]]] = 1.0
    out[OFF[O_DIVE_SUNKEN]] = 1.0 if T[T_SUNKEN + S[g, S_D_TILE]] else 0.0
    leader = S[g, S_D_LEADER]
    if leader >= 0:
        out[OFF[O_DIVE_LEADER] + (leader - seat) % n] = 1.0
    for p in range(n):
        k = (p - seat) % n
        if S[g, S_D_IN] >> p & 1:
            out[OFF[O_DIVE_IN] + k] = 1.0
        if S[g, S_D_OUT] >> p & 1:
            out[OFF[O_DIVE_OUT] + k] = 1.0
        if S[g, S_D_JOINED] >> p & 1:
            out[OFF[O_DIVE_VP] + k] = min(1.0, max(0.0, S[g, S_D_CARD_VP + p] / 60))
    for gem in range(N_GEMS):
        c = S[g, S_D_DRAWN + gem]
        if c:
            out[OFF[O_DIVE_COUNTS] + gem] = min(1.0, c / 10)
    out[OFF[O_DIVE_DRAWN]] = min(1.0, S[g, S_D_ORDER_N] / 20)
    for i in range(S[g, S_D_STEP_N]):
        out[OFF[O_DIVE_PENDING] + S[g, S_D_STEP + i]] += 0.5


@kernel(nogil=True)
def observe(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, g: int, seat: int, out: np.ndarray,
            scratch: np.ndarray) -> None:
    """Seat ``seat``'s observation of game ``g`` into ``out`` (zeroed here); ``scratch``: int64, at
    least :data:`SCRATCH` long."""
    n = T[T_N]
    out[:OFF[O_SIZE]] = 0.0
    phase = S[g, S_PHASE]
    out[OFF[O_PHASE] + phase] = 1.0
    cur = S[g, S_CUR]
    if cur == CHANCE:
        out[OFF[O_TO_MOVE] + n] = 1.0
    elif cur == TERMINAL:
        out[OFF[O_TO_MOVE] + n + 1] = 1.0
    else:
        out[OFF[O_TO_MOVE] + (cur - seat) % n] = 1.0
    out[OFF[O_TURN] + (S[g, S_TURN] - seat) % n] = 1.0
    out[OFF[O_MOVE]] = min(1.0, S[g, S_HIST] / 3000)
    if T[T_SCEN] >= 0 or phase != SETUP_SCENARIO:  # no scenario yet while a random one is drawn (R-DB-1)
        out[OFF[O_SCEN] + S[g, S_SCEN]] = 1.0
    out[OFF[O_OPTS]] = 1.0 if T[T_HIDDEN] else 0.0
    out[OFF[O_OPTS] + 1] = 1.0 if T[T_ONE_COUNT] else 0.0
    _step(S, OFF, E, g, phase, out)
    _seats(S, T, OFF, E, g, seat, T[T_HIDDEN] != 0 and phase != OVER, out)  # R-DB-18: not one's own total
    _counts(S, T, E, g, S_HAND + seat * MAX_CARDS, out, OFF[O_HAND])
    _counts(S, T, E, g, S_REST + seat * MAX_CARDS, out, OFF[O_REST])
    nc = T[T_NC]
    for j in range(MARKET_SLOTS):
        card = S[g, S_MARKET + j]
        out[OFF[O_MARKET + j] + (card if card >= 0 else nc)] = 1.0
    out[OFF[O_DECK]] = min(1.0, _sum(S, g, S_DECK, nc) / E[E_DECK])
    _counts(S, T, E, g, S_DISCARDED, out, OFF[O_DISCARDED])
    for gem in range(N_GEMS):
        bag, supply = S[g, S_BAG + gem], S[g, S_SUPPLY + gem]
        if bag:
            out[OFF[O_BAG] + gem] = min(1.0, bag / E[E_GEM_TOTAL + gem])
        if supply:
            out[OFF[O_SUPPLY] + gem] = min(1.0, supply / E[E_GEM_TOTAL + gem])
    out[OFF[O_BAG_COUNT]] = min(1.0, _sum(S, g, S_BAG, N_GEMS) / E[E_GEM_SUM])
    _sites(S, T, OFF, E, g, out)
    _holders(S, T, OFF, g, seat, out)
    out[OFF[O_FACE_DOWN]] = min(1.0, _sum(S, g, S_UNREVEALED, T[T_NT]) / E[E_FACE_DOWN])
    out[OFF[O_FRESCO]] = min(1.0, S[g, S_FRESCO] / E[E_FRESCO])
    if S[g, S_D_SITE] >= 0:
        _dive(S, T, OFF, g, seat, out)
    if phase == OVER:
        m = winners(S, T, g, scratch)
        for i in range(m):
            out[OFF[O_WINNERS] + (scratch[i] - seat) % n] = 1.0


@kernel(nogil=True)
def action_mask(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray, scratch: np.ndarray) -> int:
    """The legal actions of the seat to move as 0/1 over the player actions (all 0 away from a
    decision); returns how many there are. ``scratch``: int64, at least ``MAX_ACTIONS`` long."""
    out[:] = 0
    if S[g, S_CUR] < 0:
        return 0
    m = legal(S, T, g, scratch)
    for i in range(m):
        out[scratch[i]] = 1
    return m
