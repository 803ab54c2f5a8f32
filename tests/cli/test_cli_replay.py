"""``fathom replay``: a save from ``fathom play --save`` steps back through exactly."""

from __future__ import annotations

import io
import json
from pathlib import Path

from fathom.cli.main import main


def played(cli, tmp_path: Path, *extra: str, stdin: str = "") -> Path:
    save = tmp_path / "game.json"
    run = cli("play", "race", "--players", "2", "--seed", "6", "--bots", "random", "--save", str(save), *extra, stdin=stdin)
    assert save.exists(), run
    return save


def test_save_then_replay_all(cli, tmp_path: Path) -> None:
    save = played(cli, tmp_path, "--watch")
    actions = json.loads(save.read_text())["actions"]
    run = cli("replay", str(save), "--all")
    assert run.code == 0, run
    assert f"{len(actions)} actions; view: spectator" in run.out
    assert f"Step {len(actions)}/{len(actions)}" in run.out
    assert "chance: die " in run.out and "seat 0: " in run.out
    assert "Final scores" in run.out and "Winner" in run.out
    assert "mood-0" not in run.out  # spectator view


def test_replay_from_a_seat_shows_that_seats_view(cli, tmp_path: Path) -> None:
    save = played(cli, tmp_path, stdin="step\n" * 10)
    run = cli("replay", str(save), "--seat", "1")  # stdin is not a terminal: prints everything
    assert run.code == 0, run
    assert "view: seat 1" in run.out
    assert "mood-1" in run.out and "mood-0" not in run.out


def test_replay_of_an_unfinished_game(cli, tmp_path: Path) -> None:
    save = played(cli, tmp_path, stdin="step\nquit\n")
    run = cli("replay", str(save), "--all")
    assert run.code == 0
    assert "the game was not finished" in run.out


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_interactive_replay_steps_on_enter_and_quits_on_q(tmp_path: Path, cli) -> None:
    save = played(cli, tmp_path, "--watch")
    out = io.StringIO()
    code = main(["replay", str(save)], stdin=FakeTerminal("\n\nq\n"), stdout=out)
    text = out.getvalue()
    assert code == 0
    assert "Enter: next step" in text
    assert "Step 3/" in text and "Step 4/" not in text
    assert "Stopped at step 3 of" in text


def test_replay_reports_bad_files(cli, tmp_path: Path) -> None:
    run = cli("replay", str(tmp_path / "nope.json"))
    assert run.code == 2 and "cannot read" in run.out
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    run = cli("replay", str(junk))
    assert run.code == 2 and "not a fathom save" in run.out
    save = played(cli, tmp_path, "--watch")
    run = cli("replay", str(save), "--seat", "7")
    assert run.code == 2 and "--seat 7: seats are 0..1" in run.out
