"""The Python face of a batch of Into the Blue games held by the kernels.

Why whole-batch calls: crossing from Python into a compiled function costs about a microsecond, so
every method here does its work for all B games in one call (a game ``g`` with ``actions[g] < 0``
is left alone). The arrays are public (``S``, ``T``) for code that writes its own kernels.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.games.into_the_blue.kernels import kernel as K
from fathom.games.into_the_blue.kernels import obs as itb_obs
from fathom.games.into_the_blue.kernels import tables as itb_tables
from fathom.games.into_the_blue.kernels.tables import MAX_PLAYERS
from fathom.fast.batch_face import BatchFace
from fathom.fast.batch_loops import batch_loops
from fathom.games.into_the_blue.actions import NUM_PLAYER_ACTIONS


LOOPS = batch_loops(K.reset, K.apply, K.legal, K.sample_chance)


@njit(cache=True)
def _chance(S: np.ndarray, T: np.ndarray, P: np.ndarray, acts: np.ndarray, probs: np.ndarray,
            counts: np.ndarray) -> None:
    for g in range(S.shape[0]):
        counts[g] = K.chance_outcomes(S, T, P, g, acts[g], probs[g])


@njit(cache=True)
def _scores(S: np.ndarray, T: np.ndarray, out: np.ndarray) -> None:
    order = np.empty(MAX_PLAYERS, np.int64)
    for g in range(S.shape[0]):
        K.scores(S, T, g, out[g], order)


@njit(cache=True)
def _observe(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, seats: np.ndarray,
             out: np.ndarray) -> None:
    scratch = np.empty(3 * MAX_PLAYERS, np.int64)
    for g in range(S.shape[0]):
        itb_obs.observe(S, T, OFF, E, g, seats[g], out[g], scratch)


@njit(cache=True)
def _masks(S: np.ndarray, T: np.ndarray, out: np.ndarray) -> None:
    for g in range(S.shape[0]):
        itb_obs.action_mask(S, T, g, out[g])


class IntoTheBlueBatch(BatchFace):
    """B games of one Into the Blue configuration (``game``: a reference ``IntoTheBlueGame``)."""

    max_actions = K.MAX_ACTIONS
    _reset, _apply, _legal, _sample = (staticmethod(LOOPS.reset), staticmethod(LOOPS.apply),
                                       staticmethod(LOOPS.legal), staticmethod(LOOPS.sample))
    _chance = staticmethod(_chance)

    def __init__(self, game: Any, batch: int) -> None:
        from fathom.games.into_the_blue.encoding import IntoTheBlueEncoder

        self.game = game
        self.batch = batch
        self.T, self.P = itb_tables.build(game)
        self.chance_tables = (self.P,)
        self.S = K.new_batch(batch)
        self.encoder = IntoTheBlueEncoder(game)
        self.OFF, self.E = itb_obs.params(self.encoder)
        self._room()

    def scores(self) -> np.ndarray:
        out = np.zeros((self.batch, MAX_PLAYERS), np.int64)
        _scores(self.S, self.T, out)
        return out[:, : self.game.num_players]

    def observations(self, seats: np.ndarray) -> np.ndarray:
        """``(B, size)`` float32: game ``g`` as seat ``seats[g]`` sees it (the RL encoding)."""
        out = np.zeros((self.batch, self.encoder.size), np.float32)
        _observe(self.S, self.T, self.OFF, self.E, np.asarray(seats, np.int64), out)
        return out

    def action_masks(self) -> np.ndarray:
        """``(B, num_distinct_actions)`` int8: the deciding seat's legal actions (0 at chance)."""
        out = np.zeros((self.batch, NUM_PLAYER_ACTIONS), np.int8)
        _masks(self.S, self.T, out)
        return out

    def over_reason(self, g: int) -> str:
        return K.OVER_REASONS[int(self.S[g, K.S_OVER])]
