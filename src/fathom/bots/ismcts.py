"""``ismcts``: information-set Monte Carlo tree search that never looks at hidden information.

How a move is chosen (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012):

1. Every iteration starts from a **fresh determinization** of the real position,
   ``state.determinize(seat, rng)``: everything the bot's seat cannot know is
   resampled and the copy gets a fresh seed. The real state is used for nothing
   else (its legal actions and ``determinize`` only), so the search cannot see
   other hands or the real future.
2. One tree is shared by all determinizations. A node is "what has been played
   since the root": the decisions taken and the *public* chance outcomes (a gem,
   a market card, a tile; a rival's secret draw is sampled but not branched on).
   At a decision node the actor's action is picked by UCB1 on the actor's own
   reward, counting an action's availability only in the determinizations where
   it is legal.
3. Chance is sampled with the bot's own generator, never with the state's seed.
4. Past the tree, a **rollout** plays on with the game's default policy (the Deep
   Blue heuristic bot, the Into the Blue expert, random elsewhere) up to a
   horizon, then a **heuristic evaluation** turns the position into a reward per
   seat in [0, 1] (a win is 1 at a finished game; before that, the estimated
   lead through a logistic curve).
5. The most-visited root action is played (ties: the default policy's choice,
   which also gets a few virtual visits as a prior).

That is ``root="ucb"``. The default, ``root="halving"``, keeps steps 1, 3 and 4
but compares the root actions on the *same* sampled worlds: scenario ``k`` is one
determinization plus one chance seed, and every root action still in the race is
played out on scenarios ``0..k``; rounds of sequential halving (Karnin, Koren &
Somekh 2013) drop the worse half each time. With a few hundred playouts a move,
common random numbers separate actions that independent samples cannot; it
measured stronger than the shared tree at the same budget (docs/bots.md).

Mechanical steps that the game's policy marks as not worth searching (Deep Blue:
paying card by card, moving edge by edge) are played by the default policy, inside
the tree and out, so the budget goes to the decisions that matter. A game's policy
may offer root candidates that stand for a whole choice of several steps (Deep Blue:
sailing to one of the heuristic's ranked plans); the chosen one is committed and its
later steps are played as they were in the search (``policy.planned_action``).

Budget: ``iterations`` (reproducible; default: the game policy's, about 0.3 s a
searched move on one core) or ``seconds`` (wall clock; not reproducible). A game's policy may give
some kinds of decision a multiple of the iterations (``budget_scale``; Deep Blue's ``continue_budget``
for the dive leader's draw-or-stop calls, 1 by default).
Other keyword arguments go to the game's search policy (e.g. ``max_candidates``,
``search_sail`` for Deep Blue).
"""

from __future__ import annotations

import math
import time
from typing import Any

from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.rng import Rng

DEFAULT_ITERATIONS = 140
"""Budget when neither ``iterations`` nor ``seconds`` is given and the game's policy names none."""


class Node:
    """Statistics of one edge into this node, plus its children."""

    __slots__ = ("children", "chance", "visits", "avail", "reward")

    def __init__(self, n_players: int) -> None:
        self.children: dict[int, Node] = {}
        self.chance: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * n_players


class ISMCTSBot:
    """Level 3 (see the module docstring)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.6,
        horizon: int | None = None,
        prior_visits: float = 3.0,
        policy: Any = None,
        root: str = "halving",
        **policy_options: Any,
    ) -> None:
        self.rng = Rng(seed)
        self.seed = seed
        self.iterations = iterations  # None with no seconds: the game policy's default budget
        self.seconds = seconds
        self.exploration = exploration
        self.horizon = horizon
        self.prior_visits = prior_visits
        if root not in ("ucb", "halving"):
            raise ValueError(f"ismcts root must be 'ucb' or 'halving', not {root!r}")
        self.root = root
        self._policy = policy
        self.policy_options = policy_options  # passed to the game's search policy (e.g. max_candidates)
        self._policy_game: Any = None
        self.last_stats: dict[str, Any] = {}  # the last move's search: playouts, values, the choice

    # ---- policy -----------------------------------------------------------------------------
    def policy_for(self, state: State) -> Any:
        if self._policy is not None and self._policy_game is None:
            return self._policy
        if self._policy_game is not state.game:
            from fathom.bots.ismcts_policies import policy_for_game

            self._policy = policy_for_game(state.game, seed=self.seed, horizon=self.horizon, **self.policy_options)
            self._policy_game = state.game
        return self._policy

    def sample_world(self, state: State, seat: int, rng: Rng) -> State:
        """One world to search: a determinization, so nothing secret is ever seen
        (a game's ``oracle`` plugin part overrides this to measure what secrets are worth, :mod:`fathom.sim.oracles`)."""
        return state.determinize(seat, rng)

    def budget(self, policy: Any, state: State | None = None) -> int | None:
        """Iterations for the searched move at ``state`` (None: until ``seconds`` run out): the bot's
        ``iterations`` or the policy's default, times the policy's ``budget_scale`` for that decision
        (a game may spend more on some kinds of decision; 1 unless a setting says otherwise)."""
        if self.iterations is not None:
            base = self.iterations
        elif self.seconds is not None:
            return None
        else:
            base = getattr(policy, "default_iterations", DEFAULT_ITERATIONS)
        scale = policy.budget_scale(state) if state is not None and hasattr(policy, "budget_scale") else 1.0
        return base if scale == 1.0 else max(1, round(base * scale))

    # ---- the move -------------------------------------------------------------------------
    def choose(self, state: State) -> int:
        self.last_stats = {}  # filled only by a move that is searched
        policy = self.policy_for(state)
        planned = policy.planned_action(state)  # the rest of a multi-step choice made at the root
        if planned is not None:
            return planned
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        if not policy.key_decision(state):
            return policy.default_action(state)
        n = state.game.num_players
        prior = policy.prior_action(state)
        if self.root == "halving":
            return policy.commit(state, self._halving(state, legal, seat, policy, prior))
        root = Node(n)
        started = time.perf_counter()
        iterations = 0
        budget = self.budget(policy, state)
        while True:
            if budget is not None and iterations >= budget:
                break
            if self.seconds is not None and time.perf_counter() - started >= self.seconds:
                break
            det = self.sample_world(state, seat, self.rng)
            policy.sanitize(det, seat)
            self._iterate(root, det, seat, policy, prior)
            iterations += 1
        best = self._best(root, legal, prior)
        self.last_stats = {
            "iterations": iterations,
            "seconds": time.perf_counter() - started,
            "visits": {a: c.visits for a, c in root.children.items()},
            "values": {a: (c.reward[seat] / c.visits if c.visits else None) for a, c in root.children.items()},
            "prior": prior,
            "best": best,
            "choice": policy.describe_candidate(state, best),
        }
        return best

    # ---- sequential halving with common random numbers ------------------------------------
    def _halving(self, state: State, legal: list[int], seat: int, policy: Any, prior: int | None) -> int:
        """Root actions compared on the same sampled worlds (common random numbers).

        Each *scenario* is one determinization of the real state plus one seed for
        the chance events after it; every surviving root action is played out on
        the same scenarios, so their difference is not drowned in the luck of the
        draw. Rounds of sequential halving (Karnin et al. 2013) keep the better half
        of the actions until one is left; the budget is split evenly across rounds.
        """
        started = time.perf_counter()
        budget = self.budget(policy, state)
        candidates = list(policy.candidates(state, legal, prior))
        totals = {a: 0.0 for a in candidates}
        counts = {a: 0 for a in candidates}
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        scenarios: list[tuple[int, int]] = []
        runner = getattr(policy, "playout_runner", lambda seat: None)(seat)  # a compiled engine's batches
        worlds: list[State] = []  # scenario k's determinization, for the runner

        def scenario(k: int) -> tuple[int, int]:
            while len(scenarios) <= k:  # drawn as needed, always in the same order
                scenarios.append((self.rng.next64(), self.rng.next64()))
            return scenarios[k]

        def world(k: int) -> State:
            det = self.sample_world(state, seat, Rng(scenario(k)[0]))
            policy.sanitize(det, seat)
            return det

        def playouts(order: list[int]) -> None:
            """One playout of each action in ``order``, on each one's next scenario."""
            if runner is None:
                for a in order:
                    det = world(counts[a])
                    policy.apply_candidate(det, a, seat)
                    start = policy.start_marker(det, seat)
                    det = policy.rollout(det, seat, start, Rng(scenario(counts[a])[1]))
                    totals[a] += policy.evaluate(det, seat)[seat]
                    counts[a] += 1
                return
            jobs = []
            queued = dict.fromkeys(order, 0)
            for a in order:
                k = counts[a] + queued[a]
                queued[a] += 1
                while len(worlds) <= k:
                    worlds.append(world(len(worlds)))
                jobs.append((k, a, scenario(k)[1]))
            for a, value in zip(order, runner.run(worlds, jobs)):  # summed in the same order as above
                totals[a] += value
                counts[a] += 1

        def playout(a: int) -> None:
            playouts([a])

        if budget is None:  # a time budget: time one playout per action, then budget what fits
            for a in candidates:
                playout(a)
            each = (time.perf_counter() - started) / len(candidates)
            budget = max(len(candidates), int((self.seconds or 0.0) / max(each, 1e-6)))
        for r in range(rounds):
            if len(candidates) == 1:
                break
            used = sum(counts.values())
            share = max(1, (budget - used) // ((rounds - r) * len(candidates)))
            target = min(counts[a] for a in candidates) + share
            if self.seconds is None:  # all of the round at once (one batch for a compiled engine)
                playouts([a for a in candidates for _ in range(max(0, target - counts[a]))])
            for a in candidates:
                while counts[a] < target:
                    if self.seconds is not None and time.perf_counter() - started >= self.seconds:
                        break
                    playout(a)
            mean = {a: totals[a] / counts[a] if counts[a] else -1.0 for a in candidates}
            bonus = {a: (self.prior_visits * 0.01 if a == prior else 0.0) for a in candidates}
            candidates.sort(key=lambda a: (-(mean[a] + bonus[a]), a != prior, a))
            candidates = candidates[: max(1, math.ceil(len(candidates) / 2))]
        best = candidates[0]
        self.last_stats = {
            "iterations": sum(counts.values()),
            "seconds": time.perf_counter() - started,
            "visits": dict(counts),
            "values": {a: (totals[a] / counts[a] if counts[a] else None) for a in counts},
            "prior": prior,
            "best": best,
            "choice": policy.describe_candidate(state, best),
        }
        return best

    def _best(self, root: Node, legal: list[int], prior: int | None) -> int:
        def key(a: int) -> tuple:
            child = root.children.get(a)
            visits = (child.visits if child else 0) + (self.prior_visits if a == prior else 0)
            return (visits, a == prior, -a)

        return max(legal, key=key)

    # ---- one iteration ----------------------------------------------------------------------
    def _iterate(self, root: Node, state: State, seat: int, policy: Any, prior: int | None) -> None:
        rng = self.rng
        node = root
        path: list[Node] = []
        start = policy.start_marker(state, seat)
        expanded = False
        while True:
            state, node = self._advance(state, node, seat, policy, start)
            player = state.current_player
            if player == TERMINAL or policy.at_horizon(state, seat, start):
                break
            legal = state.legal_actions()
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                if node is root and prior in untried:
                    action = prior
                else:
                    action = untried[rng.randbelow(len(untried))]
                child = Node(len(node.reward))
                child.avail = 1
                node.children[action] = child
                state.apply(action)
                path.append(child)
                node = child
                expanded = True
                break
            action = self._select(node, legal, player)
            state.apply(action)
            node = node.children[action]
            path.append(node)
        if expanded:
            state = policy.rollout(state, seat, start, rng)
        rewards = policy.evaluate(state, seat)
        for visited in path:
            visited.visits += 1
            r = visited.reward
            for p, v in enumerate(rewards):
                r[p] += v

    def _advance(self, state: State, node: Node, seat: int, policy: Any, start: Any) -> tuple[State, Node]:
        """Play chance and non-key decisions until a searched decision, the horizon or the end."""
        rng = self.rng
        while True:
            player = state.current_player
            if player == TERMINAL or policy.at_horizon(state, seat, start):
                return state, node
            if player == CHANCE:
                outcome = state.sample_chance(rng)
                if policy.chance_public(state, seat):
                    child = node.chance.get(outcome)
                    if child is None:
                        child = node.chance[outcome] = Node(len(node.reward))
                    node = child
                state.apply(outcome)
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            if not policy.key_decision(state):
                state.apply(policy.default_action(state))
                continue
            return state, node

    def _select(self, node: Node, legal: list[int], player: int) -> int:
        c = self.exploration
        best, best_score = legal[0], -1e18
        for a in legal:
            child = node.children[a]
            if child.visits == 0:
                return a
            score = child.reward[player] / child.visits + c * math.sqrt(math.log(max(child.avail, 1)) / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best
