"""``fathom.core.rng`` compiled: SplitMix64 with the same constants, bit for bit.

Why exact: a reference game's chance outcome at history position ``t`` is a pure function of
``(seed, t)`` (``Rng.for_key``); the kernels draw it the same way, so one seed gives one game in
both engines. All arithmetic is on ``uint64`` (numba wraps it modulo 2**64 as the reference masks).
A generator's whole state is one ``uint64``; functions take it and return the new state.
"""

from __future__ import annotations

import numpy as np
from numba import njit

U = np.uint64
MASK = (1 << 64) - 1
GOLDEN = U(0x9E3779B97F4A7C15)
_KEY = U(0xD1B54A32D192ED03)
_M1 = U(0xBF58476D1CE4E5B9)
_M2 = U(0x94D049BB133111EB)
S30, S27, S31, S11 = U(30), U(27), U(31), U(11)
ZERO = U(0)


def seed_word(seed: int) -> np.uint64:
    """A Python seed (any int) as the kernels hold it: its value modulo 2**64, as the reference masks."""
    return U(seed & MASK)


@njit(cache=True, inline="always")
def mix(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> S30)) * _M1
    z = (z ^ (z >> S27)) * _M2
    return z ^ (z >> S31)


@njit(cache=True, inline="always")
def new_state(seed: np.uint64) -> np.uint64:
    """``Rng(seed).state``."""
    return mix(seed)


@njit(cache=True, inline="always")
def for_key(seed: np.uint64, counter: np.uint64) -> np.uint64:
    """``Rng.for_key(seed, counter).state``: the generator of one chance event."""
    return mix(seed * GOLDEN + counter * _KEY)


@njit(cache=True, inline="always")
def next64(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """``(new state, value)`` of ``Rng.next64``."""
    state = state + GOLDEN
    return state, mix(state)


@njit(cache=True, inline="always")
def randbelow(state: np.uint64, n: np.int64) -> tuple[np.uint64, np.int64]:
    """``(new state, value)`` of ``Rng.randbelow(n)`` (``n`` > 0): the same rejection rule."""
    un = U(n)
    rem = (ZERO - un) % un  # 2**64 mod n
    while True:
        state = state + GOLDEN
        x = mix(state)
        if rem == ZERO or x < ZERO - rem:
            return state, np.int64(x % un)


@njit(cache=True, inline="always")
def random01(state: np.uint64) -> tuple[np.uint64, np.float64]:
    """``(new state, value)`` of ``Rng.random()``."""
    state = state + GOLDEN
    return state, np.float64(mix(state) >> S11) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def spawn(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """``(parent's new state, child's state)`` of ``Rng.spawn()``."""
    state = state + GOLDEN
    return state, mix(mix(state))
