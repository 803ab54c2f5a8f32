"""The fixed action space of Into the Blue and its readable notation.

Player actions (ids never change between games):

* ``stop`` (id 0): keep the dice as they are; no more rerolls this turn.
* ``place L`` (ids 1-5): put shells on level ``L`` of the run.
* ``reroll F`` (ids 6..928): reroll the dice showing the faces ``F``, a multiset
  written ascending with ``chest`` last, e.g. ``reroll 1,3,chest``. Dice are
  identical, so "which dice" is just "how many of each face".

Chance outcomes follow (disjoint ids): ``roll F`` for every multiset of 1..6 dice
(one chance event per roll, its outcome is the multiset that shows) and
``chest V`` for each distinct chest value in the data.

Taking a chest after a perfect dive is not a decision (the rule leaves no choice),
so it has no action: the state goes straight to the chest draw.
"""

from __future__ import annotations

from fractions import Fraction

from fathom.games.into_the_blue import dice
from fathom.games.into_the_blue.data import LEVELS

STOP = 0
PLACE0 = 0  # ``place L`` has id PLACE0 + L
REROLL0 = 5  # ``reroll F`` has id REROLL0 + multiset id (multiset ids 1..923)
NUM_PLAYER_ACTIONS = REROLL0 + len(dice.MULTISETS)  # 929
ROLL0 = NUM_PLAYER_ACTIONS - 1  # ``roll F`` has id ROLL0 + multiset id
CHEST0 = ROLL0 + len(dice.MULTISETS)  # ``chest V`` has id CHEST0 + index of V


def player_action_names() -> list[str]:
    names = ["stop"] + [f"place {level}" for level in LEVELS]
    names += [f"reroll {dice.name(ms)}" for ms in range(1, len(dice.MULTISETS))]
    assert len(names) == NUM_PLAYER_ACTIONS
    return names


def chance_outcome_names(chest_values: tuple[int, ...]) -> list[str]:
    names = [f"roll {dice.name(ms)}" for ms in range(1, len(dice.MULTISETS))]
    names += [f"chest {v}" for v in chest_values]
    return names


# Legal decisions after a roll, by six-dice table: ``stop`` plus every non-empty reroll.
CHOOSE_ACTIONS: dict[int, tuple[int, ...]] = {
    d: (STOP,) + tuple(REROLL0 + s for s in subs if s != dice.EMPTY) for d, subs in dice.SUBSETS.items()
}
CHOOSE_SETS: dict[int, frozenset[int]] = {d: frozenset(a) for d, a in CHOOSE_ACTIONS.items()}

# Chance: rolling k dice, outcomes with integer weights, plus cumulative weights for sampling.
ROLL_WEIGHTS: tuple[list[tuple[int, int]], ...] = tuple(
    [(ROLL0 + ms, w) for ms, w in dice.ROLLS[k]] if k else [] for k in range(dice.DICE + 1)
)
ROLL_ACTIONS: tuple[tuple[int, ...], ...] = tuple(tuple(a for a, _ in ws) for ws in ROLL_WEIGHTS)  # ascending
ROLL_SETS: tuple[frozenset[int], ...] = tuple(frozenset(a for a, _ in ws) for ws in ROLL_WEIGHTS)


def _cumulative(weights: list[tuple[int, int]]) -> tuple[list[int], list[int], int]:
    acts, cum, total = [], [], 0
    for a, w in weights:
        total += w
        acts.append(a)
        cum.append(total)
    return acts, cum, total


ROLL_CUM = tuple(_cumulative(ws) for ws in ROLL_WEIGHTS)


def _outcomes(weights: list[tuple[int, int]]) -> tuple[tuple[tuple[int, float], ...], tuple[tuple[int, Fraction], ...]]:
    """The public ``chance_outcomes()`` / ``exact_chance_outcomes()`` lists of one roll, computed as
    :class:`~fathom.core.api.State` does (``w / total``), once instead of on every call."""
    total = sum(w for _, w in weights)
    return tuple((a, w / total) for a, w in weights), tuple((a, Fraction(w, total)) for a, w in weights)


# Rolling k dice: ``((action, probability), …)`` as floats and as exact fractions (k = 0: none).
ROLL_OUTCOMES, ROLL_EXACT = zip(*(_outcomes(ws) for ws in ROLL_WEIGHTS))

# ``place L`` decisions per six-dice table (levels of the run).
PLACE_ACTIONS: dict[int, tuple[int, ...]] = {
    d: tuple(PLACE0 + level for level, _ in dice.PLACEMENTS[d]) for d in dice.SIX
}
