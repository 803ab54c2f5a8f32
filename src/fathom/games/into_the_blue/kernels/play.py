"""Whole games of Into the Blue inside the kernel: random play, one core or all cores.

Why these loops mirror ``fathom bench``: game ``k`` is seed ``first_seed + k`` and seat ``p`` is a
random bot seeded ``p + 1`` that keeps its generator from game to game (``RandomBot(seed=p + 1)``), so
the games played on one core are exactly the reference bench's games, only faster. Each worker of the
all-cores loop plays its own slice of seeds with its own bots (seeded ``p + 1 + 1000 * worker``).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from fathom.fast.jit import kernel
from fathom.fast import rng as R
from fathom.fast.timing import Timed, bots_for, timed
from fathom.games.into_the_blue.kernels.kernel import (
    CHOOSE,
    S_CUR,
    S_DICE,
    S_PHASE,
    TERMINAL,
    apply,
    new_batch,
    reset,
    sample_chance,
)
from fathom.games.into_the_blue.kernels.tables import MAX_PLAYERS, MAX_SUBSETS, T_CHOOSE, T_CHOOSE_N, T_RUN


@njit(cache=True, inline="always")
def random_choice(S: np.ndarray, T: np.ndarray, g: int, bot: np.ndarray, seat: int) -> int:
    """``RandomBot.choose``: ``rng.choice(legal_actions())`` with seat ``seat``'s generator in ``bot``."""
    d = S[g, S_DICE]
    if S[g, S_PHASE] == CHOOSE:
        bot[seat], i = R.randbelow(bot[seat], T[T_CHOOSE_N + d])
        return T[T_CHOOSE + d * MAX_SUBSETS + i]
    bot[seat], i = R.randbelow(bot[seat], T[T_RUN + d])  # PLACE: levels 1..run
    return i + 1


@kernel()
def play_random_games(S: np.ndarray, T: np.ndarray, g: int, first_seed: int, games: int, bot: np.ndarray,
                      lengths: np.ndarray) -> int:
    """Play ``games`` games in row ``g`` with random bots; return the transitions (apply calls).
    ``lengths[k]`` gets game ``k``'s number of transitions."""
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
                a = random_choice(S, T, g, bot, cur)
            apply(S, T, g, a)
            steps += 1
        lengths[k] = steps
        total += steps
    return total


@njit(cache=True, parallel=True)
def play_random_parallel(S: np.ndarray, T: np.ndarray, first_seed: int, games_each: int) -> np.ndarray:
    """Every row of the batch plays ``games_each`` games on its own seeds, rows spread over cores;
    returns the transitions per row."""
    workers = S.shape[0]
    out = np.zeros(workers, np.int64)
    for w in prange(workers):
        bot = np.empty(MAX_PLAYERS, np.uint64)
        for p in range(MAX_PLAYERS):
            bot[p] = R.new_state(np.uint64(p + 1 + 1000 * w))
        lengths = np.empty(games_each, np.int64)
        out[w] = play_random_games(S, T, w, first_seed + w * games_each, games_each, bot, lengths)
    return out


def one_core(T: np.ndarray, first_seed: int, games: int) -> tuple[int, np.ndarray]:
    """``(transitions, length of each game)`` of ``games`` random games on this core."""
    S = new_batch(1)
    lengths = np.empty(games, np.int64)
    return play_random_games(S, T, 0, first_seed, games, bots_for(MAX_PLAYERS), lengths), lengths


def all_cores(T: np.ndarray, first_seed: int, games_each: int, workers: int) -> int:
    """Transitions of ``workers * games_each`` random games spread over every core."""
    return int(play_random_parallel(new_batch(workers), T, first_seed, games_each).sum())


def play_for(T: np.ndarray, seconds: float, workers: int = 0, chunk: int = 2000) -> Timed:
    """Random games for about ``seconds`` of wall time, in calls of ``chunk`` games (a compiled loop
    cannot read the clock). ``workers`` 0: one core, the bench's own seeds and bots; otherwise that
    many rows spread over every core numba may use."""
    return timed(T, new_batch(max(1, workers)), seconds, workers, chunk, MAX_PLAYERS, play_random_games,
                 play_random_parallel)
