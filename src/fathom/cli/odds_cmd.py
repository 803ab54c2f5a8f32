"""``fathom odds GAME``: a game's exact odds as tables, for designers and curious players.

Each game's plugin names its table (``odds_table``) and its options (``odds_arguments``).
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from rich.console import Console
from rich.text import Text

from fathom.core.errors import OptionError, allowed_list
from fathom.core.plugins import known, plugins_with

Columns = dict[str, list[tuple[str, Fraction]]]
"""A table by column: its label, then (row label, probability) pairs; the plot draws the same."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """One sub-command per game with odds tables; each game adds its own options (its plugin's
    ``odds_arguments``)."""
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    for plugin in plugins_with("odds_table"):
        sub = games.add_parser(plugin.name, help=f"{plugin.title}'s odds")
        if plugin.has("odds_arguments"):
            plugin.load("odds_arguments")(sub)
        sub.add_argument("--plot", default=None, metavar="FILE.png",
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


def percent(p: Fraction) -> str:
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




