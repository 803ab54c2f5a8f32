"""The steps of an Into the Blue turn, as small integers (a state is always in exactly one).

Both games keep their steps in a module of this name; a step's name is the state's
public ``step_kind``.
"""

ROLLING = 0  # chance: the dice in the cup are rolled (one event, its outcome the multiset shown)
CHOOSE = 1  # stop, or reroll some dice while rerolls are left
PLACE = 2  # which level of the run gets the shells (asked only when there is a choice)
CHEST = 3  # chance: the chest drawn after a perfect dive (seen by its taker alone)
OVER = 4
FIRST = 5  # chance: which seat plays first, drawn at setup (R-IB-1)

NAMES = ("rolling", "choose", "place", "chest", "over", "first-player")
CHANCE_PHASES = frozenset({ROLLING, CHEST, FIRST})
