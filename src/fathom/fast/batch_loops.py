"""The whole-batch loops every game's :class:`~fathom.fast.batch_face.BatchFace` calls, written once.

Why a factory: each loop is "for every game of the batch, call the game's kernel", and numba
compiles a call to another compiled function only when it knows which one at compile time (a
function passed as an argument would be a first-class function type, called indirectly: slower, and
not inlined). :func:`batch_loops` closes over one game's kernels, so numba compiles the loops once
per game with direct calls, as the two copies each game kept did. A closure's cached code is keyed
by the functions it closes over, so both games' loops share this file and the on-disk cache.

The game's kernels follow the toolkit's contract: row ``S[g]``, tables ``T``; ``S[g, 0]`` is who
acts (the reference's ``current_player``, ``CHANCE`` at a chance node).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from fathom.core.api import CHANCE

S_CUR = 0  # who acts, in every game's row (fathom.fast.batch_face)


class BatchLoops(NamedTuple):
    """One game's compiled whole-batch loops (``(S, T, ...)``; game ``g`` is row ``S[g]``)."""

    reset: Any
    """``(S, T, seeds)``: game ``g`` to its initial state from ``seeds[g]``."""
    apply: Any
    """``(S, T, actions)``: ``actions[g]`` applied to game ``g`` (skipped where negative)."""
    legal: Any
    """``(S, T, out, counts)``: game ``g``'s legal actions in ``out[g, :counts[g]]``."""
    sample: Any
    """``(S, T, out)``: each game's chance outcome from its seed and history (-1 where not at chance)."""


def batch_loops(reset: Callable[..., Any], apply: Callable[..., Any], legal: Callable[..., Any],
                sample_chance: Callable[..., Any]) -> BatchLoops:
    """The loops over a batch of one game, closing over its compiled ``reset(S, T, g, seed)``,
    ``apply(S, T, g, action)``, ``legal(S, T, g, out) -> count`` and ``sample_chance(S, T, g) -> action``."""

    @njit(cache=True)
    def reset_all(S: np.ndarray, T: np.ndarray, seeds: np.ndarray) -> None:
        for g in range(S.shape[0]):
            reset(S, T, g, seeds[g])

    @njit(cache=True)
    def apply_all(S: np.ndarray, T: np.ndarray, actions: np.ndarray) -> None:
        for g in range(S.shape[0]):
            if actions[g] >= 0:
                apply(S, T, g, actions[g])

    @njit(cache=True)
    def legal_all(S: np.ndarray, T: np.ndarray, out: np.ndarray, counts: np.ndarray) -> None:
        for g in range(S.shape[0]):
            counts[g] = legal(S, T, g, out[g])

    @njit(cache=True)
    def sample_all(S: np.ndarray, T: np.ndarray, out: np.ndarray) -> None:
        for g in range(S.shape[0]):
            out[g] = sample_chance(S, T, g) if S[g, S_CUR] == CHANCE else -1

    return BatchLoops(reset_all, apply_all, legal_all, sample_all)
