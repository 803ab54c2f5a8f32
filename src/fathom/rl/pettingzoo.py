"""PettingZoo AEC environments for Deep Blue and Into the Blue (all player counts and options).

::

    from fathom.rl import pettingzoo as fz
    env = fz.env("deep-blue", players=4, seed=7, scenario="storm", max_cycles=300)
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else pick(obs["observation"], obs["action_mask"])
        env.step(action)

* Agents ``player_0 .. player_{n-1}`` are the seats; ``agent_selection`` is the seat to decide.
* Observations: ``{"observation": float32 vector in [0, 1], "action_mask": int8 mask}``,
  the vector from :mod:`fathom.rl.encoding` (only ``state.view(seat)``), the mask over
  the game's ``num_distinct_actions`` player actions.
* Chance is resolved inside the env with the game's seeded sampling: ``reset(seed=s)``
  plays the fathom game with seed ``s``, so ``fathom replay`` can show it afterwards.
* Rewards only at the end: ``reward="win"`` (default) +1 for a (shared) win, -1 otherwise;
  ``reward="score"`` own final score minus the mean of the others'.
* ``max_cycles``: the game is truncated (no reward) once the agents have made
  ``max_cycles * players`` decisions in total. ``None``: play to the end.
* Illegal actions: ``illegal_action="terminate"`` (default) ends the game, the
  offender gets ``illegal_reward`` (-1) and the others 0; ``"raise"`` raises
  :class:`fathom.IllegalActionError`.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from fathom.core.api import State
from fathom.core.errors import IllegalActionError
from fathom.core.registry import make_game, new_game
from fathom.rl import common
from fathom.rl.encoding import encoder_for

ILLEGAL_MODES = ("terminate", "raise")


class FathomAECEnv(AECEnv):
    """One fathom game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {"name": "fathom_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seed: int | None = None,
        reward: str = "win",
        max_cycles: int | None = None,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game_name = common.game_name(game)
        self.game = make_game(self.game_name, players, **options)
        self.options = dict(options)
        self.reward_mode = common.check_reward(reward)
        self.max_cycles = common.check_limit("max_cycles", max_cycles)
        self.illegal_action = common.check_choice("illegal_action", illegal_action, ILLEGAL_MODES)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = common.check_choice("render_mode", render_mode, [None, *self.metadata["render_modes"]])
        self.metadata = {**type(self).metadata, "name": common.env_name(self.game_name)}

        n = self.game.num_players
        self.encoder = encoder_for(self.game)
        self.num_actions = self.game.num_distinct_actions
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = common.observation_space(self.encoder.size, self.num_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._first_seed = seed
        self._seeder = np.random.default_rng(seed)
        self.state: State | None = None
        self.game_seed: int | None = None

    # ---- spaces ---------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # ---- episode ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        if seed is not None:
            self._seeder = np.random.default_rng(seed)
            self.game_seed = int(seed)
        else:
            self.game_seed = int(self._seeder.integers(0, 2**62))
        self.state = new_game(self.game_name, players=self.game.num_players, seed=self.game_seed, **self.options)
        common.advance_chance(self.state)
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self._game().current_player]

    def _game(self) -> State:
        """The game under way (a clear error before the first ``reset()``)."""
        if self.state is None:
            raise RuntimeError(f"{self.game_name}: call reset() first")
        return self.state

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        state = self._game()
        obs = self.encoder.encode(state.view(seat), seat)
        if state.current_player == seat and not (self.terminations.get(agent) or self.truncations.get(agent)):
            mask = common.action_mask(state, self.num_actions)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._game()
        seat = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        try:
            act = int(action)
        except (TypeError, ValueError):
            act = -1
        if not (0 <= act < self.num_actions) or act not in state.legal_actions():
            if self.illegal_action == "raise":
                state.apply(act)  # raises IllegalActionError naming the allowed actions
                raise IllegalActionError(f"{self.game_name}: illegal action {action!r}")  # pragma: no cover
            for a in self.agents:
                self.terminations[a] = True
                self.rewards[a] = self.illegal_reward if a == agent else 0.0
                self.infos[a] = {"illegal_action": a == agent}
            self._accumulate_rewards()
            return
        state.apply(act)
        self.decisions += 1
        common.advance_chance(state)
        player = state.current_player
        if player < 0:  # terminal
            for a, r in zip(self.possible_agents, common.final_rewards(state, self.reward_mode)):
                self.rewards[a] = r
                self.terminations[a] = True
                self.infos[a] = {"scores": state.scores(), "winners": state.winners()}
            self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
        else:
            if self.max_cycles is not None and self.decisions >= self.max_cycles * len(self.possible_agents):
                for a in self.agents:
                    self.truncations[a] = True
            self.agent_selection = self.possible_agents[player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.state is None:
            return None
        state = self.state
        last = state.history()[-1:] if state.move_number() else []
        text = (f"{self.metadata['name']} move {state.move_number()} to move: {state.current_player} "
                f"scores {state.scores()}" + (f" last: {state.action_to_string(last[0])}" if last else ""))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str, players: int | None = None, seed: int | None = None, **kwargs: Any) -> FathomAECEnv:
    """The unwrapped AEC env (see :class:`FathomAECEnv` for the keyword arguments and options)."""
    return FathomAECEnv(game, players=players, seed=seed, **kwargs)


def env(game: str, players: int | None = None, seed: int | None = None, **kwargs: Any) -> AECEnv:
    """The AEC env wrapped in PettingZoo's order-enforcing wrapper (the usual entry point)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players=players, seed=seed, **kwargs))
