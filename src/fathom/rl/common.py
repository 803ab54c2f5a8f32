"""Pieces shared by the PettingZoo, Gymnasium and OpenSpiel bindings.

* game names and versioned environment ids,
* checks of the constructor arguments both environments take,
* the observation space (features + action mask),
* the reward of a finished game (``"win"`` or ``"score"``),
* action masks,
* which chance outcomes are private to one seat (for OpenSpiel information states).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.errors import OptionError
from fathom.core.plugins import plugin_for, plugins_with

ENV_VERSION = 0
"""Bumped whenever observations, actions or rewards of the environments change."""

GAMES = tuple(plugin.name for plugin in plugins_with("encoder"))
"""The games an environment exists for when fathom is imported (each game's plugin names its observation
encoder); :func:`game_name` asks the registry again, so a game declared later is found too."""


def _aliases() -> dict[str, str]:
    return {alias: plugin.name for plugin in plugins_with("encoder")
            for alias in (plugin.name, plugin.ident, plugin.ident.replace("_", ""), plugin.camel.lower())}

REWARDS = ("win", "score")
"""``win``: +1 for a (possibly shared) win, -1 otherwise. ``score``: own final score
minus the mean final score of the other seats (in game points; zero-sum)."""


def game_name(name: str) -> str:
    """The fathom game name for ``name`` (``deep-blue``, ``deep_blue``, ``DeepBlue`` ...)."""
    aliases = _aliases()
    key = aliases.get(name) or aliases.get(name.lower().replace("-", "").replace("_", "")) or aliases.get(name.lower())
    if key is None:
        raise OptionError(f"unknown game {name!r}; allowed: {', '.join(sorted(set(aliases.values())))}")
    return key


def env_name(game: str) -> str:
    """Versioned id used in environment metadata, e.g. ``fathom_deep_blue_v0``."""
    return f"fathom_{plugin_for(game_name(game)).ident}_v{ENV_VERSION}"


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise OptionError(f"reward={reward!r} is not allowed; allowed: {', '.join(REWARDS)}")
    return reward


def check_limit(name: str, value: int | None) -> int | None:
    """A step limit: a positive int, or None for no limit."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value <= 0):
        raise OptionError(f"{name} must be a positive int or None, got {value!r}")
    return value


def check_choice(name: str, value: Any, allowed: Sequence[Any]) -> Any:
    """``value`` if it is one of ``allowed`` (None counts when it is listed)."""
    if value not in allowed:
        raise OptionError(f"{name}={value!r} is not allowed; allowed: {', '.join(map(repr, allowed))}")
    return value


def observation_space(size: int, num_actions: int) -> Any:
    """The Dict space of every fathom environment: features in [0, 1] and a 0/1 action mask."""
    import gymnasium

    return gymnasium.spaces.Dict({
        "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
        "action_mask": gymnasium.spaces.Box(0, 1, (num_actions,), np.int8),
    })


def final_rewards(state: State, reward: str) -> list[float]:
    """Reward of every seat for a finished game (see :data:`REWARDS`)."""
    n = state.game.num_players
    if reward == "win":
        winners = set(state.winners())
        return [1.0 if p in winners else -1.0 for p in range(n)]
    scores = state.scores()
    total = sum(scores)
    return [float(s - (total - s) / (n - 1)) for s in scores]


def provisional_rewards(state: State, reward: str) -> list[float]:
    """As :func:`final_rewards`, judged on the current scores (for cut-off games)."""
    if state.is_terminal():
        return final_rewards(state, reward)
    n = state.game.num_players
    scores = state.scores()
    if reward == "win":
        best = max(scores)
        return [1.0 if s == best else -1.0 for s in scores]
    total = sum(scores)
    return [float(s - (total - s) / (n - 1)) for s in scores]


def reward_range(game: str, reward: str) -> tuple[float, float]:
    """Loose bounds of one seat's reward (OpenSpiel wants min/max utility)."""
    if reward == "win":
        return -1.0, 1.0
    bound = plugin_for(game_name(game)).reward_bound
    return -bound, bound


def action_mask(state: State, size: int) -> np.ndarray:
    """int8 mask over the player action space: 1 for the legal actions of the seat to move."""
    mask = np.zeros(size, dtype=np.int8)
    if state.current_player >= 0:
        mask[state.legal_actions()] = 1
    return mask


def advance_chance(state: State, rng: Any = None) -> int:
    """Resolve chance nodes until a seat must decide or the game ends; returns the steps taken.

    ``rng=None`` uses the state's own seeded sampling (the same seed gives the same game).
    """
    steps = 0
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))
        steps += 1
    return steps


def private_chance_owner(state: State) -> int | None:
    """At a chance node whose outcome only one seat sees, that seat; otherwise ``None`` (the engine
    says: :meth:`State.chance_observer`)."""
    if state.current_player != CHANCE:
        return None
    return state.chance_observer()


def is_terminal(state: State) -> bool:
    return state.current_player == TERMINAL
