"""Deep Blue's parts of the game analysis (:mod:`fathom.analysis`): win chances where a playout
stopped, the exact odds of a leader's draw-or-stop call, a decision's kind and its position in words.

Win chances: at the end, the winners share first place; before it, each seat's expected final VP
(the learned estimate level 3's search ends its playouts on) through a softmax over the fitted
spread of the leads still to come (``win_scale``), which for two seats is level 3's own logistic.
"""

from __future__ import annotations

from typing import Any, cast

from fathom.analysis.chances import shares, softmax_chances
from fathom.analysis.parts import ExactCall, Runner
from fathom.core.api import TERMINAL, State
from fathom.core.rng import Rng
from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.game import DeepBlueGame
from fathom.games.deep_blue.review import weigh_call
from fathom.i18n import Translator


def win_chances(state: Any) -> list[float]:
    """Every seat's chance to win from ``state`` (a finished game: its winners' shares)."""
    n = state.game.num_players
    if state.is_terminal():
        return shares(state.winners(), n)
    T = ev.tables_for(state)
    fast = ev.DEFAULT
    estimates = [ev.learned_estimate(state, T, p, fast) for p in range(n)]
    return softmax_chances(estimates, ev.win_scale(state, T))


class _ChancesRunner:
    """Level 3's compiled playouts, each final position valued for every seat."""

    def __init__(self, runner: Any) -> None:
        self.runner = runner

    def run(self, worlds: list[State], jobs: list[tuple[int, int, int]]) -> list[list[float]]:
        runner = self.runner
        if not runner.compiled_leaf():
            return [win_chances(state) for state in runner.final_states(worlds, jobs)]
        from fathom.games.deep_blue.kernels.tables import S_CUR  # numpy: only with the compiled runner

        rows = runner.final_rows(worlds, jobs)
        estimates, scales = runner.leaf(worlds[0])(rows)  # the learned estimate, compiled (same numbers)
        return [win_chances(runner.state_of(row)) if row[S_CUR] == TERMINAL
                else softmax_chances(estimates[i].tolist(), float(scales[i])) for i, row in enumerate(rows)]


class DeepBlueAnalysis:
    """The :class:`fathom.analysis.parts.GameParts` of Deep Blue."""

    def win_chances(self, state: State) -> list[float]:
        return win_chances(state)

    def runner(self, policy: Any, seat: int) -> Runner | None:
        compiled = policy.playout_runner(seat)
        return None if compiled is None else _ChancesRunner(compiled)

    def exact_call(self, position: State, seat: int, action: int) -> ExactCall | None:
        """A dive leader's draw-or-stop call: the exact expected VP of its own from the dive
        (:mod:`fathom.games.deep_blue.review`). Level 3 searches these calls (rivals and the race
        matter too), so the exact odds are shown beside its verdict, not in its place."""
        game = cast(DeepBlueGame, position.game)
        if action not in (game.A_CONTINUE, game.A_STOP):
            return None
        call = weigh_call(position, seat, "continue" if action == game.A_CONTINUE else "stop")
        best = game.A_CONTINUE if call.best == "continue" else game.A_STOP
        played = call.continue_vp if call.played == "continue" else call.stop_vp
        return ExactCall(best=best, played_value=played, best_value=max(call.stop_vp, call.continue_vp),
                         unit="an.unit.vp", decisive=False)

    def played_candidate(self, position: State, seat: int, line: list[int], policy: Any, moves: list[int]) -> int:
        """A sail is weighed as the route the seat sailed: the sail plan among the candidates whose
        boats end where the seat's own moves took them (plain ``sail`` when none does)."""
        game = cast(DeepBlueGame, position.game)
        plans = policy.sail_candidates() if line[0] == game.A_SAIL and hasattr(policy, "sail_candidates") else {}
        if not plans:
            return line[0]
        det = cast(Any, position.determinize(seat, Rng(0)))  # the seat's own moves on a world it cannot tell apart
        for action in line:
            if det.current_player != seat or action not in det.legal_actions():
                break
            det.apply(action)
        sailed = (det.boat_at(2 * seat), det.boat_at(2 * seat + 1))
        found = [c for c, ends in plans.items() if c in moves and ends == sailed]
        return found[0] if found else line[0]

    def kind(self, position: State, action: int) -> str:
        """A turn's choice by what it does (recruit, sail, dive, rest, refresh); other steps by name."""
        if position.step_kind == "turn":
            return position.action_to_string(action).split()[0]
        return position.step_kind

    def position_words(self, position: State, seat: int, tr: Translator) -> str:
        """Whose VP stand where (as far as the seat saw them), and the dive under way."""
        view = position.view(seat)
        vps = [s.get("vp") for s in view["seats"]]
        rivals = ", ".join("?" if v is None else str(v) for p, v in enumerate(vps) if p != seat)
        words = tr("an.words.db", vp=vps[seat], rivals=rivals, bag=view.get("bag_count", "?"))
        dive = view.get("dive")
        if dive:
            words += " · " + tr("an.words.db_dive", site=dive["site"], n=len(dive["drawn"]))
        return words
