"""The designer's table of how deep a dive goes (``odds.still_in``), against plain counting."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import pytest

import fathom
from fathom.games.deep_blue.dive_model import BLACK, BLUE, Defences
from fathom.games.deep_blue.odds import still_in

BAG = fathom.make_game("deep-blue").components.bag_at_setup


def hypergeometric_still_in(bag, k: int, survives) -> Fraction:
    """P(the first ``k`` gems hold counts of black and blue that ``survives`` accepts), by counting sets."""
    n, black, blue = sum(bag), bag[BLACK], bag[BLUE]
    other = n - black - blue
    k = min(k, n)
    total = sum(comb(black, kb) * comb(blue, ku) * comb(other, k - kb - ku)
                for kb, ku in product(range(black + 1), range(blue + 1)) if kb + ku <= k and survives(kb, ku))
    return Fraction(total, comb(n, k))


@pytest.mark.parametrize("defences, survives", [
    (Defences(), lambda kb, ku: kb <= 1 and ku <= 1),  # the second gem of a colour is the first hazard
    (Defences(blue_cards=1), lambda kb, ku: kb <= 1 and ku <= 2),
    (Defences(either_spot=1), lambda kb, ku: max(0, kb - 1) + max(0, ku - 1) <= 1),
    (Defences(blue_cards=1, black_cards=1), lambda kb, ku: kb <= 2 and ku <= 2),
])
def test_still_in_after_each_draw_matches_counting_the_gems_drawn(defences, survives):
    table = still_in(BAG, defences, 12)
    assert table == [hypergeometric_still_in(BAG, k, survives) for k in range(1, 13)]
    assert table[0] == 1 and all(a >= b for a, b in zip(table, table[1:]))


def test_r_db_11_troubled_waters_pairs_are_two_gems_a_draw():
    singles, pairs = still_in(BAG, Defences(), 12), still_in(BAG, Defences(), 6, per_draw=2)
    assert pairs == singles[1::2]  # R-DB-11: a pair is one draw, the same gems read two at a time


def test_an_emptied_bag_ends_the_dive_with_the_diver_in():
    bag = [0] * 7
    bag[BLACK], bag[0] = 1, 2
    assert still_in(bag, Defences(), 5) == [1, 1, 1, 1, 1]
