"""Shared by the review tests: which seats' views a piece of code asks for."""

from __future__ import annotations

import pytest

from fathom.core.api import State


@pytest.fixture
def views_asked(monkeypatch: pytest.MonkeyPatch) -> set[int | None]:
    """Every seat whose ``State.view`` is asked for while the test runs (None: a spectator's)."""
    asked: set[int | None] = set()
    original = State.view

    def view(self: State, seat: int | None) -> dict:
        asked.add(seat)
        return original(self, seat)

    monkeypatch.setattr(State, "view", view)
    return asked
