"""``fathom data check``: validate a replacement component file before using it.

The checking itself belongs to each game's engine (``check_data_file``, named by the game's
plugin), so the command and the engine can never disagree about what a valid file is.
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.text import Text

from fathom.core.plugins import known, plugins_with


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="data_command", metavar="COMMAND", required=True)
    check = sub.add_parser("check", help="validate a replacement data file (prints OK or each problem)")
    check.add_argument("file", help="the JSON data file to check")
    games = [plugin.name for plugin in plugins_with("data_checker")]
    first = games[0] if games else None
    check.add_argument("--game", choices=games, default=first, required=first is None,
                       help=f"whose box it describes (default {first})")


def run(args: argparse.Namespace, console: Console) -> int:
    """0 and ``OK`` for a valid file; 1 and one line per problem otherwise; 2 if no checker exists."""
    try:
        check_data_file = known(args.game).load("data_checker")
    except (ImportError, AttributeError) as exc:
        console.print(Text(f"error: the {args.game} data checker is not available ({exc})", style="red"))
        return 2
    problems = list(check_data_file(args.file))
    if not problems:
        console.print(Text("OK"))
        return 0
    for problem in problems:
        console.print(Text(str(problem)))
    count = len(problems)
    console.print(Text(f"{count} problem{'s' if count != 1 else ''} in {args.file}", style="red"))
    return 1
