"""Dice as multisets: ids, names, roll weights, runs, and the tables built on them.

Why multisets: the six dice are identical, so only how many of each face show
matters. Every multiset of 0..6 dice gets a small integer id (ordered by size,
then by its sorted faces), which makes keep/reroll choices, roll outcomes and the
odds solver's states plain table look-ups. Face 6 is the chest.

All tables are built once at import (a few milliseconds) and never change.
"""

from __future__ import annotations

from collections.abc import Iterable

from itertools import combinations_with_replacement
from math import factorial

from fathom.games.into_the_blue.data import LEVELS

CHEST = len(LEVELS) + 1  # a die shows each level's number and a chest
FACES = (*LEVELS, CHEST)
DICE = 6
FACE_NAMES = {**{level: str(level) for level in LEVELS}, CHEST: "chest"}
FACE_OF_NAME = {v: k for k, v in FACE_NAMES.items()}

Counts = tuple[int, int, int, int, int, int]

# ---- multiset ids -------------------------------------------------------------------
MULTISETS: tuple[tuple[int, ...], ...] = tuple(
    faces for k in range(DICE + 1) for faces in combinations_with_replacement(FACES, k)
)
"""Sorted faces of each multiset, by id. Id 0 is the empty multiset."""
EMPTY = 0


def _counts(faces: tuple[int, ...]) -> Counts:
    c = [0] * 6
    for f in faces:
        c[f - 1] += 1
    return tuple(c)  # type: ignore[return-value]


COUNTS: tuple[Counts, ...] = tuple(_counts(f) for f in MULTISETS)
SIZE: tuple[int, ...] = tuple(len(f) for f in MULTISETS)
ID_OF_COUNTS: dict[Counts, int] = {c: i for i, c in enumerate(COUNTS)}
BY_SIZE: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(len(MULTISETS)) if SIZE[i] == k) for k in range(DICE + 1)
)
SIX = BY_SIZE[DICE]
"""Ids of the 462 multisets of six dice (the table after a roll)."""


def name(ms: int) -> str:
    """``1,1,2,5,chest`` (ascending, chest last); ``-`` for no dice."""
    faces = MULTISETS[ms]
    return ",".join(FACE_NAMES[f] for f in faces) if faces else "-"


def parse(text: str) -> int:
    """The id of a multiset written as faces separated by commas or spaces (any order)."""
    parts = [p for p in text.replace(",", " ").split() if p]
    try:
        faces = tuple(sorted(FACE_OF_NAME[p.lower()] for p in parts))
        return ID_OF_COUNTS[_counts(faces)]
    except (KeyError, ValueError, IndexError):
        raise ValueError(f"not a set of dice: {text!r} (faces are 1-5 and chest, at most 6 dice)") from None


def from_faces(faces: Iterable[int | str]) -> int:
    """The id of a multiset given as faces (ints 1-6 or 1-5/'chest')."""
    out: list[int] = []
    for f in faces:
        out.append(FACE_OF_NAME[f] if isinstance(f, str) else int(f))
    counts = _counts(tuple(out))
    if counts not in ID_OF_COUNTS or any(not 1 <= f <= 6 for f in out):
        raise ValueError(f"not a set of dice: {faces!r}")
    return ID_OF_COUNTS[counts]


def face_list(ms: int) -> list[int | str]:
    """The faces as JSON-friendly values: ints 1-5 and ``"chest"``."""
    return list(FACE_TUPLES[ms])


FACE_TUPLES: tuple[tuple[int | str, ...], ...] = tuple(tuple(f if f != CHEST else "chest" for f in fs) for fs in MULTISETS)
"""The faces of each multiset as JSON-friendly values (redaction turns tuples into lists)."""


def weight(ms: int) -> int:
    """How many ordered rolls give this multiset: ``k! / prod(count!)`` (out of ``6**k``)."""
    w = factorial(SIZE[ms])
    for c in COUNTS[ms]:
        w //= factorial(c)
    return w


WEIGHT: tuple[int, ...] = tuple(weight(i) for i in range(len(MULTISETS)))


# ---- runs ----------------------------------------------------------------------------
def run_length(counts: Counts) -> int:
    """Length of the unbroken run 1, 2, 3… (0 when there is no 1)."""
    n = 0
    while n < len(LEVELS) and counts[n]:
        n += 1
    return n


RUN: tuple[int, ...] = tuple(run_length(c) for c in COUNTS)
PERFECT: tuple[bool, ...] = tuple(RUN[i] == len(LEVELS) and COUNTS[i][CHEST - 1] > 0 for i in range(len(MULTISETS)))
PLACEMENTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((level, COUNTS[i][level - 1]) for level in range(1, RUN[i] + 1)) for i in range(len(MULTISETS))
)
"""``((level, dice showing it), …)`` for each level of the run."""


# ---- combining multisets -------------------------------------------------------------
def add(a: int, b: int) -> int:
    ca, cb = COUNTS[a], COUNTS[b]
    return ID_OF_COUNTS[tuple(x + y for x, y in zip(ca, cb))]  # type: ignore[index]


def sub(a: int, b: int) -> int:
    """``a - b``; ``b`` must be contained in ``a``."""
    ca, cb = COUNTS[a], COUNTS[b]
    return ID_OF_COUNTS[tuple(x - y for x, y in zip(ca, cb))]  # type: ignore[index]


def contains(a: int, b: int) -> bool:
    return all(x >= y for x, y in zip(COUNTS[a], COUNTS[b]))


def _sub_multisets(ms: int) -> tuple[int, ...]:
    c = COUNTS[ms]
    out = [EMPTY]
    for face in range(6):
        step = []
        for base in out:
            bc = COUNTS[base]
            for extra in range(1, c[face] + 1):
                nc = list(bc)
                nc[face] += extra
                step.append(ID_OF_COUNTS[tuple(nc)])  # type: ignore[index]
        out.extend(step)
    return tuple(sorted(out))


SUBSETS: dict[int, tuple[int, ...]] = {d: _sub_multisets(d) for d in SIX}
"""For each six-dice table: every sub-multiset (empty and whole included), ascending ids."""

ADD: dict[int, int] = {}
"""``ADD[kept * KEY + rolled]``: the table after rolling ``rolled`` beside ``kept`` (six dice)."""
KEEP: dict[int, int] = {}
"""``KEEP[table * KEY + reroll]``: the dice left on ``table`` when ``reroll`` is picked up."""
KEY = 1024
for _d, _subs in SUBSETS.items():
    for _s in _subs:
        _k = sub(_d, _s)
        KEEP[_d * KEY + _s] = _k
        ADD[_k * KEY + _s] = _d
del _d, _subs, _s, _k

ROLLS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((ms, WEIGHT[ms]) for ms in BY_SIZE[k]) for k in range(DICE + 1)
)
"""For k dice: ``((outcome id, ordered-roll count), …)``; counts sum to ``6**k``."""

EXTEND: dict[int, tuple[tuple[int, int], ...]] = {
    kept: tuple((add(kept, r), w) for r, w in ROLLS[DICE - SIZE[kept]]) for k in range(DICE + 1) for kept in BY_SIZE[k]
}
"""For kept dice: ``((resulting six-dice id, weight), …)`` over the roll of the others."""
