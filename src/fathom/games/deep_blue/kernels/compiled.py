"""Deep Blue's compiled form, declared by its plugin (``compiled``): its tables and play loop, its
differential test, the option sets ``fathom fast verify`` deals games over, and its bench lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import numpy as np

from fathom.core.api import Game
from fathom.fast.compiled import CompiledGame, bot_lines


def _kernels(game: Game) -> tuple[np.ndarray, ModuleType]:
    from fathom.games.deep_blue.kernels import play as db_play
    from fathom.games.deep_blue.kernels import tables as db_tables

    return db_tables.build(game), db_play


def _verify(players: int, seeds: Sequence[int], options: dict[str, Any], chooser_seed: int,
            view_every: int, keen: bool) -> Any:
    from fathom.games.deep_blue.kernels.verify import verify_deep_blue

    return verify_deep_blue(players, seeds, options, chooser_seed=chooser_seed, view_every=view_every, keen=keen)


def _benches(game: Any, T: np.ndarray, players: int, seconds: float,
             say_loop: Callable[[str, str, Any], None], say: Callable[..., None]) -> None:
    """The compiled greedy bot in every seat, one core and all cores (:mod:`.bench`)."""
    from fathom.games.deep_blue.bots.compiled import choose as db_bots
    from fathom.games.deep_blue.kernels import bench as db_bench

    G = db_bots.policy_tables(game)
    bot_lines(("greedy",), lambda bots, threads: db_bench.play_for(T, G, bots, seconds, threads=threads), say_loop)


def _option_sets() -> list[dict[str, Any]]:
    """Every Captain's Log scenario but the default (scenario=random included), open scores, and one
    "N gems" card per dive."""
    from fathom.games.deep_blue.game import DeepBlueGame

    scenario = DeepBlueGame.OPTIONS["scenario"]
    return ([{"scenario": s} for s in scenario.choices if s != scenario.default]
            + [{"hidden_scores": False}, {"one_count_card_per_dive": True}])


COMPILED = CompiledGame(_kernels, _verify, _option_sets, _benches, "fathom.games.deep_blue.kernels.sim")
