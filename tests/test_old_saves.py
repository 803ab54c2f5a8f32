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
