"""How costly a decision was, named as lichess names moves (the same thresholds everywhere).

lichess judges a move by the drop of the mover's winning chances on a scale of -1..1:
0.1 an inaccuracy, 0.2 a mistake, 0.3 a blunder. On fathom's scale of 0..1 (a win chance) those
are drops of 5, 10 and 15 points.
"""

from __future__ import annotations

MARKS: tuple[tuple[str, float], ...] = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
"""(name, smallest loss in win-chance points on 0..1), worst first; names are catalog keys ``an.mark.NAME``."""


def mark_of(loss: float) -> str | None:
    """The name of a decision that lost ``loss`` win chance, or None below an inaccuracy."""
    for name, threshold in MARKS:
        if loss >= threshold:
            return name
    return None
