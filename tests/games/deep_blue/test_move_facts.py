"""The legal moves as facts for a page (issue 52): each move by what it is about (the card, its slot
and price), and a sail under way as destinations with the steps that reach them (R-DB-6)."""

from __future__ import annotations

from fathom.games.deep_blue.move_facts import move_facts, sail_routes

from .helpers import do, legal, setup


def _facts(state):
    return move_facts(state, state.legal_actions())


def test_recruit_names_the_card_its_slot_and_price():
    s = setup(3)  # market: harpooner, navigator, financier, salvager at $1, $2, $2, $3
    moves = _facts(s)["moves"]
    assert moves["recruit slot1"] == {"kind": "recruit", "slot": 1, "card": "harpooner", "price": 1}
    assert moves["recruit slot4"] == {"kind": "recruit", "slot": 4, "card": "salvager", "price": 3}
    assert moves["refresh"] == {"kind": "refresh", "price": 4}
    assert moves["sail"] == {"kind": "sail"} and moves["rest"] == {"kind": "rest"}
    assert set(moves) == legal(s)


def test_paying_says_what_for_and_how_much_is_left():
    s = setup(3)
    do(s, "recruit slot4")
    moves = _facts(s)["moves"]
    assert moves["pay skipper"] == {"kind": "pay", "card": "skipper", "cash": 2, "for": "recruit", "slot": 4,
                                    "for_card": "salvager", "left": 3}
    do(s, "pay skipper")
    assert _facts(s)["moves"]["pay prospector"]["left"] == 1


def test_r_db_6_sail_destinations_with_their_steps():
    s = setup(3)
    do(s, "sail", "pay helmsman", "pay deckhand", "done")  # 3 movement points
    routes = sail_routes(s)
    by_boat = {(r["boat"], r["to"]): r["steps"] for r in routes}
    # one step away: one move; further: the shortest run of legal single steps, each a legal notation
    assert by_boat[(1, "S1")] == ["sail boat1 harbour->S1"]
    assert by_boat[(1, "S5")] == ["sail boat1 harbour->S1", "sail boat1 S1->S5"]
    assert len(by_boat[(2, "S6")]) == 3
    assert all(len(steps) <= 3 for steps in by_boat.values())
    assert (1, "harbour") not in by_boat  # staying is "done", not a route
    # every route plays out on the engine and leaves the boat at its destination
    for (boat, to), steps in by_boat.items():
        copy = s.clone()
        do(copy, *steps)
        assert copy.view(None)["seats"][0]["boats"][boat - 1]["node"] == to
    # the reachable set is exactly what single steps reach within the movement left
    do(s, "sail boat1 harbour->S1", "sail boat1 S1->S5")
    assert {(r["boat"], r["to"]) for r in sail_routes(s)} == {
        (1, n) for n in ("S1", "S3", "S6", "B4")} | {(2, n) for n in ("S1", "S2", "B1")}


def test_no_routes_outside_the_moving_step():
    s = setup(3)
    assert _facts(s)["routes"] == []
    do(s, "sail", "pay helmsman")
    assert sail_routes(s) == []  # still paying propellers
