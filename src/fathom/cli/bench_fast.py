"""``fathom bench --fast``: the compiled engine's speed, printed in the lines of ``fathom bench``.

Random play on one core (the reference bench's own seeds and bots, so the same games) and on every
core numba may use; then whatever else a game's compiled form benches: its compiled bots in every seat,
one core and all cores (Deep Blue: greedy; Into the Blue: greedy and heuristic, then the vector
environment's steps).
The first call compiles the kernels (numba caches them on disk, so later processes only load them);
its time is printed apart and never counted in the loop.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from fathom.core.registry import new_game
from fathom.fast.need import FastUnavailable, need_numba

COUNTED = ("transitions/s = apply() calls (player moves and chance outcomes) per second of wall time, games "
           "played whole inside the compiled loop with the line's bot in every seat; 'per CPU second' divides by "
           "the process's CPU time instead (steadier when other programs share the cores).")


def numba_missing(console: Console, what: str) -> bool:
    """Say how to install numba when it is missing (every ``--fast`` path asks this first)."""
    try:
        need_numba(what)
    except FastUnavailable as exc:
        console.print(Text(str(exc), style="red"), soft_wrap=True)
        return True
    return False


def line_printer(console: Console) -> Callable[..., None]:
    """``say(line, style)``: one unwrapped line, so figures stay in their columns."""

    def say(line: str, style: str = "") -> None:
        console.print(Text(line, style=style), soft_wrap=True)

    return say


def say_loop(say: Callable[..., None], name: str, players: int, bots: str, label: str, loop: Any) -> None:
    """The two lines ``fathom bench`` prints for a loop (transitions/s, games/s)."""
    rate = loop.transitions / loop.seconds
    say(f"{name}: {players} players, {bots} bots, {loop.seconds:.2f} s loop on {label} (fathom.fast)", "bold")
    say(f"  transitions/s     {rate:12,.0f}     ({loop.transitions:,} apply calls; "
        f"{loop.transitions / max(loop.cpu_seconds, 1e-9):,.0f} per CPU second)")
    say(f"  games/s           {loop.games / loop.seconds:12,.2f}     ({loop.games:,} complete games; "
        f"{loop.transitions / loop.games:,.0f} transitions/game)")


def run(names: list[str], players: int, seconds: float, console: Console) -> int:
    """Bench the compiled form of each of ``names``; returns 2 without numba."""
    say = line_printer(console)
    if numba_missing(console, "fathom bench --fast"):
        return 2
    import numba

    from fathom.fast.compiled import compiled_game, compiled_names

    say(COUNTED, "dim")
    for name in names:
        if name not in compiled_names():
            say(f"{name}: no compiled kernel yet (fathom.fast covers {', '.join(compiled_names())}); skipped",
                "yellow")
            continue
        game: Any = new_game(name, players=players, seed=0).game
        start = time.perf_counter()
        T, play = compiled_game(name).kernels(game)  # the tables, and the module of play loops
        play.one_core(T, 0, 1)
        play.all_cores(T, 0, 1, numba.get_num_threads())
        say(f"{name}: compiled kernels ready in {time.perf_counter() - start:.2f} s "
            "(compile on the first run, load from numba's cache after)", "dim")
        for label, workers in (("one core", 0), (f"{numba.get_num_threads()} cores", numba.get_num_threads())):
            say_loop(say, name, players, "random", label, play.play_for(T, seconds, workers=workers))
        more = compiled_game(name).more_benches
        if more is not None:
            more(game, T, players, seconds, functools.partial(say_loop, say, name, players), say)
    return 0
