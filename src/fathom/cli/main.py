"""The ``fathom`` command: argument parsing and dispatch to one module per subcommand.

``main`` takes ``stdin``/``stdout`` so tests (and other front ends) can drive every
subcommand without a terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from rich.text import Text

from fathom.cli import bench, data_cmd, info, play, replay
from fathom.cli.console import is_interactive, make_console, make_input
from fathom.core.errors import FathomError
from fathom.core.registry import game_names
from fathom.server import cli as server_cli
from fathom.sim import cli as sim_cli


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fathom",
        description="Deep Blue and Into the Blue in the terminal: play, replay, bench, check data.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    play.add_arguments(sub.add_parser("play", help="play against bots (or --watch bots only)"))
    replay.add_arguments(sub.add_parser("replay", help="step through a saved game"))
    bench.add_arguments(sub.add_parser("bench", help="engine speed with random bots"))
    data_cmd.add_arguments(sub.add_parser("data", help="data file tools (data check FILE)"))
    server_cli.add_serve_arguments(sub.add_parser("serve", help="play in the browser: tables, friends, bots"))
    server_cli.add_bench_arguments(sub.add_parser("bench-server", help="load-test the web server with bot tables"))
    sim_cli.add_simulate_arguments(sub.add_parser("simulate", help="many seeded bot games, seats rotated: JSONL + CSV"))
    sim_cli.add_tournament_arguments(sub.add_parser("tournament", help="round robin between bots: Elo ladder"))
    sim_cli.add_report_arguments(sub.add_parser("report", help="HTML page of plots from simulation results"))
    sub.add_parser("games", help="list the games and their options")
    bots = sub.add_parser("bots", help="list the bots for a game")
    bots.add_argument("game", choices=game_names())
    return parser


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run one ``fathom`` command; returns the exit code (argparse errors exit with 2)."""
    args = build_parser().parse_args(argv)
    console = make_console(stdout)
    try:
        if args.command == "play":
            return play.run(args, console, make_input(stdin, console))
        if args.command == "replay":
            return replay.run(args, console, make_input(stdin, console), is_interactive(stdin))
        if args.command == "bench":
            return bench.run(args, console)
        if args.command == "data":
            return data_cmd.run(args, console)
        if args.command == "serve":
            return server_cli.run_serve(args, console)
        if args.command == "bench-server":
            return server_cli.run_bench(args, console)
        if args.command == "simulate":
            return sim_cli.run_simulate(args, console)
        if args.command == "tournament":
            return sim_cli.run_tournament(args, console)
        if args.command == "report":
            return sim_cli.run_report(args, console)
        if args.command == "games":
            return info.run_games(args, console)
        return info.run_bots(args, console)
    except FathomError as exc:
        console.print(Text(f"error: {exc}", style="red"))
        return 2


if __name__ == "__main__":
    sys.exit(main())
