"""Per-game terminal renderers, named by each game's plugin (:mod:`fathom.core.plugins`).

A renderer turns a redacted ``view(seat)`` into Rich renderables; it never sees the
real state's hidden parts. ``action_notes`` may add advice (odds) beside legal moves,
computed from what the seat may know. Two optional methods: ``event_text(event, name,
tr, game)`` says an event in words (names from ``name(seat)``, words from the catalogs via
``tr``), and ``choice_menu(...)`` offers a decision as a :class:`ChoiceMenu`; a
renderer with ``speak(tr)`` draws its board in that language. ``move_label(state, action)``
words a legal move for the list (the session accepts those words as typed input too, beside the
notation), and ``hint_text(hint)`` words a hint that carries more than one move (a sail plan).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from fathom.core.api import State
from fathom.core.plugins import plugin_for


class GameRenderer(Protocol):
    def board(self, view: dict[str, Any], seat: int | None) -> Any:
        """A Rich renderable of everything in the view (board, market, hands…)."""

    def action_notes(self, state: State, seat: int, actions: list[int]) -> dict[int, str]:
        """Optional short notes per legal action (e.g. exact odds); may be empty."""


def renderer_for(game: str) -> GameRenderer:
    """A new renderer of ``game`` (an OptionError for a game without one)."""
    return plugin_for(game).load("renderer")()


@dataclass(frozen=True)
class MenuItem:
    """One legal action as a menu shows it."""

    action: int
    label: str  # in words, e.g. "keep 1 3 4, reroll 1 3 ◈"
    note: str = ""  # beside it in the short list (e.g. its value)
    detail: str = ""  # added beside it in the full list (``all``), e.g. its odds


@dataclass(frozen=True)
class ChoiceMenu:
    """A decision offered in words, best first, instead of a numbered list of every move.

    A renderer may return one from ``choice_menu(state, seat, actions, tr, coach)``
    (optional; ``None`` keeps the plain list). Numbers typed at the prompt and the
    hint's number follow ``items``' order; ``parse`` reads the menu's own words
    (an action, an error message to show, or ``None`` when the text is not for it).
    """

    items: tuple[MenuItem, ...]  # every legal action once, in the order shown
    shown: tuple[int, ...]  # indices of ``items`` listed before ``all``
    best: int | None  # the action marked best (None: not ranked)
    header: tuple[str, ...]  # lines before the list
    more: str  # the line after the short list (how many more, and ``all``); "" when all are shown
    how: str  # what may be typed
    all_header: str  # the line before the full list
    parse: Callable[[str], int | str | None]

    def label(self, action: int) -> str | None:
        return next((item.label for item in self.items if item.action == action), None)

    def number(self, action: int) -> int:
        """The 1-based number the menu shows for ``action``."""
        return next(i for i, item in enumerate(self.items, 1) if item.action == action)
