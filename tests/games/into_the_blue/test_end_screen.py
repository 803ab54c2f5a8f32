"""Into the Blue's end screen: each level's treasures as the engine awarded them (R-IB-5), totals as
it scored them, and equal totals sharing the first place (R-IB-6)."""

from __future__ import annotations

import random

import pytest

import fathom
from fathom.games.into_the_blue.end import end_summary


def _finished(seed: int, players: int = 3):
    st = fathom.new_game("into-the-blue", players=players, seed=seed)
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply(st.sample_chance() if st.is_chance_node() else rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("players", [2, 4])
def test_r_ib_5_treasures_level_by_level_and_totals_are_the_engines(players):
    for seed in range(4):
        st = _finished(seed, players)
        end = end_summary(st)
        awards = st.awards()
        assert end["treasures"] == [{"level": a.level, "kind": a.kind, "value": a.value, "seat": a.seat} for a in awards]
        for row in end["seats"]:
            won = sum(a.value for a in awards if a.seat == row["seat"])
            assert row["treasure"] == won
            assert row["total"] == st.scores()[row["seat"]] == row["treasure"] + row["chests"]
        assert {r["seat"] for r in end["seats"] if r["rank"] == 1} == set(st.winners()) == set(end["winners"])


def test_r_ib_6_equal_totals_share_the_place_and_the_win():
    from fathom.core.ranking import competition_ranks

    assert competition_ranks([(12,), (15,), (15,), (3,)]) == [3, 1, 1, 4]
    shared = _finished(21, 2)  # random play, seed 21: a drawn game
    assert len(shared.winners()) == 2
    end = end_summary(shared)
    assert end["shared"] and [r["rank"] for r in end["seats"]] == [1, 1] and end["tie_break"] is None


def test_the_end_screen_waits_for_the_end_chests_are_secret_until_then():
    st = fathom.new_game("into-the-blue", players=2, seed=1)
    with pytest.raises(ValueError, match="finished game"):
        end_summary(st)
