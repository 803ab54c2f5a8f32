"""Into the Blue review: keep-or-reroll choices valued as the expert values rolls, with exact dice odds."""

from __future__ import annotations

import pytest

from fathom.bots.registry import make_bot
from fathom.core.api import State
from fathom.core.driver import play
from fathom.core.registry import new_game
from fathom.games.into_the_blue.review import DiceChoice, dice_choices


@pytest.fixture(scope="module")
def game() -> State:
    state = new_game("into-the-blue", players=3, seed=5)
    return play(state, [make_bot(name, "into-the-blue", seed=seat)
                        for seat, name in enumerate(("expert", "heuristic", "random"))])


def test_a_choice_gives_up_the_difference_to_the_best() -> None:
    choice = DiceChoice(move=4, dice="1,2,2,4,5,chest", rerolls_left=1, played="stop", best="reroll 2",
                        played_value=3.0, best_value=4.25)
    assert choice.given_up == pytest.approx(1.25)


def test_the_expert_plays_as_its_own_values_say_and_the_others_give_points_up(game: State) -> None:
    expert, single_target, random = (dice_choices(game, seat) for seat in range(3))
    assert expert and all(c.given_up < 1e-9 and c.played == c.best for c in expert)
    assert sum(c.given_up for c in random) > sum(c.given_up for c in single_target) > 0
    for c in expert + single_target + random:
        assert c.rerolls_left >= 1 and c.played_value <= c.best_value + 1e-9


def test_the_review_reads_only_the_reviewed_seats_view(game: State, views_asked: set) -> None:
    assert dice_choices(game, 2)
    assert views_asked == {2}  # never another seat's chests
