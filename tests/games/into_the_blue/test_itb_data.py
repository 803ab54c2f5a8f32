"""The component data: packaged copy, provenance kept, validation of replacements."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest

import fathom
from fathom.games.into_the_blue.data import DATA_FILE, DataError, load_data, parse_data

SHARED = Path(__file__).resolve().parents[4] / "shared" / "data" / "into_the_blue.json"


def raw() -> dict:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


@pytest.mark.skipif(not SHARED.exists() and not os.environ.get("CI"), reason="shared/ is not beside the repository")
def test_packaged_data_is_the_shared_data():
    assert json.loads(SHARED.read_text(encoding="utf-8")) == raw()


def test_every_entry_keeps_its_provenance_and_treasures_are_marked_reconstructed():
    data = load_data()
    assert set(data.provenance) == {"shells_per_player", "dice", "rolls_per_turn", "chests", "treasures"}
    assert data.provenance["treasures"] == "reconstructed"
    assert data.reconstructed() == ["treasures"]
    view = fathom.new_game("into-the-blue", players=4, seed=1).view(None)
    assert view["reconstructed"] == ["treasures"]


def test_the_game_reads_its_values_from_the_data_file():
    data = load_data()
    game = fathom.make_game("into-the-blue", players=5)
    assert game.tokens == tuple((t.main, *t.secondary) for t in data.treasures)
    assert game.chest_values == tuple(sorted(set(data.chest_values)))
    assert sum(game.chest_pile) == len(data.chest_values) == 5
    assert game.shells == data.shells_per_player == 12
    assert game.rerolls == data.rolls_per_turn - 1 == 2
    assert not data.warnings


def test_a_corrected_file_is_accepted_and_checked():
    fixed = raw()
    fixed["treasures"]["by_level"]["5"] = {"main": 12, "secondary": [6, 5]}
    fixed["treasures"]["provenance"] = "rulebook"
    data, _ = parse_data(fixed)
    assert data.treasures[4].main == 12 and data.treasures[4].secondary == (6, 5)
    assert data.reconstructed() == []


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d["treasures"]["by_level"].pop("3"), "by_level"),
        (lambda d: d["treasures"]["by_level"]["2"].update(secondary=[2]), "exactly 2 secondary"),
        (lambda d: d["treasures"].pop("provenance"), "provenance"),
        (lambda d: d["chests"].update(values=[]), "chests.values"),
        (lambda d: d["dice"].update(count=5), "dice.count"),
        (lambda d: d["shells_per_player"].update(value=-1), "shells_per_player"),
        (lambda d: d["treasures"]["by_level"]["1"].update(main="3"), "integer"),
        (lambda d: d["chests"].update(provenance="guess"), "unknown provenance"),
    ],
)
def test_an_inconsistent_file_is_refused_with_a_clear_message(mutate, message):
    bad = copy.deepcopy(raw())
    mutate(bad)
    data, problems = parse_data(bad)
    assert data is None and any(message in p for p in problems), problems


def test_every_part_of_a_bad_file_is_reported_at_once():
    """As Deep Blue's check: one reading lists a problem per broken part, not only the first."""
    bad = copy.deepcopy(raw())
    bad["dice"]["count"] = 5
    bad["chests"]["values"] = []
    data, problems = parse_data(bad)
    assert data is None and len(problems) == 2
    assert "dice.count" in problems[0] and "chests.values" in problems[1]


def test_suspicious_values_only_warn():
    odd = raw()
    odd["treasures"]["by_level"]["4"] = {"main": 2, "secondary": [3, 3]}
    data, _ = parse_data(odd)
    assert any("worth more than the main" in w for w in data.warnings)
    assert any("falls with depth" in w for w in data.warnings)


def test_unreadable_file_raises_data_error(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(DataError, match="not valid JSON"):
        load_data(path)
    with pytest.raises(DataError, match="cannot read"):
        load_data(tmp_path / "missing.json")


def test_a_box_owner_plays_with_a_corrected_file(tmp_path):
    fixed = raw()
    fixed["treasures"]["by_level"]["5"] = {"main": 15, "secondary": [7, 6]}
    path = tmp_path / "my_box.json"
    path.write_text(json.dumps(fixed))
    state = fathom.new_game("into-the-blue", players=4, seed=1, data_file=str(path))
    assert state.game.tokens[4] == (15, 7, 6)
    assert state.view(None)["levels"][4]["secondary"] == [7, 6]
    assert fathom.load(state.to_json()).game.tokens[4] == (15, 7, 6)  # the save names the file
    three = fathom.new_game("into-the-blue", players=3, seed=1, data_file=str(path))
    assert three.game.tokens[4] == (15, 7)  # 2-3 players: the first secondary listed stays


def test_check_data_file_lists_problems_and_warnings(tmp_path):
    from fathom.games.into_the_blue.data import check_data_file

    assert check_data_file(DATA_FILE) == []
    bad = raw()
    bad["treasures"]["by_level"]["2"]["secondary"] = [2]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    assert len(check_data_file(path)) == 1 and "exactly 2 secondary" in check_data_file(path)[0]
    with pytest.raises(fathom.OptionError, match="cannot use data_file"):
        fathom.new_game("into-the-blue", players=4, seed=1, data_file=str(path))
    with pytest.raises(fathom.OptionError, match="path string"):
        fathom.new_game("into-the-blue", players=4, seed=1, data_file=3)
