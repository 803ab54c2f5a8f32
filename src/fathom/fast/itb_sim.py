"""``fathom simulate/balance/tournament --fast``: the tasks of :mod:`fathom.sim.runner` played whole
in the kernel, Into the Blue with the bots that have compiled forms.

Why the same records: a designer compares a fast run with a reference one, and a saved run must
replay. A task is played from its own seed with each seat's bot seeded ``bot_seed(seed, seat)``,
exactly as :func:`fathom.sim.runner.play_one` does, and the compiled bots choose what the Python
bots choose (:mod:`fathom.fast.itb_bots`), so every record holds the same game: scores, winners,
length, decisions and the statistics ``fathom.sim.stats.into_the_blue`` reads from the event log
(counted here as the game goes, for there is no log). Only the timing fields differ: ``think_s`` is
not measured per decision (0) and ``wall_s`` is the game's share of its batch's time.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from numba import njit

from fathom.bots.specs import build_bot
from fathom.core.errors import OptionError
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.fast.jit import kernel
from fathom.fast import itb_bots
from fathom.fast.itb_kernel import (
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
from fathom.fast.itb_tables import MAX_PLAYERS, MAX_VALUES, T_N, T_NV, T_PERFECT, T_RUN
from fathom.fast.itb_tables import build as build_tables
from fathom.fast.rng import seed_word
from fathom.fast.spread import Spread
from fathom.games.into_the_blue import scoring
from fathom.sim.runner import MAX_STEPS, GameTask, bot_seed, game_record

FAST_GAMES = ("into-the-blue",)
FAILED, RUN, PERFECT = range(3)  # a dive's result, as the "dive" event names it
# per game: length, aborted, turns, then per seat: decisions, dives by result, shells placed, chests, score
C_LENGTH, C_ABORTED, C_TURNS = range(3)
C_DECISIONS = 3
C_DIVES = C_DECISIONS + MAX_PLAYERS  # [result * MAX_PLAYERS + seat]
C_SHELLS = C_DIVES + 3 * MAX_PLAYERS
C_CHESTS = C_SHELLS + MAX_PLAYERS
C_SCORES = C_CHESTS + MAX_PLAYERS
C_WIDTH = C_SCORES + MAX_PLAYERS
BATCH = 4096  # games per call: records stream out batch by batch


def supported(tasks: Sequence[GameTask]) -> dict[str, tuple[int, np.ndarray]]:
    """Each bot spec's compiled policy; an :class:`OptionError` naming what ``--fast`` plays when a
    task's game or bot has no compiled form."""
    policies: dict[str, tuple[int, np.ndarray]] = {}
    for task in tasks:
        if task.game not in FAST_GAMES:
            raise OptionError(f"--fast: {task.game} has no compiled bots for simulations yet; --fast plays "
                              f"{', '.join(FAST_GAMES)} (drop --fast to use the reference engine)")
        for spec in task.seats:
            if spec not in policies:
                policy = itb_bots.seat_policy(build_bot(spec, task.game, 0))
                if policy is None:
                    raise OptionError(f"--fast: the bot {spec!r} has no compiled form; --fast plays "
                                      f"{', '.join(itb_bots.KINDS)} (and expert(dice_play=target), the heuristic's "
                                      "rule), with their settings; drop --fast to play it with the reference engine")
                policies[spec] = policy
    return policies


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
            for level in range(5):
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


def _record(task: GameTask, row: np.ndarray, wall: float) -> dict[str, Any]:
    """The record ``runner.play_one`` writes for this game (see the module docstring for timing)."""
    n = task.players
    totals = [int(x) for x in row[C_SCORES:C_SCORES + n]]
    winners = scoring.winners(totals)
    dives = [[int(x) for x in row[C_DIVES + r * MAX_PLAYERS:C_DIVES + r * MAX_PLAYERS + n]] for r in range(3)]
    record = game_record(task, totals, winners, int(row[C_LENGTH]),
                         [int(x) for x in row[C_DECISIONS:C_DECISIONS + n]], bool(row[C_ABORTED]))
    record.update({  # fathom.sim.stats.into_the_blue, key for key
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
    record["think_s"] = [0.0] * n
    record["wall_s"] = round(wall, 6)
    return record


def _table_key(task: GameTask) -> tuple[int, str]:
    return task.players, repr(sorted(task.options.items()))


def iter_records(tasks: Sequence[GameTask], threads: int | None = None) -> Iterator[dict[str, Any]]:
    """Records in task order, played ``BATCH`` games at a time over ``threads`` threads."""
    policies = supported(tasks)
    spread = Spread(threads)
    built: dict[tuple[int, str], tuple[np.ndarray, int]] = {}
    try:
        for start in range(0, len(tasks), BATCH):
            chunk = tasks[start:start + BATCH]
            results: list[dict[str, Any] | None] = [None] * len(chunk)
            groups: dict[tuple[int, str], list[int]] = {}
            for i, task in enumerate(chunk):
                groups.setdefault(_table_key(task), []).append(i)
            for key, members in groups.items():
                if key not in built:
                    first = chunk[members[0]]
                    game: Any = new_game(first.game, players=first.players, seed=0, **first.options).game
                    built[key] = (build_tables(game)[0], game.rerolls)
                T, rerolls = built[key]
                _play_group([chunk[i] for i in members], T, rerolls, policies, spread, results, members)
            for record in results:
                assert record is not None
                yield record
    finally:
        spread.close()


def _play_group(tasks: list[GameTask], T: np.ndarray, rerolls: int, policies: dict[str, tuple[int, np.ndarray]],
                spread: Spread, results: list[dict[str, Any] | None], slots: list[int]) -> None:
    b = len(tasks)
    seeds = np.array([seed_word(t.seed) for t in tasks], np.uint64).view(np.int64)
    kinds = np.zeros((b, MAX_PLAYERS), np.int64)
    params = np.zeros((b, MAX_PLAYERS, itb_bots.NPARAMS), np.float64)
    bots = np.zeros((b, MAX_PLAYERS), np.uint64)
    for g, task in enumerate(tasks):
        for s, spec in enumerate(task.seats):
            kinds[g, s], params[g, s] = policies[spec]
            bots[g, s] = Rng(bot_seed(task.seed, s)).state
    BI, BF = itb_bots.tables(rerolls)
    S = new_batch(b)
    out = np.zeros((b, C_WIDTH), np.int64)
    play_games(S, T, BI, BF, rerolls, seeds, kinds, params, bots, out, MAX_STEPS, 0, 0)  # compile or load first
    started = time.perf_counter()
    spread.run(lambda lo, hi: play_games(S, T, BI, BF, rerolls, seeds, kinds, params, bots, out, MAX_STEPS, lo,
                                                    hi), b)
    each = (time.perf_counter() - started) / b
    for g, task in enumerate(tasks):
        results[slots[g]] = _record(task, out[g], each)
