"""Fixtures every test folder may use: the command line in-process, the reference bench's games, and
the seat views a piece of code asks for; and level 3's kernels compiled once, from the run's start."""

from __future__ import annotations

import io
import os
import subprocess
import sys
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


_WARMUP = pytest.StashKey["subprocess.Popen[bytes]"]()


def pytest_sessionstart(session: pytest.Session) -> None:
    """On a machine that never compiled level 3's kernels, ``fathom warmup`` compiles them from the run's
    first second, as .ci/run and a deploy do ahead of time, at the tests' own CPU priority.

    Why: otherwise the first server a test starts begins that compile in the background, at the low
    priority a server gives it (nobody waits there: its bots think with Python playouts meanwhile), and
    the tests that need the kernels (the analysis, level 3's differential tests) waited for it behind
    three busy test workers. The kernels' lock (:mod:`fathom.kernel_cache`) makes every other process
    wait for this one and then load them. Only the run's first process does it (not each xdist worker)."""
    if hasattr(session.config, "workerinput"):
        return
    from fathom import kernel_cache
    from fathom.fast.need import have_numba

    try:
        if not have_numba() or kernel_cache.ready() or kernel_cache.preparing():
            return
    except OSError:  # no cache folder to write: the tests compile where they need to, as before
        return
    session.config.stash[_WARMUP] = subprocess.Popen(
        [sys.executable, "-m", "fathom.cli.main", "warmup"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A run shorter than the compile (a single test file) does not leave it running: numba keeps what it
    compiled so far, and the next run goes on from there."""
    warmup = session.config.stash.get(_WARMUP, None)
    if warmup is not None and warmup.poll() is None:
        warmup.terminate()
        warmup.wait()


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
