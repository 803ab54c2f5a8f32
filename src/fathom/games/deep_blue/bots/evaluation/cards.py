"""What a crew card is worth: one use at its best (cash, propellers, a defence, or its VP times
the chance a dive meets its needs) and its uses over the turns the game has left."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fathom.games.deep_blue.bots.evaluation.reading import full_bag
from fathom.games.deep_blue.bots.evaluation.tables import DEFAULT, Params, Tables


def turns_left(state: Any, T: Tables, params: Params = DEFAULT) -> float:
    """Turns (all seats together) the game probably still lasts."""
    revealed_sunken = sum(
        1 for node in T.sites if state.tile_at(node) >= 0 and T.tile_sunken[state.tile_at(node)]
    )
    progress = (state.sunken_dived() + 0.5 * revealed_sunken) / T.sunken_count
    return max(4.0, params.game_turns * (1.0 - progress) * 1.1)


def my_turns_left(state: Any, T: Tables, params: Params = DEFAULT) -> float:
    return turns_left(state, T, params) / T.n


def meet_chance(needs: tuple[int, ...], needs_any: int, bag: tuple[int, ...], draws: int) -> float:
    """Chance a dive of ``draws`` gems meets the needs (hypergeometric, colours treated apart)."""
    total = sum(bag)
    if total == 0:
        return 0.0
    if needs_any:
        return 0.15 if needs_any <= draws + 3 else 0.05
    p = 1.0
    for g, k in enumerate(needs):
        if k:
            p *= _at_least(bag[g], total, draws, k)
    return p


@lru_cache(maxsize=8192)
def _at_least(good: int, total: int, draws: int, k: int) -> float:
    from math import comb

    draws = min(draws, total)
    if good < k:
        return 0.0
    miss = sum(comb(good, i) * comb(total - good, draws - i) for i in range(k)) / comb(total, draws)
    return 1.0 - miss


def card_use_value(state: Any, T: Tables, c: int, params: Params = DEFAULT) -> float:
    """VP-equivalent of one use of card ``c`` (its best use)."""
    return _use_value(T, c, full_bag(state), params)


@lru_cache(maxsize=65536)
def _use_value(T: Tables, c: int, bag: tuple[int, ...], params: Params) -> float:
    best = max(T.cash[c] * params.cash_use, T.props[c] * params.prop_use)
    if T.protects[c] >= 0:
        best = max(best, params.defence_use)
    if T.scoring[c]:
        score = T.vp[c] * meet_chance(T.needs[c], T.needs_any[c], bag, params.dive_draws)
        best = max(best, score)
    return best


def card_worth(state: Any, T: Tables, c: int, params: Params = DEFAULT) -> float:
    """VP-equivalent of owning one more copy of ``c`` for the rest of the game."""
    uses = my_turns_left(state, T, params) / params.cycle
    return card_use_value(state, T, c, params) * max(0.3, uses)
