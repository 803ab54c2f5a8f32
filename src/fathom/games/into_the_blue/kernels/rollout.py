"""Into the Blue's search playouts in the kernel: the rollouts of ``IntoTheBlueSearch``, compiled.

Why exact rather than alike: level 3 compares root actions by the mean of a few dozen playouts,
so any drift between a compiled playout and the Python one would change which move it plays.
Here a playout is the reference ``GenericPolicy.rollout`` with ``stream_chance`` move for move:

* the position is a determinization loaded into a kernel row (:func:`load`: the reference
  state's fields, hidden chests as the determinization sampled them);
* chance is drawn as ``state.sample_chance(Rng.for_key(base, key))`` with the policy's key
  (turn number x 8 + rolls left, 7 outside rolling), ``base`` the first ``next64()`` of the
  playout's generator;
* every seat moves by the compiled ``heuristic`` (the expert with ``dice_play="target"``,
  :mod:`fathom.games.into_the_blue.bots.compiled`), which matches the Python bot choice for choice;
* it stops where ``IntoTheBlueSearch.at_horizon`` does (more than ``turns`` turns started since
  the root) or at the end; the final scores and whether the game ended are returned, and the
  policy turns them into rewards with the same Python functions as its ``evaluate``.

``tests/games/into_the_blue/test_fast_itb_playouts.py`` compares the final rows with the Python rollouts' states.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.core.rng import Rng
from fathom.fast import rng as R
from fathom.games.into_the_blue.bots.compiled import HEURISTIC, choose, seat_policy, tables
from fathom.games.into_the_blue.kernels import kernel as K
from fathom.games.into_the_blue.kernels.tables import MAX_PLAYERS, MAX_VALUES, build
from fathom.fast.rng import seed_word

NOT_ROLLING_KEY = 7  # IntoTheBlueSearch.chance_key outside the rolling step


def load(S: np.ndarray, g: int, fields: dict[str, Any], chest_values: tuple[int, ...] | list[int]) -> None:
    """Row ``g`` of ``S`` holds the position whose ``IntoTheBlueState.fields()`` are ``fields``
    (``chest_values``: the game's distinct chest values, the order of the pile and of the row)."""
    row = np.zeros(K.S_WIDTH, np.int64)
    row[K.S_CUR], row[K.S_PHASE], row[K.S_PLAYER] = fields["current_player"], fields["phase"], fields["player"]
    row[K.S_KEPT], row[K.S_ROLLED], row[K.S_DICE] = fields["kept"], fields["rolled"], fields["dice"]
    row[K.S_TO_ROLL], row[K.S_ROLLS_LEFT] = fields["to_roll"], fields["rolls_left"]
    row[K.S_END_BY], row[K.S_FINALS_LEFT] = fields["end_by"], fields["finals_left"]
    row[K.S_TURN_NO], row[K.S_BONUS] = fields["turn_no"], int(fields["bonus"])
    row[K.S_OVER] = K.OVER_REASONS.index(fields["over"])
    row[K.S_SEED] = np.array(seed_word(fields["seed"])).view(np.int64)
    row[K.S_HIST] = fields["moves"]
    for level, shells in enumerate(fields["board"]):
        row[K.S_BOARD + level * MAX_PLAYERS:K.S_BOARD + level * MAX_PLAYERS + len(shells)] = shells
    n = len(fields["hand"])
    row[K.S_HAND:K.S_HAND + n] = fields["hand"]
    row[K.S_LAST_TURN:K.S_LAST_TURN + n] = fields["last_turn"]
    row[K.S_PILE:K.S_PILE + len(fields["pile"])] = fields["pile"]
    index = {value: i for i, value in enumerate(chest_values)}
    for seat, taken in enumerate(fields["chests"]):
        for value in taken:
            row[K.S_CHESTS + seat * MAX_VALUES + index[value]] += 1
    S[g] = row


@njit(cache=True)
def rollout(S: np.ndarray, T: np.ndarray, BI: np.ndarray, BF: np.ndarray, rerolls: int, g: int, base: np.uint64,
            start: int, turns: int, P: np.ndarray, bots: np.ndarray, scratch: np.ndarray) -> None:
    """Play game ``g`` on to the search's horizon (see the module docstring)."""
    while True:
        cur = S[g, K.S_CUR]
        if cur == K.TERMINAL or S[g, K.S_TURN_NO] - start > turns:
            return
        if cur == K.CHANCE:
            left = S[g, K.S_ROLLS_LEFT] if S[g, K.S_PHASE] == K.ROLLING else NOT_ROLLING_KEY
            key = S[g, K.S_TURN_NO] * 8 + left
            action = K.sample_chance_with(S, T, g, R.for_key(base, np.uint64(key)))
        else:
            action = choose(S, T, BI, BF, rerolls, g, cur, HEURISTIC, P, bots, scratch)
        K.apply(S, T, g, action)


@njit(cache=True)
def playouts(S: np.ndarray, W: np.ndarray, T: np.ndarray, BI: np.ndarray, BF: np.ndarray, rerolls: int,
             worlds: np.ndarray, first: np.ndarray, bases: np.ndarray, turns: int, P: np.ndarray,
             out: np.ndarray, ended: np.ndarray) -> None:
    """Playout ``i``: world ``W[worlds[i]]`` with root action ``first[i]`` applied (none if < 0), rolled out from
    generator ``bases[i]``; its scores go to ``out[i]`` and ``ended[i]`` says if the game ended.
    ``S`` (one row per playout) keeps the final positions."""
    bots = np.zeros(MAX_PLAYERS, np.uint64)  # the heuristic draws nothing; choose() wants the array
    scratch = np.empty(3 * MAX_PLAYERS, np.int64)
    order = np.empty(MAX_PLAYERS, np.int64)
    for i in range(worlds.shape[0]):
        S[i] = W[worlds[i]]
        if first[i] >= 0:
            K.apply(S, T, i, first[i])
        rollout(S, T, BI, BF, rerolls, i, bases[i], S[i, K.S_TURN_NO], turns, P, bots, scratch)
        K.scores(S, T, i, out[i], order)
        ended[i] = S[i, K.S_CUR] == K.TERMINAL


def playout_base(chance_seed: int) -> np.uint64:
    """The stream seed a playout draws first from ``Rng(chance_seed)`` (``GenericPolicy.rollout``)."""
    return seed_word(Rng(chance_seed).next64())


_TABLES: dict[tuple[Any, ...], np.ndarray] = {}


def rules_tables(game: Any) -> np.ndarray:
    """:func:`fathom.games.into_the_blue.kernels.tables.build`'s integer tables, kept per set of rules. Why: the server
    builds a fresh bot (and game object) for every move, and a build costs ~45 ms, ten times a
    compiled search. The key is every game field ``build`` reads."""
    key = (game.num_players, game.shells, game.rerolls, getattr(game, "first_player", 0),
           getattr(game, "FIRST0", 0), tuple(map(tuple, game.tokens)), tuple(game.chest_values),
           tuple(game.chest_pile))
    if key not in _TABLES:
        if len(_TABLES) >= 16:
            _TABLES.clear()
        _TABLES[key] = build(game)[0]
    return _TABLES[key]


class CompiledPlayouts:
    """The compiled playouts of one game's searches: the tables built once, worlds loaded as asked."""

    def __init__(self, game: Any, playout_bot: Any, turns: int) -> None:
        policy = seat_policy(playout_bot)
        if policy is None or policy[0] != HEURISTIC:
            raise ValueError(f"no compiled form of the playout bot {type(playout_bot).__name__}")
        self.P = policy[1]
        self.game = game
        self.n = game.num_players
        self.T = rules_tables(game)  # raises OptionError for data the kernel cannot hold
        self.BI, self.BF = tables(game.rerolls)
        self.rerolls = game.rerolls
        self.turns = turns
        self.chest_values = tuple(game.chest_values)

    def worlds(self, states: list[Any]) -> np.ndarray:
        """Rows of the positions ``states`` (determinizations: ``IntoTheBlueState``)."""
        W = np.zeros((len(states), K.S_WIDTH), np.int64)
        for k, state in enumerate(states):
            load(W, k, state.fields(), self.chest_values)
        return W

    def run(self, W: np.ndarray, worlds: list[int], first: list[int], chance_seeds: list[int]
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(final rows, scores, ended)`` of the playouts ``i``: world ``worlds[i]`` of ``W``, root
        action ``first[i]``, chance generator ``Rng(chance_seeds[i])``."""
        m = len(worlds)
        S = np.empty((m, K.S_WIDTH), np.int64)
        out = np.zeros((m, MAX_PLAYERS), np.int64)
        ended = np.zeros(m, np.bool_)
        bases = np.array([playout_base(s) for s in chance_seeds], np.uint64)
        playouts(S, W, self.T, self.BI, self.BF, self.rerolls, np.asarray(worlds, np.int64),
                 np.asarray(first, np.int64), bases, self.turns, self.P, out, ended)
        return S, out[:, : self.n], ended
