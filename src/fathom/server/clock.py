"""Time: a token bucket against message floods, and the monotonic clock in one place."""

from __future__ import annotations

import math
import time


def now() -> float:
    return time.monotonic()


class TokenBucket:
    """``burst`` messages at once, then ``rate`` per second; :meth:`take` says if one may pass."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "dropped")

    def __init__(self, rate: float = 20.0, burst: float = 40.0) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = now()
        self.dropped = 0

    def take(self, cost: float = 1.0) -> bool:
        t = now()
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        self.dropped += 1
        return False

    def wait(self, cost: float = 1.0) -> int:
        """Whole seconds until ``cost`` may pass (at least 1: said to a client as Retry-After)."""
        missing = max(0.0, cost - self.tokens)
        return max(1, math.ceil(missing / self.rate)) if self.rate > 0 else 3600

    def rested(self) -> bool:
        """Has the bucket filled up again (no different from a new one)?"""
        self.take(0.0)  # brings the count up to date; a cost of 0 always passes
        return self.tokens >= self.burst
