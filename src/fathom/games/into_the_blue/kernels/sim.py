"""``fathom simulate/balance/tournament --fast`` for Into the Blue: its tasks played whole in the
kernel (batches, threads and timing: :mod:`fathom.fast.sim_tasks`).

The compiled bots choose what the Python bots choose (:mod:`fathom.games.into_the_blue.bots.compiled`), so every record
holds the same game as :func:`fathom.sim.runner.play_one`'s: scores, winners, length, decisions and
the statistics ``fathom.games.into_the_blue.stats.statistics`` reads from the event log (counted here as the game
goes, for there is no log).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.fast.jit import kernel
from fathom.games.into_the_blue.bots import compiled as itb_bots
from fathom.games.into_the_blue.kernels.kernel import (
    CHANCE,
    CHOOSE,
    ROLLING,
    S_BOARD,
    S_CHESTS,
    S_CUR,
    S_DICE,
    S_PHASE,
    S_PLAYER,
    S_ROLLS_LEFT,
    S_TURN_NO,
    STOP,
    TERMINAL,
    apply,
    new_batch,
    reset,
    sample_chance,
    scores,
)
from fathom.games.into_the_blue.kernels.tables import MAX_PLAYERS, MAX_VALUES, N_LEVELS, T_N, T_NV, T_PERFECT, T_RUN
from fathom.games.into_the_blue.kernels.tables import build as build_tables
from fathom.fast.sim_tasks import Played, bot_states, seat_policies, seeds
from fathom.games.into_the_blue import scoring
from fathom.core.tasks import GameTask
from fathom.sim.runner import MAX_STEPS, game_record

FAILED, RUN, PERFECT = range(3)  # a dive's result, as the "dive" event names it
# per game: length, aborted, turns, then per seat: decisions, dives by result, shells placed, chests, score
C_LENGTH, C_ABORTED, C_TURNS = range(3)
C_DECISIONS = 3
C_DIVES = C_DECISIONS + MAX_PLAYERS  # [result * MAX_PLAYERS + seat]
C_SHELLS = C_DIVES + 3 * MAX_PLAYERS
C_CHESTS = C_SHELLS + MAX_PLAYERS
C_SCORES = C_CHESTS + MAX_PLAYERS
C_WIDTH = C_SCORES + MAX_PLAYERS


def policy(bot: Any) -> tuple[int, np.ndarray] | None:
    """A Python bot's compiled policy (kind, settings), or ``None``."""
    return itb_bots.seat_policy(bot)


def plays() -> str:
    return (f"{', '.join(itb_bots.KINDS)} (and expert(dice_play=target), the heuristic's rule), "
            "with their settings")


def tables(game: Any) -> tuple[np.ndarray, int]:
    """The rules tables of one table's game, and its rerolls."""
    return build_tables(game)[0], game.rerolls


@kernel()
def _dive_result(T: np.ndarray, d: int) -> int:
    if T[T_RUN + d] == 0:
        return FAILED
    return PERFECT if T[T_PERFECT + d] else RUN


@kernel(nogil=True)
def _play_range(S: np.ndarray, T: np.ndarray, BI: np.ndarray, BF: np.ndarray, rerolls: int, seeds: np.ndarray,
                kinds: np.ndarray, params: np.ndarray, bots: np.ndarray, out: np.ndarray, max_steps: int, lo: int,
                hi: int, scratch: np.ndarray) -> None:
    for g in range(lo, hi):
        reset(S, T, g, seeds[g])
        for i in range(C_WIDTH):
            out[g, i] = 0
        steps = 0
        while True:
            cur = S[g, S_CUR]
            if cur == TERMINAL:
                break
            if steps >= max_steps:
                out[g, C_ABORTED] = 1
                break
            phase, seat = S[g, S_PHASE], S[g, S_PLAYER]
            resolves = phase == ROLLING and S[g, S_ROLLS_LEFT] == 0
            if cur == CHANCE:
                action = sample_chance(S, T, g)
            else:
                action = itb_bots.choose(S, T, BI, BF, rerolls, g, cur, kinds[g, cur], params[g, cur], bots[g],
                                         scratch)
                out[g, C_DECISIONS + cur] += 1
                resolves = phase == CHOOSE and action == STOP
            apply(S, T, g, action)
            steps += 1
            if resolves:  # the dice are final: a "dive" event of the reference
                out[g, C_DIVES + _dive_result(T, S[g, S_DICE]) * MAX_PLAYERS + seat] += 1
        out[g, C_LENGTH] = steps
        out[g, C_TURNS] = S[g, S_TURN_NO]
        for p in range(T[T_N]):
            for level in range(N_LEVELS):
                out[g, C_SHELLS + p] += S[g, S_BOARD + level * MAX_PLAYERS + p]
            for v in range(T[T_NV]):
                out[g, C_CHESTS + p] += S[g, S_CHESTS + p * MAX_VALUES + v]
        scores(S, T, g, out[g, C_SCORES:C_SCORES + MAX_PLAYERS], scratch)


@njit(cache=True, nogil=True)
def play_games(S: np.ndarray, T: np.ndarray, BI: np.ndarray, BF: np.ndarray, rerolls: int, seeds: np.ndarray,
               kinds: np.ndarray, params: np.ndarray, bots: np.ndarray, out: np.ndarray, max_steps: int, lo: int,
               hi: int) -> None:
    """Play games ``lo..hi-1`` to the end (``runner.play_one``, which gives up after ``max_steps``),
    counting into ``out[g]`` (``C_*``)."""
    _play_range(S, T, BI, BF, rerolls, seeds, kinds, params, bots, out, max_steps, lo, hi,
                np.empty(3 * MAX_PLAYERS, np.int64))


def _record(task: GameTask, row: np.ndarray) -> dict[str, Any]:
    """The record ``runner.play_one`` writes for this game, timing aside (see :mod:`fathom.fast.sim_tasks`)."""
    n = task.players
    totals = [int(x) for x in row[C_SCORES:C_SCORES + n]]
    winners = scoring.winners(totals)
    dives = [[int(x) for x in row[C_DIVES + r * MAX_PLAYERS:C_DIVES + r * MAX_PLAYERS + n]] for r in range(3)]
    record = game_record(task, totals, winners, int(row[C_LENGTH]),
                         [int(x) for x in row[C_DECISIONS:C_DECISIONS + n]], bool(row[C_ABORTED]))
    record.update({  # fathom.games.into_the_blue.stats.statistics, key for key
        "turns": int(row[C_TURNS]),
        "dives": sum(sum(r) for r in dives),
        "dives_failed": sum(dives[FAILED]),
        "dives_perfect": sum(dives[PERFECT]),
        "shells_placed": [int(x) for x in row[C_SHELLS:C_SHELLS + n]],
        "chests": [int(x) for x in row[C_CHESTS:C_CHESTS + n]],
        "seat_dives": [dives[FAILED][s] + dives[RUN][s] + dives[PERFECT][s] for s in range(n)],
        "seat_dives_failed": dives[FAILED],
        "seat_dives_perfect": dives[PERFECT],
    })
    return record


def play(tasks: list[GameTask], built: tuple[np.ndarray, int], policies: dict[str, Any]) -> Played:
    """The kernel call playing ``tasks`` (one table) and each game's record."""
    T, rerolls = built
    b = len(tasks)
    kinds = np.zeros((b, MAX_PLAYERS), np.int64)
    params = np.zeros((b, MAX_PLAYERS, itb_bots.NPARAMS), np.float64)
    for g, seats in enumerate(seat_policies(tasks, policies)):
        for s, (kind, settings) in enumerate(seats):
            kinds[g, s], params[g, s] = kind, settings
    bots = bot_states(tasks, MAX_PLAYERS)
    BI, BF = itb_bots.tables(rerolls)
    S = new_batch(b)
    out = np.zeros((b, C_WIDTH), np.int64)
    seed = seeds(tasks)
    return (lambda lo, hi: play_games(S, T, BI, BF, rerolls, seed, kinds, params, bots, out, MAX_STEPS, lo, hi),
            lambda g: _record(tasks[g], out[g]))
