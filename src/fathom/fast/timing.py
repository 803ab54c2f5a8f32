"""The timed loops of ``fathom bench --fast`` that every game's kernels share: the bench's seeded bots,
the clock around compiled calls, and the spread of a bot bench's rows over the cores.

Why here and not in a game's folder: the loops time whatever compiled ``play`` function a game hands
them; they know no rule. (They lived in one game's kernels, and the other game imported them from there.)
Why the bench's own seeds and bots: game ``k`` is seed ``first_seed + k`` and seat ``p``'s random bot is
seeded ``p + 1`` and keeps its generator from game to game, as ``fathom bench`` seeds its bots, so the
games played on one core are the reference bench's games; a worker ``w`` of the all-cores loops plays
its own slice of seeds with bots seeded ``p + 1 + 1000 * w``.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from fathom.fast import rng as R
from fathom.fast.spread import Spread

ROWS_PER_THREAD = 4
"""Rows of a bot bench's batch per thread: :class:`Spread` hands them out, so a busy core costs its share."""


@dataclass
class Timed:
    """What a timed loop did: wall and CPU seconds, transitions, complete games."""

    seconds: float = 0.0
    cpu_seconds: float = 0.0
    transitions: int = 0
    games: int = 0


def bots_for(seats: int, worker: int = 0) -> np.ndarray:
    """The random bots' generator states of ``seats`` seats, seeded as ``fathom bench`` seeds its bots."""
    return np.array([R.new_state(np.uint64(p + 1 + 1000 * worker)) for p in range(seats)], np.uint64)


def timed(T: np.ndarray, S: np.ndarray, seconds: float, workers: int, chunk: int, seats: int,
          play_games: Callable[..., int], play_parallel: Callable[..., np.ndarray]) -> Timed:
    """A game's random-play loop: ``play_games(S, T, row, first seed, games, bots, lengths)`` on one
    core, ``play_parallel(S, T, first seed, games each)`` on ``workers`` rows, in calls of ``chunk``
    games (a compiled loop cannot read the clock) until ``seconds`` of wall time have passed."""
    out = Timed()
    bots = bots_for(seats)
    lengths = np.empty(chunk, np.int64)
    start, cpu = time.perf_counter(), time.process_time()
    seed = 0
    while time.perf_counter() - start < seconds:
        if workers:
            each = max(1, chunk // workers)
            out.transitions += int(play_parallel(S, T, seed, each).sum())
            out.games += each * workers
            seed += each * workers
        else:
            out.transitions += play_games(S, T, 0, seed, chunk, bots, lengths)
            out.games += chunk
            seed += chunk
    out.seconds = time.perf_counter() - start
    out.cpu_seconds = time.process_time() - cpu
    return out


def bench_bots(rows: int, worker_seeds: bool, seats: int) -> np.ndarray:
    """Each row's bots as ``fathom bench`` seeds them (``p + 1``; ``+ 1000 * row`` over the cores)."""
    return np.array([[R.new_state(np.uint64(p + 1 + (1000 * w if worker_seeds else 0))) for p in range(seats)]
                     for w in range(rows)], np.uint64)


def bench_rows(threads: int) -> int:
    """Rows of a bench batch: one on one core, :data:`ROWS_PER_THREAD` a thread otherwise."""
    return 1 if threads == 1 else threads * ROWS_PER_THREAD


def timed_rows(call: Callable[[int, int, int, int], None], counts: np.ndarray, threads: int, seconds: float,
               chunk: int) -> Timed:
    """A game's bot bench loop: ``call(first seed, games each, lo, hi)`` plays whole games in rows
    ``lo..hi-1`` and writes each row's transitions to ``counts``; repeated on the next seeds, the rows
    spread over ``threads``, until ``seconds`` of wall time have passed (the first call, which
    compiles or loads the kernels, plays no game and is not timed)."""
    rows = len(counts)
    each = max(1, chunk // rows)
    spread = Spread(threads, slices_per_thread=ROWS_PER_THREAD)
    call(0, 0, 0, rows)
    out = Timed()
    seed = 0
    start, cpu = time.perf_counter(), time.process_time()
    try:
        while time.perf_counter() - start < seconds:
            spread.run(functools.partial(call, seed, each), rows)
            out.transitions += int(counts.sum())
            out.games += each * rows
            seed += each * rows
    finally:
        spread.close()
    out.seconds = time.perf_counter() - start
    out.cpu_seconds = time.process_time() - cpu
    return out
