"""Saves written before a rule's default changed keep loading as the same game they were.

The fixtures in ``tests/saves`` were made by an older fathom (see the README there); loading
one must replay every action and end in the position the old version showed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import fathom

SAVES = Path(__file__).with_name("saves")
NAMES = sorted(p.name.removesuffix(".json") for p in SAVES.glob("*.json") if not p.name.endswith(".expected.json"))


def contains(new: Any, old: Any, where: str = "") -> None:
    """``new`` shows everything ``old`` showed, with the same values (it may add dict keys)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), where
        for key, value in old.items():
            assert key in new, f"{where}.{key} is gone"
            contains(new[key], value, f"{where}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), f"{where}: {new!r} != {old!r}"
        for i, (a, b) in enumerate(zip(new, old)):
            contains(a, b, f"{where}[{i}]")
    else:
        assert new == old, f"{where}: {new!r} != {old!r}"


def test_there_are_old_saves_of_both_games() -> None:
    games = {json.loads((SAVES / f"{name}.json").read_text())["game"] for name in NAMES}
    assert games == {"deep-blue", "into-the-blue"}


@pytest.mark.parametrize("name", NAMES)
def test_an_old_save_loads_as_the_same_game(name: str) -> None:
    text = (SAVES / f"{name}.json").read_text()
    expected = json.loads((SAVES / f"{name}.expected.json").read_text())
    state = fathom.load(text)
    assert state.history() == [state.string_to_action(a) for a in json.loads(text)["actions"]]
    assert state.scores() == expected["scores"]
    assert state.winners() == expected["winners"]
    assert state.movers() == expected["movers"]
    assert state.current_player == expected["to_move"]
    for key, view in expected["views"].items():
        contains(state.view(None if key == "spectator" else int(key)), view, f"view[{key}]")
    contains(state.events(None), expected["events"], "events")


@pytest.mark.parametrize("game, options", [
    ("deep-blue", {"scenario": "storm", "hidden_scores": False, "one_count_card_per_dive": False,
                   "data_file": None}),
    ("into-the-blue", {"data_file": None}),
])
def test_r_db_1_r_ib_1_a_version_1_save_is_replayed_with_seat_0_first(game: str, options: dict) -> None:
    # what fathom-save/1 wrote: no first_player (seat 0 always began); today's default draws one
    old = {"format": "fathom-save/1", "game": game, "players": 3, "seed": 8, "options": options, "actions": []}
    state = fathom.load(json.dumps(old))
    assert state.game.options["first_player"] == 0 and state.game.first_player == 0
    assert fathom.new_game(game, players=3, seed=8).game.first_player is None


def test_saves_are_written_as_version_2_with_every_option() -> None:
    state = fathom.new_game("deep-blue", players=3, seed=8)
    state.apply(state.sample_chance())  # the first player drawn at setup is an action of the log
    save = json.loads(state.to_json())
    assert save["format"] == "fathom-save/2"
    assert save["options"]["first_player"] == "random" and save["options"]["hidden_scores"] is True
    assert save["actions"][0].startswith("first seat")
    assert fathom.load(state.to_json()) == state


def test_an_unknown_save_format_is_refused_with_the_known_ones() -> None:
    with pytest.raises(fathom.SaveFormatError, match="fathom-save/2.*fathom-save/1"):
        fathom.load(json.dumps({"format": "fathom-save/9", "game": "deep-blue", "players": 2, "seed": 1,
                                "options": {}, "actions": []}))


def test_stored_table_options_without_first_player_mean_seat_0_first() -> None:
    """The server keeps a table's options; a table stored before R-DB-1 lacks first_player."""
    from fathom.core.registry import stored_options

    assert stored_options("deep-blue", {"scenario": "storm", "hidden_scores": True}) == {
        "first_player": 0, "scenario": "storm", "hidden_scores": True}
    assert stored_options("into-the-blue", {"first_player": "random"}) == {"first_player": "random"}
