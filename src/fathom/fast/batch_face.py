"""What the Python faces of both games' batches share: seeds in, actions in, legal lists and chance out.

Why whole-batch calls: crossing from Python into a compiled function costs about a microsecond, so
every method does its work for all B games in one call. A game's batch class sets the compiled
whole-batch functions (``_reset``, ``_apply``, ``_legal``, ``_chance``, ``_sample``), its row array
``S``, tables ``T`` and the longest legal list ``max_actions``; ``chance_tables`` are the extra tables
its chance function reads (Into the Blue's roll probabilities).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.fast.rng import seed_word


class BatchFace:
    """B games of one configuration; game ``g`` is row ``S[g]`` (``S[g, 0]``: who acts, as the
    reference's ``current_player``)."""

    S: np.ndarray
    T: np.ndarray
    batch: int
    max_actions: int
    chance_tables: tuple[np.ndarray, ...] = ()
    _reset: Any
    _apply: Any
    _legal: Any
    _chance: Any
    _sample: Any

    def _room(self) -> None:
        self._legal_out = np.zeros((self.batch, self.max_actions), np.int64)
        self._counts = np.zeros(self.batch, np.int64)

    def reset(self, seeds: Any) -> None:
        """Every game to its initial state; ``seeds``: one Python int per game (any size, as the
        reference takes them)."""
        words = np.array([seed_word(int(s)) for s in seeds], np.uint64).view(np.int64)
        type(self)._reset(self.S, self.T, words)

    def apply(self, actions: np.ndarray) -> None:
        """Apply ``actions[g]`` to game ``g`` (skipped where negative). Actions must be legal."""
        type(self)._apply(self.S, self.T, np.asarray(actions, np.int64))

    def current_player(self) -> np.ndarray:
        return self.S[:, 0].copy()

    def legal_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """``(actions, counts)``: game ``g``'s sorted legal actions are ``actions[g, :counts[g]]``
        (outcomes at a chance node). The arrays are reused by the next call."""
        type(self)._legal(self.S, self.T, self._legal_out, self._counts)
        return self._legal_out, self._counts

    def legal_actions(self) -> list[list[int]]:
        actions, counts = self.legal_arrays()
        return [actions[g, : counts[g]].tolist() for g in range(self.batch)]

    def chance_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(actions, probabilities, counts)`` of every game's chance node (count 0 elsewhere)."""
        acts = np.zeros((self.batch, self.max_actions), np.int64)
        probs = np.zeros((self.batch, self.max_actions), np.float64)
        counts = np.zeros(self.batch, np.int64)
        type(self)._chance(self.S, self.T, *self.chance_tables, acts, probs, counts)
        return acts, probs, counts

    def chance_outcomes(self) -> list[list[tuple[int, float]]]:
        acts, probs, counts = self.chance_arrays()
        return [list(zip(acts[g, :m].tolist(), probs[g, :m].tolist())) for g, m in enumerate(counts)]

    def sample_chance(self) -> np.ndarray:
        """Each game's chance outcome drawn from its seed and history (-1 where not at chance)."""
        out = np.empty(self.batch, np.int64)
        type(self)._sample(self.S, self.T, out)
        return out
