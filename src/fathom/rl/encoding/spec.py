"""The layout of an observation vector: named fields with offsets, sizes and meanings.

Why a spec: every encoder declares its fields once, in order, with a sentence each.
The same declaration places the values in the vector *and* generates the table in
``docs/rl.md`` (``python -m fathom.rl.docs``), so the documentation cannot drift
from the code. Every value lies in ``[0, 1]`` (counts are divided by a stated
scale and clipped), so a ``Box(0, 1)`` observation space holds every vector.

Seats are *relative*: ``rel 0`` is the observing seat, ``rel 1`` the next seat
clockwise, and so on. A policy trained in one seat can therefore play any seat.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Field:
    """One named slice of the observation vector."""

    name: str
    offset: int
    size: int
    doc: str

    @property
    def stop(self) -> int:
        return self.offset + self.size


class Layout:
    """Builder of a list of :class:`Field` (offsets assigned in declaration order)."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        if size <= 0:
            raise ValueError(f"field {name} must have a positive size, got {size}")
        offset = self.size
        self.fields.append(Field(name, offset, size, doc))
        self.size += size
        return offset


class Encoder:
    """Base class: a fixed-length float32 vector from ``state.view(seat)`` alone.

    Subclasses build their :class:`Layout` in ``__init__`` (all look-up tables are
    made once per game configuration) and implement :meth:`_fill`, which sets and
    adds values by index into a mapping (faster than item assignment on a NumPy array).
    """

    game_name: str = ""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.num_players: int = game.num_players
        self.layout = Layout()

    # ---- public API ---------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def fields(self) -> list[Field]:
        return self.layout.fields

    def encode(self, view: dict[str, Any], seat: int) -> np.ndarray:
        """The observation of ``seat`` from its view (``state.view(seat)``).

        Observations are sparse (a few percent non-zero), so :meth:`_fill` writes into
        a ``defaultdict`` and only the entries it touched are copied into the array:
        about a third faster than converting a full Python list.
        """
        buf: defaultdict[int, float] = defaultdict(float)
        self._fill(view, seat, buf)
        out = np.zeros(self.layout.size, dtype=np.float32)
        k = len(buf)
        out[np.fromiter(buf.keys(), np.int64, k)] = np.fromiter(buf.values(), np.float32, k)
        return out

    def field(self, name: str) -> Field:
        for f in self.layout.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def describe(self, vector: np.ndarray) -> dict[str, list[float]]:
        """The vector split back into its named fields (for debugging and tests)."""
        return {f.name: [float(x) for x in vector[f.offset:f.stop]] for f in self.layout.fields}

    def markdown_table(self) -> str:
        """The field table of ``docs/rl.md`` for this configuration."""
        lines = ["| offset | size | field | meaning |", "| ---: | ---: | --- | --- |"]
        for f in self.layout.fields:
            lines.append(f"| {f.offset} | {f.size} | `{f.name}` | {f.doc} |")
        lines.append(f"| | **{self.size}** | | total |")
        return "\n".join(lines)

    # ---- for subclasses -------------------------------------------------------------
    def _fill(self, view: dict[str, Any], seat: int, buf: Any) -> None:
        raise NotImplementedError

