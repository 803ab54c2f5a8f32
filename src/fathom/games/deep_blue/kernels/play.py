"""Whole games of Deep Blue inside the kernel: random play, one core or all cores.

Why these loops mirror ``fathom bench``: game ``k`` is seed ``first_seed + k`` and seat ``p`` is a
random bot seeded ``p + 1`` that keeps its generator from game to game (``RandomBot(seed=p + 1)``:
``rng.choice(legal_actions())``), so the games played on one core are exactly the reference bench's
games, only faster. Each worker of the all-cores loop plays its own slice of seeds with its own bots
(seeded ``p + 1 + 1000 * worker``). The timing helpers are every game's (:mod:`fathom.fast.timing`).

Why threads rather than numba's ``prange``: the loop releases the GIL (``nogil``), so one compiled
function serves one core and all of them; a ``parallel=True`` kernel would compile the whole rules
a second time (20 s of CPU at first use).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numba import njit

from fathom.fast import rng as R
from fathom.games.deep_blue.kernels.kernel import MAX_ACTIONS, apply, legal, sample_chance
from fathom.games.deep_blue.kernels.setup import reset
from fathom.games.deep_blue.kernels.tables import MAX_PLAYERS, S_CUR, new_batch
from fathom.fast.timing import Timed, bots_for, timed
from fathom.core.api import TERMINAL


@njit(cache=True, nogil=True)
def play_random_games(S: np.ndarray, T: np.ndarray, g: int, first_seed: int, games: int, bot: np.ndarray,
                      lengths: np.ndarray) -> int:
    """Play ``games`` games in row ``g`` with random bots; return the transitions (apply calls).
    (Its own loop, not one shared with Into the Blue's: a random move here is a pick among the legal
    list, there a compiled draw of the dice choice without a list, so the two loops differ in the move.)
    ``lengths[k]`` gets game ``k``'s number of transitions."""
    out = np.empty(MAX_ACTIONS, np.int64)
    total = 0
    for k in range(games):
        reset(S, T, g, first_seed + k)
        steps = 0
        while True:
            cur = S[g, S_CUR]
            if cur == TERMINAL:
                break
            if cur < 0:
                a = sample_chance(S, T, g)
            else:
                m = legal(S, T, g, out)
                bot[cur], i = R.randbelow(bot[cur], m)
                a = out[i]
            apply(S, T, g, a)
            steps += 1
        lengths[k] = steps
        total += steps
    return total


def one_core(T: np.ndarray, first_seed: int, games: int) -> tuple[int, np.ndarray]:
    """``(transitions, length of each game)`` of ``games`` random games on this core."""
    S = new_batch(1)
    lengths = np.empty(games, np.int64)
    return play_random_games(S, T, 0, first_seed, games, bots_for(MAX_PLAYERS), lengths), lengths


def play_random_parallel(S: np.ndarray, T: np.ndarray, first_seed: int, games_each: int) -> np.ndarray:
    """Every row of the batch plays ``games_each`` games on its own seeds, one thread a row;
    returns the transitions per row."""
    workers = S.shape[0]
    lengths = np.empty((workers, games_each), np.int64)

    def row(w: int) -> int:
        seed = first_seed + w * games_each
        return int(play_random_games(S, T, w, seed, games_each, bots_for(MAX_PLAYERS, w), lengths[w]))

    with ThreadPoolExecutor(workers) as pool:
        return np.array(list(pool.map(row, range(workers))), np.int64)


def all_cores(T: np.ndarray, first_seed: int, games_each: int, workers: int) -> int:
    """Transitions of ``workers * games_each`` random games spread over every core."""
    return int(play_random_parallel(new_batch(workers), T, first_seed, games_each).sum())


def play_for(T: np.ndarray, seconds: float, workers: int = 0, chunk: int = 200) -> Timed:
    """Random games for about ``seconds`` of wall time (see :func:`fathom.fast.timing.timed`):
    ``workers`` 0 is one core, the bench's own seeds and bots; otherwise that many threads."""
    return timed(T, new_batch(max(1, workers)), seconds, workers, chunk, MAX_PLAYERS, play_random_games,
                 play_random_parallel)
