"""The errors fathom raises: each says what was wrong and what is allowed."""

from __future__ import annotations

from collections.abc import Iterable


class FathomError(Exception):
    """Base of every error fathom raises on purpose."""


class IllegalActionError(FathomError, ValueError):
    """An action that is not legal now; the state is left untouched."""


class OptionError(FathomError, ValueError):
    """A bad game name, player count or option; nothing was created."""


class SaveFormatError(FathomError, ValueError):
    """A saved game that cannot be read."""


def allowed_list(values: Iterable[object], limit: int = 40) -> str:
    """``a, b, c`` (cut with a count after ``limit`` items) for error messages."""
    items = [str(v) for v in values]
    if len(items) > limit:
        return ", ".join(items[:limit]) + f", … ({len(items) - limit} more)"
    return ", ".join(items) if items else "(nothing)"
