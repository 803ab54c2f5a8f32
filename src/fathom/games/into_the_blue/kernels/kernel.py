"""Into the Blue's rules compiled: game ``g`` of a batch is row ``S[g]`` of one int64 array.

The functions mirror ``fathom.games.into_the_blue.state`` step for step (same phases, same field
meanings, same order of effects), so :mod:`fathom.fast.verify` can compare the two engines at every
step. Rule ids are the reference's: R-IB-2 (runs and placing), R-IB-3 (perfect dive and the chest
draw), R-IB-4 (the last shell and the final turns), R-IB-5 (majorities and tie-breaks), R-IB-6 (score).
Chance is drawn with :mod:`fathom.fast.rng` from ``(seed, history length)`` as the reference
``sample_chance()`` does, so one seed and the same choices give one game.

A row holds the reference state's fields at the fixed columns ``S_*`` (why one array: see
:mod:`.itb_tables`). ``T`` is the tables array of :func:`fathom.games.into_the_blue.kernels.tables.build`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from fathom.fast.jit import kernel
from fathom.fast import rng as R
from fathom.games.into_the_blue.kernels.tables import (
    KEY,
    LUT,
    MAX_PLAYERS,
    MAX_ROLL,
    MAX_SHELLS,
    MAX_SUBSETS,
    MAX_TOKENS,
    MAX_VALUES,
    N_FACES,
    T_ADD,
    T_CHEST_PILE,
    T_CHEST_VALUES,
    T_CHOOSE,
    T_CHOOSE_N,
    T_COUNTS,
    T_FIRST,
    T_FIRST0,
    T_KEEP,
    T_N,
    T_NTOK,
    T_NV,
    T_PERFECT,
    T_PLACED,
    T_REROLLS,
    T_ROLL_ACT,
    T_ROLL_LUT,
    T_ROLL_N,
    T_RUN,
    T_SHELLS,
    T_SIZE,
    T_TOKENS,
)
from fathom.games.into_the_blue import actions as A

ROLLING, CHOOSE, PLACE, CHEST, OVER, FIRST = 0, 1, 2, 3, 4, 5  # the reference's phase numbers
CHANCE, TERMINAL = -1, -4
STOP, REROLL0, ROLL0, CHEST0 = A.STOP, A.REROLL0, A.ROLL0, A.CHEST0
OVER_REASONS = ("", "last chest", "last shell")  # S_OVER indexes this
MAX_ACTIONS = MAX_ROLL  # the longest legal list (a roll of six dice)

# columns of a game's row
(S_CUR, S_PHASE, S_PLAYER, S_KEPT, S_ROLLED, S_DICE, S_TO_ROLL, S_ROLLS_LEFT, S_END_BY, S_FINALS_LEFT,
 S_TURN_NO, S_BONUS, S_OVER, S_SEED, S_HIST) = range(15)
S_BOARD = 15  # [level * MAX_PLAYERS + seat]
S_HAND = S_BOARD + 5 * MAX_PLAYERS
S_LAST_TURN = S_HAND + MAX_PLAYERS
S_PILE = S_LAST_TURN + MAX_PLAYERS  # [value index]
S_CHESTS = S_PILE + MAX_VALUES  # [seat * MAX_VALUES + value index]: chests taken
S_WIDTH = S_CHESTS + MAX_PLAYERS * MAX_VALUES


def new_batch(batch: int) -> np.ndarray:
    """Room for ``batch`` games (call :func:`reset` on each)."""
    return np.zeros((batch, S_WIDTH), np.int64)


# ---- setup and turns -----------------------------------------------------------------------
@kernel()
def reset(S: np.ndarray, T: np.ndarray, g: int, seed: int) -> None:
    """Game ``g`` at its initial state for ``seed`` (``seed`` as an int64 bit pattern, see
    :func:`fathom.fast.rng.seed_word`): the reference ``IntoTheBlueState.__init__``."""
    n = T[T_N]
    for i in range(S_WIDTH):
        S[g, i] = 0
    for p in range(n):
        S[g, S_HAND + p] = T[T_SHELLS]
        S[g, S_LAST_TURN + p] = -1
    for v in range(T[T_NV]):
        S[g, S_PILE + v] = T[T_CHEST_PILE + v]
    S[g, S_END_BY] = -1
    S[g, S_SEED] = seed
    if T[T_FIRST] < 0:  # R-IB-1: who plays first is setup's chance outcome
        S[g, S_PHASE] = FIRST
        S[g, S_CUR] = CHANCE
    else:
        _start_turn(S, T, g, T[T_FIRST], 0)


@njit(cache=True, inline="always")
def _start_turn(S: np.ndarray, T: np.ndarray, g: int, seat: int, bonus: int) -> None:
    S[g, S_PLAYER] = seat
    S[g, S_TURN_NO] += 1
    S[g, S_LAST_TURN + seat] = S[g, S_TURN_NO]
    S[g, S_BONUS] = bonus
    S[g, S_KEPT] = 0
    S[g, S_TO_ROLL] = 6
    S[g, S_ROLLS_LEFT] = T[T_REROLLS]
    S[g, S_PHASE] = ROLLING
    S[g, S_CUR] = CHANCE


@njit(cache=True, inline="always")
def _finish(S: np.ndarray, g: int, reason: int) -> None:
    S[g, S_PHASE] = OVER
    S[g, S_CUR] = TERMINAL
    S[g, S_OVER] = reason


@njit(cache=True, inline="always")
def _end_turn(S: np.ndarray, T: np.ndarray, g: int) -> None:
    """R-IB-4: once the end is triggered, every other seat plays one more turn."""
    seat = S[g, S_PLAYER]
    if S[g, S_END_BY] >= 0 and seat != S[g, S_END_BY]:
        S[g, S_FINALS_LEFT] -= 1
        if S[g, S_FINALS_LEFT] == 0:
            _finish(S, g, 2)
            return
    _start_turn(S, T, g, (seat + 1) % T[T_N], 0)


@njit(cache=True, inline="always")
def placed(T: np.ndarray, shown: int, hand: int) -> int:
    """R-IB-2: the shells a placement puts with ``shown`` dice and ``hand`` shells left (the table of
    :func:`fathom.games.into_the_blue.placement.shells_placed`)."""
    return T[T_PLACED + shown * (MAX_SHELLS + 1) + hand]


@njit(cache=True, inline="always")
def _place(S: np.ndarray, T: np.ndarray, g: int, level: int) -> None:
    """R-IB-2: as many shells on ``level`` as dice show it, all that are left if fewer."""
    seat = S[g, S_PLAYER]
    shown = T[T_COUNTS + S[g, S_DICE] * N_FACES + level - 1]
    hand = S[g, S_HAND + seat]
    m = placed(T, shown, hand)
    S[g, S_BOARD + (level - 1) * MAX_PLAYERS + seat] += m
    S[g, S_HAND + seat] = hand - m
    if hand - m == 0 and S[g, S_END_BY] < 0:
        S[g, S_END_BY] = seat
        S[g, S_FINALS_LEFT] = T[T_N] - 1
    _end_turn(S, T, g)


@njit(cache=True, inline="always")
def _resolve(S: np.ndarray, T: np.ndarray, g: int) -> None:
    """The dice are final: failed dive, perfect dive (R-IB-3) or a placement (R-IB-2)."""
    d = S[g, S_DICE]
    run = T[T_RUN + d]
    if run == 0:
        _end_turn(S, T, g)
    elif T[T_PERFECT + d]:
        S[g, S_PHASE] = CHEST
        S[g, S_CUR] = CHANCE
    elif run == 1:
        _place(S, T, g, 1)
    else:
        S[g, S_PHASE] = PLACE
        S[g, S_CUR] = S[g, S_PLAYER]


@njit(cache=True, inline="always")
def _take_chest(S: np.ndarray, T: np.ndarray, g: int, index: int) -> None:
    """R-IB-3: the chest is the diver's, who plays again; the last chest ends the game at once."""
    seat = S[g, S_PLAYER]
    S[g, S_PILE + index] -= 1
    S[g, S_CHESTS + seat * MAX_VALUES + index] += 1
    left = 0
    for v in range(T[T_NV]):
        left += S[g, S_PILE + v]
    if left == 0:
        _finish(S, g, 1)
    else:
        _start_turn(S, T, g, seat, 1)


@kernel()
def apply(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    """Play a legal ``action`` (not checked: the caller took it from :func:`legal`)."""
    phase = S[g, S_PHASE]
    if phase == ROLLING:
        rolled = action - ROLL0
        S[g, S_ROLLED] = rolled
        S[g, S_DICE] = T[T_ADD + S[g, S_KEPT] * KEY + rolled]
        if S[g, S_ROLLS_LEFT]:
            S[g, S_PHASE] = CHOOSE
            S[g, S_CUR] = S[g, S_PLAYER]
        else:
            _resolve(S, T, g)
    elif phase == CHOOSE:
        if action == STOP:
            _resolve(S, T, g)
        else:
            reroll = action - REROLL0
            S[g, S_KEPT] = T[T_KEEP + S[g, S_DICE] * KEY + reroll]
            S[g, S_TO_ROLL] = T[T_SIZE + reroll]
            S[g, S_ROLLS_LEFT] -= 1
            S[g, S_PHASE] = ROLLING
            S[g, S_CUR] = CHANCE
    elif phase == PLACE:
        _place(S, T, g, action)
    elif phase == CHEST:
        _take_chest(S, T, g, action - CHEST0)
    elif phase == FIRST:
        _start_turn(S, T, g, action - T[T_FIRST0], 0)
    S[g, S_HIST] += 1


# ---- legal actions and chance ----------------------------------------------------------------
@njit(cache=True, inline="always")
def _copy(T: np.ndarray, start: int, m: int, out: np.ndarray) -> int:
    """``T[start:start + m]`` into ``out``; returns ``m`` (a precomputed, ascending list of actions)."""
    for i in range(m):
        out[i] = T[start + i]
    return m


@kernel()
def legal(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray) -> int:
    """Write the sorted legal actions (outcomes at a chance node) into ``out``; return how many."""
    phase = S[g, S_PHASE]
    if phase == ROLLING:
        k = S[g, S_TO_ROLL]
        return _copy(T, T_ROLL_ACT + k * MAX_ROLL, T[T_ROLL_N + k], out)
    if phase == CHOOSE:
        d = S[g, S_DICE]
        return _copy(T, T_CHOOSE + d * MAX_SUBSETS, T[T_CHOOSE_N + d], out)
    if phase == PLACE:
        m = T[T_RUN + S[g, S_DICE]]
        for i in range(m):
            out[i] = i + 1
        return m
    if phase == CHEST:
        m = 0
        for v in range(T[T_NV]):
            if S[g, S_PILE + v] > 0:
                out[m] = CHEST0 + v
                m += 1
        return m
    if phase == FIRST:
        for p in range(T[T_N]):
            out[p] = T[T_FIRST0] + p
        return T[T_N]
    return 0


@kernel()
def chance_outcomes(S: np.ndarray, T: np.ndarray, P: np.ndarray, g: int, acts: np.ndarray,
                    probs: np.ndarray) -> int:
    """``chance_outcomes()`` of game ``g`` into ``acts``/``probs`` (0 away from a chance node)."""
    phase = S[g, S_PHASE]
    if phase == ROLLING:
        k = S[g, S_TO_ROLL]
        m = T[T_ROLL_N + k]
        for i in range(m):
            acts[i] = T[T_ROLL_ACT + k * MAX_ROLL + i]
            probs[i] = P[k * MAX_ROLL + i]
        return m
    if phase == CHEST:
        total = 0
        for v in range(T[T_NV]):
            total += S[g, S_PILE + v]
        m = 0
        for v in range(T[T_NV]):
            if S[g, S_PILE + v] > 0:
                acts[m] = CHEST0 + v
                probs[m] = S[g, S_PILE + v] / total
                m += 1
        return m
    if phase == FIRST:
        for p in range(T[T_N]):
            acts[p] = T[T_FIRST0] + p
            probs[p] = 1 / T[T_N]
        return T[T_N]
    return 0


@kernel()
def sample_chance(S: np.ndarray, T: np.ndarray, g: int) -> int:
    """The reference ``sample_chance()`` with no generator: drawn from (seed, history length)."""
    return sample_chance_with(S, T, g, R.for_key(np.uint64(S[g, S_SEED]), np.uint64(S[g, S_HIST])))


@njit(cache=True)
def sample_chance_with(S: np.ndarray, T: np.ndarray, g: int, st: np.uint64) -> int:
    """The reference ``sample_chance(rng)`` for a generator whose state is ``st`` (search playouts
    draw from generators of their own, never from the game's seed)."""
    if S[g, S_PHASE] == ROLLING:
        k = S[g, S_TO_ROLL]
        total = 1
        for _ in range(k):
            total *= 6
        st, r = R.randbelow(st, total)
        return T[T_ROLL_LUT + k * LUT + r]
    if S[g, S_PHASE] == FIRST:  # equal weights: the index drawn is the seat
        st, r = R.randbelow(st, T[T_N])
        return T[T_FIRST0] + r
    total = 0
    for v in range(T[T_NV]):
        total += S[g, S_PILE + v]
    st, r = R.randbelow(st, total)
    for v in range(T[T_NV]):
        w = S[g, S_PILE + v]
        if r < w:
            return CHEST0 + v
        r -= w
    return -1


# ---- scoring (R-IB-5, R-IB-6) -----------------------------------------------------------------
@njit(cache=True, inline="always")
def _ahead(S: np.ndarray, g: int, i: int, a: int, b: int) -> bool:
    """Does seat ``a`` rank before ``b`` on level ``i + 1``: shells there, then on each level above,
    then unused shells, then the earlier last turn, then the lower seat (the reference's sort key)."""
    for j in range(i, -1, -1):
        x, y = S[g, S_BOARD + j * MAX_PLAYERS + a], S[g, S_BOARD + j * MAX_PLAYERS + b]
        if x != y:
            return x > y
    x, y = S[g, S_HAND + a], S[g, S_HAND + b]
    if x != y:
        return x > y
    x, y = S[g, S_LAST_TURN + a], S[g, S_LAST_TURN + b]
    if x != y:
        return x < y
    return a < b


@kernel()
def rank_level(S: np.ndarray, T: np.ndarray, g: int, i: int, out: np.ndarray) -> int:
    """Seats with shells on level ``i + 1``, best first, into ``out``; return how many."""
    m = 0
    for p in range(T[T_N]):
        if S[g, S_BOARD + i * MAX_PLAYERS + p] > 0:
            j = m
            while j > 0 and _ahead(S, g, i, p, out[j - 1]):
                out[j] = out[j - 1]
                j -= 1
            out[j] = p
            m += 1
    return m


@kernel()
def treasure_points(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray, order: np.ndarray) -> None:
    """Treasures each seat would hold if the game ended now, into ``out[:n]`` (``order``: scratch
    of ``MAX_PLAYERS``)."""
    for p in range(T[T_N]):
        out[p] = 0
    for i in range(4, -1, -1):
        m = rank_level(S, T, g, i, order)
        for place in range(min(m, T[T_NTOK + i])):
            out[order[place]] += T[T_TOKENS + MAX_TOKENS * i + place]


@kernel()
def chest_points(S: np.ndarray, T: np.ndarray, g: int, seat: int) -> int:
    total = 0
    for v in range(T[T_NV]):
        total += S[g, S_CHESTS + seat * MAX_VALUES + v] * T[T_CHEST_VALUES + v]
    return total


@kernel()
def scores(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray, order: np.ndarray) -> None:
    """Treasures plus chest values per seat (the reference ``scores()``), into ``out[:n]``."""
    treasure_points(S, T, g, out, order)
    for p in range(T[T_N]):
        out[p] += chest_points(S, T, g, p)
