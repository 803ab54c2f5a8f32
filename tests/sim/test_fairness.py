"""The seat-effect test of the simulation summary and the report."""

from __future__ import annotations

import math

import pytest

from fathom.sim.fairness import seat_tests


def _games(players: int, winners_per_game: list[list[int]]) -> list[dict]:
    """Games on deals of their own (no seat rotation)."""
    return [{"players": players, "winners": winners} for winners in winners_per_game]


def _rotated(players: int, winner_per_deal: list[int]) -> list[dict]:
    """Identical bots with seats rotated: the rotations of a deal are the same game, won by the same seat."""
    return [{"players": players, "seed": deal, "winners": [winner]}
            for deal, winner in enumerate(winner_per_deal) for _ in range(players)]


def test_an_even_split_shows_no_seat_effect() -> None:
    (test,) = seat_tests(_games(4, [[g % 4] for g in range(400)]))
    assert test.wins == (100, 100, 100, 100) and test.f_stat == 0 and test.p_value == pytest.approx(1.0)
    assert "no seat wins measurably more often" in test.sentence()


def test_a_first_seat_that_wins_a_third_of_four_player_games_is_flagged() -> None:
    """400 independent games, seat 0 wins 133 where an even share is 100."""
    (test,) = seat_tests(_games(4, [[0]] * 133 + [[1]] * 89 + [[2]] * 89 + [[3]] * 89))
    assert test.deals == 400 and test.df == (3, 397) and test.p_value < 0.01
    assert "seat 0 33.2%" in test.sentence() and "the seats differ by more than luck would" in test.sentence()


def test_the_rotations_of_one_deal_are_not_counted_as_independent_games() -> None:
    """Four identical heuristic bots on 100 deals of A Storm is Coming: the seats won 26, 26, 17 and 31
    deals, each deal four times over. As 400 independent games that would be chi-square 16.3 (p 0.001);
    as the 100 deals they are, it is luck."""
    (test,) = seat_tests(_rotated(4, [0] * 26 + [1] * 26 + [2] * 17 + [3] * 31))
    assert (test.games, test.deals) == (400, 100) and test.wins == (104, 104, 68, 124)
    assert test.p_value > 0.1 and "no seat wins measurably more often" in test.sentence()


def test_shared_wins_count_a_share_and_table_sizes_are_tested_apart() -> None:
    two, three = seat_tests(_games(2, [[0, 1], [0], [1], [0]]) + _games(3, [[2]] * 3))
    assert (two.players, two.games, two.wins) == (2, 4, (2.5, 1.5)) and 0 < two.p_value < 1
    assert (three.players, three.wins) == (3, (0, 0, 3)) and math.isnan(three.p_value)
    assert "too few deals" in three.sentence()
