"""The heuristic's dive values (``fathom.games.deep_blue.bots.evaluation``), worked by hand."""

from __future__ import annotations

from fathom.games.deep_blue.bots.evaluation import dives
from fathom.games.deep_blue.data import GEMS

SILVER, PURPLE = GEMS.index("silver"), GEMS.index("purple")


def rates(**vp: int) -> tuple[int, ...]:
    return tuple(vp.get(g, 0) for g in GEMS)


def test_scattered_wealth_a_gem_on_the_tile_is_the_first_draw_and_no_longer_in_the_bag() -> None:
    """R-DB-15: the tile's gem was taken from the bag when it was placed, and it is the dive's first gem.

    Bag: one silver (1 VP) and one purple (4 VP), no hazard; a purple lies on the tile. Leading
    there brings the tile's purple, then both gems of the bag: 4 + 1 + 4 = 9 VP. (Taking the tile's
    gem out of the bag a second time lost the bag's purple, and crashed when it was the last one.)
    """
    def lead_with_purple_on_tile(bag: list[int]) -> float:
        # no spots or defence cards, no card bonus, one gem a draw, look-ahead 5, defence card cost 0.8
        return dives._dive_value(rates(silver=1, purple=4), (0, 0, 0), (), 0, 0, tuple(bag), PURPLE, 1, False, False,
                              5, 0.8)

    bag = [0] * len(GEMS)
    bag[SILVER] = bag[PURPLE] = 1
    assert lead_with_purple_on_tile(bag) == 9.0
    bag[PURPLE] = 0  # the tile's purple was the last one
    assert lead_with_purple_on_tile(bag) == 5.0
