"""A game's compiled form, as its plugin declares it (``compiled``), and how the command line reaches it.

Why here: front ends never switch on a game's name (a boundary test says so); they ask a game's plugin
for its :class:`CompiledGame` (kernels, differential test, benches), declared in the game's own folder.
Nothing here imports numba until a game's kernels are asked for, so ``fathom`` starts without it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from fathom.core.api import Game
from fathom.core.plugins import known, plugins_with


@dataclass(frozen=True)
class CompiledGame:
    """One game's compiled form: its tables and play loops, its differential test, and the option
    sets ``fathom fast verify`` deals games over besides the defaults and a named first player."""

    kernels: Callable[[Game], tuple[np.ndarray, ModuleType]]
    verify: Callable[..., Any]
    option_sets: Callable[[], list[dict[str, Any]]]
    more_benches: Callable[..., None] | None = None  # (game, T, players, seconds, say_loop, say): more bench lines
    simulate: str | None = None  # the module of its simulations with compiled bots (see sim_tasks)


def compiled_names() -> list[str]:
    """The games with a compiled form, by name."""
    return [plugin.name for plugin in plugins_with("compiled")]


def compiled_game(name: str) -> CompiledGame:
    """The compiled form of the game called ``name`` (an OptionError if it has none)."""
    return known(name).load("compiled")  # type: ignore[no-any-return]


def bot_lines(kinds: Sequence[str], play: Callable[[str, int], Any], say_loop: Callable[[str, str, Any], None]
              ) -> None:
    """Each compiled bot in every seat, one core then every core: ``play(kind, threads)``."""
    from fathom.fast.spread import usable_cores

    cores = usable_cores()
    for bots in kinds:
        say_loop(bots, "one core", play(bots, 1))
        if cores > 1:
            say_loop(bots, f"{cores} cores", play(bots, cores))
