"""Shared by the compiled-engine tests: the games `fathom bench` plays, as the reference plays them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fathom.bots.random_bot import RandomBot
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game


def _bench_game_lengths(name: str, players: int, games: int) -> list[int]:
    """Steps of the reference bench's first ``games`` games: seeds 0, 1, 2… with
    RandomBot(seed=seat + 1) in each seat, each bot keeping its generator from game to game."""
    bots = [RandomBot(seed=seat + 1) for seat in range(players)]
    lengths = []
    for seed in range(games):
        state = new_game(name, players=players, seed=seed, record_events=False)
        steps = 0
        while state.current_player != TERMINAL:
            player = state.current_player
            state.apply(state.sample_chance() if player == CHANCE else bots[player].choose(state))
            steps += 1
        lengths.append(steps)
    return lengths


@pytest.fixture
def bench_game_lengths() -> Callable[[str, int, int], list[int]]:
    return _bench_game_lengths
