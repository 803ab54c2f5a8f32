"""The engine API's shared contract, checked on every registered game."""

import json

import pytest

import fathom
from fathom.core.errors import SaveFormatError


@pytest.mark.parametrize("name", fathom.game_names())
def test_unknown_option_lists_allowed(name):
    with pytest.raises(fathom.OptionError, match="allowed"):
        fathom.new_game(name, players=2, seed=1, no_such_option=True)


@pytest.mark.parametrize("name", fathom.game_names())
@pytest.mark.parametrize("players", [1, 6, "4", True])
def test_bad_player_count_says_what_is_allowed(name, players):
    with pytest.raises(fathom.OptionError, match="2 to 5"):
        fathom.new_game(name, players=players, seed=1)


def test_unknown_game_lists_games():
    with pytest.raises(fathom.OptionError, match="deep-blue"):
        fathom.new_game("deeper-blue")


@pytest.mark.parametrize("seed", [-1, 1.5, "7"])
def test_bad_seed(seed):
    with pytest.raises(fathom.OptionError, match="seed"):
        fathom.new_game("deep-blue", seed=seed)


@pytest.mark.parametrize("name", fathom.game_names())
def test_illegal_action_raises_and_changes_nothing(name):
    state = fathom.new_game(name, players=3, seed=4)
    before = state.clone()
    legal = set(state.legal_actions())
    bad = next(a for a in range(len(state.game.action_names)) if a not in legal)
    with pytest.raises(fathom.IllegalActionError, match="allowed now"):
        state.apply(bad)
    with pytest.raises(fathom.IllegalActionError):
        state.apply("1")  # type: ignore[arg-type]
    with pytest.raises(fathom.IllegalActionError, match="not an action"):
        state.string_to_action("fly to the moon")
    assert state == before and state.history() == before.history()


@pytest.mark.parametrize("name", fathom.game_names())
def test_chance_probabilities_sum_to_one_and_exact(name):
    state = fathom.new_game(name, players=2, seed=3)
    assert state.current_player == fathom.CHANCE
    outcomes = state.exact_chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert [a for a, _ in state.chance_outcomes()] == [a for a, _ in outcomes]


def test_load_rejects_bad_saves_clearly():
    with pytest.raises(SaveFormatError, match="invalid JSON"):
        fathom.load("{not json")
    with pytest.raises(SaveFormatError, match="format"):
        fathom.load(json.dumps({"game": "deep-blue"}))
    good = json.loads(fathom.new_game("deep-blue", players=2, seed=1).to_json())
    good["actions"] = ["gem red"]
    with pytest.raises(SaveFormatError, match="action #0"):
        fathom.load(json.dumps(good))


def test_play_needs_one_bot_per_seat():
    state = fathom.new_game("deep-blue", players=3, seed=1)
    with pytest.raises(fathom.OptionError, match="3 bots"):
        fathom.play(state, [])


@pytest.mark.parametrize("name", fathom.game_names())
def test_events_are_the_same_recorded_or_rebuilt_by_replay(name):
    from fathom.bots import make_bot

    recorded = fathom.new_game(name, players=3, seed=8)
    silent = fathom.new_game(name, players=3, seed=8, record_events=False)
    for state in (recorded, silent):
        fathom.play(state, [make_bot("random", name, seed=i) for i in range(3)], max_steps=150)
    assert silent == recorded
    for seat in (None, 0, 1, 2):
        assert silent.events(seat) == recorded.events(seat)


@pytest.mark.parametrize("name", fathom.game_names())
def test_legal_actions_are_sorted_unique_and_in_range_at_every_step(name):
    from fathom.bots import make_bot

    for seed in range(6):
        state = fathom.new_game(name, players=2 + seed % 4, seed=seed, record_events=False)
        bots = [make_bot("random", name, seed=seed * 10 + i) for i in range(state.game.num_players)]
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal and legal == sorted(set(legal))
            if state.is_chance_node():
                assert all(a >= state.game.num_distinct_actions for a in legal)
                action = state.sample_chance()
            else:
                assert all(0 <= a < state.game.num_distinct_actions for a in legal)
                action = bots[state.current_player].choose(state)
            state.apply(action)


@pytest.mark.parametrize("name", fathom.game_names())
def test_movers_name_who_made_each_move_of_a_loaded_save(name):
    from fathom.bots import make_bot
    from fathom.core.api import CHANCE

    state = fathom.new_game(name, players=3, seed=5)
    movers = []
    bots = [make_bot("random", name, seed=i) for i in range(3)]
    for _ in range(120):
        movers.append(state.current_player)
        state.apply(state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state))
    assert fathom.load(state.to_json()).movers() == movers  # a save keeps only actions: its authors are replayed
    assert CHANCE in movers and {0, 1, 2} <= set(movers)



@pytest.mark.parametrize("name", fathom.game_names())
def test_a_whole_game_pickles_for_a_worker_process_and_plays_on_alike(name):
    """The server hands positions to its bot workers by pickling them. A 5-player Deep Blue game runs
    past a thousand steps, deeper than a history nested pair in pair could pickle (the workers failed
    and a random move was played instead): the state must cross whole and play on alike."""
    import pickle
    import random
    import sys

    from fathom.core.api import CHANCE

    def step(state, pick):
        state.apply(state.sample_chance() if state.current_player == CHANCE else pick.choice(state.legal_actions()))

    state = fathom.new_game(name, players=5, seed=5)
    pick = random.Random(5)
    while not state.is_terminal():
        step(state, pick)
    if name == "deep-blue":
        assert state.move_number() > sys.getrecursionlimit()
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.history() == state.history() and copy.to_json() == state.to_json()
    midway = state.replayed(state.move_number() // 2)
    moved = pickle.loads(pickle.dumps(midway))
    for position in (moved, midway):
        pick = random.Random(1)
        for _ in range(50):
            step(position, pick)
    assert moved == midway and moved.view(0) == midway.view(0)
