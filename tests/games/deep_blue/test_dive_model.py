"""The one dive model every user applies (engine, odds, solver, bots): its rules on worked cases."""

from __future__ import annotations

from fathom.games.deep_blue import dive_model as model
from fathom.games.deep_blue.data import SPOT_KINDS
from fathom.games.deep_blue.dive_model import BLACK, BLUE, GOLD, RED, SILVER


def test_r_db_9_the_first_gem_of_a_hazard_colour_is_a_warning() -> None:
    assert not model.is_hazard(BLUE, 0)
    assert model.is_hazard(BLUE, 1) and model.is_hazard(BLACK, 3)
    assert not model.is_hazard(GOLD, 5)
    counts, hazards = model.hazards_after([0, 0, 0, 0, 0, 0, 0], (BLUE, BLUE))  # a Troubled Waters pair
    assert hazards == [BLUE] and counts[BLUE] == 2
    # four blue gems in the bag, none drawn yet: three would be hazards
    assert model.hazards_in_bag(BLUE, 4, 0) == 3 and model.hazards_in_bag(BLUE, 4, 1) == 4
    assert model.hazards_in_bag(SILVER, 9, 0) == 0


def test_r_db_9_spots_that_defend() -> None:
    kinds = [SPOT_KINDS.index(k) for k in ("blue", "blue_or_black", "gold", "blue_or_black")]
    assert model.spot_defences(kinds) == (1, 0, 2)
    assert model.Defences.of(kinds, 1, 2).as_tuple() == (1, 0, 2, 1, 2)


def test_r_db_10_needs_met_by_colour_and_count() -> None:
    needs = (0, 0, 1, 0, 0, 0, 0)  # one red
    assert model.needs_met(needs, 0, (0, 0, 1, 0, 0, 0, 0), 1)
    assert not model.needs_met(needs, 0, (3, 0, 0, 0, 0, 0, 0), 3)
    assert model.needs_met((0,) * 7, 4, (2, 1, 0, 0, 0, 1, 0), 4)  # "4 gems"
    assert not model.needs_met((0,) * 7, 4, (2, 1, 0, 0, 0, 0, 0), 3)


def test_r_db_13_a_matching_spot_raises_a_treasure_rate_once() -> None:
    plain, spot = (1, 2, 3, 0, 0, 0, 0), (2, 3, 5, 0, 0, 0, 0)
    gold = SPOT_KINDS.index("gold")
    assert model.gem_rates(plain, spot, ()) == (1, 2, 3, 0, 0, 0, 0)
    assert model.gem_rates(plain, spot, (gold, gold)) == (1, 3, 3, 0, 0, 0, 0)
    assert model.gem_vp(model.gem_rates(plain, spot, (gold,)), (2, 1, 1, 0, 0, 1, 0)) == 2 + 3 + 3


def test_r_db_14_tile_and_bounty() -> None:
    assert model.tile_vp(6, True, False, False) == 6 and model.tile_vp(6, False, False, True) == 0
    assert model.tile_vp(6, False, True, True) == 12  # Ruins of Plenty, both boats in
    assert [model.bounty_vp(n) for n in (0, 2, 3, 5, 6, 7)] == [0, 0, 2, 2, 4, 4]
    assert RED == 2
