"""Dive rules R-DB-8 .. R-DB-13, each with a worked case reached through the public API.

Tables come from :func:`helpers.build` (hires from a scripted market, sails to S1, which
holds start-3: spots gold, red, blue; the leader scores 3 VP). Gem VP from the rules:
red 4 / gold 2 / silver 1, or 10 / 5 / 3 with a boat on that colour's spot.
"""

from __future__ import annotations

from fathom.core.rng import Rng

from .helpers import (
    answer_forced, boats, build, decline_plays, dive, do, draw, force_fields, forced, hand, legal, pass_turn, phase,
    rest_pile, start_dive, vp,
)


# ---- R-DB-9: hazards and card plays ------------------------------------------------------
def test_r_db_9_each_diver_defends_a_hazard_once():
    # A lone leader with two oxygen divers: the second blue costs exactly one of them.
    s = build(2, hires={0: ["oxygen-diver", "oxygen-diver"]}, boats={0: {1: "S1"}}, scout={0: ["gold"]})
    start_dive(s, "S1")
    draw(s, "blue")
    forced(s, 0, "done")  # nothing playable: the card-play prompt comes all the same
    do(s, "continue")
    draw(s, "blue")
    assert phase(s) == "defend" and legal(s) == {"defend oxygen-diver", "resurface"}
    do(s, "defend oxygen-diver")
    # answered once: on to the card plays, not a second defence against the same gem
    assert (phase(s), s.current_player) == ("play", 0)
    forced(s, 0, "done")
    assert phase(s) == "continue" and s.current_player == 0
    assert hand(s, 0).get("oxygen-diver") == 1
    assert dive(s)["divers"] == [0]
    do(s, "stop")
    assert vp(s) == [3, 0]


def test_r_db_9_last_diver_in_order_is_not_asked_twice():
    # Two divers each with one oxygen diver: after both defend, the dive goes on.
    s = build(2, hires={0: ["oxygen-diver"], 1: ["oxygen-diver"]},
              boats={0: {1: "S1"}, 1: {1: "S1"}}, scout={0: ["gold"], 1: ["red"]})
    start_dive(s, "S1")
    draw(s, "blue")
    forced(s, 0, "done")
    forced(s, 1, "done")
    do(s, "continue")
    draw(s, "blue")
    assert (phase(s), s.current_player) == ("defend", 0)
    do(s, "defend oxygen-diver")
    assert (phase(s), s.current_player) == ("defend", 1)
    do(s, "defend oxygen-diver")
    # the hazard is answered: card plays, leader first, never a second round of defence
    forced(s, 0, "done")
    forced(s, 1, "done")
    assert phase(s) == "continue"
    assert dive(s)["divers"] == [0, 1] and dive(s)["resurfaced"] == []


# ---- R-DB-9 / R-DB-12: who is asked never depends on a hidden hand ------------------------
def _hidden_split_table():
    """Seat 1 holds 5 cards in its rest pile (prospector and oxygen-diver among them, played in a
    dive of its own) and Rests: the three it draws back are seen by nobody else. Returned at the
    first of those draws (a chance node). Seats 0 (blue spot), 1 (red) and 2 (gold) are on S1."""
    s = build(3, hires={1: ["oxygen-diver"]}, boats={0: {1: "S1"}, 1: {1: "S2"}, 2: {1: "S1"}},
              scout={0: ["blue"], 1: ["silver"], 2: ["gold"]}, leader=1)
    start_dive(s, "S2")  # seat 1 alone: it plays its prospector and defends with its oxygen diver
    draw(s, "gold")
    do(s, "play prospector", "done", "continue")
    draw(s, "blue")
    do(s, "done", "continue")
    draw(s, "blue")
    do(s, "defend oxygen-diver", "done", "stop")
    pass_turn(s)
    pass_turn(s)
    do(s, "sail", "pay skipper", "pay deckhand", "done", "sail boat2 harbour->S1", "done")  # red: the last spot
    pass_turn(s)
    pass_turn(s)
    assert s.current_player == 1 and hand(s, 1) == {}
    assert rest_pile(s, 1) == {"helmsman": 1, "prospector": 1, "oxygen-diver": 1, "skipper": 1, "deckhand": 1}
    do(s, "rest")
    return s


# seat 0 leads at S1; seats 1 and 2 only ever give answers legal whatever their hands
_HIDDEN_SCRIPT = (
    "gem gold", "done", "done", "done", "continue",  # card plays: prospectors are playable
    "gem blue", "done", "done", "done", "continue",  # a warning
    "gem blue", "defend spot-blue", "resurface", "resurface",  # the hazard, leader first
    "done", "stop",  # card plays for the one diver left, then the leader's call
)


def _walk_hidden_script(s):
    """Play :data:`_HIDDEN_SCRIPT`; per decision (seat, phase, seat 1's options, what others see)."""
    pass_turn(s)  # seat 2
    start_dive(s, "S1")
    assert dive(s)["divers"] == [0, 1, 2]
    steps = []
    for action in _HIDDEN_SCRIPT:
        if not s.is_chance_node():
            steps.append((s.current_player, phase(s), legal(s) if s.current_player == 1 else None,
                          [s.view(p) for p in (0, 2, None)]))
        do(s, action)
    assert phase(s) == "turn"
    return steps


def test_prompts_do_not_depend_on_hidden_hands():
    s = _hidden_split_table()
    holding, empty = s.clone(), s.clone()
    do(holding, "card oxygen-diver", "card prospector", "card helmsman")
    do(empty, "card helmsman", "card skipper", "card deckhand")
    assert hand(holding, 1) == {"oxygen-diver": 1, "prospector": 1, "helmsman": 1}
    assert hand(empty, 1) == {"helmsman": 1, "skipper": 1, "deckhand": 1}
    for p in (0, 2, None):  # only seat 1 can tell the two tables apart
        assert holding.view(p) == empty.view(p)
    assert holding.view(1) != empty.view(1)

    a, b = _walk_hidden_script(holding.clone()), _walk_hidden_script(empty.clone())
    # every diver still in is asked about the hazard and the card plays, leader first then clockwise
    order = [(seat, ph) for seat, ph, _, _ in a]
    assert order == [(0, "play"), (1, "play"), (2, "play"), (0, "continue"),
                     (0, "play"), (1, "play"), (2, "play"), (0, "continue"),
                     (0, "defend"), (1, "defend"), (2, "defend"), (0, "play"), (0, "continue")]
    assert [(seat, ph) for seat, ph, _, _ in b] == order
    # seat 1's choices differ (a prospector to play, an oxygen diver to defend with, or not)...
    assert [opts for _, _, opts, _ in a if opts is not None] == [
        {"play prospector", "done"}, {"play prospector", "done"}, {"defend oxygen-diver", "resurface"}]
    assert [opts for _, _, opts, _ in b if opts is not None] == [{"done"}, {"done"}, {"resurface"}]
    # ...but nothing the other seats see, the order of prompts included, tells them which
    assert [views for _, _, _, views in a] == [views for _, _, _, views in b]

    # the same from any table seats 0 and 2 cannot tell from this one (determinized copies)
    held = set()
    for seat in (0, 2):
        for k in range(12):
            copy = holding.determinize(seat, Rng(k))
            held.add(copy.hands[1] == holding.hands[1])
            assert [(p, ph) for p, ph, _, _ in _walk_hidden_script(copy)] == order
    assert held == {True, False}  # both kinds of hand were dealt to seat 1


# ---- R-DB-8: who may dive, and the rush ------------------------------------------------------
def test_r_db_8_dive_needs_own_boat_on_faceup_tile():
    # start-empty on S2 (next to the harbour): an empty site, no tile to dive
    s = build(3, boats={1: {1: "S1"}, 2: {1: "S2"}}, scout={1: ["red"]}, leader=0,
              tiles=("start-3", "start-empty", "start-2", "start-4", "start-5", "start-1"))
    assert not {a for a in legal(s) if a.startswith("dive")}  # seat 0: both boats in the harbour
    pass_turn(s)
    assert {a for a in legal(s) if a.startswith("dive")} == {"dive S1"}  # seat 1, on S1
    pass_turn(s)
    assert boats(s, 2)[0] == ("S2", None)
    assert not {a for a in legal(s) if a.startswith("dive")}  # seat 2 is on the empty site
    pass_turn(s)
    # seat 0 puts its boats on two tiles: it picks where to dive
    do(s, "sail", "pay helmsman", "pay deckhand", "done", "sail boat1 harbour->S1", "sail boat2 harbour->B1",
       "sail boat2 B1->S3", "scout gold", "scout silver")
    pass_turn(s)
    pass_turn(s)
    assert {a for a in legal(s) if a.startswith("dive")} == {"dive S1", "dive S3"}
    start_dive(s, "S3")
    draw(s, "silver")
    forced(s, 0, "done")
    do(s, "stop")
    # the tile is gone: the boat stays on the empty site and cannot dive there again
    assert boats(s, 0)[1] == ("S3", None)
    pass_turn(s)
    pass_turn(s)
    assert {a for a in legal(s) if a.startswith("dive")} == {"dive S1"}


def test_r_db_8_rush_exactly_one_move_leader_first():
    # leader: seat 2 on S1. Seat 3 on S5 (1 move from S1), seat 0 on S4 (2 moves), seat 1 on S1;
    # every boat 2 is in the harbour, 1 move from S1.
    s = build(4, boats={0: {1: "S4"}, 1: {1: "S1"}, 2: {1: "S1"}, 3: {1: "S5"}},
              scout={0: ["silver"], 1: ["gold"], 2: ["red"], 3: ["gold"]}, leader=2)
    do(s, "dive S1")
    order = []
    assert (phase(s), s.current_player, legal(s)) == ("rush", 2, {"rush boat2", "done"})
    order.append(s.current_player)
    do(s, "rush boat2")
    assert (s.current_player, legal(s)) == (3, {"rush boat1", "rush boat2", "done"})
    order.append(s.current_player)
    do(s, "rush boat1")
    assert (s.current_player, legal(s)) == (3, {"rush boat2", "done"})
    do(s, "done")
    assert (s.current_player, legal(s)) == (0, {"rush boat2", "done"})  # boat 1 on S4 is 2 moves away
    order.append(s.current_player)
    do(s, "done")
    assert (s.current_player, legal(s)) == (1, {"rush boat2", "done"})
    order.append(s.current_player)
    do(s, "rush boat2")
    assert order == [2, 3, 0, 1]  # leader first, then clockwise
    assert phase(s) == "draw"
    # rushing boats go to the centre, even though the blue spot is free
    assert boats(s, 2) == [("S1", "red"), ("S1", None)]
    assert boats(s, 3) == [("S1", None), ("harbour", None)]
    assert boats(s, 1) == [("S1", "gold"), ("S1", None)]
    assert dive(s)["divers"] == [1, 2, 3]
    assert next(x for x in s.view(None)["sites"] if x["node"] == "S1")["spots"][2] == {"kind": "blue", "boat": None}


def test_r_db_8_rushing_boats_go_to_the_centre():
    s = build(2, boats={0: {1: "S1"}}, scout={0: ["gold"]})
    do(s, "dive S1")
    do(s, "rush boat2")  # the leader brings its second boat
    do(s, "rush boat1", "rush boat2")  # seat 1 rushes both boats from the harbour
    assert phase(s) == "draw"
    assert boats(s, 0) == [("S1", "gold"), ("S1", None)]
    assert boats(s, 1) == [("S1", None), ("S1", None)]  # red and blue stay free
    assert [x["boat"] for x in site_spots(s, "S1")][1:] == [None, None]
    draw(s, "red")
    decline_plays(s)
    do(s, "stop")
    assert vp(s) == [4 + 3, 4]  # nobody on the red spot: 4 VP a red


# ---- R-DB-9 -------------------------------------------------------------------------------------
def _two_on(site: str, spot0: str, spot1: str, **kw):
    return build(2, boats={0: {1: site}, 1: {1: site}}, scout={0: [spot0], 1: [spot1]}, **kw)


def test_r_db_9_second_blue_gem_forces_defence():
    s = _two_on("S1", "blue", "red")  # seat 1 has no blue protection at all
    start_dive(s, "S1")
    draw(s, "blue")
    forced(s, 0, "done")  # a warning: no defence, card plays (nothing playable) for both
    forced(s, 1, "done")
    assert phase(s) == "continue"
    do(s, "continue")
    draw(s, "blue")
    assert (phase(s), s.current_player, legal(s)) == ("defend", 0, {"defend spot-blue", "resurface"})
    do(s, "defend spot-blue")
    assert boats(s, 0)[0] == ("S1", None)  # a used defence spot: the boat moves to the centre
    forced(s, 1, "resurface")  # no card, no spot: asked all the same, resurfacing its only answer
    assert dive(s)["resurfaced"] == [1] and dive(s)["divers"] == [0]
    forced(s, 0, "done")
    do(s, "continue")
    draw(s, "blue")  # the third blue: the spot is used up, no card: seat 0 must resurface
    forced(s, 0, "resurface")
    assert phase(s) == "turn" and s.current_player == 1  # the leader is out: the dive is over
    assert vp(s) == [3, 0]


def test_r_db_9_second_black_gem_forces_defence():
    s = _two_on("S2", "black", "silver")  # S2: start-1 (silver, blue, black)
    start_dive(s, "S2")
    for gem in ("black", "blue"):  # warnings
        draw(s, gem)
        forced(s, 0, "done")
        forced(s, 1, "done")
        do(s, "continue")
    draw(s, "black")
    assert (phase(s), s.current_player, legal(s)) == ("defend", 0, {"defend spot-black", "resurface"})
    assert s.view(None)["step"]["hazard"] == "black"
    do(s, "defend spot-black")
    forced(s, 1, "resurface")
    assert dive(s)["resurfaced"] == [1]
    forced(s, 0, "done")
    do(s, "stop")
    assert vp(s) == [2, 0]


def test_r_db_9_blue_or_black_spot_protects_once():
    s = build(2, boats={0: {1: "S3"}}, scout={0: ["blue_or_black"]})  # S3: start-2 (silver, gold, blue_or_black)
    start_dive(s, "S3")
    for gem in ("blue", "black"):
        draw(s, gem)
        forced(s, 0, "done")
        do(s, "continue")
    draw(s, "black")
    assert legal(s) == {"defend spot-blue_or_black", "resurface"}
    do(s, "defend spot-blue_or_black")
    assert boats(s, 0)[0] == ("S3", None)
    forced(s, 0, "done")
    do(s, "continue")
    draw(s, "blue")  # used up: no protection left, the leader is forced up
    forced(s, 0, "resurface")
    assert phase(s) == "turn" and vp(s) == [2, 0]


def test_r_db_9_first_hazard_is_warning():
    s = _two_on("S1", "gold", "red")  # no protection anywhere
    start_dive(s, "S1")
    for gem in ("black", "blue"):
        draw(s, gem)
        forced(s, 0, "done")  # no defence prompt: straight to card plays (none playable)
        forced(s, 1, "done")
        assert phase(s) == "continue" and dive(s)["divers"] == [0, 1]
        do(s, "continue")
    draw(s, "gold")
    decline_plays(s)
    do(s, "stop")
    assert vp(s) == [5 + 3, 2]
    # the next dive starts a new count: its first blue is a warning again
    pass_turn(s)
    do(s, "sail", "pay skipper", "done", "sail boat2 harbour->S2", "scout blue")
    pass_turn(s)
    start_dive(s, "S2")
    draw(s, "blue")
    forced(s, 0, "done")  # a card-play prompt, not a defence
    assert phase(s) == "continue" and dive(s)["divers"] == [0]


def test_r_db_9_defence_before_card_play():
    s = _two_on("S1", "blue", "red")
    start_dive(s, "S1")
    draw(s, "gold")
    assert legal(s) == {"play prospector", "done"}
    do(s, "done", "done")  # nobody plays the prospector yet
    do(s, "continue")
    draw(s, "blue")
    decline_plays(s)
    do(s, "continue")
    draw(s, "blue")
    # the hazard comes first: no card play is offered before the defence
    assert phase(s) == "defend" and not {a for a in legal(s) if a.startswith("play")}
    do(s, "defend spot-blue")
    forced(s, 1, "resurface")  # seat 1 answers the hazard too, before any card play
    assert (phase(s), s.current_player, legal(s)) == ("play", 0, {"play prospector", "done"})
    do(s, "play prospector")
    forced(s, 0, "done")  # asked again after a play, until done
    assert phase(s) == "continue"  # seat 1 resurfaced: it cannot play any more


def test_r_db_9_leader_defends_first_then_clockwise():
    s = build(4, hires={p: ["oxygen-diver"] for p in range(4)}, boats={p: {1: "S1"} for p in range(4)},
              scout={0: ["gold"], 1: ["red"]}, leader=2)
    assert [boats(s, p)[0][1] for p in range(4)] == ["gold", "red", "blue", None]
    start_dive(s, "S1")
    draw(s, "gold")
    plays = []
    while phase(s) == "play":
        plays.append(s.current_player)
        do(s, "done")
    assert plays == [2, 3, 0, 1]
    do(s, "continue")
    draw(s, "blue")
    decline_plays(s)
    do(s, "continue")
    draw(s, "blue")
    defenders = []
    while phase(s) == "defend":
        defenders.append(s.current_player)
        do(s, "defend oxygen-diver")
    assert defenders == [2, 3, 0, 1]
    assert phase(s) == "play"  # every prospector is still playable after the hazard
    assert dive(s)["divers"] == [0, 1, 2, 3]


def test_r_db_9_not_required_to_defend():
    s = build(2, hires={0: ["oxygen-diver"]}, boats={0: {1: "S1"}, 1: {1: "S1"}},
              scout={0: ["gold"], 1: ["blue"]}, leader=0)
    start_dive(s, "S1")
    draw(s, "blue")
    forced(s, 0, "done")
    forced(s, 1, "done")
    do(s, "continue")
    draw(s, "blue")
    assert (s.current_player, legal(s)) == (0, {"defend oxygen-diver", "resurface"})
    do(s, "resurface")  # keeps the card for a later dive
    assert hand(s, 0).get("oxygen-diver") == 1
    assert (s.current_player, legal(s)) == (1, {"defend spot-blue", "resurface"})
    do(s, "defend spot-blue")
    forced(s, 1, "done")  # seat 1 still plays cards (none playable) before the dive ends
    assert phase(s) == "turn"  # the leader resurfaced: the dive ended
    assert vp(s) == [3, 0]


def test_r_db_9_gem_serves_many_cards():
    s = build(2, hires={0: ["treasure-hunter", "gold-assessor"]}, boats={0: {1: "S1"}, 1: {1: "S1"}},
              scout={0: ["red"], 1: ["blue"]})
    assert hand(s, 0) == {"prospector": 1, "treasure-hunter": 1, "gold-assessor": 1}
    start_dive(s, "S1")
    draw(s, "gold")
    # one gold gem: seat 0's two gold cards and seat 1's prospector all become playable
    assert legal(s) == {"play prospector", "play treasure-hunter", "done"}
    do(s, "play prospector")
    assert (s.current_player, legal(s)) == (0, {"play treasure-hunter", "done"})
    do(s, "play treasure-hunter")
    forced(s, 0, "done")
    assert (s.current_player, legal(s)) == (1, {"play prospector", "done"})
    do(s, "play prospector")
    forced(s, 1, "done")
    do(s, "continue")
    draw(s, "gold")  # the same first gold counts again for the 2-gold card
    assert (s.current_player, legal(s)) == (0, {"play gold-assessor", "done"})
    do(s, "play gold-assessor")
    forced(s, 0, "done")
    forced(s, 1, "done")
    assert phase(s) == "continue"
    assert dive(s)["card_vp"] == {"0": 2 + 2 + 4, "1": 2}


def test_r_db_9_needs_any_counts_hazards():
    s = build(2, hires={0: ["victoria"]}, boats={0: {1: "S1"}}, scout={0: ["gold"]})
    start_dive(s, "S1")
    for k, gem in enumerate(("black", "blue", "silver", "silver", "silver", "silver", "silver"), start=1):
        draw(s, gem)
        assert "play victoria" not in legal(s), k
        decline_plays(s)
        do(s, "continue")
    draw(s, "silver")  # 8 gems, two of them hazards
    assert legal(s) == {"play victoria", "done"}
    do(s, "play victoria")
    forced(s, 0, "done")
    do(s, "stop")
    assert vp(s)[0] == 6 + 6 + 3


# ---- R-DB-10 -------------------------------------------------------------------------------------
def _count_cards_table(**options):
    return build(2, hires={0: ["victoria", "veteran"], 1: ["coral-diver", "coral-diver"]},
                 boats={0: {1: "S1"}, 1: {1: "S1"}}, scout={0: ["gold"], 1: ["blue"]}, **options)


def _eight_gems_with_a_red(s):
    start_dive(s, "S1")
    for gem in ("silver",) * 7:
        draw(s, gem)
        assert answer_forced(s) == [(0, "done"), (1, "done")]
        do(s, "continue")
    draw(s, "red")


def test_r_db_10_two_same_need_cards_both_play():
    s = _count_cards_table()
    _eight_gems_with_a_red(s)
    assert legal(s) == {"play victoria", "play veteran", "done"}
    do(s, "play victoria")
    assert legal(s) == {"play veteran", "done"}
    do(s, "play veteran")
    forced(s, 0, "done")
    assert (s.current_player, legal(s)) == (1, {"play coral-diver", "done"})
    do(s, "play coral-diver")
    assert legal(s) == {"play coral-diver", "done"}
    do(s, "play coral-diver")
    forced(s, 1, "done")
    assert dive(s)["card_vp"] == {"0": 12, "1": 8}


def test_r_db_10_option_one_count_card_per_dive():
    s = _count_cards_table(one_count_card_per_dive=True)
    _eight_gems_with_a_red(s)
    assert legal(s) == {"play victoria", "play veteran", "done"}
    do(s, "play veteran")
    forced(s, 0, "done")  # the second 8-gem card is not offered
    assert phase(s) == "play" and s.current_player == 1
    do(s, "play coral-diver", "play coral-diver")  # colour cards are not limited
    forced(s, 1, "done")
    assert dive(s)["card_vp"] == {"0": 6, "1": 8}
    assert hand(s, 0).get("victoria") == 1


# ---- R-DB-12 -------------------------------------------------------------------------------------
def test_r_db_12_leader_resurfaces_others_defend_play_then_dive_ends():
    s = build(3, hires={0: ["oxygen-diver"], 2: ["oxygen-diver"]},
              boats={p: {1: "S1"} for p in range(3)}, scout={0: ["gold"], 1: ["blue"]}, leader=0)
    assert [boats(s, p)[0][1] for p in range(3)] == ["gold", "blue", "red"]
    start_dive(s, "S1")
    draw(s, "gold")
    decline_plays(s)
    do(s, "continue")
    draw(s, "blue")
    decline_plays(s)
    do(s, "continue")
    draw(s, "blue")
    assert s.current_player == 0
    assert (phase(s), legal(s)) == ("defend", {"defend oxygen-diver", "resurface"})
    do(s, "resurface")  # the leader resurfaces...
    assert (s.current_player, legal(s)) == (1, {"defend spot-blue", "resurface"})
    do(s, "defend spot-blue")  # ...the others still defend against that same gem,
    assert (s.current_player, legal(s)) == (2, {"defend oxygen-diver", "resurface"})
    do(s, "defend oxygen-diver")
    assert (phase(s), s.current_player) == ("play", 1)  # ...may then play cards (not the leader),
    do(s, "play prospector")
    forced(s, 1, "done")
    assert (phase(s), s.current_player) == ("play", 2)
    do(s, "play prospector")
    forced(s, 2, "done")
    assert phase(s) == "turn" and s.current_player == 1  # ...and the dive ends (no continue)
    # leader: the tile's 3 VP only; the others: gold 2 + prospector 2
    assert vp(s) == [3, 4, 4]


def test_r_db_12_empty_bag_ends_as_stop():
    s = build(2, boats={0: {1: "S1"}}, scout={0: ["gold"]})
    start_dive(s, "S1")
    assert phase(s) == "draw"
    # TEST-ONLY fixture: emptying the bag by play needs a dive surviving six hazards. Leave
    # two gold gems in the bag (an isolated test: the other gems are simply removed).
    force_fields(s, bag=[0, 2, 0, 0, 0, 0, 0])
    draw(s, "gold")
    decline_plays(s)
    assert phase(s) == "continue"
    do(s, "continue")
    draw(s, "gold")
    decline_plays(s)
    # the bag is empty: the dive ends as if the leader had stopped (gem VP kept)
    assert phase(s) == "turn" and s.current_player == 1
    assert vp(s) == [2 * 5 + 3, 0]
    assert s.view(None)["bag"] == {"gold": 2}  # drawn gems went back to the bag


# ---- R-DB-13 -------------------------------------------------------------------------------------
def test_r_db_13_resurfaced_keep_card_vp_lose_gem_vp():
    s = _two_on("S1", "blue", "gold")
    start_dive(s, "S1")
    draw(s, "gold")
    do(s, "done", "play prospector")
    forced(s, 1, "done")
    do(s, "continue")
    draw(s, "blue")
    decline_plays(s)
    do(s, "continue")
    draw(s, "blue")
    do(s, "defend spot-blue")
    forced(s, 1, "resurface")  # seat 1 has no protection: it resurfaces
    assert dive(s)["resurfaced"] == [1]
    # its boat leaves the tile: the gold spot is free again
    assert boats(s, 1)[0] == ("S1", None)
    assert {x["kind"]: x["boat"] for x in site_spots(s, "S1")}["gold"] is None
    decline_plays(s)  # seat 0 keeps its prospector
    do(s, "continue")
    draw(s, "red")
    decline_plays(s)
    do(s, "stop")
    assert vp(s) == [2 + 4 + 3, 2]  # seat 1: its prospector's 2 VP, no gem VP (5 + 10 lost)
    assert rest_pile(s, 1) == {"prospector": 1, "helmsman": 1}  # played cards rest after the dive
    assert boats(s, 1)[0] == ("S1", None) and next(
        x for x in s.view(None)["sites"] if x["node"] == "S1")["tile"] is None


def site_spots(s, node):
    return next(x for x in s.view(None)["sites"] if x["node"] == node)["spots"]


def test_r_db_13_spot_rates_10_5_3():
    s = build(3, boats={p: {1: "S1"} for p in range(3)}, scout={0: ["gold"], 1: ["red"]})
    assert [boats(s, p)[0][1] for p in range(3)] == ["gold", "red", "blue"]
    start_dive(s, "S1")
    for gem in ("gold", "red", "silver"):
        draw(s, gem)
        decline_plays(s)
        do(s, "continue")
    draw(s, "gold")
    decline_plays(s)
    do(s, "stop")
    assert vp(s) == [2 * 5 + 4 + 1 + 3, 2 * 2 + 10 + 1, 2 * 2 + 4 + 1]


def test_r_db_13_silver_spot_rate_3():
    s = _two_on("S2", "silver", "black")  # start-1: silver, blue, black; leader 2 VP
    start_dive(s, "S2")
    for gem in ("silver", "silver"):
        draw(s, gem)
        assert answer_forced(s) == [(0, "done"), (1, "done")]
        do(s, "continue")
    draw(s, "gold")
    decline_plays(s)
    do(s, "stop")
    assert vp(s) == [2 * 3 + 2 + 2, 2 * 1 + 2]


def test_r_db_13_two_boats_never_score_twice():
    s = build(2, boats={0: {1: "S1", 2: "S1"}, 1: {1: "S1"}}, scout={0: ["gold", "red"]}, leader=0)
    assert boats(s, 0) == [("S1", "gold"), ("S1", "red")] and boats(s, 1)[0] == ("S1", "blue")
    do(s, "dive S1")
    assert (s.current_player, legal(s)) == (1, {"rush boat2", "done"})
    do(s, "rush boat2")  # seat 1 now has two boats there too (blue spot + centre)
    for gem in ("gold", "red"):
        draw(s, gem)
        decline_plays(s)
        do(s, "continue")
    draw(s, "silver")
    decline_plays(s)
    do(s, "stop")
    # each colour once, at the best rate a boat gives; never once per boat
    assert vp(s) == [5 + 10 + 1 + 3, 2 + 4 + 1]
