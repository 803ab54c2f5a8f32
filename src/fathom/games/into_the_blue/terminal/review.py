"""``fathom review`` of an Into the Blue save: every keep-or-reroll choice (:mod:`..review`), as a terminal
table."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from fathom.cli.review import given_up_cell, new_table, summary
from fathom.games.into_the_blue.review import DiceChoice


def dice_cell(text: str) -> str:
    """``1,4,chest`` as ``14C``: one character a die, so a row fits a narrow terminal."""
    return text.replace("chest", "C").replace(",", "")


def review_table(choices: list[DiceChoice], seat: int, console: Console) -> None:
    table = new_table(f"Keep-or-reroll choices of seat {seat}",
                       ("move", "dice", "left", "played", "pts", "best", "pts ", "given up"), ("dice", "played", "best"))
    for c in choices:
        same = c.best == c.played
        table.add_row(str(c.move), dice_cell(c.dice), str(c.rerolls_left), dice_cell(c.played), f"{c.played_value:.2f}",
                      "the same" if same else dice_cell(c.best), "" if same else f"{c.best_value:.2f}",
                      given_up_cell(c.given_up))
    if choices:
        console.print(table)
    summary(console, "keep-or-reroll choices", seat, [c.given_up for c in choices], "expected points")
    console.print(Text("C: a chest face. left: rerolls left. pts: the expected points of the choice with the best "
                       "play after it, each final roll valued as the expert bot values it (its best placement with "
                       "the majorities it changes, a chest, or nothing for a failed dive); the dice odds are exact.",
                       style="dim"))
