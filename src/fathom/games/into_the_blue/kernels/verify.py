"""The differential test for Into the Blue: the compiled engine against the reference engine, step by step
(the loop is :func:`fathom.fast.verify.play_both`), each seat's observation vector compared too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from fathom.core.registry import new_game
from fathom.fast.need import need_numba
from fathom.fast.verify import Mismatch, VerifyResult, fail, play_both


def verify_into_the_blue(players: int, seeds: Sequence[int], options: dict[str, Any] | None = None,
                         chooser_seed: int = 0, view_every: int = 1) -> VerifyResult:
    """Play ``seeds`` through both engines in one batch and compare at every step (raises
    :class:`Mismatch` on the first difference)."""
    need_numba("fathom fast verify")
    from fathom.games.into_the_blue.kernels.batch import IntoTheBlueBatch

    options = dict(options or {})
    refs = [new_game("into-the-blue", players=players, seed=s, record_events=False, **options) for s in seeds]
    fast = IntoTheBlueBatch(refs[0].game, len(refs))
    fast.reset(seeds)
    encoder = fast.encoder

    def check_views(live: list[int], step: int) -> Callable[[int, Any], int]:
        views = [fast.observations(np.full(len(refs), seat)) for seat in range(players)]

        def check(g: int, r: Any) -> int:
            for seat in range(players):
                want = encoder.encode(r.view(seat), seat)
                if not np.array_equal(want, views[seat][g]):
                    diff = {f.name: (encoder.describe(want)[f.name], encoder.describe(views[seat][g])[f.name])
                            for f in encoder.fields
                            if not np.array_equal(want[f.offset:f.stop], views[seat][g][f.offset:f.stop])}
                    raise Mismatch(f"seat {seat}'s view: reference {({k: v[0] for k, v in diff.items()})!r}, "
                                   f"fast {({k: v[1] for k, v in diff.items()})!r}")
            return players

        return check

    result = play_both(refs, fast, seeds, options, chooser_seed, view_every, check_views)
    final = fast.scores()
    for g, r in enumerate(refs):
        history = result.histories[g]
        if final[g].tolist() != [int(x) for x in r.scores()]:
            raise fail("final scores", seeds[g], result.final_step, r.scores(), final[g].tolist(), history, options)
        reason = r.view(None)["end"]["reason"]
        if fast.over_reason(g) != reason:
            raise fail("why the game ended", seeds[g], result.final_step, reason, fast.over_reason(g), history, options)
    result.histories = []
    result.tables.append(f"into-the-blue {players}p {options or ''}".strip())
    return result
