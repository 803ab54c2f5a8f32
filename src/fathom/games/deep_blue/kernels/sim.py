"""``fathom simulate/balance/tournament --fast`` for Deep Blue: its tasks played whole in the kernel
(batches, threads and timing: :mod:`fathom.fast.sim_tasks`).

The compiled bots (:mod:`fathom.games.deep_blue.bots.compiled.choose`, any kind its ``seat_policy`` names) choose what the
Python bots choose, so every record holds the same game as :func:`fathom.sim.runner.play_one`'s:
scores, winners, places, length, decisions, and every statistic ``fathom.games.deep_blue.stats.statistics``
reads from the event log, counted in the kernel as the game goes (:mod:`fathom.games.deep_blue.kernels.tally`). A
game the tally cannot follow exactly (see there: none has been seen) is played again by
``play_one``, so its record is the reference's own.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.core.api import CHANCE, TERMINAL
from fathom.games.deep_blue.bots.compiled import choose as db_bots
from fathom.games.deep_blue.kernels import tally as Y
from fathom.games.deep_blue.kernels.kernel import apply, sample_chance, scores, winners
from fathom.games.deep_blue.kernels.setup import reset
from fathom.games.deep_blue.kernels.tables import MAX_PLAYERS, S_CUR, new_batch
from fathom.games.deep_blue.kernels.tables import build as build_tables
from fathom.fast.jit import kernel
from fathom.fast.sim_tasks import Played, bot_states, seat_policies, seeds
from fathom.core.tasks import GameTask
from fathom.sim.runner import MAX_STEPS, game_record, play_one


def policy(bot: Any) -> int | None:
    """A Python bot's compiled kind, or ``None``."""
    return db_bots.seat_policy(bot)


def plays() -> str:
    return ", ".join(db_bots.KINDS)


def tables(game: Any) -> tuple[np.ndarray, np.ndarray, tuple[str, ...]]:
    """One table's rules tables, its bots' tables and its card ids (to name the hires)."""
    return build_tables(game), db_bots.policy_tables(game), tuple(c.id for c in game.components.cards)


@kernel(nogil=True)
def _play_range(S: np.ndarray, T: np.ndarray, G: np.ndarray, seeds: np.ndarray, kinds: np.ndarray, bots: np.ndarray,
                out: np.ndarray, max_steps: int, lo: int, hi: int, scratch: np.ndarray, F: np.ndarray, B: np.ndarray) -> None:
    for g in range(lo, hi):
        reset(S, T, g, seeds[g])
        Y.start(out, g)
        steps = 0
        while True:
            cur = S[g, S_CUR]
            if cur == TERMINAL:
                break
            if steps >= max_steps:
                out[g, Y.C_ABORTED] = 1
                break
            if cur == CHANCE:
                action = sample_chance(S, T, g)
            else:
                action = db_bots.choose(S, T, G, g, cur, kinds[g, cur], bots[g], scratch, F)
                out[g, Y.C_DECISIONS + cur] += 1
            Y.before(S, T, g, cur, action, out, B)
            apply(S, T, g, action)
            Y.after(S, T, g, action, out, B)
            steps += 1
        out[g, Y.C_LENGTH] = steps
        scores(S, T, g, out[g, Y.C_SCORES:Y.C_SCORES + MAX_PLAYERS])
        for i in range(winners(S, T, g, scratch)):
            out[g, Y.C_WINNER + scratch[i]] = 1


@njit(cache=True, nogil=True)
def play_games(S: np.ndarray, T: np.ndarray, G: np.ndarray, seeds: np.ndarray, kinds: np.ndarray, bots: np.ndarray,
               out: np.ndarray, max_steps: int, lo: int, hi: int) -> None:
    """Play games ``lo..hi-1`` to the end (``runner.play_one``, which gives up after ``max_steps``),
    tallying into ``out[g]`` (:mod:`fathom.games.deep_blue.kernels.tally`)."""
    work, F = db_bots.scratch()
    _play_range(S, T, G, seeds, kinds, bots, out, max_steps, lo, hi, work, F, np.empty(Y.B_WIDTH, np.int64))


def _record(task: GameTask, tally: np.ndarray, cards: tuple[str, ...]) -> dict[str, Any]:
    """The record ``runner.play_one`` writes for this game, timing aside (see :mod:`fathom.fast.sim_tasks`)."""
    if tally[Y.C_FALLBACK]:
        return play_one(task)
    row: list[int] = tally.tolist()
    n = task.players

    def seats(at: int) -> list[int]:
        return row[at:at + n]

    dives = row[Y.C_DIVES]
    draws = row[Y.C_HAZARD_DRAWS:Y.C_HAZARD_DRAWS + row[Y.C_HAZARDS]]
    outcomes = [Y.OUTCOMES[x] for x in row[Y.C_DIVE_OUTCOME:Y.C_DIVE_OUTCOME + dives]]
    first_hazards, at = [], 0
    for k in row[Y.C_DIVE_HAZARDS:Y.C_DIVE_HAZARDS + dives]:
        if k:
            first_hazards.append(draws[at])
        at += k
    bought: list[list[str]] = [[] for _ in range(n)]
    for hire in row[Y.C_HIRED:Y.C_HIRED + row[Y.C_HIRES]]:
        bought[hire // Y.HIRE_ROOM].append(cards[hire % Y.HIRE_ROOM])
    record = game_record(task, seats(Y.C_SCORES), [p for p in range(n) if row[Y.C_WINNER + p]], row[Y.C_LENGTH],
                         seats(Y.C_DECISIONS), bool(row[Y.C_ABORTED]))
    record.update({  # fathom.games.deep_blue.stats.statistics, key for key
        "turns": row[Y.C_TURNS],
        "dives": dives,
        "dives_led": seats(Y.C_LED),
        "dives_stopped": outcomes.count("stopped"),
        "dives_leader_failed": outcomes.count("leader_failed"),
        "dives_bag_empty": outcomes.count("bag_empty"),
        "dive_gems": row[Y.C_DIVE_GEMS:Y.C_DIVE_GEMS + dives],
        "dive_outcomes": outcomes,
        "dive_leaders": row[Y.C_DIVE_LEADER:Y.C_DIVE_LEADER + dives],
        "hazards": len(draws),
        "hazard_draws": draws,
        "first_hazard_draws": first_hazards,
        "cards_bought": bought,
        "dives_led_resurfaced": seats(Y.C_LED_RESURFACED),
        "dives_joined": seats(Y.C_JOINED),
        "resurfaced": seats(Y.C_RESURFACED),
        "vp_leading": seats(Y.C_VP_LEADING),
        "vp_joining": seats(Y.C_VP_JOINING),
        "best_dive": [None if b < 0 else b for b in seats(Y.C_BEST)],
        "crew_hired": [len(c) for c in bought],
    })
    return record


def play(tasks: list[GameTask], built: tuple[np.ndarray, np.ndarray, tuple[str, ...]],
         policies: dict[str, Any]) -> Played:
    """The kernel call playing ``tasks`` (one table) and each game's record."""
    T, G, cards = built
    kinds = np.zeros((len(tasks), MAX_PLAYERS), np.int64)
    for g, seats in enumerate(seat_policies(tasks, policies)):
        kinds[g, :len(seats)] = seats
    bots = bot_states(tasks, MAX_PLAYERS)
    S = new_batch(len(tasks))
    out = np.zeros((len(tasks), Y.C_WIDTH), np.int64)
    seed = seeds(tasks)
    return (lambda lo, hi: play_games(S, T, G, seed, kinds, bots, out, MAX_STEPS, lo, hi),
            lambda g: _record(tasks[g], out[g], cards))
