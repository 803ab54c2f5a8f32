"""Shared by the compiled-engine tests: the games `fathom bench` plays, as the reference plays them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fathom.cli.bench import play_whole_game, reference_bots


def _bench_game_lengths(name: str, players: int, games: int) -> list[int]:
    """Steps of the reference bench's first ``games`` games (seeds 0, 1, 2…, its own bots)."""
    bots = reference_bots(players)
    return [play_whole_game(name, players, seed, bots) for seed in range(games)]


@pytest.fixture
def bench_game_lengths() -> Callable[[str, int, int], list[int]]:
    return _bench_game_lengths
