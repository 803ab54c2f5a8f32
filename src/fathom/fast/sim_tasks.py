"""``fathom simulate/balance/tournament --fast``: the tasks of :mod:`fathom.sim.runner` played in
batches on the compiled engine, for every game whose bots have compiled forms.

Why the same records: a designer compares a fast run with a reference one, and a saved run must
replay. Each game's module (named by its compiled form, :class:`fathom.fast.compiled.CompiledGame`)
plays a task from its own seed with each seat's bot seeded ``bot_seed(seed, seat)``, exactly as
:func:`fathom.sim.runner.play_one` does, with compiled bots that choose what the Python bots choose,
and writes the record ``play_one`` writes. Only the timing fields differ: ``think_s`` is not
measured per decision (0) and ``wall_s`` is the game's share of its batch's time.

What is shared here: which games and bots ``--fast`` plays (and the sentence refusing the rest),
batches of :data:`BATCH` tasks grouped by table (game, players, options), the threads, the timing.
A game's module has ``policy(bot)`` (a Python bot's compiled policy, ``None`` when it has none),
``plays()`` (the bots it plays, for the sentence refusing the others), ``tables(game)`` (what its
kernels read of one table's game) and ``play(tasks, tables, policies)`` (:data:`Played`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from importlib import import_module
from typing import Any

import numpy as np

from fathom.bots.specs import build_bot
from fathom.core.errors import OptionError
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.fast.rng import seed_word
from fathom.fast.spread import Spread
from fathom.core.tasks import GameTask, bot_seed

BATCH = 4096  # games per call: records stream out batch by batch

Played = tuple[Callable[[int, int], None], Callable[[int], dict[str, Any]]]
"""A group's kernel call ``play(lo, hi)`` (games ``lo..hi-1``) and ``record(g)``: game ``g``'s record
(without the timing fields, which :func:`iter_records` adds, unless it brings its own)."""


def kernels() -> dict[str, Any]:
    """The games ``--fast`` simulates, by name: those whose compiled form has bots (each one's module)."""
    from fathom.fast.compiled import compiled_game, compiled_names

    found = {name: compiled_game(name).simulate for name in compiled_names()}
    return {name: import_module(module) for name, module in found.items() if module is not None}


def supported(tasks: Sequence[GameTask]) -> dict[str, Any]:
    """Each bot spec's compiled policy (by game and spec); an :class:`OptionError` naming what
    ``--fast`` plays when a task's game or bot has no compiled form."""
    games = kernels()
    policies: dict[str, Any] = {}
    for task in tasks:
        sim = games.get(task.game)
        if sim is None:
            raise OptionError(f"--fast: {task.game} has no compiled bots for simulations yet; --fast plays "
                              f"{', '.join(games)} (drop --fast to use the reference engine)")
        for spec in task.seats:
            key = f"{task.game}:{spec}"
            if key not in policies:
                policy = sim.policy(build_bot(spec, task.game, 0))
                if policy is None:
                    raise OptionError(f"--fast: the bot {spec!r} has no compiled form; --fast plays {sim.plays()}; "
                                      "drop --fast to play it with the reference engine")
                policies[key] = policy
    return policies


def seat_policies(tasks: Sequence[GameTask], policies: dict[str, Any]) -> list[list[Any]]:
    """Each task's policy per seat (from :func:`supported`)."""
    return [[policies[f"{task.game}:{spec}"] for spec in task.seats] for task in tasks]


def bot_states(tasks: Sequence[GameTask], width: int) -> np.ndarray:
    """Each seat's bot generator as ``play_one`` seeds it (``bot_seed(seed, seat)``), ``width`` seats a row."""
    out = np.zeros((len(tasks), width), np.uint64)
    for g, task in enumerate(tasks):
        for s in range(task.players):
            out[g, s] = Rng(bot_seed(task.seed, s)).state
    return out


def seeds(tasks: Sequence[GameTask]) -> np.ndarray:
    """The tasks' game seeds as the kernels' ``reset`` takes them (64-bit patterns)."""
    return np.array([seed_word(t.seed) for t in tasks], np.uint64).view(np.int64)


def _table_key(task: GameTask) -> tuple[str, int, str]:
    return task.game, task.players, repr(sorted(task.options.items()))


def iter_records(tasks: Sequence[GameTask], threads: int | None = None) -> Iterator[dict[str, Any]]:
    """Records in task order, played ``BATCH`` games at a time over ``threads`` threads."""
    policies = supported(tasks)
    games = kernels()
    spread = Spread(threads)
    built: dict[tuple[str, int, str], Any] = {}
    try:
        for start in range(0, len(tasks), BATCH):
            chunk = tasks[start:start + BATCH]
            results: list[dict[str, Any] | None] = [None] * len(chunk)
            groups: dict[tuple[str, int, str], list[int]] = {}
            for i, task in enumerate(chunk):
                groups.setdefault(_table_key(task), []).append(i)
            for key, members in groups.items():
                sim = games[key[0]]
                if key not in built:
                    first = chunk[members[0]]
                    built[key] = sim.tables(new_game(first.game, players=first.players, seed=0, **first.options).game)
                group = [chunk[i] for i in members]
                play, record = sim.play(group, built[key], policies)
                play(0, 0)  # compile or load the kernel before the clock starts
                started = time.perf_counter()
                spread.run(play, len(group))
                each = (time.perf_counter() - started) / len(group)
                for g, (slot, task) in enumerate(zip(members, group)):
                    rec = record(g)
                    if "wall_s" not in rec:
                        rec["think_s"] = [0.0] * task.players
                        rec["wall_s"] = round(each, 6)
                    results[slot] = rec
            for rec in results:
                assert rec is not None
                yield rec
    finally:
        spread.close()
