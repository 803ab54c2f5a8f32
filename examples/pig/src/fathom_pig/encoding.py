"""Pig's observation for RL (Gymnasium, PettingZoo): whose move, the banked scores and the turn total,
relative to the observing seat, scaled by the target. Needs numpy (fathom's ``rl`` extra)."""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.rl.encoding.spec import Encoder


class PigEncoder(Encoder):
    game_name = "pig"

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        n = self.num_players
        self.scale = float(game.target)
        self.o_to_move = self.layout.add("to_move", n + 2, "who decides: one-hot over rel seats, then chance, then over")
        self.o_banked = self.layout.add("banked", n, "each rel seat's banked score / target")
        self.o_total = self.layout.add("turn_total", 1, "the turn total / target")

    def _fill(self, view: dict[str, Any], seat: int, buf: Any) -> None:
        n = self.num_players
        if view["winner"] is not None:
            buf[self.o_to_move + n + 1] = 1.0
        elif view["rolling"]:
            buf[self.o_to_move + n] = 1.0
        else:
            buf[self.o_to_move + (view["seat"] - seat) % n] = 1.0
        for s, banked in enumerate(view["banked"]):
            buf[self.o_banked + (s - seat) % n] = banked / self.scale
        buf[self.o_total] = view["turn_total"] / self.scale


def action_features(game: Any) -> np.ndarray:
    """A bias and which of roll / hold, per player action."""
    out = np.zeros((game.num_distinct_actions, 3), dtype=np.float32)
    out[:, 0] = 1.0
    out[0, 1] = out[1, 2] = 1.0
    return out
