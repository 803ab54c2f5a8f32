"""A batched Gymnasium vector environment on the compiled engine (``fathom.fast``), Deep Blue.

::

    from fathom.games.deep_blue.vector_env import FastDeepBlueVectorEnv
    envs = FastDeepBlueVectorEnv(num_envs=1024, players=4)
    obs, info = envs.reset(seed=0)            # obs["observation"]: (1024, size), obs["action_mask"]
    obs, rewards, terminated, truncated, info = envs.step(actions)   # one action id per environment

What it is: ``num_envs`` copies of ``fathom.rl.gymnasium.FathomEnv(game="deep-blue",
opponents="random")`` stepped together inside the compiled kernel (chance, the other seats,
observations and masks included), in slices spread over ``threads`` threads (default: every core
this process may use). Environment ``i`` of ``reset(seed=s)`` plays game seed ``s + i``; when it
ends, its next game is seed ``+ num_envs``. Observations are the encoding of ``docs/rl.md``
(``fathom.games.deep_blue.encoding``); actions, rewards (``"win"`` or ``"score"``), ``max_steps`` and
the illegal-action rules (``"terminate"`` with ``illegal_reward``, ``"random"``, ``"raise"``) are
FathomEnv's, with one difference: ``"random"`` draws the replacement from the learner seat's own
kernel generator, not from NumPy (:mod:`fathom.games.deep_blue.kernels.env`). ``learner_seat`` is a fixed seat.
Game options (``scenario``, ``hidden_scores``, ...) are passed as keywords, as to FathomEnv.

Autoreset is Gymnasium's default, next step: the step after an episode ends resets that
environment and ignores its action. The arrays a step returns (observations, masks, rewards,
terminations, truncations) are the environment's own and are overwritten two steps later (copy
them to keep them longer). Needs numba (``pip install -e '.[fast]'``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.core.errors import IllegalActionError
from fathom.rl import common
from fathom.rl.fast_vector_base import CompiledVectorEnv, Outputs
from fathom.rl.gymnasium import ILLEGAL_MODES


class FastDeepBlueVectorEnv(CompiledVectorEnv):
    """``num_envs`` Deep Blue games, one learner seat against random bots, stepped in the kernel."""

    metadata: dict[str, Any] = {**CompiledVectorEnv.metadata, "name": common.env_name("deep-blue")}

    def __init__(self, num_envs: int = 64, players: int | None = None, learner_seat: int = 0,
                 reward: str = "win", max_steps: int | None = None, illegal_action: str = "terminate",
                 illegal_reward: float = -1.0, threads: int | None = None, **options: Any) -> None:
        super().__init__("deep-blue", num_envs, players, learner_seat, reward, threads, options)
        from fathom.games.deep_blue.kernels import env as db_env
        from fathom.games.deep_blue.kernels import obs as db_obs
        from fathom.games.deep_blue.kernels import tables as db_tables

        self._kernel = db_env
        self._mode = db_env.REWARD_WIN if self.reward == "win" else db_env.REWARD_SCORE
        self.max_steps = common.check_limit("max_steps", max_steps)
        self.illegal_action = common.check_choice("illegal_action", illegal_action, ILLEGAL_MODES)
        self._illegal_mode = db_env.ILLEGAL_RANDOM if illegal_action == "random" else db_env.ILLEGAL_TERMINATE
        self.illegal_reward = float(illegal_reward)
        self._T = db_tables.build(self.game)
        self._O, self._E = db_obs.params(self.encoder)
        self._S = db_tables.new_batch(num_envs)
        self._bots = np.zeros((num_envs, db_tables.MAX_PLAYERS), np.uint64)
        self._steps = np.zeros(num_envs, np.int64)

    def _reset_slice(self, seeds: np.ndarray, out: Outputs, lo: int, hi: int) -> None:
        self._kernel.env_reset(self._S, self._T, self._O, self._E, self.seat, seeds, self._bots, self._steps,
                               out.obs, out.masks, lo, hi)

    def _step_slice(self, actions: np.ndarray, out: Outputs, lo: int, hi: int) -> None:
        self._kernel.env_step(self._S, self._T, self._O, self._E, self.seat, actions, self._bots, self._steps,
                              self._pending, self._next_seed, self.num_envs, self._mode, self._illegal_mode,
                              self.illegal_reward, self.max_steps or 0, out.obs, out.masks, out.rewards,
                              out.terminated, out.truncated, out.illegal, lo, hi)

    def _before_step(self, actions: np.ndarray) -> None:
        """``illegal_action="raise"``: name the first environment with an illegal action and what it
        may play; no environment has moved."""
        if self.illegal_action != "raise":
            return
        g = int(self._kernel.first_illegal(self._S, self._T, actions, self._pending))
        if g >= 0:
            allowed = np.flatnonzero(self._out.masks[g]).tolist()
            raise IllegalActionError(f"environment {g}: action {int(actions[g])} is not legal; allowed: {allowed}")
