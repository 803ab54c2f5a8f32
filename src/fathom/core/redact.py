"""One redaction function for views and event logs.

A game describes its state and its events as plain JSON-like data in which every
secret is wrapped in :class:`Secret`. :func:`redact` turns that into what one seat
may see. Because views and events pass through the same function, no front end
can show more than another.
"""

from __future__ import annotations

from typing import Any

OMIT: Any = object()
"""Public placeholder meaning "drop this key/item entirely for non-owners"."""


class Secret:
    """A value only ``owner`` may see; everyone else sees ``public``."""

    __slots__ = ("owner", "value", "public")

    def __init__(self, owner: int, value: Any, public: Any = OMIT) -> None:
        self.owner = owner
        self.value = value
        self.public = public

    def __repr__(self) -> str:
        return f"Secret(owner={self.owner}, value={self.value!r}, public={self.public!r})"


def redact(data: Any, seat: int | None) -> Any:
    """What ``seat`` may see of ``data`` (``seat=None`` is a spectator)."""
    if isinstance(data, Secret):
        return redact(data.value if seat is not None and seat == data.owner else data.public, seat)
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            shown = redact(value, seat)
            if shown is not OMIT:
                out[key] = shown
        return out
    if isinstance(data, (list, tuple)):
        return [shown for shown in (redact(v, seat) for v in data) if shown is not OMIT]
    return data


def reveal_all(data: Any) -> Any:
    """Everything, secrets included (for the referee's own records and debugging)."""
    if isinstance(data, Secret):
        return reveal_all(data.value)
    if isinstance(data, dict):
        return {k: reveal_all(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [reveal_all(v) for v in data]
    return data
