"""Names for a table's bots, so a person plays against "Sylvia" and "Jacques", not "Seat 2 · bot 3".

Why on the server: every page, the lobby's list, the log and a rematch then say the same name.
The names are first names of ocean explorers and divers, written the same in every language;
the level shown beside a name (Easy, Normal, Hard) is translated by the pages.
"""

from __future__ import annotations

from typing import Any

BOT_NAMES = ("Sylvia", "Jacques", "Lotte", "Auguste", "Eugenie", "Hans", "Jules", "Ama")
"""More names than a table has seats (five at most), so every bot has its own."""


def name_bots(seats: list[dict[str, Any]], seed: int) -> None:
    """Give each bot seat without a name one of :data:`BOT_NAMES` (in place): none a seat at the table
    already bears, and a different set from table to table (the list is rotated by the table's seed)."""
    start = seed % len(BOT_NAMES)
    rotated = BOT_NAMES[start:] + BOT_NAMES[:start]
    taken = {str(s.get("name") or "").casefold() for s in seats}
    free = [n for n in rotated if n.casefold() not in taken]
    for seat in seats:
        if seat["kind"] == "bot" and not seat.get("name") and free:
            seat["name"] = free.pop(0)
