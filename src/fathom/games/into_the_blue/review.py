"""Into the Blue: a game's keep-or-reroll choices weighed with the exact dice odds.

There is no single right aim for a roll (a deeper run, more dice on a level, a perfect
dive for a chest), so each final roll is valued as the expert bot values it: its best
placement's points with the majorities it changes, or a chest, or nothing for a failed
dive (:mod:`fathom.games.into_the_blue.bots.expert`). The dice odds on top are exact: the value
of a choice is its expected value if play goes on optimally from there. A choice that
gave up value is therefore "against the odds as the expert values the board", a
question for the player rather than a verdict.
"""

from __future__ import annotations

from typing import cast

from dataclasses import dataclass

from fathom.games.into_the_blue.bots.expert import UTILITY_SCALE, Position, turn_solution
from fathom.core.api import State
from fathom.games.into_the_blue import dice
from fathom.games.into_the_blue.game import IntoTheBlueGame


@dataclass(frozen=True)
class DiceChoice:
    """One keep-or-reroll choice, with the expected points of what was played and of the best."""

    move: int
    dice: str  # the roll on the table, e.g. "1,2,2,4,chest,chest"
    rerolls_left: int
    played: str  # "stop" or "reroll 2,chest"
    best: str
    played_value: float  # expected points, as the expert values each final roll
    best_value: float

    @property
    def given_up(self) -> float:
        return max(0.0, self.best_value - self.played_value)


def dice_choices(state: State, seat: int) -> list[DiceChoice]:
    """Every keep-or-reroll choice ``seat`` made in ``state``'s history, in order."""
    game = cast(IntoTheBlueGame, state.game)
    return [weigh_choice(position, seat, action) for position, action in state.walk()
            if position.current_player == seat and (action == game.A_STOP or game.rerolled(action) is not None)
            and len(position.legal_actions()) > 1]


def weigh_choice(state: State, seat: int, action: int) -> DiceChoice:
    view = state.view(seat)  # only what the player could know
    pos = Position(view, seat)
    solution = turn_solution(pos)
    table = dice.from_faces(view["turn"]["dice"])
    rerolls_left = view["turn"]["rolls_left"]

    def value(reroll: int) -> float:
        if reroll == dice.EMPTY:
            return pos.table_value(table)
        return solution.after_keep_float(dice.sub(table, reroll), rerolls_left - 1) / UTILITY_SCALE

    rerolled = cast(IntoTheBlueGame, state.game).rerolled(action)
    played = dice.EMPTY if rerolled is None else rerolled
    best = solution.best_reroll(table, rerolls_left)
    return DiceChoice(
        move=state.move_number(),
        dice=dice.name(table),
        rerolls_left=rerolls_left,
        played=state.action_to_string(action),
        best="stop" if best == dice.EMPTY else f"reroll {dice.name(best)}",
        played_value=value(played),
        best_value=value(best),
    )
