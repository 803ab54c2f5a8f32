"""Bots by name, so every front end offers the same choices.

A factory takes ``(game_name, seed)`` and returns an object with ``choose(state)``.
Game-specific bots register for their game only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from fathom.bots.settings import check_settings, constructor_settings
from fathom.core.errors import OptionError, allowed_list

BotFactory = Callable[[str, int], Any]

# name -> {game name or "*": "module:attr"}; imported lazily so front ends stay light.
_BOTS: dict[str, dict[str, str]] = {
    "random": {"*": "fathom.bots.random_bot:RandomBot"},
    "greedy": {
        "deep-blue": "fathom.bots.deep_blue_greedy:DeepBlueGreedyBot",
        "into-the-blue": "fathom.bots.into_the_blue_greedy:IntoTheBlueGreedyBot",
    },
    "expert": {"into-the-blue": "fathom.bots.into_the_blue_expert:IntoTheBlueExpertBot"},
    "heuristic": {
        "deep-blue": "fathom.bots.deep_blue_heuristic:DeepBlueHeuristicBot",
        "into-the-blue": "fathom.bots.into_the_blue_expert:IntoTheBlueHeuristicBot",
    },
    "ismcts": {"*": "fathom.bots.ismcts:ISMCTSBot"},
}

BOT_LEVELS = {0: "random", 1: "greedy", 2: "heuristic", 3: "ismcts"}
"""Levels a person can pick by number in every front end."""


def register_bot(name: str, game: str, target: str) -> None:
    _BOTS.setdefault(name, {})[game] = target


def bot_names(game: str) -> list[str]:
    return sorted(name for name, games in _BOTS.items() if "*" in games or game in games)


def make_bot(name: str, game: str, seed: int = 0, **settings: Any) -> Any:
    """A bot called ``name`` (or a level number as text) for ``game``; ``settings`` go to its constructor."""
    if name.isdigit() and int(name) in BOT_LEVELS:
        name = BOT_LEVELS[int(name)]
    games = _BOTS.get(name, {})
    target = games.get(game) or games.get("*")
    if target is None:
        raise OptionError(f"no bot {name!r} for {game}; allowed: {allowed_list(bot_names(game))}")
    module, _, attr = target.partition(":")
    factory = getattr(importlib.import_module(module), attr)
    if settings:
        # a bot whose constructor names its settings refuses others (and values of the wrong kind) with
        # an OptionError, not a TypeError; bots that take ``**settings`` check them themselves
        named, open_ended = constructor_settings(factory)
        if not open_ended:
            check_settings(name, named, settings)
    return factory(seed=seed, **settings)
