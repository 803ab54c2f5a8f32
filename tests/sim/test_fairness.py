"""The seat-effect test of the simulation summary and the report."""

from __future__ import annotations

import pytest

from fathom.sim.fairness import seat_tests


def _games(players: int, winners_per_game: list[list[int]]) -> list[dict]:
    return [{"players": players, "winners": winners} for winners in winners_per_game]


def test_an_even_split_shows_no_seat_effect() -> None:
    (test,) = seat_tests(_games(4, [[g % 4] for g in range(400)]))
    assert test.wins == (100, 100, 100, 100) and test.chi2 == 0 and test.p_value == pytest.approx(1.0)
    assert "no seat wins measurably more often" in test.sentence()


def test_a_first_seat_that_wins_a_third_of_four_player_games_is_flagged() -> None:
    """400 games, seat 0 wins 133 where luck gives 100 on average: chi-square 14.5, p about 0.002."""
    winners = [[0]] * 133 + [[1]] * 89 + [[2]] * 89 + [[3]] * 89
    (test,) = seat_tests(_games(4, winners))
    assert test.chi2 == pytest.approx((33**2 + 3 * 11**2) / 100)
    assert test.p_value < 0.01
    assert "seat 0 33.2%" in test.sentence() and "the seats differ by more than luck would" in test.sentence()


def test_shared_wins_count_a_share_and_table_sizes_are_tested_apart() -> None:
    records = _games(2, [[0, 1], [0]]) + _games(3, [[2]] * 3)
    two, three = seat_tests(records)
    assert (two.players, two.games, two.wins) == (2, 2, (1.5, 0.5))
    assert (three.players, three.wins) == (3, (0, 0, 3)) and three.p_value < 0.05
