"""What the compiled vector environments share, whatever the game: Gymnasium's vector API over a
kernel that steps ``num_envs`` games in place.

Why a base: the checks of the arguments, the spaces, the two sets of output arrays used in turn,
the seeds of ``reset`` and the slices handed to threads are the same for every game; a game's class
(:class:`~fathom.games.into_the_blue.vector_env.FastIntoTheBlueVectorEnv`,
:class:`~fathom.games.deep_blue.vector_env.FastDeepBlueVectorEnv`) only builds its tables and calls
its kernels (:meth:`_reset_slice`, :meth:`_step_slice`).
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


class CompiledVectorEnv(VectorEnv):
    """``num_envs`` games of one configuration, one learner seat, stepped by a compiled kernel."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, game: str, num_envs: int, players: int | None, learner_seat: int, reward: str,
                 threads: int | None, options: dict[str, Any]) -> None:
        need_numba(type(self).__name__)
        from fathom.fast.spread import Spread
        from fathom.rl.encoding import encoder_for

        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs <= 0:
            raise OptionError(f"num_envs must be a positive int, got {num_envs!r}")
        self.game = make_game(game, players, **options)
        n = self.game.num_players
        if isinstance(learner_seat, bool) or not isinstance(learner_seat, int) or not 0 <= learner_seat < n:
            raise OptionError(f"learner_seat must be 0..{n - 1}, got {learner_seat!r}")
        self.metadata = {**type(self).metadata, "name": common.env_name(game)}
        self.reward = common.check_reward(reward)
        self.seat = learner_seat
        self.num_envs = num_envs
        self.encoder = encoder_for(self.game)
        self.num_actions = self.game.num_distinct_actions
        self.single_observation_space = common.observation_space(self.encoder.size, self.num_actions)
        self.single_action_space = gymnasium.spaces.Discrete(self.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._pending = np.zeros(num_envs, np.int64)  # 1: ended last step, starts its next game next step
        self._next_seed = np.zeros(num_envs, np.int64)
        # two sets of output arrays used in turn: a step's arrays stay valid through the next step
        # (obs and next_obs), and nothing is allocated or copied per step
        self._buffers = [Outputs(num_envs, self.encoder.size, self.num_actions) for _ in range(2)]
        self._flip = 0
        self._out = self._buffers[0]
        self._spread = Spread(threads)
        self.threads = self._spread.threads
        self._started = False

    # ---- what a game's class provides ----------------------------------------------------
    def _reset_slice(self, seeds: np.ndarray, out: Outputs, lo: int, hi: int) -> None:
        """Environments ``lo..hi-1`` start game ``seeds[g]``; their first observations into ``out``."""
        raise NotImplementedError

    def _step_slice(self, actions: np.ndarray, out: Outputs, lo: int, hi: int) -> None:
        """One learner action for each of environments ``lo..hi-1``, results into ``out``."""
        raise NotImplementedError

    def _before_step(self, actions: np.ndarray) -> None:
        """A check of the actions before any environment moves (none by default)."""

    # ---- Gymnasium's vector API ----------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        first = int(seed) if seed is not None else int(self.np_random.integers(0, 2**40))
        seeds = np.arange(first, first + self.num_envs, dtype=np.int64)
        self._next_seed[:] = seeds + self.num_envs
        self._pending[:] = 0
        out = self._out
        self._spread.run(lambda lo, hi: self._reset_slice(seeds, out, lo, hi), self.num_envs)
        self._started = True
        return self._observation(), {}

    def step(self, actions: Any):
        if not self._started:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        acts = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        self._before_step(acts)
        self._flip ^= 1
        out = self._out = self._buffers[self._flip]
        self._spread.run(lambda lo, hi: self._step_slice(acts, out, lo, hi), self.num_envs)
        info = {"illegal_action": out.illegal} if out.illegal.any() else {}
        return self._observation(), out.rewards, out.terminated, out.truncated, info

    def _observation(self) -> dict[str, np.ndarray]:
        return {"observation": self._out.obs, "action_mask": self._out.masks}

    def action_masks(self) -> np.ndarray:
        """The current masks (a copy; the method name MaskablePPO-style trainers look for)."""
        return self._out.masks.copy()

    def close(self, **kwargs: Any) -> None:
        self._spread.close()
        super().close(**kwargs)


class Outputs:
    """One step's output arrays, written by the kernel in place."""

    def __init__(self, num_envs: int, size: int, num_actions: int) -> None:
        self.obs = np.zeros((num_envs, size), np.float32)
        self.masks = np.zeros((num_envs, num_actions), np.int8)
        self.rewards = np.zeros(num_envs, np.float64)
        self.terminated = np.zeros(num_envs, bool)
        self.truncated = np.zeros(num_envs, bool)
        self.illegal = np.zeros(num_envs, bool)
