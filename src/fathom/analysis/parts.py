"""What the analysis asks of one game, and the generic answers for a game that names none.

A game's plugin names a class (``analysis``) with these methods; a game without one gets
:class:`GenericParts`: win chances from the scores (shares at the end), Python playouts, no
exact odds, the step's kind and move number as its words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from fathom.analysis.chances import shares, softmax_chances
from fathom.core.api import State
from fathom.i18n import Translator
from fathom.core.plugins import plugin_for


@dataclass(frozen=True)
class ExactCall:
    """A dive call's exact odds, as ``fathom review`` weighs it (in the game's own unit)."""

    best: int
    """The action the exact odds prefer."""
    played_value: float
    best_value: float
    unit: str
    """Catalog key of the unit (``an.unit.vp``…)."""
    decisive: bool
    """Does level 3 play this decision by these odds (then its best move is the exact one)?"""


class Runner(Protocol):
    def run(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> list[list[float]]:
        """Every seat's win chance where each job's playout stopped (jobs as the search's)."""


class GameParts(Protocol):
    def win_chances(self, state: State) -> list[float]:
        """Each seat's chance to win from where a playout stopped (sums to 1)."""

    def runner(self, policy: Any, seat: int) -> Runner | None:
        """Compiled playouts valued for every seat, or None for Python ones."""

    def exact_call(self, position: State, seat: int, action: int) -> ExactCall | None:
        """The exact odds of this decision when it is a dive call, from ``seat``'s view."""

    def played_candidate(self, position: State, seat: int, line: list[int], policy: Any, moves: list[int]) -> int:
        """The candidate among ``moves`` that stands for what the seat played: ``line`` is its own
        moves from here while it stayed to move (a choice of several steps: a whole route)."""

    def kind(self, position: State, action: int) -> str:
        """The kind of decision (``recruit``, ``continue``…), an ``an.kind.*`` catalog key's end."""

    def position_words(self, position: State, seat: int, tr: Translator) -> str:
        """The position as ``seat`` saw it, in a line of words."""


class GenericParts:
    """Any game: scores to win chances, Python playouts, no exact odds."""

    def win_chances(self, state: State) -> list[float]:
        n = state.game.num_players
        if state.is_terminal():
            return shares(state.winners(), n)
        scores = [float(s) for s in state.scores()]
        return softmax_chances(scores, max(1.0, 0.25 * (max(scores) - min(scores)) + 1.0))

    def runner(self, policy: Any, seat: int) -> Runner | None:
        return None

    def exact_call(self, position: State, seat: int, action: int) -> ExactCall | None:
        return None

    def played_candidate(self, position: State, seat: int, line: list[int], policy: Any, moves: list[int]) -> int:
        return line[0]

    def kind(self, position: State, action: int) -> str:
        return position.step_kind

    def position_words(self, position: State, seat: int, tr: Translator) -> str:
        return tr("an.words.move", n=position.move_number())


def parts_for(game: Any) -> GameParts:
    """The analysis parts ``game``'s plugin names (the generic ones for a game without)."""
    plugin = plugin_for(game.name)
    if plugin.has("analysis"):
        parts: GameParts = plugin.load("analysis")()
        return parts
    return GenericParts()
