"""``fathom bench``: how fast each engine plays, measured the way bots and search use it.

Random bots play whole games back to back on one core for a fixed wall time.
Figures are for this machine and this Python; compare them run to run, not to
other machines. Not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.text import Text

from fathom.bots.random_bot import RandomBot
from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.registry import game_class, game_names, new_game

COUNTED = (
    "transitions/s = state.apply() calls (player moves and chance outcomes) per second of loop wall time; "
    "the loop is new_game() per game, then per step current_player, RandomBot.choose (legal_actions + a "
    "seeded pick) or sample_chance(), and apply(). clone() and legal_actions() are timed separately "
    "(timeit) on mid-game states, outside the loop."
)
SAMPLE_STATES = 5
TIMEIT_TARGET = 0.02  # seconds per timed state; enough to swamp timer noise


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default=None, help="one game (default: every registered game that imports)")
    parser.add_argument("--seconds", type=float, default=2.0, help="wall time of the play loop per game (default 2)")
    parser.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile top 20 of the loop")


@dataclass
class LoopResult:
    """What one timed loop did; ``states`` are its games (the last one may be unfinished)."""

    seconds: float = 0.0
    transitions: int = 0
    games: int = 0
    states: list[State] = field(default_factory=list)


def play_for(name: str, players: int, seconds: float, keep: int = SAMPLE_STATES) -> LoopResult:
    """Random bots play games of ``name`` until ``seconds`` of wall time have passed."""
    bots = [RandomBot(seed=seat + 1) for seat in range(players)]
    result = LoopResult()
    transitions = 0
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    out_of_time = False
    while not out_of_time:
        state = new_game(name, players=players, seed=seed)
        seed += 1
        if len(result.states) < keep:
            result.states.append(state)
        while True:
            player = state.current_player
            if player == TERMINAL:
                result.games += 1
                break
            state.apply(state.sample_chance() if player == CHANCE else bots[player].choose(state))
            transitions += 1
            if not transitions & 63 and time.perf_counter() >= deadline:
                out_of_time = True
                break
        if time.perf_counter() >= deadline:
            out_of_time = True
    result.seconds = time.perf_counter() - start
    result.transitions = transitions
    return result


def mid_game_states(name: str, players: int, played: Sequence[State]) -> list[State]:
    """Each played game rebuilt up to half its length (a typical position for search)."""
    out = []
    for game in played:
        history = game.history()
        if not history:
            continue
        state = new_game(name, players=players, seed=game.seed)
        for action in history[: len(history) // 2]:
            state.apply(action)
        out.append(state)
    return out


def per_call_us(fn: object) -> float:
    """Microseconds per call of a no-argument callable, timed for about ``TIMEIT_TARGET`` s."""
    import timeit

    timer = timeit.Timer(fn)  # type: ignore[arg-type]
    number = 1
    while True:
        elapsed = timer.timeit(number)
        if elapsed >= TIMEIT_TARGET or number >= 1 << 20:
            return elapsed / number * 1e6
        number *= 2 if elapsed <= 0 else max(2, min(10, int(TIMEIT_TARGET / elapsed) + 1))


def to_decision(state: State) -> State | None:
    """A copy advanced with seeded chance to the next player decision (``None`` if the game ends)."""
    state = state.clone()
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    return None if state.current_player == TERMINAL else state


def bench_one(name: str, players: int, seconds: float, console: Console, profile: bool) -> None:
    loop = play_for(name, players, seconds)
    mids = mid_game_states(name, players, loop.states)
    decisions = [s for s in (to_decision(m) for m in mids) if s is not None]
    rate = loop.transitions / loop.seconds if loop.seconds else 0.0
    games_rate = loop.games / loop.seconds if loop.seconds else 0.0
    per_game = f"{loop.transitions / loop.games:,.0f}" if loop.games else "n/a"

    console.print(Text(f"{name}: {players} players, random bots, {loop.seconds:.2f} s loop on one core", style="bold"))
    console.print(Text(f"  transitions/s    {rate:12,.0f}   ({loop.transitions:,} apply calls)"))
    console.print(Text(f"  games/s          {games_rate:12,.2f}   ({loop.games} complete games; {per_game} transitions/game)"))
    if mids:
        clone_us = sum(per_call_us(m.clone) for m in mids) / len(mids)
        console.print(Text(f"  clone()          {clone_us:12,.2f} µs  (mean over {len(mids)} mid-game states)"))
    else:
        console.print(Text("  clone()          n/a (no game got past its first move)"))
    if decisions:
        legal_us = sum(per_call_us(d.legal_actions) for d in decisions) / len(decisions)
        console.print(Text(f"  legal_actions()  {legal_us:12,.2f} µs  (mean over {len(decisions)} mid-game decision states)"))
    else:
        console.print(Text("  legal_actions()  n/a (no mid-game decision state)"))
    if profile:
        prof = cProfile.Profile()
        prof.enable()
        play_for(name, players, seconds, keep=0)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(20)
        console.print(Text(f"  cProfile of a second {seconds:g} s loop, top 20 by own time (profiling slows it):"))
        console.print(Text(out.getvalue().strip("\n")))


def run(args: argparse.Namespace, console: Console) -> int:
    """Bench ``--game`` or every game that imports; returns 1 if a requested game cannot load."""
    if args.seconds <= 0:
        console.print(Text("--seconds must be positive", style="red"))
        return 2
    names = [args.game] if args.game else game_names()
    console.print(Text(COUNTED, style="dim"))
    status = 0
    for name in names:
        try:
            cls = game_class(name)
        except Exception as exc:  # a game still being written: say so and bench the rest
            console.print(Text(f"{name}: skipped, it does not import ({type(exc).__name__}: {exc})", style="yellow"))
            status = 1 if args.game else status
            continue
        players = max(cls.min_players, min(args.players, cls.max_players))
        if players != args.players:
            console.print(Text(f"{name}: {args.players} players not allowed; using {players}", style="yellow"))
        bench_one(name, players, args.seconds, console, args.profile)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Standalone entry for ``scripts/bench.py``."""
    from fathom.cli.console import make_console

    parser = argparse.ArgumentParser(prog="bench", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv), make_console(sys.stdout))
