"""Deep Blue: a game's leader calls weighed against the exact odds, the coach after the fact.

Each time the reviewed seat led a dive and chose to draw on or stop, the numbers it could
know then (its own view: the bag, the gems drawn, its hand and spots) give the VP it would
keep by stopping and the VP it could expect by drawing once more and then stopping at the
best moment (:func:`.stopping.continue_value`, exact). The review says where the two
disagree with the choice and how much expected VP that call gave up. It weighs the seat's
own VP from the dive only: what rivals in the dive gain and the race for first place are
the player's to weigh, so a call "against the odds" is a question, not a verdict.
"""

from __future__ import annotations

from typing import cast

from dataclasses import dataclass
from fractions import Fraction

from fathom.core.api import State
from fathom.games.deep_blue.odds import continue_value, dive_odds, diver_from_view, gem_vector, per_draw_of
from fathom.games.deep_blue.game import DeepBlueGame


@dataclass(frozen=True)
class LeaderCall:
    """One draw-or-stop decision of the dive leader, with its exact numbers."""

    move: int  # the move number of the decision
    site: str
    gems_drawn: int  # in this dive so far
    risk: Fraction  # chance that the next draw brings a hazard the leader cannot defend
    stop_vp: float  # the leader's VP from the dive if it stops now
    continue_vp: float  # expected VP after one more draw, then the best stop
    played: str  # "continue" or "stop"

    @property
    def best(self) -> str:
        return "continue" if self.continue_vp > self.stop_vp else "stop"

    @property
    def given_up(self) -> float:
        """Expected VP the call gave up against the better one (0 when it was the better one)."""
        chosen = self.continue_vp if self.played == "continue" else self.stop_vp
        return max(self.stop_vp, self.continue_vp) - chosen


def leader_calls(state: State, seat: int) -> list[LeaderCall]:
    """Every draw-or-stop call ``seat`` made as a dive leader in ``state``'s history, in order."""
    game = cast(DeepBlueGame, state.game)
    return [weigh_call(position, seat, "continue" if action == game.A_CONTINUE else "stop")
            for position, action in state.walk()
            if position.current_player == seat and action in (game.A_CONTINUE, game.A_STOP)]


def weigh_call(state: State, seat: int, played: str) -> LeaderCall:
    view = state.view(seat)  # only what the leader could know
    comp = cast(DeepBlueGame, state.game).components
    odds = dive_odds(view, comp, seat)
    assert odds is not None and odds.leader_stop is not None, "a draw-or-stop call happens in a dive"
    me = diver_from_view(view, comp, seat, seat)
    bag, drawn = gem_vector(view["bag"]), gem_vector(view["dive"]["counts"])
    mine = odds.for_seat(seat)
    return LeaderCall(
        move=state.move_number(),
        site=view["dive"]["site"],
        gems_drawn=sum(drawn),
        risk=mine.risk if mine else Fraction(0),
        stop_vp=odds.leader_stop,
        continue_vp=continue_value(me, bag, drawn, per_draw_of(view, comp)) if any(bag) else odds.leader_stop,
        played=played,
    )
