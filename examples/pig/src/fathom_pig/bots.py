"""Pig's own bot: "hold at N", the classic rule of thumb (bank the turn once it reaches N, or once
banking wins the game)."""

from __future__ import annotations

from fathom.core.rng import Rng
from fathom_pig.game import HOLD, ROLL, PigState

HOLD_AT = 20
"""The turn total at which the bot banks (about where a roll's expected gain turns negative)."""


class HoldAtBot:
    """Rolls until the turn total reaches ``hold_at`` or would win, then holds."""

    name = "hold-at"

    def __init__(self, seed: int = 0, hold_at: int = HOLD_AT) -> None:
        self.rng = Rng(seed)  # unused: the rule is deterministic, kept for the bot interface
        self.hold_at = hold_at

    def choose(self, state: PigState) -> int:
        legal = state.legal_actions()
        if HOLD not in legal:
            return ROLL
        wins = state.banked[state.seat] + state.turn_total >= state.game.target
        return HOLD if wins or state.turn_total >= self.hold_at else ROLL
