"""The hands oracle (research only): it searches the real hands with an unknown future; the tool pairs it with
the fair search on the same deals."""

from __future__ import annotations

import pytest

from fathom.bots.ismcts import ISMCTSBot
from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, State
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.sim import oracles


def position_with_secret_hands() -> tuple[State, int]:
    """A 4-player position where some rival's cards could be split between hand and rest in several ways."""
    state = new_game("deep-blue", players=4, seed=21, record_events=False)
    bots = [build_bot("heuristic", "deep-blue", s) for s in range(4)]
    while True:
        p = state.current_player
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        if state.move_number() > 150 and any(
                sum(state.unknown_pool(q)[0]) > state.unknown_pool(q)[1] > 0 for q in range(4) if q != p):
            return state, p
        state.apply(bots[p].choose(state))


def test_oracle_worlds_hold_the_real_hands_and_a_fresh_future() -> None:
    state, seat = position_with_secret_hands()
    fair = [ISMCTSBot().sample_world(state, seat, Rng(k)) for k in range(12)]
    known = [oracles.HandsOracle().sample_world(state, seat, Rng(k)) for k in range(12)]
    rivals = [q for q in range(4) if q != seat]
    for world in known:
        assert [world.hands[q] for q in rivals] == [state.hands[q] for q in rivals]
        assert [world.rests[q] for q in rivals] == [state.rests[q] for q in rivals]
        assert world.seed != state.seed
    assert any([w.hands[q] for q in rivals] != [state.hands[q] for q in rivals] for w in fair)
    assert all(w.view(seat) == state.view(seat) for w in fair + known)


def test_paired_measurement_is_reproducible() -> None:
    run = dict(game="deep-blue", games=4, seed=5, opponent="greedy", iterations=3, workers=1)
    first = oracles.measure(**run)
    assert first == oracles.measure(**run)
    assert first["games"] == 4 and 0.0 <= first["oracle"] <= 1.0 and 0.0 <= first["fair"] <= 1.0
    assert abs(first["difference"] - (first["oracle"] - first["fair"])) < 1e-9


def test_paired_difference_and_interval() -> None:
    a = {(0, 0): 1.0, (0, 1): 0.0, (0, 2): 1.0, (0, 3): 0.5}
    b = {(0, 0): 0.0, (0, 1): 0.0, (0, 2): 1.0, (0, 3): 0.5, (9, 9): 1.0}  # (9, 9) unpaired: left out
    rate_a, rate_b, diff, half = oracles.paired(a, b)
    assert (rate_a, rate_b, diff) == (0.625, 0.375, 0.25)
    assert abs(half - 1.96 * 0.5 / 2) < 1e-9  # differences 1, 0, 0, 0: sd 0.5 over 4 games


def test_bad_arguments_say_what_is_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, says in ((["--game", "deep-blue", "--games", "0"], "--games must be at least 1"),
                       (["--game", "deep-blue", "--opponent", "nobody"], "allowed:")):
        with pytest.raises(SystemExit):
            oracles.main(argv)
        assert says in capsys.readouterr().err
