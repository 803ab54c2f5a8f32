"""Every shipped bot finishes games of both games; levels; ISMCTS budget, determinism, no side effects."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

import fathom
from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.bots.greedy import DeepBlueGreedyBot
from fathom.bots.ismcts import ISMCTSBot
from fathom.bots.ismcts_policies import GenericPolicy, policy_for_game
from fathom.games.deep_blue.bots.search import SAIL_PLAN
from fathom.bots.registry import BOT_LEVELS, make_bot
from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE
from fathom.core.errors import OptionError
from fathom.core.rng import Rng
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.data import DEFAULT_DATA_FILE


def test_levels() -> None:
    assert BOT_LEVELS == {0: "random", 1: "greedy", 2: "heuristic", 3: "ismcts"}
    for game in ("deep-blue", "into-the-blue"):
        assert isinstance(make_bot("3", game, seed=1), ISMCTSBot)
        assert make_bot("2", game, seed=1) is not None


@pytest.mark.parametrize("game,players,bots", [
    ("deep-blue", 2, ["heuristic", "greedy"]),
    ("deep-blue", 5, ["heuristic", "random", "greedy", "heuristic", "random"]),
    ("into-the-blue", 3, ["heuristic", "greedy", "random"]),
])
def test_bots_finish_games(game: str, players: int, bots: list[str]) -> None:
    state = fathom.new_game(game, players=players, seed=17, record_events=False)
    fathom.play(state, [build_bot(b, game, s) for s, b in enumerate(bots)], max_steps=100_000)
    assert state.is_terminal() and state.winners()


def position(game: str, seed: int, skip: int, **options):
    """A decision of a greedy game after ``skip`` decisions (a key decision for ISMCTS)."""
    state = fathom.new_game(game, players=3, seed=seed, **options)
    bots = [build_bot("greedy", game, s) for s in range(3)]
    policy = policy_for_game(state.game)
    k = 0
    while True:
        p = state.current_player
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        if len(state.legal_actions()) > 1 and policy.key_decision(state):
            k += 1
            if k > skip:
                return state
        state.apply(bots[p].choose(state))


@pytest.mark.parametrize("root", ["ucb", "halving"])
@pytest.mark.parametrize("game", ["deep-blue", "into-the-blue"])
def test_ismcts_is_reproducible_and_leaves_the_state_alone(game: str, root: str) -> None:
    state = position(game, 3, 4)
    key, seed, moves = state._key(), state.seed, state.move_number()
    a = ISMCTSBot(seed=5, iterations=16, root=root).choose(state)
    assert state._key() == key and state.seed == seed and state.move_number() == moves
    assert a in state.legal_actions()
    assert ISMCTSBot(seed=5, iterations=16, root=root).choose(state) == a


def test_ismcts_budget_and_stats() -> None:
    state = position("deep-blue", 4, 2)
    bot = ISMCTSBot(seed=1, iterations=24, root="ucb")
    bot.choose(state)
    assert bot.last_stats["iterations"] == 24
    assert sum(bot.last_stats["visits"].values()) == 24
    halving = ISMCTSBot(seed=1, iterations=24, root="halving")
    halving.choose(state)
    assert halving.last_stats["iterations"] <= 24 + len(state.legal_actions())
    timed = ISMCTSBot(seed=1, seconds=0.05)
    timed.choose(state)
    assert timed.last_stats["seconds"] < 1.0


def test_generic_policy_plays_any_game() -> None:
    for game in ("deep-blue", "into-the-blue"):
        state = position(game, 6, 1)
        bot = ISMCTSBot(seed=2, iterations=6, policy=GenericPolicy(state.game, seed=2, horizon=40))
        assert bot.choose(state) in state.legal_actions()


def test_r_db_18_hidden_totals_are_counted_by_the_search_not_guessed() -> None:
    """Every scoring event is public (R-DB-18): the engine's determinization keeps each total, and
    the search leaves it as it is, while the seat's view still hides the rivals' totals."""
    state = position("deep-blue", 8, 40, hidden_scores=True)
    assert sum(state.vp) > 0  # some dives scored
    policy = policy_for_game(state.game)
    seat = state.current_player
    det = state.determinize(seat, Rng(3))
    policy.sanitize(det, seat)
    assert det.vp == state.vp
    counted = [0] * 3
    for event in state.events(seat):
        if event["type"] == "dive-scored":
            counted[event["seat"]] += event["vp"]
    assert counted == state.vp
    assert [p["vp"] for p in state.view(seat)["seats"]] == [v if p == seat else None for p, v in enumerate(state.vp)]


def test_level_three_is_quick() -> None:
    """Level 3's default budget stays well under a second per searched move (0.3 s on a free core)."""
    bot = make_bot("3", "deep-blue", seed=1)
    spent = []
    for skip in (1, 3, 5):
        state = position("deep-blue", 9, skip)
        t = time.process_time()
        bot.choose(state)
        spent.append(time.process_time() - t)
    assert sum(spent) / len(spent) < 1.0


def test_halving_with_a_time_budget_stays_in_time_and_spreads_playouts() -> None:
    state = position("deep-blue", 4, 2)
    bot = ISMCTSBot(seed=1, seconds=0.2, root="halving")
    bot.choose(state)
    stats = bot.last_stats
    assert stats["seconds"] < 1.5
    assert min(stats["visits"].values()) >= 1  # every candidate was tried


def test_deep_blue_playouts_look_two_rounds_ahead_and_finish_a_dive() -> None:
    """The default horizon: every seat's next two turns (measured stronger than one round, docs/bots.md)."""
    state = position("deep-blue", 4, 2)
    policy = policy_for_game(state.game)
    n = state.game.num_players
    assert policy.turns == 2 * n
    seat = state.current_player
    det = state.determinize(seat, Rng(7))
    start = policy.start_marker(det, seat)
    turns_seen, last = 0, det.turn
    end = policy.rollout(det, seat, start, Rng(8))
    assert not end.is_terminal()
    replay = state.determinize(seat, Rng(7))
    for action in end.history()[replay.move_number():]:
        replay.apply(action)
        if replay.turn != last:
            turns_seen, last = turns_seen + 1, replay.turn
    assert turns_seen == 2 * n and end.d_site < 0  # stopped at the horizon, no dive left half done
    assert policy_for_game(state.game, horizon=3).turns == 3


def test_into_the_blue_search_places_and_leaves_the_dice_to_the_exact_expert() -> None:
    """Dice choices are the expert's exact expectimax (searching them measured weaker);
    placements are searched, and playouts of one scenario roll the same dice after any placement."""
    game = "into-the-blue"
    expert = make_bot("expert", game, seed=1)
    state = fathom.new_game(game, players=3, seed=4, first_player=0)
    state.apply(state.string_to_action("roll 1,2,2,3,4,chest"))
    bot = ISMCTSBot(seed=3, iterations=20)
    assert bot.choose(state) == expert.choose(state) and bot.last_stats == {}  # not searched
    state.apply(state.string_to_action("stop"))  # two 2s or one 3 or one 4: a choice of level
    assert len(state.legal_actions()) > 1
    bot.choose(state)
    assert bot.last_stats["iterations"] >= 20 and set(bot.last_stats["visits"]) == set(state.legal_actions())
    policy = policy_for_game(state.game)
    rolls = []
    for action in state.legal_actions()[:2]:
        det = state.determinize(0, Rng(5))
        det.apply(action)
        first = det.move_number()
        end = policy.rollout(det, 0, policy.start_marker(det, 0), Rng(6))
        played = [end.action_to_string(a) for a in end.history()[first:]]
        rolls.append(next(move for move in played if move.startswith("roll")))
    assert rolls[0] == rolls[1]  # the next seat's first roll is the same in both playouts


def test_deep_blue_playouts_can_model_rivals_with_the_full_heuristic() -> None:
    """``rivals_full``: every rival move of a playout is what the level-2 bot would play
    there; ``rival_lookahead=5`` (level 2's dive look-ahead) makes every rival turn and
    scouting choice level 2's; the default fast rivals differ from it somewhere in the
    same playouts."""
    state = position("deep-blue", 4, 2)
    seat = state.current_player
    turn_choices = {ph.TURN, ph.SCOUT}

    def rival_moves_unlike_level_two(phases: set[int] | None = None, **settings: Any) -> tuple[int, int]:
        policy = policy_for_game(state.game, **settings)
        moves = unlike = 0
        for k in range(4):
            det = state.determinize(seat, Rng(7 + k))
            first = det.move_number()
            replay = det.clone()
            end = policy.rollout(det, seat, policy.start_marker(det, seat), Rng(8 + k))
            for action in end.history()[first:]:
                player = replay.current_player
                if (player not in (CHANCE, seat) and len(replay.legal_actions()) > 1
                        and (phases is None or replay.phase in phases)):
                    moves += 1
                    unlike += policy.bot.choose(replay) != action
                replay.apply(action)
        return moves, unlike

    moves, unlike = rival_moves_unlike_level_two(rivals_full=True)
    assert moves > 0 and unlike == 0
    assert rival_moves_unlike_level_two()[1] > 0
    moves, unlike = rival_moves_unlike_level_two(turn_choices, rival_lookahead=5)
    assert moves > 0 and unlike == 0
    assert rival_moves_unlike_level_two(turn_choices)[1] > 0


def play_heuristics_until(state, done) -> None:
    """Play a Deep Blue game with level-2 bots in every seat until ``done()`` holds (before the end)."""
    bots = [build_bot("heuristic", "deep-blue", s) for s in range(state.game.num_players)]
    while not done():
        assert not state.is_terminal()
        p = state.current_player
        state.apply(state.sample_chance() if p == CHANCE else bots[p].choose(state))


def test_deep_blue_search_can_plan_its_own_seat_recruiting_less_than_level_two() -> None:
    """``own_cycle=7`` (7 turns between a card's uses, level 2 counts 4): the searching seat's own
    plans, the turn it starts from and the candidates it searches, value a crew card less, so
    where level 2 would recruit it looks elsewhere; by default it plans like level 2."""
    state = fathom.new_game("deep-blue", players=3, seed=4)
    policy = policy_for_game(state.game, own_cycle=7)
    recruit = state.game.A_RECRUIT
    play_heuristics_until(state, lambda: state.phase == ph.TURN and policy.bot.choose(state) in recruit
                          and policy.prior_action(state) not in recruit)
    assert policy.own_bot.params.cycle == 7.0 and policy.bot.params.cycle == 4.0
    level_two = policy_for_game(state.game)
    assert level_two.prior_action(state) == policy.bot.choose(state)
    legal = state.legal_actions()
    assert policy.prior_action(state) in policy.candidates(state, legal, None)


def test_deep_blue_search_can_play_its_own_later_turns_in_playouts_recruiting_less() -> None:
    """``own_playout_cycle=7``: only the searching seat's moves *inside playouts* value a crew card
    over 7 turns; the turn it starts from, the candidates and the rivals' model stay level 2's."""
    state = fathom.new_game("deep-blue", players=3, seed=4)
    policy = policy_for_game(state.game, own_playout_cycle=7)
    level_two = policy_for_game(state.game)
    recruit = state.game.A_RECRUIT
    play_heuristics_until(state, lambda: state.phase == ph.TURN and policy.bot.choose(state) in recruit
                          and policy.own_fast_bot.choose(state) not in recruit)
    seat = state.current_player
    assert policy.own_fast_bot.params.cycle == 7.0 and policy.own_bot.params.cycle == 4.0
    assert policy.prior_action(state) == level_two.prior_action(state) in recruit
    assert policy.playout_action(state, seat, None) not in recruit  # its own turn, as played in a playout
    searcher = (seat + 1) % 3  # the seat to move is then a rival, modelled as level 2 by both
    assert policy.playout_action(state, searcher, None) == level_two.playout_action(state, searcher, None)


def test_deep_blue_search_can_leave_continue_or_stop_to_the_heuristic() -> None:
    """``search_continue=False``: the leader's call is the heuristic's exact optimal stopping."""
    state = fathom.new_game("deep-blue", players=3, seed=5)
    play_heuristics_until(state, lambda: state.phase == ph.CONTINUE and len(state.legal_actions()) > 1)
    policy = policy_for_game(state.game, search_continue=False)
    assert policy_for_game(state.game).key_decision(state) and not policy.key_decision(state)
    bot = ISMCTSBot(seed=1, iterations=8, search_continue=False)
    assert bot.choose(state) == policy.bot.choose(state) and bot.last_stats == {}
    spec_bot = build_bot("ismcts(iterations=8,search_continue=False)", "deep-blue", 1)  # Python spelling
    assert spec_bot.choose(state) == policy.bot.choose(state) and spec_bot.last_stats == {}


def test_search_settings_of_the_wrong_kind_are_refused() -> None:
    """Text such as 'False' for a switch once switched it on silently; now it says what is allowed."""
    game = fathom.new_game("deep-blue", players=3, seed=5).game
    with pytest.raises(OptionError, match="'search_continue' is true or false, not 'no'"):
        policy_for_game(game, search_continue="no")
    with pytest.raises(OptionError, match="'sail_plans' is a number, not 'many'"):
        policy_for_game(game, sail_plans="many")
    with pytest.raises(OptionError, match="'max_candidates' is a number, not True"):
        policy_for_game(game, max_candidates=True)
    with pytest.raises(OptionError, match="no setting 'sail_plan' for deep-blue; allowed: .*sail_plans"):
        policy_for_game(game, sail_plan=3)
    with pytest.raises(OptionError, match="heuristic setting 'cycle' is a number, not '7 turns'"):
        build_bot("heuristic(cycle=7 turns)", "deep-blue", 1)
    with pytest.raises(OptionError, match="heuristic has no setting 'cylce'; allowed: .*cycle"):
        build_bot("heuristic(cylce=7)", "deep-blue", 1)
    assert policy_for_game(game, sail_plans=3, own_cycle=7.0).sail_plans == 3
    assert build_bot("heuristic(cycle=7)", "deep-blue", 1).params.cycle == 7
    with pytest.raises(OptionError, match="greedy has no setting 'depth'; it takes none"):
        build_bot("greedy(depth=2)", "deep-blue", 1)
    with pytest.raises(OptionError, match="expert has no setting 'x'; allowed: dice_play"):
        build_bot("expert(x=1)", "into-the-blue", 1)


def test_into_the_blue_search_dice_compares_stop_the_expert_and_the_best_rerolls() -> None:
    """``search_dice=True`` (measured weaker, kept to re-measure): rerolls are searched among
    stop, the expert's pick and the few best by the expert's exact expected value."""
    state = fathom.new_game("into-the-blue", players=3, seed=4, first_player=0)
    state.apply(state.string_to_action("roll 1,2,2,3,4,chest"))
    policy = policy_for_game(state.game, search_dice=True)
    assert policy.key_decision(state) and not policy_for_game(state.game).key_decision(state)
    legal = state.legal_actions()
    prior = policy.prior_action(state)
    kept = policy.candidates(state, legal, prior)
    stop = state.string_to_action("stop")
    assert len(legal) > policy.max_candidates + 2
    assert stop in kept and prior in kept and len(kept) <= policy.max_candidates + 2


def test_deep_blue_search_compares_other_sail_plans_and_sails_the_chosen_one() -> None:
    """Where to sail is searched as part of the turn: besides plain ``sail`` (the heuristic's own
    plan) the root compares the heuristic's next best plans that end on other wrecks; the one
    chosen is then sailed step by step in the real game, exactly as it was played in the search."""
    state = fathom.new_game("deep-blue", players=3, seed=6)
    policy = policy_for_game(state.game)
    game = state.game

    def offers_other_plans() -> bool:
        return (state.phase == ph.TURN and game.A_SAIL in state.legal_actions()
                and SAIL_PLAN + 1 in policy.candidates(state, state.legal_actions(), None))

    play_heuristics_until(state, offers_other_plans)
    seat, T, bot = state.current_player, ev.tables_for(state), policy.own_bot
    budget = bot.sources(state, T, seat, "props")
    plans = bot.sail_plans(state, T, seat, budget, 3)
    assert plans[0] == bot.sail_plan(state, T, seat, budget)  # plain sail is the heuristic's plan
    wrecks = [frozenset(n for n in plan[:2] if state.site_tile[n] != -1) for _, plan in plans]
    assert len(set(wrecks)) == len(plans) >= 2
    assert [v for v, _ in plans[1:]] == sorted((v for v, _ in plans[1:]), reverse=True)
    assert all(plan[2] <= budget for _, plan in plans)

    searched = state.clone()
    policy.apply_candidate(searched, SAIL_PLAN + 1, seat)
    d0, d1, _ = plans[1][1]
    names = game.components.node_ids
    legs = [f"boat{b + 1} stays at {names[d]}" if d == state.boat_node[2 * seat + b] else f"boat{b + 1} to {names[d]}"
            for b, d in enumerate((d0, d1))]
    said = policy.describe_candidate(state, SAIL_PLAN + 1)  # what a hint shows
    assert said["text"] == "sail: " + ", ".join(legs)
    assert said["sail_to"] == [[names[d], d == state.boat_node[2 * seat + b]] for b, d in enumerate((d0, d1))]
    assert policy.commit(state, SAIL_PLAN + 1) == game.A_SAIL
    state.apply(game.A_SAIL)
    while state.current_player == seat and state.phase in (ph.SAIL_PAY, ph.SAIL_MOVE):
        step = policy.planned_action(state)
        assert step in state.legal_actions()
        state.apply(step)
    assert policy.planned_action(state) is None  # the sail is over: decide afresh
    assert state.boat_node[2 * seat: 2 * seat + 2] == [d0, d1] == searched.boat_node[2 * seat: 2 * seat + 2]
    assert state.hands[seat] == searched.hands[seat] and state.tokens == searched.tokens
    assert SAIL_PLAN + 1 not in policy_for_game(game, sail_plans=1).candidates(state, state.legal_actions(), None)


def test_a_committed_sail_plan_is_dropped_at_the_next_turn() -> None:
    """A plan remembered from one turn never steers a later sail (e.g. one the search did not choose)."""
    state = fathom.new_game("deep-blue", players=3, seed=6)
    policy = policy_for_game(state.game)
    play_heuristics_until(state, lambda: state.phase == ph.TURN and state.game.A_SAIL in state.legal_actions())
    policy._plans = [(0, 0, 1), (0, 0, 1)]
    policy.commit(state, SAIL_PLAN + 1)
    assert policy.planned_action(state) is None and policy._committed is None


def test_sail_plans_are_searched_at_a_turn_with_few_choices_too() -> None:
    """With no more legal turn actions than ``max_candidates`` every one is searched, and sailing
    still comes as each of the heuristic's plans; ``sail_plans=1`` offers plain sail alone."""
    state = fathom.new_game("deep-blue", players=3, seed=6)
    policy = policy_for_game(state.game)

    def few_choices_with_plans() -> bool:
        if state.phase != ph.TURN or state.game.A_SAIL not in state.legal_actions():
            return False
        legal = state.legal_actions()
        return len(legal) <= policy.max_candidates and SAIL_PLAN + 1 in policy.candidates(state, legal, None)

    play_heuristics_until(state, few_choices_with_plans)
    legal = state.legal_actions()
    assert set(legal) < set(policy.candidates(state, legal, None))
    assert policy_for_game(state.game, sail_plans=1).candidates(state, legal, None) == legal


def test_sail_always_offers_plans_where_the_heuristic_ranks_sailing_low() -> None:
    state = fathom.new_game("deep-blue", players=3, seed=6)
    policy = policy_for_game(state.game)
    always = policy_for_game(state.game, sail_always=True)
    game = state.game
    play_heuristics_until(state, lambda: state.phase == ph.TURN and game.A_SAIL in state.legal_actions()
                          and game.A_SAIL not in policy.candidates(state, state.legal_actions(), None))
    kept = always.candidates(state, state.legal_actions(), None)
    assert game.A_SAIL in kept and set(policy.candidates(state, state.legal_actions(), None)) < set(kept)


def test_greedy_values_gems_from_the_box_data_so_a_corrected_box_changes_its_choices(tmp_path) -> None:
    data = json.loads(DEFAULT_DATA_FILE.read_text(encoding="utf-8"))
    data["gems"]["vp_on_matching_spot"]["red"] = 7  # a box owner's correction
    path = tmp_path / "box.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    shipped = fathom.new_game("deep-blue", players=3, seed=1)
    corrected = fathom.new_game("deep-blue", players=3, seed=1, data_file=str(path))
    assert shipped.game.describe()["gem_vp"]["red"] == {"plain": 4, "on_spot": 10}
    assert corrected.game.describe()["gem_vp"]["red"] == {"plain": 4, "on_spot": 7}
    # two red gems and a silver in the dive, the seat's boat on the red spot of the wreck
    view = {"dive": {"site": "S1", "counts": {"red": 2, "silver": 1, "black": 1}},
            "seats": [{"boats": [{"node": "S1", "spot": "red"}, {"node": "harbour", "spot": None}]}]}
    bot = DeepBlueGreedyBot(seed=0)
    assert bot._gem_value(shipped, view, 0) == 2 * 10 + 1
    assert bot._gem_value(corrected, view, 0) == 2 * 7 + 1
