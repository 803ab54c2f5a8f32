"""``fathom bench`` and ``scripts/bench.py`` print their figures (not a timed test)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest


FIGURES = ("transitions/s", "games/s", "clone()", "legal_actions()", "µs")


def test_bench_prints_the_figures(cli) -> None:
    run = cli("bench", "--game", "race", "--seconds", "0.2")
    assert run.code == 0, run
    for figure in FIGURES:
        assert figure in run.out
    assert "state.apply() calls" in run.out  # says exactly what is counted
    assert "race: 4 players, random bots" in run.out
    assert "complete games" in run.out
    assert "Event logs: not kept" in run.out
    run = cli("bench", "--game", "race", "--seconds", "0.1", "--record-events")
    assert run.code == 0 and "Event logs: kept" in run.out


def test_bench_profile_prints_a_top_20(cli) -> None:
    run = cli("bench", "--game", "race", "--seconds", "0.1", "--profile")
    assert run.code == 0, run
    assert "cProfile" in run.out and "tottime" in run.out and "_apply" in run.out


def test_bench_skips_games_that_do_not_import(cli, only_race_and_broken) -> None:
    run = cli("bench", "--seconds", "0.05", "--players", "9")
    assert run.code == 0, run
    assert "broken: skipped, it does not import (ModuleNotFoundError" in run.out
    assert "race: 9 players not allowed; using 4" in run.out
    run = cli("bench", "--game", "broken", "--seconds", "0.05")
    assert run.code == 1


def test_bench_script(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script = Path(__file__).resolve().parents[2] / "scripts" / "bench.py"
    monkeypatch.setattr(sys, "argv", [str(script), "--game", "race", "--seconds", "0.05", "--players", "2"])
    with pytest.raises(SystemExit) as exc:
        runpy.run_path(str(script), run_name="__main__")
    assert exc.value.code == 0
    assert "transitions/s" in capsys.readouterr().out


def test_bench_bot_times_searched_moves_and_iterations(cli) -> None:
    run = cli("bench", "--game", "into-the-blue", "--bot", "ismcts(iterations=8,root=ucb)", "--against", "greedy",
              "--seconds", "1.5", "--players", "2")
    assert run.code == 0, run
    assert "into-the-blue: ismcts(iterations=8,root=ucb) against greedy, 2 players" in run.out
    assert "searched moves" in run.out and "iterations/s" in run.out
    assert "8 a move" in run.out  # the fixed budget, read back from the bot's own statistics
    assert "within 0.3 s" in run.out and "of the searched moves" in run.out  # the level-3 time target


def test_bench_bot_profile_covers_the_bots_thinking_only(cli) -> None:
    run = cli("bench", "--game", "deep-blue", "--bot", "greedy", "--against", "random", "--seconds", "0.5",
              "--profile")
    assert run.code == 0, run
    assert "cProfile of the bot's thinking only" in run.out and "tottime" in run.out
    assert "deep_blue/bots/greedy.py" in run.out  # the benched bot's own code is what is timed
    assert "random_bot.py" not in run.out  # the rivals' moves are not


def test_bench_bot_without_search_says_so(cli) -> None:
    run = cli("bench", "--game", "deep-blue", "--bot", "greedy", "--seconds", "0.5", "--against", "random")
    assert run.code == 0, run
    assert "decisions" in run.out and "reports no search statistics" in run.out


def test_bench_bot_unknown_spec_is_a_clear_error(cli) -> None:
    run = cli("bench", "--game", "deep-blue", "--bot", "nobody(x=1)", "--seconds", "0.2")
    assert run.code == 2 and "no bot 'nobody'" in run.out
