"""Captain's Log scenarios: which one is in play, as flags the rules check.

Every scenario changes only dives on Sunken City tiles (and, for two of them, what
happens when such a tile is revealed), so the rules ask ``applies(tile)`` first.
"""

from __future__ import annotations

from dataclasses import dataclass

from fathom.core.options import RANDOM

TROUBLED_WATERS = "troubled-waters"
BEST_OF_THE_BEST = "best-of-the-best"
SCATTERED_WEALTH = "scattered-wealth"
BOUNTY_WRECKS = "bounty-wrecks"
STORM = "storm"
DANGEROUS_REEFS = "dangerous-reefs"
RUINS_OF_PLENTY = "ruins-of-plenty"
NO_SCENARIO = "none"
RANDOM_SCENARIO = RANDOM  # R-DB-1: a Captain's Log card drawn at setup

ALL_SCENARIOS = (
    TROUBLED_WATERS, BEST_OF_THE_BEST, SCATTERED_WEALTH, BOUNTY_WRECKS, STORM, DANGEROUS_REEFS, RUINS_OF_PLENTY,
)

BEST_OF_THE_BEST_BONUS = 4
BOUNTY_VP_PER_SET = 2
BOUNTY_SET_SIZE = 3


@dataclass(frozen=True)
class ScenarioRules:
    """The chosen scenario as booleans (R-DB-11, R-DB-14..16, R-DB-8)."""

    id: str

    @property
    def gems_per_draw(self) -> int:
        """Troubled Waters: the leader draws gems two at a time (R-DB-11)."""
        return 2 if self.id == TROUBLED_WATERS else 1

    @property
    def card_bonus(self) -> int:
        """The Best of the Best: +4 on each card played for its VP (R-DB-14)."""
        return BEST_OF_THE_BEST_BONUS if self.id == BEST_OF_THE_BEST else 0

    @property
    def scatters_gems(self) -> bool:
        return self.id == SCATTERED_WEALTH

    @property
    def bounty(self) -> bool:
        return self.id == BOUNTY_WRECKS

    @property
    def forced_dive(self) -> bool:
        return self.id == STORM

    @property
    def rush_distance(self) -> int:
        """How far boats may rush into a Sunken City dive (R-DB-8): storm 2, reefs 0, else 1."""
        if self.id == STORM:
            return 2
        if self.id == DANGEROUS_REEFS:
            return 0
        return 1

    @property
    def everyone_scores_tile(self) -> bool:
        return self.id == RUINS_OF_PLENTY
