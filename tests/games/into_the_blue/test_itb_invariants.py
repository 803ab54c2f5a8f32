"""Random-game invariants over many seeds (``FATHOM_SEEDS=N`` plays N games instead of 300)."""

from __future__ import annotations

import json

import pytest

import fathom
from fathom.bots.random_bot import RandomBot
from fathom.games.into_the_blue.bots.greedy import IntoTheBlueGreedyBot
from fathom.core.rng import Rng
from itb_helpers import GAME, new, seeds

GAMES = seeds(300)
HEAVY_EVERY = 23  # clone / determinize / illegal-action checks on every 23rd step


def bots_for(seed: int, players: int):
    # mostly random (it explores everything), one greedy seat for realistic games
    out = [RandomBot(seed * 7 + s) for s in range(players)]
    out[seed % players] = IntoTheBlueGreedyBot(seed)
    return out


def check_conservation(state: fathom.State) -> None:
    view = state.view(None)
    n = view["players"]
    for s in range(n):
        on_board = sum(level["shells"][s] for level in view["levels"])
        assert on_board + view["seats"][s]["shells_left"] == 12
    taken = sum(seat["chests"] for seat in view["seats"])
    assert taken + view["chests_left"] == 5


def check_views_hide_chests(state: fathom.State, events: bool = False) -> None:
    n = state.game.num_players
    over = state.is_terminal()
    for seat in range(n):
        view = state.view(seat)
        for other in view["seats"]:
            if other["seat"] != seat and not over:
                assert "chest_values" not in other and "score" not in other
        for event in state.events(seat) if events else ():
            if event["type"] == "chest" and event["seat"] != seat and not over:
                assert "value" not in event
    spectator = state.view(None)
    if not over:
        assert all("chest_values" not in s for s in spectator["seats"])


def heavy_checks(state: fathom.State, rng: Rng) -> None:
    n = state.game.num_players
    # clone: equal, and independent
    twin = state.clone()
    assert twin == state and twin.view(None) == state.view(None)
    if not twin.is_terminal():
        before = state.view(None), state.move_number()
        twin.apply(twin.sample_chance(rng) if twin.is_chance_node() else rng.choice(twin.legal_actions()))
        assert (state.view(None), state.move_number()) == before
    # determinize keeps every view of that seat, and gives a legal, playable state
    for seat in range(n):
        det = state.determinize(seat, rng)
        assert det.view(seat) == state.view(seat)
        assert det.current_player == state.current_player
        if not state.is_chance_node():  # the chest pile left is hidden, so chest draws may differ
            assert det.legal_actions() == state.legal_actions()
    # an illegal action raises, says what is allowed, and changes nothing
    if not state.is_terminal():
        legal = set(state.legal_actions())
        illegal = next(a for a in range(len(state.game.action_names)) if a not in legal)
        key = state._key(), state.move_number()
        with pytest.raises(fathom.IllegalActionError, match="allowed now"):
            state.apply(illegal)
        with pytest.raises(fathom.IllegalActionError):
            state.apply("stop")  # not an int id
        assert (state._key(), state.move_number()) == key


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_every_invariant(chunk):
    for seed in range(chunk, GAMES, 4):
        players = 2 + seed % 4
        state = new(players=players, seed=seed)
        bots = bots_for(seed, players)
        rng = Rng(seed + 1000)
        step = 0
        while not state.is_terminal():
            player = state.current_player
            action = state.sample_chance() if player == fathom.CHANCE else bots[player].choose(state)
            state.apply(action)
            step += 1
            if step % HEAVY_EVERY == 0:
                if state.is_chance_node() and state.legal_actions()[0] >= state.game.num_distinct_actions + 923:
                    check_views_hide_chests(state, events=True)  # a chest is being drawn
                check_conservation(state)
                heavy_checks(state, rng)
                check_views_hide_chests(state)
        check_conservation(state)
        check_views_hide_chests(state, events=True)
        heavy_checks(state, rng)
        winners = state.winners()
        totals = state.scores()
        assert winners and all(totals[w] == max(totals) for w in winners)
        # a saved game loads as the same game, with the same views and events
        loaded = fathom.load(state.to_json())
        assert loaded == state
        for seat in [None, *range(players)]:
            assert loaded.view(seat) == state.view(seat)
        assert loaded.events(0) == state.events(0)


def test_same_seed_and_actions_give_the_same_game():
    def play(seed):
        state = new(players=4, seed=seed)
        fathom.play(state, bots_for(seed, 4))
        return state

    for seed in range(5):
        a, b = play(seed), play(seed)
        assert a.history() == b.history() and a == b
        assert a.events(None) == b.events(None)
    assert play(1).history() != play(2).history()


def test_replaying_the_action_log_rebuilds_the_state_and_events():
    state = new(players=3, seed=99)
    fathom.play(state, bots_for(99, 3), max_steps=120)
    replay = new(players=3, seed=99)
    for action in state.history():
        replay.apply(action)
    assert replay == state
    assert replay.events(1) == state.events(1)
    clone = state.clone()
    assert clone.events(1) == state.events(1)  # a clone rebuilds the log by replay


def test_determinize_resamples_only_the_others_chests():
    # Seat 0 takes two chests, seat 1 one; seat 2's determinizations keep seat 2's own view.
    from itb_helpers import turn

    state = new(players=3, seed=3)
    turn(state, "1,2,3,4,5,chest", chest=8)
    turn(state, "1,2,3,4,5,chest", chest=5)
    turn(state, "2,2,2,2,2,2")
    turn(state, "1,2,3,4,5,chest", chest=7)
    seen = set()
    for i in range(200):
        det = state.determinize(1, Rng(i))
        chests = det._chests
        assert chests[1] == (7,)
        assert sorted(chests[0] + tuple(v for v, c in zip(det.game.chest_values, det._pile) for _ in range(c))) \
            == sorted([5, 6, 6, 8])
        seen.add(tuple(sorted(chests[0])))
        assert det.view(1) == state.view(1)
    assert len(seen) > 2  # the others' values really vary


def test_unknown_options_and_bad_player_counts_raise_option_error():
    with pytest.raises(fathom.OptionError, match="unknown option"):
        fathom.new_game(GAME, players=4, seed=1, treasure_values="high")
    for players in (1, 6, "4"):
        with pytest.raises(fathom.OptionError):
            fathom.new_game(GAME, players=players, seed=1)
    assert fathom.new_game(GAME, seed=1).game.num_players == 4


def test_action_space_is_fixed_and_names_round_trip():
    state = new(players=5, seed=1)
    game = state.game
    assert game.num_distinct_actions == 929
    assert game.max_chance_outcomes == 923 + 4 + 5  # rolls, chest values, first seat0..seat4 (R-IB-1)
    for action in range(len(game.action_names)):
        assert state.string_to_action(state.action_to_string(action)) == action
    assert state.string_to_action("reroll chest, 3 1") == state.string_to_action("reroll 1,3,chest")
    with pytest.raises(fathom.IllegalActionError, match="not an action"):
        state.string_to_action("reroll 6")
    assert game.is_chance_action(state.string_to_action("roll 1,1"))
    assert not game.is_chance_action(state.string_to_action("place 5"))


def test_views_are_json_safe():
    state = new(players=4, seed=8)
    fathom.play(state, bots_for(8, 4), max_steps=60)
    for seat in [None, 0, 1, 2, 3]:
        json.dumps(state.view(seat))
        json.dumps(state.events(seat))


def test_precomputed_roll_outcomes_match_the_base_computation():
    """A roll's chance lists come from tables built at import; they must equal what the
    engine API computes from the weights (w / total, exact fractions), for every cup size."""
    from fathom.core.api import State

    state = new(players=3, seed=2)
    seen: set[int] = set()
    for step in range(4000):
        if state.is_terminal():
            state = new(players=3, seed=step)
        if state.is_chance_node():
            key = state.view(None)["turn"]["rolling"] if state.view(None)["turn"]["phase"] == "rolling" else -1
            if key not in seen:
                seen.add(key)
                assert state.chance_outcomes() == State.chance_outcomes(state)
                assert state.exact_chance_outcomes() == State.exact_chance_outcomes(state)
                mine = state.chance_outcomes()
                mine.clear()  # a caller's list is its own: the table behind it is untouched
                assert state.chance_outcomes() == State.chance_outcomes(state)
            state.apply(state.sample_chance())
        else:
            actions = state.legal_actions()
            state.apply(actions[step % len(actions)])
    assert {1, 2, 3, 4, 5, 6} <= seen
