"""OpenSpiel games: OpenSpiel's random-simulation checks, resampling, and MCTS / ISMCTS full games."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import fathom
import fathom.rl.openspiel as fo


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_sim_into_the_blue(players: int) -> None:
    game = fo.load_game("into-the-blue", players=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players,params", [
    (2, {}),  # one whole game
    (3, {"max_moves": 250, "scenario": "scattered-wealth", "hidden_scores": True}),
    (4, {"max_moves": 250, "scenario": "storm", "reward": "score"}),
    (5, {"max_moves": 200, "one_count_card_per_dive": True}),
])
def test_random_sim_deep_blue(players: int, params: dict) -> None:
    game = fo.load_game("deep-blue", players=players, **params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=bool(params), verbose=False)


def test_load_by_string_and_parameters() -> None:
    game = pyspiel.load_game("python_fathom_deep_blue(players=3,scenario=storm)")
    assert game.num_players() == 3
    assert game.get_parameters()["scenario"] == "storm"
    assert game.num_distinct_actions() == game.spec.game.num_distinct_actions
    itb = pyspiel.load_game("python_fathom_into_the_blue", {"players": 2})
    assert itb.observation_tensor_size() == itb.spec.encoder.size
    assert itb.get_type().provides_information_state_string
    assert not itb.get_type().provides_information_state_tensor


def test_chance_ids_are_shifted_and_probabilities_exact() -> None:
    game = fo.load_game("into-the-blue", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
    fs = state.fathom_state
    assert [a + game.num_distinct_actions() for a, _ in outcomes] == sorted(a for a, _ in fs.chance_outcomes())
    # R-IB-1: setup's first chance node draws the first player; then the first roll
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes] == ["first seat0", "first seat1"]
    assert [p for _, p in outcomes] == [0.5, 0.5]
    state.apply_action(outcomes[1][0])
    assert state.is_chance_node() and fs.current_player == fathom.CHANCE
    a = state.chance_outcomes()[0][0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, a).startswith("roll ")
    assert all(0 <= a < game.max_chance_outcomes() for a, _ in state.chance_outcomes())


def _play_until_private(game, rng, want) -> pyspiel.State:
    """Random play until ``want(state)`` holds at a decision node."""
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                if want(state):
                    return state
                state.apply_action(int(rng.choice(state.legal_actions())))


def test_resample_keeps_what_the_player_knows() -> None:
    rng = np.random.default_rng(0)
    game = fo.load_game("into-the-blue", players=3)
    # a position where some seat holds a chest (a hidden value to the others)
    state = _play_until_private(game, rng, lambda s: any(s.fathom_state._chests) and s.move_number() > 30)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for player in range(3):
        info = state.information_state_string(player)
        obs = state.observation_tensor(player)
        for _ in range(5):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == info
            assert other.observation_tensor(player) == obs
            assert other.observation_string(player) == state.observation_string(player)
            assert other.legal_actions() == state.legal_actions()


def test_information_state_separates_private_draws() -> None:
    """Two games that differ only in a chest value: the drawer's infostates differ, the others' agree."""
    game = fo.load_game("into-the-blue", players=2)
    rng = np.random.default_rng(3)
    while True:  # random play up to a chest draw with more than one possible value
        s = game.new_initial_state()
        while not s.is_terminal() and not (s.is_chance_node() and s.fathom_state._phase == 3):
            if s.is_chance_node():
                actions, probs = zip(*s.chance_outcomes())
                s.apply_action(int(rng.choice(actions, p=probs)))
            else:
                s.apply_action(int(rng.choice(s.legal_actions())))
        if not s.is_terminal() and len(s.chance_outcomes()) > 1:
            state = s
            break
    drawer = state.fathom_state._player
    (a1, _), (a2, _) = state.chance_outcomes()[:2]
    s1, s2 = state.child(a1), state.child(a2)
    other = 1 - drawer
    assert s1.information_state_string(drawer) != s2.information_state_string(drawer)
    assert s1.information_state_string(other) == s2.information_state_string(other)


def _play_with_bots(game, bots, seed: int) -> pyspiel.State:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            bot = bots[state.current_player()]
            action = bot.step(state) if bot is not None else rng.choice(state.legal_actions())
            state.apply_action(int(action))
    return state


def test_mcts_and_ismcts_play_full_games_of_into_the_blue() -> None:
    game = fo.load_game("into-the-blue", players=2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=np.random.RandomState(1)),
        ismcts.ISMCTSBot(game, evaluator, 2.0, 12, random_state=np.random.RandomState(2)),
    ]
    state = _play_with_bots(game, bots, seed=0)
    assert state.is_terminal() and sorted(state.returns()) in ([-1.0, 1.0], [1.0, 1.0])


def test_mcts_and_ismcts_play_a_full_game_of_deep_blue() -> None:
    game = fo.load_game("deep-blue", players=2)
    evaluator = fo.ScoreEvaluator(scale=10.0)
    bots = [
        mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(1)),
        ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(2)),
    ]
    state = _play_with_bots(game, bots, seed=1)
    assert state.is_terminal() and state.fathom_state.is_terminal()


def test_max_moves_cuts_the_game_and_scores_the_position() -> None:
    game = fo.load_game("deep-blue", players=3, max_moves=120, reward="score")
    state = _play_with_bots(game, [None, None, None], seed=4)
    assert state.move_number() == 120 and not state.fathom_state.is_terminal()
    assert abs(sum(state.returns())) < 1e-9
