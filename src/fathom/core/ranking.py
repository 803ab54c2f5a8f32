"""Places at the end of a game, shared where keys tie ("1, 1, 3"), for end screens of any game."""

from __future__ import annotations

from collections.abc import Sequence


def competition_ranks(keys: Sequence[Sequence[float]]) -> list[int]:
    """Each seat's place (1 = best): the seats whose key is greater rank above, equal keys share a
    place and the next place skips as many (the usual "1, 1, 3")."""
    return [1 + sum(1 for other in keys if tuple(other) > tuple(mine)) for mine in keys]
