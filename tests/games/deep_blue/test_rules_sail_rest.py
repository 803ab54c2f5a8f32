"""Sail (R-DB-6) and Rest (R-DB-7).

Map facts used: harbour is next to S1, S2 and the buoy B1; S1-S5-S6-A1 and S5-B4-A1 lead
to the face-down advanced site A1. S1 holds start-3 (spots gold, red, blue)."""

from __future__ import annotations

from fractions import Fraction

from .helpers import boats, do, hand, legal, phase, rest_pile, sail, seat_view, setup, site


# ---- R-DB-6 ----------------------------------------------------------------------------------
def test_r_db_6_sail_needs_at_least_one_propeller():
    s = setup(3)
    do(s, "sail")
    assert legal(s) == {"pay skipper", "pay deckhand", "pay helmsman"}  # no "done" before a propeller
    do(s, "pay skipper", "pay deckhand", "pay helmsman")
    # no propeller left: paying still ends with "done" (moving on at once would show the hand)
    assert phase(s) == "sail-pay" and legal(s) == {"done"} and s.view(None)["step"]["movement"] == 4
    do(s, "done")
    assert phase(s) == "sail-move" and s.view(None)["step"]["movement"] == 4
    do(s, "sail boat1 harbour->B1", "done")
    do(s, "rest", "rest")
    assert s.current_player == 0 and hand(s, 0) == {"prospector": 1}
    assert "sail" not in legal(s) and "rest" in legal(s)


def test_r_db_6_movement_split_between_boats_and_need_not_all_be_used():
    s = setup(3)
    do(s, "sail", "pay helmsman", "pay deckhand", "done")
    assert s.view(None)["step"]["movement"] == 3
    do(s, "sail boat1 harbour->S1", "sail boat2 harbour->B1")
    assert s.view(None)["step"]["movement"] == 1
    do(s, "done")  # the third movement is not used
    do(s, "scout gold")
    assert boats(s, 0) == [("S1", "gold"), ("B1", None)]
    assert s.current_player == 1


def test_r_db_6_landing_after_all_movement():
    s = setup(4)
    do(s, "rest", "rest", "rest")
    assert s.current_player == 3  # seat 3: 4 propeller cards' worth + 2 tokens
    do(s, "sail", "pay helmsman", "pay skipper", "pay deckhand", "pay token", "pay token")
    assert legal(s) == {"done"}  # every propeller paid: the player says it is done
    do(s, "done")
    for move in ("boat1 harbour->S1", "boat1 S1->S5", "boat1 S5->S6", "boat1 S6->A1"):
        do(s, f"sail {move}")
        assert phase(s) == "sail-move"  # no reveal while movement remains
    assert site(s, "A1")["face_down"]
    do(s, "sail boat2 harbour->S1")
    assert phase(s) == "sail-move"  # no scouting either
    do(s, "done")
    assert phase(s) == "reveal"  # boat 1 ended on a face-down tile: revealed now
    do(s, "tile advanced-1", "scout red")  # advanced-1: gold, red, blue
    assert s.view(None)["step"]["boat"] == 2  # then boat 2 scouts S1
    do(s, "scout blue")
    assert boats(s, 3) == [("A1", "red"), ("S1", "blue")]


def test_r_db_6_moving_through_facedown_tile_does_not_reveal():
    s = setup(4)
    do(s, "rest", "rest", "rest")
    sail(s, ["helmsman", "skipper", "deckhand", "token", "token"],
         ["boat1 harbour->S1", "boat1 S1->S5", "boat1 S5->S6", "boat1 S6->A1", "boat1 A1->B4"])
    assert phase(s) == "turn" and s.current_player == 0  # nothing to reveal: the turn is over
    assert site(s, "A1")["face_down"] and s.view(None)["face_down_left"] == 9
    assert boats(s, 3)[0] == ("B4", None)


def test_r_db_6_centre_when_no_spot_free():
    s = setup(4)
    sail(s, ["helmsman"], ["boat1 harbour->S1"], ["gold"])
    sail(s, ["helmsman"], ["boat1 harbour->S1"], ["red"])
    sail(s, ["helmsman"], ["boat1 harbour->S1"])  # only blue is left: taken without asking
    assert boats(s, 2)[0] == ("S1", "blue")
    sail(s, ["helmsman"], ["boat1 harbour->S1"])  # no spot free: the centre, no question
    assert boats(s, 3)[0] == ("S1", None) and s.current_player == 0
    held = {x["kind"]: x["boat"]["seat"] for x in site(s, "S1")["spots"]}
    assert held == {"gold": 0, "red": 1, "blue": 2}


def test_r_db_6_two_boats_two_spots_same_tile():
    s = setup(3)
    sail(s, ["helmsman"], ["boat1 harbour->S1", "boat2 harbour->S1"], ["red", "gold"])
    assert boats(s, 0) == [("S1", "red"), ("S1", "gold")]


def test_r_db_6_unmoved_boat_keeps_spot():
    s = setup(3)
    sail(s, ["helmsman"], ["boat1 harbour->S1"], ["red"])
    do(s, "rest", "rest")
    sail(s, ["skipper"], ["boat2 harbour->S1"])  # boat 1 did not move: it keeps red
    assert phase(s) == "scout" and legal(s) == {"scout gold", "scout blue"}
    do(s, "scout blue")
    assert boats(s, 0) == [("S1", "red"), ("S1", "blue")]
    do(s, "rest", "rest")
    sail(s, ["deckhand"], ["boat1 S1->B1"])  # a boat that leaves gives up its spot
    assert boats(s, 0) == [("B1", None), ("S1", "blue")]
    sail(s, ["helmsman"], ["boat1 harbour->S1"])
    assert phase(s) == "scout" and legal(s) == {"scout gold", "scout red"}


# ---- R-DB-7 ----------------------------------------------------------------------------------
def test_r_db_7_rest_takes_up_to_three_and_empty_pile_is_a_pass():
    s = setup(3)
    assert "rest" in legal(s)
    do(s, "rest")  # empty rest pile: a pass, no chance event
    assert phase(s) == "turn" and s.current_player == 1 and hand(s, 0) == {
        "skipper": 1, "prospector": 1, "deckhand": 1, "helmsman": 1}
    do(s, "rest", "rest")
    do(s, "sail", "pay skipper", "pay deckhand", "pay helmsman", "done", "sail boat1 harbour->B1", "done")
    do(s, "rest", "rest")
    do(s, "recruit slot1", "pay prospector", "card salvager")
    do(s, "rest", "rest")
    assert rest_pile(s, 0) == {"skipper": 1, "deckhand": 1, "helmsman": 1, "prospector": 1}
    do(s, "rest")
    outcomes = {s.action_to_string(a): p for a, p in s.exact_chance_outcomes()}
    assert outcomes == {f"card {c}": Fraction(1, 4) for c in ("skipper", "prospector", "deckhand", "helmsman")}
    do(s, "card helmsman", "card prospector", "card skipper")  # three cards, then the turn ends
    assert phase(s) == "turn" and s.current_player == 1
    assert rest_pile(s, 0) == {"deckhand": 1}
    assert hand(s, 0) == {"helmsman": 1, "prospector": 1, "skipper": 1, "harpooner": 1}
    assert seat_view(s, 0)["rest_count"] == 1


def test_r_db_7_rest_with_two_cards_takes_both():
    s = setup(3)
    do(s, "sail", "pay helmsman", "done", "sail boat1 harbour->B1", "done")
    do(s, "rest", "rest")
    do(s, "recruit slot1", "pay deckhand", "card salvager")
    do(s, "rest", "rest")
    do(s, "rest", "card deckhand")
    assert s.is_chance_node()
    do(s, "card helmsman")
    assert s.current_player == 1 and rest_pile(s, 0) == {}


def test_r_db_7_played_cards_go_to_rest_when_turn_ends():
    s = setup(3)
    do(s, "sail", "pay helmsman", "done", "sail boat1 harbour->S1")
    # played face up during the turn: seen by all, not yet in the rest pile
    assert s.view(2)["seats"][0]["in_play"] == {"helmsman": 1}
    assert rest_pile(s, 0) == {}
    do(s, "done", "scout red")
    assert s.view(None)["seats"][0]["in_play"] == {}
    assert rest_pile(s, 0) == {"helmsman": 1}
    # the rest pile is the owner's secret; others see only its size
    other = s.view(1)["seats"][0]
    assert "rest" not in other and "hand" not in other and other["rest_count"] == 1
