"""``fathom fast verify``: the differential test of :mod:`fathom.fast.verify` at scale.

Games are dealt out over the player counts, the packaged data and the data files asked for, a named
first player, and for Deep Blue every Captain's Log scenario (and scenario=random), open scores and one
"N gems" card per dive, in batches; with ``--jobs`` the batches run in worker processes. Deep Blue's
batches alternate uniform choices with the keen chooser of :mod:`fathom.games.deep_blue.kernels.verify` (whole games
in about half the steps). The first difference stops the run and is printed
with its seed, step and last moves, so it can be replayed in the reference engine.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rich.console import Console

from fathom.core.registry import game_names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="fast_command", metavar="SUBCOMMAND", required=True)
    verify = sub.add_parser("verify", help="play the same games through both engines and compare every step")
    verify.add_argument("--game", required=True, choices=game_names(), help="the game")
    verify.add_argument("--games", type=int, default=1000, help="games in all (default 1000)")
    verify.add_argument("--players", default="2,3,4,5", help="player counts, comma separated (default 2,3,4,5)")
    verify.add_argument("--data-file", action="append", default=[], metavar="PATH",
                        help="also verify with this component file (repeatable); the packaged data always")
    verify.add_argument("--view-every", type=int, default=10, metavar="K",
                        help="compare every seat's view every K steps (default 10; 1: every step)")
    verify.add_argument("--batch", type=int, default=500, help="games per batch (default 500)")
    verify.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    verify.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")


def _tables(args: argparse.Namespace) -> list[tuple[int, dict[str, Any]]]:
    try:
        players = [int(p) for p in args.players.split(",") if p.strip()]
    except ValueError:
        raise SystemExit(f"--players must be numbers separated by commas, got {args.players!r}") from None
    from fathom.core.registry import game_class

    options: list[dict[str, Any]] = [{}] + [{"data_file": path} for path in args.data_file]
    if "first_player" in game_class(args.game).OPTIONS:  # drawn at setup by default (R-IB-1); a named seat too
        options.append({"first_player": 1})
    from fathom.fast.compiled import compiled_game

    options += compiled_game(args.game).option_sets()
    return [(p, o) for o in options for p in players]


Job = tuple[str, int, dict[str, Any], int, int, int, bool]
"""(game, players, options, first seed, games, view_every, keen chooser)"""


def _batch(job: Job) -> tuple[int, int, int]:
    name, players, options, first, count, view_every, keen = job
    from fathom.fast.compiled import compiled_game

    result = compiled_game(name).verify(players, range(first, first + count), options, first, view_every, keen)
    return result.games, result.steps, result.view_checks


def run(args: argparse.Namespace, console: Console) -> int:
    # imported here, so that `fathom` starts without importing numba
    from fathom.cli.bench_fast import line_printer, numba_missing

    say = line_printer(console)
    if numba_missing(console, "fathom fast verify"):
        return 2
    if args.games <= 0 or args.batch <= 0 or args.view_every <= 0 or args.jobs <= 0:
        say("--games, --batch, --view-every and --jobs must be positive", "red")
        return 2
    from fathom.core.registry import new_game
    from fathom.fast.compiled import compiled_names

    if args.game not in compiled_names():
        say(f"{args.game} has no compiled kernel yet; fathom.fast covers {', '.join(compiled_names())}", "red")
        return 2

    tables = _tables(args)
    for players, options in tables:  # bad player counts or data files fail here, before any work
        new_game(args.game, players=players, seed=0, **options)
    jobs: list[Job] = []
    each, extra = divmod(args.games, len(tables))
    seed = args.seed
    for i, (players, options) in enumerate(tables):
        left = each + (i < extra)  # --games in all, dealt as evenly as they go
        while left > 0:
            count = min(args.batch, left)
            jobs.append((args.game, players, options, seed, count, args.view_every, len(jobs) % 2 == 1))
            seed += count
            left -= count
    start = time.perf_counter()
    games = steps = views = 0
    from fathom.fast.verify import Mismatch

    with ProcessPoolExecutor(args.jobs) as pool:
        results = map(_batch, jobs) if args.jobs == 1 else pool.map(_batch, jobs)
        try:
            for job, (g, s, v) in zip(jobs, results):
                games, steps, views = games + g, steps + s, views + v
                say(f"  {job[1]} players {job[2] or 'packaged data'}: seeds {job[3]}..{job[3] + job[4] - 1} agree "
                    f"({games:,} games so far)", "dim")
        except Mismatch as exc:
            pool.shutdown(cancel_futures=True)
            say(str(exc), "red")
            return 1
    seconds = time.perf_counter() - start
    say(f"{args.game}: {games:,} games, {steps:,} steps, {views:,} seat views compared in {seconds:.1f} s "
        f"({games / seconds:,.1f} games/s): the compiled engine agrees with the reference engine", "bold")
    return 0
