"""ISMCTS for Deep Blue: the level-2 heuristic as default policy and rival model, turn choices,
where to sail and dive calls searched, playouts of two rounds judged by the learned value."""

from __future__ import annotations

from dataclasses import replace
from importlib.util import find_spec
from typing import Any, cast

from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.bots.heuristic import DeepBlueHeuristicBot
from fathom.bots.ismcts_policies.generic import (
    END_MARGIN, GenericPolicy, finished_rewards, lead_rewards, shares_of,
)
from fathom.core.api import State
from fathom.core.rng import Rng
from fathom.games.deep_blue.game import DeepBlueGame
from fathom.games.deep_blue.state import DeepBlueState


_STEP_NUMBER = {kind: number for number, kind in enumerate(DeepBlueGame.STEP_KINDS)}
"""Each kind of step as a number, to name the chance streams of playouts (see chance_key)."""

SAIL_PLAN = 1 << 20
"""Root candidates from here on stand for a whole sail to one of the heuristic's ranked plans."""


class DeepBlueSearch(GenericPolicy):
    """Deep Blue: heuristic default policy; search turn choices and dive calls; stop at a horizon.

    At a turn the root compares the heuristic's best few actions, every dive, and, when
    sailing is among them, the heuristic's next best sail plans that end on other wrecks
    (``sail_plans``): which wreck to sail to measured the largest single gain of the search.

    The horizon is counted in turns started after the root (default: two rounds,
    until every seat has had its next two turns, so rivals' answers and the use of
    what was bought are seen), and a dive under way at the horizon is played to its
    end first.
    """

    python_iterations = 70  # about 0.15 s per searched move on one core with Python playouts (docs/bots.md)
    compiled_iterations = 1000  # about 0.2 s with compiled ones: 14 times the playouts in the same time

    def __init__(self, game: Any, seed: int = 0, horizon: int | None = None) -> None:
        super().__init__(game, seed, horizon)
        self.seed = seed
        # the rivals are modelled as the level-2 heuristic (full, and fast for playouts)
        self.params = ev.DEFAULT
        self.fast_params = self.fast(self.params)
        self.bot = DeepBlueHeuristicBot(seed=seed, params=self.params)
        # the searching seat's own plans may value a crew card over another number of turns between
        # its uses than level 2 (None: the same). 7 makes the bare heuristic much stronger, but the
        # search measured no better with it over 640 paired games, nor over 240 with sail plans (docs/bots.md)
        self.own_cycle: float | None = None
        # two rounds: a one-round horizon judged purchases and routes by the evaluation alone and
        # measured weaker (docs/bots.md, tuning log)
        self.turns = horizon if horizon is not None else 2 * game.num_players
        self.max_candidates = 4  # 6 measured 9 points weaker, 3 weaker too (docs/bots.md, tuning log)
        self.value = "learned"
        self.search_sail = False  # also search each step of a sail (where the boats go)
        self.search_continue = True  # False: the leader's continue/stop is the heuristic's exact optimal stopping
        self.own_full = False  # True: the searching seat plays its playouts with the full heuristic (slower)
        self.rivals_full = False  # True: so do the other seats (the real opponents' own policy; slower)
        # the rivals' dive look-ahead in playouts (None: the playout's 3). Level 2's own 5 makes their
        # turn and scouting choices level 2's at little cost, but measured no stronger (docs/bots.md)
        self.rival_lookahead: int | None = None
        self.stream_chance = True  # chance by kind-and-count streams (see chance_key)
        # where to sail is part of the turn choice: besides the heuristic's own plan, its next
        # best plans that end on other wrecks are root candidates (1: the heuristic's plan only).
        # 5 rather than 3: with the table's own value set, +7.1 ± 6.7 points over 400 paired games
        self.sail_plans = 5
        self.sail_always = False  # offer the plans whenever sailing is legal, not only when it ranks high
        # the searching seat's own later moves in playouts valued over this many turns between a card's
        # uses (None: as its plans are). The search itself hires half as much as level 2, so playouts
        # that hire as much misjudge what its choices lead to (docs/bots.md, tuning log)
        self.own_playout_cycle: float | None = None
        # the share of a finished game's reward that goes to the margin (the rest: the win share).
        # The analysis (docs/analysis.md, the bot study) found level 3's clearest losses in draw-or-stop
        # calls where VP and the chance to win part, some at 96-100% win chance; 0 is the variant tried
        self.end_margin = END_MARGIN
        # how many times the usual playouts a draw-or-stop call (the dive leader's continue or stop)
        # gets; 1: as every searched move. The study found level 3 losing most at these calls and the
        # compiled leaf made a playout cheaper, but 4 measured weaker on the frozen deals (docs/analysis.md)
        self.continue_budget = 1.0
        self._plans: list[tuple[int, int, int]] = []  # the plans of the decision being searched
        self._committed: tuple[int, tuple[int, int, int]] | None = None  # (seat, plan) being sailed
        self.sailing = ("sail-pay", "sail-move")  # the steps a committed sail plan plays
        # playouts in fathom.fast (the default when numba is installed): the same horizon, chance
        # streams and leaf value, every seat playing the compiled bot ``playout_kind`` ("best": the
        # level-2 heuristic with the playout weights, so the same playouts move for move, faster;
        # see fathom.games.deep_blue.kernels.rollout.PLAYOUT_KINDS). Python playouts whenever the compiled ones would
        # not be the same (own_full, rivals_full or other playout weights). Found, not imported:
        # numba loads on first use
        self.compiled = find_spec("numba") is not None
        self.playout_kind = "best"
        self._compiled_playouts: Any = None  # built on first use; False: this game's data cannot be compiled
        self.configure()

    @staticmethod
    def fast(params: Any) -> Any:
        """The playout version of heuristic weights: a cheaper dive look-ahead, one-step continue/stop."""
        return replace(params, lookahead=3, decide_lookahead=1)

    def bots(self, params: Any) -> tuple[Any, Any]:
        """The heuristic with these weights, full and as played in playouts."""
        return (DeepBlueHeuristicBot(seed=self.seed, params=params),
                DeepBlueHeuristicBot(seed=self.seed, params=self.fast(params)))

    def configure(self) -> None:
        own = self.params if self.own_cycle is None else replace(self.params, cycle=float(self.own_cycle))
        self.own_bot, self.own_fast_bot = self.bots(own)
        if self.own_playout_cycle is not None:
            self.own_fast_bot = self.bots(replace(own, cycle=float(self.own_playout_cycle)))[1]
        rivals = self.fast_params if self.rival_lookahead is None else replace(
            self.fast_params, lookahead=int(self.rival_lookahead))
        self.fast_bot = DeepBlueHeuristicBot(seed=self.seed, params=rivals)
        phases = {"turn", "continue", "defend", "rush", "take", "scout"}
        if self.search_sail:
            phases.add("sail-move")
        if not self.search_continue:
            phases.discard("continue")
        self.key_phases = frozenset(phases)
        self._compiled_playouts = None
        if self.compiled:
            from fathom.fast.need import need_numba

            need_numba("ismcts(compiled=true)")
            from fathom.games.deep_blue.kernels.rollout import playout_kind

            playout_kind(self.playout_kind)  # a kind the compiled engine has, or a clear error now

    def playout_runner(self, seat: int) -> Any:
        """With ``compiled``: the playouts of a searched move in the compiled engine
        (:mod:`.db_compiled`), unless they do not apply (then None: Python playouts)."""
        playouts = self._compiled()
        if playouts is None:
            return None
        from fathom.games.deep_blue.bots.search_compiled import CompiledRunner

        return CompiledRunner(playouts, self, seat)

    def _compiled(self) -> Any:
        """This search's compiled playouts, built on first use; None without ``compiled``, when the
        game's data does not fit the kernel, when the compiled heuristic would not play this
        search's playouts, or while the kernels are not compiled yet in a front end's background
        mode (:mod:`fathom.kernel_cache`; asked again at every searched move, so it switches when they are)."""
        if not self.compiled or self._compiled_playouts is False:
            return None
        if self._compiled_playouts is None:
            from fathom.bots.ismcts_policies import compiled_playouts_usable

            if not compiled_playouts_usable(self.game.name):  # a front end's kernels still compiling elsewhere: Python playouts meanwhile
                return None
            from fathom.core.errors import OptionError
            from fathom.games.deep_blue.kernels.rollout import CompiledPlayouts, playout_kind

            kind = playout_kind(self.playout_kind)
            self._compiled_playouts = False
            if kind == "heuristic" and not self._heuristic_compiled():
                return None
            try:
                self._compiled_playouts = CompiledPlayouts(self.game, [kind] * self.game.num_players, self.turns)
            except OptionError:  # a data file beyond the kernel's limits
                return None
        return self._compiled_playouts

    @property
    def default_iterations(self) -> int:
        """A searched move's budget when the bot names none: what about 0.2 s buys on one core, so
        many more playouts when they run compiled (measured stronger on the frozen deals, docs/bots.md)."""
        return self.compiled_iterations if self._compiled() is not None else self.python_iterations

    def _heuristic_compiled(self) -> bool:
        """Do the compiled heuristic's playouts play what this search's Python playouts would: every
        seat the level-2 heuristic with the playout weights (the defaults), none the full one?"""
        from fathom.games.deep_blue.bots.compiled.choose import PLAYOUT, seat_policy

        return (not self.own_full and not self.rivals_full
                and seat_policy(self.own_fast_bot) == PLAYOUT and seat_policy(self.fast_bot) == PLAYOUT)

    def key_decision(self, state: State) -> bool:
        return state.step_kind in self.key_phases

    def budget_scale(self, state: State) -> float:
        """``continue_budget`` times the usual playouts at a draw-or-stop call, the usual elsewhere."""
        return float(self.continue_budget) if state.step_kind == "continue" else 1.0

    def default_action(self, state: State) -> int:
        # mechanical steps (paying, moving edge by edge) do not depend on how cards are valued
        return self.bot.choose(state)

    def prior_action(self, state: State) -> int | None:
        return self.own_bot.choose(state)

    def candidates(self, state: State, legal: list[int], prior: int | None) -> list[int]:
        """At a turn, the searching seat's heuristic's best few actions (every dive kept); elsewhere all."""
        if state.step_kind != "turn":
            return legal
        p = state.current_player
        if len(legal) <= self.max_candidates:
            keep = list(legal)
        else:
            ranked = self.own_bot.turn_options(state, ev.tables_for(state), p, legal)
            keep = [a for _, a in ranked[: self.max_candidates]]
            keep += [a for a in legal if a in self.game.DIVE_SITE and a not in keep]
        sail = self.game.A_SAIL
        if self.sail_always and sail in legal and sail not in keep:
            keep.append(sail)
        keep.sort()
        if self.sail_plans > 1 and sail in keep:
            budget = self.own_bot.sources(state, ev.tables_for(state), p, "props")
            T = ev.tables_for(state)
            self._plans = [plan for _, plan in self.own_bot.sail_plans(state, T, p, budget, self.sail_plans)]
            keep += [SAIL_PLAN + i for i in range(1, len(self._plans))]
        return keep

    # ---- sail plans as root candidates (SAIL_PLAN + i: the i-th best plan; i = 0 is plain sail) ----
    def apply_candidate(self, det: State, candidate: int, seat: int) -> None:
        if candidate < SAIL_PLAN:
            det.apply(candidate)
            return
        plan = self._plans[candidate - SAIL_PLAN]
        det.apply(self.game.A_SAIL)
        while det.current_player == seat and det.step_kind in self.sailing:
            det.apply(self.sail_step(det, seat, plan))

    def describe_candidate(self, state: State, candidate: int) -> dict[str, Any]:
        """A sail candidate names where both boats go (the plan it stands for): ``sail_to`` is
        [node, stays] per boat."""
        if candidate >= SAIL_PLAN:
            plan = self._plans[candidate - SAIL_PLAN]
        elif candidate == self.game.A_SAIL and self._plans:
            plan = self._plans[0]
        else:
            return super().describe_candidate(state, candidate)
        names = self.game.components.node_ids
        seat = state.current_player
        sail_to = [[names[dest], dest == _db(state).boat_at(2 * seat + boat)] for boat, dest in enumerate(plan[:2])]
        legs = [f"boat{b + 1} stays at {node}" if stays else f"boat{b + 1} to {node}"
                for b, (node, stays) in enumerate(sail_to)]
        return {"text": "sail: " + ", ".join(legs), "sail_to": sail_to}

    def sail_candidates(self) -> dict[int, tuple[int, int]]:
        """The sail candidates of the decision last searched and where each takes boat 1 and boat 2
        (the analysis finds among them the route a seat actually sailed)."""
        return {(self.game.A_SAIL if i == 0 else SAIL_PLAN + i): (plan[0], plan[1])
                for i, plan in enumerate(self._plans)}

    def commit(self, state: State, candidate: int) -> int:
        if candidate < SAIL_PLAN:
            self._committed = None
            return candidate
        self._committed = (state.current_player, self._plans[candidate - SAIL_PLAN])
        return self.game.A_SAIL

    def planned_action(self, state: State) -> int | None:
        committed = self._committed
        if committed is None:
            return None
        seat, plan = committed
        if state.current_player != seat or state.step_kind not in self.sailing:
            if state.step_kind == "turn":
                self._committed = None
            return None
        return self.sail_step(state, seat, plan)

    def sail_step(self, state: State, seat: int, plan: tuple[int, int, int]) -> int:
        """The next payment or move of sailing to ``plan`` = (boat 1's, boat 2's destination, moves)."""
        d0, d1, need = plan
        legal = state.legal_actions()
        if state.step_kind == "sail-pay":
            return self.own_bot.pay_toward(state, ev.tables_for(state), seat, legal, need)
        return self.own_bot.move_toward(state, ev.tables_for(state), seat, legal, d0, d1)

    def start_marker(self, state: State, seat: int) -> Any:
        return [0, state.turn_seat, state.move_number()]

    def at_horizon(self, state: State, seat: int, start: Any) -> bool:
        if state.turn_seat != start[1]:
            start[0] += 1
            start[1] = state.turn_seat
        return (start[0] >= self.turns and _db(state).dive_site() < 0) or state.move_number() - start[2] > 3000

    def playout_action(self, state: State, seat: int, rng: Rng) -> int:
        """The fast heuristic: the searching seat's own (the full one if ``own_full``), the
        level-2 model for the others (the full one if ``rivals_full``)."""
        if state.current_player == seat:
            return (self.own_bot if self.own_full else self.own_fast_bot).choose(state)
        return (self.bot if self.rivals_full else self.fast_bot).choose(state)

    def chance_key(self, state: State, counts: dict[int, int]) -> int:
        """By kind and count (the 3rd gem drawn, the 2nd market card…): two playouts from
        the same scenario see the same gems wherever the bag allows, even after the
        branches drift apart."""
        kind = _STEP_NUMBER[state.step_kind]
        k = counts.get(kind, 0)
        counts[kind] = k + 1
        return kind * 1_000_003 + k

    def evaluate(self, state: State, seat: int) -> list[float]:
        if state.is_terminal():
            if self.end_margin == END_MARGIN:
                return finished_rewards(state, state.scores(), 12.0)
            shares = shares_of(state.winners(), state.game.num_players)
            lead = lead_rewards(state.scores(), 12.0)
            return [(1.0 - self.end_margin) * s + self.end_margin * r for s, r in zip(shares, lead)]
        T = ev.tables_for(state)
        if self.value == "learned":
            est = [ev.learned_estimate(state, T, p, self.fast_params) for p in range(T.n)]
            return lead_rewards(est, ev.win_scale(state, T))
        est = [ev.estimate(state, T, p, self.fast_params) for p in range(T.n)]
        left = ev.turns_left(state, T, self.params)
        return lead_rewards(est, 8.0 + 0.25 * left)


def _db(state: State) -> DeepBlueState:
    """The searched position as Deep Blue's (its read API: boats, the dive)."""
    return cast(DeepBlueState, state)
