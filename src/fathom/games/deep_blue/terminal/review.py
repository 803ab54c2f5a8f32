"""``fathom review`` of a Deep Blue save: every draw-or-stop call the seat made as a dive leader
(:mod:`..review`), as a terminal table."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from fathom.cli.review import given_up_cell, new_table, summary
from fathom.games.deep_blue.review import LeaderCall


def review_table(calls: list[LeaderCall], seat: int, console: Console) -> None:
    table = new_table(f"Draw-or-stop calls of seat {seat} as dive leader",
                       ("move", "site", "gems", "risk", "stop: VP", "draw on: VP", "played", "VP given up"),
                       ("site", "played"))
    for c in calls:
        table.add_row(str(c.move), c.site, str(c.gems_drawn), f"{float(c.risk):.0%}", f"{c.stop_vp:.1f}",
                      f"{c.continue_vp:.1f}", c.played, given_up_cell(c.given_up))
    if calls:
        console.print(table)
    summary(console, "draw-or-stop calls as leader", seat, [c.given_up for c in calls], "expected VP")
    console.print(Text("risk: the chance that the next draw brings a hazard you cannot defend. stop: your VP from "
                       "the dive if you stopped; draw on: expected VP after one more draw, stopping at the best "
                       "moment after (exact, from what you could see). Only your own VP from the dive is weighed: "
                       "rivals' gains in it and the race for first place are yours to weigh.", style="dim"))
