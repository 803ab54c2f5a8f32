"""``fathom review``: a saved game's push-your-luck calls, weighed against the exact odds.

Each game's plugin names the calls it weighs (``review``) and their table (``review_table``); both read
only what that seat could see.
"""

from __future__ import annotations

import argparse
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fathom.cli.console import load_save, saved_humans
from fathom.core.errors import OptionError, allowed_list
from fathom.core.plugins import plugin_for
from fathom.review import GAMES, WORTH_A_LOOK, review_calls

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a save written by fathom play --save (or State.to_json)")
    parser.add_argument("--seat", type=int, default=None,
                        help="whose calls (default: the save's first person, else seat 0)")


def run(args: argparse.Namespace, console: Console) -> int:
    state, table = load_save(args.file)
    players = state.game.num_players
    people = saved_humans(table)
    seat = args.seat if args.seat is not None else (people[0] if people else 0)
    if not 0 <= seat < players:
        raise OptionError(f"--seat {seat}: seats are 0..{players - 1}")
    if state.game.name not in GAMES:
        raise OptionError(f"{args.file}: no review for {state.game.name} (there is one for {allowed_list(GAMES)})")
    plugin_for(state.game.name).load("review_table")(review_calls(state, seat), seat, console)
    return 0


def given_up_cell(given_up: float) -> Text:
    """The column that says how far a call fell short of the best one ("–": it was the best)."""
    if given_up < WORTH_A_LOOK:
        return Text("–", style="green")
    return Text(f"{given_up:.2f}", style="bold red")


def new_table(title: str, columns: tuple[str, ...], left: tuple[str, ...]) -> Table:
    """Light borders, numbers never wrapped: the review should fit an 80-column terminal."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for name in columns:
        if name in left:
            table.add_column(name, justify="left")
        else:
            table.add_column(name, justify="right", no_wrap=True, min_width=len(name))
    return table




def summary(console: Console, what: str, seat: int, losses: list[float], unit: str) -> None:
    against = [x for x in losses if x >= WORTH_A_LOOK]
    line = f"Seat {seat}: {len(losses)} {what}"
    if losses:
        line += f", {len(losses) - len(against)} as the odds say, {len(against)} against them"
        if against:
            line += f" (together {sum(against):.2f} {unit} given up)"
    console.print(Text(line + ".", style="bold"))






