"""Into the Blue's rule-based bots compiled: ``random``, ``greedy`` and ``heuristic`` (level 2).

Why exact copies of the Python bots' choices rather than look-alikes: a simulation or a balance
study run with ``--fast`` must play the very games the reference run plays, so each policy here
takes the action :mod:`fathom.games.into_the_blue.bots.greedy` or
:class:`fathom.games.into_the_blue.bots.expert.IntoTheBlueHeuristicBot` would take on the same state,
with the same float arithmetic in the same order (the heuristic's values are compared for ties).
The bots read only what ``state.view(seat)`` shows (public board, own chests, counts of others'),
so the kernel reads only those fields of the row. ``tests/games/into_the_blue/test_fast_itb_bots.py`` compares the
choices with the Python bots' at every decision of many games.

What the kernel does not recompute: the dice odds of the heuristic's targets
(:func:`fathom.games.into_the_blue.odds.solve`) and greedy's keep of each table depend only on
the table, the target and the rerolls left, so :func:`tables` takes them from the reference
functions once per rules set. The ``expert`` bot's exact dice expectimax (a new solve per
decision) is not compiled.
"""

from __future__ import annotations

from dataclasses import astuple
from functools import lru_cache
from typing import Any

import numpy as np
from numba import njit

from fathom.games.into_the_blue.bots.expert import DEFAULT, ExpertParams
from fathom.games.into_the_blue.bots.greedy import GOOD_ENOUGH, greedy_keep
from fathom.fast.jit import kernel
from fathom.fast import rng as R
from fathom.games.into_the_blue.kernels.kernel import (
    CHOOSE,
    PLACE,
    REROLL0,
    S_BOARD,
    S_CHESTS,
    S_CUR,
    S_DICE,
    S_HAND,
    S_PHASE,
    S_PILE,
    S_ROLLS_LEFT,
    STOP,
    placed,
    treasure_points,
)
from fathom.games.into_the_blue.kernels.play import random_choice
from fathom.games.into_the_blue.kernels.tables import (
    MAX_PLAYERS,
    MAX_SUBSETS,
    MAX_VALUES,
    NMS,
    N_FACES,
    N_LEVELS,
    T_CHEST_PILE,
    T_CHEST_VALUES,
    T_CHOOSE,
    T_CHOOSE_N,
    T_COUNTS,
    T_N,
    T_NV,
    T_PERFECT,
    T_RUN,
)
from fathom.games.into_the_blue import dice, odds

RANDOM, GREEDY, HEURISTIC = 0, 1, 2  # a seat's policy
KINDS = {"random": RANDOM, "greedy": GREEDY, "heuristic": HEURISTIC}
NPARAMS = 4  # ExpertParams as floats, in field order
P_RIVAL, P_DEPTH, P_EXTRA, P_SWING = range(NPARAMS)
MAX_COUNT = 4  # the heuristic's targets: "count shells on a level" for count 1..4, and the perfect dive
TARGETS = (odds.PERFECT,) + tuple(odds.Target(level, count) for level in range(1, N_LEVELS + 1)
                                  for count in range(1, MAX_COUNT + 1))
EMPTY = dice.EMPTY


def params_row(params: ExpertParams = DEFAULT) -> np.ndarray:
    return np.array(astuple(params), np.float64)


@lru_cache(maxsize=8)
def tables(rerolls: int) -> tuple[np.ndarray, np.ndarray]:
    """``(BI, BF)`` for games with ``rerolls`` rerolls a turn. ``BI[d]``: greedy's reroll from
    table ``d``; ``BI[NMS + k]`` and ``BF[k]`` with ``k = (target * (rerolls + 1) + left) * NMS + d``:
    the heuristic's reroll toward a target and the target's chance, as the reference solves them."""
    width = len(TARGETS) * (rerolls + 1) * NMS
    bi = np.zeros(NMS + width, np.int64)
    bf = np.zeros(width, np.float64)
    for d in dice.SIX:
        bi[d] = dice.sub(d, greedy_keep(d))
    for t, target in enumerate(TARGETS):
        solution = odds.solve(target, rerolls)
        for left in range(rerolls + 1):
            for d in dice.SIX:
                k = (t * (rerolls + 1) + left) * NMS + d
                bf[k] = solution.after_roll_float(d, left)
                if left:
                    bi[NMS + k] = solution.best_reroll(d, left)
    return bi, bf


def seat_policy(bot: Any) -> tuple[int, np.ndarray] | None:
    """``(kind, parameters)`` of a Python bot that has a compiled form, else ``None``."""
    from fathom.games.into_the_blue.bots.expert import IntoTheBlueExpertBot, IntoTheBlueHeuristicBot
    from fathom.games.into_the_blue.bots.greedy import IntoTheBlueGreedyBot
    from fathom.bots.random_bot import RandomBot

    kind = type(bot)
    if kind is RandomBot:
        return RANDOM, params_row()
    if kind is IntoTheBlueGreedyBot:
        return GREEDY, params_row()
    if kind in (IntoTheBlueHeuristicBot, IntoTheBlueExpertBot) and bot.dice_play == "target":  # or expert(dice_play=target)
        return HEURISTIC, params_row(bot.params)
    return None


# ---- what the bots read ------------------------------------------------------------------
@njit(cache=True, inline="always")
def _in_choose(S: np.ndarray, T: np.ndarray, g: int, action: int) -> bool:
    d = S[g, S_DICE]
    for i in range(T[T_CHOOSE_N + d]):
        if T[T_CHOOSE + d * MAX_SUBSETS + i] == action:
            return True
    return False


@kernel()
def _mean_unseen_chest(S: np.ndarray, T: np.ndarray, g: int, seat: int) -> float:
    """The average chest the seat has not seen (``Position._mean_unseen_chest``)."""
    total = 0
    count = 0
    for v in range(T[T_NV]):
        k = T[T_CHEST_PILE + v] - S[g, S_CHESTS + seat * MAX_VALUES + v]
        total += k * T[T_CHEST_VALUES + v]
        count += k
    return total / count if count else 6.0


@kernel()
def _lead_after(S: np.ndarray, T: np.ndarray, g: int, seat: int, base: np.ndarray, mean: float,
                own_extra: float) -> bool:
    """Is the seat ahead once ``own_extra`` is added to its estimated total (own chests exact,
    rivals' at the unseen average): ``Position.estimated_totals`` then ``lead_margin > 0``."""
    best = -1e300
    me = 0.0
    for s in range(T[T_N]):
        if s == seat:
            own = 0
            for v in range(T[T_NV]):
                own += S[g, S_CHESTS + s * MAX_VALUES + v] * T[T_CHEST_VALUES + v]
            me = base[s] + own
        else:
            held = 0
            for v in range(T[T_NV]):
                held += S[g, S_CHESTS + s * MAX_VALUES + v]
            best = max(best, base[s] + held * mean)
    return me + own_extra - best > 0


@kernel()
def _place_value(S: np.ndarray, T: np.ndarray, g: int, seat: int, level: int, shown: int, base: np.ndarray,
                 pts: np.ndarray, order: np.ndarray, P: np.ndarray, mean: float) -> float:
    """``Position.place_value``: the treasure points the placement wins and takes from rivals (the
    row is changed for the count and put back)."""
    n = T[T_N]
    hand = S[g, S_HAND + seat]
    m = placed(T, shown, hand)
    cell = S_BOARD + (level - 1) * MAX_PLAYERS + seat
    S[g, cell] += m
    S[g, S_HAND + seat] = hand - m
    treasure_points(S, T, g, pts, order)
    S[g, cell] -= m
    S[g, S_HAND + seat] = hand
    gain = pts[seat] - base[seat]
    lost = 0
    for s in range(n):
        if s != seat:
            lost += base[s] - pts[s]
    rivals = lost / (n - 1)
    value = gain + P[P_RIVAL] * rivals + P[P_DEPTH] * m * level
    if hand - m == 0:  # the game ends after one more round
        value += P[P_SWING] if _lead_after(S, T, g, seat, base, mean, float(gain)) else -P[P_SWING]
    return value


@kernel()
def _chest_value(S: np.ndarray, T: np.ndarray, g: int, seat: int, base: np.ndarray, mean: float,
                 P: np.ndarray) -> float:
    left = 0
    for v in range(T[T_NV]):
        left += S[g, S_PILE + v]
    if left <= 1:  # the last chest ends the game at once
        return 50.0 if _lead_after(S, T, g, seat, base, mean, mean) else -50.0
    return mean + P[P_EXTRA]


# ---- the policies ------------------------------------------------------------------------
@kernel()
def greedy(S: np.ndarray, T: np.ndarray, BI: np.ndarray, g: int, seat: int, bot: np.ndarray) -> int:
    """``IntoTheBlueGreedyBot.decide`` (``bot``: the seats' generators, for its fallback draw)."""
    d = S[g, S_DICE]
    hand = S[g, S_HAND + seat]
    run = T[T_RUN + d]
    if S[g, S_PHASE] == PLACE:  # the best shells x level, deeper on ties
        best, pick = -1, 0
        for level in range(1, run + 1):
            score = placed(T, T[T_COUNTS + d * N_FACES + level - 1], hand) * level
            if score >= best:
                best, pick = score, level
        return pick
    if T[T_PERFECT + d]:
        return STOP
    best = 0
    for level in range(1, run + 1):
        best = max(best, placed(T, T[T_COUNTS + d * N_FACES + level - 1], hand) * level)
    if best >= GOOD_ENOUGH or BI[d] == EMPTY:
        return STOP
    action = REROLL0 + BI[d]
    if _in_choose(S, T, g, action):
        return action
    bot[seat], i = R.randbelow(bot[seat], T[T_CHOOSE_N + d])  # self.rng.choice(legal)
    return T[T_CHOOSE + d * MAX_SUBSETS + i]


@kernel()
def heuristic(S: np.ndarray, T: np.ndarray, BI: np.ndarray, BF: np.ndarray, rerolls: int, g: int, seat: int,
              P: np.ndarray, scratch: np.ndarray) -> int:
    """``IntoTheBlueHeuristicBot.decide``: majority values, and the dice chased toward the single
    target with the best ``P(target) x value``. ``scratch``: int64, ``3 * MAX_PLAYERS``."""
    base = scratch[:MAX_PLAYERS]
    pts = scratch[MAX_PLAYERS:2 * MAX_PLAYERS]
    order = scratch[2 * MAX_PLAYERS:]
    treasure_points(S, T, g, base, order)
    mean = _mean_unseen_chest(S, T, g, seat)
    d = S[g, S_DICE]
    run = T[T_RUN + d]
    if S[g, S_PHASE] == PLACE:  # the best value, deeper on ties
        best, pick = -1e300, 0
        for level in range(1, run + 1):
            value = _place_value(S, T, g, seat, level, T[T_COUNTS + d * N_FACES + level - 1], base, pts, order, P, mean)
            if value >= best:
                best, pick = value, level
        return pick
    # stopping now is certain: the table's own value (Position.table_value)
    if T[T_PERFECT + d]:
        now = _chest_value(S, T, g, seat, base, mean, P)
    else:
        now = 0.0
        for level in range(1, run + 1):
            value = _place_value(S, T, g, seat, level, T[T_COUNTS + d * N_FACES + level - 1], base, pts, order, P, mean)
            now = value if level == 1 else max(now, value)
    left = S[g, S_ROLLS_LEFT]
    target, best_score = -1, now
    hand = S[g, S_HAND + seat]
    for t in range(1 + 5 * MAX_COUNT):
        if t == 0:
            value = _chest_value(S, T, g, seat, base, mean, P)
        else:
            level, count = (t - 1) // MAX_COUNT + 1, (t - 1) % MAX_COUNT + 1
            if count > min(hand, MAX_COUNT):
                continue
            value = _place_value(S, T, g, seat, level, count, base, pts, order, P, mean)
        if value <= 0:
            continue
        score = BF[(t * (rerolls + 1) + left) * NMS + d] * value
        if score > best_score + 1e-12:
            target, best_score = t, score
    if target < 0:
        return STOP
    reroll = BI[NMS + (target * (rerolls + 1) + left) * NMS + d]
    if reroll == EMPTY or not _in_choose(S, T, g, REROLL0 + reroll):
        return STOP
    return REROLL0 + reroll


@kernel()
def choose(S: np.ndarray, T: np.ndarray, BI: np.ndarray, BF: np.ndarray, rerolls: int, g: int, seat: int,
           kind: int, P: np.ndarray, bot: np.ndarray, scratch: np.ndarray) -> int:
    """The action of the seat's bot at a decision of game ``g`` (``bot``: every seat's generator).
    Greedy and heuristic play a forced move without a thought, as ``ViewBot.choose`` does; the random
    bot draws even then, as ``RandomBot`` does."""
    if kind == RANDOM:
        return random_choice(S, T, g, bot, seat)
    d = S[g, S_DICE]
    if S[g, S_PHASE] == CHOOSE:
        if T[T_CHOOSE_N + d] == 1:
            return T[T_CHOOSE + d * MAX_SUBSETS]
    elif T[T_RUN + d] == 1:
        return 1
    if kind == GREEDY:
        return greedy(S, T, BI, g, seat, bot)
    return heuristic(S, T, BI, BF, rerolls, g, seat, P, scratch)


@njit(cache=True)
def decide_batch(S: np.ndarray, T: np.ndarray, BI: np.ndarray, BF: np.ndarray, rerolls: int, kinds: np.ndarray,
                 params: np.ndarray, bots: np.ndarray, out: np.ndarray) -> None:
    """``out[g]``: the action of the deciding seat's bot in game ``g`` (-1 at chance or the end).
    ``kinds``/``params``/``bots``: per game and seat, as :func:`choose` takes them."""
    scratch = np.empty(3 * MAX_PLAYERS, np.int64)
    for g in range(S.shape[0]):
        seat = S[g, S_CUR]
        out[g] = -1 if seat < 0 else choose(S, T, BI, BF, rerolls, g, seat, kinds[g, seat], params[g, seat],
                                            bots[g], scratch)
