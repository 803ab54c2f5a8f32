"""Captain's Log scenarios (R-DB-8 storm/reefs, R-DB-11, R-DB-14 .. R-DB-16), the end of the
game (R-DB-17) and hidden scores (R-DB-18).

Sunken City tiles are advanced tiles: a boat sails harbour-S1-S5-S6-A1 (4 moves) to the
face-down site A1 and the reveal (a chance event) is chosen. Sunken City tiles
(data/deep_blue.json): sunken-city-1 (red, blue, black; 6 VP), -2 (gold, red, blue_or_black;
7 VP), -3 (silver, red, blue; 7 VP), -4 (gold, black, blue_or_black; 8 VP).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import fathom

from .helpers import (
    DEFAULT_TILES, QUIET_MARKET, SCENARIOS, answer_forced, boats, build, decline_plays, dive, do, draw, forced, hand,
    legal, new_state, pass_turn, phase, sail, setup, site, skip_rush, start_dive, vp,
)

TO_A1 = ["boat1 harbour->S1", "boat1 S1->S5", "boat1 S5->S6", "boat1 S6->A1"]


def _sunken_at_a1(players=2, hires=None, tile="sunken-city-1", spot="red", **options):
    """Seat 0 reveals ``tile`` on A1 and anchors on ``spot``; seat 0 is to play (no forced dive)."""
    return build(players, hires=hires or {}, boats={0: {1: "A1"}}, scout={0: [spot]}, reveal=(tile,), **options)


# ---- R-DB-11: Troubled Waters -----------------------------------------------------------------
def test_r_db_11_troubled_waters_pair_is_one_draw_hazards_in_draw_order():
    s = _sunken_at_a1(hires={0: ["oxygen-diver", "harpooner"]})
    assert s.game.options["scenario"] == "troubled-waters"  # the default
    assert hand(s, 0).get("oxygen-diver") == 1 and hand(s, 0).get("harpooner") == 1
    start_dive(s, "A1")
    draw(s, "black")
    assert s.is_chance_node() and dive(s)["pending_gems"] == ["black"]  # the pair's second gem
    draw(s, "blue")
    forced(s, 0, "done")  # both warnings; one card-play round and one decision for the pair
    assert phase(s) == "continue"
    do(s, "continue")
    draw(s, "blue", "black")  # two hazards: defended in draw order, blue first
    assert phase(s) == "defend" and s.view(None)["step"]["hazard"] == "blue"
    assert legal(s) == {"defend oxygen-diver", "resurface"}
    do(s, "defend oxygen-diver")
    assert phase(s) == "defend" and s.view(None)["step"]["hazard"] == "black"
    assert legal(s) == {"defend harpooner", "resurface"}
    do(s, "defend harpooner")
    forced(s, 0, "done")
    assert phase(s) == "continue" and len(dive(s)["drawn"]) == 4
    do(s, "stop")
    assert vp(s) == [6, 0]


def test_r_db_11_troubled_waters_defend_before_using_second_gem():
    s = _sunken_at_a1(hires={0: ["oxygen-diver"]}, spot="black")
    start_dive(s, "A1")
    draw(s, "silver", "blue")
    forced(s, 0, "done")
    do(s, "continue")
    draw(s, "blue", "gold")  # the hazard first, then the gold may be used
    assert phase(s) == "defend" and not {a for a in legal(s) if a.startswith("play")}
    do(s, "defend oxygen-diver")
    assert legal(s) == {"play prospector", "done"}
    do(s, "play prospector")
    forced(s, 0, "done")
    do(s, "stop")
    assert vp(s) == [2 + 1 + 2 + 6, 0]


def test_r_db_11_pair_of_hazards_after_the_leader_resurfaces():
    # R-DB-11 with R-DB-12: the leader (no protection) resurfaces on the pair's first hazard
    # (asked first, its only answer); seat 1 still defends both hazards in draw order, may
    # play cards, then the dive ends.
    s = build(2, hires={1: ["oxygen-diver", "harpooner"]}, boats={0: {1: "A1"}, 1: {1: "S6"}},
              scout={0: ["red"]}, reveal=("sunken-city-1",))
    do(s, "dive A1")
    assert (phase(s), s.current_player) == ("rush", 1)
    do(s, "rush boat1")
    draw(s, "black", "blue")  # warnings
    forced(s, 0, "done")
    forced(s, 1, "done")
    do(s, "continue")
    draw(s, "gold", "silver")
    decline_plays(s)
    do(s, "continue")
    draw(s, "blue", "black")
    assert (s.current_player, s.view(None)["step"]["hazard"]) == (0, "blue")
    forced(s, 0, "resurface")  # seat 0 cannot defend: asked all the same, resurfacing its only answer
    assert dive(s)["resurfaced"] == [0]
    assert (s.current_player, s.view(None)["step"]["hazard"]) == (1, "blue")
    do(s, "defend oxygen-diver")
    assert (s.current_player, s.view(None)["step"]["hazard"]) == (1, "black")  # seat 0 is out: not asked
    do(s, "defend harpooner")
    assert (phase(s), s.current_player, legal(s)) == ("play", 1, {"play prospector", "done"})
    do(s, "play prospector")
    forced(s, 1, "done")
    assert phase(s) == "turn" and s.current_player == 1  # no continue: the leader is up
    assert vp(s) == [6, 2 + 1 + 2]


def test_r_db_11_troubled_waters_only_on_sunken_city():
    s = build(2, boats={0: {1: "S1"}}, scout={0: ["gold"]})
    start_dive(s, "S1")
    draw(s, "silver")
    assert not s.is_chance_node() and dive(s)["pending_gems"] == []  # one gem at a time on an ordinary tile
    forced(s, 0, "done")
    assert phase(s) == "continue" and dive(s)["drawn"] == ["silver"]


# ---- R-DB-8 with scenarios ------------------------------------------------------------------
def test_r_db_8_storm_rush_from_two_moves_on_sunken_city():
    # seat 0 on S5 (2 moves from A1), seat 1 on S1 (3 moves); seat 2 reveals a Sunken City on A1
    s = build(3, boats={0: {1: "S5"}, 1: {1: "S1"}, 2: {1: "A1"}}, scout={0: ["gold"], 1: ["red"], 2: ["red"]},
              reveal=("sunken-city-1",), scenario="storm", leader=2)
    assert phase(s) == "rush" and dive(s)["leader"] == 2
    assert (s.current_player, legal(s)) == (0, {"rush boat1", "done"})  # S5 is two moves away
    do(s, "rush boat1")
    assert phase(s) == "draw"  # seat 1 (three moves away) is not asked
    assert boats(s, 0)[0] == ("A1", None) and dive(s)["divers"] == [0, 2]


def test_r_db_8_storm_ordinary_tile_rush_one_move():
    # seat 1's boat on S4 is 2 moves from S1: under Storm it still may not rush to an ordinary tile
    s = build(2, boats={0: {1: "S1"}, 1: {1: "S4"}}, scout={0: ["gold"], 1: ["red"]}, scenario="storm")
    do(s, "dive S1")
    assert (s.current_player, legal(s)) == (0, {"rush boat2", "done"})
    do(s, "done")
    assert (s.current_player, legal(s)) == (1, {"rush boat2", "done"})  # boat 2 in the harbour only


def test_r_db_8_dangerous_reefs_no_rush_on_sunken_city():
    # seat 0: boat 1 reveals A1, boat 2 waits on S6 next to it; seat 1 waits on S6 too
    s = build(2, boats={0: [{1: "A1"}, {2: "S6"}], 1: {1: "S6"}}, scout={0: ["red"]},
              reveal=("sunken-city-1",), scenario="dangerous-reefs")
    assert boats(s, 0) == [("A1", "red"), ("S6", None)] and boats(s, 1)[0] == ("S6", None)
    do(s, "dive A1")
    assert phase(s) == "draw"  # nobody may rush, not even the leader's own second boat
    assert dive(s)["divers"] == [0]


def test_r_db_8_dangerous_reefs_ordinary_tile_rush_allowed():
    s = build(2, boats={0: {1: "S1"}}, scout={0: ["gold"]}, scenario="dangerous-reefs")
    do(s, "dive S1")
    assert phase(s) == "rush" and legal(s) == {"rush boat2", "done"}


# ---- R-DB-14 ----------------------------------------------------------------------------------
def test_r_db_14_leader_scores_tile_even_after_resurfacing():
    s = build(2, boats={0: {1: "S1"}}, scout={0: ["gold"]})  # no protection at all
    start_dive(s, "S1")
    draw(s, "gold")
    decline_plays(s)
    do(s, "continue")
    draw(s, "blue")
    decline_plays(s)
    do(s, "continue")
    draw(s, "blue")
    forced(s, 0, "resurface")  # forced up: the dive is over
    assert phase(s) == "turn" and s.current_player == 1
    assert vp(s) == [3, 0]  # the tile's 3 VP, no gem VP


@pytest.mark.parametrize("leader_stays, expected", [(True, 4 * 1 + 2 * 2 + 6 + 2 * 2), (False, 6)])
def test_r_db_14_bounty_wrecks_2vp_per_3_gems_only_if_leader_stays(leader_stays, expected):
    s = _sunken_at_a1(scenario="bounty-wrecks")
    start_dive(s, "A1")
    gems = ["silver", "silver", "gold", "silver", "gold", "silver", "black"] if leader_stays else [
        "silver", "silver", "blue", "blue"]
    for k, gem in enumerate(gems):
        draw(s, gem)
        if not leader_stays and k == len(gems) - 1:
            forced(s, 0, "resurface")  # the second blue: no protection
        decline_plays(s)
        if phase(s) == "continue":
            do(s, "continue" if k < len(gems) - 1 else "stop")
    assert phase(s) == "turn"
    assert vp(s)[0] == expected  # 7 gems: 2 sets of 3 -> +4; resurfaced: no bonus


def test_r_db_14_bounty_wrecks_not_on_ordinary_tile():
    s = build(2, boats={0: {1: "S1"}}, scout={0: ["red"]}, scenario="bounty-wrecks")
    start_dive(s, "S1")
    for gem in ("silver", "silver", "silver"):
        draw(s, gem)
        forced(s, 0, "done")
        do(s, "continue")
    draw(s, "black")
    forced(s, 0, "done")
    do(s, "stop")
    assert vp(s)[0] == 3 + 3


def test_r_db_14_best_of_the_best_plus_4_not_on_defence_cards():
    s = _sunken_at_a1(hires={0: ["oxygen-diver"]}, scenario="best-of-the-best", spot="red")
    start_dive(s, "A1")
    draw(s, "gold")
    do(s, "play prospector")
    forced(s, 0, "done")
    assert dive(s)["card_vp"] == {"0": 2 + 4}
    do(s, "continue")
    draw(s, "blue")
    forced(s, 0, "done")
    do(s, "continue")
    draw(s, "blue")
    do(s, "defend oxygen-diver")  # played to defend: no +4
    forced(s, 0, "done")
    assert dive(s)["card_vp"] == {"0": 6}
    do(s, "stop")
    assert vp(s) == [6 + 2 + 6, 0]


def test_r_db_14_best_of_the_best_not_on_ordinary_tile():
    s = build(2, boats={0: {1: "S1"}}, scout={0: ["red"]}, scenario="best-of-the-best")
    start_dive(s, "S1")
    draw(s, "gold")
    do(s, "play prospector")
    assert dive(s)["card_vp"] == {"0": 2}


def test_r_db_14_ruins_of_plenty_doubled_with_both_boats():
    # seat 0: both boats sailed to A1 (red, blue spots). seat 1: one boat rushes in from S6
    # and later resurfaces. seat 2 stays away.
    s = build(3, boats={0: [{1: "A1"}, {2: "A1"}], 1: {1: "S6"}}, scout={0: ["red", "blue"]},
              reveal=("sunken-city-1",), scenario="ruins-of-plenty")
    assert boats(s, 0) == [("A1", "red"), ("A1", "blue")]
    do(s, "dive A1")
    while phase(s) == "rush":
        do(s, "rush boat1" if s.current_player == 1 else "done")
    assert dive(s)["divers"] == [0, 1]
    draw(s, "blue")
    assert answer_forced(s) == [(0, "done"), (1, "done")]
    do(s, "continue")
    draw(s, "blue")
    do(s, "defend spot-blue")
    forced(s, 1, "resurface")  # seat 1 has no protection: it resurfaces
    assert dive(s)["resurfaced"] == [1]
    forced(s, 0, "done")
    do(s, "stop")
    assert vp(s) == [2 * 6, 6, 0]


def test_r_db_14_ruins_of_plenty_ordinary_tile_leader_only():
    s = build(2, boats={0: {1: "S1", 2: "S1"}, 1: {1: "S1"}}, scout={0: ["gold", "red"]},
              scenario="ruins-of-plenty")
    start_dive(s, "S1")
    draw(s, "black")
    assert answer_forced(s) == [(0, "done"), (1, "done")]
    do(s, "stop")
    assert vp(s) == [3, 0]


# ---- R-DB-15: Scattered Wealth -----------------------------------------------------------------
# S6 holds start-5 (a face-up tile next to A1); S5 is the empty site.
SCATTER_TILES = ("start-3", "start-1", "start-2", "start-4", "start-empty", "start-5")


def _scatter_table():
    s = build(2, boats={0: {1: "A1"}}, reveal=("sunken-city-1",), scenario="scattered-wealth",
              tiles=SCATTER_TILES)
    assert phase(s) == "scatter" and s.is_chance_node()
    return s


def test_r_db_15_scattered_wealth_gems_on_tile_and_connected_tiles():
    s = _scatter_table()
    before = s.view(None)["bag"]
    placed = {}
    # A1 first, then its connected tiles: S6 (face up), A2 and A4 (face down); not the buoy B4
    for node, gem in (("A1", "gold"), ("S6", "blue"), ("A2", "silver"), ("A4", "black")):
        assert s.is_chance_node() and phase(s) == "scatter"
        do(s, f"gem {gem}")
        placed[node] = gem
    assert phase(s) == "scout"
    do(s, "scout red")
    for node, gem in placed.items():
        assert site(s, node)["gem"] == gem
    assert {x["node"] for x in s.view(None)["sites"] if x["gem"]} == set(placed)
    after = s.view(None)["bag"]
    assert sum(before.values()) - sum(after.values()) == 4
    # one gem at most per tile: a second Sunken City next to A2 and A1 only adds one to A5
    for _ in range(3):  # seat 1 passes, seat 0 takes its propellers back, seat 1 passes
        pass_turn(s)
    do(s, "sail", "pay skipper", "done", "sail boat1 A1->A2")
    assert phase(s) == "reveal"
    do(s, "tile sunken-city-2")
    assert phase(s) == "scatter"
    do(s, "gem silver")
    assert phase(s) != "scatter"
    assert site(s, "A5")["gem"] == "silver" and site(s, "A2")["gem"] == "silver" and site(s, "A1")["gem"] == "gold"


def test_r_db_15_scattered_wealth_gem_is_first_draw():
    s = _scatter_table()
    do(s, "gem gold", "gem blue", "gem silver", "gem black", "scout red")
    pass_turn(s)
    do(s, "dive A1")
    skip_rush(s)
    # no draw yet: the tile's gold is the first gem; the prospector may use it at once
    assert dive(s)["drawn"] == ["gold"] and site(s, "A1")["gem"] is None
    assert legal(s) == {"play prospector", "done"}
    do(s, "play prospector")
    forced(s, 0, "done")
    assert legal(s) == {"continue", "stop"}  # it counts as the one gem the leader must draw
    do(s, "stop")
    assert vp(s) == [2 + 2 + 6, 0]
    assert s.view(None)["bag"]["gold"] == 3  # back in the bag with the dive's gems


def test_r_db_15_scattered_wealth_gem_on_ordinary_tile_is_first_draw_too():
    s = _scatter_table()
    do(s, "gem gold", "gem blue", "gem silver", "gem black", "scout red")
    do(s, "sail", "pay helmsman", "pay skipper", "done", "sail boat1 harbour->S1", "sail boat1 S1->S5",
       "sail boat1 S5->S6")  # seat 1 sails to S6 (start-5), which holds a blue gem
    do(s, "scout gold")
    pass_turn(s)
    do(s, "dive S6")
    skip_rush(s)
    assert dive(s)["drawn"] == ["blue"] and phase(s) == "play"  # a first blue: a warning
    forced(s, 1, "done")
    assert phase(s) == "continue"
    do(s, "continue")
    draw(s, "blue")  # the second blue: seat 1 has no protection, the dive is over
    forced(s, 1, "resurface")
    assert phase(s) == "turn" and s.current_player == 0
    assert vp(s) == [0, 2]  # start-5: the leader's 2 VP only


# ---- R-DB-1: scenario=random ---------------------------------------------------------------------
def test_r_db_1_random_scenario_is_a_captains_log_card_drawn_at_setup():
    s = new_state(2, scenario="random")
    assert phase(s) == "setup-scenario" and s.view(None)["options"]["scenario"] == "random"
    outcomes = s.exact_chance_outcomes()
    assert sorted(s.action_to_string(a) for a, _ in outcomes) == sorted(f"scenario {sc}" for sc in SCENARIOS
                                                                        if sc != "none")
    assert {p for _, p in outcomes} == {Fraction(1, 7)}
    do(s, "scenario storm")
    assert s.view(None)["options"]["scenario"] == "storm"  # the card in play, for every reader of the view
    assert [e["scenario"] for e in s.events(None) if e["type"] == "scenario"] == ["storm"]
    do(s, *(f"tile {t}" for t in DEFAULT_TILES), *(f"card {c}" for c in QUIET_MARKET))
    # the drawn card's rule is the one played: revealing a Sunken City forces the dive (R-DB-16)
    sail(s, ["helmsman", "skipper", "deckhand"], TO_A1)
    do(s, "tile sunken-city-1", "scout red")
    assert phase(s) == "draw" and dive(s)["leader"] == 0 and dive(s)["site"] == "A1"


def test_r_db_1_random_scenario_then_random_first_player():
    s = fathom.new_game("deep-blue", players=3, seed=5, scenario="random", first_player="random")
    assert phase(s) == "setup-scenario"
    do(s, "scenario dangerous-reefs")
    assert phase(s) == "first-player"
    do(s, "first seat1")
    assert phase(s) == "setup-tile"
    again = fathom.load(s.to_json())
    assert again == s and again.view(None)["options"]["scenario"] == "dangerous-reefs"


# ---- R-DB-16: A Storm is Coming -----------------------------------------------------------------
def test_r_db_16_storm_forced_dive_free_action():
    s = setup(2, scenario="storm")
    sail(s, ["helmsman", "skipper", "deckhand"], TO_A1)
    do(s, "tile sunken-city-1", "scout red")
    # the same turn goes on: seat 0 must dive here now (no Turn choice in between)
    assert phase(s) == "draw" and dive(s)["leader"] == 0 and dive(s)["site"] == "A1"
    draw(s, "silver")
    forced(s, 0, "done")
    do(s, "stop")
    assert vp(s) == [1 + 6, 0]
    assert phase(s) == "turn" and s.current_player == 1  # the dive was part of seat 0's turn
    assert s.view(None)["fresco"] == 1


def test_r_db_16_storm_ordinary_reveal_is_not_forced():
    s = setup(2, scenario="storm")
    sail(s, ["helmsman", "skipper", "deckhand"], TO_A1)
    do(s, "tile advanced-1", "scout red")
    assert phase(s) == "turn" and s.current_player == 1


def test_r_db_16_storm_two_tiles_player_picks_order():
    s = setup(2, scenario="storm")
    pass_turn(s)
    sail(s, ["helmsman", "skipper"], ["boat1 harbour->S1", "boat1 S1->S5", "boat1 S5->S6"])  # seat 1
    pass_turn(s)
    do(s, "rest", "card helmsman", "card skipper")  # seat 1 takes both back
    pass_turn(s)
    sail(s, ["helmsman", "skipper", "deckhand", "token"],
         ["boat1 S6->A1", "boat2 harbour->S1", "boat2 S1->S5", "boat2 S5->B4", "boat2 B4->A4"])
    do(s, "tile sunken-city-1", "scout red")  # boat 1 on A1
    do(s, "tile sunken-city-2", "scout gold")  # boat 2 on A4
    assert (phase(s), s.current_player, legal(s)) == ("storm-order", 1, {"dive A1", "dive A4"})
    do(s, "dive A4")
    assert dive(s)["site"] == "A4" and dive(s)["leader"] == 1
    skip_rush(s)
    draw(s, "silver")
    forced(s, 1, "done")
    do(s, "stop")
    assert dive(s)["site"] == "A1" and dive(s)["leader"] == 1  # then the other, still this turn
    skip_rush(s)
    draw(s, "gold")
    decline_plays(s)
    do(s, "stop")
    assert phase(s) == "turn" and s.current_player == 0
    assert vp(s) == [0, (1 + 7) + (2 + 6)]
    assert s.view(None)["fresco"] == 2


def _two_storm_tiles_for_seat_1(s) -> None:
    """Seat 1 reveals sunken-city-1 on A1 (boat 1) and sunken-city-2 on A4 (boat 2) in one sail,
    then chooses to dive A4 first; A1 is still owed."""
    pass_turn(s)
    sail(s, ["helmsman", "skipper"], ["boat1 harbour->S1", "boat1 S1->S5", "boat1 S5->S6"])  # seat 1
    pass_turn(s)
    do(s, "rest", "card helmsman", "card skipper")
    pass_turn(s)
    sail(s, ["helmsman", "skipper", "deckhand", "token"],
         ["boat1 S6->A1", "boat2 harbour->S1", "boat2 S1->S5", "boat2 S5->B4", "boat2 B4->A4"])
    do(s, "tile sunken-city-1", "scout red", "tile sunken-city-2", "scout gold", "dive A4")


def test_r_db_16_a_boat_owed_a_storm_dive_is_not_offered_a_rush():
    # Boat 1 on A1 is two moves from A4 (A1-B4-A4), in Storm's rush range: before this ruling
    # seat 1 was asked to rush it into the A4 dive, and doing so lost the A1 dive for good.
    s = setup(2, scenario="storm")
    _two_storm_tiles_for_seat_1(s)
    assert dive(s)["site"] == "A4"
    assert phase(s) == "draw"  # no rush offer at all: seat 0's boats are 4 moves away
    assert boats(s, 1) == [("A1", "red"), ("A4", "gold")]
    draw(s, "silver")
    forced(s, 1, "done")
    do(s, "stop")
    # the owed dive follows at once, led by seat 1 with the boat that stayed; boat 2, now on the
    # empty A4 site two moves away, may rush into it like any boat
    assert dive(s)["site"] == "A1" and dive(s)["leader"] == 1
    assert (phase(s), s.current_player, legal(s)) == ("rush", 1, {"rush boat2", "done"})
    do(s, "done")
    assert dive(s)["divers"] == [1]
    draw(s, "silver")
    forced(s, 1, "done")
    do(s, "stop")
    assert phase(s) == "turn" and s.current_player == 0
    assert s.view(None)["fresco"] == 2  # both revealed Sunken City tiles were dived


def test_r_db_16_a_rival_may_still_rush_into_a_storm_dive():
    # Only boats on an owed tile are left out: seat 0's boat one move from A4 is still asked.
    s = setup(2, scenario="storm")
    sail(s, ["helmsman", "skipper", "deckhand"], ["boat1 harbour->S1", "boat1 S1->S5", "boat1 S5->B4"])
    sail(s, ["helmsman", "skipper", "deckhand"], TO_A1)  # seat 1
    do(s, "tile sunken-city-1", "scout red")
    assert phase(s) == "rush" and s.current_player == 0
    assert legal(s) == {"rush boat1", "done"}


# ---- R-DB-17 and R-DB-18 ----------------------------------------------------------------------
def four_sunken_dives(s, first_hire: int | None = None):
    """Two players take the four Sunken City tiles: seat 0 leads sunken-city-1 (6 VP) and -4
    (8 VP), seat 1 leads -2 (7 VP) and -3 (7 VP): 14 VP each. Every dive draws one black gem
    (a warning) and stops. ``first_hire``: that seat hires one crew card in the first round."""
    for seat in (0, 1):
        if seat == first_hire:
            do(s, "recruit slot1", "pay prospector" if seat == 0 else "pay token", "card salvager")
        else:
            do(s, "rest")
    sail(s, ["helmsman", "skipper", "deckhand"], TO_A1)
    do(s, "tile sunken-city-1", "scout red")
    sail(s, ["helmsman", "skipper", "deckhand"], ["boat1 harbour->S1", "boat1 S1->S5", "boat1 S5->B4",
                                                  "boat1 B4->A4"])
    do(s, "tile sunken-city-2", "scout gold")
    for site_id in ("A1", "A4"):
        start_dive(s, site_id)
        _black_then_stop(s)
    pass_turn(s)
    pass_turn(s)
    sail(s, ["skipper"], ["boat1 A1->A2"])
    do(s, "tile sunken-city-4", "scout gold")
    sail(s, ["skipper"], ["boat1 A4->A7"])
    do(s, "tile sunken-city-3", "scout silver")
    start_dive(s, "A2")
    _black_then_stop(s)
    start_dive(s, "A7")
    assert s.view(None)["fresco"] == 3
    _black_then_stop(s)


def _black_then_stop(s):
    """The lone leader draws a black gem (a warning), plays nothing and stops."""
    leader = dive(s)["leader"]
    assert dive(s)["divers"] == [leader]
    draw(s, "black")
    forced(s, leader, "done")
    do(s, "stop")


@pytest.mark.parametrize("first_hire, winners", [(None, [0, 1]), (1, [1]), (0, [0])])
def test_r_db_17_fourth_sunken_city_ends_game_tiebreak_most_cards_then_shared(first_hire, winners):
    s = setup(2, scenario="none")
    four_sunken_dives(s, first_hire)
    # the fourth Sunken City completes the fresco: the game is over at once
    assert s.is_terminal() and s.current_player == fathom.TERMINAL and s.legal_actions() == []
    assert s.view(None)["fresco"] == 4 and phase(s) == "over"
    assert vp(s) == [6 + 8, 7 + 7]  # tied on VP: most crew cards wins, else a shared victory
    assert s.winners() == winners
    assert s.view(None)["winners"] == winners
    owned = [p["owned_cards"] for p in s.view(None)["seats"]]
    assert owned == [4 + (first_hire == 0), 4 + (first_hire == 1)]
    with pytest.raises(fathom.IllegalActionError, match="over"):
        s.apply_text("rest")


def test_r_db_17_tile_leaves_board_and_gems_return_to_bag():
    s = build(2, boats={0: {1: "S1"}}, scout={0: ["gold"]})
    bag_before = s.view(None)["bag"]
    start_dive(s, "S1")
    draw(s, "gold")
    decline_plays(s)
    do(s, "continue")
    draw(s, "silver")
    assert s.view(None)["bag"]["gold"] == bag_before["gold"] - 1
    decline_plays(s)
    do(s, "stop")
    assert s.view(None)["bag"] == bag_before
    assert site(s, "S1")["tile"] is None and s.view(None)["fresco"] == 0  # an ordinary tile is discarded
    assert boats(s, 0)[0] == ("S1", None)


def test_r_db_18_scores_are_hidden_by_default():
    s = build(2, boats={0: {1: "S1"}}, scout={0: ["gold"]})  # no hidden_scores given: the box's rule
    assert s.game.options["hidden_scores"] is True
    start_dive(s, "S1")
    draw(s, "gold")
    decline_plays(s)
    do(s, "stop")
    assert s.scores() == [8, 0]
    assert [p["vp"] for p in s.view(0)["seats"]] == [8, None]  # each player sees only its own total
    assert [p["vp"] for p in s.view(1)["seats"]] == [None, 0]
    assert [p["vp"] for p in s.view(None)["seats"]] == [None, None]
    assert s.visible_scores(0) == [8, None] and s.visible_scores(None) == [None, None]


def test_r_db_18_hidden_scores_false_shows_every_total():
    s = build(2, boats={0: {1: "S1"}}, scout={0: ["gold"]}, hidden_scores=False)
    start_dive(s, "S1")
    draw(s, "gold")
    decline_plays(s)
    do(s, "stop")
    assert [p["vp"] for p in s.view(1)["seats"]] == [8, 0]
    assert [p["vp"] for p in s.view(None)["seats"]] == [8, 0]
    assert s.visible_scores(1) == [8, 0]


def test_r_db_18_hidden_totals_but_every_scoring_event_is_public():
    s = setup(2, scenario="none")
    # play the first Sunken City dive, then look
    for _seat in (0, 1):
        do(s, "rest")
    sail(s, ["helmsman", "skipper", "deckhand"], TO_A1)
    do(s, "tile sunken-city-1", "scout red")
    pass_turn(s)
    start_dive(s, "A1")
    _black_then_stop(s)
    assert s.scores() == [6, 0]
    assert s.view(0)["seats"][0]["vp"] == 6  # each player knows its own total
    assert s.view(1)["seats"][0]["vp"] is None and s.view(None)["seats"][0]["vp"] is None
    assert s.view(1)["seats"][1]["vp"] == 0
    # the dive's result is seen by all (a careful player counts it): the same event for every seat
    for seat in (0, 1, None):
        scored = [e for e in s.events(seat) if e["type"] == "dive-scored" and e["seat"] == 0]
        assert scored[-1]["vp"] == 6 and "6 VP" in scored[-1]["text"]
    # so a search's determinized world keeps every total: nothing about it is secret
    assert s.determinize(1, fathom.Rng(3)).scores() == [6, 0]
    # at the end every total is shown
    t = setup(2, scenario="none")
    four_sunken_dives(t)
    assert [p["vp"] for p in t.view(1)["seats"]] == [14, 14]
    assert [p["vp"] for p in t.view(None)["seats"]] == [14, 14]
    assert t.visible_scores(None) == [14, 14]
