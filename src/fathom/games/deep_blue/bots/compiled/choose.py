"""Deep Blue's bots compiled, for simulations, benches and search playouts on the kernel: ``random``,
``greedy`` (level 1, :mod:`fathom.games.deep_blue.bots.compiled.greedy`) and ``heuristic`` (level 2,
:mod:`fathom.games.deep_blue.bots.compiled.heuristic`), the latter also with the cheaper weights ISMCTS plays its
playouts with (``DeepBlueSearch.fast``).

Why exact copies of the Python bots' choices: a ``--fast`` simulation must play the very games the
reference run plays, so each policy here takes the action its Python bot would take on the same
state, drawing from the same seeded generator when the Python bot draws. A seat's generator is the
state of its bot's :class:`fathom.core.rng.Rng` (``bots[seat]``), advanced as the Python bot's would be.

The compiled interface every caller uses: :func:`seat_policy` (a Python bot -> its kind, or ``None``),
:func:`policy_tables` (what the policies read besides the row and the rules tables, once per game) and
:func:`choose` / :func:`decide_batch` (the deciding seat's action), with the work arrays of
:func:`scratch` (one pair per thread: the heuristic keeps the dives it has solved there).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.games.deep_blue.bots.compiled import greedy as db_greedy
from fathom.games.deep_blue.bots.compiled import heur_tables as HT
from fathom.fast import rng as R
from fathom.games.deep_blue.bots.compiled.heuristic import heuristic_choose
from fathom.games.deep_blue.kernels.kernel import MAX_ACTIONS, legal
from fathom.games.deep_blue.kernels.tables import S_CUR
from fathom.fast.jit import kernel

RANDOM, GREEDY, HEURISTIC, PLAYOUT = 0, 1, 2, 3  # a seat's policy (PLAYOUT: the heuristic with playout weights)
KINDS = {"random": RANDOM, "greedy": GREEDY, "heuristic": HEURISTIC}
G_HEURISTIC = db_greedy.G_LEN  # where level 2's heuristic tables start in G
G_PLAYOUT = G_HEURISTIC + HT.H_LEN  # and the playout weights' tables
G_LEN = G_PLAYOUT + HT.H_LEN
OUT_LEN = MAX_ACTIONS + 2 * HT.W_LEN  # the legal list, then the two heuristics' integer work arrays


def heuristic_weights() -> tuple[Any, Any]:
    """The weights of the two compiled heuristics: level 2's and the playouts' (``DeepBlueSearch.fast``)."""
    from fathom.games.deep_blue.bots.evaluation import DEFAULT
    from fathom.games.deep_blue.bots.search import DeepBlueSearch

    return DEFAULT, DeepBlueSearch.fast(DEFAULT)


def seat_policy(bot: Any) -> int | None:
    """The compiled kind of a Python bot, or ``None`` when it has no compiled form (a heuristic
    with weights other than level 2's or the playouts' has none)."""
    from fathom.games.deep_blue.bots.greedy import DeepBlueGreedyBot
    from fathom.bots.random_bot import RandomBot

    if type(bot) is RandomBot:
        return RANDOM
    if type(bot) is DeepBlueGreedyBot:
        return GREEDY
    params = HT.bot_params(bot)
    if params is not None:
        level2, playout = heuristic_weights()
        if params == level2:
            return HEURISTIC
        if params == playout:
            return PLAYOUT
    return None


def policy_tables(game: Any) -> np.ndarray:
    """What the compiled policies read of ``game`` besides its rules tables (float64): greedy's
    constants and per-game values (:func:`fathom.games.deep_blue.bots.compiled.greedy.tables`), then the two
    heuristics' weights and card orders (:func:`fathom.games.deep_blue.bots.compiled.heur_tables.heuristic_tables`)."""
    level2, playout = heuristic_weights()
    return np.concatenate([db_greedy.tables(game), HT.heuristic_tables(game, level2),
                           HT.heuristic_tables(game, playout)])


@njit(cache=True)
def scratch() -> tuple[np.ndarray, np.ndarray]:
    """``(out, F)``: the work arrays one thread passes to :func:`choose` (int64 :data:`OUT_LEN`,
    float64). Each heuristic keeps its solved dives in its own part, so one pair serves one game
    configuration: make a new pair for another."""
    out = np.zeros(OUT_LEN, np.int64)
    F = np.zeros(2 * HT.F_LEN, np.float64)
    for k in range(2):
        W, _ = HT.scratch()
        out[MAX_ACTIONS + k * HT.W_LEN:MAX_ACTIONS + (k + 1) * HT.W_LEN] = W
    return out, F


@kernel()
def choose(S: np.ndarray, T: np.ndarray, G: np.ndarray, g: int, seat: int, kind: int, bots: np.ndarray,
           out: np.ndarray, F: np.ndarray) -> int:
    """The action of ``seat``'s bot at a decision of game ``g``. ``bots``: every seat's generator
    state (the chosen seat's is advanced); ``out``, ``F``: the work arrays of :func:`scratch`.
    Greedy plays a forced move without a thought (``ViewBot.choose``) and falls back to its
    generator's ``rng.choice(legal)`` where it names nothing legal; random draws even when forced."""
    if kind == HEURISTIC or kind == PLAYOUT:
        k = kind - HEURISTIC
        at = G_HEURISTIC + k * HT.H_LEN
        work = MAX_ACTIONS + k * HT.W_LEN
        return heuristic_choose(S, T, G[at:at + HT.H_LEN], g, seat, out[:MAX_ACTIONS], out[work:work + HT.W_LEN],
                                F[k * HT.F_LEN:(k + 1) * HT.F_LEN])
    m = legal(S, T, g, out)
    if kind == GREEDY:
        if m == 1:
            return out[0]
        action = db_greedy.decide(S, T, G, g, seat, out, m)
        if action >= 0:
            return action
    bots[seat], i = R.randbelow(bots[seat], m)  # RandomBot: rng.choice(legal_actions())
    return out[i]


@njit(cache=True)
def decide_batch(S: np.ndarray, T: np.ndarray, G: np.ndarray, kinds: np.ndarray, bots: np.ndarray,
                 actions: np.ndarray) -> None:
    """``actions[g]``: the deciding seat's action in game ``g`` (-1 at chance or the end).
    ``kinds``/``bots``: per game and seat (:data:`~fathom.games.deep_blue.kernels.tables.MAX_PLAYERS` columns)."""
    out, F = scratch()
    for g in range(S.shape[0]):
        seat = S[g, S_CUR]
        actions[g] = -1 if seat < 0 else choose(S, T, G, g, seat, kinds[g, seat], bots[g], out, F)

