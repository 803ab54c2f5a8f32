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

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.fast.need import need_numba

STOP_BIAS = 0.3  # how often the chooser takes the first legal action (stop / the shallowest level)


class Mismatch(AssertionError):
    """The two engines disagree; the message says where and how to replay it."""


@dataclass
class VerifyResult:
    games: int = 0
    steps: int = 0
    view_checks: int = 0
    tables: list[str] = field(default_factory=list)

    def add(self, other: VerifyResult) -> None:
        self.games += other.games
        self.steps += other.steps
        self.view_checks += other.view_checks
        self.tables += other.tables


def _fail(what: str, seed: int, step: int, ref: Any, fast: Any, history: list[str], options: dict) -> Mismatch:
    shown = ", ".join(history[-12:])
    return Mismatch(f"fathom.fast differs from the reference engine: {what} at step {step} of seed {seed} "
                    f"(options {options}): reference {ref!r}, fast {fast!r}; last moves: {shown}")


def verify_into_the_blue(players: int, seeds: Sequence[int], options: dict[str, Any] | None = None,
                         chooser_seed: int = 0, view_every: int = 1) -> VerifyResult:
    """Play ``seeds`` through both engines in one batch and compare at every step (raises
    :class:`Mismatch` on the first difference)."""
    need_numba("fathom fast verify")
    from fathom.fast.itb_batch import IntoTheBlueBatch

    options = dict(options or {})
    refs = [new_game("into-the-blue", players=players, seed=s, record_events=False, **options) for s in seeds]
    game = refs[0].game
    fast = IntoTheBlueBatch(game, len(refs))
    fast.reset(seeds)
    encoder = fast.encoder
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
                raise _fail("current player", seeds[g], step, r.current_player, int(cur[g]), histories[g], options)
        if not live:
            break
        legal, n_legal = fast.legal_arrays()
        chance, probs, n_chance = fast.chance_arrays()
        drawn = fast.sample_chance()
        check_views = step % view_every == 0
        if check_views:
            views = [fast.observations(np.full(len(refs), seat)) for seat in range(players)]
            scores = fast.scores()
        actions[:] = -1
        for g in live:
            r = refs[g]
            moves = legal[g, :n_legal[g]].tolist()
            if moves != r.legal_actions():
                raise _fail("legal actions", seeds[g], step, r.legal_actions(), moves, histories[g], options)
            m = n_chance[g]
            outcomes = r.chance_outcomes()
            mine = list(zip(chance[g, :m].tolist(), probs[g, :m].tolist())) if m else []
            if mine != outcomes:
                raise _fail("chance outcomes", seeds[g], step, outcomes, mine, histories[g], options)
            if check_views:
                for seat in range(players):
                    want = encoder.encode(r.view(seat), seat)
                    if not np.array_equal(want, views[seat][g]):
                        diff = {f.name: (encoder.describe(want)[f.name], encoder.describe(views[seat][g])[f.name])
                                for f in encoder.fields
                                if not np.array_equal(want[f.offset:f.stop], views[seat][g][f.offset:f.stop])}
                        raise _fail(f"seat {seat}'s view", seeds[g], step, {k: v[0] for k, v in diff.items()},
                                    {k: v[1] for k, v in diff.items()}, histories[g], options)
                    result.view_checks += 1
                if scores[g].tolist() != [int(x) for x in r.scores()]:
                    raise _fail("scores", seeds[g], step, r.scores(), scores[g].tolist(), histories[g], options)
            if r.current_player == CHANCE:
                action = r.sample_chance()
                if int(drawn[g]) != action:
                    raise _fail("drawn chance outcome", seeds[g], step, action, int(drawn[g]), histories[g], options)
            else:
                pick = choosers[g]
                action = moves[0] if pick.random() < STOP_BIAS else pick.choice(moves)
            actions[g] = action
            histories[g].append(r.action_to_string(action))
            r.apply(action)
            result.steps += 1
        fast.apply(actions)
        step += 1
    final = fast.scores()
    for g, r in enumerate(refs):
        if final[g].tolist() != [int(x) for x in r.scores()]:
            raise _fail("final scores", seeds[g], step, r.scores(), final[g].tolist(), histories[g], options)
        reason = r.view(None)["end"]["reason"]
        if fast.over_reason(g) != reason:
            raise _fail("why the game ended", seeds[g], step, reason, fast.over_reason(g), histories[g], options)
    result.tables.append(f"into-the-blue {players}p {options or ''}".strip())
    return result
