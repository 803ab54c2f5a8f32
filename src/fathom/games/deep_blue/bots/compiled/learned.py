"""Level 3's leaf value compiled: every seat's learned estimate of its final VP
(:func:`fathom.games.deep_blue.bots.evaluation.learned.learned_estimate`) read straight from the
kernel rows the compiled playouts end on.

Why: profiled on searched turn decisions (docs/analysis.md, "Where a searched move's time goes"),
rebuilding each playout's final row as a ``DeepBlueState`` and valuing it in Python took about two
thirds of a decision, the compiled playouts themselves an eighth. The features are the Python ones,
built from the compiled heuristic's ports (``heur_eval``: the dive values, hold shares, bag and
turns left), with the sums in the Python order; tests compare both on many positions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.core.api import TERMINAL
from fathom.games.deep_blue.bots.compiled.heur_dive import meet_chance
from fathom.games.deep_blue.bots.compiled.heur_eval import (
    OWN,
    dist,
    dive_value,
    full_bag,
    hold_share,
    turns_left,
)
from fathom.games.deep_blue.bots.compiled.heur_tables import H_DIVE_DRAWS, W_TMP
from fathom.games.deep_blue.kernels.tables import (
    MAX_CARDS,
    N_GEMS,
    S_BOAT_NODE,
    S_CUR,
    S_HAND,
    S_REST,
    S_SITE_TILE,
    S_TOKENS,
    S_TURN,
    S_VP,
    T_ADV_SITES,
    T_CARD_VP,
    T_CASH,
    T_N,
    T_NADV,
    T_NC,
    T_NEEDS,
    T_NEEDS_ANY,
    T_NSTART,
    T_PROPS,
    T_PROTECTS,
    T_SCORES,
    T_START_SITES,
)
from fathom.fast.jit import kernel

N_FEATURES = 15  # learned.FEATURES
LOOKAHEAD = 3  # learned.features reads boat_prospects(depth=3)


@kernel()
def _pile_sums(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, start: int, bag: np.ndarray,
               out: np.ndarray, at: int) -> None:
    """Defence, expected scoring VP, cash and propellers of one pile of cards (``learned.features``)."""
    defence = score = cash = props = 0.0
    for c in range(T[T_NC]):
        n = S[g, start + c]
        if not n:
            continue
        if T[T_PROTECTS + c] >= 0:
            defence += n
        if T[T_SCORES + c]:
            score += n * T[T_CARD_VP + c] * meet_chance(T, T_NEEDS + c * N_GEMS, T[T_NEEDS_ANY + c], bag,
                                                        int(H[H_DIVE_DRAWS]))
        cash += n * T[T_CASH + c]
        props += n * T[T_PROPS + c]
    out[at], out[at + 1], out[at + 2], out[at + 3] = defence, score, cash, props


@kernel()
def features(S: np.ndarray, T: np.ndarray, H: np.ndarray, g: int, p: int, W: np.ndarray, F: np.ndarray,
             f: np.ndarray, sums: np.ndarray) -> None:
    """``learned.features`` of seat ``p`` in row ``g`` into ``f`` (:data:`N_FEATURES`); ``sums``: 8 floats of work."""
    n = T[T_N]
    v0 = v1 = 0.0
    count = 0
    seen = -1
    for b in range(2 * p, 2 * p + 2):  # boat_prospects: best first, then two zeros
        node = S[g, S_BOAT_NODE + b]
        if node == seen or S[g, S_SITE_TILE + node] < 0:
            continue
        seen = node
        v = hold_share(S, T, H, g, p, node) * dive_value(S, T, H, g, p, node, -1, OWN, LOOKAHEAD, True, W, F)
        if count == 0:
            v0 = v
        else:
            v1 = v
        count += 1
    if count == 2 and v1 > v0:
        v0, v1 = v1, v0
    on_tiles = 0
    for b in range(2 * p, 2 * p + 2):
        if S[g, S_SITE_TILE + S[g, S_BOAT_NODE + b]] >= 0:
            on_tiles += 1
    bag = W[W_TMP:W_TMP + N_GEMS]  # not W_BAG: dive_value fills that with its own bag
    full_bag(S, g, bag)
    _pile_sums(S, T, H, g, S_HAND + p * MAX_CARDS, bag, sums, 0)
    _pile_sums(S, T, H, g, S_REST + p * MAX_CARDS, bag, sums, 4)
    reach = -1
    for i in range(T[T_NSTART] + T[T_NADV]):
        node = T[T_START_SITES + i] if i < T[T_NSTART] else T[T_ADV_SITES + i - T[T_NSTART]]
        if S[g, S_SITE_TILE + node] == -1:
            continue
        for b in range(2 * p, 2 * p + 2):
            d = dist(T, S[g, S_BOAT_NODE + b], node)
            if reach < 0 or d < reach:
                reach = d
    f[0] = 1.0
    f[1] = turns_left(S, T, H, g) / n
    f[2], f[3] = v0, v1
    f[4], f[5], f[6], f[7] = sums[0], sums[1], sums[2], sums[3]
    f[8], f[9], f[10] = sums[4], sums[5], sums[6] + sums[7]
    f[11] = float(S[g, S_TOKENS + p])
    f[12] = float(on_tiles)
    f[13] = float(max(reach, 0))
    f[14] = float((p - S[g, S_TURN]) % n)


@njit(cache=True)
def estimates(S: np.ndarray, T: np.ndarray, H: np.ndarray, weights: np.ndarray, share_scale: float,
              W: np.ndarray, F: np.ndarray, out: np.ndarray, scale_h: np.ndarray) -> None:
    """``out[g, p]``: seat ``p``'s learned estimate in row ``g`` (its VP in a finished game);
    ``scale_h[g]``: the turns left there (``cards.turns_left``, for the win scale)."""
    f = np.zeros(N_FEATURES, np.float64)
    sums = np.zeros(8, np.float64)
    n = T[T_N]
    for g in range(S.shape[0]):
        scale_h[g] = turns_left(S, T, H, g)
        for p in range(n):
            if S[g, S_CUR] == TERMINAL:
                out[g, p] = float(S[g, S_VP + p])
                continue
            features(S, T, H, g, p, W, F, f, sums)
            share = min(1.0, f[1] / share_scale)
            gain = 0.0
            for i in range(N_FEATURES):
                gain += weights[i] * f[i]
            extra = 0.0
            for i in range(N_FEATURES - 2):
                extra += weights[N_FEATURES + i] * f[2 + i] * share
            gain += extra
            out[g, p] = S[g, S_VP + p] + gain


class LearnedLeaf:
    """The learned estimates of one game's rows, with its weights and scratch kept between calls
    (the scratch holds the dives already solved, as the Python memo does)."""

    def __init__(self, game: Any, T: np.ndarray, params: Any, tables: Any) -> None:
        """``T``: the kernel's rules tables; ``params``: the weights the Python leaf reads (the
        search's playout weights); ``tables``: the Python ``Tables`` of the position's scenario
        (which fitted value set applies)."""
        from fathom.games.deep_blue.bots.compiled.heur_tables import heuristic_tables, scratch
        from fathom.games.deep_blue.bots.evaluation.learned import _weights

        self.T = T
        self.H = heuristic_tables(game, params)
        weights, self.share_scale, (self.a, self.b) = _weights(tables)
        self.weights = np.asarray(weights, np.float64)
        self.W, self.F = scratch()
        self.n = game.num_players

    def __call__(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(estimates[m, n], win scales[m])`` of ``rows`` (``learned.win_scale`` per row)."""
        m = rows.shape[0]
        out = np.zeros((m, self.n), np.float64)
        left = np.zeros(m, np.float64)
        estimates(rows, self.T, self.H, self.weights, float(self.share_scale), self.W, self.F, out, left)
        return out, self.a + self.b * left
