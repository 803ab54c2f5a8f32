"""Deep Blue's rules compiled: game ``g`` of a batch is row ``S[g]`` of one int64 array.

The dispatch of :mod:`fathom.games.deep_blue.state` (one rule per phase) and a turn's first decision
(:mod:`fathom.games.deep_blue.turn`); the rules themselves are in the topic modules ``db_setup``,
``db_crew``, ``db_market``, ``db_sail`` and ``db_dive``, each mirroring its reference module step
for step, so :mod:`fathom.games.deep_blue.kernels.verify` can compare the two engines at every step. Chance is
drawn with :mod:`fathom.fast.rng` from ``(seed, history length)`` as the reference
``sample_chance()`` does: the weights of the same outcomes in the same order, ``randbelow`` of
their sum, the first outcome whose running weight passes it.

Row columns and tables: :mod:`fathom.games.deep_blue.kernels.tables` (``T`` is :func:`~fathom.games.deep_blue.kernels.tables.build`).
"""

from __future__ import annotations

import numpy as np
from fathom.fast.jit import kernel

from fathom.core.api import CHANCE, TERMINAL
from fathom.fast import rng as R
from fathom.games.deep_blue.kernels.crew import apply_rest_draw, begin_rest, owned_cards, sort_small
from fathom.games.deep_blue.kernels.dive import (
    apply_continue,
    apply_defend,
    apply_draw,
    apply_play,
    apply_rush,
    legal_defend,
    legal_play,
    legal_rush,
    start_dive,
)
from fathom.games.deep_blue.kernels.market import (
    apply_market_draw,
    apply_pay,
    begin_payment,
    hire_from_market,
    legal_pay,
    legal_take,
)
from fathom.games.deep_blue.kernels.sail import (
    apply_reveal,
    apply_sail_move,
    apply_sail_pay,
    apply_scatter,
    apply_scout,
    apply_storm_order,
    legal_sail_move,
    legal_sail_pay,
    legal_scout,
    legal_storm_order,
    resolve_storm_dives,
)
from fathom.games.deep_blue.kernels.setup import apply_first_player, apply_scenario, apply_setup_tile
from fathom.games.deep_blue.kernels.tables import (
    K_DIVE,
    K_REFRESH,
    K_REST,
    K_SAIL,
    MAX_CARDS,
    N_GEMS,
    NO_SCEN,
    S_AGAIN,
    S_BAG,
    S_BOAT_NODE,
    S_CUR,
    S_DECK,
    S_DECK_N,
    S_HAND,
    S_HIST,
    S_MARKET,
    S_MOVED,
    S_PHASE,
    S_REST,
    S_SAIL_POINTS,
    S_SEED,
    S_SETUP_LEFT,
    S_SITE_TILE,
    S_TOKENS,
    S_TURN,
    S_UNREVEALED,
    S_VP,
    T_A_CONTINUE,
    T_A_DIVE,
    T_A_RECRUIT,
    T_A_REFRESH,
    T_A_REST,
    T_A_SAIL,
    T_A_STOP,
    T_ACT_ARG,
    T_ACT_KIND,
    T_C_CARD0,
    T_C_FIRST0,
    T_C_GEM0,
    T_C_SCEN0,
    T_C_TILE0,
    T_CASH,
    T_N,
    T_NC,
    T_NT,
    T_PROPS,
    T_REFRESH_PRICE,
    T_SLOT_PRICE,
)
from fathom.games.deep_blue import market
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.game import MARKET_SLOTS

MAX_ACTIONS = 64  # longer than any legal list or chance node of a data file within the MAX_* limits
SETUP_TILE, MARKET_DRAW, TURN, PAY, TAKE, SAIL_PAY, SAIL_MOVE = (
    ph.SETUP_TILE, ph.MARKET_DRAW, ph.TURN, ph.PAY, ph.TAKE, ph.SAIL_PAY, ph.SAIL_MOVE)
REVEAL, SCATTER, SCOUT, STORM_ORDER, RUSH, DRAW, DEFEND = (
    ph.REVEAL, ph.SCATTER, ph.SCOUT, ph.STORM_ORDER, ph.RUSH, ph.DRAW, ph.DEFEND)
PLAY, CONTINUE, REST_DRAW, OVER, SETUP_SCENARIO, SETUP_FIRST = (
    ph.PLAY, ph.CONTINUE, ph.REST_DRAW, ph.OVER, ph.SETUP_SCENARIO, ph.SETUP_FIRST)
REFRESH = market.REFRESH


# ---- a turn's first decision (Recruit, Refresh, Sail, Rest, Dive) -------------------------------
@kernel()
def legal_turn(S: np.ndarray, T: np.ndarray, g: int, p: int, out: np.ndarray) -> int:
    cash = props = S[g, S_TOKENS + p]
    for c in range(T[T_NC]):
        k = S[g, S_HAND + p * MAX_CARDS + c]
        cash += k * T[T_CASH + c]
        props += k * T[T_PROPS + c]
    m = 0
    for k in range(MARKET_SLOTS):
        if S[g, S_MARKET + k] >= 0 and cash >= T[T_SLOT_PRICE + k]:
            out[m] = T[T_A_RECRUIT + k]
            m += 1
    if cash >= T[T_REFRESH_PRICE] and S[g, S_DECK_N] > 0:  # R-DB-5
        out[m] = T[T_A_REFRESH]
        m += 1
    if props >= 1:  # R-DB-6
        out[m] = T[T_A_SAIL]
        m += 1
    out[m] = T[T_A_REST]  # R-DB-7: always allowed
    m += 1
    first = -1
    for b in range(2 * p, 2 * p + 2):  # R-DB-8: a boat on a face-up wreck tile
        node = S[g, S_BOAT_NODE + b]
        if S[g, S_SITE_TILE + node] >= 0 and node != first:
            out[m] = T[T_A_DIVE + node]
            m += 1
            first = node
    return sort_small(out, m)


@kernel()
def apply_turn(S: np.ndarray, T: np.ndarray, g: int, p: int, action: int) -> None:
    kind = T[T_ACT_KIND + action]
    if kind == K_REST:
        begin_rest(S, T, g, p)
    elif kind == K_SAIL:
        S[g, S_PHASE] = SAIL_PAY
        S[g, S_SAIL_POINTS] = 0
        S[g, S_MOVED] = 0
    elif kind == K_REFRESH:
        begin_payment(S, T, g, p, REFRESH, T[T_REFRESH_PRICE])
    elif kind == K_DIVE:
        start_dive(S, T, g, T[T_ACT_ARG + action], p)
    else:
        slot = T[T_ACT_ARG + action]
        begin_payment(S, T, g, p, slot, T[T_SLOT_PRICE + slot])


# ---- dispatch --------------------------------------------------------------------------------------
@kernel()
def apply(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    """Play a legal ``action`` (not checked: the caller took it from :func:`legal`)."""
    phase = S[g, S_PHASE]
    p = S[g, S_CUR]
    if phase == DRAW:
        apply_draw(S, T, g, action)
    elif phase == PLAY:
        apply_play(S, T, g, p, action)
    elif phase == CONTINUE:
        apply_continue(S, T, g, action)
    elif phase == DEFEND:
        apply_defend(S, T, g, p, action)
    elif phase == TURN:
        apply_turn(S, T, g, p, action)
    elif phase == SAIL_PAY:
        apply_sail_pay(S, T, g, p, action)
    elif phase == SAIL_MOVE:
        apply_sail_move(S, T, g, p, action)
    elif phase == PAY:
        apply_pay(S, T, g, p, action)
    elif phase == RUSH:
        apply_rush(S, T, g, p, action)
    elif phase == MARKET_DRAW:
        apply_market_draw(S, T, g, action)
    elif phase == REST_DRAW:
        apply_rest_draw(S, T, g, action)
    elif phase == TAKE:
        hire_from_market(S, T, g, p, T[T_ACT_ARG + action])
    elif phase == SCOUT:
        apply_scout(S, T, g, p, action)
    elif phase == REVEAL:
        apply_reveal(S, T, g, action)
    elif phase == SCATTER:
        apply_scatter(S, T, g, action)
    elif phase == STORM_ORDER:
        apply_storm_order(S, T, g, action)
    elif phase == SETUP_TILE:
        apply_setup_tile(S, T, g, action)
    elif phase == SETUP_FIRST:
        apply_first_player(S, T, g, action)
    elif phase == SETUP_SCENARIO:
        apply_scenario(S, T, g, action)
    while S[g, S_AGAIN]:  # a dive ended: the reference's end_dive goes on with the storm dives owed
        S[g, S_AGAIN] = 0
        resolve_storm_dives(S, T, g)
    S[g, S_HIST] += 1


@kernel()
def legal(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray) -> int:
    """Write the sorted legal actions (outcomes at a chance node) into ``out``; return how many."""
    p = S[g, S_CUR]
    if p == TERMINAL:
        return 0
    if p == CHANCE:
        col, m, first, unit = chance_segment(S, T, g)
        k = 0
        for i in range(m):
            if col < 0 or S[g, col + i] > 0:
                out[k] = first + i
                k += 1
        return k
    phase = S[g, S_PHASE]
    if phase == PLAY:
        return legal_play(S, T, g, p, out)
    if phase == CONTINUE:
        out[0] = T[T_A_CONTINUE]
        out[1] = T[T_A_STOP]
        return 2
    if phase == DEFEND:
        return legal_defend(S, T, g, p, out)
    if phase == TURN:
        return legal_turn(S, T, g, p, out)
    if phase == SAIL_PAY:
        return legal_sail_pay(S, T, g, p, out)
    if phase == SAIL_MOVE:
        return legal_sail_move(S, T, g, p, out)
    if phase == PAY:
        return legal_pay(S, T, g, p, out)
    if phase == RUSH:
        return legal_rush(S, T, g, p, out)
    if phase == TAKE:
        return legal_take(S, T, g, out)
    if phase == SCOUT:
        return legal_scout(S, T, g, p, out)
    if phase == STORM_ORDER:
        return legal_storm_order(S, T, g, out)
    return 0


# ---- chance ---------------------------------------------------------------------------------------
@kernel()
def chance_segment(S: np.ndarray, T: np.ndarray, g: int) -> tuple[int, int, int, int]:
    """Where a chance node's weights lie: ``(column, count, first outcome id, unit)``. Outcome
    ``first + i`` has weight ``S[g, column + i]`` (skipped when 0), or 1 when ``unit`` (every outcome
    with a non-zero entry weighs 1; with ``column`` -1 all ``count`` outcomes do)."""
    phase = S[g, S_PHASE]
    if phase == DRAW or phase == SCATTER:
        return S_BAG, N_GEMS, T[T_C_GEM0], 0
    if phase == MARKET_DRAW:
        return S_DECK, T[T_NC], T[T_C_CARD0], 0
    if phase == REVEAL:
        return S_UNREVEALED, T[T_NT], T[T_C_TILE0], 0
    if phase == REST_DRAW:
        return S_REST + S[g, S_TURN] * MAX_CARDS, T[T_NC], T[T_C_CARD0], 0
    if phase == SETUP_TILE:
        return S_SETUP_LEFT, T[T_NT], T[T_C_TILE0], 1
    if phase == SETUP_FIRST:
        return -1, T[T_N], T[T_C_FIRST0], 1
    return -1, NO_SCEN, T[T_C_SCEN0], 1  # SETUP_SCENARIO: every Captain's Log card


@kernel(inline="always")
def _weight(S: np.ndarray, g: int, col: int, i: int, unit: int) -> int:
    """Outcome ``i``'s weight at a chance node (see :func:`chance_segment`)."""
    w = 1 if col < 0 else S[g, col + i]
    return 1 if unit and w > 0 else w


@kernel()
def chance_outcomes(S: np.ndarray, T: np.ndarray, g: int, acts: np.ndarray, probs: np.ndarray) -> int:
    """``chance_outcomes()`` of game ``g`` into ``acts``/``probs`` (0 away from a chance node)."""
    if S[g, S_CUR] != CHANCE:
        return 0
    col, m, first, unit = chance_segment(S, T, g)
    total = 0
    k = 0
    for i in range(m):
        w = _weight(S, g, col, i, unit)
        if w > 0:
            acts[k] = first + i
            probs[k] = w
            total += w
            k += 1
    for i in range(k):
        probs[i] = probs[i] / total
    return k


@kernel()
def sample_chance(S: np.ndarray, T: np.ndarray, g: int) -> int:
    """The reference ``sample_chance()`` with no generator: drawn from (seed, history length)."""
    return sample_chance_with(S, T, g, R.for_key(np.uint64(S[g, S_SEED]), np.uint64(S[g, S_HIST])))


@kernel()
def sample_chance_with(S: np.ndarray, T: np.ndarray, g: int, st: np.uint64) -> int:
    """The reference ``sample_chance(rng)`` with the generator whose state is ``st`` (a search's
    playouts draw from their own streams, :mod:`fathom.games.deep_blue.kernels.rollout`)."""
    col, m, first, unit = chance_segment(S, T, g)
    total = 0
    for i in range(m):
        total += _weight(S, g, col, i, unit)
    st, r = R.randbelow(st, total)
    for i in range(m):
        w = _weight(S, g, col, i, unit)
        if r < w:
            return first + i
        r -= w
    return -1


# ---- scores and winners (R-DB-17) -----------------------------------------------------------------
@kernel()
def scores(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray) -> None:
    for p in range(T[T_N]):
        out[p] = S[g, S_VP + p]


@kernel()
def winners(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray) -> int:
    """Seats with the most VP, ties broken by most crew cards owned, into ``out`` (none before the end)."""
    if S[g, S_PHASE] != OVER:
        return 0
    n = T[T_N]
    best = S[g, S_VP]
    for p in range(1, n):
        best = max(best, S[g, S_VP + p])
    most = -1
    for p in range(n):
        if S[g, S_VP + p] == best:
            most = max(most, owned_cards(S, T, g, p))
    m = 0
    for p in range(n):
        if S[g, S_VP + p] == best and owned_cards(S, T, g, p) == most:
            out[m] = p
            m += 1
    return m


