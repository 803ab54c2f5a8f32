"""Into the Blue as a batched RL environment inside the kernel: one learner seat, random bots.

Why compiled: a vector environment spends its time playing the other seats and encoding
observations; here both happen in the kernel, over slices of the environments that
:class:`fathom.fast.spread.Spread` hands to the cores, so a step of B environments is a few calls.
The games are those of ``fathom.rl.gymnasium.FathomEnv`` with ``opponents="random"``: environment ``g`` plays game seed ``s`` with the other seats' bots seeded
``8 * s + seat`` (as ``build_bot`` seeds them), so the same learner actions give the same episodes,
observations, masks and rewards; :mod:`fathom.fast.verify` style tests check it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from fathom.fast import rng as R
from fathom.fast.jit import kernel
from fathom.games.into_the_blue.kernels.kernel import (
    CHANCE,
    CHOOSE,
    PLACE,
    S_CUR,
    S_DICE,
    S_PHASE,
    TERMINAL,
    apply,
    reset,
    sample_chance,
    scores,
)
from fathom.games.into_the_blue.kernels.obs import action_mask, observe
from fathom.games.into_the_blue.kernels.play import random_choice
from fathom.games.into_the_blue.kernels.tables import (
    MAX_PLAYERS,
    MAX_SUBSETS,
    T_CHOOSE,
    T_CHOOSE_N,
    T_N,
    T_RUN,
)

REWARD_WIN, REWARD_SCORE = 0, 1


@njit(cache=True, inline="always")
def _is_legal(S: np.ndarray, T: np.ndarray, g: int, action: int) -> bool:
    d = S[g, S_DICE]
    if S[g, S_PHASE] == PLACE:
        return 1 <= action <= T[T_RUN + d]
    if S[g, S_PHASE] == CHOOSE:
        for i in range(T[T_CHOOSE_N + d]):
            if T[T_CHOOSE + d * MAX_SUBSETS + i] == action:
                return True
    return False


@njit(cache=True, inline="always")
def _others(S: np.ndarray, T: np.ndarray, g: int, seat: int, bots: np.ndarray) -> None:
    """Chance and the random bots play until ``seat`` decides or the game ends."""
    while True:
        cur = S[g, S_CUR]
        if cur == seat or cur == TERMINAL:
            return
        if cur == CHANCE:
            apply(S, T, g, sample_chance(S, T, g))
        else:
            apply(S, T, g, random_choice(S, T, g, bots[g], cur))


@njit(cache=True, inline="always")
def _new_game(S: np.ndarray, T: np.ndarray, g: int, seat: int, seed: int, bots: np.ndarray) -> None:
    reset(S, T, g, seed)
    for p in range(MAX_PLAYERS):  # build_bot("random", game, 8 * seed + p)
        bots[g, p] = R.new_state(np.uint64(seed) * np.uint64(8) + np.uint64(p))
    _others(S, T, g, seat, bots)


@njit(cache=True, inline="always")
def _reward(S: np.ndarray, T: np.ndarray, g: int, seat: int, mode: int, points: np.ndarray,
            order: np.ndarray) -> float:
    """``fathom.rl.common.final_rewards`` of ``seat``: ±1 for a (shared) win, or the score margin."""
    n = T[T_N]
    scores(S, T, g, points, order)
    if mode == REWARD_WIN:
        best = points[0]
        for p in range(1, n):
            best = max(best, points[p])
        return 1.0 if points[seat] == best else -1.0
    total = 0
    for p in range(n):
        total += points[p]
    return float(points[seat] - (total - points[seat]) / (n - 1))


@kernel(nogil=True)
def _reset_range(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, seat: int, seeds: np.ndarray,
                 bots: np.ndarray, obs: np.ndarray, masks: np.ndarray, lo: int, hi: int, scratch: np.ndarray) -> None:
    for g in range(lo, hi):
        _new_game(S, T, g, seat, seeds[g], bots)
        observe(S, T, OFF, E, g, seat, obs[g], scratch)
        action_mask(S, T, g, masks[g])


@njit(cache=True, nogil=True)
def env_reset(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, seat: int, seeds: np.ndarray,
              bots: np.ndarray, obs: np.ndarray, masks: np.ndarray, lo: int, hi: int) -> None:
    """Environments ``lo..hi-1`` start game ``seeds[g]``; observations and masks of the learner's
    first decision. ``nogil``: :class:`fathom.fast.spread.Spread` runs slices on several threads."""
    _reset_range(S, T, OFF, E, seat, seeds, bots, obs, masks, lo, hi, np.empty(3 * MAX_PLAYERS, np.int64))


@kernel(nogil=True)
def _step_range(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, seat: int, actions: np.ndarray,
                bots: np.ndarray, pending: np.ndarray, next_seed: np.ndarray, stride: int, mode: int,
                illegal_reward: float, obs: np.ndarray, masks: np.ndarray, rewards: np.ndarray,
                terminated: np.ndarray, illegal: np.ndarray, lo: int, hi: int, scratch: np.ndarray) -> None:
    for g in range(lo, hi):
        rewards[g] = 0.0
        terminated[g] = False
        illegal[g] = False
        if pending[g]:
            pending[g] = 0
            _new_game(S, T, g, seat, next_seed[g], bots)
            next_seed[g] += stride
        elif not _is_legal(S, T, g, actions[g]):
            rewards[g] = illegal_reward
            terminated[g] = True
            illegal[g] = True
            pending[g] = 1
        else:
            apply(S, T, g, actions[g])
            _others(S, T, g, seat, bots)
            if S[g, S_CUR] == TERMINAL:
                rewards[g] = _reward(S, T, g, seat, mode, scratch[:MAX_PLAYERS], scratch[MAX_PLAYERS:])
                terminated[g] = True
                pending[g] = 1
        observe(S, T, OFF, E, g, seat, obs[g], scratch)
        if terminated[g]:
            for i in range(masks.shape[1]):
                masks[g, i] = 0
        else:
            action_mask(S, T, g, masks[g])


@njit(cache=True, nogil=True)
def env_step(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, seat: int, actions: np.ndarray,
             bots: np.ndarray, pending: np.ndarray, next_seed: np.ndarray, stride: int, mode: int,
             illegal_reward: float, obs: np.ndarray, masks: np.ndarray, rewards: np.ndarray,
             terminated: np.ndarray, illegal: np.ndarray, lo: int, hi: int) -> None:
    """One learner action for each of environments ``lo..hi-1`` (Gymnasium's next-step autoreset: an
    environment that ended at the last step starts its next game, seed ``+ stride``, and ignores its
    action). The scratch is made once per call, and the loop runs in a function that counts no
    references (:mod:`fathom.fast.jit`): the views of one environment's rows cost nothing."""
    _step_range(S, T, OFF, E, seat, actions, bots, pending, next_seed, stride, mode, illegal_reward, obs, masks,
                rewards, terminated, illegal, lo, hi, np.empty(3 * MAX_PLAYERS, np.int64))
