"""The terminal renderer: draws views only, and notes exact odds beside each choice."""

from __future__ import annotations

from rich.console import Console

import fathom
from fathom.bots.registry import make_bot
from fathom.cli.renderers import renderer_for
from itb_helpers import do, new, turn


def text_of(renderable) -> str:
    console = Console(record=True, width=140, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_board_shows_levels_dice_and_only_own_chests():
    renderer = renderer_for("into-the-blue")
    state = new(players=3, seed=4)
    turn(state, "1,2,3,4,5,chest", chest=8)
    do(state, "roll 1,2,2,3,5,chest", "reroll 5,chest")
    own = text_of(renderer.board(state.view(0), 0))
    other = text_of(renderer.board(state.view(1), 1))
    assert "L5" in own and "L1" in own and "Rerolls left 1" in own
    assert "[1] [2] [2] [3]" in own and "[?] [?]" in own  # kept dice and the two in the cup
    assert "8" in own.split("Chest values")[1].split("\n")[2]  # own chest value row
    assert "hidden" in other
    assert "reconstructed" in own


def test_action_notes_give_exact_odds_for_every_reroll_and_the_stop():
    renderer = renderer_for("into-the-blue")
    state = new(players=2, seed=4)
    do(state, "roll 1,2,3,4,5,5")
    actions = state.legal_actions()
    notes = renderer.action_notes(state, 0, actions)
    assert set(notes) == set(actions)
    assert notes[state.string_to_action("reroll 5")] == "P(perfect)=11/36 (30.6%) · reach L1-5 sure"
    assert "L1 sure, L2 " in notes[state.string_to_action("reroll 2,3,4")]
    assert notes[state.string_to_action("stop")].startswith("final: place on")
    assert renderer.action_notes(state, 1, actions) == {}  # not seat 1's turn


def test_action_notes_for_placements_show_the_majority_effect():
    renderer = renderer_for("into-the-blue")
    state = new(players=2, seed=4)
    do(state, "roll 1,2,3,3,3,chest", "stop")
    notes = renderer.action_notes(state, 0, state.legal_actions())
    assert notes[state.string_to_action("place 3")].startswith("3 shells → 1st on L3, treasures 0→6")


def test_a_whole_game_renders_for_every_seat():
    renderer = renderer_for("into-the-blue")
    state = new(players=4, seed=21)
    bots = [make_bot("greedy", "into-the-blue", seed=s) for s in range(4)]
    step = 0
    while not state.is_terminal():
        if step % 15 == 0:
            for seat in (None, 0, 1):
                text_of(renderer.board(state.view(seat), seat))
            if not state.is_chance_node():
                renderer.action_notes(state, state.current_player, state.legal_actions())
        player = state.current_player
        state.apply(state.sample_chance() if player == fathom.CHANCE else bots[player].choose(state))
        step += 1
    assert "Game over" in text_of(renderer.board(state.view(None), None))
