"""Into the Blue's compiled form, declared by its plugin (``compiled``): its tables and play loop, its
differential test and its bench lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import numpy as np

from fathom.core.api import Game
from fathom.fast.compiled import CompiledGame, bot_lines


def _kernels(game: Game) -> tuple[np.ndarray, ModuleType]:
    from fathom.games.into_the_blue.kernels import play as itb_play
    from fathom.games.into_the_blue.kernels import tables as itb_tables

    return itb_tables.build(game)[0], itb_play


def _verify(players: int, seeds: Sequence[int], options: dict[str, Any], chooser_seed: int,
            view_every: int, keen: bool) -> Any:
    """(no keen chooser: an Into the Blue game is short whatever the choices)"""
    from fathom.games.into_the_blue.kernels.verify import verify_into_the_blue

    return verify_into_the_blue(players, seeds, options, chooser_seed=chooser_seed, view_every=view_every)


def _benches(game: Any, T: np.ndarray, players: int, seconds: float,
             say_loop: Callable[[str, str, Any], None], say: Callable[..., None]) -> None:
    """The compiled greedy and heuristic bots in every seat, one core and all cores, then the vector
    environment's steps (:mod:`.bench`)."""
    from fathom.games.into_the_blue.kernels import bench as itb_bench

    bot_lines(("greedy", "heuristic"),
              lambda bots, threads: itb_bench.play_for(T, game.rerolls, bots, seconds, threads=threads), say_loop)
    steps, threads = itb_bench.env_steps(players, seconds)
    say(f"{game.name}: FastIntoTheBlueVectorEnv, 4096 environments, learner in seat 0 taking its first legal "
        f"action, {steps.seconds:.2f} s on {threads} thread(s)", "bold")
    say(f"  steps/s           {steps.transitions / steps.seconds:12,.0f}     (observations and masks built in "
        f"the kernel; {steps.transitions / max(steps.cpu_seconds, 1e-9):,.0f} per CPU second)")


COMPILED = CompiledGame(_kernels, _verify, list, _benches, "fathom.games.into_the_blue.kernels.sim")
