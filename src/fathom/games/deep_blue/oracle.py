"""Deep Blue's research oracle: level 3 told the rivals' hands (never offered to players).

Why in this folder: what a secret is worth depends on what the game keeps secret. In Deep Blue a
state's only secret is how each rival's cards are split between hand and rest pile (the future
draws are the seed's), so :class:`HandsOracle` is the shipped ``ismcts`` searching worlds that keep
that split and sample only a fresh future. It reads what no seat may read; the plugin names it as
its ``oracle`` part and :mod:`fathom.sim.oracles` registers it only while it measures.
"""

from __future__ import annotations

from fathom.bots.ismcts import ISMCTSBot
from fathom.core.api import State
from fathom.core.rng import Rng


class HandsOracle(ISMCTSBot):
    """``ismcts`` searching worlds with the real hands and a fresh future (not a legal bot)."""

    name = "hands-oracle"

    def sample_world(self, state: State, seat: int, rng: Rng) -> State:
        world = state.clone()
        world.seed = rng.next64() >> 1  # the future stays unknown; only the hands are real
        return world
