"""One decision weighed from the deciding seat's view: level 3's candidates played out on the
same sampled worlds, every seat's win chance of each, the played move's loss.

How: the position is determinized for the deciding seat only (``state.determinize``, as level 3
does), so nothing that seat could not see is read. Each *scenario* is one determinization and one
seed for the chance after it; every candidate is played out on the same scenarios (common random
numbers), so the difference between the played move and the best is not drowned in the luck of
the draw. Candidates are level 3's own: its searched root candidates at a decision it searches
(the heuristic's best few, every dive, its sail plans), else the move it would play; the played
move is always among them. A dive call with exact odds that level 3 plays by those odds (Into the
Blue's dice) takes the exact best move as the best.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from fathom.analysis.parts import ExactCall, GameParts, parts_for
from fathom.core.api import State
from fathom.core.errors import OptionError
from fathom.core.rng import Rng

DEFAULT_PLAYOUTS = 512
"""Scenarios per candidate when neither ``playouts`` nor ``seconds`` is given: a 4-player Deep Blue
game in under 5 minutes on 2 cores (docs/analysis.md has the measures)."""

ROUND = 32
"""Scenarios added per round when the budget is a time (each round plays every candidate)."""


@dataclass(frozen=True)
class Settings:
    """The budget of one decision's analysis and the seed of its scenarios."""

    playouts: int = DEFAULT_PLAYOUTS
    """Scenarios each candidate is played out on (ignored when ``seconds`` is given)."""
    seconds: float | None = None
    """Wall clock per decision instead (rounds of :data:`ROUND` scenarios until it runs out)."""
    seed: int = 0

    def __post_init__(self) -> None:
        if self.playouts < 2:
            raise OptionError(f"playouts per candidate must be 2 or more, not {self.playouts}")
        if self.seconds is not None and not self.seconds > 0:
            raise OptionError(f"seconds per move must be more than 0, not {self.seconds}")


@dataclass
class Decision:
    """One decision weighed: what was played, the best found, and every seat's win chance."""

    step: int
    """The move number of the decision (the replay's position before the move)."""
    seat: int
    kind: str
    played: str
    """The move played, in the game's notation."""
    best: str
    """The best move found, in notation or, for a move of several steps, in words (a sail plan)."""
    loss: float
    """Win chance the played move gave up against the best, on 0..1, never below 0."""
    win_chance: list[float]
    """Every seat's win chance before the move (with the best move found), from the seat's view."""
    played_chance: list[float]
    """Every seat's win chance after the move played."""
    best_action: int
    """The best move's action id (-1 for a move of several steps that no single action names)."""
    played_action: int
    scenarios: int
    """Scenarios each candidate was played out on."""
    loss_error: float
    """Standard error of ``loss`` over the scenarios (its noise)."""
    candidates: list[dict[str, Any]] = field(default_factory=list)
    """Each candidate's move and the deciding seat's win chance with it, best first."""
    played_as: str = ""
    """What the played move stood for when it began a choice of several steps (the route sailed), in words."""
    best_detail: dict[str, Any] = field(default_factory=dict)
    """A best move of several steps in parts a translated front end words itself (a sail plan: ``sail_to``)."""
    exact: dict[str, Any] | None = None
    """The exact odds of a dive call: the unit, the played and the best move's expected value."""


def search_policy(game: Any, seed: int) -> Any:
    """Level 3's search policy of ``game`` (its default settings)."""
    from fathom.bots.ismcts_policies import policy_for_game

    return policy_for_game(game, seed=seed)


def candidates(position: State, seat: int, played: int, policy: Any, exact: ExactCall | None) -> list[int]:
    """The moves to weigh: level 3's root candidates where it searches, else its own move; the
    played move and the exact best always among them."""
    legal = position.legal_actions()
    if policy.key_decision(position):
        found = list(policy.candidates(position, legal, policy.prior_action(position)))
    else:
        found = [policy.default_action(position)]
    for extra in ([exact.best] if exact else []) + [played]:
        if extra not in found:
            found.append(extra)
    return found


def analyse_decision(position: State, seat: int, played: int, settings: Settings, *,
                     policy: Any = None, parts: GameParts | None = None, line: list[int] | None = None) -> Decision:
    """``seat``'s decision at ``position`` (where it played ``played``), weighed from its view.

    ``line``: the seat's own moves from here while it stayed to move (``played`` first), so a
    choice of several steps (a sail: where the boats went) is weighed as the whole of it."""
    game = position.game
    policy = policy if policy is not None else search_policy(game, settings.seed)
    parts = parts if parts is not None else parts_for(game)
    exact = parts.exact_call(position, seat, played)
    moves = candidates(position, seat, played, policy, exact)
    chosen = parts.played_candidate(position, seat, line or [played], policy, moves)
    step = position.move_number()
    seeds = Rng(settings.seed * 1_000_003 + step)
    scenarios: list[tuple[int, int]] = []
    worlds: list[State] = []
    results: dict[int, list[list[float]]] = {m: [] for m in moves}
    runner = parts.runner(policy, seat)
    started = time.perf_counter()
    while True:
        first = len(scenarios)
        count = settings.playouts if settings.seconds is None else ROUND
        for _ in range(count):
            scenarios.append((seeds.next64(), seeds.next64()))
            det = _world(position, seat, Rng(scenarios[-1][0]))
            policy.sanitize(det, seat)
            worlds.append(det)
        _play_round(position, seat, moves, worlds, scenarios, first, results, policy, parts, runner)
        if settings.seconds is None or time.perf_counter() - started >= settings.seconds:
            break
    decision = _weigh(position, seat, chosen, moves, results, exact, policy, step_played=played)
    decision.played_as = decision.played if chosen != played else ""
    decision.played, decision.played_action = position.action_to_string(played), played
    decision.kind = parts.kind(position, played)
    return decision


def _world(position: State, seat: int, rng: Rng) -> State:
    """One world the seat cannot tell from the real one: its secrets resampled, a fresh seed."""
    return position.determinize(seat, rng)


def _play_round(position: State, seat: int, moves: list[int], worlds: list[State],
                scenarios: list[tuple[int, int]], first: int, results: dict[int, list[list[float]]],
                policy: Any, parts: GameParts, runner: Any) -> None:
    """Every candidate played out on scenarios ``first..``: compiled in one batch when the game has
    a runner, else one by one in Python (the same playouts as level 3's)."""
    ks = range(first, len(scenarios))
    if runner is not None:
        jobs = [(k, m, scenarios[k][1]) for m in moves for k in ks]
        out = runner.run(worlds, jobs)
        for (_, m, _), chances in zip(jobs, out):
            results[m].append(chances)
        return
    for m in moves:
        for k in ks:
            det = worlds[k].clone()
            policy.apply_candidate(det, m, seat)
            start = policy.start_marker(det, seat)
            det = policy.rollout(det, seat, start, Rng(scenarios[k][1]))
            results[m].append(parts.win_chances(det))


def _mean(rows: list[list[float]]) -> list[float]:
    return [sum(col) / len(rows) for col in zip(*rows)]


def _weigh(position: State, seat: int, played: int, moves: list[int], results: dict[int, list[list[float]]],
           exact: ExactCall | None, policy: Any, step_played: int | None = None) -> Decision:
    """The best candidate, the played one's loss and its noise, from the playouts' win chances."""
    means = {m: _mean(results[m]) for m in moves}
    if exact is not None and exact.decisive:
        best = exact.best
    else:  # ties go to the played move: a loss is only claimed when something did better
        best = max(moves, key=lambda m: (means[m][seat], m == played))
    played_text = _candidate_text(position, played, policy)
    if best != played and (best == step_played or _candidate_text(position, best, policy) == played_text):
        # the step itself was the best one (its later steps are decisions of their own), or two plans
        # read alike (a sail by either of two equal routes): one move to the player, no loss
        best = played
    diffs = [b[seat] - p[seat] for b, p in zip(results[best], results[played])]
    n = len(diffs)
    mean = sum(diffs) / n
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
    loss = 0.0 if best == played else max(0.0, mean)
    best_text = _candidate_text(position, best, policy)
    ranked = sorted(moves, key=lambda m: -means[m][seat])
    return Decision(
        step=position.move_number(), seat=seat, kind="", played=played_text, best=best_text,
        loss=loss, win_chance=means[best], played_chance=means[played],
        best_action=best if best < position.game.num_distinct_actions else -1, played_action=-1,
        scenarios=n, loss_error=error,
        candidates=[{"move": _candidate_text(position, m, policy), "win_chance": means[m][seat]} for m in ranked],
        best_detail={k: v for k, v in policy.describe_candidate(position, best).items() if k != "text"}
        if best >= position.game.num_distinct_actions else {},
        exact=None if exact is None else {"unit": exact.unit, "played": exact.played_value, "best": exact.best_value,
                                          "best_move": position.action_to_string(exact.best)},
    )


def _candidate_text(position: State, move: int, policy: Any) -> str:
    if move < position.game.num_distinct_actions:
        return position.action_to_string(move)
    return str(policy.describe_candidate(position, move).get("text", move))
