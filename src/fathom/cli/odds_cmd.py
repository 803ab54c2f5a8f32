"""``fathom odds``: the games' exact odds as tables, for designers and curious players.

Deep Blue: the chance that a diver is still in after each draw of a dive from a whole bag
(the box's starting bag, or ``--bag``), for a few sets of defences
(:func:`fathom.games.deep_blue.odds.still_in`). Into the Blue: the chance of reaching each
level, or a perfect dive, with one, two or three rolls played optimally toward it
(:mod:`fathom.games.into_the_blue.odds`).
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import cast

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fathom.core.errors import OptionError, allowed_list
from fathom.core.registry import make_game
from fathom.plugins import known, plugins_with

Columns = dict[str, list[tuple[str, Fraction]]]
"""A table by column: its label, then (row label, probability) pairs; the plot draws the same."""


DEFENCES = {  # column label -> Defences fields
    "no defence": {},
    "1 blue card": {"blue_cards": 1},
    "1 black card": {"black_cards": 1},
    "blue/black spot": {"either_spot": 1},
    "1 of each card": {"blue_cards": 1, "black_cards": 1},
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=[plugin.name for plugin in plugins_with("odds_table")])
    parser.add_argument("--draws", type=int, default=12, help="Deep Blue: draws of a dive to show (default 12)")
    parser.add_argument("--bag", default=None, metavar="GEM=N,...",
                        help="Deep Blue: the bag to dive from, e.g. silver=9,gold=5,black=4,blue=4 "
                             "(default: the box's bag at setup; colours left out are 0)")
    parser.add_argument("--pairs", action="store_true",
                        help="Deep Blue: gems drawn two at a time (Troubled Waters on a Sunken City tile)")
    parser.add_argument("--plot", default=None, metavar="FILE.png",
                        help="also draw the table as a plot (needs matplotlib: pip install -e '.[sim]')")


def run(args: argparse.Namespace, console: Console) -> int:
    title, x_label, columns = known(args.game).load("odds_table")(args, console)
    if args.plot:
        _plot(args.plot, title, x_label, columns)
        console.print(Text(f"Wrote {args.plot}"))
    return 0


def _plot(path: str, title: str, x_label: str, columns: Columns) -> None:
    """One line per column of the table, in percent."""
    try:
        from fathom.sim.report import pyplot
        plt = pyplot()
    except ImportError as exc:
        raise OptionError(f"--plot needs matplotlib ({exc}): pip install -e '.[sim]'") from None
    fig, ax = plt.subplots(figsize=(7, 4))
    for label, points in columns.items():
        ax.plot([x for x, _ in points], [100 * float(p) for _, p in points], marker="o", label=label)
    ax.set_title(title)
    ax.set_xlabel(x_label)
    ax.set_ylabel("%")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=8)
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        raise OptionError(f"--plot: cannot write {path}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)


def _pct(p: Fraction) -> str:
    return f"{float(p):.0%}"


def parse_bag(text: str, gems: tuple[str, ...]) -> tuple[int, ...]:
    """``silver=9,black=4`` as a count per gem colour, in the game's order."""
    counts = dict.fromkeys(gems, 0)
    for part in text.split(","):
        name, sep, number = part.strip().partition("=")
        if not sep or name not in counts or not number.isdigit():
            raise OptionError(f"--bag {text!r}: expected GEM=N pairs, gems being {allowed_list(gems)}")
        counts[name] = int(number)
    if not sum(counts.values()):
        raise OptionError(f"--bag {text!r}: the bag is empty")
    return tuple(counts.values())


def deep_blue_table(args: argparse.Namespace, console: Console) -> tuple[str, str, Columns]:
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
        table.add_row(str(k + 1), *(_pct(p[k]) for p in columns.values()))
    console.print(table)
    console.print(Text(f"From a bag of {sum(bag)}: {shown}. A black or blue gem is a hazard when its colour was "
                       "drawn before in the dive; a card or spot of its colour defends it once. Exact: every "
                       "order of draws is counted.", style="dim"))
    draws = [str(k + 1) for k in range(args.draws)]
    return str(table.title), "draw", {label: list(zip(draws, p)) for label, p in columns.items()}


def into_the_blue_table(args: argparse.Namespace, console: Console) -> tuple[str, str, Columns]:
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
        table.add_row(label, *(_pct(p) for p in chances))
        columns[label] = [(str(n), p) for n, p in zip(range(1, rolls + 1), chances)]
    console.print(table)
    console.print(Text("A run to level L: the dice show 1, 2, … up to L. Each column keeps the best dice toward that "
                       "one target (exact expectimax over every roll).", style="dim"))
    return str(table.title), "rolls", columns
