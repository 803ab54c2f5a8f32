"""One test (or more) per rule and ruling R-IB-1..6, plus the rulebook's worked examples.

Positions are built through the public API: chance outcomes are applied explicitly
(``roll …``, ``chest …``), so each test states exactly which dice showed.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import fathom
from fathom.games.into_the_blue import scoring
from itb_helpers import do, names, new, shells, turn


# ---- R-IB-1: seat 0 starts; six dice 1-5/chest; up to two rerolls of any dice; may stop --
def test_r_ib_1_a_named_seat_0_starts_with_a_roll_of_six_dice():
    state = new(players=4, seed=11, first_player=0)
    assert state.is_chance_node()
    outcomes = state.exact_chance_outcomes()
    assert len(outcomes) == 462  # multisets of six dice with six faces
    assert sum(p for _, p in outcomes) == 1
    prob = {state.action_to_string(a): p for a, p in outcomes}
    assert prob["roll 1,1,1,1,1,1"] == Fraction(1, 6**6)
    assert prob["roll 1,2,3,4,5,chest"] == Fraction(720, 6**6)
    assert prob["roll 1,1,2,2,3,chest"] == Fraction(180, 6**6)  # 6!/(2!2!)
    assert not any("6" in name.split(" ")[1].split(",") for name in prob)  # the chest replaces the 6
    do(state, "roll 1,2,2,4,5,chest")
    assert state.current_player == 0
    assert state.view(0)["turn"]["seat"] == 0


def test_r_ib_1_the_first_player_is_drawn_at_random_at_setup():
    state = fathom.new_game("into-the-blue", players=3, seed=11)  # the default: drawn
    assert state.is_chance_node() and state.view(None)["turn"]["phase"] == "first-player"
    assert [(state.action_to_string(a), p) for a, p in state.exact_chance_outcomes()] == [
        ("first seat0", Fraction(1, 3)), ("first seat1", Fraction(1, 3)), ("first seat2", Fraction(1, 3))]
    do(state, "first seat2")
    assert [e["type"] for e in state.events(None)] == ["first_player", "turn"]
    assert state.view(None)["turn"]["seat"] == 2 and state.is_chance_node()  # seat 2 rolls first
    turn(state, "2,2,3,3,4,4")  # no 1: a failed dive
    assert state.view(None)["turn"]["seat"] == 0  # then in seat order: 2, 0, 1
    assert state.view(None)["seats"][2]["last_turn"] == 1 and state.view(None)["seats"][0]["last_turn"] == 2


def test_r_ib_1_option_first_player_names_a_seat_and_no_draw_is_made():
    state = fathom.new_game("into-the-blue", players=3, seed=11, first_player=1)
    assert not any(e["type"] == "first_player" for e in state.events(None))
    assert state.view(None)["turn"]["seat"] == 1
    with pytest.raises(fathom.OptionError, match="first_player"):
        fathom.new_game("into-the-blue", players=3, seed=11, first_player=3)


def test_r_ib_1_at_most_two_rerolls_then_the_dice_are_final():
    state = new(players=2, seed=1)
    do(state, "roll 1,2,3,3,5,5")
    assert "stop" in names(state) and "reroll 5,5" in names(state)
    do(state, "reroll 5,5", "roll 4,4")
    assert state.view(0)["turn"]["rolls_left"] == 1
    do(state, "reroll 3,4", "roll 2,chest")
    # third roll done: no stop, no reroll, only the placement
    assert names(state) == ["place 1", "place 2", "place 3", "place 4"]
    with pytest.raises(fathom.IllegalActionError):
        do(state, "reroll 1")


def test_r_ib_1_earlier_keepers_may_be_rerolled():
    state = new(players=2, seed=1)
    do(state, "roll 1,1,2,3,4,4", "reroll 4")  # keeps 1,1,2,3,4
    assert state.view(0)["turn"]["kept"] == [1, 1, 2, 3, 4]
    do(state, "roll 5")
    assert "reroll 1,1" in names(state)  # dice kept after the first roll
    do(state, "reroll 1,1")
    outcomes = state.exact_chance_outcomes()
    assert len(outcomes) == 21  # two dice in the cup
    assert dict((state.action_to_string(a), p) for a, p in outcomes)["roll 1,chest"] == Fraction(2, 36)


def test_r_ib_1_the_player_may_stop_after_the_first_roll():
    state = new(players=2, seed=1)
    do(state, "roll 1,1,2,2,2,5", "stop")
    assert names(state) == ["place 1", "place 2"]


def test_r_ib_1_rerolling_dice_not_on_the_table_is_illegal():
    state = new(players=2, seed=1)
    do(state, "roll 1,1,2,2,2,5")
    before = state.view(None)
    with pytest.raises(fathom.IllegalActionError, match="allowed now: stop, reroll 1,"):
        do(state, "reroll 3")
    assert state.view(None) == before


# ---- R-IB-2: only the unbroken run from 1 counts; no 1 fails; place on one level -----------
def test_r_ib_2_no_one_is_a_failed_dive():
    state = new(players=3, seed=2)
    do(state, "roll 2,3,4,5,5,chest", "stop")
    assert state.is_chance_node() and state.view(None)["turn"]["seat"] == 1
    assert all(level["shells"] == [0, 0, 0] for level in state.view(None)["levels"])
    assert state.view(None)["seats"][0]["shells_left"] == 12
    assert {"type": "dive", "seat": 0, "result": "failed", "run": 0} in [
        {k: v for k, v in e.items() if k != "step"} for e in state.events(None)
    ]


def test_r_ib_2_cyprien_roll_only_the_unbroken_run_counts():
    # Cyprien's final dice: 1,1,2,3,3,5 - without a 4 the 5 is lost.
    state = new(players=4, seed=3)
    do(state, "roll 1,1,2,3,3,5", "stop")
    assert names(state) == ["place 1", "place 2", "place 3"]
    shown = {p["level"]: p["shells"] for p in state.view(0)["turn"]["placements"]}
    assert shown == {1: 2, 2: 1, 3: 2}
    with pytest.raises(fathom.IllegalActionError):
        do(state, "place 5")
    do(state, "place 3")
    assert shells(state, 0) == [0, 0, 2, 0, 0]
    assert state.view(None)["seats"][0]["shells_left"] == 10


def test_r_ib_2_marine_roll_after_two_rolls():
    # Marine stops after her second roll with 1,2,3,3,3,4.
    state = new(players=4, seed=4)
    do(state, "roll 1,1,3,3,3,5", "reroll 1,5", "roll 2,4", "stop")
    assert names(state) == ["place 1", "place 2", "place 3", "place 4"]
    shown = {p["level"]: p["shells"] for p in state.view(0)["turn"]["placements"]}
    assert shown == {1: 1, 2: 1, 3: 3, 4: 1}
    do(state, "place 3")
    assert shells(state, 0) == [0, 0, 3, 0, 0]


def test_r_ib_2_a_run_of_only_ones_places_without_asking():
    state = new(players=2, seed=5)
    do(state, "roll 1,1,1,3,5,chest", "stop")
    assert shells(state, 0) == [3, 0, 0, 0, 0]
    assert state.view(None)["turn"]["seat"] == 1  # no decision was asked


def test_r_ib_2_fewer_shells_left_than_dice_places_all_and_triggers_the_end():
    state = new(players=2, seed=6)
    turn(state, "1,1,1,1,1,1")  # seat 0: 6 on level 1
    turn(state, "2,2,2,2,2,2")  # seat 1 fails
    turn(state, "1,2,2,2,2,2", place=2)  # seat 0: 5 on level 2, 1 left
    turn(state, "2,2,2,2,2,2")
    turn(state, "1,2,3,3,3,3", place=3)  # 4 dice show 3, only 1 shell left
    assert shells(state, 0) == [6, 5, 1, 0, 0]
    view = state.view(None)
    assert view["seats"][0]["shells_left"] == 0
    assert view["end"]["triggered_by"] == 0 and view["end"]["final_turns_left"] == 1


# ---- R-IB-3: perfect dive -> a random chest (no shells), then another turn; last chest ends -
def test_r_ib_3_perfect_dive_takes_a_chest_and_plays_again():
    state = new(players=3, seed=7)
    do(state, "roll 1,2,3,4,5,chest", "stop")
    assert state.is_chance_node()  # the chest is drawn: no choice to place shells
    draws = {state.action_to_string(a): p for a, p in state.exact_chance_outcomes()}
    assert draws == {"chest 5": Fraction(1, 5), "chest 6": Fraction(2, 5), "chest 7": Fraction(1, 5),
                     "chest 8": Fraction(1, 5)}
    do(state, "chest 7")
    assert all(level["shells"] == [0, 0, 0] for level in state.view(None)["levels"])
    view = state.view(0)
    assert view["turn"]["seat"] == 0 and view["turn"]["bonus"] is True
    assert view["seats"][0]["chest_values"] == [7]
    assert "chest_values" not in state.view(1)["seats"][0]
    assert state.view(1)["seats"][0]["chests"] == 1
    assert state.view(None)["chests_left"] == 4
    # the next draw is from what is left
    do(state, "roll 1,2,3,4,5,chest", "stop")
    draws = {state.action_to_string(a): p for a, p in state.exact_chance_outcomes()}
    assert draws == {"chest 5": Fraction(1, 4), "chest 6": Fraction(2, 4), "chest 8": Fraction(1, 4)}


def test_r_ib_3_a_perfect_dive_can_only_be_reached_by_stopping_or_the_last_roll():
    state = new(players=2, seed=8)
    do(state, "roll 1,2,3,4,5,chest")
    assert "stop" in names(state)  # the player may still reroll, but if they stop it is a chest
    do(state, "reroll chest", "roll 5", "reroll 5,5", "roll 5,chest")  # perfect on the third roll
    assert state.is_chance_node() and state.action_to_string(state.legal_actions()[0]).startswith("chest")


def test_r_ib_3_taking_the_last_chest_ends_the_game_at_once():
    state = new(players=3, seed=9)
    for value in (5, 6, 6, 7, 8):
        assert not state.is_terminal()
        turn(state, "1,2,3,4,5,chest", chest=value)
    assert state.is_terminal()
    view = state.view(None)
    assert view["end"]["reason"] == "last chest"
    assert view["seats"][0]["chest_values"] == [5, 6, 6, 7, 8]  # revealed at the end
    assert state.scores() == [32.0, 0.0, 0.0]
    assert state.winners() == [0]


# ---- R-IB-4: last shell -> each other player exactly one more turn, in seat order ----------
def test_r_ib_4_last_shell_gives_every_other_player_one_final_turn():
    state = new(players=3, seed=10)
    turn(state, "2,2,2,2,2,2")  # seat 0 fails
    turn(state, "1,1,1,1,1,1")  # seat 1: 6 shells
    turn(state, "2,2,2,2,2,2")
    turn(state, "2,2,2,2,2,2")
    turn(state, "1,1,1,1,1,1")  # seat 1: last shell -> end triggered
    assert state.view(None)["end"]["triggered_by"] == 1
    assert state.view(None)["turn"]["seat"] == 2 and state.view(None)["turn"]["final"]
    turn(state, "1,1,2,2,2,2", place=2)  # seat 2's final turn
    assert state.view(None)["turn"]["seat"] == 0
    turn(state, "2,2,2,2,2,2")  # seat 0's final turn
    assert state.is_terminal() and state.view(None)["end"]["reason"] == "last shell"
    assert [e["seat"] for e in state.events(None) if e["type"] == "turn"] == [0, 1, 2, 0, 1, 2, 0]


def test_r_ib_4_a_perfect_dive_in_a_final_turn_still_earns_its_extra_turn():
    state = new(players=2, seed=12)
    turn(state, "1,1,1,1,1,1")
    turn(state, "2,2,2,2,2,2")
    turn(state, "1,1,1,1,1,1")  # seat 0 empties their hand
    turn(state, "1,2,3,4,5,chest", chest=8)  # seat 1's final turn: perfect dive
    assert not state.is_terminal() and state.view(None)["turn"]["seat"] == 1
    assert state.view(None)["turn"]["bonus"]
    turn(state, "1,1,3,3,3,3")  # the extra turn: 2 shells on level 1, then the game ends
    assert state.is_terminal()
    assert shells(state, 1) == [2, 0, 0, 0, 0]


def test_r_ib_4_only_the_first_empty_hand_triggers_the_end():
    state = new(players=2, seed=13)
    turn(state, "1,1,1,1,1,1")
    turn(state, "1,1,1,1,1,1")
    turn(state, "1,1,1,1,1,1")  # seat 0 triggers
    turn(state, "1,1,1,1,1,1")  # seat 1 also empties in the final turn: the game simply ends
    assert state.is_terminal()
    assert state.view(None)["end"]["triggered_by"] == 0


# ---- R-IB-5: majorities, deepest first; third token only with 4-5 players; ties cascade ----
TOKENS_4P = [(3, 1, 1), (4, 2, 2), (6, 3, 3), (8, 4, 4), (10, 5, 5)]


def _board(per_level: dict[int, list[int]], n: int) -> list[list[int]]:
    return [per_level.get(level, [0] * n) for level in range(1, 6)]


def test_r_ib_5_most_second_and_third_take_main_and_secondaries_with_4_players():
    board = _board({3: [4, 2, 1, 0]}, 4)
    awards = scoring.awards(board, [8, 10, 11, 12], [1, 2, 3, 4], TOKENS_4P)
    assert [(a.level, a.kind, a.value, a.seat) for a in awards] == [
        (3, "main", 6, 0), (3, "secondary", 3, 1), (3, "secondary", 3, 2)]


def test_r_ib_5_two_or_three_players_have_one_secondary_per_level():
    game = fathom.make_game("into-the-blue", players=3)
    assert all(len(tokens) == 2 for tokens in game.tokens)
    assert fathom.make_game("into-the-blue", players=4).tokens[2] == (6, 3, 3)
    board = _board({4: [3, 2, 1]}, 3)
    points = scoring.treasure_points(board, [9, 10, 11], [1, 2, 3], game.tokens)
    assert points == [8, 4, 0]  # the third player gets nothing at 3 players


def test_r_ib_5_zero_shells_take_nothing():
    board = _board({5: [0, 1, 0, 0]}, 4)
    awards = scoring.awards(board, [12, 11, 12, 12], [1, 2, 3, 4], TOKENS_4P)
    assert [(a.level, a.seat, a.value) for a in awards] == [(5, 1, 10)]


def test_r_ib_5_remi_and_arthur_tie_on_level_4_broken_by_level_3():
    # seats: Arthur 0, Remi 1. Both have 2 shells on level 4; Remi has more on level 3.
    board = _board({4: [2, 2, 0, 0], 3: [1, 3, 0, 0]}, 4)
    assert scoring.rank_level(4, board, [9, 7, 12, 12], [1, 2, 3, 4]) == [1, 0]
    level4 = [a for a in scoring.awards(board, [9, 7, 12, 12], [1, 2, 3, 4], TOKENS_4P) if a.level == 4]
    assert [(a.kind, a.seat) for a in level4] == [("main", 1), ("secondary", 0)]


def test_r_ib_5_ties_cascade_up_to_level_1_then_unused_shells():
    board = _board({4: [2, 2, 0, 0], 3: [1, 1, 0, 0], 2: [0, 0, 0, 0], 1: [1, 2, 0, 0]}, 4)
    assert scoring.rank_level(4, board, [8, 7, 12, 12], [1, 2, 3, 4]) == [1, 0]  # level 1 decides
    board = _board({4: [2, 2, 0, 0], 3: [1, 1, 0, 0]}, 4)
    assert scoring.rank_level(4, board, [9, 5, 12, 12], [1, 2, 3, 4]) == [0, 1]  # more unused shells


def test_r_ib_5_cyprien_and_marine_tie_broken_by_who_played_their_last_turn_first():
    # seats: Arthur 0 triggered the end, then Remi 1, Marine 2, Cyprien 3 played a last turn.
    board = _board({3: [0, 1, 3, 3], 2: [0, 0, 2, 2], 1: [5, 0, 1, 1]}, 4)
    unused = [0, 11, 2, 2]  # hypothetical counts; Marine and Cyprien equal
    last_turn = [20, 21, 22, 23]
    ranking = scoring.rank_level(3, board, unused, last_turn)
    assert ranking[:2] == [2, 3]
    level3 = [a for a in scoring.awards(board, unused, last_turn, TOKENS_4P) if a.level == 3]
    assert [(a.kind, a.seat) for a in level3] == [("main", 2), ("secondary", 3), ("secondary", 1)]


def test_r_ib_5_last_turn_tie_break_end_to_end():
    # Arthur (0) triggers; Marine (2) and Cyprien (3) end equal everywhere with 2 shells unused.
    state = new(players=4, seed=14)
    turn(state, "1,1,1,1,1,1")  # Arthur: 6 on level 1
    turn(state, "2,2,2,2,2,2")  # Remi fails
    turn(state, "1,2,3,3,3,3", place=3)  # Marine: 4 on level 3
    turn(state, "1,2,3,3,3,3", place=3)  # Cyprien: 4 on level 3
    turn(state, "1,1,1,1,1,1")  # Arthur: last shell, end triggered
    turn(state, "2,2,2,2,2,2")  # Remi's final turn
    turn(state, "1,1,1,1,1,1")  # Marine's final turn: 6 on level 1
    turn(state, "1,1,1,1,1,1")  # Cyprien's final turn: 6 on level 1
    assert state.is_terminal()
    view = state.view(None)
    assert [s["shells_left"] for s in view["seats"]] == [0, 12, 2, 2]
    level3 = [(a.kind, a.seat) for a in state.awards() if a.level == 3]
    assert level3 == [("main", 2), ("secondary", 3)]
    level1 = [(a.kind, a.seat) for a in state.awards() if a.level == 1]
    assert level1 == [("main", 0), ("secondary", 2), ("secondary", 3)]
    assert state.scores() == [3.0, 0.0, 7.0, 4.0]
    assert state.winners() == [2]


def test_r_ib_5_tie_on_level_1_broken_by_last_turn_with_two_players():
    state = new(players=2, seed=15)
    for _ in range(4):
        turn(state, "1,1,1,1,1,1")
    assert state.is_terminal()
    assert shells(state, 0) == shells(state, 1) == [12, 0, 0, 0, 0]
    assert [(a.kind, a.seat, a.value) for a in state.awards()] == [("main", 0, 3), ("secondary", 1, 1)]


# ---- R-IB-6: treasures plus chests; equal totals share the victory ------------------------
def test_r_ib_6_chests_count_and_equal_totals_share_the_win():
    state = new(players=2, seed=16)
    turn(state, "1,2,3,4,5,chest", chest=6)  # seat 0: chest 6 and an extra turn
    turn(state, "1,1,1,1,1,1")  # seat 0: 6 on level 1
    turn(state, "1,1,1,1,1,1")  # seat 1: 6 on level 1
    turn(state, "1,1,1,1,1,1")  # seat 0: 12 placed, end triggered
    turn(state, "1,2,3,4,4,4", place=4)  # seat 1's final turn: 3 on level 4
    assert state.is_terminal()
    # seat 0: level 1 main 3 + chest 6 = 9; seat 1: level 1 secondary 1 + level 4 main 8 = 9
    assert state.scores() == [9.0, 9.0]
    assert state.winners() == [0, 1]
    assert state.view(1)["end"]["winners"] == [0, 1]
    assert state.view(1)["seats"][0]["chest_values"] == [6]


def test_r_ib_6_scores_before_the_end_hide_chests_in_views():
    state = new(players=2, seed=17)
    turn(state, "1,2,3,4,5,chest", chest=8)
    view1 = state.view(1)
    assert "score" not in view1["seats"][0] and view1["seats"][0]["treasure_points"] == 0
    assert state.view(0)["seats"][0]["score"] == 8
    assert state.winners() == []
