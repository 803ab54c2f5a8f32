"""Deep Blue's search playouts through the compiled engine (:mod:`fathom.games.deep_blue.kernels.rollout`).

Why a module of its own: it needs numba and numpy, which the bots otherwise do without; the
search policy imports it only when its ``compiled`` setting is on.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.bots.ismcts_policies.compiled_runner import WorldRows
from fathom.games.deep_blue.bots.search import SAIL_PLAN
from fathom.core.api import State
from fathom.games.deep_blue.kernels import view as db_view
from fathom.games.deep_blue.kernels.rollout import CompiledPlayouts, load
from fathom.games.deep_blue.kernels.tables import S_WIDTH
from fathom.games.deep_blue.state import DeepBlueState


class CompiledRunner(WorldRows):
    """One searched decision's playouts (the ``playout_runner`` protocol of
    :class:`~fathom.bots.ismcts_policies.GenericPolicy`): its worlds loaded into kernel rows once,
    a plain root action applied in the kernel, a sail plan (``SAIL_PLAN + i``, several steps the
    Python heuristic chooses) applied in Python before its world is loaded; each final row rebuilt
    as a ``DeepBlueState`` and valued by the policy's own ``evaluate``."""

    def __init__(self, playouts: CompiledPlayouts, policy: Any, seat: int) -> None:
        super().__init__(playouts, policy, seat, S_WIDTH)

    def run(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> list[float]:
        seat, evaluate = self.seat, self.policy.evaluate
        return [evaluate(state, seat)[seat] for state in self.final_states(worlds, jobs)]

    def final_states(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> list[DeepBlueState]:
        """Where each job's playout stopped, as a ``DeepBlueState`` (for :meth:`run` and for the
        analysis, which values every seat of it)."""
        loaded = self.rows(worlds)
        ks, firsts, seeds = [], [], []
        planned = []
        for k, candidate, seed in jobs:
            if candidate >= SAIL_PLAN:
                det = worlds[k].clone()
                self.policy.apply_candidate(det, candidate, self.seat)
                planned.append(det)
                k, candidate = len(loaded) + len(planned) - 1, -1
            ks.append(k)
            firsts.append(candidate)
            seeds.append(seed)
        W = loaded
        if planned:
            W = np.concatenate([loaded, np.zeros((len(planned), S_WIDTH), np.int64)])
            for i, det in enumerate(planned):
                load(W, len(loaded) + i, det)
        rows, _, _ = self.playouts.run(W, ks, firsts, seeds)
        game = self.policy.game
        return [DeepBlueState.from_fields(game, db_view.fields(game, row)) for row in rows]
