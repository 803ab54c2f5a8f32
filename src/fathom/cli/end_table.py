"""The terminal's end table: the web end screen's numbers, from the same source.

Why: the page's end screen (``endHtml`` in ``server/web/js/table.js``) and the terminal must not
count a game's end twice. Both show the game plugin's ``end_screen`` part (:meth:`GamePlugin.end_summary`:
places, totals, VP by source, the tie-break when it decided, Into the Blue's treasures level by
level) in the catalog's ``end.*`` words; a game without that part keeps the plain score table.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from fathom.core.api import State
from fathom.core.plugins import plugin_for
from fathom.i18n import Translator

SUB_ROWS = ("wreck", "cards", "gems", "scenario")
"""Rows that split the row above them (Deep Blue's VP by source under the VP by role), indented."""


def end_summary(state: State) -> dict[str, Any] | None:
    """The plugin's end screen of a finished ``state`` (None: the game has none, or it is not over)."""
    if not state.is_terminal():
        return None
    return plugin_for(state.game.name).end_summary(state)


def end_table(end: dict[str, Any], names: dict[int, str], tr: Translator) -> Table:
    """Seats in the order of their places, one column each; rows: place, total, VP by source (and
    crew owned where it breaks ties), the winners' columns marked."""
    seats = sorted(end["seats"], key=lambda s: (s["rank"], s["seat"]))
    crew = "crew" in seats[0]
    rows = ["rank", "total", *end["sources"], *(["crew"] if crew else [])]
    table = Table(title=tr("results.title"), title_justify="left")  # "Final scores", as before
    table.add_column("")
    for s in seats:
        won = s["seat"] in end["winners"]
        table.add_column(("★ " if won else "") + names[s["seat"]], justify="right", style="bold" if won else "")
    for row in rows:
        label = tr(f"end.{row}")
        table.add_row(("  " + label) if row in SUB_ROWS else label, *(str(s[row]) for s in seats),
                      style="bold" if row == "total" else "")
    return table


def end_notes(end: dict[str, Any], names: dict[int, str], tr: Translator) -> list[str]:
    """The lines under the table: the tie-break when it decided, a shared win, each level's treasures."""
    lines = []
    tie = end.get("tie_break")
    if tie:
        total = next(s["total"] for s in end["seats"] if s["seat"] == tie["tied"][0])
        lines.append(tr("end.tie_break", vp=total, names=", ".join(names[p] for p in tie["tied"]),
                        crew=" / ".join(str(c) for c in tie["crew"])))
    if end.get("shared"):
        lines.append(tr("end.shared"))
    treasures = end.get("treasures")
    if treasures:
        lines.append(tr("end.treasures"))
        for level in sorted({a["level"] for a in treasures}):
            won = [f"{tr('end.main' if a['kind'] == 'main' else 'end.second')} {a['value']} → {names[a['seat']]}"
                   for a in treasures if a["level"] == level]
            lines.append(f"  {tr('end.level', n=level)}{tr('dbt.colon')}" + ", ".join(won))
    return lines


def print_end(console: Console, end: dict[str, Any], names: dict[int, str], tr: Translator) -> None:
    console.print(end_table(end, names, tr))
    for line in end_notes(end, names, tr):
        console.print(Text(line))
