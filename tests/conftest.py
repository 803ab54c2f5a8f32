"""Fixtures every test folder may use: the command line in-process, the reference bench's games, and
the seat views a piece of code asks for."""

from __future__ import annotations

import io
import os
from collections.abc import Callable

import pytest

from fathom.cli.bench import play_whole_game, reference_bots
from fathom.cli.main import main
from fathom.core.api import State


@pytest.hookimpl(optionalhook=True)  # xdist's hook: a run with -p no:xdist has no such hook
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the cores. About a tenth of a two-worker run the cores sat idle
    (a page waiting for a bot's pace, a server starting, a sleep between moves), and a third worker
    fills it: on the 2-core machine the suite took 547 s against 592 s with two, run back to back."""
    return len(os.sched_getaffinity(0)) + 1


class Run:
    """The outcome of one ``fathom`` invocation."""

    def __init__(self, code: int, out: str) -> None:
        self.code = code
        self.out = out

    def __repr__(self) -> str:
        return f"Run(code={self.code}, out=\n{self.out})"


def run_cli(*argv: str, stdin: str = "") -> Run:
    """``main(argv)`` with scripted stdin; returns the exit code and everything printed."""
    out = io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    return Run(code, out.getvalue())


@pytest.fixture
def cli():
    return run_cli


def _bench_game_lengths(name: str, players: int, games: int) -> list[int]:
    """Steps of the reference bench's first ``games`` games (seeds 0, 1, 2…, its own bots)."""
    bots = reference_bots(players)
    return [play_whole_game(name, players, seed, bots) for seed in range(games)]


@pytest.fixture
def bench_game_lengths() -> Callable[[str, int, int], list[int]]:
    return _bench_game_lengths


@pytest.fixture
def views_asked(monkeypatch: pytest.MonkeyPatch) -> set[int | None]:
    """Every seat whose ``State.view`` is asked for while the test runs (None: a spectator's)."""
    asked: set[int | None] = set()
    original = State.view

    def view(self: State, seat: int | None) -> dict:
        asked.add(seat)
        return original(self, seat)

    monkeypatch.setattr(State, "view", view)
    return asked
