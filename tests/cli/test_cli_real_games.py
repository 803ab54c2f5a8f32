"""Smoke tests on the real games: bots-only play finishes, and its save replays."""

from __future__ import annotations

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
    data = json.loads(save.read_text())
    data["actions"] = data["actions"][:REPLAY_STEPS]
    save.write_text(json.dumps(data))
    replay = cli("replay", str(save), "--all", "--seat", "0")
    assert replay.code == 0, replay
    assert f"Step {REPLAY_STEPS}/{REPLAY_STEPS}" in replay.out
