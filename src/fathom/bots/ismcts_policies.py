"""What ISMCTS needs to know about a game: default policy, horizon, evaluation, public chance.

:class:`GenericPolicy` works for any game of the engine API (random rollouts to the
end, rewards from the winners). The Deep Blue and Into the Blue policies plug in
their stronger bots as default policy and a heuristic evaluation so rollouts can
stop early. Every policy is called only on determinized copies (or, for
``key_decision`` / ``default_action`` / ``prior_action``, on the real state as the
bot's own seat, through the same public-only bots used at levels 1-2).
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache
from typing import Any

from fathom.bots.settings import check_settings, constructor_settings
from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.rng import Rng


def win_shares(state: State) -> list[float]:
    """1 for a sole winner, 1/k each for a shared win, 0 otherwise."""
    n = state.game.num_players
    winners = state.winners()
    if not winners:
        return [1.0 / n] * n
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(n)]


def finished_rewards(state: State, scores: list[float], scale: float) -> list[float]:
    """A finished game: the win shares plus a little of the margin, so near-wins and big wins differ."""
    lead = lead_rewards(scores, scale)
    return [0.85 * s + 0.15 * r for s, r in zip(win_shares(state), lead)]


def lead_rewards(estimates: list[float], scale: float) -> list[float]:
    """Reward per seat from estimated totals: logistic in the lead over the best rival."""
    out = []
    for p, mine in enumerate(estimates):
        rival = max(e for o, e in enumerate(estimates) if o != p)
        x = (mine - rival) / scale
        out.append(1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x)))))
    return out


class GenericPolicy:
    """Any game: every decision searched, random rollouts to the end of the game."""

    default_iterations = 140
    stream_chance = False  # chance in playouts by named streams (see rollout)

    def __init__(self, game: Any, seed: int = 0, horizon: int | None = None) -> None:
        self.game = game
        self.rng = Rng(seed ^ 0x5DEECE66D)
        self.max_steps = horizon if horizon is not None else 100_000

    def configure(self) -> None:
        """Recompute what depends on settings changed after construction."""

    def key_decision(self, state: State) -> bool:
        return True

    def default_action(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randbelow(len(legal))]

    def prior_action(self, state: State) -> int | None:
        return None

    def candidates(self, state: State, legal: list[int], prior: int | None) -> list[int]:
        """Root actions worth searching (all of them unless the game knows better)."""
        return legal

    def apply_candidate(self, det: State, candidate: int, seat: int) -> None:
        """Play a root candidate in a sampled world (a legal action here; games may add
        candidates that stand for several steps of one choice)."""
        det.apply(candidate)

    def commit(self, state: State, candidate: int) -> int:
        """The action to play for the chosen root candidate (remembering any steps it implies)."""
        return candidate

    def planned_action(self, state: State) -> int | None:
        """The next step of a committed multi-step candidate, or None to decide afresh."""
        return None

    def sanitize(self, det: State, seat: int) -> None:
        """Hide from a determinization anything the engine keeps but ``seat`` may not know."""

    def chance_public(self, state: State, seat: int) -> bool:
        return True

    def start_marker(self, state: State, seat: int) -> Any:
        return state.move_number()

    def at_horizon(self, state: State, seat: int, start: Any) -> bool:
        return state.move_number() - start >= self.max_steps

    def playout_action(self, state: State, seat: int, rng: Rng) -> int:
        """The move of ``state.current_player`` in a playout of the search by ``seat`` (here: random)."""
        legal = state.legal_actions()
        return legal[rng.randbelow(len(legal))]

    def chance_key(self, state: State, counts: dict[int, int]) -> int:
        """With ``stream_chance``: the name of this chance event's stream (``counts`` is the
        playout's scratch space), so playouts after different root actions draw alike."""
        raise NotImplementedError

    def rollout(self, state: State, seat: int, start: Any, rng: Rng) -> State:
        """Play on to the horizon: chance from ``rng`` (or, with ``stream_chance``, from
        streams named by :meth:`chance_key` under one seed taken from ``rng``), moves by
        :meth:`playout_action`."""
        streams = self.stream_chance
        base = rng.next64() if streams else 0
        counts: dict[int, int] = {}
        while True:
            player = state.current_player
            if player == TERMINAL or self.at_horizon(state, seat, start):
                return state
            if player == CHANCE:
                chance_rng = Rng.for_key(base, self.chance_key(state, counts)) if streams else rng
                state.apply(state.sample_chance(chance_rng))
            else:
                state.apply(self.playout_action(state, seat, rng))

    def evaluate(self, state: State, seat: int) -> list[float]:
        if state.is_terminal():
            return win_shares(state)
        scores = state.scores()
        return lead_rewards(scores, max(1.0, 0.25 * (max(scores) - min(scores)) + 1.0))


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

    default_iterations = 70  # about 0.15 s per searched move on one core (docs/bots.md)

    def __init__(self, game: Any, seed: int = 0, horizon: int | None = None) -> None:
        super().__init__(game, seed, horizon)
        from fathom.bots import deep_blue_eval as ev
        from fathom.bots.deep_blue_heuristic import DeepBlueHeuristicBot
        from fathom.games.deep_blue import phases as ph

        self.ev = ev
        self.ph = ph
        self.T = ev.tables(game)
        self.seed = seed
        self.heuristic = DeepBlueHeuristicBot
        # the rivals are modelled as the level-2 heuristic (full, and fast for playouts)
        self.params = ev.DEFAULT
        self.fast_params = self.fast(self.params)
        self.bot = self.heuristic(seed=seed, params=self.params)
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
        self._plans: list[tuple[int, int, int]] = []  # the plans of the decision being searched
        self._committed: tuple[int, tuple[int, int, int]] | None = None  # (seat, plan) being sailed
        self.sailing = (ph.SAIL_PAY, ph.SAIL_MOVE)  # the steps a committed sail plan plays
        self.configure()

    @staticmethod
    def fast(params: Any) -> Any:
        """The playout version of heuristic weights: a cheaper dive look-ahead, one-step continue/stop."""
        return replace(params, lookahead=3, decide_lookahead=1)

    def bots(self, params: Any) -> tuple[Any, Any]:
        """The heuristic with these weights, full and as played in playouts."""
        return (self.heuristic(seed=self.seed, params=params),
                self.heuristic(seed=self.seed, params=self.fast(params)))

    def configure(self) -> None:
        own = self.params if self.own_cycle is None else replace(self.params, cycle=float(self.own_cycle))
        self.own_bot, self.own_fast_bot = self.bots(own)
        rivals = self.fast_params if self.rival_lookahead is None else replace(
            self.fast_params, lookahead=int(self.rival_lookahead))
        self.fast_bot = self.heuristic(seed=self.seed, params=rivals)
        ph = self.ph
        phases = {ph.TURN, ph.CONTINUE, ph.DEFEND, ph.RUSH, ph.TAKE, ph.SCOUT}
        if self.search_sail:
            phases.add(ph.SAIL_MOVE)
        if not self.search_continue:
            phases.discard(ph.CONTINUE)
        self.key_phases = frozenset(phases)

    def key_decision(self, state: State) -> bool:
        return state.phase in self.key_phases

    def default_action(self, state: State) -> int:
        # mechanical steps (paying, moving edge by edge) do not depend on how cards are valued
        return self.bot.choose(state)

    def prior_action(self, state: State) -> int | None:
        return self.own_bot.choose(state)

    def candidates(self, state: State, legal: list[int], prior: int | None) -> list[int]:
        """At a turn, the searching seat's heuristic's best few actions (every dive kept); elsewhere all."""
        if state.phase != self.ph.TURN:
            return legal
        p = state.current_player
        if len(legal) <= self.max_candidates:
            keep = list(legal)
        else:
            ranked = self.own_bot.turn_options(state, self.T, p, legal)
            keep = [a for _, a in ranked[: self.max_candidates]]
            keep += [a for a in legal if a in state.game.DIVE_SITE and a not in keep]
        sail = state.game.A_SAIL
        if self.sail_always and sail in legal and sail not in keep:
            keep.append(sail)
        keep.sort()
        if self.sail_plans > 1 and sail in keep:
            budget = self.own_bot.sources(state, self.T, p, "props")
            self._plans = [plan for _, plan in self.own_bot.sail_plans(state, self.T, p, budget, self.sail_plans)]
            keep += [SAIL_PLAN + i for i in range(1, len(self._plans))]
        return keep

    # ---- sail plans as root candidates (SAIL_PLAN + i: the i-th best plan; i = 0 is plain sail) ----
    def apply_candidate(self, det: State, candidate: int, seat: int) -> None:
        if candidate < SAIL_PLAN:
            det.apply(candidate)
            return
        plan = self._plans[candidate - SAIL_PLAN]
        det.apply(det.game.A_SAIL)
        while det.current_player == seat and det.phase in self.sailing:
            det.apply(self.sail_step(det, seat, plan))

    def commit(self, state: State, candidate: int) -> int:
        if candidate < SAIL_PLAN:
            self._committed = None
            return candidate
        self._committed = (state.current_player, self._plans[candidate - SAIL_PLAN])
        return state.game.A_SAIL

    def planned_action(self, state: State) -> int | None:
        committed = self._committed
        if committed is None:
            return None
        seat, plan = committed
        if state.current_player != seat or state.phase not in self.sailing:
            if state.phase == self.ph.TURN:
                self._committed = None
            return None
        return self.sail_step(state, seat, plan)

    def sail_step(self, state: State, seat: int, plan: tuple[int, int, int]) -> int:
        """The next payment or move of sailing to ``plan`` = (boat 1's, boat 2's destination, moves)."""
        d0, d1, need = plan
        legal = state.legal_actions()
        if state.phase == self.ph.SAIL_PAY:
            return self.own_bot.pay_toward(state, self.T, seat, legal, need)
        return self.own_bot.move_toward(state, self.T, seat, legal, d0, d1)

    def sanitize(self, det: State, seat: int) -> None:
        if self.T.hidden_scores:  # R-DB-18: rivals' totals are secret; assume they are level
            mine = det.vp[seat]
            for p in range(len(det.vp)):
                det.vp[p] = mine

    def chance_public(self, state: State, seat: int) -> bool:
        # a rival's rest draw is secret; gems, market cards, tiles and setup are seen by all
        return not (state.phase == self.ph.REST_DRAW and state.turn != seat)

    def start_marker(self, state: State, seat: int) -> Any:
        return [0, state.turn, state.move_number()]

    def at_horizon(self, state: State, seat: int, start: Any) -> bool:
        if state.turn != start[1]:
            start[0] += 1
            start[1] = state.turn
        return (start[0] >= self.turns and state.d_site < 0) or state.move_number() - start[2] > 3000

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
        kind = state.phase
        k = counts.get(kind, 0)
        counts[kind] = k + 1
        return kind * 1_000_003 + k

    def evaluate(self, state: State, seat: int) -> list[float]:
        if state.is_terminal():
            return finished_rewards(state, [float(v) for v in state.vp], 12.0)
        ev, T = self.ev, self.T
        if self.value == "learned":
            est = [ev.learned_estimate(state, T, p, self.fast_params) for p in range(T.n)]
            return lead_rewards(est, ev.win_scale(state, T))
        est = [ev.estimate(state, T, p, self.fast_params) for p in range(T.n)]
        left = ev.turns_left(state, T, self.params)
        return lead_rewards(est, 8.0 + 0.25 * left)


class IntoTheBlueSearch(GenericPolicy):
    """Into the Blue: search where to place; the expert's exact dice play everywhere else.

    Keep/reroll choices are the expert's exact expectimax: searching them with
    sampled playouts measured clearly weaker (15% vs 3 experts, 210 games; parity
    25%). Placements are searched with playouts of the expert (its cheaper
    single-target dice play) up to the horizon, counted in turns started after the
    root (default: one per seat); the evaluation is each seat's total if the game
    ended there (treasure majorities on the open board plus chests, which in a
    determinization are sampled).
    """

    stream_chance = True
    default_iterations = 40  # about 0.2 s per searched placement on one core (docs/bots.md)
    max_candidates = 8  # rerolls searched at most (stop and the expert's pick always are)

    def __init__(self, game: Any, seed: int = 0, horizon: int | None = None) -> None:
        super().__init__(game, seed, horizon)
        from fathom.bots.into_the_blue_expert import IntoTheBlueExpertBot

        self.bot = IntoTheBlueExpertBot(seed=seed)
        # playouts use the expert's single-target dice play: a whole-turn solve per playout turn
        # made a searched move take 1.2 s instead of 0.2 s
        self.fast_bot = IntoTheBlueExpertBot(seed=seed, dice_play="target")
        self.search_dice = False  # also search keep/reroll choices (measured weaker than the exact solve)
        self.turns = horizon if horizon is not None else game.num_players

    def candidates(self, state: State, legal: list[int], prior: int | None) -> list[int]:
        """With many rerolls to choose from: stop, the expert's pick and the best few rerolls
        by the expert's exact expected value of keeping the rest."""
        if len(legal) <= self.max_candidates:
            return legal
        from fathom.bots.into_the_blue_expert import Position, turn_solution
        from fathom.games.into_the_blue import actions as A
        from fathom.games.into_the_blue import dice

        seat = state.current_player
        view = state.view(seat)
        table = dice.from_faces(view["turn"]["dice"])
        left = view["turn"]["rolls_left"]
        solution = turn_solution(Position(view, seat))

        def is_reroll(a: int) -> bool:
            return A.REROLL0 < a < A.REROLL0 + len(dice.MULTISETS)

        scored = sorted(
            (-solution.after_keep_float(dice.sub(table, a - A.REROLL0), left - 1), a)
            for a in legal if is_reroll(a) and left > 0
        )
        keep = {a for a in legal if not is_reroll(a)}
        keep.update(a for _, a in scored[: self.max_candidates])
        if prior is not None:
            keep.add(prior)
        return sorted(keep)

    def key_decision(self, state: State) -> bool:
        from fathom.games.into_the_blue.state import PLACE

        return self.search_dice or state._phase == PLACE

    def start_marker(self, state: State, seat: int) -> Any:
        return state._turn_no

    def at_horizon(self, state: State, seat: int, start: Any) -> bool:
        return state._turn_no - start > self.turns

    def default_action(self, state: State) -> int:
        return self.bot.choose(state)

    def prior_action(self, state: State) -> int | None:
        return self.bot.choose(state)

    def chance_public(self, state: State, seat: int) -> bool:
        from fathom.games.into_the_blue.state import CHEST

        return not (state._phase == CHEST and state._player != seat)  # a rival's chest value is secret

    def playout_action(self, state: State, seat: int, rng: Rng) -> int:
        return self.fast_bot.choose(state)

    def chance_key(self, state: State, counts: dict[int, int]) -> int:
        """By turn and roll: playouts of one scenario after different placements roll alike."""
        from fathom.games.into_the_blue.state import ROLLING

        return state._turn_no * 8 + (state._rolls_left if state._phase == ROLLING else 7)

    def evaluate(self, state: State, seat: int) -> list[float]:
        if state.is_terminal():
            return finished_rewards(state, [float(v) for v in state.scores()], 6.0)
        return lead_rewards(state.scores(), 6.0)


SETTING_KINDS = (bool, int, float, str, type(None))
"""What a search setting can hold (the policy's other attributes are its machinery)."""
DERIVED = frozenset({"seed", "max_steps", "turns"})  # set from the bot's seed and horizon

_POLICIES = {"deep-blue": DeepBlueSearch, "into-the-blue": IntoTheBlueSearch}


def policy_for_game(game: Any, seed: int = 0, horizon: int | None = None, **options: Any) -> GenericPolicy:
    policy = _POLICIES.get(game.name, GenericPolicy)(game, seed=seed, horizon=horizon)
    settings = {k: v for k, v in sorted(vars(policy).items())
                if not k.startswith("_") and k not in DERIVED and isinstance(v, SETTING_KINDS)}
    check_settings("ismcts", settings, options, also_allowed=_bot_settings(), where=f" for {game.name}")
    for key, value in options.items():
        setattr(policy, key, value)
    policy.configure()
    return policy


@cache
def _bot_settings() -> tuple[str, ...]:
    """The settings ``ISMCTSBot`` takes itself (read from its signature, so the list cannot drift)."""
    from fathom.bots.ismcts import ISMCTSBot

    return tuple(constructor_settings(ISMCTSBot, skip=("seed", "policy"))[0])
