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
    kind = type(data)
    if kind is Secret:
        return redact(data.value if seat is not None and seat == data.owner else data.public, seat)
    if kind is dict or (kind not in _SCALARS and isinstance(data, dict)):
        out = {}
        for key, value in data.items():
            if type(value) not in _SCALARS:  # leaves are copied as they are: the hot path
                value = redact(value, seat)
                if value is OMIT:
                    continue
            out[key] = value
        return out
    if kind is list or kind is tuple or (kind not in _SCALARS and isinstance(data, (list, tuple))):
        items = []
        for value in data:
            if type(value) not in _SCALARS:
                value = redact(value, seat)
                if value is OMIT:
                    continue
            items.append(value)
        return items
    return data


_SCALARS = frozenset({str, int, float, bool, type(None)})


def reveal_all(data: Any) -> Any:
    """Everything, secrets included (for the referee's own records and debugging)."""
    if isinstance(data, Secret):
        return reveal_all(data.value)
    if isinstance(data, dict):
        return {k: reveal_all(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [reveal_all(v) for v in data]
    return data
