"""Into the Blue's moves by name (issue 52): the engine's facts of each legal move, checked against
what playing the move does (R-IB-1 rerolls, R-IB-2 stop and place, R-IB-3 a perfect dive), the
names they give in English and French, and the log in the order things happen."""

from __future__ import annotations

import random

import pytest

import fathom
from fathom.core.plugins import plugin_for
from fathom.games.into_the_blue.move_facts import move_facts
from fathom.games.into_the_blue.terminal.words import faces_text, named_move
from fathom.i18n import Translator


def _decisions(seed: int, players: int = 3, limit: int = 400):
    """Each decision of a random game: the state before, and its move facts."""
    st = fathom.new_game("into-the-blue", players=players, seed=seed)
    rng = random.Random(seed)
    while not st.is_terminal() and limit:
        if st.is_chance_node():
            st.apply(st.sample_chance())
            continue
        legal = st.legal_actions()
        yield st, legal, move_facts(st, legal)
        st.apply(rng.choice(legal))
        limit -= 1


def _new_events(st, action):
    after = st.clone()
    before = len(after.events(None))
    after.apply(action)
    return after, after.events(None)[before:]


def test_the_plugin_names_its_move_facts():
    assert plugin_for("into-the-blue").has("move_facts")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r_ib_1_a_reroll_says_which_dice_go_back_and_which_stay(seed):
    checked = 0
    for st, legal, facts in _decisions(seed):
        assert set(facts["moves"]) == {st.action_to_string(a) for a in legal}
        showing = st.view(st.current_player)["turn"]["dice"]
        for a in legal:
            f = facts["moves"][st.action_to_string(a)]
            if f["kind"] != "reroll":
                continue
            assert sorted(map(str, f["reroll"] + f["keep"])) == sorted(map(str, showing))
            after, events = _new_events(st, a)
            said = next(e for e in events if e["type"] == "reroll")
            assert said["reroll"] == f["reroll"] and said["kept"] == f["keep"]
            assert f["rolls_left"] == said["rolls_left"]
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_r_ib_2_r_ib_3_stop_and_place_say_what_they_give(seed):
    kinds = set()
    for st, legal, facts in _decisions(seed):
        for a in legal:
            f = facts["moves"][st.action_to_string(a)]
            if f["kind"] == "stop":
                after, events = _new_events(st, a)
                dive = next(e for e in events if e["type"] == "dive")
                assert (f["result"], f["run"]) == (dive["result"], dive["run"])
                kinds.add(f["result"])
            elif f["kind"] == "place":
                after, events = _new_events(st, a)
                placed = next(e for e in events if e["type"] == "place")
                assert (placed["level"], placed["shells"], placed["dice"]) == (f["level"], f["shells"], f["dice"])
                level = st.view(st.current_player)["levels"][f["level"] - 1]
                assert f["main"] == level["main"] and f["secondary"] == level["secondary"]
                kinds.add("place")
    assert {"run", "place"} <= kinds


def test_a_worked_case_of_names_in_english_and_french():
    """Dice 1 1 2 4 ◈ ◈ with one reroll left: the names a player reads."""
    en, fr = Translator("en"), Translator("fr")
    reroll = {"kind": "reroll", "reroll": [1, "chest"], "keep": [1, 2, 4, "chest"], "rolls_left": 0}
    assert named_move(reroll, en) == "Reroll 1 ◈, keep 1 2 4 ◈"
    assert named_move(reroll, fr) == "Relancer 1 ◈, garder 1 2 4 ◈"
    every = {"kind": "reroll", "reroll": [1, 1, 2, 4, "chest", "chest"], "keep": [], "rolls_left": 1}
    assert named_move(every, en) == "Reroll all six dice" and named_move(every, fr) == "Relancer les six dés"
    place = {"kind": "place", "level": 3, "dice": 2, "shells": 2, "main": 6, "secondary": [3]}
    assert named_move(place, en) == "Place 2 shells on level 3 (treasure 6)"
    assert named_move(place, fr) == "Poser 2 coquillages au niveau 3 (trésor 6)"
    assert named_move({**place, "shells": 1}, en) == "Place 1 shell on level 3 (treasure 6)"
    assert named_move({"kind": "stop", "dice": [], "run": 4, "result": "run"}, en) == "Stop: run to level 4"
    assert named_move({"kind": "stop", "dice": [], "run": 0, "result": "failed"}, fr).startswith("S'arrêter")
    assert "chest" in named_move({"kind": "stop", "dice": [], "run": 5, "result": "perfect"}, en)
    assert faces_text(["chest", 4, 1]) == "1 4 ◈"


def test_every_move_of_a_game_has_a_name_in_both_languages_and_no_raw_key():
    for lang in ("en", "fr"):
        tr = Translator(lang)
        for _st, _legal, facts in _decisions(5, limit=60):
            for f in facts["moves"].values():
                name = named_move(f, tr)
                assert name and "act." not in name and "{" not in name, (f, name)


def test_the_log_says_a_turn_in_the_order_it_happens():
    """Turn, roll, (keep and reroll, roll)…, stop, the dive's result, the shells placed: never a
    placement before the dice that made it."""
    order = {"turn": 0, "roll": 1, "reroll": 2, "stop": 3, "dive": 4, "place": 5, "chest": 5}
    st = fathom.new_game("into-the-blue", players=2, seed=9)
    rng = random.Random(9)
    while not st.is_terminal():
        st.apply(st.sample_chance() if st.is_chance_node() else rng.choice(st.legal_actions()))
    turn: list[str] = []
    turns = 0
    for e in st.events(None) + [{"type": "turn"}]:
        if e["type"] == "turn":
            steps = [order[k] for k in turn if k in order]
            # a roll always comes before the decision it is about, the result after the last roll
            assert steps[:2] == [0, 1] or len(steps) <= 1, turn
            tail = [s for s in steps if s >= 3]
            assert tail == sorted(tail), turn
            assert all(steps[i] != 2 or steps[i + 1] == 1 for i in range(len(steps) - 1)), turn
            turns += bool(turn)
            turn = []
        turn.append(e["type"])
    assert turns > 10


def test_moves_of_the_seat_to_move_only_show_what_it_may_see():
    """The facts come from the mover's own view: chest values (secret) are never in them."""
    for st, _legal, facts in _decisions(7, limit=200):
        text = repr(facts)
        for seat in range(st.game.num_players):
            for value in st.fields()["chests"][seat]:  # the referee's truth, hidden chests included
                assert f"'value': {value}" not in text
        assert all(set(f) <= {"kind", "dice", "run", "result", "level", "shells", "main", "secondary",
                              "reroll", "keep", "rolls_left"} for f in facts["moves"].values())
