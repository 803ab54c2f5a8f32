"""Deep Blue compiled: Recruit and Refresh, paying card by card, the market and its refills.

Mirrors :mod:`fathom.games.deep_blue.market` step for step (R-DB-2: a "+1 gem" card moves its gem
from the supply to the bag when laid face up; R-DB-5: paying, a token is worth $1, change is lost).
"""

from __future__ import annotations

import numpy as np
from fathom.fast.jit import kernel

from fathom.core.api import CHANCE
from fathom.games.deep_blue.kernels.crew import end_turn, hire, play_card, sort_small
from fathom.games.deep_blue.kernels.tables import (
    MAX_CARDS,
    S_BAG,
    S_BAG_N,
    S_CUR,
    S_DECK,
    S_DECK_N,
    S_DISCARDED,
    S_HAND,
    S_MARKET,
    S_PAY_FOR,
    S_PAY_LEFT,
    S_PHASE,
    S_REFILL,
    S_REFILL_H,
    S_REFILL_N,
    S_REFILL_THEN,
    S_SUPPLY,
    S_TOKENS,
    S_TURN,
    T_A_PAY,
    T_A_PAY_TOKEN,
    T_A_TAKE,
    T_ACT_ARG,
    T_ADDS_GEM,
    T_C_CARD0,
    T_CASH,
    T_NC,
)
from fathom.games.deep_blue import market
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.game import MARKET_SLOTS

REFRESH = market.REFRESH
THEN_START, THEN_TAKE = market.THEN_START, market.THEN_TAKE
PAY, TAKE, TURN, MARKET_DRAW = ph.PAY, ph.TAKE, ph.TURN, ph.MARKET_DRAW


@kernel()
def begin_payment(S: np.ndarray, T: np.ndarray, g: int, p: int, pay_for: int, price: int) -> None:
    S[g, S_PAY_FOR] = pay_for
    S[g, S_PAY_LEFT] = price
    S[g, S_PHASE] = PAY
    if price <= 0:
        payment_complete(S, T, g, p)


@kernel()
def pay_choices(S: np.ndarray, T: np.ndarray, g: int, p: int, worth: int, out: np.ndarray) -> int:
    """Cards in hand worth something here (``worth``: ``T_CASH`` for a hire or refresh, R-DB-5;
    ``T_PROPS`` for a sail, R-DB-6), then a token if any; returns how many (unsorted)."""
    m = 0
    for c in range(T[T_NC]):
        if S[g, S_HAND + p * MAX_CARDS + c] and T[worth + c] > 0:
            out[m] = T[T_A_PAY + c]
            m += 1
    if S[g, S_TOKENS + p]:
        out[m] = T[T_A_PAY_TOKEN]
        m += 1
    return m


@kernel()
def legal_pay(S: np.ndarray, T: np.ndarray, g: int, p: int, out: np.ndarray) -> int:
    return sort_small(out, pay_choices(S, T, g, p, T_CASH, out))


@kernel()
def apply_pay(S: np.ndarray, T: np.ndarray, g: int, p: int, action: int) -> None:
    if action == T[T_A_PAY_TOKEN]:
        S[g, S_TOKENS + p] -= 1  # a token is worth $1, then leaves the game
        S[g, S_PAY_LEFT] -= 1
    else:
        card = T[T_ACT_ARG + action]
        play_card(S, T, g, p, card)  # R-DB-4: played for its cash only
        S[g, S_PAY_LEFT] -= T[T_CASH + card]
    if S[g, S_PAY_LEFT] <= 0:  # change is lost
        payment_complete(S, T, g, p)


@kernel()
def payment_complete(S: np.ndarray, T: np.ndarray, g: int, p: int) -> None:
    if S[g, S_PAY_FOR] == REFRESH:
        for slot in range(MARKET_SLOTS):
            card = S[g, S_MARKET + slot]
            if card >= 0:
                S[g, S_DISCARDED + card] += 1
                S[g, S_MARKET + slot] = -1
        for slot in range(MARKET_SLOTS):
            S[g, S_REFILL + slot] = slot
        start_refill(S, T, g, MARKET_SLOTS, THEN_TAKE)
    else:
        hire_from_market(S, T, g, p, S[g, S_PAY_FOR])


@kernel()
def hire_from_market(S: np.ndarray, T: np.ndarray, g: int, p: int, slot: int) -> None:
    """The card goes to hand, the others shift toward slot 1, a new card enters the last empty slot."""
    hire(S, g, p, S[g, S_MARKET + slot])
    m = 0
    for i in range(MARKET_SLOTS):
        card = S[g, S_MARKET + i]
        if i != slot and card >= 0:
            S[g, S_MARKET + m] = card
            m += 1
    for i in range(m, MARKET_SLOTS):
        S[g, S_MARKET + i] = -1
    # the reference refills empty[-1:]: the last empty slot (there is one: a card just left)
    S[g, S_REFILL] = MARKET_SLOTS - 1
    start_refill(S, T, g, 1 if m < MARKET_SLOTS else 0, market.THEN_END_TURN)


@kernel()
def legal_take(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray) -> int:
    m = 0
    for k in range(MARKET_SLOTS):
        if S[g, S_MARKET + k] >= 0:
            out[m] = T[T_A_TAKE + k]
            m += 1
    return m


@kernel()
def start_refill(S: np.ndarray, T: np.ndarray, g: int, slots: int, then: int) -> None:
    """Lay new cards in ``S_REFILL[:slots]`` while the deck lasts (never reshuffled), then go on."""
    S[g, S_REFILL_H] = 0
    S[g, S_REFILL_N] = slots
    S[g, S_REFILL_THEN] = then
    continue_refill(S, T, g)


@kernel()
def continue_refill(S: np.ndarray, T: np.ndarray, g: int) -> None:
    if S[g, S_REFILL_H] < S[g, S_REFILL_N] and S[g, S_DECK_N] > 0:
        S[g, S_PHASE] = MARKET_DRAW
        S[g, S_CUR] = CHANCE
        return
    S[g, S_REFILL_H] = S[g, S_REFILL_N] = 0
    then = S[g, S_REFILL_THEN]
    if then == THEN_START:
        S[g, S_PHASE] = TURN
        S[g, S_CUR] = S[g, S_TURN]  # R-DB-1: the first player (drawn or named) starts
        return
    if then == THEN_TAKE:
        for k in range(MARKET_SLOTS):
            if S[g, S_MARKET + k] >= 0:
                S[g, S_PHASE] = TAKE
                S[g, S_CUR] = S[g, S_TURN]
                return
    end_turn(S, T, g)


@kernel()
def apply_market_draw(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    card = action - T[T_C_CARD0]
    slot = S[g, S_REFILL + S[g, S_REFILL_H]]
    S[g, S_REFILL_H] += 1
    S[g, S_DECK + card] -= 1
    S[g, S_DECK_N] -= 1
    S[g, S_MARKET + slot] = card
    gem = T[T_ADDS_GEM + card]
    if gem >= 0 and S[g, S_SUPPLY + gem] > 0:  # R-DB-2: +1 gem on being laid face up
        S[g, S_SUPPLY + gem] -= 1
        S[g, S_BAG + gem] += 1
        S[g, S_BAG_N] += 1
    continue_refill(S, T, g)
