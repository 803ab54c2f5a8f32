"""``fathom review``: a saved game's push-your-luck calls, weighed against the exact odds.

Deep Blue: every draw-or-stop call the seat made as a dive leader
(:mod:`fathom.games.deep_blue.review`); Into the Blue: every keep-or-reroll choice
(:mod:`fathom.games.into_the_blue.review`). Both read only what that seat could see.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fathom.cli.console import load_save, saved_humans
from fathom.core.errors import OptionError, allowed_list
from fathom.plugins import plugin_for
from fathom.review import GAMES, WORTH_A_LOOK, review_calls

if TYPE_CHECKING:
    from fathom.games.deep_blue.review import LeaderCall
    from fathom.games.into_the_blue.review import DiceChoice


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


def _given_up(given_up: float) -> Text:
    """The column that says how far a call fell short of the best one ("–": it was the best)."""
    if given_up < WORTH_A_LOOK:
        return Text("–", style="green")
    return Text(f"{given_up:.2f}", style="bold red")


def _new_table(title: str, columns: tuple[str, ...], left: tuple[str, ...]) -> Table:
    """Light borders, numbers never wrapped: the review should fit an 80-column terminal."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for name in columns:
        if name in left:
            table.add_column(name, justify="left")
        else:
            table.add_column(name, justify="right", no_wrap=True, min_width=len(name))
    return table


def _dice(text: str) -> str:
    """``1,4,chest`` as ``14C``: one character a die, so a row fits a narrow terminal."""
    return text.replace("chest", "C").replace(",", "")


def _summary(console: Console, what: str, seat: int, losses: list[float], unit: str) -> None:
    against = [x for x in losses if x >= WORTH_A_LOOK]
    line = f"Seat {seat}: {len(losses)} {what}"
    if losses:
        line += f", {len(losses) - len(against)} as the odds say, {len(against)} against them"
        if against:
            line += f" (together {sum(against):.2f} {unit} given up)"
    console.print(Text(line + ".", style="bold"))


def deep_blue_table(calls: list[LeaderCall], seat: int, console: Console) -> None:
    table = _new_table(f"Draw-or-stop calls of seat {seat} as dive leader",
                       ("move", "site", "gems", "risk", "stop: VP", "draw on: VP", "played", "VP given up"),
                       ("site", "played"))
    for c in calls:
        table.add_row(str(c.move), c.site, str(c.gems_drawn), f"{float(c.risk):.0%}", f"{c.stop_vp:.1f}",
                      f"{c.continue_vp:.1f}", c.played, _given_up(c.given_up))
    if calls:
        console.print(table)
    _summary(console, "draw-or-stop calls as leader", seat, [c.given_up for c in calls], "expected VP")
    console.print(Text("risk: the chance that the next draw brings a hazard you cannot defend. stop: your VP from "
                       "the dive if you stopped; draw on: expected VP after one more draw, stopping at the best "
                       "moment after (exact, from what you could see). Only your own VP from the dive is weighed: "
                       "rivals' gains in it and the race for first place are yours to weigh.", style="dim"))


def into_the_blue_table(choices: list[DiceChoice], seat: int, console: Console) -> None:
    table = _new_table(f"Keep-or-reroll choices of seat {seat}",
                       ("move", "dice", "left", "played", "pts", "best", "pts ", "given up"), ("dice", "played", "best"))
    for c in choices:
        same = c.best == c.played
        table.add_row(str(c.move), _dice(c.dice), str(c.rerolls_left), _dice(c.played), f"{c.played_value:.2f}",
                      "the same" if same else _dice(c.best), "" if same else f"{c.best_value:.2f}",
                      _given_up(c.given_up))
    if choices:
        console.print(table)
    _summary(console, "keep-or-reroll choices", seat, [c.given_up for c in choices], "expected points")
    console.print(Text("C: a chest face. left: rerolls left. pts: the expected points of the choice with the best "
                       "play after it, each final roll valued as the expert bot values it (its best placement with "
                       "the majorities it changes, a chest, or nothing for a failed dive); the dice odds are exact.",
                       style="dim"))


