"""Deep Blue compiled: crew cards between hand, play and rest pile; Rest; the end of a turn and game.

Mirrors :mod:`fathom.games.deep_blue.crew` and the shared helpers of
:mod:`fathom.games.deep_blue.state` (``end_turn``, ``game_over``) step for step: R-DB-4 (a card
paid or played is face up until the turn or dive ends), R-DB-7 (Rest). Also the small list helpers
every topic module uses. Row columns and tables: :mod:`fathom.games.deep_blue.kernels.tables`.
"""

from __future__ import annotations

import numpy as np
from fathom.fast.jit import kernel

from fathom.core.api import CHANCE, TERMINAL
from fathom.games.deep_blue.kernels.tables import (
    MAX_CARDS,
    S_HAND,
    S_IN_PLAY,
    S_KNOWN_HAND,
    S_KNOWN_REST,
    S_PHASE,
    S_REST,
    S_REST_LEFT,
    S_TURN,
    S_CUR,
    T_C_CARD0,
    T_N,
    T_NC,
)
from fathom.games.deep_blue import crew
from fathom.games.deep_blue import phases as ph

REST_CARDS = crew.REST_DRAW  # R-DB-7: cards taken back by a Rest
TURN, OVER, REST_DRAW = ph.TURN, ph.OVER, ph.REST_DRAW


@kernel(inline="always")
def sort_small(out: np.ndarray, m: int) -> int:
    """Sort ``out[:m]`` in place (insertion sort: the lists are short and mostly in order); returns ``m``."""
    for i in range(1, m):
        x = out[i]
        j = i
        while j > 0 and out[j - 1] > x:
            out[j] = out[j - 1]
            j -= 1
        out[j] = x
    return m


@kernel(inline="always")
def add_once(out: np.ndarray, m: int, x: int) -> int:
    """Append ``x`` to ``out[:m]`` unless it is there (a set's ``add``); returns the new length."""
    for i in range(m):
        if out[i] == x:
            return m
    out[m] = x
    return m + 1


@kernel()
def play_card(S: np.ndarray, T: np.ndarray, g: int, p: int, card: int) -> None:
    """A card leaves the hand face up (``CrewRules.play_card``)."""
    at = p * MAX_CARDS + card
    S[g, S_HAND + at] -= 1
    if S[g, S_KNOWN_HAND + at]:
        S[g, S_KNOWN_HAND + at] -= 1
    S[g, S_IN_PLAY + at] += 1


@kernel()
def hire(S: np.ndarray, g: int, p: int, card: int) -> None:
    at = p * MAX_CARDS + card
    S[g, S_HAND + at] += 1
    S[g, S_KNOWN_HAND + at] += 1


@kernel()
def cards_to_rest(S: np.ndarray, T: np.ndarray, g: int, p: int) -> None:
    base = p * MAX_CARDS
    for c in range(T[T_NC]):
        k = S[g, S_IN_PLAY + base + c]
        if k:
            S[g, S_REST + base + c] += k
            S[g, S_KNOWN_REST + base + c] += k
            S[g, S_IN_PLAY + base + c] = 0


@kernel()
def owned_cards(S: np.ndarray, T: np.ndarray, g: int, p: int) -> int:
    """Crew cards a seat owns (the tie-break of R-DB-17)."""
    total = 0
    base = p * MAX_CARDS
    for c in range(T[T_NC]):
        total += S[g, S_HAND + base + c] + S[g, S_REST + base + c] + S[g, S_IN_PLAY + base + c]
    return total


@kernel()
def end_turn(S: np.ndarray, T: np.ndarray, g: int) -> None:
    """Played cards go to the rest pile (R-DB-7); the next seat clockwise plays."""
    n = T[T_N]
    for p in range(n):
        cards_to_rest(S, T, g, p)
    S[g, S_TURN] = (S[g, S_TURN] + 1) % n
    S[g, S_PHASE] = TURN
    S[g, S_CUR] = S[g, S_TURN]


@kernel()
def game_over(S: np.ndarray, T: np.ndarray, g: int) -> None:
    S[g, S_PHASE] = OVER
    S[g, S_CUR] = TERMINAL
    for p in range(T[T_N]):
        cards_to_rest(S, T, g, p)


# ---- Rest (R-DB-7) ------------------------------------------------------------------------------
@kernel()
def begin_rest(S: np.ndarray, T: np.ndarray, g: int, p: int) -> None:
    """The pile is shuffled (nobody else knows any more which cards stay); up to three come back."""
    pile = 0
    base = p * MAX_CARDS
    for c in range(T[T_NC]):
        pile += S[g, S_REST + base + c]
        S[g, S_KNOWN_REST + base + c] = 0
    S[g, S_REST_LEFT] = min(REST_CARDS, pile)
    if S[g, S_REST_LEFT] == 0:
        end_turn(S, T, g)
    else:
        S[g, S_PHASE] = REST_DRAW
        S[g, S_CUR] = CHANCE


@kernel()
def apply_rest_draw(S: np.ndarray, T: np.ndarray, g: int, action: int) -> None:
    p = S[g, S_TURN]
    base = p * MAX_CARDS
    card = action - T[T_C_CARD0]
    S[g, S_REST + base + card] -= 1
    S[g, S_HAND + base + card] += 1
    S[g, S_REST_LEFT] -= 1
    if S[g, S_REST_LEFT] == 0:
        left = 0
        for c in range(T[T_NC]):
            left += S[g, S_REST + base + c]
        if left == 0:  # the whole pile came back: every card is in hand
            for c in range(T[T_NC]):
                S[g, S_KNOWN_HAND + base + c] = S[g, S_HAND + base + c]
        end_turn(S, T, g)
