"""Into the Blue's rules tables as one flat integer array, built from a reference game.

Why from the reference game: the kernels must read the same component data (a user's corrected
``data_file`` included) and the same dice tables, so they take them from the objects the reference
engine built, never from constants of their own. Multiset ids, action ids and chance orders are the
reference's (``fathom.games.into_the_blue.dice`` / ``actions``).

Why one flat array with fixed offsets (``T_*``): numba counts references to every array passed to a
compiled function; a tuple of twenty arrays costs twenty increments and decrements on every call,
more than a whole transition. One array costs one.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.core.errors import OptionError
from fathom.games.into_the_blue import actions as A
from fathom.games.into_the_blue import data, dice
from fathom.games.into_the_blue import placement

KEY = dice.KEY  # 1024: multiset ids fit in 10 bits
NMS = len(dice.MULTISETS)  # 924 multisets of 0..6 dice
MAX_SUBSETS = max(len(s) for s in dice.SUBSETS.values())  # 64 (so 64 choose actions at most)
MAX_ROLL = max(len(r) for r in dice.ROLLS)  # 462
LUT = 6 ** dice.DICE  # 46656 ordered rolls of six dice
MAX_PLAYERS = 5
MAX_VALUES = 16  # distinct chest values a data file may have for the compiled engine
MAX_SHELLS = 63  # shells per player a data file may have for the compiled engine
N_FACES = len(dice.FACES)  # a multiset's counts per face (T_COUNTS) are rows of this width
N_LEVELS = len(data.LEVELS)
MAX_TOKENS = 3  # treasure tokens a level may hold (a main and two secondaries, R-IB-5): T_TOKENS rows

# scalars (T_FIRST: the seat that plays first, -1 when setup draws it, R-IB-1; T_FIRST0: the id of
# the chance outcome "seat 0 plays first")
T_N, T_SHELLS, T_REROLLS, T_FIRST, T_NV, T_FIRST0 = range(6)


def _layout(*fields: tuple[str, int]) -> dict[str, int]:
    out, at = {}, 8
    for name, size in fields:
        out[name] = at
        at += size
    out["END"] = at
    return out


_AT = _layout(
    ("SIZE", NMS), ("RUN", NMS), ("PERFECT", NMS), ("COUNTS", NMS * N_FACES), ("ADD", NMS * KEY), ("KEEP", NMS * KEY),
    ("CHOOSE", NMS * MAX_SUBSETS), ("CHOOSE_N", NMS), ("ROLL_ACT", (dice.DICE + 1) * MAX_ROLL), ("ROLL_N", dice.DICE + 1),
    ("ROLL_LUT", (dice.DICE + 1) * LUT), ("TOKENS", N_LEVELS * MAX_TOKENS), ("NTOK", N_LEVELS), ("CHEST_VALUES", MAX_VALUES), ("CHEST_PILE", MAX_VALUES),
    ("PLACED", (dice.DICE + 1) * (MAX_SHELLS + 1)),
)
T_SIZE, T_RUN, T_PERFECT, T_COUNTS = _AT["SIZE"], _AT["RUN"], _AT["PERFECT"], _AT["COUNTS"]
T_ADD, T_KEEP, T_CHOOSE, T_CHOOSE_N = _AT["ADD"], _AT["KEEP"], _AT["CHOOSE"], _AT["CHOOSE_N"]
T_ROLL_ACT, T_ROLL_N, T_ROLL_LUT = _AT["ROLL_ACT"], _AT["ROLL_N"], _AT["ROLL_LUT"]
T_TOKENS, T_NTOK, T_CHEST_VALUES, T_CHEST_PILE = _AT["TOKENS"], _AT["NTOK"], _AT["CHEST_VALUES"], _AT["CHEST_PILE"]
T_PLACED = _AT["PLACED"]  # [shown * (MAX_SHELLS + 1) + hand]: shells a placement puts (placement.shells_placed)
T_LEN = _AT["END"]


def build(game: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(T, P)`` of one :class:`~fathom.games.into_the_blue.game.IntoTheBlueGame`: the integer
    tables and the roll probabilities ``P[k * MAX_ROLL + i]`` exactly as the reference lists them."""
    values = len(game.chest_values)
    if values > MAX_VALUES:
        raise OptionError(f"fathom.fast: the data has {values} distinct chest values; the compiled engine "
                          f"allows at most {MAX_VALUES} (use the reference engine for this data file)")
    if game.shells > MAX_SHELLS:
        raise OptionError(f"fathom.fast: the data gives {game.shells} shells per player; the compiled engine "
                          f"allows at most {MAX_SHELLS} (use the reference engine for this data file)")
    t = np.zeros(T_LEN, np.int32)
    first = getattr(game, "first_player", 0)  # None: drawn at setup (R-IB-1)
    t[T_N], t[T_SHELLS], t[T_REROLLS], t[T_NV] = game.num_players, game.shells, game.rerolls, values
    t[T_FIRST] = -1 if first is None else first
    t[T_FIRST0] = getattr(game, "FIRST0", 0)
    t[T_SIZE:T_SIZE + NMS] = dice.SIZE
    t[T_RUN:T_RUN + NMS] = dice.RUN
    t[T_PERFECT:T_PERFECT + NMS] = dice.PERFECT
    t[T_COUNTS:T_COUNTS + NMS * N_FACES] = np.array(dice.COUNTS).ravel()
    t[T_ADD:T_ADD + NMS * KEY] = -1
    t[T_KEEP:T_KEEP + NMS * KEY] = -1
    for k, v in dice.ADD.items():
        t[T_ADD + k] = v
    for k, v in dice.KEEP.items():
        t[T_KEEP + k] = v
    for d, choices in A.CHOOSE_ACTIONS.items():
        t[T_CHOOSE + d * MAX_SUBSETS:T_CHOOSE + d * MAX_SUBSETS + len(choices)] = choices
        t[T_CHOOSE_N + d] = len(choices)
    p = np.zeros((dice.DICE + 1) * MAX_ROLL, np.float64)
    for k in range(1, dice.DICE + 1):
        acts, cum, total = A.ROLL_CUM[k]
        t[T_ROLL_N + k] = len(acts)
        t[T_ROLL_ACT + k * MAX_ROLL:T_ROLL_ACT + k * MAX_ROLL + len(acts)] = acts
        p[k * MAX_ROLL:k * MAX_ROLL + len(acts)] = [prob for _, prob in A.ROLL_OUTCOMES[k]]
        # randbelow(total) -> outcome in one look-up (the reference bisects the cumulative weights)
        index = np.searchsorted(np.array(cum), np.arange(total), side="right")
        t[T_ROLL_LUT + k * LUT:T_ROLL_LUT + k * LUT + total] = np.array(acts)[index]
    for i, tokens in enumerate(game.tokens):
        t[T_TOKENS + MAX_TOKENS * i:T_TOKENS + MAX_TOKENS * i + len(tokens)] = tokens
        t[T_NTOK + i] = len(tokens)
    t[T_CHEST_VALUES:T_CHEST_VALUES + values] = game.chest_values
    t[T_CHEST_PILE:T_CHEST_PILE + values] = game.chest_pile
    for shown in range(dice.DICE + 1):  # R-IB-2, from the reference's own function
        for hand in range(MAX_SHELLS + 1):
            t[T_PLACED + shown * (MAX_SHELLS + 1) + hand] = placement.shells_placed(shown, hand)
    return t, p
