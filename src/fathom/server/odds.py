"""Exact odds shown on a seat's page, computed only from what that seat may see.

Each game's plugin names its function (``page_odds``, in the game's folder); this module asks it
and gives the games one way to write a probability for the page.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fathom.core.plugins import plugin_for


def frac(p: Fraction) -> dict[str, Any]:
    """A probability for the page: its float and, exactly, as a fraction."""
    return {"p": float(p), "exact": f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)}


def odds_for(game: str, view: dict[str, Any], seat: int | None, comp: Any) -> dict[str, Any]:
    """Odds for a page, from ``view`` and the box's public components only."""
    plugin = plugin_for(game)
    return plugin.load("page_odds")(view, seat, comp) if plugin.has("page_odds") else {}
