"""Into the Blue's search playouts through the compiled engine (:mod:`fathom.fast.itb_rollout`).

Why a module of its own: it needs numba and numpy, which the bots otherwise do without; the
search policy imports it only when its ``compiled`` setting is on.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.core.api import State
from fathom.fast.itb_rollout import CompiledPlayouts
from fathom.fast.itb_kernel import S_WIDTH


class CompiledRunner:
    """One searched decision's playouts: its worlds loaded into kernel rows once, then played in
    batches (the ``playout_runner`` protocol of :class:`~fathom.bots.ismcts_policies.GenericPolicy`)."""

    def __init__(self, playouts: CompiledPlayouts, policy: Any, seat: int) -> None:
        self.playouts = playouts
        self.policy = policy
        self.seat = seat
        self.W = np.zeros((0, S_WIDTH), np.int64)

    def run(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> list[float]:
        if len(worlds) > len(self.W):
            self.W = np.concatenate([self.W, self.playouts.worlds(worlds[len(self.W):])])
        ks, firsts, seeds = zip(*jobs) if jobs else ((), (), ())
        _, scores, ended = self.playouts.run(self.W, list(ks), list(firsts), list(seeds))
        seat, rewards = self.seat, self.policy.score_rewards
        return [rewards([float(v) for v in row], bool(end))[seat] for row, end in zip(scores.tolist(), ended)]
