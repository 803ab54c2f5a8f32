"""Shared helpers for the Into the Blue tests: build positions through the public API."""

from __future__ import annotations

import os

import fathom

GAME = "into-the-blue"


def seeds(default: int) -> int:
    """How many random games a sweep plays (``FATHOM_SEEDS=N`` asks for more)."""
    return int(os.environ.get("FATHOM_SEEDS", default))


def new(players: int = 4, seed: int = 0, first_player: int | str = 0) -> fathom.State:
    """A new game; seat 0 plays first unless told otherwise (the worked cases start from seat 0;
    R-IB-1 has its own tests)."""
    return fathom.new_game(GAME, players=players, seed=seed, first_player=first_player)


def do(state: fathom.State, *moves: str) -> None:
    """Apply moves written in the game's notation (chance outcomes included)."""
    for move in moves:
        state.apply(state.string_to_action(move))


def names(state: fathom.State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def turn(state: fathom.State, faces: str, place: int | None = None, chest: int | None = None) -> None:
    """One whole turn: the first roll shows ``faces``, the player stops, then places on
    ``place`` (when asked) or takes the chest ``chest`` (after a perfect dive)."""
    do(state, f"roll {faces}", "stop")
    if place is not None:
        do(state, f"place {place}")
    if chest is not None:
        do(state, f"chest {chest}")


def shells(state: fathom.State, seat: int) -> list[int]:
    """Shells of ``seat`` on levels 1..5 (from the public view)."""
    return [level["shells"][seat] for level in state.view(None)["levels"]]
