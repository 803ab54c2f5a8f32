"""Into the Blue level-1 bot: plain, sensible play with no look-ahead.

Why it exists: a baseline that plays like a careful beginner, so the expert's
strength can be measured against something better than random. It reads only
``state.view(seat)`` and the legal actions.

Rerolls: stop on a perfect dive or when the best placement already on the table
is worth it (``shells x level`` of at least 6); otherwise keep one die of each
level of the run (and a chest once the run reaches 4), reroll the rest.
Placement: the level with the most ``shells x level``, deeper on ties.
"""

from __future__ import annotations

from typing import Any, cast

from fathom.bots.base import ViewBot
from fathom.core.api import State
from fathom.games.into_the_blue import dice
from fathom.games.into_the_blue.game import IntoTheBlueGame
from fathom.games.into_the_blue import placement
from fathom.games.into_the_blue.data import LEVELS

GOOD_ENOUGH = 6


def placement_score(level: int, shown: int, hand: int) -> int:
    return placement.shells_placed(shown, hand) * level


def greedy_keep(table: int) -> int:
    """One die of each run level, plus one chest once the run reaches 4."""
    counts = dice.COUNTS[table]
    run = dice.RUN[table]
    keep = [1 if i < run else 0 for i in range(len(LEVELS))] + [1 if run >= 4 and counts[dice.CHEST - 1] else 0]
    return dice.ID_OF_COUNTS[tuple(keep)]  # type: ignore[index]


class IntoTheBlueGreedyBot(ViewBot):
    """Level 1: greedy dice and placements (see the module docstring)."""

    name = "greedy"
    instant = True  # no search, well under a millisecond a move: see fathom.bots.registry.decides_at_once

    def decide(self, state: State, view: dict[str, Any], seat: int, legal: list[int]) -> int:
        turn = view["turn"]
        game = cast(IntoTheBlueGame, state.game)
        table = dice.from_faces(turn["dice"])
        hand = view["seats"][seat]["shells_left"]
        if turn["phase"] == "place":
            best = max(
                (a for a in legal if a in game.PLACE_LEVEL),
                key=lambda a: (placement_score(game.PLACE_LEVEL[a], dice.COUNTS[table][game.PLACE_LEVEL[a] - 1],
                                               hand), a),
            )
            return best
        # choose: stop or reroll
        if dice.PERFECT[table]:
            return game.A_STOP
        best_now = max((placement_score(lv, c, hand) for lv, c in dice.PLACEMENTS[table]), default=0)
        if best_now >= GOOD_ENOUGH:
            return game.A_STOP
        reroll = dice.sub(table, greedy_keep(table))
        if reroll == dice.EMPTY:
            return game.A_STOP
        action = game.reroll_action(reroll)
        return action if action in legal else self.rng.choice(legal)
