"""Deep Blue review: every leader call of a seat, weighed from that seat's view with the exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fathom.bots.registry import make_bot
from fathom.core.api import State
from fathom.core.driver import play
from fathom.core.registry import new_game
from fathom.games.deep_blue.review import LeaderCall, leader_calls

BOTS = ("heuristic", "random", "greedy", "random")


@pytest.fixture(scope="module")
def game() -> State:
    state = new_game("deep-blue", players=4, seed=6, first_player=0)  # the deal these checks were written from
    return play(state, [make_bot(name, "deep-blue", seed=seat) for seat, name in enumerate(BOTS)])


def test_a_call_gives_up_what_the_better_one_would_have_kept() -> None:
    call = LeaderCall(move=9, site="S1", gems_drawn=3, risk=Fraction(1, 6), stop_vp=9.0, continue_vp=10.5,
                      played="stop")
    assert call.best == "continue" and call.given_up == pytest.approx(1.5)
    assert LeaderCall(9, "S1", 3, Fraction(1, 6), 9.0, 10.5, "continue").given_up == 0


def test_every_leader_call_is_found_and_weighed(game: State) -> None:
    want = sum(1 for a in game.history() if a in (game.game.A_CONTINUE, game.game.A_STOP))
    calls = [call for seat in range(4) for call in leader_calls(game, seat)]
    assert len(calls) == want > 10
    for call in calls:
        assert call.given_up >= 0 and 0 <= call.risk <= 1
        if call.risk == 0 and call.gems_drawn:  # no hazard can strike: one more gem never costs VP
            assert call.continue_vp >= call.stop_vp


def test_the_exact_rule_of_level_2_agrees_with_the_review_and_a_random_leader_does_not(game: State) -> None:
    careful = leader_calls(game, 0)  # level 2 calls by the capped exact optimal stopping
    reckless = leader_calls(game, 1) + leader_calls(game, 3)
    assert careful and sum(c.given_up for c in careful) < 1.0
    assert sum(c.given_up for c in reckless) > 5 * max(1.0, sum(c.given_up for c in careful))


def test_the_review_reads_only_the_reviewed_seats_view(game: State, views_asked: set) -> None:
    assert leader_calls(game, 0)
    assert views_asked == {0}


def test_the_review_as_json_keeps_every_field_and_the_derived_ones(game: State) -> None:
    import json

    from fathom.review import WORTH_A_LOOK, review_json

    review = review_json(game, 1)
    calls = leader_calls(game, 1)
    assert review["kind"] == "leader-calls" and review["seat"] == 1 and len(review["rows"]) == len(calls) > 0
    row, call = review["rows"][0], calls[0]
    assert row["risk"] == float(call.risk) and isinstance(row["risk"], float)
    assert row["best"] == call.best and row["given_up"] == call.given_up and row["played"] == call.played
    assert review["worth_a_look"] == WORTH_A_LOOK == 0.05  # the web page marks calls by the same threshold
    assert json.loads(json.dumps(review)) == review  # plain JSON, no Fraction left
