"""``fathom bench``: how fast each engine plays, measured the way bots and search use it.

Random bots play whole games back to back on one core for a fixed wall time.
Figures are for this machine and this Python; compare them run to run, not to
other machines. Not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import cProfile
import sys
import time
import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.text import Text

from fathom.bots.random_bot import RandomBot
from fathom.cli import bench_bots
from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.registry import game_class, game_names, new_game

COUNTED = (
    "transitions/s = state.apply() calls (player moves and chance outcomes) per second of loop wall time; "
    "the loop is new_game() per game, then per step current_player, RandomBot.choose (legal_actions + a "
    "seeded pick) or sample_chance(), and apply(). clone() and legal_actions() are timed separately "
    "(timeit, best of 3) on mid-game decision states, outside the loop."
)
SAMPLE_STATES = 5
TIMEIT_TARGET = 0.02  # seconds per timed state; enough to swamp timer noise


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default=None, help="one game (default: every registered game that imports)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="wall time of the play loop per game (default 2; with --bot 60)")
    parser.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    parser.add_argument("--profile", action="store_true",
                        help="also print a cProfile top 20 of the loop (with --bot: of the bot's thinking)")
    parser.add_argument(
        "--record-events",
        action="store_true",
        help="keep each game's event log as the terminal front end does (default: off, as simulations run)",
    )
    parser.add_argument("--bot", default=None, metavar="SPEC",
                        help="time a bot's thinking instead (e.g. ismcts, 3, 'ismcts(iterations=300)')")
    parser.add_argument("--fast", action="store_true",
                        help="bench the compiled engine (fathom.fast, needs numba: pip install -e '.[fast]')")
    parser.add_argument("--against", default="heuristic", metavar="SPEC",
                        help="with --bot: the bot in every other seat (default heuristic)")


@dataclass
class LoopResult:
    """What one timed loop did; ``states`` are its games (the last one may be unfinished)."""

    seconds: float = 0.0
    transitions: int = 0
    games: int = 0
    states: list[State] = field(default_factory=list)


def reference_bots(players: int) -> list[RandomBot]:
    """The bench's seats: ``RandomBot(seed=seat + 1)``, each keeping its generator from game to game
    (the compiled engine's bench plays these same games)."""
    return [RandomBot(seed=seat + 1) for seat in range(players)]


def play_whole_game(name: str, players: int, seed: int, bots: Sequence[RandomBot]) -> int:
    """Game ``seed`` of the bench, played whole by ``bots``; returns its steps (chance included)."""
    state = new_game(name, players=players, seed=seed, record_events=False)
    steps = 0
    while state.current_player != TERMINAL:
        player = state.current_player
        state.apply(state.sample_chance() if player == CHANCE else bots[player].choose(state))
        steps += 1
    return steps


def play_for(
    name: str, players: int, seconds: float, keep: int = SAMPLE_STATES, record_events: bool = False
) -> LoopResult:
    """Random bots play games of ``name`` until ``seconds`` of wall time have passed."""
    bots = reference_bots(players)
    result = LoopResult()
    transitions = 0
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    out_of_time = False
    while not out_of_time:
        state = new_game(name, players=players, seed=seed, record_events=record_events)
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


@dataclass
class MidGame:
    """A mid-game decision state, plus the state and action just before it.

    ``before``/``last`` let us time ``legal_actions()`` on a state fresh from
    ``apply`` (engines may cache legal actions per state, so timing repeat calls
    on one state would only measure the cache).
    """

    state: State
    before: State
    last: int


def mid_game_states(name: str, players: int, played: Sequence[State]) -> list[MidGame]:
    """Each played game rebuilt to its first decision at or after half its length."""
    out = []
    for game in played:
        history = game.history()
        state = new_game(name, players=players, seed=game.seed)
        before, last = state, -1
        for index, action in enumerate(history):
            if index >= max(1, len(history) // 2) and state.current_player >= 0:
                out.append(MidGame(state, before, last))
                break
            before, last = state.clone(), action
            state.apply(action)
    return out


def per_call_us(fn: Callable[[], object], target: float = TIMEIT_TARGET, repeat: int = 3) -> float:
    """Microseconds per call of a no-argument callable: best of ``repeat`` runs of about ``target`` s."""
    timer = timeit.Timer(fn)
    number = 1
    while True:
        elapsed = timer.timeit(number)
        if elapsed >= target or number >= 1 << 20:
            break
        number *= 2 if elapsed <= 0 else max(2, min(10, int(target / elapsed) + 1))
    best = min([elapsed] + timer.repeat(repeat - 1, number))
    return best / number * 1e6


def fresh_legal_us(mid: MidGame, target: float) -> float:
    """``legal_actions()`` right after ``apply``: (clone+apply+legal_actions) - (clone+apply)."""

    def with_legal() -> None:
        state = mid.before.clone()
        state.apply(mid.last)
        state.legal_actions()

    def without() -> None:
        mid.before.clone().apply(mid.last)

    return max(0.0, per_call_us(with_legal, target) - per_call_us(without, target))


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def bench_one(name: str, players: int, seconds: float, console: Console, profile: bool, record_events: bool) -> None:
    loop = play_for(name, players, seconds, record_events=record_events)
    target = min(TIMEIT_TARGET, seconds / 50)  # short benches time each call for less long
    mids = mid_game_states(name, players, loop.states)
    rate = loop.transitions / loop.seconds if loop.seconds else 0.0
    games_rate = loop.games / loop.seconds if loop.seconds else 0.0
    per_game = f"{loop.transitions / loop.games:,.0f}" if loop.games else "n/a"

    say = lambda line, style="": console.print(Text(line, style=style), soft_wrap=True)  # noqa: E731
    say(f"{name}: {players} players, random bots, {loop.seconds:.2f} s loop on one core", "bold")
    say(f"  transitions/s     {rate:12,.0f}     ({loop.transitions:,} apply calls)")
    say(f"  games/s           {games_rate:12,.2f}     ({loop.games} complete games; {per_game} transitions/game)")
    if mids:
        clone_us = mean([per_call_us(m.state.clone, target) for m in mids])
        fresh_us = mean([fresh_legal_us(m, target) for m in mids])
        again_us = mean([per_call_us(m.state.legal_actions, target) for m in mids])
        say(f"  clone()           {clone_us:12,.2f} µs  (mean over {len(mids)} mid-game decision states)")
        say(f"  legal_actions()   {fresh_us:12,.2f} µs  (first call after apply, same states)")
        say(f"  legal_actions()   {again_us:12,.2f} µs  (repeat call on the same state; engines may cache)")
    else:
        say("  clone(), legal_actions(): n/a (no game reached a mid-game decision)")
    if profile:
        prof = cProfile.Profile()
        prof.enable()
        play_for(name, players, seconds, keep=0, record_events=record_events)
        prof.disable()
        say(f"  cProfile of another {seconds:g} s loop, top 20 by own time (profiling slows it):")
        say(bench_bots.top_20(prof))


def run(args: argparse.Namespace, console: Console) -> int:
    """Bench ``--game`` or every game that imports; returns 1 if a requested game cannot load."""
    if args.seconds is None:
        args.seconds = 60.0 if args.bot else 2.0
    if args.seconds <= 0:
        console.print(Text("--seconds must be positive", style="red"))
        return 2
    names = [args.game] if args.game else game_names()
    if args.fast:
        from fathom.cli import bench_fast

        return bench_fast.run(names, args.players, args.seconds, console)
    if not args.bot:
        console.print(Text(COUNTED, style="dim"), soft_wrap=True)
        log = "kept (--record-events, as in the terminal front end)" if args.record_events else "not kept (as in simulations)"
        console.print(Text(f"Event logs: {log}.", style="dim"), soft_wrap=True)
    status = 0
    for name in names:
        try:
            cls = game_class(name)
        except Exception as exc:  # a game still being written: say so and bench the rest
            line = f"{name}: skipped, it does not import ({type(exc).__name__}: {exc})"
            console.print(Text(line, style="yellow"), soft_wrap=True)
            status = 1 if args.game else status
            continue
        players = max(cls.min_players, min(args.players, cls.max_players))
        if players != args.players:
            line = f"{name}: {args.players} players not allowed; using {players}"
            console.print(Text(line, style="yellow"), soft_wrap=True)
        if args.bot:
            bench_bots.report(name, args.bot, args.against, players, args.seconds, console, args.profile)
        else:
            bench_one(name, players, args.seconds, console, args.profile, args.record_events)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Standalone entry for ``scripts/bench.py``."""
    from fathom.cli.console import make_console

    parser = argparse.ArgumentParser(prog="bench", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv), make_console(sys.stdout))
