"""A batched Gymnasium vector environment on the compiled engine (``fathom.fast``), Into the Blue.

::

    from fathom.games.into_the_blue.vector_env import FastIntoTheBlueVectorEnv
    envs = FastIntoTheBlueVectorEnv(num_envs=1024, players=4)
    obs, info = envs.reset(seed=0)            # obs["observation"]: (1024, size), obs["action_mask"]
    obs, rewards, terminated, truncated, info = envs.step(actions)   # one action id per environment

What it is: ``num_envs`` copies of ``fathom.rl.gymnasium.FathomEnv(opponents="random")`` stepped
together inside the compiled kernel (the other seats, chance, observations and masks included), in
slices spread over ``threads`` threads (default: every core this process may use). Environment
``i`` of ``reset(seed=s)`` plays game seed ``s + i``; when it ends, its next game is seed
``+ num_envs``. Observations are the encoding of ``docs/rl.md``; actions,
rewards (``"win"`` or ``"score"``) and the illegal-action rule (``terminate`` with ``illegal_reward``)
are FathomEnv's. Autoreset is Gymnasium's default, next step: the step after an episode ends resets
that environment and ignores its action. The arrays a step returns (observations, masks, rewards,
terminations) are the environment's own and are overwritten two steps later (copy them to keep them
longer). Needs numba (``pip install -e '.[fast]'``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.rl import common
from fathom.rl.fast_vector_base import CompiledVectorEnv, Outputs


class FastIntoTheBlueVectorEnv(CompiledVectorEnv):
    """``num_envs`` Into the Blue games, one learner seat against random bots, stepped in the kernel."""

    metadata: dict[str, Any] = {**CompiledVectorEnv.metadata, "name": common.env_name("into-the-blue")}

    def __init__(self, num_envs: int = 64, players: int | None = None, learner_seat: int = 0,
                 reward: str = "win", illegal_reward: float = -1.0, threads: int | None = None,
                 **options: Any) -> None:
        super().__init__("into-the-blue", num_envs, players, learner_seat, reward, threads, options)
        from fathom.games.into_the_blue.kernels import env as itb_env
        from fathom.games.into_the_blue.kernels import kernel as itb_kernel
        from fathom.games.into_the_blue.kernels import obs as itb_obs
        from fathom.games.into_the_blue.kernels import tables as itb_tables

        self._kernel = itb_env
        self._mode = itb_env.REWARD_WIN if self.reward == "win" else itb_env.REWARD_SCORE
        self.illegal_reward = float(illegal_reward)
        self._T, _ = itb_tables.build(self.game)
        self._O, self._E = itb_obs.params(self.encoder)
        self._S = itb_kernel.new_batch(num_envs)
        self._bots = np.zeros((num_envs, itb_tables.MAX_PLAYERS), np.uint64)
        for out in self._buffers:  # never set: an Into the Blue episode ends only by the rules
            out.truncated.flags.writeable = False

    def _reset_slice(self, seeds: np.ndarray, out: Outputs, lo: int, hi: int) -> None:
        self._kernel.env_reset(self._S, self._T, self._O, self._E, self.seat, seeds, self._bots,
                               out.obs, out.masks, lo, hi)

    def _step_slice(self, actions: np.ndarray, out: Outputs, lo: int, hi: int) -> None:
        self._kernel.env_step(self._S, self._T, self._O, self._E, self.seat, actions, self._bots,
                              self._pending, self._next_seed, self.num_envs, self._mode, self.illegal_reward,
                              out.obs, out.masks, out.rewards, out.terminated, out.illegal, lo, hi)
