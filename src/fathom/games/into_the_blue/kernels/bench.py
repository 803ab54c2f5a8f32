"""Timed loops of ``fathom bench --fast`` beyond random play on one core: whole games with the
compiled bots in every seat, on one core or spread over all of them, and the vector environment.

Why the bench's own seeds and bots: on one core game ``k`` is seed ``first_seed + k`` and seat
``p``'s bot is seeded ``p + 1`` and keeps its generator from game to game, as ``fathom bench``
seeds its random bots, so greedy play here is the games ``IntoTheBlueGreedyBot(seed=p + 1)`` would
play. Spread over the cores, row ``w`` plays its own slice of seeds with bots seeded
``p + 1 + 1000 * w`` (as :func:`fathom.games.into_the_blue.kernels.play.play_random_parallel`), several rows a thread,
handed out by :class:`fathom.fast.spread.Spread` so a core another program holds costs only its
share.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from fathom.games.into_the_blue.bots import compiled as itb_bots
from fathom.games.into_the_blue.kernels.kernel import S_CUR, TERMINAL, apply, new_batch, reset, sample_chance
from fathom.fast.jit import kernel
from fathom.games.into_the_blue.kernels.tables import MAX_PLAYERS
from fathom.fast.timing import Timed, bench_bots, bench_rows, timed_rows

@kernel(nogil=True)
def _play_rows(S: np.ndarray, T: np.ndarray, BI: np.ndarray, BF: np.ndarray, rerolls: int, kinds: np.ndarray,
               params: np.ndarray, bots: np.ndarray, first_seed: int, each: int, transitions: np.ndarray, lo: int,
               hi: int, scratch: np.ndarray) -> None:
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
                    a = itb_bots.choose(S, T, BI, BF, rerolls, w, cur, kinds[cur], params[cur], bots[w], scratch)
                apply(S, T, w, a)
                total += 1
        transitions[w] = total


@njit(cache=True, nogil=True)
def play_rows(S: np.ndarray, T: np.ndarray, BI: np.ndarray, BF: np.ndarray, rerolls: int, kinds: np.ndarray,
              params: np.ndarray, bots: np.ndarray, first_seed: int, each: int, transitions: np.ndarray, lo: int,
              hi: int) -> None:
    """Rows ``lo..hi-1`` each play ``each`` whole games (row ``w``: seeds ``first_seed + w * each``
    on) with seat ``p``'s policy ``kinds[p]``; ``transitions[w]``: the apply calls of row ``w``."""
    _play_rows(S, T, BI, BF, rerolls, kinds, params, bots, first_seed, each, transitions, lo, hi,
               np.empty(3 * MAX_PLAYERS, np.int64))


def play_for(T: np.ndarray, rerolls: int, kind: str, seconds: float, threads: int = 1, chunk: int = 2000) -> Timed:
    """Games with ``kind`` (random, greedy, heuristic) in every seat for about ``seconds`` of wall
    time, in calls of about ``chunk`` games: on this thread (``threads`` 1) or spread over ``threads``."""
    rows = bench_rows(threads)
    kinds = np.full(MAX_PLAYERS, itb_bots.KINDS[kind], np.int64)
    params = np.tile(itb_bots.params_row(), (MAX_PLAYERS, 1))
    BI, BF = itb_bots.tables(rerolls)
    S = new_batch(rows)
    bots = bench_bots(rows, threads > 1, MAX_PLAYERS)
    counts = np.zeros(rows, np.int64)

    def call(seed: int, games: int, lo: int, hi: int) -> None:
        play_rows(S, T, BI, BF, rerolls, kinds, params, bots, seed, games, counts, lo, hi)

    return timed_rows(call, counts, threads, seconds, chunk)


def env_steps(players: int, seconds: float, num_envs: int = 4096, threads: int | None = None) -> tuple[Timed, int]:
    """``(steps timed, threads)`` of ``FastIntoTheBlueVectorEnv`` with the learner taking its first
    legal action (``argmax`` of the mask, in NumPy: the policy's cost is counted in the loop)."""
    from fathom.games.into_the_blue.vector_env import FastIntoTheBlueVectorEnv

    envs = FastIntoTheBlueVectorEnv(num_envs=num_envs, players=players, threads=threads)
    try:
        obs, _ = envs.reset(seed=0)
        obs, *_ = envs.step(obs["action_mask"].argmax(axis=1))
        out = Timed()
        start, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            obs, *_ = envs.step(obs["action_mask"].argmax(axis=1))
            out.transitions += num_envs
        out.seconds = time.perf_counter() - start
        out.cpu_seconds = time.process_time() - cpu
        return out, envs.threads
    finally:
        envs.close()
