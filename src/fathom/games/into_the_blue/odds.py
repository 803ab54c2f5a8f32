"""Exact dice odds and the optimal keep/reroll policy, by memoised expectimax.

Why exact: a turn has at most three rolls of six identical dice, so the whole
decision tree folds into 462 tables (multisets of six dice) per roll left; the
expectimax over it is small enough to solve exactly with integers and cache.

Vocabulary (the game's own): the *table* is the six dice after a roll; *rerolls
left* is how many more rolls the player may still make (2 after the first roll of
a turn, with the box's three rolls); a *keep* is the sub-multiset of the table that
stays, the rest is rolled again. Keeping everything is the same as stopping.

A *target* is what the player wants the final dice to show:

* :data:`PERFECT`: a perfect dive (1, 2, 3, 4, 5 and a chest);
* ``Target(level, count, run=0)``: at least ``count`` dice show ``level`` and the
  run from 1 reaches ``level`` (and ``run`` if that is deeper);
  ``reach(L)`` is ``Target(L, 1)``. These are dice
  patterns: a perfect dive also reaches every level, even though the rules then
  give a chest instead of shells.

Any other goal can be solved as a *utility*: an integer score per final table
(:func:`solve_utility`); a target is the 0/1 utility of its pattern.

Values are kept as integers scaled by ``6**(6*r)`` (every probability with ``r``
rolls still to come has that denominator), so the solver never builds a Fraction
until it answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from fathom.games.into_the_blue import dice

SCALE = 6**6
_SCALE_POW: tuple[int, ...] = tuple(SCALE**k for k in range(64))
"""Powers of SCALE, as ints (a float view divides by one)."""
DEFAULT_REROLLS = 2


@dataclass(frozen=True, order=True)
class Target:
    """At least ``count`` dice show ``level`` and the run reaches ``level`` (and ``run``, if deeper)."""

    level: int
    count: int = 1
    run: int = 0

    def __post_init__(self) -> None:
        if not (1 <= self.level <= 5 and 1 <= self.count <= 6 and 0 <= self.run <= 5):
            raise ValueError(f"a target needs level 1-5, count 1-6, run 0-5; got {self.level}, {self.count}, {self.run}")

    @property
    def depth(self) -> int:
        """How far the run must reach."""
        return max(self.level, self.run)

    def __str__(self) -> str:
        text = f"reach L{self.level}" if self.count == 1 else f"{self.count}x L{self.level}"
        return text + (f" (run to L{self.run})" if self.run > self.level else "")


PERFECT = "perfect"
TargetLike = Target | str


def reach(level: int) -> Target:
    return Target(level, 1)


STANDARD_TARGETS: tuple[TargetLike, ...] = (PERFECT, reach(1), reach(2), reach(3), reach(4), reach(5))
"""What the terminal shows beside each choice."""


def success(target: TargetLike, table: int) -> bool:
    """Does the six-dice ``table`` (multiset id) meet ``target``?"""
    if target == PERFECT:
        return dice.PERFECT[table]
    assert isinstance(target, Target)
    return dice.RUN[table] >= target.depth and dice.COUNTS[table][target.level - 1] >= target.count


def as_multiset(value: int | Iterable[int | str]) -> int:
    """A multiset id from an id or from faces (``[1, 1, 'chest']``)."""
    if isinstance(value, int):
        if not 0 <= value < len(dice.MULTISETS):
            raise ValueError(f"no multiset id {value}")
        return value
    return dice.from_faces(value)


class Solution:
    """The solved expectimax for one utility over final tables.

    ``_v[r][table]``: best expected utility with ``r`` rerolls left, scaled by
    ``SCALE**r``. ``_w[r][kept]``: expected utility after keeping ``kept`` and rolling
    the rest with ``r`` rerolls left after that roll, scaled by ``SCALE**(r+1)``.
    """

    __slots__ = ("utility", "rerolls", "_v", "_w", "_best")

    def __init__(self, utility: Sequence[int], rerolls: int) -> None:
        self.utility = tuple(utility)
        self.rerolls = rerolls
        v0 = [0] * len(dice.MULTISETS)
        for d in dice.SIX:
            v0[d] = self.utility[d]
        self._v: list[list[int]] = [v0]
        self._w: list[list[int]] = []
        self._best: list[list[int]] = [[]]
        ids = range(len(dice.MULTISETS))
        extend, size, subsets = dice.EXTEND, dice.SIZE, dice.SUBSETS
        for r in range(rerolls + 1):
            v = self._v[r]
            w = [sum(wt * v[d] for d, wt in extend[k]) * 6 ** size[k] for k in ids]
            self._w.append(w)
            if r == rerolls:
                break
            nv = [0] * len(dice.MULTISETS)
            best = [0] * len(dice.MULTISETS)
            for d in dice.SIX:
                top, pick = -1 << 400, d
                for k in subsets[d]:  # ascending ids; ties: more dice kept, then lower id
                    val = w[k]
                    if val > top or (val == top and size[k] > size[pick]):
                        top, pick = val, k
                nv[d] = top
                best[d] = pick
            self._v.append(nv)
            self._best.append(best)

    def _check_r(self, r: int, lo: int = 0) -> None:
        if not lo <= r <= self.rerolls:
            raise ValueError(f"rerolls left must be {lo}..{self.rerolls}, got {r}")

    def after_roll(self, table: int | Iterable[int | str], rerolls_left: int) -> Fraction:
        """Value with six dice ``table`` showing and ``rerolls_left`` rerolls still allowed."""
        self._check_r(rerolls_left)
        d = as_multiset(table)
        if dice.SIZE[d] != 6:
            raise ValueError("a table has six dice")
        return Fraction(self._v[rerolls_left][d], SCALE**rerolls_left)

    def after_keep(self, kept: int | Iterable[int | str], rerolls_left: int) -> Fraction:
        """Value when ``kept`` stays and the other dice are rolled now, with
        ``rerolls_left`` rerolls allowed after this roll."""
        self._check_r(rerolls_left)
        return Fraction(self._w[rerolls_left][as_multiset(kept)], SCALE ** (rerolls_left + 1))

    def turn_start(self) -> Fraction:
        """Value before the first roll of a turn."""
        return self.after_keep(dice.EMPTY, self.rerolls)

    def best_keep(self, table: int | Iterable[int | str], rerolls_left: int) -> int:
        """The optimal dice to keep (multiset id; the whole table means stop)."""
        self._check_r(rerolls_left, 1)
        return self._best[rerolls_left][as_multiset(table)]

    def best_reroll(self, table: int | Iterable[int | str], rerolls_left: int) -> int:
        """The optimal dice to reroll (multiset id; ``dice.EMPTY`` means stop)."""
        d = as_multiset(table)
        return dice.sub(d, self.best_keep(d, rerolls_left))

    # float views for bots (no Fraction building)
    def after_roll_float(self, table: int, rerolls_left: int) -> float:
        return self._v[rerolls_left][table] / _SCALE_POW[rerolls_left]

    def after_keep_float(self, kept: int, rerolls_left: int) -> float:
        return self._w[rerolls_left][kept] / _SCALE_POW[rerolls_left + 1]

    def turn_start_float(self) -> float:
        return self.after_keep_float(dice.EMPTY, self.rerolls)


@lru_cache(maxsize=256)
def _solve_utility(utility: tuple[int, ...], rerolls: int) -> Solution:
    return Solution(utility, rerolls)


def solve_utility(utility: Sequence[int], rerolls: int = DEFAULT_REROLLS) -> Solution:
    """Optimal play for an integer utility given per multiset id (only six-dice ids are read)."""
    if len(utility) != len(dice.MULTISETS):
        raise ValueError(f"a utility has one entry per multiset id ({len(dice.MULTISETS)})")
    return _solve_utility(tuple(int(u) for u in utility), rerolls)


@lru_cache(maxsize=128)
def solve(target: TargetLike, rerolls: int = DEFAULT_REROLLS) -> Solution:
    """Optimal play toward ``target`` (the probability of success is maximised)."""
    if target != PERFECT and not isinstance(target, Target):
        raise ValueError(f"unknown target {target!r}; use PERFECT or Target(level, count)")
    utility = [0] * len(dice.MULTISETS)
    for d in dice.SIX:
        utility[d] = 1 if success(target, d) else 0
    return Solution(utility, rerolls)


# ---- convenience: probabilities under optimal play toward the target ------------------
def turn_start(target: TargetLike, rerolls: int = DEFAULT_REROLLS) -> Fraction:
    """Probability of success over a whole turn, before the first roll."""
    return solve(target, rerolls).turn_start()


def after_roll(target: TargetLike, table: int | Iterable[int | str], rerolls_left: int, rerolls: int = DEFAULT_REROLLS) -> Fraction:
    """Probability of success with ``table`` showing and ``rerolls_left`` rerolls left."""
    return solve(target, rerolls).after_roll(table, rerolls_left)


def after_keep(target: TargetLike, kept: int | Iterable[int | str], rerolls_left: int, rerolls: int = DEFAULT_REROLLS) -> Fraction:
    """Probability of success keeping ``kept`` and rolling the rest now, ``rerolls_left`` after."""
    return solve(target, rerolls).after_keep(kept, rerolls_left)


def best_reroll(target: TargetLike, table: int | Iterable[int | str], rerolls_left: int, rerolls: int = DEFAULT_REROLLS) -> int:
    """The optimal dice to reroll toward ``target`` (``dice.EMPTY``: stop)."""
    return solve(target, rerolls).best_reroll(table, rerolls_left)


def choice_odds(
    table: int | Iterable[int | str],
    rerolls_left: int,
    reroll: int | Iterable[int | str],
    targets: Sequence[TargetLike] = STANDARD_TARGETS,
    rerolls: int = DEFAULT_REROLLS,
) -> dict[TargetLike, Fraction]:
    """For one choice (``reroll`` these dice from ``table``; empty = stop): the exact
    probability of each target if it is taken and play then goes optimally toward
    that target. With ``rerolls_left == 0`` nothing can change: 0 or 1."""
    d = as_multiset(table)
    s = as_multiset(reroll)
    if not dice.contains(d, s):
        raise ValueError(f"cannot reroll {dice.name(s)} from {dice.name(d)}")
    out: dict[TargetLike, Fraction] = {}
    for target in targets:
        if s == dice.EMPTY or rerolls_left == 0:
            out[target] = Fraction(int(success(target, d)))
        else:
            out[target] = solve(target, rerolls).after_keep(dice.sub(d, s), rerolls_left - 1)
    return out


def format_probability(p: Fraction, percent: Callable[[Fraction], str] | None = None) -> str:
    """``53/324 (16.4%)``; ``percent`` writes the percentage (a front end's language)."""
    if p == 0 or p == 1:
        return str(int(p))
    pct = percent(p) if percent is not None else f"{float(p) * 100:.1f}%"
    return f"{p} ({pct})" if p.denominator <= 1000 else pct
