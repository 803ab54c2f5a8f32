"""``fathom --help``, ``fathom games`` and ``fathom bots GAME``."""

from __future__ import annotations

import pytest

from fathom.cli.main import main


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for command in ("play", "replay", "bench", "data", "games", "bots", "rules"):
        assert command in out


def test_play_help_shows_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    for flag in ("--players", "--seat", "--seed", "--bots", "--scenario", "--option", "--save", "--watch", "--coach"):
        assert flag in out


def test_games_lists_players_and_options(cli, only_race_and_broken) -> None:
    run = cli("games")
    assert run.code == 0
    assert "race" in run.out and "2-4" in run.out and "target=5" in run.out and '"sprint"' in run.out
    assert "broken" in run.out and "unavailable" in run.out


def test_bots_lists_names_and_levels(cli) -> None:
    run = cli("bots", "race")
    assert run.code == 0
    assert "random" in run.out and "ready" in run.out and "greedy" not in run.out


def test_odds_tables_for_designers(cli, tmp_path) -> None:
    plot = tmp_path / "odds.png"
    run = cli("odds", "deep-blue", "--draws", "6", "--bag", "silver=5,black=2,blue=2", "--plot", str(plot))
    assert run.code == 0 and "Still in after each draw of a dive" in run.out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "From a bag of 9: 5 silver, 2 black, 2 blue." in " ".join(run.out.split())
    itb = cli("odds", "into-the-blue")
    assert itb.code == 0 and "run to level 5" in itb.out and "3 rolls" in itb.out
    bad = cli("odds", "deep-blue", "--bag", "pearl=3")
    assert bad.code == 2 and "gems being silver, gold, red, green, purple, black, blue" in " ".join(bad.out.split())
