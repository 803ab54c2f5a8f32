"""Deep Blue's kernel observations against the reference encoder, at every step, for every seat.

Why beside the vector environment's own test: the learner sees only its own decisions, so the
observations of chance steps (a Rest's draws, the gems of a draw under way), of other seats' rare
steps (the storm order) and of every seat position were never compared there. Here the two engines
play the same games through :func:`fathom.fast.verify.play_both` (which compares the rules), and at
every step :func:`fathom.fast.db_obs.observe` of each seat must equal
``DeepBlueEncoder.encode(state.view(seat), seat)`` and :func:`~fathom.fast.db_obs.action_mask` the
legal actions of the seat to move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from fathom.core.registry import new_game
from fathom.fast.need import need_numba
from fathom.fast.verify import Mismatch, VerifyResult, play_both


def verify_observations(players: int, seeds: Sequence[int], options: dict[str, Any] | None = None,
                        chooser_seed: int = 0, keen: bool = False) -> VerifyResult:
    """Play ``seeds`` through both engines and compare every seat's observation and the mask at
    every step (raises :class:`~fathom.fast.verify.Mismatch` on the first difference); ``keen``:
    decisions by :func:`fathom.fast.db_verify.keen_chooser` (more dives) instead of uniform ones."""
    need_numba("fathom.fast observations")
    from fathom.fast import db_obs
    from fathom.fast.db_batch import DeepBlueBatch
    from fathom.fast.db_verify import keen_chooser
    from fathom.rl.common import action_mask
    from fathom.rl.encoding import encoder_for

    options = dict(options or {})
    refs = [new_game("deep-blue", players=players, seed=s, record_events=False, **options) for s in seeds]
    game = refs[0].game
    encoder = encoder_for(game)
    off, scales = db_obs.params(encoder)
    fast = DeepBlueBatch(game, len(refs))
    fast.reset(seeds)
    got = np.zeros(encoder.size, np.float32)
    mask = np.zeros(game.num_distinct_actions, np.int8)
    scratch = np.zeros(db_obs.SCRATCH, np.int64)

    def check_views(live: list[int], step: int) -> Callable[[int, Any], int]:
        def check(g: int, r: Any) -> int:
            for seat in range(players):
                db_obs.observe(fast.S, fast.T, off, scales, g, seat, got, scratch)
                want = encoder.encode(r.view(seat), seat)
                if not np.array_equal(got, want):
                    bad = [f"{f.name}: reference {want[f.offset:f.stop].tolist()}, fast {got[f.offset:f.stop].tolist()}"
                           for f in encoder.fields if not np.array_equal(got[f.offset:f.stop], want[f.offset:f.stop])]
                    raise Mismatch(f"seat {seat}'s observation: " + "; ".join(bad))
            db_obs.action_mask(fast.S, fast.T, g, mask, scratch)
            if not np.array_equal(mask, action_mask(r, len(mask))):
                raise Mismatch(f"action mask: reference {r.legal_actions()}, fast {np.flatnonzero(mask).tolist()}")
            return players

        return check

    result = play_both(refs, fast, seeds, options, chooser_seed, 1, check_views,
                       choose=keen_chooser if keen else None)
    result.histories = []
    result.tables.append(f"deep-blue observations {players}p {options or ''}".strip())
    return result
