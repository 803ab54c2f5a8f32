"""Per-game terminal renderers, looked up by game name.

A renderer turns a redacted ``view(seat)`` into Rich renderables; it never sees the
real state's hidden parts. ``action_notes`` may add advice (odds) beside legal moves,
computed from what the seat may know.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from fathom.core.api import State

_RENDERERS = {
    "deep-blue": "fathom.cli.render_deep_blue:DeepBlueRenderer",
    "into-the-blue": "fathom.cli.render_into_the_blue:IntoTheBlueRenderer",
}


class GameRenderer(Protocol):
    def board(self, view: dict[str, Any], seat: int | None) -> Any:
        """A Rich renderable of everything in the view (board, market, hands…)."""

    def action_notes(self, state: State, seat: int, actions: list[int]) -> dict[int, str]:
        """Optional short notes per legal action (e.g. exact odds); may be empty."""


def renderer_for(game: str) -> GameRenderer:
    module, _, attr = _RENDERERS[game].partition(":")
    return getattr(importlib.import_module(module), attr)()
