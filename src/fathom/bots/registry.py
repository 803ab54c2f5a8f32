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
from fathom.core.plugins import all_plugins

BotFactory = Callable[[str, int], Any]

# name -> {game name or "*": "module:attr"}; imported lazily so front ends stay light. Bots made for
# one game are registered by that game's plugin (fathom.core.plugins).
_GENERIC: dict[str, dict[str, str]] = {
    "random": {"*": "fathom.bots.random_bot:RandomBot"},
    "ismcts": {"*": "fathom.bots.ismcts:ISMCTSBot"},
}
_ADDED: dict[str, dict[str, str]] = {}


def _bots() -> dict[str, dict[str, str]]:
    """Every bot: the generic ones, those each game's plugin declares, and those registered in code."""
    found = {name: dict(games) for name, games in _GENERIC.items()}
    for plugin in all_plugins():
        for name, target in plugin.bots.items():
            found.setdefault(name, {})[plugin.name] = target
    for name, games in _ADDED.items():
        found.setdefault(name, {}).update(games)
    return found

BOT_LEVELS = {0: "random", 1: "greedy", 2: "heuristic", 3: "ismcts"}
"""Levels a person can pick by number in every front end."""


def register_bot(name: str, game: str, target: str) -> None:
    _ADDED.setdefault(name, {})[game] = target


def bot_names(game: str) -> list[str]:
    return sorted(name for name, games in _bots().items() if "*" in games or game in games)


CODE_ONLY = ("params", "policy")
"""Constructor arguments that take objects: code hands them to a bot's class, no spec or setting does."""


def _factory(name: str, game: str) -> tuple[str, Any]:
    """Bot ``name``'s (or a level's) own name and its class for ``game``."""
    if name.isdigit() and int(name) in BOT_LEVELS:
        name = BOT_LEVELS[int(name)]
    games = _bots().get(name, {})
    target = games.get(game) or games.get("*")
    if target is None:
        raise OptionError(f"no bot {name!r} for {game}; allowed: {allowed_list(bot_names(game))}")
    module, _, attr = target.partition(":")
    return name, getattr(importlib.import_module(module), attr)


def make_bot(name: str, game: str, seed: int = 0, **settings: Any) -> Any:
    """A bot called ``name`` (or a level number as text) for ``game``; ``settings`` go to its constructor."""
    name, factory = _factory(name, game)
    if settings:
        # the settings a constructor names are checked by kind, with an OptionError, not a TypeError deep
        # in a game; a bot that also takes ``**settings`` checks the others itself, any other refuses
        # them. Objects (a bot's weights, a search policy) are handed over in code, never in a spec.
        objects = [k for k in settings if k in CODE_ONLY]
        if objects:
            raise OptionError(f"{name}: {objects[0]!r} is not a setting (code hands that object to the bot's class)")
        named, open_ended = constructor_settings(factory, skip=("seed", *CODE_ONLY))
        check_settings(name, named, {k: v for k, v in settings.items() if k in named or not open_ended})
    return factory(seed=seed, **settings)


def decides_at_once(name: str, game: str) -> bool:
    """Does bot ``name`` decide without searching (its class says ``instant = True``)?

    Why: such a bot (random, greedy: under a millisecond a move, measured at 0.06 ms on average and
    0.5 ms at worst) costs less than sending the state to a worker process, and a server can play
    it in its own process, so its moves never wait behind a search or for a worker to boot on a busy
    machine (they had waited over a minute there).
    """
    try:
        return bool(getattr(_factory(name, game)[1], "instant", False))
    except OptionError:
        return False
