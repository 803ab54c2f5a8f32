"""The differential test: the compiled engine against the reference engine, step by step.

Why: the reference engine (``fathom.games``) is the truth; a rule changed in one engine and not the
other must show up here. Both engines play the same seeds with the same action choices (chance from
the seed, decisions from a seeded chooser), and at every step we compare who is to move, the legal
actions, the chance outcomes with their probabilities (exact float equality), the drawn outcome, and
(every ``view_every`` steps) each seat's view as the compiled side exposes it: the observation vector
of ``fathom.rl.encoding``, which is built from the reference ``view(seat)`` on one side and inside the
kernel on the other, plus the scores. At the end: final scores, winners and why the game ended.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fathom.core.api import CHANCE, TERMINAL
from fathom.core.rng import Rng

STOP_BIAS = 0.3  # how often the chooser takes the first legal action (stop / the shallowest level)


class Mismatch(AssertionError):
    """The two engines disagree; the message says where and how to replay it."""


@dataclass
class VerifyResult:
    games: int = 0
    steps: int = 0
    view_checks: int = 0
    tables: list[str] = field(default_factory=list)
    final_step: int = 0
    histories: list[list[str]] = field(default_factory=list)

    def add(self, other: VerifyResult) -> None:
        self.games += other.games
        self.steps += other.steps
        self.view_checks += other.view_checks
        self.tables += other.tables


def fail(what: str, seed: int, step: int, ref: Any, fast: Any, history: list[str], options: dict) -> Mismatch:
    return _differs(f"{what} at step {step} of seed {seed} (options {options}): reference {ref!r}, fast {fast!r}",
                    history)


def _differs(what: str, history: list[str]) -> Mismatch:
    shown = ", ".join(history[-12:])
    return Mismatch(f"fathom.fast differs from the reference engine: {what}; last moves: {shown}")


Chooser = Callable[[Any, list[int], Rng], int]
"""``choose(state, legal moves, generator)``: the decision both engines are then given."""


def uniform_or_first(state: Any, moves: list[int], pick: Rng) -> int:
    """The first legal move (stop, the shallowest level, the cheapest slot) now and then, else any."""
    return moves[0] if pick.random() < STOP_BIAS else pick.choice(moves)


def play_both(refs: list[Any], fast: Any, seeds: Sequence[int], options: dict[str, Any], chooser_seed: int,
              view_every: int, check_views: Callable[[list[int], int], Callable[[int, Any], int]],
              scores_every_step: bool = False, choose: Chooser | None = None) -> VerifyResult:
    """The comparison loop both games share: ``refs`` (reference states) and ``fast`` (a batch of the
    same games) step together; ``check_views(live, step)`` returns a per-game check of the seats'
    views (raising :class:`Mismatch`, returning how many views it compared) for steps that check them.
    Decisions come from ``choose`` (default :func:`uniform_or_first`) with one generator per game."""
    choose = choose or uniform_or_first
    choosers = [Rng(chooser_seed * 1_000_003 + s) for s in seeds]
    histories: list[list[str]] = [[] for _ in refs]
    result = VerifyResult(games=len(refs))
    step = 0
    actions = np.full(len(refs), -1, np.int64)
    while True:
        live = [g for g, r in enumerate(refs) if r.current_player != TERMINAL]
        cur = fast.current_player()
        for g, r in enumerate(refs):
            if int(cur[g]) != r.current_player:
                raise fail("current player", seeds[g], step, r.current_player, int(cur[g]), histories[g], options)
        if not live:
            break
        legal, n_legal = fast.legal_arrays()
        chance, probs, n_chance = fast.chance_arrays()
        drawn = fast.sample_chance()
        views = check_views(live, step) if step % view_every == 0 else None
        scores = fast.scores() if views is not None or scores_every_step else None
        actions[:] = -1
        for g in live:
            r = refs[g]
            moves = legal[g, :n_legal[g]].tolist()
            if moves != r.legal_actions():
                raise fail("legal actions", seeds[g], step, r.legal_actions(), moves, histories[g], options)
            m = n_chance[g]
            outcomes = r.chance_outcomes()
            mine = list(zip(chance[g, :m].tolist(), probs[g, :m].tolist())) if m else []
            if mine != outcomes:
                raise fail("chance outcomes", seeds[g], step, outcomes, mine, histories[g], options)
            try:
                if views is not None:
                    result.view_checks += views(g, r)
                if scores is not None and scores[g].tolist() != [int(x) for x in r.scores()]:
                    raise Mismatch(f"scores: reference {r.scores()!r}, fast {scores[g].tolist()!r}")
            except Mismatch as exc:
                raise _differs(f"{exc} at step {step} of seed {seeds[g]} (options {options})", histories[g]) from None
            if r.current_player == CHANCE:
                action = r.sample_chance()
                if int(drawn[g]) != action:
                    raise fail("drawn chance outcome", seeds[g], step, action, int(drawn[g]), histories[g], options)
            else:
                action = choose(r, moves, choosers[g])
            actions[g] = action
            histories[g].append(r.action_to_string(action))
            r.apply(action)
            result.steps += 1
        fast.apply(actions)
        step += 1
    result.final_step = step
    result.histories = histories
    return result


