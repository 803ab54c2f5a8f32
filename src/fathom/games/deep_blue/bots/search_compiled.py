"""Deep Blue's search playouts through the compiled engine (:mod:`fathom.games.deep_blue.kernels.rollout`).

Why a module of its own: it needs numba and numpy, which the bots otherwise do without; the
search policy imports it only when its ``compiled`` setting is on.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from fathom.bots.ismcts_policies.compiled_runner import WorldRows
from fathom.bots.ismcts_policies.generic import lead_rewards
from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.bots.compiled.learned import LearnedLeaf
from fathom.games.deep_blue.bots.search import SAIL_PLAN
from fathom.core.api import TERMINAL, State
from fathom.games.deep_blue.kernels import view as db_view
from fathom.games.deep_blue.kernels.rollout import CompiledPlayouts, load
from fathom.games.deep_blue.kernels.tables import S_CUR, S_WIDTH
from fathom.games.deep_blue.state import DeepBlueState


class CompiledRunner(WorldRows):
    """One searched decision's playouts (the ``playout_runner`` protocol of
    :class:`~fathom.bots.ismcts_policies.GenericPolicy`): its worlds loaded into kernel rows once,
    a plain root action applied in the kernel, a sail plan (``SAIL_PLAN + i``, several steps the
    Python heuristic chooses) applied in Python before its world is loaded; each final row valued
    by the compiled learned value (:mod:`.compiled.learned`, the same numbers as the policy's
    ``evaluate``), a finished game or another value rebuilt as a ``DeepBlueState`` and valued by
    the policy's own ``evaluate``."""

    def __init__(self, playouts: CompiledPlayouts, policy: Any, seat: int) -> None:
        super().__init__(playouts, policy, seat, S_WIDTH)

    def run(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> list[float]:
        seat = self.seat
        if not self.compiled_leaf():
            evaluate = self.policy.evaluate
            return [evaluate(state, seat)[seat] for state in self.final_states(worlds, jobs)]
        rows = self.final_rows(worlds, jobs)
        estimates, scales = self.leaf(worlds[0])(rows)
        out = []
        for i in range(len(rows)):
            if rows[i, S_CUR] == TERMINAL:  # rare: the reference values a finished game (winners, margins)
                out.append(self.policy.evaluate(self.state_of(rows[i]), seat)[seat])
            else:
                out.append(lead_rewards(estimates[i].tolist(), float(scales[i]))[seat])
        return out

    def compiled_leaf(self) -> bool:
        """Is the policy's leaf value the learned one that :mod:`.compiled.learned` computes? (Another
        ``value`` setting or an overridden ``evaluate`` is valued in Python.)"""
        from fathom.games.deep_blue.bots.search import DeepBlueSearch

        return self.policy.value == "learned" and type(self.policy).evaluate is DeepBlueSearch.evaluate

    def leaf(self, position: State) -> LearnedLeaf:
        """The compiled learned value for ``position``'s table and scenario, built once per search."""
        key = ev.tables_for(position).scenario
        leaves = self.playouts.__dict__.setdefault("leaves", {})
        if key not in leaves:
            leaves[key] = LearnedLeaf(self.policy.game, self.playouts.T, self.policy.fast_params, ev.tables_for(position))
        return cast(LearnedLeaf, leaves[key])

    def state_of(self, row: np.ndarray) -> DeepBlueState:
        return DeepBlueState.from_fields(self.policy.game, db_view.fields(self.policy.game, row))

    def final_states(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> list[DeepBlueState]:
        """Where each job's playout stopped, as a ``DeepBlueState`` (for the analysis, which values
        every seat of it, and for a leaf value that is not compiled)."""
        return [self.state_of(row) for row in self.final_rows(worlds, jobs)]

    def final_rows(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> np.ndarray:
        """Where each job's playout stopped, as kernel rows."""
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
        return rows
