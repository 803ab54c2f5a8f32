"""A batched Gymnasium vector environment on the compiled engine (``fathom.fast``), Into the Blue.

::

    from fathom.rl.fast_vector import FastIntoTheBlueVectorEnv
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

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from fathom.core.errors import OptionError
from fathom.core.registry import make_game
from fathom.fast.need import need_numba
from fathom.rl import common


class FastIntoTheBlueVectorEnv(VectorEnv):
    """``num_envs`` Into the Blue games, one learner seat against random bots, stepped in the kernel."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "name": common.env_name("into-the-blue")}

    def __init__(self, num_envs: int = 64, players: int | None = None, learner_seat: int = 0,
                 reward: str = "win", illegal_reward: float = -1.0, threads: int | None = None,
                 **options: Any) -> None:
        need_numba("FastIntoTheBlueVectorEnv")
        from fathom.fast import itb_env, itb_kernel, itb_obs, itb_tables
        from fathom.fast.spread import Spread
        from fathom.rl.encoding import encoder_for

        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs <= 0:
            raise OptionError(f"num_envs must be a positive int, got {num_envs!r}")
        self.game = make_game("into-the-blue", players, **options)
        n = self.game.num_players
        if isinstance(learner_seat, bool) or not isinstance(learner_seat, int) or not 0 <= learner_seat < n:
            raise OptionError(f"learner_seat must be 0..{n - 1}, got {learner_seat!r}")
        self._env = itb_env
        self._mode = itb_env.REWARD_WIN if common.check_reward(reward) == "win" else itb_env.REWARD_SCORE
        self.seat = learner_seat
        self.illegal_reward = float(illegal_reward)
        self.num_envs = num_envs
        self.encoder = encoder_for(self.game)
        self.num_actions = self.game.num_distinct_actions
        self.single_observation_space = common.observation_space(self.encoder.size, self.num_actions)
        self.single_action_space = gymnasium.spaces.Discrete(self.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._T, _ = itb_tables.build(self.game)
        self._O, self._E = itb_obs.params(self.encoder)
        self._S = itb_kernel.new_batch(num_envs)
        self._bots = np.zeros((num_envs, itb_tables.MAX_PLAYERS), np.uint64)
        self._pending = np.zeros(num_envs, np.int64)
        self._next_seed = np.zeros(num_envs, np.int64)
        # two sets of output arrays used in turn: a step's arrays stay valid through the next step
        # (obs and next_obs), and nothing is allocated or copied per step
        self._buffers = [_Outputs(num_envs, self.encoder.size, self.num_actions) for _ in range(2)]
        self._flip = 0
        self._out = self._buffers[0]
        self._truncated = np.zeros(num_envs, bool)  # never set: episodes end only by the rules
        self._truncated.flags.writeable = False
        self._spread = Spread(threads)
        self.threads = self._spread.threads
        self._started = False

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        first = int(seed) if seed is not None else int(self.np_random.integers(0, 2**40))
        seeds = np.arange(first, first + self.num_envs, dtype=np.int64)
        self._next_seed[:] = seeds + self.num_envs
        self._pending[:] = 0
        out, kernel = self._out, self._env.env_reset
        self._spread.run(lambda lo, hi: kernel(self._S, self._T, self._O, self._E, self.seat, seeds, self._bots,
                                               out.obs, out.masks, lo, hi), self.num_envs)
        self._started = True
        return self._observation(), {}

    def step(self, actions: Any):
        if not self._started:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        acts = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        self._flip ^= 1
        out = self._out = self._buffers[self._flip]
        kernel = self._env.env_step
        self._spread.run(lambda lo, hi: kernel(self._S, self._T, self._O, self._E, self.seat, acts, self._bots,
                                               self._pending, self._next_seed, self.num_envs, self._mode,
                                               self.illegal_reward, out.obs, out.masks, out.rewards,
                                               out.terminated, out.illegal, lo, hi), self.num_envs)
        info = {"illegal_action": out.illegal} if out.illegal.any() else {}
        return self._observation(), out.rewards, out.terminated, self._truncated, info

    def _observation(self) -> dict[str, np.ndarray]:
        return {"observation": self._out.obs, "action_mask": self._out.masks}

    def action_masks(self) -> np.ndarray:
        return self._out.masks.copy()

    def close(self, **kwargs: Any) -> None:
        self._spread.close()
        super().close(**kwargs)


class _Outputs:
    """One step's output arrays, written by the kernel in place."""

    def __init__(self, num_envs: int, size: int, num_actions: int) -> None:
        self.obs = np.zeros((num_envs, size), np.float32)
        self.masks = np.zeros((num_envs, num_actions), np.int8)
        self.rewards = np.zeros(num_envs, np.float64)
        self.terminated = np.zeros(num_envs, bool)
        self.illegal = np.zeros(num_envs, bool)
