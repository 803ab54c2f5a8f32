"""``fathom odds deep-blue``: the chance that a diver is still in after each draw of a dive from a whole
bag (the box's starting bag, or ``--bag``), for a few sets of defences (:func:`..odds.still_in`)."""

from __future__ import annotations

import argparse
from typing import cast

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fathom.cli.odds_cmd import Columns, parse_bag, percent
from fathom.core.errors import OptionError
from fathom.core.registry import make_game


DEFENCES = {  # column label -> Defences fields
    "no defence": {},
    "1 blue card": {"blue_cards": 1},
    "1 black card": {"black_cards": 1},
    "blue/black spot": {"either_spot": 1},
    "1 of each card": {"blue_cards": 1, "black_cards": 1},
}


def add_odds_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--draws", type=int, default=12, help="draws of a dive to show (default 12)")
    parser.add_argument("--bag", default=None, metavar="GEM=N,...",
                        help="the bag to dive from, e.g. silver=9,gold=5,black=4,blue=4 "
                             "(default: the box's bag at setup; colours left out are 0)")
    parser.add_argument("--pairs", action="store_true",
                        help="gems drawn two at a time (Troubled Waters on a Sunken City tile)")


def odds_table(args: argparse.Namespace, console: Console) -> tuple[str, str, Columns]:
    from fathom.games.deep_blue.data import GEMS
    from fathom.games.deep_blue.dive_model import Defences
    from fathom.games.deep_blue.game import DeepBlueGame
    from fathom.games.deep_blue.odds import still_in

    if not 1 <= args.draws <= 40:
        raise OptionError(f"--draws {args.draws}: choose 1 to 40")
    bag = parse_bag(args.bag, GEMS) if args.bag else cast(DeepBlueGame, make_game(args.game)).components.bag_at_setup
    per_draw = 2 if args.pairs else 1
    columns = {label: still_in(bag, Defences(**fields), args.draws, per_draw) for label, fields in DEFENCES.items()}
    shown = ", ".join(f"{n} {g}" for g, n in zip(GEMS, bag) if n)
    table = Table(title=f"Still in after each draw of a dive{' (two gems a draw)' if args.pairs else ''}",
                  title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("draw", justify="right")
    for label in columns:
        table.add_column(label, justify="right")
    for k in range(args.draws):
        table.add_row(str(k + 1), *(percent(p[k]) for p in columns.values()))
    console.print(table)
    console.print(Text(f"From a bag of {sum(bag)}: {shown}. A black or blue gem is a hazard when its colour was "
                       "drawn before in the dive; a card or spot of its colour defends it once. Exact: every "
                       "order of draws is counted.", style="dim"))
    draws = [str(k + 1) for k in range(args.draws)]
    return str(table.title), "draw", {label: list(zip(draws, p)) for label, p in columns.items()}
