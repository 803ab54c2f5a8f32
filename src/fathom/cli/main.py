"""The ``fathom`` command: argument parsing and dispatch to one module per subcommand.

``main`` takes ``stdin``/``stdout`` so tests (and other front ends) can drive every
subcommand without a terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from rich.console import Console
from rich.text import Text

from fathom.cli import analyze, bench, data_cmd, fast_cmd, info, odds_cmd, play, replay, review, warmup
from fathom.cli.console import is_interactive, make_console, make_input
from fathom.core.errors import FathomError
from fathom.core.plugins import all_plugins
from fathom.core.registry import game_names
from fathom.server import cli as server_cli
from fathom.sim import cli as sim_cli


Run = Callable[[argparse.Namespace, Console, TextIO | None], int]


def _play(args: argparse.Namespace, console: Console, stdin: TextIO | None) -> int:
    return play.run(args, console, make_input(stdin, console))


def _replay(args: argparse.Namespace, console: Console, stdin: TextIO | None) -> int:
    return replay.run(args, console, make_input(stdin, console), is_interactive(stdin))


def _plain(run: Callable[[argparse.Namespace, Console], int]) -> Run:
    """A subcommand that needs no input stream."""
    return lambda args, console, stdin: run(args, console)


def _add_game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=game_names())


# name, help, its arguments, what runs it (argparse's set_defaults idiom for subcommands)
COMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser], None] | None, Run], ...] = (
    ("play", "play against bots (or --watch bots only)", play.add_arguments, _play),
    ("replay", "step through a saved game", replay.add_arguments, _replay),
    ("review", "a saved game's push-your-luck calls weighed against the exact odds", review.add_arguments,
     _plain(review.run)),
    ("analyze", "every decision of a saved game weighed by level 3: win chances, best moves, losses",
     analyze.add_arguments, _plain(analyze.run)),
    ("bench", "engine speed with random bots, or a bot's thinking time (--bot)", bench.add_arguments,
     _plain(bench.run)),
    ("fast", "the compiled engine: fast verify compares it with the reference engine", fast_cmd.add_arguments,
     _plain(fast_cmd.run)),
    ("warmup", "compile the bots' kernels ahead (for images and deploy scripts)", warmup.add_arguments,
     _plain(warmup.run)),
    ("data", "data file tools (data check FILE)", data_cmd.add_arguments, _plain(data_cmd.run)),
    ("serve", "play in the browser: tables, friends, bots", server_cli.add_serve_arguments,
     _plain(server_cli.run_serve)),
    ("bench-server", "load-test the web server with bot tables", server_cli.add_bench_arguments,
     _plain(server_cli.run_bench)),
    ("simulate", "many seeded bot games, seats rotated: JSONL + CSV", sim_cli.add_simulate_arguments,
     _plain(sim_cli.run_simulate)),
    ("tournament", "round robin between bots: Elo ladder", sim_cli.add_tournament_arguments,
     _plain(sim_cli.run_tournament)),
    ("report", "HTML page of plots from simulation results", sim_cli.add_report_arguments,
     _plain(sim_cli.run_report)),
    ("balance", "seat balance of every table of a game, one bot in every seat", sim_cli.add_balance_arguments,
     _plain(sim_cli.run_balance)),
    ("games", "list the games and their options", None, _plain(info.run_games)),
    ("bots", "list the bots for a game", _add_game, _plain(info.run_bots)),
    ("rules", "how to play a game, in short", info.add_rules_arguments, _plain(info.run_rules)),
    ("odds", "exact odds tables: how deep a dive goes, how likely each roll is", odds_cmd.add_arguments,
     _plain(odds_cmd.run)),
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fathom",
        description=f"{' and '.join(plugin.title for plugin in all_plugins())}: play in the terminal or the "
                    "browser, simulate and rank bots, report, bench.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, help_text, add_arguments, run in COMMANDS:
        command = sub.add_parser(name, help=help_text)
        if add_arguments is not None:
            add_arguments(command)
        command.set_defaults(run=run)
    return parser


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run one ``fathom`` command; returns the exit code (argparse errors exit with 2)."""
    args = build_parser().parse_args(argv)
    console = make_console(stdout)
    try:
        return args.run(args, console, stdin)
    except FathomError as exc:
        console.print(Text(f"error: {exc}", style="red"))
        return 2


if __name__ == "__main__":
    sys.exit(main())
