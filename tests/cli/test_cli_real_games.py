"""Smoke tests on the real games: bots-only play finishes, and its save replays."""

from __future__ import annotations

import re

import json
from pathlib import Path

import pytest

import fathom

REPLAY_STEPS = 40  # a board per step is slow to print for a whole real game; a prefix proves the path


@pytest.mark.parametrize("game", fathom.game_names())
def test_watch_real_game(cli, game: str, tmp_path: Path) -> None:
    save = tmp_path / f"{game}.json"
    run = cli("play", game, "--watch", "--players", "3", "--seed", "1", "--save", str(save))
    assert run.code == 0, run
    assert "Final scores" in run.out and "Winner" in run.out
    assert "How the game went" in run.out and ("dives led" in run.out or "shells placed" in run.out)
    data = json.loads(save.read_text())
    data["actions"] = data["actions"][:REPLAY_STEPS]
    save.write_text(json.dumps(data))
    replay = cli("replay", str(save), "--all", "--seat", "0")
    assert replay.code == 0, replay
    assert f"Step {REPLAY_STEPS}/{REPLAY_STEPS}" in replay.out


def test_deep_blue_hint_says_where_to_sail_and_plays_nothing(cli, tmp_path: Path) -> None:
    """Level 3's hint at a turn where it would sail names both boats' destinations, and the
    game goes on exactly as it would have without the hint."""
    saves = [tmp_path / "hinted.json", tmp_path / "plain.json"]
    hinted = cli("play", "deep-blue", "--seed", "4", "--save", str(saves[0]), stdin="1\n1\nhint\n2\nquit\n")
    plain = cli("play", "deep-blue", "--seed", "4", "--save", str(saves[1]), stdin="1\n1\n2\nquit\n")
    assert hinted.code == plain.code == 0, hinted
    hint = next(x for x in hinted.out.splitlines() if x.startswith("Hint (ismcts): "))
    assert ". sail: boat1 " in hint and ", boat2 " in hint and "estimated win chance" in hint
    actions = [json.loads(path.read_text())["actions"] for path in saves]
    assert actions[0] == actions[1] and len(actions[0]) > 20


def test_deep_blue_undo_takes_back_the_persons_own_step_only(cli, tmp_path: Path) -> None:
    """Recruiting, then undo at the payment: the recruit is taken back, and the game goes on as if
    it had never been played; a second undo has nothing of this turn left to take back."""
    saves = [tmp_path / "undone.json", tmp_path / "plain.json"]
    undone = cli("play", "deep-blue", "--seed", "4", "--save", str(saves[0]), stdin="1\nundo\nundo\n2\n1\nquit\n")
    plain = cli("play", "deep-blue", "--seed", "4", "--save", str(saves[1]), stdin="2\n1\nquit\n")
    assert undone.code == plain.code == 0, undone
    assert re.search(r"Took back: Recruit .*\(\$\d\) \[recruit slot1\]", undone.out), undone.out  # by name (issue 52)
    assert "Nothing to undo: only your own last move in your turn" in undone.out
    actions = [json.loads(path.read_text())["actions"] for path in saves]
    assert actions[0] == actions[1]  # as if the recruit had never been played


def test_deep_blue_resumed_mid_turn_can_still_undo_that_turns_step(cli, tmp_path: Path) -> None:
    """Who made each move is not in the save; resuming finds it by replay, so the recruit made
    before quitting can be taken back after resuming, as if play had never stopped."""
    save = tmp_path / "mid.json"
    assert cli("play", "deep-blue", "--seed", "4", "--save", str(save), stdin="1\nquit\n").code == 0
    resumed = cli("play", "--resume", str(save), stdin="undo\nquit\n")
    assert resumed.code == 0, resumed
    assert re.search(r"Took back: Recruit .*\(\$\d\) \[recruit slot1\]", resumed.out), resumed.out
    assert json.loads(save.read_text())["actions"][-1] != "recruit slot1"


def test_rules_command_and_the_rules_word_at_the_prompt(cli) -> None:
    """``fathom rules GAME`` before a game, ``rules`` during one: the same summary."""
    french = cli("rules", "into-the-blue", "--lang", "fr")
    assert french.code == 0 and "comment jouer" in french.out and "Plongée parfaite" in french.out
    refused = cli("rules", "deep-blue", "--lang", "de")
    assert refused.code == 2 and "allowed: en, fr" in refused.out
    session = cli("play", "deep-blue", "--seed", "4", stdin="rules\nquit\n")
    assert session.code == 0 and "Deep Blue: how to play" in session.out and "Troubled Waters" in session.out
