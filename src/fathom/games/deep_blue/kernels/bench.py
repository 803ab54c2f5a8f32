"""Timed loops of ``fathom bench --fast`` for Deep Blue beyond random play: whole games with a compiled
bot (:mod:`fathom.games.deep_blue.bots.compiled.choose`) in every seat, on one core or spread over all of them.

Why the bench's own seeds and bots: on one core game ``k`` is seed ``first_seed + k`` and seat ``p``'s
bot is seeded ``p + 1`` and keeps its generator from game to game, as ``fathom bench`` seeds its bots
(:func:`fathom.cli.bench.reference_bots`), so greedy play here is the games
``DeepBlueGreedyBot(seed=p + 1)`` would play through :func:`fathom.cli.bench.play_whole_game`. Spread
over the cores, row ``w`` plays its own slice of seeds with bots seeded ``p + 1 + 1000 * w``; the
loop and its timing are every game's (:func:`fathom.fast.timing.timed_rows`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from fathom.games.deep_blue.bots.compiled import choose as db_bots
from fathom.games.deep_blue.kernels.kernel import apply, sample_chance
from fathom.games.deep_blue.kernels.setup import reset
from fathom.games.deep_blue.kernels.tables import MAX_PLAYERS, S_CUR, new_batch
from fathom.fast.timing import Timed, bench_bots, bench_rows, timed_rows
from fathom.fast.jit import kernel
from fathom.core.api import TERMINAL


# Its own loop, not one shared with Into the Blue's: the two games' compiled bots take different tables
# (here the policy tables G and scratch F, there BI/BF, rerolls and parameter rows); only the timing
# around the loop is shared (fathom.fast.timing).
@kernel(nogil=True)
def _play_rows(S: np.ndarray, T: np.ndarray, G: np.ndarray, kinds: np.ndarray, bots: np.ndarray, first_seed: int,
               each: int, transitions: np.ndarray, lo: int, hi: int, out: np.ndarray, F: np.ndarray) -> None:
    for w in range(lo, hi):
        total = 0
        for k in range(each):
            reset(S, T, w, first_seed + w * each + k)
            while True:
                cur = S[w, S_CUR]
                if cur == TERMINAL:
                    break
                if cur < 0:
                    a = sample_chance(S, T, w)
                else:
                    a = db_bots.choose(S, T, G, w, cur, kinds[cur], bots[w], out, F)
                apply(S, T, w, a)
                total += 1
        transitions[w] = total


@njit(cache=True, nogil=True)
def play_rows(S: np.ndarray, T: np.ndarray, G: np.ndarray, kinds: np.ndarray, bots: np.ndarray, first_seed: int,
              each: int, transitions: np.ndarray, lo: int, hi: int) -> None:
    """Rows ``lo..hi-1`` each play ``each`` whole games (row ``w``: seeds ``first_seed + w * each``
    on) with seat ``p``'s policy ``kinds[p]`` and generator ``bots[w, p]``; ``transitions[w]``: the
    apply calls of row ``w``."""
    out, F = db_bots.scratch()
    _play_rows(S, T, G, kinds, bots, first_seed, each, transitions, lo, hi, out, F)


def play_for(T: np.ndarray, G: np.ndarray, kind: str, seconds: float, threads: int = 1, chunk: int = 200) -> Timed:
    """Games with ``kind`` (a key of :data:`fathom.games.deep_blue.bots.compiled.choose.KINDS`) in every seat for about
    ``seconds`` of wall time, in calls of about ``chunk`` games: on this thread (``threads`` 1) or
    spread over ``threads``. ``G``: :func:`fathom.games.deep_blue.bots.compiled.choose.policy_tables` of the game."""
    rows = bench_rows(threads)
    kinds = np.full(MAX_PLAYERS, db_bots.KINDS[kind], np.int64)
    S = new_batch(rows)
    bots = bench_bots(rows, threads > 1, MAX_PLAYERS)
    counts = np.zeros(rows, np.int64)

    def call(seed: int, games: int, lo: int, hi: int) -> None:
        play_rows(S, T, G, kinds, bots, seed, games, counts, lo, hi)

    return timed_rows(call, counts, threads, seconds, chunk)
