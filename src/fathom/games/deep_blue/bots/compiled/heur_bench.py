"""Decisions per second of the compiled Deep Blue heuristic against the Python bot, on the same positions.

Why a module: the figures go in the report of issue 42 and ``docs/performance.md``; a reader should
be able to run the same measurement (``python -m fathom.games.deep_blue.bots.compiled.heur_bench``). Seeded games with the
Python heuristic in every seat are played once to collect every decision (the reference state and
the kernel's row, kept in step); then each side decides all of them again, timed. The Python bot
keeps its memos warm from the collecting games, as it does in ISMCTS playouts.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from numba import njit

from fathom.games.deep_blue.bots.evaluation import DEFAULT, Params
from fathom.core.api import CHANCE, TERMINAL
from fathom.games.deep_blue.bots.compiled.heuristic import heuristic_choose
from fathom.games.deep_blue.kernels.kernel import MAX_ACTIONS, apply, sample_chance
from fathom.games.deep_blue.kernels.tables import S_CUR


def collect(players: int, seeds: range, params: Params) -> tuple[list, np.ndarray, np.ndarray, list[int], float]:
    """Every decision of the games: (reference states, kernel rows, tables, deciding seats, seconds the
    Python bots took to decide them as the games were played)."""
    from fathom.games.deep_blue.bots.heuristic import DeepBlueHeuristicBot
    from fathom.core.registry import new_game
    from fathom.games.deep_blue.kernels.batch import DeepBlueBatch

    states, rows, seats = [], [], []
    T = None
    spent = 0.0
    for seed in seeds:
        ref = new_game("deep-blue", players=players, seed=seed, record_events=False)
        batch = DeepBlueBatch(ref.game, 1)
        batch.reset([seed])
        T = batch.T
        bots = [DeepBlueHeuristicBot(seed=s, params=params) for s in range(players)]
        while ref.current_player != TERMINAL:
            seat = ref.current_player
            if seat == CHANCE:
                action = ref.sample_chance()
            else:
                states.append(ref.clone())
                rows.append(batch.S[0].copy())
                seats.append(seat)
                t0 = time.perf_counter()
                action = bots[seat].choose(ref)
                spent += time.perf_counter() - t0
            ref.apply(int(action))
            batch.apply(np.array([action], np.int64))
    assert T is not None
    return states, np.array(rows), T, seats, spent


def bench(players: int = 4, games: int = 5, params: Params = DEFAULT, repeat: int = 3) -> str:
    """Decisions/s of both on the same positions, first as the games were played (memos and the
    compiled dive cache filling up) and again with them warm; and whether every choice agreed."""
    from fathom.games.deep_blue.bots.heuristic import DeepBlueHeuristicBot
    from fathom.games.deep_blue.bots.compiled.heur_tables import heuristic_tables, scratch
    from fathom.games.deep_blue.bots.compiled.heuristic import decide_rows

    states, S, T, seats, python_first = collect(players, range(games), params)
    n = len(seats)
    H = heuristic_tables(states[0].game, params)
    seat_arr = np.array(seats, np.int64)
    chosen = np.zeros(n, np.int64)
    W, F = scratch()
    decide_rows(S[:1], T, H, seat_arr[:1], chosen[:1], W, F)  # compile or load from cache
    W, F = scratch()
    t0 = time.perf_counter()
    decide_rows(S, T, H, seat_arr, chosen, W, F)
    compiled_first = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(repeat):
        decide_rows(S, T, H, seat_arr, chosen, W, F)
    compiled_warm = (time.perf_counter() - t0) / repeat
    bots = [DeepBlueHeuristicBot(seed=s, params=params) for s in range(players)]
    t0 = time.perf_counter()
    python = [bots[seat].choose(state) for state, seat in zip(states, seats)]
    python_warm = time.perf_counter() - t0
    same = sum(int(a == b) for a, b in zip(python, chosen.tolist()))
    return (f"{players} players, {games} games, {n} decisions, one core, load {os.getloadavg()[0]:.1f}\n"
            f"  as played: compiled {n / compiled_first:,.0f}/s, Python {n / python_first:,.0f}/s "
            f"({python_first / compiled_first:.0f}x)\n"
            f"  warm:      compiled {n / compiled_warm:,.0f}/s, Python {n / python_warm:,.0f}/s "
            f"({python_warm / compiled_warm:.0f}x)\n"
            f"  {same}/{n} choices equal")


def whole_games(players: int = 4, games: int = 200, params: Params = DEFAULT) -> str:
    """Whole games with the compiled heuristic in every seat, rules and chance in the kernel: one line."""
    from fathom.core.registry import new_game
    from fathom.games.deep_blue.kernels.batch import DeepBlueBatch
    from fathom.games.deep_blue.bots.compiled.heur_tables import heuristic_tables, scratch

    game = new_game("deep-blue", players=players, seed=0, record_events=False).game
    H = heuristic_tables(game, params)
    warm = DeepBlueBatch(game, 1)
    warm.reset(np.arange(1))
    W, F = scratch()
    _play(warm.S, warm.T, H, W, F)  # compile or load from cache
    batch = DeepBlueBatch(game, games)
    batch.reset(np.arange(games))
    W, F = scratch()
    t0, c0 = time.perf_counter(), time.process_time()
    steps = _play(batch.S, batch.T, H, W, F)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return (f"{players} players, {games} whole games (seeds 0-{games - 1}): {games / wall:,.1f} games/s wall, "
            f"{games / cpu:,.1f} per CPU second, {steps / wall:,.0f} transitions/s (load {os.getloadavg()[0]:.1f})")


@njit(cache=True)
def _play(S: np.ndarray, T: np.ndarray, H: np.ndarray, W: np.ndarray, F: np.ndarray) -> int:
    out = np.empty(MAX_ACTIONS, np.int64)
    steps = 0
    for g in range(S.shape[0]):
        while S[g, S_CUR] != TERMINAL:
            seat = S[g, S_CUR]
            action = sample_chance(S, T, g) if seat == CHANCE else heuristic_choose(S, T, H, g, seat, out, W, F)
            apply(S, T, g, action)
            steps += 1
    return steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--full", action="store_true", help="level 2's own weights (default: ISMCTS's playout weights)")
    args = ap.parse_args()
    from fathom.games.deep_blue.bots.search import DeepBlueSearch

    params = DEFAULT if args.full else DeepBlueSearch.fast(DEFAULT)
    print(bench(args.players, args.games, params))
    print(whole_games(args.players, 200 if not args.full else 40, params))


if __name__ == "__main__":
    main()
