"""Win chances of every seat from estimated final totals, the same in every game.

Why a softmax: level 3's reward is a logistic curve in a seat's lead over its best rival, which
is right for two players but does not sum to one over four. The softmax of the estimates over a
scale is that same logistic for two players and a proper share of one first place for more.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def softmax_chances(estimates: Sequence[float], scale: float) -> list[float]:
    """Each seat's chance to finish first, from estimated final totals and the spread of the
    leads still to come (``scale``, in the same unit)."""
    top = max(estimates)
    weights = [math.exp(max(-60.0, (e - top) / max(scale, 1e-9))) for e in estimates]
    total = sum(weights)
    return [w / total for w in weights]


def shares(winners: Sequence[int], seats: int) -> list[float]:
    """A finished game: 1 for a sole winner, 1/k each for a shared first place."""
    if not winners:
        return [1.0 / seats] * seats
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(seats)]
