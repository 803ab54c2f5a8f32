"""Game-independent engine core: the API, randomness, redaction, persistence, driver."""

from fathom.core.api import CHANCE, TERMINAL, Game, State
from fathom.core.driver import Bot, play
from fathom.core.errors import FathomError, IllegalActionError, OptionError, SaveFormatError
from fathom.core.registry import game_names, load, make_game, new_game, rules_summary
from fathom.core.rng import Rng

__all__ = [
    "CHANCE", "TERMINAL", "Bot", "FathomError", "Game", "IllegalActionError", "OptionError",
    "Rng", "SaveFormatError", "State", "game_names", "load", "make_game", "new_game", "play",
    "rules_summary",
]
