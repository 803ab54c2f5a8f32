"""``fathom bench --bot SPEC``: how long a bot thinks, measured in real games.

The bot plays whole games against ``--against`` bots (its seat rotated game by
game) until the wall-time budget is spent; each of its decisions is timed in
process time on one core. A search bot's ``last_stats`` tells the moves it
searched apart from forced or mechanical ones and counts its iterations (one
iteration = one playout from a fresh determinization). Not a test: nothing here
passes or fails; the figures are for this machine.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import statistics
import time
from dataclasses import dataclass, field

from rich.console import Console
from rich.text import Text

from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE
from fathom.core.registry import new_game

MOVE_TARGET_SECONDS = 0.3
"""What a level-3 move should cost on one core (docs/bots.md); the report says how often it does."""


@dataclass
class ThinkTimes:
    """Process seconds per decision of the benched bot, and per move it searched."""

    decisions: list[float] = field(default_factory=list)
    searched: list[float] = field(default_factory=list)
    iterations: int = 0
    games: int = 0
    complete: int = 0


def measure(
    game: str, spec: str, against: str, players: int, seconds: float, seed: int = 0,
    profiler: cProfile.Profile | None = None,
) -> ThinkTimes:
    """Play games of ``spec`` against ``against`` until ``seconds`` of wall time have passed.

    A ``profiler`` runs only while the benched bot thinks, so its figures are the bot's alone.
    """
    out = ThinkTimes()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        me = out.games % players
        state = new_game(game, players=players, seed=seed + out.games, record_events=False)
        bots = [build_bot(spec if s == me else against, game, seed=1000 * out.games + s) for s in range(players)]
        out.games += 1
        while not state.is_terminal() and time.perf_counter() < deadline:
            player = state.current_player
            if player == CHANCE:
                state.apply(state.sample_chance())
                continue
            bot = bots[player]
            if player != me:
                state.apply(bot.choose(state))
                continue
            if profiler is not None:
                profiler.enable()
            began = time.process_time()
            action = bot.choose(state)
            spent = time.process_time() - began
            if profiler is not None:
                profiler.disable()
            out.decisions.append(spent)
            stats = getattr(bot, "last_stats", None)
            if stats:
                out.searched.append(spent)
                out.iterations += stats["iterations"]
            state.apply(action)
        out.complete += state.is_terminal()
    return out


def report(
    game: str, spec: str, against: str, players: int, seconds: float, console: Console, profile: bool = False
) -> None:
    profiler = cProfile.Profile() if profile else None
    t = measure(game, spec, against, players, seconds, profiler=profiler)
    say = lambda line, style="": console.print(Text(line, style=style), soft_wrap=True)  # noqa: E731
    say(f"{game}: {spec} against {against}, {players} players, {seconds:g} s on one core "
        f"({t.games} games, {t.complete} complete; seat rotated)", "bold")
    if not t.decisions:
        say("  no decision of the bot in the time given; raise --seconds")
        return
    say(f"  decisions        {len(t.decisions):8d}     mean {statistics.mean(t.decisions):.4f} s each (process time)")
    if t.searched:
        ranked = sorted(t.searched)
        p90 = ranked[min(len(ranked) - 1, int(0.9 * len(ranked)))]
        say(f"  searched moves   {len(t.searched):8d}     mean {statistics.mean(ranked):.3f} s, median "
            f"{statistics.median(ranked):.3f} s, p90 {p90:.3f} s, max {ranked[-1]:.3f} s")
        within = sum(1 for s in ranked if s <= MOVE_TARGET_SECONDS) / len(ranked)
        say(f"  within {MOVE_TARGET_SECONDS:g} s     {within:8.1%}     of the searched moves")
        rate = t.iterations / sum(ranked) if sum(ranked) else 0.0
        say(f"  iterations/s     {rate:8,.0f}     ({t.iterations:,} playouts, {t.iterations / len(ranked):.0f} a move)")
    else:
        say("  searched moves          0     (the bot reports no search statistics)")
    if profiler is not None:
        say("  cProfile of the bot's thinking only, top 20 by own time (profiling slows it: times above are inflated):")
        say(top_20(profiler))


def top_20(profiler: cProfile.Profile) -> str:
    """The 20 functions that took most time of their own, as pstats prints them."""
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(20)
    return out.getvalue().strip("\n")
