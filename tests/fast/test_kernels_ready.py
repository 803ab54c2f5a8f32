"""No move waits for a compiler (fathom.kernel_cache): in a front end's background mode a level-3 bot
thinks with Python playouts while its kernels are not compiled on this machine, asks for them to be
compiled once, and plays compiled playouts as soon as they are ready."""

from __future__ import annotations

import logging
import time

import pytest

pytest.importorskip("numba")

from fathom import kernel_cache
from fathom.bots.ismcts_policies import policy_for_game
from fathom.bots.registry import make_bot
from fathom.core.api import CHANCE
from fathom.core.registry import new_game


@pytest.fixture
def cold(tmp_path, monkeypatch):
    """This version's kernels not marked ready (the marker in an empty folder); compiles asked for
    are recorded rather than started."""
    monkeypatch.setattr(kernel_cache, "marker", lambda: tmp_path / "ready")
    kernel_cache.forget()
    asked: list[int] = []
    monkeypatch.setattr(kernel_cache, "start_preparing", lambda: asked.append(1))
    yield asked
    kernel_cache.forget()


def _turn(game: str, players: int, seed: int):
    state = new_game(game, players=players, seed=seed)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    return state


@pytest.mark.parametrize("game", ["deep-blue", "into-the-blue"])
def test_a_level_3_bot_answers_with_python_playouts_while_the_kernels_are_not_ready(cold, game):
    state = _turn(game, 4, seed=3)
    with kernel_cache.background():
        policy = policy_for_game(state.game, seed=1)
        assert policy.compiled  # numba is here: compiled playouts are what it would use
        assert policy.playout_runner(state.current_player) is None  # but not before they are ready
        assert cold, "the compile was asked for"
        start = time.perf_counter()
        action = make_bot("3", game, seed=1).choose(state.clone())
        took = time.perf_counter() - start
        if hasattr(policy, "python_iterations"):  # Deep Blue sizes its budget to the playouts it has
            assert policy.default_iterations == policy.python_iterations
    assert action in state.legal_actions()
    assert took < 10, f"level 3 took {took:.1f} s with Python playouts"


def test_the_search_switches_to_compiled_playouts_at_its_next_move_once_the_kernels_are_ready(cold, tmp_path):
    state = _turn("into-the-blue", 2, seed=5)
    with kernel_cache.background():
        policy = policy_for_game(state.game, seed=1)
        assert policy.playout_runner(state.current_player) is None
        (tmp_path / "ready").write_text("compiled\n")  # the background compile finished
        assert policy.playout_runner(state.current_player) is not None  # the same policy, its next move
    assert len(cold) == 1


def test_wait_mode_research_tools_always_get_the_compiled_bot(cold):
    """Outside a front end (sims, benches, tests) a level-3 bot is always the same bot: compiled."""
    assert kernel_cache.mode() == "wait"
    assert kernel_cache.usable() and not cold


def test_a_bot_worker_never_compiles_and_loads_the_kernels_only_once_ready(cold, monkeypatch):
    from fathom.bots import ismcts_policies
    from fathom.server.workers import _warm

    warmed: list[int] = []
    monkeypatch.setattr(ismcts_policies, "warm_compiled_playouts", lambda: warmed.append(1))
    _warm()
    assert warmed == []  # not ready: nothing compiled in a worker
    kernel_cache.marker().write_text("compiled\n")
    _warm()
    assert warmed == [1]  # ready: loaded from the cache as the worker starts


def test_only_one_compile_starts_while_another_process_holds_the_lock(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # an empty cache: this version is not ready
    kernel_cache.forget()
    try:
        assert not kernel_cache.preparing()
        with kernel_cache.compile_lock(wait=False) as held:
            assert held and kernel_cache.preparing()  # flock is per open file: a second opening is refused
            assert kernel_cache.start_preparing() is None  # somebody (here: we) compiles already: none started
        assert not kernel_cache.preparing()
    finally:
        kernel_cache.forget()


def test_the_server_log_says_when_kernels_are_ready(cold, caplog):
    from fathom.server import kernels

    kernel_cache.marker().write_text("compiled\n")
    with caplog.at_level(logging.INFO, logger="fathom.server"):
        assert kernels.watch(poll=0.01)
    assert "level-3 kernels ready" in caplog.text


class _Compiling:
    """A background compile as the watcher sees it: a process that runs, then the marker appears."""

    pid = 4242
    returncode = None

    def __init__(self, marker) -> None:
        self.marker, self.polls = marker, 0

    def poll(self):
        self.polls += 1
        if self.polls == 3:
            self.marker.write_text("compiled\n")
        return None


def test_the_server_log_says_it_compiles_in_the_background_and_then_that_it_is_ready(cold, caplog, monkeypatch):
    from fathom.server import kernels

    proc = _Compiling(kernel_cache.marker())
    monkeypatch.setattr(kernel_cache, "start_preparing", lambda: proc)
    with caplog.at_level(logging.INFO, logger="fathom.server"):
        assert kernels.watch(poll=0.01)
    lines = [r.getMessage() for r in caplog.records]
    assert lines[0].startswith("compiling level-3 kernels in the background (process 4242")
    assert "Python playouts" in lines[0]
    assert lines[-1].startswith("level-3 kernels ready after")


def test_fathom_warmup_prepares_both_games_playouts_and_marks_them_ready():
    """``fathom warmup`` (images, deploy scripts): compiles or loads every kernel level 3 plays,
    says what it did and how long it took, and leaves the marker every front end looks for."""
    import io

    from fathom.cli.main import main

    out = io.StringIO()
    assert main(["warmup"], stdout=out) == 0
    said = out.getvalue()
    assert "deep-blue: level 3's playouts" in said and "into-the-blue: level 3's playouts" in said, said
    assert "ready: 2 game(s)" in said and "peak memory" in said, said
    kernel_cache.forget()
    assert kernel_cache.ready() and kernel_cache.marker().exists()


def test_in_wait_mode_one_process_compiles_a_games_playouts_and_the_others_wait_for_it(tmp_path, monkeypatch):
    """Research tools and test workers compile level 3's playouts at their first search: the first
    compiles them under the machine's lock and marks them, one that finds the lock held waits and loads
    them, and nobody compiles them twice."""
    import threading

    from fathom.bots import ismcts_policies

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # an empty cache: nothing compiled
    kernel_cache.forget()
    compiled: list[list[str]] = []
    monkeypatch.setattr(ismcts_policies, "warm_compiled_playouts", lambda games: compiled.append(list(games)))
    assert kernel_cache.mode() == "wait"
    try:
        held, release = threading.Event(), threading.Event()

        def another_process_compiles() -> None:  # flock is per open file: another opening waits as a process would
            with kernel_cache.compile_lock():
                held.set()
                release.wait(5)
                kernel_cache.mark_ready(kernel_cache.game_marker("into-the-blue"))

        other = threading.Thread(target=another_process_compiles)
        other.start()
        held.wait(5)
        threading.Timer(0.3, release.set).start()
        start = time.perf_counter()
        assert ismcts_policies.compiled_playouts_usable("into-the-blue")
        assert time.perf_counter() - start >= 0.25  # it waited for the compile under way
        other.join(5)
        assert compiled == []  # and compiled nothing itself
        usable = ismcts_policies.compiled_playouts_usable
        assert usable("deep-blue") and usable("deep-blue")
        assert compiled == [["deep-blue"]]  # nobody had: compiled once, under the lock, then marked
        assert kernel_cache.game_marker("deep-blue").exists()
    finally:
        kernel_cache.forget()
