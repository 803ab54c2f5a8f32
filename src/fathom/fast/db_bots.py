"""Deep Blue's bots compiled, for simulations and benches on the kernel: ``random`` and ``greedy``
(level 1, :mod:`fathom.fast.db_greedy`).

Why exact copies of the Python bots' choices: a ``--fast`` simulation must play the very games the
reference run plays, so each policy here takes the action its Python bot would take on the same
state, drawing from the same seeded generator when the Python bot draws. A seat's generator is the
state of its bot's :class:`fathom.core.rng.Rng` (``bots[seat]``), advanced as the Python bot's would be.

The compiled interface every caller uses: :func:`seat_policy` (a Python bot -> its kind, or ``None``),
:func:`policy_tables` (what the policies read besides the row and the rules tables, once per game) and
:func:`choose` / :func:`decide_batch` (the deciding seat's action).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.fast import db_greedy
from fathom.fast import rng as R
from fathom.fast.db_kernel import MAX_ACTIONS, legal
from fathom.fast.db_tables import S_CUR
from fathom.fast.jit import kernel

RANDOM, GREEDY = 0, 1  # a seat's policy
KINDS = {"random": RANDOM, "greedy": GREEDY}


def seat_policy(bot: Any) -> int | None:
    """The compiled kind of a Python bot, or ``None`` when it has no compiled form."""
    from fathom.bots.deep_blue_greedy import DeepBlueGreedyBot
    from fathom.bots.random_bot import RandomBot

    if type(bot) is RandomBot:
        return RANDOM
    if type(bot) is DeepBlueGreedyBot:
        return GREEDY
    return None


def policy_tables(game: Any) -> np.ndarray:
    """What the compiled policies read of ``game`` besides its rules tables (float64): greedy's
    constants and per-game values (:func:`fathom.fast.db_greedy.tables`)."""
    return db_greedy.tables(game)


@kernel()
def choose(S: np.ndarray, T: np.ndarray, G: np.ndarray, g: int, seat: int, kind: int, bots: np.ndarray,
           out: np.ndarray) -> int:
    """The action of ``seat``'s bot at a decision of game ``g``. ``bots``: every seat's generator
    state (the chosen seat's is advanced); ``out``: scratch of :data:`MAX_ACTIONS` int64.
    Greedy plays a forced move without a thought (``ViewBot.choose``) and falls back to its
    generator's ``rng.choice(legal)`` where it names nothing legal; random draws even when forced."""
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
    ``kinds``/``bots``: per game and seat (:data:`~fathom.fast.db_tables.MAX_PLAYERS` columns)."""
    out = np.empty(MAX_ACTIONS, np.int64)
    for g in range(S.shape[0]):
        seat = S[g, S_CUR]
        actions[g] = -1 if seat < 0 else choose(S, T, G, g, seat, kinds[g, seat], bots[g], out)

