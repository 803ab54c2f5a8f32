"""Into the Blue's parts of the game analysis (:mod:`fathom.analysis`): win chances where a playout
stopped, the exact odds of a keep-or-reroll choice, the position in words.

Win chances: at the end, the winners share first place; before it, each seat's total if the game
ended there (level 3's playout value) through a softmax over 6 points, the scale of level 3's own
logistic reward. Keep-or-reroll choices are level 3's exact expectimax (it does not search them),
so their best move is the exact one.
"""

from __future__ import annotations

from typing import Any, cast

from fathom.analysis.chances import shares, softmax_chances
from fathom.analysis.parts import ExactCall, Runner
from fathom.core.api import State
from fathom.games.into_the_blue import actions, dice, scoring
from fathom.games.into_the_blue.game import IntoTheBlueGame
from fathom.games.into_the_blue.review import weigh_choice
from fathom.i18n import Translator

SCALE = 6.0
"""Points of lead that make a seat e (2.7) times as likely to win as its rival (level 3's scale)."""


def score_chances(scores: list[float], ended: bool) -> list[float]:
    """Every seat's chance to win from totals (final ones when ``ended``)."""
    if ended:
        return shares(scoring.winners(scores), len(scores))
    return softmax_chances(scores, SCALE)


class _ChancesRunner:
    """Level 3's compiled playouts, each final score row valued for every seat."""

    def __init__(self, runner: Any) -> None:
        self.runner = runner

    def run(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> list[list[float]]:
        return [score_chances(scores, ended) for scores, ended in self.runner.final_scores(worlds, jobs)]


class IntoTheBlueAnalysis:
    """The :class:`fathom.analysis.parts.GameParts` of Into the Blue."""

    def win_chances(self, state: State) -> list[float]:
        return score_chances([float(s) for s in state.scores()], state.is_terminal())

    def runner(self, policy: Any, seat: int) -> Runner | None:
        compiled = policy.playout_runner(seat)
        return None if compiled is None else _ChancesRunner(compiled)

    def exact_call(self, position: State, seat: int, action: int) -> ExactCall | None:
        """A keep-or-reroll choice, weighed by the exact dice odds as ``fathom review`` does."""
        game = cast(IntoTheBlueGame, position.game)
        if action != game.A_STOP and game.rerolled(action) is None:
            return None
        choice = weigh_choice(position, seat, action)
        best = game.A_STOP if choice.best == "stop" else actions.REROLL0 + _multiset(choice.best)
        return ExactCall(best=best, played_value=choice.played_value, best_value=choice.best_value,
                         unit="an.unit.points", decisive=True)

    def played_candidate(self, position: State, seat: int, line: list[int], policy: Any, moves: list[int]) -> int:
        """Every move of Into the Blue is one step: the move played is its own candidate."""
        return line[0]

    def kind(self, position: State, action: int) -> str:
        return position.step_kind

    def position_words(self, position: State, seat: int, tr: Translator) -> str:
        """The dice on the table (at a choice) and the seat's points against the best rival's."""
        view = position.view(seat)
        points = [s.get("treasure_points", 0) for s in view["seats"]]
        rival = max(p for s, p in enumerate(points) if s != seat)
        words = tr("an.words.itb", mine=points[seat], rival=rival, turn=view["turn"]["number"])
        faces = view["turn"].get("dice") or []
        if faces:
            words += " · " + tr("an.words.itb_dice", dice=" ".join(str(f) for f in faces),
                                n=view["turn"]["rolls_left"])
        return words


def _multiset(text: str) -> int:
    """``reroll 2,chest`` (the review's words) back to the dice multiset it rerolls."""
    return dice.parse(text.removeprefix("reroll "))
