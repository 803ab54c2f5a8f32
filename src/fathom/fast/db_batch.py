"""The Python face of a batch of Deep Blue games held by the kernels.

Why whole-batch calls: crossing from Python into a compiled function costs about a microsecond, so
every method does its work for all B games in one call (a game ``g`` with ``actions[g] < 0`` is left
alone). The arrays are public (``S``, ``T``) for code that writes its own kernels; columns and
tables are described in :mod:`fathom.fast.db_tables`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.fast import db_kernel as K
from fathom.fast import db_obs, db_setup, db_tables
from fathom.fast.db_tables import MAX_PLAYERS
from fathom.fast.rng import seed_word


@njit(cache=True)
def _reset(S: np.ndarray, T: np.ndarray, seeds: np.ndarray) -> None:
    for g in range(S.shape[0]):
        db_setup.reset(S, T, g, seeds[g])


@njit(cache=True)
def _apply(S: np.ndarray, T: np.ndarray, actions: np.ndarray) -> None:
    for g in range(S.shape[0]):
        if actions[g] >= 0:
            K.apply(S, T, g, actions[g])


@njit(cache=True)
def _legal(S: np.ndarray, T: np.ndarray, out: np.ndarray, counts: np.ndarray) -> None:
    for g in range(S.shape[0]):
        counts[g] = K.legal(S, T, g, out[g])


@njit(cache=True)
def _chance(S: np.ndarray, T: np.ndarray, acts: np.ndarray, probs: np.ndarray, counts: np.ndarray) -> None:
    for g in range(S.shape[0]):
        counts[g] = K.chance_outcomes(S, T, g, acts[g], probs[g])


@njit(cache=True)
def _sample(S: np.ndarray, T: np.ndarray, out: np.ndarray) -> None:
    for g in range(S.shape[0]):
        out[g] = K.sample_chance(S, T, g) if S[g, db_tables.S_CUR] == K.CHANCE else -1


@njit(cache=True)
def _winners(S: np.ndarray, T: np.ndarray, out: np.ndarray, counts: np.ndarray) -> None:
    for g in range(S.shape[0]):
        counts[g] = K.winners(S, T, g, out[g])


@njit(cache=True)
def _observe(S: np.ndarray, T: np.ndarray, OFF: np.ndarray, E: np.ndarray, seats: np.ndarray,
             out: np.ndarray) -> None:
    scratch = np.empty(MAX_PLAYERS, np.int64)
    for g in range(S.shape[0]):
        db_obs.observe(S, T, OFF, E, g, seats[g], out[g], scratch)


@njit(cache=True)
def _masks(S: np.ndarray, T: np.ndarray, out: np.ndarray) -> None:
    scratch = np.empty(K.MAX_ACTIONS, np.int64)
    for g in range(S.shape[0]):
        db_obs.action_mask(S, T, g, out[g], scratch)


class DeepBlueBatch:
    """B games of one Deep Blue configuration (``game``: a reference ``DeepBlueGame``)."""

    def __init__(self, game: Any, batch: int) -> None:
        from fathom.rl.encoding.deep_blue import DeepBlueEncoder

        self.game = game
        self.batch = batch
        self.T = db_tables.build(game)
        self.S = db_tables.new_batch(batch)
        self._legal = np.zeros((batch, K.MAX_ACTIONS), np.int64)
        self._counts = np.zeros(batch, np.int64)
        self.encoder = DeepBlueEncoder(game)
        self.OFF, self.E = db_obs.params(self.encoder)

    def reset(self, seeds: Any) -> None:
        """Every game to its initial state; ``seeds``: one Python int per game (any size, as the
        reference takes them)."""
        words = np.array([seed_word(int(s)) for s in seeds], np.uint64).view(np.int64)
        _reset(self.S, self.T, words)

    def apply(self, actions: np.ndarray) -> None:
        """Apply ``actions[g]`` to game ``g`` (skipped where negative). Actions must be legal."""
        _apply(self.S, self.T, np.asarray(actions, np.int64))

    def current_player(self) -> np.ndarray:
        return self.S[:, db_tables.S_CUR].copy()

    def legal_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """``(actions, counts)``: game ``g``'s sorted legal actions are ``actions[g, :counts[g]]``
        (outcomes at a chance node). The arrays are reused by the next call."""
        _legal(self.S, self.T, self._legal, self._counts)
        return self._legal, self._counts

    def legal_actions(self) -> list[list[int]]:
        actions, counts = self.legal_arrays()
        return [actions[g, : counts[g]].tolist() for g in range(self.batch)]

    def chance_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(actions, probabilities, counts)`` of every game's chance node (count 0 elsewhere)."""
        acts = np.zeros((self.batch, K.MAX_ACTIONS), np.int64)
        probs = np.zeros((self.batch, K.MAX_ACTIONS), np.float64)
        counts = np.zeros(self.batch, np.int64)
        _chance(self.S, self.T, acts, probs, counts)
        return acts, probs, counts

    def chance_outcomes(self) -> list[list[tuple[int, float]]]:
        acts, probs, counts = self.chance_arrays()
        return [list(zip(acts[g, :m].tolist(), probs[g, :m].tolist())) for g, m in enumerate(counts)]

    def sample_chance(self) -> np.ndarray:
        """Each game's chance outcome drawn from its seed and history (-1 where not at chance)."""
        out = np.empty(self.batch, np.int64)
        _sample(self.S, self.T, out)
        return out

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
