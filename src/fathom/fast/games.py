"""Which games have a compiled form, and how the command line reaches each one's kernels.

Why here: front ends never switch on a game's name (a boundary test says so); they ask this table,
keyed by each reference game class's own ``name``. Nothing here imports numba until a game's
kernels are asked for, so ``fathom`` starts without it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from fathom.core.api import Game
from fathom.games.deep_blue.game import DeepBlueGame
from fathom.games.into_the_blue.game import IntoTheBlueGame


@dataclass(frozen=True)
class CompiledGame:
    """One game's compiled form: its tables and play loops, its differential test, and the option
    sets ``fathom fast verify`` deals games over besides the defaults and a named first player."""

    kernels: Callable[[Game], tuple[np.ndarray, ModuleType]]
    verify: Callable[..., Any]
    option_sets: Callable[[], list[dict[str, Any]]]
    more_benches: Callable[..., None] | None = None  # (game, T, players, seconds, say_loop, say): more bench lines
    simulate: str | None = None  # the module of its simulations with compiled bots (see sim_tasks)


def _deep_blue_kernels(game: Game) -> tuple[np.ndarray, ModuleType]:
    from fathom.games.deep_blue.kernels import play as db_play
    from fathom.games.deep_blue.kernels import tables as db_tables

    return db_tables.build(game), db_play


def _into_the_blue_kernels(game: Game) -> tuple[np.ndarray, ModuleType]:
    from fathom.games.into_the_blue.kernels import play as itb_play
    from fathom.games.into_the_blue.kernels import tables as itb_tables

    return itb_tables.build(game)[0], itb_play


def _verify_deep_blue(players: int, seeds: Sequence[int], options: dict[str, Any], chooser_seed: int,
                      view_every: int, keen: bool) -> Any:
    from fathom.games.deep_blue.kernels.verify import verify_deep_blue

    return verify_deep_blue(players, seeds, options, chooser_seed=chooser_seed, view_every=view_every, keen=keen)


def _verify_into_the_blue(players: int, seeds: Sequence[int], options: dict[str, Any], chooser_seed: int,
                          view_every: int, keen: bool) -> Any:
    """(no keen chooser: an Into the Blue game is short whatever the choices)"""
    from fathom.fast.verify import verify_into_the_blue

    return verify_into_the_blue(players, seeds, options, chooser_seed=chooser_seed, view_every=view_every)


def _bot_lines(kinds: Sequence[str], play: Callable[[str, int], Any], say_loop: Callable[[str, str, Any], None]
               ) -> None:
    """Each compiled bot in every seat, one core then every core: ``play(kind, threads)``."""
    from fathom.fast.spread import usable_cores

    cores = usable_cores()
    for bots in kinds:
        say_loop(bots, "one core", play(bots, 1))
        if cores > 1:
            say_loop(bots, f"{cores} cores", play(bots, cores))


def _deep_blue_benches(game: Any, T: np.ndarray, players: int, seconds: float,
                       say_loop: Callable[[str, str, Any], None], say: Callable[..., None]) -> None:
    """The compiled greedy bot in every seat, one core and all cores (:mod:`fathom.games.deep_blue.kernels.bench`)."""
    from fathom.games.deep_blue.kernels import bench as db_bench
    from fathom.games.deep_blue.bots.compiled import choose as db_bots

    G = db_bots.policy_tables(game)
    _bot_lines(("greedy",), lambda bots, threads: db_bench.play_for(T, G, bots, seconds, threads=threads), say_loop)


def _into_the_blue_benches(game: Any, T: np.ndarray, players: int, seconds: float,
                           say_loop: Callable[[str, str, Any], None], say: Callable[..., None]) -> None:
    """The compiled greedy and heuristic bots in every seat, one core and all cores, then the vector
    environment's steps (:mod:`fathom.games.into_the_blue.kernels.bench`)."""
    from fathom.games.into_the_blue.kernels import bench as itb_bench

    _bot_lines(("greedy", "heuristic"),
               lambda bots, threads: itb_bench.play_for(T, game.rerolls, bots, seconds, threads=threads), say_loop)
    steps, threads = itb_bench.env_steps(players, seconds)
    say(f"{game.name}: FastIntoTheBlueVectorEnv, 4096 environments, learner in seat 0 taking its first legal "
        f"action, {steps.seconds:.2f} s on {threads} thread(s)", "bold")
    say(f"  steps/s           {steps.transitions / steps.seconds:12,.0f}     (observations and masks built in "
        f"the kernel; {steps.transitions / max(steps.cpu_seconds, 1e-9):,.0f} per CPU second)")


def _deep_blue_option_sets() -> list[dict[str, Any]]:
    """Every Captain's Log scenario but the default (scenario=random included), open scores, and one
    "N gems" card per dive."""
    scenario = DeepBlueGame.OPTIONS["scenario"]
    return ([{"scenario": s} for s in scenario.choices if s != scenario.default]
            + [{"hidden_scores": False}, {"one_count_card_per_dive": True}])


COMPILED: dict[str, CompiledGame] = {
    DeepBlueGame.name: CompiledGame(_deep_blue_kernels, _verify_deep_blue, _deep_blue_option_sets,
                                    _deep_blue_benches, "fathom.games.deep_blue.kernels.sim"),
    IntoTheBlueGame.name: CompiledGame(_into_the_blue_kernels, _verify_into_the_blue, list, _into_the_blue_benches,
                                       "fathom.games.into_the_blue.kernels.sim"),
}
