"""``fathom odds into-the-blue``: the chance of reaching each level, or a perfect dive, with one, two or
three rolls played optimally toward it (:mod:`..odds`)."""

from __future__ import annotations

import argparse
from typing import cast

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fathom.cli.odds_cmd import Columns, percent
from fathom.core.registry import make_game


def odds_table(args: argparse.Namespace, console: Console) -> tuple[str, str, Columns]:
    from fathom.games.into_the_blue import odds
    from fathom.games.into_the_blue.game import IntoTheBlueGame

    rolls = cast(IntoTheBlueGame, make_game(args.game)).rerolls + 1  # the box's rolls a turn (data file)
    table = Table(title="Chance of each result with the best play toward it", title_justify="left",
                  box=box.SIMPLE_HEAD)
    table.add_column("target")
    for n in range(1, rolls + 1):
        table.add_column(f"{n} roll{'s' if n > 1 else ''}", justify="right")
    columns: Columns = {}
    for target in odds.STANDARD_TARGETS:
        label = f"run to level {target.level}" if isinstance(target, odds.Target) else "perfect dive (1-5 and a chest)"
        chances = [odds.turn_start(target, rerolls=n - 1) for n in range(1, rolls + 1)]
        table.add_row(label, *(percent(p) for p in chances))
        columns[label] = [(str(n), p) for n, p in zip(range(1, rolls + 1), chances)]
    console.print(table)
    console.print(Text("A run to level L: the dice show 1, 2, … up to L. Each column keeps the best dice toward that "
                       "one target (exact expectimax over every roll).", style="dim"))
    return str(table.title), "rolls", columns
