"""Pig's rules by id (R-PIG-n), each with a worked case, and its bot."""

from __future__ import annotations

import pytest

from fathom.core.errors import FathomError
from fathom_pig.bots import HoldAtBot
from fathom_pig.game import FIRST_FACE, HOLD, ROLL, PigGame


def _roll(state, face: int) -> None:
    state.apply(ROLL)
    state.apply(FIRST_FACE + face - 1)


def test_r_pig_1_seat_0_starts_and_must_roll_first() -> None:
    state = PigGame(players=3).new_initial_state(0)
    assert state.current_player == 0 and state.legal_actions() == [ROLL]


def test_r_pig_2_a_roll_is_a_fair_die_and_adds_to_the_turn_total() -> None:
    state = PigGame().new_initial_state(0)
    state.apply(ROLL)
    assert [p for _, p in state.chance_outcomes()] == [pytest.approx(1 / 6)] * 6
    state.apply(FIRST_FACE + 4 - 1)
    assert state.turn_total == 4 and state.current_player == 0


def test_r_pig_3_a_one_loses_the_turn_total() -> None:
    state = PigGame().new_initial_state(0)
    _roll(state, 5)
    _roll(state, 1)
    assert state.banked == [0, 0] and state.turn_total == 0 and state.current_player == 1


def test_r_pig_4_hold_banks_and_an_empty_hold_is_refused() -> None:
    state = PigGame().new_initial_state(0)
    with pytest.raises(FathomError):
        state.apply(HOLD)
    _roll(state, 6)
    _roll(state, 3)
    state.apply(HOLD)
    assert state.banked == [9, 0] and state.current_player == 1


def test_r_pig_5_reaching_the_target_wins() -> None:
    state = PigGame(target=10).new_initial_state(0)
    _roll(state, 6)
    _roll(state, 4)
    state.apply(HOLD)
    assert state.is_terminal() and state.winners() == [0]


def test_the_bot_holds_at_twenty_or_when_holding_wins() -> None:
    bot = HoldAtBot()
    state = PigGame().new_initial_state(0)
    for face in (6, 6, 6):
        _roll(state, face)
    assert bot.choose(state) == ROLL
    _roll(state, 2)
    assert bot.choose(state) == HOLD
