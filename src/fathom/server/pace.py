"""How long the server's moves wait at a table with a pace (``bot_delay_ms``): one pause per move.

Why: the pace is there so a person can follow what the bots do, but it paused before every step;
in Deep Blue one turn is many steps (a sail is paying, then each boat's each leg, then scouting),
so a round of three bots took 12-33 s at the lobby's 600 ms. Here a *move* is what a person would
call one: the run of decisions one seat makes before another seat decides. So the pause comes
before a bot's decision when another seat decided last; its next decisions (the sail's steps, its
payments, the dive it leads), steps with a single legal action and the dice that follow play on at
once. Thinking counts towards the pause: a bot that thought for 0.4 s at a 0.6 s pace waits 0.2 s.
Tables where only bots play keep a pause before every step, before thinking (there the pace caps
their speed), and the dice that follow a step one at a time.
"""

from __future__ import annotations

from fathom.core.api import CHANCE, State


class Pacer:
    """The pauses of one run of the server's moves at one table (a person moved just before it)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.last: int | None = None  # the seat that made the last decision with a choice

    def before(self, state: State) -> float:
        """The pause due before the server's step in ``state`` (a bot's or a stand-in's)."""
        if self.seconds <= 0 or state.current_player == CHANCE:
            return 0.0
        seat = state.current_player
        if len(state.legal_actions()) < 2:
            return 0.0  # no decision: nothing to follow
        new_move = seat != self.last
        self.last = seat
        return self.seconds if new_move else 0.0
