"""The Python face of a batch of Deep Blue games held by the kernels.

Why whole-batch calls: crossing from Python into a compiled function costs about a microsecond, so
every method does its work for all B games in one call (a game ``g`` with ``actions[g] < 0`` is left
alone). The arrays are public (``S``, ``T``) for code that writes its own kernels; columns and
tables are described in :mod:`fathom.games.deep_blue.kernels.tables`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.games.deep_blue.kernels import kernel as K
from fathom.games.deep_blue.kernels import obs as db_obs
from fathom.games.deep_blue.kernels import setup as db_setup
from fathom.games.deep_blue.kernels import tables as db_tables
from fathom.games.deep_blue.kernels.tables import MAX_PLAYERS
from fathom.fast.batch_face import BatchFace
from fathom.fast.batch_loops import batch_loops


LOOPS = batch_loops(db_setup.reset, K.apply, K.legal, K.sample_chance)


@njit(cache=True)
def _chance(S: np.ndarray, T: np.ndarray, acts: np.ndarray, probs: np.ndarray, counts: np.ndarray) -> None:
    for g in range(S.shape[0]):
        counts[g] = K.chance_outcomes(S, T, g, acts[g], probs[g])


@njit(cache=True)
def _winners(S: np.ndarray, T: np.ndarray, out: np.ndarray, counts: np.ndarray) -> None:
    for g in range(S.shape[0]):
        counts[g] = K.winners(S, T, g, out[g])


@njit(cache=True)
def _observe(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, seats: np.ndarray,
             out: np.ndarray) -> None:
    scratch = np.empty(db_obs.SCRATCH, np.int64)
    for g in range(S.shape[0]):
        db_obs.observe(S, T, OFF, E, g, seats[g], out[g], scratch)


@njit(cache=True)
def _masks(S: np.ndarray, T: np.ndarray, out: np.ndarray) -> None:
    scratch = np.empty(db_obs.SCRATCH, np.int64)
    for g in range(S.shape[0]):
        db_obs.action_mask(S, T, g, out[g], scratch)


class DeepBlueBatch(BatchFace):
    """B games of one Deep Blue configuration (``game``: a reference ``DeepBlueGame``)."""

    max_actions = K.MAX_ACTIONS
    _reset, _apply, _legal, _sample = (staticmethod(LOOPS.reset), staticmethod(LOOPS.apply),
                                       staticmethod(LOOPS.legal), staticmethod(LOOPS.sample))
    _chance = staticmethod(_chance)

    def __init__(self, game: Any, batch: int) -> None:
        from fathom.games.deep_blue.encoding import DeepBlueEncoder

        self.game = game
        self.batch = batch
        self.T = db_tables.build(game)
        self.S = db_tables.new_batch(batch)
        self._room()
        self.encoder = DeepBlueEncoder(game)
        self.OFF, self.E = db_obs.params(self.encoder)

    def scores(self) -> np.ndarray:
        """Every seat's VP (the reference ``scores()``, as integers)."""
        return self.S[:, db_tables.S_VP:db_tables.S_VP + self.game.num_players].copy()

    def winners(self) -> list[list[int]]:
        out = np.zeros((self.batch, MAX_PLAYERS), np.int64)
        counts = np.zeros(self.batch, np.int64)
        _winners(self.S, self.T, out, counts)
        return [out[g, : counts[g]].tolist() for g in range(self.batch)]

    def observations(self, seats: np.ndarray) -> np.ndarray:
        """``(B, size)`` float32: game ``g`` as seat ``seats[g]`` sees it (the RL encoding of docs/rl.md)."""
        out = np.zeros((self.batch, self.encoder.size), np.float32)
        _observe(self.S, self.T, self.OFF, self.E, np.asarray(seats, np.int64), out)
        return out

    def action_masks(self) -> np.ndarray:
        """``(B, num_distinct_actions)`` int8: the deciding seat's legal actions (0 at chance)."""
        out = np.zeros((self.batch, self.game.num_distinct_actions), np.int8)
        _masks(self.S, self.T, out)
        return out
