"""The uniform random bot: level 0, and the engine's fuzzer."""

from __future__ import annotations

from fathom.core.api import State
from fathom.core.rng import Rng


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    name = "random"
    instant = True  # see fathom.bots.registry.decides_at_once

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())
