"""ISMCTS for Into the Blue: where to place is searched; the expert's exact dice play does the rest."""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any, cast

from fathom.games.into_the_blue.bots.expert import IntoTheBlueExpertBot, Position, turn_solution
from fathom.bots.ismcts_policies.generic import GenericPolicy, end_rewards, lead_rewards
from fathom.core.api import State
from fathom.core.errors import OptionError
from fathom.games.into_the_blue.state import IntoTheBlueState
from fathom.core.rng import Rng
from fathom.games.into_the_blue import dice, scoring


class IntoTheBlueSearch(GenericPolicy):
    """Into the Blue: search where to place; the expert's exact dice play everywhere else.

    Keep/reroll choices are the expert's exact expectimax: searching them with
    sampled playouts measured clearly weaker (15% vs 3 experts, 210 games; parity
    25%). Placements are searched with playouts of the expert (its cheaper
    single-target dice play) up to the horizon, counted in turns started after the
    root (default: one per seat); the evaluation is each seat's total if the game
    ended there (treasure majorities on the open board plus chests, which in a
    determinization are sampled).

    With ``compiled`` (the default when numba is installed) the playouts of a searched
    move run in :mod:`fathom.fast` as one batch, move for move the same playouts, so the
    search picks the same moves only faster; ``compiled=False`` plays them in Python.
    """

    stream_chance = True
    max_candidates = 8  # rerolls searched at most (stop and the expert's pick always are)

    def __init__(self, game: Any, seed: int = 0, horizon: int | None = None) -> None:
        super().__init__(game, seed, horizon)
        self.bot = IntoTheBlueExpertBot(seed=seed)
        # playouts use the expert's single-target dice play: a whole-turn solve per playout turn
        # made a searched move take 1.2 s instead of 0.2 s
        self.fast_bot = IntoTheBlueExpertBot(seed=seed, dice_play="target")
        self.search_dice = False  # also search keep/reroll choices (measured weaker than the exact solve)
        self.turns = horizon if horizon is not None else game.num_players
        # playouts in fathom.fast (the same playouts, faster); found, not imported: numba loads on first use
        self.compiled = find_spec("numba") is not None
        self._compiled_playouts: Any = None  # built on first use; False: this game's data cannot be compiled

    def configure(self) -> None:
        self._compiled_playouts = None
        if self.compiled:
            from fathom.fast.need import need_numba

            need_numba("ismcts(compiled=true)")

    def playout_runner(self, seat: int) -> Any:
        """The compiled playouts (:mod:`.itb_compiled`) when ``compiled`` is on, the game's data
        fits the kernel and the kernels are ready (:mod:`fathom.kernel_cache`), else None (Python playouts)."""
        if not self.compiled or self._compiled_playouts is False:
            return None
        if self._compiled_playouts is None:
            from fathom.bots.ismcts_policies import compiled_playouts_usable

            if not compiled_playouts_usable(self.game.name):  # a front end's kernels still compiling elsewhere: Python playouts meanwhile
                return None
        from fathom.games.into_the_blue.bots.search_compiled import CompiledRunner
        from fathom.games.into_the_blue.kernels.rollout import CompiledPlayouts

        if self._compiled_playouts is None:
            try:
                self._compiled_playouts = CompiledPlayouts(self.game, self.fast_bot, self.turns)
            except OptionError:  # e.g. more distinct chest values than the kernel holds
                self._compiled_playouts = False
                return None
        return CompiledRunner(self._compiled_playouts, self, seat)

    def candidates(self, state: State, legal: list[int], prior: int | None) -> list[int]:
        """With many rerolls to choose from: stop, the expert's pick and the best few rerolls
        by the expert's exact expected value of keeping the rest."""
        if len(legal) <= self.max_candidates:
            return legal
        seat = state.current_player
        view = state.view(seat)
        table = dice.from_faces(view["turn"]["dice"])
        left = view["turn"]["rolls_left"]
        solution = turn_solution(Position(view, seat))

        rerolled = self.game.rerolled
        scored = sorted(
            (-solution.after_keep_float(dice.sub(table, rerolled(a)), left - 1), a)
            for a in legal if rerolled(a) is not None and left > 0
        )
        keep = {a for a in legal if rerolled(a) is None}
        keep.update(a for _, a in scored[: self.max_candidates])
        if prior is not None:
            keep.add(prior)
        return sorted(keep)

    @property
    def default_iterations(self) -> int:
        """About 0.2 s per searched placement on one core (docs/bots.md)."""
        return 40

    def key_decision(self, state: State) -> bool:
        return self.search_dice or state.step_kind == "place"

    def start_marker(self, state: State, seat: int) -> Any:
        return _itb(state).turn_number

    def at_horizon(self, state: State, seat: int, start: Any) -> bool:
        return _itb(state).turn_number - start > self.turns

    def default_action(self, state: State) -> int:
        return self.bot.choose(state)

    def prior_action(self, state: State) -> int | None:
        return self.bot.choose(state)

    def playout_action(self, state: State, seat: int, rng: Rng) -> int:
        return self.fast_bot.choose(state)

    def chance_key(self, state: State, counts: dict[int, int]) -> int:
        """By turn and roll: playouts of one scenario after different placements roll alike."""
        itb = _itb(state)
        return itb.turn_number * 8 + (itb.rolls_left if itb.step_kind == "rolling" else 7)

    def evaluate(self, state: State, seat: int) -> list[float]:
        return self.score_rewards([float(v) for v in state.scores()], state.is_terminal())

    def score_rewards(self, scores: list[float], ended: bool) -> list[float]:
        """Rewards per seat from the scores where a playout stopped (shared with the compiled
        playouts, which end in a kernel row rather than a State)."""
        if ended:
            return end_rewards(scoring.winners(scores), scores, 6.0)
        return lead_rewards(scores, 6.0)


def _itb(state: State) -> IntoTheBlueState:
    """The searched position as Into the Blue's (its read API: turn number, rolls left)."""
    return cast(IntoTheBlueState, state)
