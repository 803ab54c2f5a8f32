"""Immutable count vectors (card types, gem colours).

Per-player card holdings are tuples so that ``clone()`` can share them: a change
builds a new tuple, a copy costs nothing.
"""

from __future__ import annotations

from operator import add, mul, sub

Counts = tuple[int, ...]
"""Counts by card type or gem colour."""


def bump(counts: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    out = list(counts)
    out[index] += delta
    return tuple(out)


def plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(add, a, b))


def minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(sub, a, b))


def dot(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    """Sum of products: e.g. a hand's total cash from per-card cash values."""
    return sum(map(mul, a, b))


def expand(counts: tuple[int, ...] | list[int]) -> list[int]:
    """``(2, 0, 1)`` -> ``[0, 0, 2]``: one entry per item, for sampling."""
    return [i for i, n in enumerate(counts) for _ in range(n)]


def as_named(counts: tuple[int, ...] | list[int], names: tuple[str, ...] | list[str]) -> dict[str, int]:
    """Non-zero counts keyed by name (JSON-friendly)."""
    return {names[i]: n for i, n in enumerate(counts) if n}
