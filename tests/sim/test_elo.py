"""Elo from finishing places: direction, symmetry, intervals."""

from __future__ import annotations

import pytest

from fathom.sim import elo


def game(seats, places):
    winners = [i for i, p in enumerate(places) if p == min(places)]
    return {"seats": list(seats), "places": list(places), "winners": winners,
            "scores": [10.0 - p for p in places], "players": len(seats)}


def test_stronger_bot_rates_higher_and_mean_is_1500() -> None:
    records = [game(("a", "b"), (1, 2))] * 30 + [game(("a", "b"), (2, 1))] * 10
    ratings = {r.bot: r for r in elo.ladder(records, bootstrap=50)}
    assert ratings["a"].elo > ratings["b"].elo
    assert (ratings["a"].elo + ratings["b"].elo) / 2 == pytest.approx(1500)
    # 3:1 odds is about 191 Elo (slightly less with the prior)
    assert 150 < ratings["a"].elo - ratings["b"].elo < 195
    for r in ratings.values():
        assert r.low <= r.elo <= r.high
    assert ratings["a"].win_rate == pytest.approx(0.75)


def test_even_results_give_equal_ratings() -> None:
    records = [game(("a", "b", "c"), (1, 2, 3)), game(("a", "b", "c"), (2, 3, 1)), game(("a", "b", "c"), (3, 1, 2))]
    ratings = {r.bot: r.elo for r in elo.ladder(records * 5, bootstrap=0)}
    assert ratings["a"] == pytest.approx(ratings["b"]) == pytest.approx(ratings["c"])


def test_pairs_of_the_same_bot_are_skipped_and_ties_are_draws() -> None:
    pairs = elo.pair_results([game(("a", "a", "b"), (1, 1, 3))])
    assert pairs == [("a", "b", 1.0), ("a", "b", 1.0)]
    assert elo.pair_results([game(("a", "b"), (1.5, 1.5))]) == [("a", "b", 0.5)]


def test_unbeaten_bot_stays_finite() -> None:
    ratings = elo.ladder([game(("a", "b"), (1, 2))] * 20, bootstrap=20)
    assert all(abs(r.elo) < 5000 for r in ratings)


def test_wilson_interval() -> None:
    lo, hi = elo.wilson(65, 100)
    assert lo < 0.65 < hi and hi - lo < 0.2
    assert elo.wilson(0, 0) == (0.0, 0.0)


def test_wilson_interval_of_never_and_always_is_exactly_closed() -> None:
    # without the exact ends, 0 wins in 11 gave a lower bound of 2.8e-17 and the report's error bars went negative
    for n in range(1, 60):
        assert elo.wilson(0, n)[0] == 0.0 and elo.wilson(n, n)[1] == 1.0
        lo, hi = elo.wilson(0, n)
        assert 0.0 < hi < 1.0
