"""The common frame of rule-based bots: play a forced move at once, else decide from the seat's view."""

from __future__ import annotations

from typing import Any

from fathom.core.api import State
from fathom.core.rng import Rng


class ViewBot:
    """A bot that sees only ``state.view(seat)`` and the legal actions (plus public game data)."""

    name = "view-bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        return self.decide(state, state.view(seat), seat, legal)

    def decide(self, state: State, view: dict[str, Any], seat: int, legal: list[int]) -> int:
        """The action for a real choice (two or more legal actions)."""
        raise NotImplementedError
