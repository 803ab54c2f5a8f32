"""The game driver: asks bots for decisions and resolves chance with the state's seed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.errors import OptionError


class Bot(Protocol):
    """Anything that picks an action id for the seat to move."""

    def choose(self, state: State) -> int: ...


StepHook = Callable[[State, int], None]


def play(
    state: State,
    bots: Sequence[Bot],
    *,
    on_step: StepHook | None = None,
    max_steps: int | None = None,
) -> State:
    """Play ``state`` to the end (or ``max_steps``) in place and return it.

    Chance is resolved with ``state.sample_chance()`` (the state's own seed), so the
    same seed, options and bots always give the same game. ``on_step(state, action)``
    is called before each action is applied.
    """
    if len(bots) != state.game.num_players:
        raise OptionError(f"play: need {state.game.num_players} bots, one per seat; got {len(bots)}")
    steps = 0
    while True:
        player = state.current_player
        if player == TERMINAL or (max_steps is not None and steps >= max_steps):
            return state
        action = state.sample_chance() if player == CHANCE else bots[player].choose(state)
        if on_step is not None:
            on_step(state, action)
        state.apply(action)
        steps += 1
