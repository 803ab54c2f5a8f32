"""``fathom games``, ``fathom bots GAME`` and ``fathom rules GAME``: what can be played, against whom, and how.

Listing is done by importing each game lazily, so a game that is still being
written shows up as unavailable (with why) instead of breaking the command.
"""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from fathom.bots.registry import BOT_LEVELS, bot_names, make_bot
from fathom.core.registry import game_class, game_names, rules_summary


def run_games(args: argparse.Namespace, console: Console) -> int:
    table = Table(title="Games", title_justify="left")
    table.add_column("game")
    table.add_column("players")
    table.add_column("options (default; choices)")
    for name in game_names():
        try:
            cls = game_class(name)
        except Exception as exc:  # still being written
            table.add_row(name, "", f"unavailable: {type(exc).__name__}: {exc}")
            continue
        opts = []
        for opt_name, opt in cls.OPTIONS.items():
            line = f"{opt_name}={json.dumps(opt.default)}"
            if opt.choices:
                line += "; " + ", ".join(json.dumps(c) for c in opt.choices)
            opts.append(line)
        table.add_row(name, f"{cls.min_players}-{cls.max_players}", "\n".join(opts) or "-")
    console.print(table)
    return 0


def run_bots(args: argparse.Namespace, console: Console) -> int:
    levels = {name: level for level, name in BOT_LEVELS.items()}
    table = Table(title=f"Bots for {args.game}", title_justify="left")
    table.add_column("bot")
    table.add_column("level")
    table.add_column("status")
    for name in bot_names(args.game):
        try:
            make_bot(name, args.game)
            status = "ready"
        except Exception as exc:  # a bot module still being written
            status = f"unavailable: {type(exc).__name__}: {exc}"
        table.add_row(name, str(levels.get(name, "")), status)
    console.print(table)
    console.print(Text("Use with: fathom play GAME --bots NAME[,NAME...] (names or level numbers)"))
    return 0


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=game_names())
    parser.add_argument("--lang", default="en", help="language of the summary (default en; fr too)")


def print_rules(console: Console, game: str, lang: str = "en") -> None:
    """Our own summary of how ``game`` is played (the same text the web page shows)."""
    console.print(Markdown(rules_summary(game, lang)))


def run_rules(args: argparse.Namespace, console: Console) -> int:
    print_rules(console, args.game, args.lang)
    return 0
