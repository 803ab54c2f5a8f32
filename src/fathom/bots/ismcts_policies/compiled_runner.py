"""What the compiled playout runners of both games share: a searched decision's worlds loaded into
kernel rows once, as the halving rounds ask for more of them (``GenericPolicy.playout_runner``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.core.api import State


class WorldRows:
    """The worlds of one searched decision as kernel rows (``playouts.worlds(states)`` loads them)."""

    def __init__(self, playouts: Any, policy: Any, seat: int, width: int) -> None:
        self.playouts = playouts
        self.policy = policy
        self.seat = seat
        self.W = np.zeros((0, width), np.int64)

    def rows(self, worlds: list[State]) -> np.ndarray:
        """The rows of ``worlds`` (a search's list, which only grows): the new ones loaded."""
        if len(worlds) > len(self.W):
            self.W = np.concatenate([self.W, self.playouts.worlds(worlds[len(self.W):])])
        return self.W
