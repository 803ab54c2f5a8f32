"""Into the Blue's search playouts through the compiled engine (:mod:`fathom.games.into_the_blue.kernels.rollout`).

Why a module of its own: it needs numba and numpy, which the bots otherwise do without; the
search policy imports it only when its ``compiled`` setting is on.
"""

from __future__ import annotations

from typing import Any

from fathom.bots.ismcts_policies.compiled_runner import WorldRows
from fathom.core.api import State
from fathom.games.into_the_blue.kernels.rollout import CompiledPlayouts
from fathom.games.into_the_blue.kernels.kernel import S_WIDTH


class CompiledRunner(WorldRows):
    """One searched decision's playouts: its worlds loaded into kernel rows once, then played in
    batches (the ``playout_runner`` protocol of :class:`~fathom.bots.ismcts_policies.GenericPolicy`)."""

    def __init__(self, playouts: CompiledPlayouts, policy: Any, seat: int) -> None:
        super().__init__(playouts, policy, seat, S_WIDTH)

    def run(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> list[float]:
        seat, rewards = self.seat, self.policy.score_rewards
        return [rewards(scores, ended)[seat] for scores, ended in self.final_scores(worlds, jobs)]

    def final_scores(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> list[tuple[list[float], bool]]:
        """Each job's scores where its playout stopped and whether the game had ended there (for
        :meth:`run` and for the analysis, which values every seat of them)."""
        W = self.rows(worlds)
        ks, firsts, seeds = zip(*jobs) if jobs else ((), (), ())
        _, scores, ended = self.playouts.run(W, list(ks), list(firsts), list(seeds))
        return [([float(v) for v in row], bool(end)) for row, end in zip(scores.tolist(), ended)]
