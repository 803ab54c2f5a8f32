"""Bots: registered, legal, seeded, and blind to what their seat may not know."""

from __future__ import annotations

import fathom
import pytest
from fathom.bots.registry import bot_names, make_bot
from fathom.core.rng import Rng
from fathom.games.into_the_blue import actions as A
from itb_helpers import GAME, do, new, turn


def test_registry_offers_random_greedy_and_expert():
    assert {"random", "greedy", "expert"} <= set(bot_names(GAME))
    assert type(make_bot("expert", GAME, seed=3)).__name__ == "IntoTheBlueExpertBot"
    assert type(make_bot("1", GAME, seed=3)).__name__ == "IntoTheBlueGreedyBot"


def test_level_2_is_the_hand_rule_for_the_dice_and_the_exact_expert_stays_by_name():
    """Level 2 chases one target; the expert's exact expectimax (as strong as level 3) is not a level."""
    level2, expert = make_bot("2", GAME, seed=3), make_bot("expert", GAME, seed=3)
    assert (type(level2).name, level2.dice_play) == ("heuristic", "target")
    assert expert.dice_play == "utility"
    with pytest.raises(ValueError, match="heuristic dice_play must be one of"):
        type(level2)(dice_play="psychic")


def play(names, seed, players=4):
    state = new(players=players, seed=seed)
    bots = [make_bot(n, GAME, seed=seed * 10 + i) for i, n in enumerate(names)]
    fathom.play(state, bots)
    return state


def test_bots_play_whole_games_deterministically():
    for seed in range(6):
        a = play(["expert", "greedy", "random", "expert"], seed)
        b = play(["expert", "greedy", "random", "expert"], seed)
        assert a.is_terminal() and a.history() == b.history()


def test_bots_decide_from_the_view_only():
    """A bot's choice must not change when everything its seat cannot know is resampled."""
    for seed in range(8):
        state = new(players=3, seed=seed)
        bots = [make_bot("expert", GAME, seed=1), make_bot("greedy", GAME, seed=2), make_bot("expert", GAME, seed=3)]
        rng = Rng(seed)
        while not state.is_terminal():
            player = state.current_player
            if player == fathom.CHANCE:
                state.apply(state.sample_chance())
                continue
            action = bots[player].choose(state)
            name = type(bots[player]).name
            for _ in range(2):
                on_real = make_bot(name, GAME, seed=5).choose(state)
                assert make_bot(name, GAME, seed=5).choose(state.determinize(player, rng)) == on_real
            state.apply(action)


def test_expert_stops_on_a_perfect_dive_and_never_settles_for_a_failed_dive():
    state = new(players=2, seed=1)
    bot = make_bot("expert", GAME)
    do(state, "roll 1,2,3,4,5,chest")
    assert state.action_to_string(bot.choose(state)) == "stop"
    state = new(players=2, seed=1)
    do(state, "roll 2,2,3,4,5,chest")
    assert state.action_to_string(bot.choose(state)) != "stop"


def test_expert_places_where_the_majority_pays():
    state = new(players=2, seed=2)
    turn(state, "1,2,3,3,3,chest", place=3)  # seat 0: 3 on level 3
    # seat 1 rolls 1,2,3,3,3,3 and stops: 4 shells on level 3 take the lead there
    do(state, "roll 1,1,2,3,3,3", "stop")
    bot = make_bot("expert", GAME)
    assert state.action_to_string(bot.choose(state)) == "place 3"


def test_greedy_beats_random_and_expert_beats_greedy_on_fixed_seeds():
    """A small, deterministic sample (the report's figures come from 2000+ games)."""

    def rate(hero, villain, games):
        wins = 0.0
        for g in range(games):
            names = [villain] * 4
            names[g % 4] = hero
            state = play(names, 500 + g)
            winners = state.winners()
            if g % 4 in winners:
                wins += 1 / len(winners)
        return wins / games

    assert rate("greedy", "random", 40) > 0.5
    assert rate("expert", "greedy", 40) > 0.3


def test_expert_rerolls_for_the_best_expected_outcome_level_2_for_a_single_target():
    """With one reroll left the expert picks up the dice whose roll gives the best average
    of its own outcome values, counted here over every ordered roll of those dice."""
    from itertools import product

    from fathom.games.into_the_blue.bots.expert import IntoTheBlueExpertBot, Position, turn_solution
    from fathom.games.into_the_blue import dice

    state = new(players=2, seed=2)
    turn(state, "1,2,3,3,3,chest", place=3)  # seat 0 leads level 3
    do(state, "roll 1,1,2,2,4,4", "reroll 1,4", "roll 3,5")  # seat 1: 1,2,2,3,4,5 with one reroll left
    view = state.view(1)
    pos = Position(view, 1)
    turn_solution(pos)  # values the extra turn of a perfect dive as the bot does
    table = dice.from_faces(view["turn"]["dice"])

    def average_value(reroll: int) -> float:
        kept = dice.COUNTS[dice.sub(table, reroll)]
        k = dice.SIZE[reroll]
        total = 0.0
        for faces in product(dice.FACES, repeat=k):
            counts = list(kept)
            for f in faces:
                counts[f - 1] += 1
            total += pos.table_value(dice.ID_OF_COUNTS[tuple(counts)])
        return total / 6**k

    options = {a: average_value(a - A.REROLL0) if a != A.STOP else pos.table_value(table)
               for a in state.legal_actions()}
    best = max(options.values())
    choice = make_bot("expert", GAME).choose(state)
    assert options[choice] == pytest.approx(best, abs=1e-3)
    # the single-target rule (level 2) settles for less here
    target_choice = IntoTheBlueExpertBot(dice_play="target").choose(state)
    assert options[target_choice] < best - 0.1
    assert make_bot("heuristic", GAME).choose(state) == target_choice


def test_expert_settings_come_from_the_spec_and_unknown_ones_are_named():
    from fathom.games.into_the_blue.bots.expert import IntoTheBlueExpertBot
    from fathom.bots.specs import build_bot

    bot = build_bot("expert(rival_weight=0.3,end_swing=2)", GAME, 1)
    assert (bot.params.rival_weight, bot.params.end_swing, bot.params.depth_bonus) == (0.3, 2, 0.25)
    with pytest.raises(ValueError, match="allowed: dice_play, rival_weight"):
        IntoTheBlueExpertBot(rival_wieght=0.3)
    with pytest.raises(ValueError, match="utility, target"):
        IntoTheBlueExpertBot(dice_play="greedy")
