"""The exact odds module, checked against values computed independently here.

The independent side enumerates ordered dice (``itertools.product``) and solves
the expectimax over sorted tuples with plain Fractions; it shares no table with
:mod:`fathom.games.into_the_blue.odds` or :mod:`fathom.games.into_the_blue.dice`.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest

from fathom.games.into_the_blue import dice, odds
from fathom.games.into_the_blue.odds import PERFECT, Target, reach

C = 6  # the chest, as the sixth face


# ---- independent reference ------------------------------------------------------------
@cache
def roll_distribution(k: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Sorted outcomes of k dice with probabilities, by brute-force enumeration."""
    counts = Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=k))
    return tuple((outcome, Fraction(c, 6**k)) for outcome, c in counts.items())


def ref_success(target, faces: tuple[int, ...]) -> bool:
    present = set(faces)
    run = 0
    while run < 5 and run + 1 in present:
        run += 1
    if target == PERFECT:
        return run == 5 and C in present
    return run >= max(target.level, target.run) and faces.count(target.level) >= target.count


def ref_keeps(faces: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every distinct sub-multiset of the table (by index subsets)."""
    return {tuple(sorted(faces[i] for i in idx)) for k in range(7) for idx in combinations(range(6), k)}


def make_reference(target):
    @cache
    def value(faces: tuple[int, ...], rerolls: int) -> Fraction:
        best = Fraction(int(ref_success(target, faces)))
        if rerolls == 0:
            return best
        for kept in ref_keeps(faces):
            best = max(best, after(kept, rerolls - 1))
        return best

    @cache
    def after(kept: tuple[int, ...], rerolls: int) -> Fraction:
        return sum((p * value(tuple(sorted(kept + r)), rerolls) for r, p in roll_distribution(6 - len(kept))),
                   Fraction(0))

    return value, after


def all_tables() -> list[tuple[int, ...]]:
    return sorted({tuple(sorted(r)) for r in product(range(1, 7), repeat=6)})


# ---- the rulebook-level numbers ----------------------------------------------------------
def test_one_roll_reaches_level_3_with_35_over_144():
    hits = sum(1 for r in product(range(1, 7), repeat=6) if {1, 2, 3} <= set(r))
    independent = Fraction(hits, 6**6)
    assert independent == Fraction(35, 144)
    assert odds.after_keep(reach(3), [], 0) == independent
    assert odds.solve(reach(3)).after_keep(dice.EMPTY, 0) == Fraction(35, 144)


def test_one_roll_perfect_dive_is_5_over_324():
    hits = sum(1 for r in product(range(1, 7), repeat=6) if set(r) == {1, 2, 3, 4, 5, 6})
    independent = Fraction(hits, 6**6)
    assert independent == Fraction(5, 324)
    assert odds.after_keep(PERFECT, [], 0) == independent


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_one_roll_reach_each_level_matches_enumeration(level):
    hits = sum(1 for r in product(range(1, 7), repeat=6) if set(range(1, level + 1)) <= set(r))
    assert odds.after_keep(reach(level), [], 0) == Fraction(hits, 6**6)


@pytest.mark.parametrize("level, count, run", [(3, 2, 0), (1, 3, 0), (2, 2, 4), (5, 2, 0)])
def test_one_roll_k_dice_on_a_level_with_a_run_matches_enumeration(level, count, run):
    depth = max(level, run)
    hits = sum(1 for r in product(range(1, 7), repeat=6)
               if set(range(1, depth + 1)) <= set(r) and r.count(level) >= count)
    assert odds.after_keep(Target(level, count, run), [], 0) == Fraction(hits, 6**6)


# ---- optimal play over three rolls, against the independent expectimax -----------------------
@pytest.mark.parametrize("target", [PERFECT, reach(3), reach(5), Target(3, 3), Target(1, 4), Target(2, 2, run=4)],
                         ids=str)
def test_optimal_values_match_an_independent_expectimax(target):
    value, after = make_reference(target)
    solution = odds.solve(target)
    for faces in all_tables():
        for r in (0, 1, 2):
            assert solution.after_roll(list(faces), r) == value(faces, r), (faces, r)
    assert solution.turn_start() == after((), 2)


def test_perfect_dive_over_a_whole_turn():
    value, after = make_reference(PERFECT)
    p = odds.turn_start(PERFECT)
    assert p == after((), 2)
    assert p == Fraction(3856086575, 19591041024)  # about 19.7%


# ---- the optimal policy is never worse than simple ones, anywhere ---------------------------
def policy_value(target, keep_rule):
    """Exact value of a fixed keep rule, evaluated independently."""

    @cache
    def value(faces: tuple[int, ...], rerolls: int) -> Fraction:
        if rerolls == 0:
            return Fraction(int(ref_success(target, faces)))
        kept = keep_rule(faces)
        if len(kept) == 6:
            return Fraction(int(ref_success(target, faces)))
        return sum((p * value(tuple(sorted(kept + r)), rerolls - 1) for r, p in roll_distribution(6 - len(kept))),
                   Fraction(0))

    return value


def keep_all(faces):
    return faces


def keep_run_dice(faces):  # "reroll everything not in the run"
    run = 0
    while run < 5 and run + 1 in faces:
        run += 1
    return tuple(f for f in faces if f <= run)


def keep_one_of_each_run_level(faces):
    run = 0
    while run < 5 and run + 1 in faces:
        run += 1
    return tuple(range(1, run + 1))


def keep_distinct(faces):
    return tuple(sorted(set(faces)))


@pytest.mark.parametrize("target", [PERFECT, reach(4), Target(2, 3)], ids=str)
@pytest.mark.parametrize("rule", [keep_all, keep_run_dice, keep_one_of_each_run_level, keep_distinct],
                         ids=lambda f: f.__name__)
def test_optimal_policy_never_worse_than_simple_policies(target, rule):
    simple = policy_value(target, rule)
    solution = odds.solve(target)
    for faces in all_tables():
        for r in (1, 2):
            assert solution.after_roll(list(faces), r) >= simple(faces, r), (faces, r)


def test_following_best_keep_achieves_the_optimal_value():
    target = PERFECT
    solution = odds.solve(target)

    def module_rule(faces):
        kept = solution.best_keep(list(faces), 1)  # the same choice at every roll is fine to check once
        return tuple(dice.MULTISETS[kept])

    # Evaluate the module's policy with one reroll left, independently.
    followed = policy_value(target, module_rule)
    for faces in all_tables():
        assert followed(faces, 1) == solution.after_roll(list(faces), 1)


# ---- choice odds (what the terminal shows) ----------------------------------------------------
def test_choice_odds_are_certain_when_stopping_or_out_of_rerolls():
    table = [1, 2, 3, 3, 5, "chest"]
    assert odds.choice_odds(table, 2, [])[reach(3)] == 1
    assert odds.choice_odds(table, 2, [])[reach(4)] == 0
    assert odds.choice_odds([1, 2, 3, 4, 5, "chest"], 0, [])[PERFECT] == 1


def test_choice_odds_rerolling_one_die_for_a_perfect_dive():
    # Keep 1,2,3,4,5: one die, two chances at the chest.
    got = odds.choice_odds([1, 2, 3, 4, 5, 5], 2, [5])[PERFECT]
    assert got == 1 - Fraction(5, 6) ** 2 == Fraction(11, 36)
    # With one reroll left there is a single chance.
    assert odds.choice_odds([1, 2, 3, 4, 5, 5], 1, [5])[PERFECT] == Fraction(1, 6)


def test_choice_odds_rejects_dice_not_on_the_table():
    with pytest.raises(ValueError):
        odds.choice_odds([1, 1, 1, 1, 1, 1], 2, [2])


def test_format_probability_is_exact_when_short():
    assert odds.format_probability(Fraction(11, 36)) == "11/36 (30.6%)"
    assert odds.format_probability(Fraction(1)) == "1"
