"""The rulebook's worked examples (French rulebook: "Exemple 1", "Exemple 2", "Exemple de plongée").

Card values come from data/deep_blue.json: coral-diver (red) 4 VP, occultist (green) 8 VP,
victoria (8 gems) 6 VP, prospector (starting, gold) 2 VP. Expected totals are the
rulebook's, computed by hand here, never copied from the engine.
"""

from __future__ import annotations

from .helpers import build, decline_plays, dive, do, draw, forced, legal, phase, start_dive, vp

RED_CARD_VP = 4  # rulebook Example 1: "They will each collect 4 VP"


def _two_red_players():
    # Seats 0 and 1 each hire one coral diver (a red card); both anchor on S1 (start-3: 3 VP).
    return build(3, hires={0: ["coral-diver"], 1: ["coral-diver"]},
                 boats={0: {1: "S1"}, 1: {1: "S1"}}, scout={0: ["gold"], 1: ["blue"]}, leader=0)


def test_example_1_two_players_each_play_a_red_card_on_one_red_gem():
    s = _two_red_players()
    start_dive(s, "S1")
    draw(s, "red")
    # one red gem serves both players' red cards
    assert s.current_player == 0 and "play coral-diver" in legal(s)
    do(s, "play coral-diver")
    forced(s, 0, "done")
    assert s.current_player == 1 and "play coral-diver" in legal(s)
    do(s, "play coral-diver")
    forced(s, 1, "done")
    assert dive(s)["card_vp"] == {"0": RED_CARD_VP, "1": RED_CARD_VP}
    do(s, "stop")
    # seat 0 (leader, gold spot): 4 card + 4 red gem + 3 tile; seat 1 (blue spot): 4 card + 4 gem
    assert vp(s) == [4 + 4 + 3, 4 + 4, 0]


def test_example_1_one_player_with_both_red_cards_scores_8():
    s = build(2, hires={0: ["coral-diver", "coral-diver"]}, boats={0: {1: "S1"}}, scout={0: ["blue"]})
    start_dive(s, "S1")
    draw(s, "red")
    do(s, "play coral-diver")
    assert "play coral-diver" in legal(s)  # the same red gem also serves the second card
    do(s, "play coral-diver")
    forced(s, 0, "done")
    assert dive(s)["card_vp"] == {"0": 2 * RED_CARD_VP}
    do(s, "stop")
    assert vp(s) == [8 + 4 + 3, 0]


def test_example_2_eighth_gem_gold_allows_starting_gold_card_and_8_gem_card_together():
    s = build(2, hires={0: ["victoria"]}, boats={0: {1: "S1"}}, scout={0: ["blue"]})
    start_dive(s, "S1")
    for gem in ("silver",) * 7:
        draw(s, gem)
        decline_plays(s)
        assert "play victoria" not in legal(s)
        do(s, "continue")
    draw(s, "gold")  # the 8th gem is gold
    assert {"play prospector", "play victoria"} <= legal(s)
    do(s, "play victoria")
    assert "play prospector" in legal(s)
    do(s, "play prospector")
    assert dive(s)["card_vp"] == {"0": 6 + 2}


def dive_example_table():
    """The rulebook's dive: Yellow (seat 0) on the red spot, Orange (1) on the gold spot,
    Green (2) on the blue spot of start-3 (leader 3 VP, spots gold/red/blue).
    Orange holds occultist (green, 8 VP), victoria (8 gems, 6 VP) and an oxygen diver (blue);
    Green holds a coral diver (red, 4 VP) and the starting prospector (gold, 2 VP);
    Yellow only the starting crew (prospector: 2 VP) and no protection."""
    return build(3, hires={1: ["occultist", "victoria", "oxygen-diver"], 2: ["coral-diver"]},
                 boats={0: {1: "S1"}, 1: {1: "S1"}, 2: {1: "S1"}},
                 scout={0: ["red"], 2: ["blue"], 1: ["gold"]}, leader=2)


def test_dive_example_orange_29_yellow_2_green_18():
    s = dive_example_table()
    assert [p["colour"] for p in s.view(None)["seats"]] == ["yellow", "orange", "green"]
    start_dive(s, "S1")
    assert s.view(None)["dive"]["leader"] == 2

    def gem(colour: str, plays: dict[int, list[str]], then: str = "continue") -> None:
        draw(s, colour)
        while phase(s) == "play":
            seat = s.current_player
            todo = plays.get(seat, [])
            do(s, f"play {todo.pop(0)}" if todo else "done")
        if then:
            do(s, then)

    # gold, silver, blue, green (which only benefits Orange)
    gem("gold", {2: ["prospector"], 0: ["prospector"]})
    gem("silver", {})
    gem("blue", {})  # the first blue is a warning
    gem("green", {1: ["occultist"]})
    # then another gold, a red (Green plays its red card; Yellow stands on the red spot), a black
    gem("gold", {})
    gem("red", {2: ["coral-diver"]})
    gem("black", {})  # the first black: a warning
    # the second blue: everyone defends, leader (Green) first, then clockwise: Yellow, Orange
    draw(s, "blue")
    assert phase(s) == "defend" and s.current_player == 2
    assert legal(s) == {"defend spot-blue", "resurface"}
    do(s, "defend spot-blue")  # Green uses its blue scouting spot
    # Yellow has no protection: it resurfaces
    forced(s, 0, "resurface")
    assert s.view(None)["dive"]["resurfaced"] == [0]
    assert s.current_player == 1 and "defend oxygen-diver" in legal(s)
    do(s, "defend oxygen-diver")
    forced(s, 2, "done")  # Green (leader) has nothing left to play
    # only now may Orange play Victoria (8 gems drawn, the 8th was the blue hazard)
    assert phase(s) == "play" and s.current_player == 1 and "play victoria" in legal(s)
    do(s, "play victoria", "done")
    assert phase(s) == "continue" and s.current_player == 2
    do(s, "stop")
    orange = (8 + 6) + (2 * 5 + 1 * 1 + 1 * 4)  # cards 14 + gems 15 (gold spot: 5 per gold)
    yellow = 2 + 0  # card 2, resurfaced: no gem VP
    green = (4 + 2) + (2 * 2 + 1 + 4) + 3  # cards 6 + gems 9 + leading 3
    assert (orange, yellow, green) == (29, 2, 18)
    assert vp(s) == [yellow, orange, green]


def test_dive_example_yellow_would_have_scored_15_if_it_had_stayed():
    # The rulebook: "if he managed to stay, he would have scored 15 VP thanks to his bonus".
    # Same dive, but the leader stops before the second blue.
    s = dive_example_table()
    start_dive(s, "S1")
    for colour in ("gold", "silver", "blue", "green", "gold", "red", "black"):
        draw(s, colour)
        decline_plays(s)
        do(s, "continue" if colour != "black" else "stop")
    assert vp(s)[0] == 2 * 2 + 1 + 10  # red spot: 10 per red
