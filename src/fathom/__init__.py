"""fathom: Deep Blue and Into the Blue, as fast, faithful, seeded game engines.

The whole public engine API is re-exported here::

    import fathom
    state = fathom.new_game("deep-blue", players=4, seed=7)
    while not state.is_terminal(): ...
"""

from fathom.core import (
    CHANCE,
    TERMINAL,
    Bot,
    FathomError,
    Game,
    IllegalActionError,
    OptionError,
    Rng,
    SaveFormatError,
    State,
    game_names,
    load,
    make_game,
    new_game,
    play,
    rules_summary,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "TERMINAL", "Bot", "FathomError", "Game", "IllegalActionError", "OptionError",
    "Rng", "SaveFormatError", "State", "game_names", "load", "make_game", "new_game", "play",
    "rules_summary",
]
