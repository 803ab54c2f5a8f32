"""Deep Blue's research oracle (its plugin's ``oracle`` part): it searches the real hands with an unknown future."""

from __future__ import annotations

from fathom.bots.ismcts import ISMCTSBot
from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, State
from fathom.core.plugins import known
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.games.deep_blue.oracle import HandsOracle


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
    told = [HandsOracle().sample_world(state, seat, Rng(k)) for k in range(12)]
    rivals = [q for q in range(4) if q != seat]
    for world in told:
        assert [world.hands[q] for q in rivals] == [state.hands[q] for q in rivals]
        assert [world.rests[q] for q in rivals] == [state.rests[q] for q in rivals]
        assert world.seed != state.seed
    assert any([w.hands[q] for q in rivals] != [state.hands[q] for q in rivals] for w in fair)
    assert all(w.view(seat) == state.view(seat) for w in fair + told)


def test_the_plugin_names_the_oracle() -> None:
    assert known("deep-blue").load("oracle") is HandsOracle
