"""Deep Blue as a batched RL environment inside the kernel: one learner seat, random bots.

Why compiled: a vector environment spends its time playing the other seats and encoding
observations; here both happen in the kernel, over slices of the environments that
:class:`fathom.fast.spread.Spread` hands to the cores (the functions release the GIL), so a step of
B environments is a few calls and allocates nothing per environment.

The games are those of ``fathom.rl.gymnasium.FathomEnv(game="deep-blue", opponents="random")``:
environment ``g`` plays game seed ``s`` and the bot of seat ``p`` is ``RandomBot`` seeded
``8 * s + p`` (as ``build_bot`` seeds it), so the same learner actions give the same episodes,
observations, masks, rewards and truncations. One difference: with ``illegal_action="random"``
FathomEnv draws the replacement action from its NumPy generator, here from the generator the
learner's seat would have as a bot (``8 * s + seat``), so those episodes differ after the first
replacement.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from fathom.fast.jit import kernel

from fathom.core.api import CHANCE, TERMINAL
from fathom.fast import rng as R
from fathom.games.deep_blue.kernels.kernel import MAX_ACTIONS, apply, legal, sample_chance, winners
from fathom.games.deep_blue.kernels.obs import SCRATCH, action_mask, observe
from fathom.games.deep_blue.kernels.setup import reset
from fathom.games.deep_blue.kernels.tables import MAX_PLAYERS, S_CUR, S_VP, T_N

REWARD_WIN, REWARD_SCORE = 0, 1
ILLEGAL_TERMINATE, ILLEGAL_RANDOM = 0, 1  # "raise" is checked before the step (:func:`first_illegal`)


@kernel(inline="always")
def _others(S: np.ndarray, T: np.ndarray, g: int, seat: int, bots: np.ndarray, buf: np.ndarray) -> None:
    """Chance and the random bots play until ``seat`` decides or the game ends."""
    while True:
        cur = S[g, S_CUR]
        if cur == seat or cur == TERMINAL:
            return
        if cur == CHANCE:
            apply(S, T, g, sample_chance(S, T, g))
        else:  # RandomBot.choose: rng.choice(legal_actions())
            m = legal(S, T, g, buf)
            bots[g, cur], i = R.randbelow(bots[g, cur], m)
            apply(S, T, g, buf[i])


@kernel(inline="always")
def _new_game(S: np.ndarray, T: np.ndarray, g: int, seat: int, seed: int, bots: np.ndarray, steps: np.ndarray,
              buf: np.ndarray) -> None:
    reset(S, T, g, seed)
    for p in range(MAX_PLAYERS):  # build_bot("random", "deep-blue", 8 * seed + p)
        bots[g, p] = R.new_state(np.uint64(seed) * np.uint64(8) + np.uint64(p))
    steps[g] = 0
    _others(S, T, g, seat, bots, buf)


@kernel(inline="always")
def _reward(S: np.ndarray, T: np.ndarray, g: int, seat: int, mode: int, buf: np.ndarray) -> float:
    """``fathom.rl.common.final_rewards`` of ``seat``: ±1 for a (shared) win, or the VP margin."""
    n = T[T_N]
    if mode == REWARD_WIN:
        for i in range(winners(S, T, g, buf)):
            if buf[i] == seat:
                return 1.0
        return -1.0
    total = 0
    for p in range(n):
        total += S[g, S_VP + p]
    mine = S[g, S_VP + seat]
    return float(mine - (total - mine) / (n - 1))


@kernel(inline="always")
def _find(buf: np.ndarray, m: int, action: int) -> bool:
    for i in range(m):
        if buf[i] == action:
            return True
    return False


@njit(cache=True, nogil=True)
def env_reset(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, seat: int, seeds: np.ndarray,
              bots: np.ndarray, steps: np.ndarray, obs: np.ndarray, masks: np.ndarray, lo: int, hi: int) -> None:
    """Environments ``lo..hi-1`` start game ``seeds[g]``; observations and masks of the learner's
    first decision."""
    buf = np.empty(SCRATCH, np.int64)
    for g in range(lo, hi):
        _new_game(S, T, g, seat, seeds[g], bots, steps, buf)
        observe(S, T, OFF, E, g, seat, obs[g], buf)
        action_mask(S, T, g, masks[g], buf)


@njit(cache=True, nogil=True)
def env_step(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, seat: int, actions: np.ndarray,
             bots: np.ndarray, steps: np.ndarray, pending: np.ndarray, next_seed: np.ndarray, stride: int,
             mode: int, illegal_mode: int, illegal_reward: float, max_steps: int, obs: np.ndarray,
             masks: np.ndarray, rewards: np.ndarray, terminated: np.ndarray, truncated: np.ndarray,
             illegal: np.ndarray, lo: int, hi: int) -> None:
    """One learner action for each of environments ``lo..hi-1``, as ``FathomEnv.step``.

    Gymnasium's next-step autoreset: an environment that ended (or was cut at ``max_steps``
    learner decisions; 0: no limit) at the last step starts its next game, seed ``+ stride``, and
    ignores its action. The scratch is made once per call, not per environment."""
    buf = np.empty(SCRATCH, np.int64)
    for g in range(lo, hi):
        rewards[g] = 0.0
        terminated[g] = False
        truncated[g] = False
        illegal[g] = False
        if pending[g]:
            pending[g] = 0
            _new_game(S, T, g, seat, next_seed[g], bots, steps, buf)
            next_seed[g] += stride
            observe(S, T, OFF, E, g, seat, obs[g], buf)
            action_mask(S, T, g, masks[g], buf)
            continue
        action = actions[g]
        m = legal(S, T, g, buf)
        if not _find(buf, m, action):
            illegal[g] = True
            if illegal_mode == ILLEGAL_TERMINATE:
                rewards[g] = illegal_reward
                terminated[g] = True
                pending[g] = 1
                observe(S, T, OFF, E, g, seat, obs[g], buf)
                masks[g, :] = 0
                continue
            bots[g, seat], i = R.randbelow(bots[g, seat], m)
            action = buf[i]
        apply(S, T, g, action)
        steps[g] += 1
        _others(S, T, g, seat, bots, buf)
        if S[g, S_CUR] == TERMINAL:
            rewards[g] = _reward(S, T, g, seat, mode, buf)
            terminated[g] = True
            pending[g] = 1
        elif max_steps and steps[g] >= max_steps:
            truncated[g] = True
            pending[g] = 1
        observe(S, T, OFF, E, g, seat, obs[g], buf)
        if terminated[g]:
            masks[g, :] = 0
        else:
            action_mask(S, T, g, masks[g], buf)


@njit(cache=True, nogil=True)
def first_illegal(S: np.ndarray, T: np.ndarray, actions: np.ndarray, pending: np.ndarray) -> int:
    """The first environment whose action is not legal (-1: none), checked before any is played
    (``illegal_action="raise"`` changes nothing when it raises)."""
    buf = np.empty(MAX_ACTIONS, np.int64)
    for g in range(S.shape[0]):
        if not pending[g] and not _find(buf, legal(S, T, g, buf), actions[g]):
            return g
    return -1


@kernel(nogil=True)
def random_legal(masks: np.ndarray, state: np.ndarray, out: np.ndarray) -> None:
    """A uniform random legal action for every row of ``masks`` into ``out`` (0 where none is
    legal), from the :mod:`fathom.fast.rng` generator ``state[0]``: a compiled random learner for
    benchmarks and smoke tests (picking in NumPy costs more than the step)."""
    st = state[0]
    for g in range(masks.shape[0]):
        m = 0
        for a in range(masks.shape[1]):
            m += masks[g, a]
        out[g] = 0
        if m:
            st, k = R.randbelow(st, m)
            for a in range(masks.shape[1]):
                if masks[g, a]:
                    if k == 0:
                        out[g] = a
                        break
                    k -= 1
    state[0] = st
