"""What one simulated game is, and the seeds it derives: shared by the reference runner
(:mod:`fathom.sim.runner`), the compiled one (:mod:`fathom.fast.sim_tasks`) and ``fathom play``.

Why in core: both engines must play task ``i`` from the same seeds and write the same record, and
neither runner may import the other (a layer cycle); the task and its seeding rules are plain data
and arithmetic on the engine's own generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fathom.core.rng import Rng

TIMING_KEYS = ("think_s", "wall_s")
"""Record fields that measure time: they vary from run to run, everything else does not."""

BOT_STREAM = 1_000_003
"""The generator key of seat 0's bot (seat ``s``: ``BOT_STREAM + s``)."""
DEAL_STREAM = 7_000_001
"""The generator key of deal 0's game seed (deal ``k``: ``DEAL_STREAM + k``)."""


@dataclass(frozen=True)
class GameTask:
    """Game ``index`` of a run: everything needed to play it again, and nothing else."""

    index: int
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    deal: int
    rotation: int
    seats: tuple[str, ...]  # bot spec per seat


def deal_seed(master: int, deal: int) -> int:
    """The game seed of deal ``deal`` in a run seeded ``master``."""
    return Rng.for_key(master, DEAL_STREAM + deal).next64() >> 1


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` (the same rule in ``fathom play`` and every simulation)."""
    return Rng.for_key(game_seed, BOT_STREAM + seat).next64() >> 1
