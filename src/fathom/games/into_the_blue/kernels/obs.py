"""Into the Blue observations and action masks built inside the kernel.

The vector is ``IntoTheBlueEncoder(game).encode(state.view(seat), seat)`` (``fathom.rl.encoding``,
field table in ``docs/rl.md``), value for value: the same float64 arithmetic in the same order, then
stored as float32. The offsets and scales come from that encoder (:func:`params`), so the layout has
one definition. :mod:`fathom.fast.verify` compares the two vectors at every step for every seat, which
is how the compiled side's view of each seat is checked against the reference view.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.fast.jit import kernel

from fathom.games.into_the_blue.kernels.kernel import (
    CHANCE,
    FIRST,
    OVER,
    PLACE,
    ROLLING,
    S_BOARD,
    S_BONUS,
    S_CHESTS,
    S_CUR,
    S_DICE,
    S_END_BY,
    S_FINALS_LEFT,
    S_HAND,
    S_KEPT,
    S_LAST_TURN,
    S_PHASE,
    S_PILE,
    S_PLAYER,
    S_ROLLED,
    S_ROLLS_LEFT,
    S_TO_ROLL,
    S_TURN_NO,
    chest_points,
    placed,
    rank_level,
)
from fathom.games.into_the_blue.kernels.tables import (
    MAX_PLAYERS,
    MAX_SUBSETS,
    MAX_TOKENS,
    MAX_VALUES,
    N_FACES,
    N_LEVELS,
    T_CHEST_PILE,
    T_CHOOSE,
    T_CHOOSE_N,
    T_COUNTS,
    T_N,
    T_NTOK,
    T_NV,
    T_PERFECT,
    T_RUN,
    T_SHELLS,
    T_TOKENS,
)

# OFF: offsets of the encoder's fields, in this order
FIELDS = ("to_move", "turn.seat", "turn.flags", "turn.phase", "turn.rolls_left", "turn.kept", "turn.rolling",
          "turn.dice", "turn.rolled", "turn.run", "turn.perfect", "turn.placements", "turn.number",
          "seats.shells_left", "seats.chests", "seats.treasure_points", "seats.since_last_turn", "seats.score",
          "seats.score_known", "own.chest_values", "chests_left", "end.flags", "end.triggered_by",
          "end.final_turns_left", "winners")
(O_TO_MOVE, O_TURN_SEAT, O_TURN_FLAGS, O_PHASE, O_ROLLS_LEFT, O_KEPT, O_ROLLING, O_DICE, O_ROLLED, O_RUN,
 O_PERFECT, O_PLACE, O_TURN_NO, O_SEAT, O_SEAT_CHESTS, O_SEAT_POINTS, O_SEAT_SINCE, O_SEAT_SCORE,
 O_SEAT_SCORE_KNOWN, O_OWN_CHESTS, O_CHESTS_LEFT, O_END, O_END_BY, O_FINAL_LEFT, O_WINNERS) = range(len(FIELDS))
O_LEVELS = len(FIELDS)  # then per level: shells, tokens, standing
# E: scales
E_REROLLS, E_TOKEN_SCALE, E_NTOKENS, E_POINTS_SCALE, E_SCORE_SCALE, E_CHESTS_TOTAL, E_SIZE = range(7)


def params(encoder: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(OFF, E)``: the encoder's field offsets and scales as arrays for the kernel."""
    offsets = [encoder.field(name).offset for name in FIELDS]
    for level in range(1, N_LEVELS + 1):
        offsets += [encoder.field(f"level{level}.{part}").offset for part in ("shells", "tokens", "standing")]
    scales = [encoder.rerolls, encoder.token_scale, encoder.n_tokens, encoder.points_scale, encoder.score_scale,
              encoder.chests_total, encoder.size]
    return np.array(offsets, np.int64), np.array(scales, np.float64)


@njit(cache=True, inline="always")
def _min1(x: float) -> float:
    return min(x, 1.0)


def _sum_of_sixths(count: int) -> float:
    """``count`` additions of ``1.0 / 6``: the encoder adds one die at a time, and so the float sum
    differs in its last bits from ``count / 6``."""
    acc = 0.0
    for _ in range(count):
        acc += 1.0 / 6
    return acc


SIXTHS = np.array([_sum_of_sixths(c) for c in range(7)], np.float64)  # a constant inside the kernels


@njit(cache=True, inline="always")
def _sixths(count: int) -> float:
    return SIXTHS[count]


@njit(cache=True, inline="always")
def _rel(p: int, seat: int, n: int) -> int:
    """``(p - seat) % n`` for seats ``0..n-1`` without a division (the encoding puts the viewer first,
    and a division per field was a third of the observation's cost)."""
    d = p - seat
    return d + n if d < 0 else d


@kernel()
def observe(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, g: int, seat: int, out: np.ndarray,
            scratch: np.ndarray) -> None:
    """Seat ``seat``'s observation of game ``g`` into ``out`` (zeroed here). ``scratch``: int64 scratch
    of ``3 * MAX_PLAYERS``."""
    n = T[T_N]
    size = int(E[E_SIZE])
    for i in range(size):
        out[i] = 0.0
    cp = S[g, S_CUR]
    if cp >= 0:
        out[OFF[O_TO_MOVE] + _rel(cp, seat, n)] = 1.0
    else:
        out[OFF[O_TO_MOVE] + n + (0 if cp == CHANCE else 1)] = 1.0
    phase = S[g, S_PHASE]
    if phase != FIRST:  # no turn yet while the first player is drawn (R-IB-1)
        out[OFF[O_TURN_SEAT] + _rel(S[g, S_PLAYER], seat, n)] = 1.0
    out[OFF[O_TURN_FLAGS]] = 1.0 if S[g, S_BONUS] else 0.0
    out[OFF[O_TURN_FLAGS] + 1] = 1.0 if S[g, S_END_BY] >= 0 else 0.0
    out[OFF[O_PHASE] + phase] = 1.0
    out[OFF[O_ROLLS_LEFT]] = _min1(S[g, S_ROLLS_LEFT] / E[E_REROLLS])
    shells = T[T_SHELLS]
    if phase != OVER:
        kept = S[g, S_KEPT]
        for f in range(6):
            out[OFF[O_KEPT] + f] = _sixths(T[T_COUNTS + kept * N_FACES + f])
        if phase == ROLLING:
            out[OFF[O_ROLLING]] = S[g, S_TO_ROLL] / 6
            for f in range(6):
                out[OFF[O_DICE] + f] = _sixths(T[T_COUNTS + kept * N_FACES + f])
        else:
            d = S[g, S_DICE]
            rolled = S[g, S_ROLLED]
            for f in range(6):
                out[OFF[O_DICE] + f] = _sixths(T[T_COUNTS + d * N_FACES + f])
                out[OFF[O_ROLLED] + f] = _sixths(T[T_COUNTS + rolled * N_FACES + f])
            out[OFF[O_RUN]] = T[T_RUN + d] / 5
            out[OFF[O_PERFECT]] = 1.0 if T[T_PERFECT + d] else 0.0
            if phase == PLACE:
                hand = S[g, S_HAND + S[g, S_PLAYER]]
                for lv in range(T[T_RUN + d]):
                    c = T[T_COUNTS + d * N_FACES + lv]
                    out[OFF[O_PLACE] + lv] = _min1(placed(T, c, hand) / shells)
    now = S[g, S_TURN_NO]
    out[OFF[O_TURN_NO]] = _min1(now / 100)
    order = scratch[:MAX_PLAYERS]
    points = scratch[MAX_PLAYERS:2 * MAX_PLAYERS]
    for p in range(n):
        points[p] = 0
    for i in range(4, -1, -1):  # deepest first, as treasure_points awards them
        base = OFF[O_LEVELS + 3 * i]
        for p in range(n):
            out[base + _rel(p, seat, n)] = _min1(S[g, S_BOARD + i * MAX_PLAYERS + p] / shells)
        base = OFF[O_LEVELS + 3 * i + 1]
        ntok = T[T_NTOK + i]
        for j in range(min(ntok, int(E[E_NTOKENS]))):
            out[base + j] = T[T_TOKENS + MAX_TOKENS * i + j] / E[E_TOKEN_SCALE]
        base = OFF[O_LEVELS + 3 * i + 2]
        m = rank_level(S, T, g, i, order)
        for rank in range(min(m, n)):
            out[base + _rel(order[rank], seat, n) * n + rank] = 1.0
        for place in range(min(m, ntok)):  # treasure_points, from the same ranking
            points[order[place]] += T[T_TOKENS + MAX_TOKENS * i + place]
    over = phase == OVER
    chests_total = E[E_CHESTS_TOTAL]
    best = -1
    totals = scratch[2 * MAX_PLAYERS:3 * MAX_PLAYERS]
    for p in range(n):
        k = _rel(p, seat, n)
        out[OFF[O_SEAT] + k] = _min1(S[g, S_HAND + p] / shells)
        held = 0
        for v in range(T[T_NV]):
            held += S[g, S_CHESTS + p * MAX_VALUES + v]
        out[OFF[O_SEAT_CHESTS] + k] = _min1(held / chests_total)
        out[OFF[O_SEAT_POINTS] + k] = _min1(points[p] / E[E_POINTS_SCALE])
        last = S[g, S_LAST_TURN + p]
        out[OFF[O_SEAT_SINCE] + k] = 1.0 if last < 0 else _min1((now - last) / (2 * n))
        totals[p] = points[p] + chest_points(S, T, g, p)
        best = max(best, totals[p])
        if over or p == seat:
            out[OFF[O_SEAT_SCORE] + k] = _min1(max(0.0, totals[p] / E[E_SCORE_SCALE]))
            out[OFF[O_SEAT_SCORE_KNOWN] + k] = 1.0
        if k == 0:
            for v in range(T[T_NV]):
                acc = 0.0
                for _ in range(S[g, S_CHESTS + p * MAX_VALUES + v]):
                    acc += 1.0 / T[T_CHEST_PILE + v]
                out[OFF[O_OWN_CHESTS] + v] = acc
    left = 0
    for v in range(T[T_NV]):
        left += S[g, S_PILE + v]
    out[OFF[O_CHESTS_LEFT]] = _min1(left / chests_total)
    by = S[g, S_END_BY]
    if by >= 0:
        out[OFF[O_END]] = 1.0
        out[OFF[O_END_BY] + _rel(by, seat, n)] = 1.0
    out[OFF[O_END] + 1] = 1.0 if over else 0.0
    out[OFF[O_FINAL_LEFT]] = _min1(S[g, S_FINALS_LEFT] / max(1, n - 1))
    if over:
        for p in range(n):
            if totals[p] == best:
                out[OFF[O_WINNERS] + _rel(p, seat, n)] = 1.0


@kernel()
def action_mask(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray) -> None:
    """The player's legal actions as 0/1 over the player actions (all 0 away from a decision)."""
    for i in range(out.shape[0]):
        out[i] = 0
    phase = S[g, S_PHASE]
    d = S[g, S_DICE]
    if S[g, S_CUR] < 0:
        return
    if phase == PLACE:
        for lv in range(T[T_RUN + d]):
            out[lv + 1] = 1
    else:
        for i in range(T[T_CHOOSE_N + d]):
            out[T[T_CHOOSE + d * MAX_SUBSETS + i]] = 1
