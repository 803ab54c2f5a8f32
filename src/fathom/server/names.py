"""Seat names people type: shown to every page, so one must be seen to be a name.

A name of zero-width spaces, joiners, direction marks or other invisible characters looks like no
name at all (and lets a stranger pass for an empty seat), and control characters break the log
lines and pages they are shown in: both are refused, with the reason.
"""

from __future__ import annotations

import unicodedata

INVISIBLE = ("Cf", "Cc", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Mn", "Me")  # format, control, spaces, marks


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a seat's name (None: it can). An empty name is left to the caller."""
    if any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in name):
        return "name must not contain control characters or line breaks"
    if name and all(unicodedata.category(ch) in INVISIBLE for ch in name):
        return "name must have a visible character (not only spaces or invisible ones)"
    return None
