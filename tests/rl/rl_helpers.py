"""Shared helpers for the RL binding tests: seeded random play that yields decision states."""

from __future__ import annotations

from collections.abc import Iterator

from fathom.core.registry import new_game
from fathom.core.rng import Rng

PLAYER_COUNTS = (2, 3, 4, 5)

# Deep Blue option sets worth covering (scenarios change the flow; hidden scores change the view)
DEEP_BLUE_OPTIONS = (
    {},
    {"hidden_scores": True, "scenario": "scattered-wealth"},
    {"scenario": "storm", "one_count_card_per_dive": True},
    {"scenario": "none"},
)


def random_states(game: str, players: int, seed: int, max_steps: int | None = None, **options) -> Iterator:
    """Every state (chance and decision) of a seeded random game, up to ``max_steps`` transitions."""
    state = new_game(game, players=players, seed=seed, **options)
    rng = Rng(seed + 17)
    steps = 0
    while True:
        yield state
        if state.is_terminal() or (max_steps is not None and steps >= max_steps):
            return
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
        steps += 1
