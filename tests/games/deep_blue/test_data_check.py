"""The component data file and ``check_data_file`` (clear messages for broken copies)."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest

import fathom
from fathom.games.deep_blue.data import DEFAULT_DATA_FILE, check_data_file

SHARED_COPY = Path(__file__).resolve().parents[4] / "shared" / "data" / "deep_blue.json"  # shared/ beside the repo


def raw() -> dict:
    return json.loads(DEFAULT_DATA_FILE.read_text(encoding="utf-8"))


def write(tmp_path: Path, data, name: str = "box.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def card(data: dict, card_id: str) -> dict:
    return next(c for c in data["crew_deck"] if c["id"] == card_id)


def test_shipped_data_file_is_valid():
    assert check_data_file(DEFAULT_DATA_FILE) == []
    data = raw()
    assert sum(c["copies"] for c in data["crew_deck"]) == 30
    assert sum(c["copies"] for c in data["starting_crew"]["per_player"]) == 4
    assert sum(data["gems"]["total"].values()) == 31


@pytest.mark.skipif(not SHARED_COPY.exists() and not os.environ.get("CI"), reason="no shared/ beside the repo")
def test_shared_data_file_is_the_shipped_one_and_valid():
    assert json.loads(SHARED_COPY.read_text(encoding="utf-8")) == raw()
    assert check_data_file(SHARED_COPY) == []


def test_a_valid_copy_is_playable(tmp_path):
    path = write(tmp_path, raw())
    assert check_data_file(path) == []
    s = fathom.new_game("deep-blue", players=3, seed=5, data_file=str(path))
    assert s.legal_actions()


def broken(mutate) -> dict:
    data = copy.deepcopy(raw())
    mutate(data)
    return data


def _duplicate_id(d):
    card(d, "harpooner")["id"] = "oxygen-diver"


def _deck_size(d):
    card(d, "harpooner")["copies"] = 5


def _gems_sum(d):
    d["gems"]["total"]["silver"] = 10


def _disconnected(d):
    d["board"]["edges"] = [e for e in d["board"]["edges"] if "A9" not in e]


def _plus_one_exceeds_supply(d):
    card(d, "coral-diver")["copies"] = 3
    card(d, "harpooner")["copies"] = 3  # the deck keeps 30 cards


def _starting_crew(d):
    d["starting_crew"]["per_player"].pop()


def _unknown_gem(d):
    card(d, "coral-diver")["dive"]["needs"] = {"pink": 1}


def _two_empty_tiles(d):
    d["wreck_tiles"][1]["leader_vp"] = None
    d["wreck_tiles"][1]["scouting_spots"] = []


@pytest.mark.parametrize("mutate, message", [
    (_duplicate_id, "crew card id 'oxygen-diver' is used more than once"),
    (_deck_size, "the crew deck has 31 cards; the box has 30"),
    (_gems_sum, "bag_at_setup + supply_at_setup must equal total"),
    (_gems_sum, "the box has 31 gems, the file has 32"),
    (_disconnected, "the map is not connected: A9 cannot be reached from harbour"),
    (_plus_one_exceeds_supply, "3 crew cards add a red gem (+1) but the supply starts with only 2"),
    (_starting_crew, "a starting crew has 3 cards; the box gives each colour 4"),
    (_unknown_gem, "unknown gem colour 'pink'"),
    (_two_empty_tiles, "exactly 1 empty starting tile, found 2"),
], ids=["duplicate-id", "deck-size", "gems-not-summing", "gem-count", "disconnected-map", "plus-one-gems",
        "starting-crew", "unknown-gem", "two-empty-tiles"])
def test_broken_copies_are_reported_clearly(tmp_path, mutate, message):
    path = write(tmp_path, broken(mutate))
    problems = check_data_file(path)
    assert any(message in p for p in problems), problems
    # and such a box cannot be played: the option error says why
    with pytest.raises(fathom.OptionError, match="data_file"):
        fathom.new_game("deep-blue", players=3, seed=1, data_file=str(path))


def test_unreadable_files_are_reported(tmp_path):
    assert check_data_file(tmp_path / "missing.json")[0].startswith("cannot read")
    assert "not valid JSON" in check_data_file(write(tmp_path, "{not json", "bad.json"))[0]
    assert "top level must be a JSON object" in check_data_file(write(tmp_path, "[1, 2]", "list.json"))[0]
    problems = check_data_file(write(tmp_path, {"game": "x"}, "empty.json"))
    assert problems and problems[0].startswith("cannot read the data")
