"""A Gymnasium single-agent environment: the learner holds one seat, fathom bots the others.

::

    import gymnasium, fathom.rl.gymnasium  # registers the ids
    env = gymnasium.make("fathom/IntoTheBlue-v0", players=2, opponents="greedy")
    obs, info = env.reset(seed=3)
    obs, reward, terminated, truncated, info = env.step(action)

Registered ids: ``fathom/IntoTheBlue-v0`` and ``fathom/DeepBlue-v0`` (or, without the
import, ``gymnasium.make("fathom.rl.gymnasium:fathom/DeepBlue-v0")``).

* Observation: ``Dict(observation=Box(0, 1, (size,), float32), action_mask=Box(0, 1, (A,), int8))``;
  the same mask is also in ``info["action_mask"]`` (a separate copy) for libraries
  that want a flat Box: wrap with ``gymnasium.wrappers.FilterObservation`` or read
  ``obs["observation"]``.
* Actions: ``Discrete(num_distinct_actions)``, the game's fixed player action ids.
* Opponents: ``"greedy"`` (default), ``"random"``, a bot name or level (``"0"``, ``"1"``),
  or a list with one entry per other seat (in seat order, skipping the learner).
  Bots are fathom bots: they read only their own seat's view.
* Reward: 0 until the end, then ``reward="win"`` (default) +1 for a (shared) win and
  -1 otherwise, or ``reward="score"``: the learner's final score minus the mean of the others'.
* ``learner_seat``: an int, or ``"random"`` for a new seat each episode.
* ``max_steps``: truncate after that many learner decisions (no reward).
* Illegal actions: ``illegal_action="terminate"`` (default) ends the episode with
  ``illegal_reward`` (-1) and ``info["illegal_action"] = True``; ``"random"`` plays a
  random legal action instead (``info["illegal_action"] = True``); ``"raise"`` raises.
* Chance is the fathom game's own seeded sampling: ``reset(seed=s)`` plays game seed ``s``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.errors import OptionError
from fathom.core.registry import make_game, new_game
from fathom.core.plugins import plugin_for
from fathom.rl import common
from fathom.rl.encoding import encoder_for

ILLEGAL_MODES = ("terminate", "random", "raise")


class FathomEnv(gymnasium.Env):
    """One seat of a fathom game against fathom bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        learner_seat: int | str = 0,
        opponents: str | Sequence[Any] = "greedy",
        reward: str = "win",
        max_steps: int | None = None,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game_name = common.game_name(game)
        self.game = make_game(self.game_name, players, **options)
        self.options = dict(options)
        n = self.game.num_players
        if learner_seat != "random" and (isinstance(learner_seat, bool) or not isinstance(learner_seat, int)
                                         or not 0 <= learner_seat < n):
            raise OptionError(f"learner_seat must be 0..{n - 1} or 'random', got {learner_seat!r}")
        self.learner_seat_option = learner_seat
        if isinstance(opponents, str):
            opponents = [opponents] * (n - 1)
        opponents = list(opponents)
        if len(opponents) != n - 1:
            raise OptionError(f"opponents: need {n - 1} entries (one per other seat), got {len(opponents)}")
        self.opponent_specs = opponents
        for spec in opponents:  # fail now, not at the first reset
            if isinstance(spec, (str, int)):
                build_bot(str(spec), self.game_name, 0)
        self.reward_mode = common.check_reward(reward)
        self.max_steps = common.check_limit("max_steps", max_steps)
        self.illegal_action = common.check_choice("illegal_action", illegal_action, ILLEGAL_MODES)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = common.check_choice("render_mode", render_mode, [None, *self.metadata["render_modes"]])
        self.metadata = {**type(self).metadata, "name": common.env_name(self.game_name)}

        self.encoder = encoder_for(self.game)
        self.num_actions = self.game.num_distinct_actions
        self.observation_space = common.observation_space(self.encoder.size, self.num_actions)
        self.action_space = gymnasium.spaces.Discrete(self.num_actions)
        self.state: State | None = None
        self.seat = 0 if isinstance(learner_seat, str) else learner_seat
        self.bots: dict[int, Any] = {}
        self.steps = 0
        self._done = True
        self.game_seed: int | None = None

    # ---- episode ----------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        rng = self.np_random
        self.game_seed = int(seed) if seed is not None else int(rng.integers(0, 2**62))
        n = self.game.num_players
        option = self.learner_seat_option
        self.seat = int(rng.integers(0, n)) if isinstance(option, str) else option
        others = [p for p in range(n) if p != self.seat]
        self.bots = {}
        for p, spec in zip(others, self.opponent_specs):
            if isinstance(spec, (str, int)):
                self.bots[p] = build_bot(str(spec), self.game_name, self.game_seed * 8 + p)
            else:
                self.bots[p] = spec
        self.state = new_game(self.game_name, players=n, seed=self.game_seed, **self.options)
        self.steps = 0
        self._done = False
        self._run_others()
        if self._game().current_player == TERMINAL:  # pragma: no cover - games never end before a first decision
            raise RuntimeError("the game ended before the learner's first decision")
        return self._obs(), self._info()

    def _game(self) -> State:
        """The game under way (a clear error before the first ``reset()``)."""
        if self.state is None:
            raise RuntimeError(f"{self.game_name}: call reset() first")
        return self.state

    def step(self, action: Any):
        if self.state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        state = self.state
        if self._done:
            raise gymnasium.error.ResetNeeded("the episode is over; call reset()")
        legal = state.legal_actions()
        try:
            act = int(action)
        except (TypeError, ValueError):
            act = -1
        illegal = act not in legal
        if illegal:
            if self.illegal_action == "raise":
                state.apply(act)  # raises IllegalActionError naming the allowed actions
            if self.illegal_action == "terminate":
                info = self._info()
                info["illegal_action"] = True
                self._done = True
                return self._obs(terminal=True), self.illegal_reward, True, False, info
            act = legal[int(self.np_random.integers(0, len(legal)))]
        state.apply(act)
        self.steps += 1
        self._run_others()
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        if state.current_player == TERMINAL:
            reward = common.final_rewards(state, self.reward_mode)[self.seat]
            info.update(scores=state.scores(), winners=state.winners(), win=self.seat in state.winners())
            self._done = True
            return self._obs(terminal=True), float(reward), True, False, info
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        self._done = truncated
        if self.render_mode == "human":
            print(self.render_text())
        return self._obs(), 0.0, False, truncated, info

    # ---- helpers ----------------------------------------------------------------------
    def _run_others(self) -> None:
        """Chance and the bots play until the learner must decide or the game ends."""
        state = self._game()
        seat = self.seat
        bots = self.bots
        while True:
            player = state.current_player
            if player == seat or player == TERMINAL:
                return
            if player == CHANCE:
                state.apply(state.sample_chance())
            else:
                state.apply(bots[player].choose(state))

    def _obs(self, terminal: bool = False) -> dict[str, np.ndarray]:
        state = self._game()
        obs = self.encoder.encode(state.view(self.seat), self.seat)
        if terminal or state.current_player != self.seat:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        else:
            mask = common.action_mask(state, self.num_actions)
        return {"observation": obs, "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        state = self._game()
        mask = common.action_mask(state, self.num_actions) if state.current_player == self.seat else \
            np.zeros(self.num_actions, dtype=np.int8)
        return {"action_mask": mask, "seat": self.seat, "game_seed": self.game_seed}

    def action_masks(self) -> np.ndarray:
        """The current mask (the method name MaskablePPO-style trainers look for)."""
        return common.action_mask(self.state, self.num_actions) if self.state is not None else \
            np.zeros(self.num_actions, dtype=np.int8)

    def render_text(self) -> str:
        state = self._game()
        return (f"{self.metadata['name']} seat {self.seat} move {state.move_number()} "
                f"to move {state.current_player} scores {state.scores()}")

    def render(self) -> str | None:
        if self.state is None:
            return None
        if self.render_mode == "human":
            print(self.render_text())
            return None
        return self.render_text()


ENV_IDS = {name: f"fathom/{plugin_for(name).camel}-v{common.ENV_VERSION}" for name in common.GAMES}
"""Gymnasium's id of each game's environment (``fathom/DeepBlue-v0``)."""


def register() -> None:
    """Register the Gymnasium ids (done on import; safe to call again)."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="fathom.rl.gymnasium:FathomEnv", kwargs={"game": game})


register()
