"""Seeded, counter-based randomness.

Why counter-based: a game's chance outcome at history position ``t`` is a pure
function of ``(seed, t)``, so a saved game (seed + action log) replays exactly and
a loaded game continues exactly as the original would, with no generator state to
store. The mixer is SplitMix64, small and well studied; it is plenty for games.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """A tiny SplitMix64 generator whose whole state is one integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix(seed & _MASK)

    @classmethod
    def for_key(cls, seed: int, counter: int) -> Rng:
        """The generator for one chance event: independent of every other counter."""
        rng = cls.__new__(cls)
        rng.state = _mix((seed * _GOLDEN + counter * 0xD1B54A32D192ED03) & _MASK)
        return rng

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted_index(self, weights: Sequence[int]) -> int:
        """Index ``i`` with probability ``weights[i] / sum(weights)`` (integer weights, exact)."""
        r = self.randbelow(sum(weights))
        for i, w in enumerate(weights):
            if r < w:
                return i
            r -= w
        raise AssertionError("unreachable")  # pragma: no cover

    def spawn(self) -> Rng:
        """An independent child generator (for bots, determinizations)."""
        child = Rng.__new__(Rng)
        child.state = _mix(self.next64())
        return child
