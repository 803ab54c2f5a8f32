"""Setup, cards and the market: R-DB-1 .. R-DB-5, plus the legality of Recruit."""

from __future__ import annotations

from fractions import Fraction

import pytest

import fathom
from fathom.core.api import CHANCE

from .helpers import (
    DEFAULT_TILES, STARTING_CREW, bag, do, force_fields, hand, hire, legal, market, new_state,
    phase, rest_pile, sail, seat_view, setup, site, supply,
)


# ---- R-DB-1 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players, tokens", [(2, [0, 1]), (3, [0, 1, 1]), (4, [0, 1, 1, 2]), (5, [0, 1, 1, 2, 2])])
def test_r_db_1_first_player_0_starts_and_tokens_by_turn_order(players, tokens):
    s = setup(players)  # first_player=0, the old fixed start
    assert s.current_player == 0 and phase(s) == "turn"
    v = s.view(None)
    assert [p["tokens"] for p in v["seats"]] == tokens
    assert [p["colour"] for p in v["seats"]] == ["yellow", "orange", "green", "red", "purple"][:players]
    for p in range(players):
        assert hand(s, p) == {c: 1 for c in STARTING_CREW}  # each colour's 4 starting cards
        assert seat_view(s, p)["vp"] == 0


def test_r_db_1_the_first_player_is_setups_first_chance_outcome():
    s = fathom.new_game("deep-blue", players=3, seed=1)  # defaults: first player drawn, Troubled Waters
    assert s.current_player == CHANCE and phase(s) == "first-player"
    assert [(s.action_to_string(a), p) for a, p in s.exact_chance_outcomes()] == [
        ("first seat0", Fraction(1, 3)), ("first seat1", Fraction(1, 3)), ("first seat2", Fraction(1, 3))]
    assert [p["tokens"] for p in s.view(None)["seats"]] == [0, 0, 0]  # not dealt before the draw
    do(s, "first seat2")
    # tokens by turn order from seat 2: seat 2 gets 0, then seat 0 and seat 1 get 1 each
    assert [p["tokens"] for p in s.view(None)["seats"]] == [1, 1, 0]
    assert s.events(None)[-1] == {"type": "first-player", "seat": 2, "tokens": [1, 1, 0], "step": 0,
                                  "text": "Seat 2 is drawn to play first; starting tokens [1, 1, 0]"}
    do(s, *(f"tile {t}" for t in DEFAULT_TILES), "card harpooner", "card navigator", "card financier",
       "card salvager")
    assert (phase(s), s.current_player) == ("turn", 2)
    do(s, "rest")
    assert s.current_player == 0  # then clockwise: 2, 0, 1


@pytest.mark.parametrize("players, first, tokens", [
    (2, 1, [1, 0]), (4, 3, [1, 1, 2, 0]), (5, 3, [1, 2, 2, 0, 1]),
])
def test_r_db_1_tokens_go_by_turn_order_from_the_drawn_first_player(players, first, tokens):
    s = fathom.new_game("deep-blue", players=players, seed=4)
    do(s, f"first seat{first}")
    assert [p["tokens"] for p in s.view(None)["seats"]] == tokens


def test_r_db_1_option_first_player_names_a_seat_and_no_draw_is_made():
    s = fathom.new_game("deep-blue", players=3, seed=1, first_player=1)
    assert phase(s) == "setup-tile"  # no first-player draw
    assert [p["tokens"] for p in s.view(None)["seats"]] == [1, 0, 1]
    do(s, *(f"tile {t}" for t in DEFAULT_TILES), "card harpooner", "card navigator", "card financier",
       "card salvager")
    assert s.current_player == 1


@pytest.mark.parametrize("bad", [3, -1, True, "1", None])
def test_r_db_1_first_player_must_be_a_seat_of_the_table(bad):
    with pytest.raises(fathom.OptionError, match="first_player"):
        fathom.new_game("deep-blue", players=3, seed=1, first_player=bad)


# ---- R-DB-2 ----------------------------------------------------------------------------------
def test_r_db_2_market_prices_1_2_2_3_and_new_cards_enter_last_slot():
    s = setup(3, market=("harpooner", "navigator", "financier", "salvager"))
    assert [m["price"] for m in s.view(None)["market"]] == [1, 2, 2, 3]
    assert s.view(None)["refresh_price"] == 4
    assert s.view(None)["deck_count"] == 30 - 4
    hire(s, 2, ["skipper"], "treasure-hunter")  # $2 slot; the cards after it shift toward $1
    assert market(s) == ["harpooner", "financier", "salvager", "treasure-hunter"]
    assert hand(s, 0).get("navigator") == 1
    assert s.view(None)["deck_count"] == 30 - 5


def test_r_db_2_plus_one_gem_moves_on_lay_not_hire():
    s = new_state(3)
    do(s, *(f"tile {t}" for t in DEFAULT_TILES))
    start_bag, start_supply = bag(s), supply(s)
    assert start_bag == {"silver": 7, "gold": 3, "red": 1, "black": 4, "blue": 4}
    assert start_supply == {"silver": 2, "gold": 2, "red": 2, "green": 2, "purple": 4}
    do(s, "card coral-diver")  # laid face up during setup: a red gem goes into the bag at once
    assert bag(s)["red"] == 2 and supply(s)["red"] == 1
    do(s, "card harpooner", "card navigator", "card occultist")
    assert bag(s)["green"] == 1 and supply(s)["green"] == 1
    before = (bag(s), supply(s))
    hire(s, 1, ["deckhand"], None)  # hiring the coral diver moves nothing
    assert (bag(s), supply(s)) == before
    do(s, "card archaeologist")  # the refill is laid face up: a purple gem moves
    assert bag(s)["purple"] == 1 and supply(s)["purple"] == 3
    assert hand(s, 0).get("coral-diver") == 1


def test_r_db_2_no_gem_left_in_supply_nothing_moves():
    s = new_state(3)
    do(s, *(f"tile {t}" for t in DEFAULT_TILES), "card harpooner", "card navigator", "card financier")
    # TEST-ONLY fixture: the shipped box has exactly as many red gems in the supply as cards
    # that add one (2 and 2), so an exhausted supply cannot be reached by play. Move both red
    # gems from the supply into the bag (the total stays 31), then lay a coral diver.
    force_fields(s, supply=[2, 2, 0, 2, 4, 0, 0], bag=[7, 3, 3, 0, 0, 4, 4])
    do(s, "card coral-diver")
    assert bag(s)["red"] == 3 and "red" not in supply(s)
    assert market(s)[3] == "coral-diver"


# ---- R-DB-3 ----------------------------------------------------------------------------------
def test_r_db_3_starting_tiles_face_up_at_random_and_empty_site_stays_empty():
    s = new_state(3)
    placed = []
    for n_left in range(6, 0, -1):
        outcomes = s.exact_chance_outcomes()
        assert len(outcomes) == n_left and all(p == Fraction(1, n_left) for _, p in outcomes)
        names = {s.action_to_string(a) for a, _ in outcomes}
        assert names == {f"tile {t}" for t in ("start-empty", "start-1", "start-2", "start-3", "start-4",
                                                 "start-5") if t not in placed}
        tile = ("start-2", "start-empty", "start-5", "start-1", "start-4", "start-3")[6 - n_left]
        do(s, f"tile {tile}")
        placed.append(tile)
    assert site(s, "S1")["tile"] == "start-2" and not site(s, "S1")["face_down"]
    assert site(s, "S2") ["tile"] is None and not site(s, "S2")["face_down"]  # the empty tile's site
    v = s.view(None)
    advanced = [x for x in v["sites"] if x["kind"] == "advanced"]
    assert len(advanced) == 9 and all(x["face_down"] and x["tile"] is None for x in advanced)
    assert v["face_down_left"] == 9


def test_r_db_3_advanced_tile_decided_on_reveal():
    s = setup(3)
    # seat 0 sails boat 1 four moves to A1, a face-down advanced site
    sail(s, ["helmsman", "skipper", "deckhand"], ["boat1 harbour->S1", "boat1 S1->S5", "boat1 S5->S6",
                                                  "boat1 S6->A1"])
    assert phase(s) == "reveal" and s.is_chance_node()
    outcomes = s.exact_chance_outcomes()
    # every not-yet-revealed advanced tile is equally likely: nothing was decided at setup
    assert len(outcomes) == 9 and {p for _, p in outcomes} == {Fraction(1, 9)}
    assert {s.action_to_string(a) for a, _ in outcomes} == (
        {f"tile advanced-{i}" for i in range(1, 6)} | {f"tile sunken-city-{i}" for i in range(1, 5)})
    other = s.clone()
    do(s, "tile advanced-4")
    do(other, "tile sunken-city-2")  # the same history allows any tile there
    assert site(s, "A1")["tile"] == "advanced-4" and site(other, "A1")["tile"] == "sunken-city-2"
    assert s.view(None)["face_down_left"] == 8
    do(s, "scout gold")
    # the next reveal: 8 tiles left, advanced-4 no longer possible
    # seat 1 reveals A4: 8 tiles left, each 1/8, advanced-4 no longer possible
    sail(s, ["helmsman", "skipper", "deckhand"], ["boat1 harbour->S1", "boat1 S1->S5", "boat1 S5->B4",
                                                  "boat1 B4->A4"])
    outcomes = s.exact_chance_outcomes()
    assert len(outcomes) == 8 and {p for _, p in outcomes} == {Fraction(1, 8)}
    assert "tile advanced-4" not in {s.action_to_string(a) for a, _ in outcomes}
    with pytest.raises(fathom.IllegalActionError):
        s.apply_text("tile advanced-4")


# ---- R-DB-4 ----------------------------------------------------------------------------------
def test_r_db_4_card_used_for_one_use_only():
    s = setup(3)
    # the skipper shows $2 and 1 propeller; played to sail it gives the propeller only
    do(s, "sail", "pay skipper")
    assert s.view(None)["step"]["movement"] == 1
    do(s, "done", "sail boat1 harbour->B1")  # a buoy: nothing to scout
    assert phase(s) == "turn" and s.current_player == 1  # one move and the sail is over
    assert rest_pile(s, 0) == {"skipper": 1}
    # a card with a dive use (coral diver: red, 4 VP, or $1) paid as cash is gone for the dive
    s = setup(2, market=("coral-diver", "harpooner", "navigator", "financier"))
    hire(s, 1, ["deckhand"], "salvager")  # seat 0 hires the coral diver
    do(s, "rest")  # seat 1 passes
    hire(s, 1, ["coral-diver"], "treasure-hunter")  # seat 0 pays $1 with it for the harpooner
    assert "coral-diver" not in hand(s, 0) and rest_pile(s, 0).get("coral-diver") == 1


def test_r_db_4_cash_and_propellers_only_in_recruit_and_sail():
    # there is no dive use of a starting skipper/deckhand/helmsman at all
    s = setup(2)
    for card in ("skipper", "deckhand", "helmsman"):
        with pytest.raises(fathom.IllegalActionError):
            s.string_to_action(f"play {card}")
    # and paying is only possible inside a Recruit or Sail
    assert not {a for a in legal(s) if a.startswith("pay ")}
    sail(s, ["helmsman"], ["boat1 harbour->S1"], ["red"])
    do(s, "rest")
    do(s, "dive S1")
    while phase(s) == "rush":
        assert not {a for a in legal(s) if a.startswith("pay ")}
        do(s, "done")
    do(s, "gem gold")
    assert legal(s) == {"play prospector", "done"}  # no cash/propeller use in a dive



def test_r_db_4_a_card_paid_is_shown_to_the_table_a_token_is_not():
    """Paying plays the card face up: the card that completes a hire goes to the rest pile as
    the turn ends, yet every rival's log names it, and the game marks the move as one that
    reveals a secret (no undo); a token or a spot shows nothing from the hand."""
    s = setup(3, market=("coral-diver", "harpooner", "navigator", "financier"))
    start = len(s.events(None))
    hire(s, 1, ["deckhand"], "salvager")  # seat 0 pays $1 for slot 1: the turn ends
    assert s.current_player == 1 and rest_pile(s, 0) == {"deckhand": 1}
    for rival in (1, 2, None):
        shown = [e for e in s.events(rival, start) if e["type"] == "pay"]
        assert [(e["seat"], e["card"], e["for"], e["amount"]) for e in shown] == [(0, "deckhand", "cash", 1)]
    game = s.game
    assert game.reveals_secret(game.action_id("pay deckhand"))
    assert game.reveals_secret(game.action_id("defend harpooner"))
    assert game.reveals_secret(game.action_id("play coral-diver"))
    for quiet in ("pay token", "defend spot-blue", "recruit slot1", "sail", "continue"):
        assert not game.reveals_secret(game.action_id(quiet)), quiet


def test_r_db_4_a_paid_card_cannot_be_taken_back_a_quiet_own_move_can():
    """Undo (web and terminal) asks ``can_take_back``: the hire itself may be taken back, but not
    once a card paid toward it has been shown, nor another seat's move, nor a draw."""
    s = setup(3, market=("coral-diver", "harpooner", "navigator", "financier"))
    do(s, "recruit slot2")  # $2 to pay: still seat 0's step
    assert s.can_take_back(0, 0)
    assert not s.can_take_back(1, 0) and not s.can_take_back(0, 1) and not s.can_take_back(0, CHANCE)
    assert not s.can_take_back(None, 0)
    do(s, "pay deckhand")  # face up: every rival has seen it
    assert s.current_player == 0 and not s.can_take_back(0, 0)


# ---- R-DB-5 ----------------------------------------------------------------------------------
def test_r_db_5_change_is_lost():
    s = setup(3)
    do(s, "recruit slot1")
    assert phase(s) == "pay" and s.view(None)["step"]["left_to_pay"] == 1
    # only cash sources can pay (the helmsman has no $); seat 0 has no token
    assert legal(s) == {"pay skipper", "pay prospector", "pay deckhand"}
    do(s, "pay skipper")  # $2 for a $1 card: the hire happens, the extra $1 is lost
    assert phase(s) == "market-draw"
    do(s, "card salvager")
    assert s.current_player == 1 and phase(s) == "turn"  # one hire per turn, no credit left
    assert hand(s, 0) == {"prospector": 1, "deckhand": 1, "helmsman": 1, "harpooner": 1}
    assert seat_view(s, 0)["tokens"] == 0


def test_r_db_5_pay_with_tokens_and_cards_together():
    s = setup(4)
    do(s, "rest", "rest", "rest")  # seats 0-2 pass (empty rest piles)
    assert s.current_player == 3 and seat_view(s, 3)["tokens"] == 2
    hire(s, 4, ["token", "token", "deckhand"], "treasure-hunter")  # $3 = two tokens + $1
    assert seat_view(s, 3)["tokens"] == 0 and hand(s, 3).get("salvager") == 1


def test_r_db_5_refresh_discards_and_take_free():
    s = setup(3, market=("coral-diver", "harpooner", "navigator", "financier"))
    assert bag(s)["red"] == 2
    assert "refresh" in legal(s)
    do(s, "refresh")
    assert s.view(None)["step"]["left_to_pay"] == 4
    do(s, "pay skipper", "pay prospector", "pay deckhand")
    # the old market is out of the game; four new cards are laid, each adding its gem
    assert s.view(None)["discarded"] == {"coral-diver": 1, "harpooner": 1, "navigator": 1, "financier": 1}
    do(s, "card occultist", "card oxygen-diver", "card victoria", "card archaeologist")
    assert market(s) == ["occultist", "oxygen-diver", "victoria", "archaeologist"]
    assert bag(s)["green"] == 1 and bag(s)["purple"] == 1
    assert bag(s)["red"] == 2  # the discarded coral diver's gem stays in the bag
    assert phase(s) == "take" and legal(s) == {"take slot1", "take slot2", "take slot3", "take slot4"}
    do(s, "take slot3")  # free: no payment step
    assert phase(s) == "market-draw"
    do(s, "card salvager")
    assert market(s) == ["occultist", "oxygen-diver", "archaeologist", "salvager"]
    assert hand(s, 0) == {"helmsman": 1, "victoria": 1}
    assert s.current_player == 1
    assert s.view(None)["deck_count"] == 30 - 4 - 5


def _drain_deck(s, until: int) -> None:
    """Play (2 players) refreshes and hires until the deck holds ``until`` cards.

    Chance picks the financier ($3) whenever it can, so the players stay rich."""
    desc = {c["id"]: c for c in s.game.describe()["cards"]}
    for _ in range(400):
        deck = s.view(None)["deck_count"]
        if deck == until and phase(s) == "turn":
            return
        names = sorted(legal(s))
        ph = phase(s)
        if s.is_chance_node():
            cards = [n[5:] for n in names]
            pick = "financier" if "financier" in cards else cards[0]
            if ph == "rest-draw":
                pick = max(cards, key=lambda c: desc[c]["cash"])
            do(s, f"card {pick}")
        elif ph == "turn":
            if "refresh" in names and deck >= until + 5:
                do(s, "refresh")
            elif "recruit slot1" in names and deck > until:
                do(s, "recruit slot1")
            else:
                do(s, "rest")
        elif ph == "pay":
            pays = [n for n in names if n.startswith("pay ")]
            do(s, max(pays, key=lambda n: 1 if n == "pay token" else desc[n[4:]]["cash"]))
        elif ph == "take":
            do(s, names[0])
        else:
            raise AssertionError(f"unexpected phase {ph}")
    raise AssertionError("the deck did not drain")


def _cash(s, seat: int) -> int:
    price = {c["id"]: c["cash"] for c in s.game.describe()["cards"]}
    return sum(n * price[c] for c, n in hand(s, seat).items()) + seat_view(s, seat)["tokens"]


def _rest_until_rich(s) -> None:
    """Players Rest (taking back their richest cards) until the one to move holds $4."""
    price = {c["id"]: c["cash"] for c in s.game.describe()["cards"]}
    for _ in range(12):
        if _cash(s, s.current_player) >= 4:
            return
        do(s, "rest")
        while s.is_chance_node():
            do(s, max(sorted(legal(s)), key=lambda a: price[a[5:]]))
    raise AssertionError("nobody got $4 back")


def test_r_db_5_refresh_needs_a_card_in_deck():
    s = setup(2)
    _drain_deck(s, until=1)
    _rest_until_rich(s)
    assert "refresh" in legal(s)  # one card left is enough
    do(s, "refresh")
    while phase(s) == "pay":
        do(s, sorted(legal(s))[0])
    assert phase(s) == "market-draw" and len(s.legal_actions()) == 1
    do(s, s.action_to_string(s.legal_actions()[0]))
    assert market(s)[1:] == [None, None, None] and market(s)[0] is not None
    do(s, "take slot1")
    assert market(s) == [None, None, None, None] and s.view(None)["deck_count"] == 0
    # the deck is empty: no refresh, however rich the player is
    _rest_until_rich(s)
    assert _cash(s, s.current_player) >= 4 and "refresh" not in legal(s)


def test_r_db_5_deck_never_reshuffled_empty_slots_stay_empty():
    s = setup(2)
    _drain_deck(s, until=0)
    v = s.view(None)
    assert v["deck_count"] == 0 and sum(v["discarded"].values()) > 0
    discarded = v["discarded"]
    full = [c for c in market(s) if c is not None]
    assert len(full) == 4
    # hire from the market until it is empty: every gap stays empty, nothing comes back
    for k in range(4):
        while "recruit slot1" not in legal(s):
            do(s, "rest")
            while s.is_chance_node():
                do(s, sorted(legal(s))[0])
        do(s, "recruit slot1")
        while phase(s) == "pay":
            do(s, sorted(legal(s))[0])
        assert not s.is_chance_node()  # no card to lay
        assert market(s) == full[k + 1:] + [None] * (k + 1)
        assert s.view(None)["discarded"] == discarded and s.view(None)["deck_count"] == 0
    assert not {a for a in legal(s) if a.startswith("recruit")} and "refresh" not in legal(s)


# ---- Recruit legality ----------------------------------------------------------------------
def test_recruit_needs_enough_cash():
    s = setup(3)  # QUIET market: harpooner $1, navigator $2, financier $2, salvager $3
    assert {"recruit slot1", "recruit slot2", "recruit slot3", "recruit slot4", "refresh"} <= legal(s)
    hire(s, 1, ["skipper"], "treasure-hunter")  # seat 0 keeps prospector $1 + deckhand $1
    do(s, "rest", "rest")
    assert s.current_player == 0
    moves = legal(s)
    assert {"recruit slot1", "recruit slot2", "recruit slot3"} <= moves
    assert "recruit slot4" not in moves and "refresh" not in moves  # $2 < $3, $4
    with pytest.raises(fathom.IllegalActionError, match="allowed now: .*recruit slot1"):
        s.apply_text("recruit slot4")
